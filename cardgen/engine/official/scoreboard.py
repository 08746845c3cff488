"""The scores of a game and its rounds so far: what the rules' game hooks read and write.

:class:`Scoreboard` is the part of a :class:`~cardgen.engine.game.Game` that the rules
see (who deals, how a round is scored, when the game is over …), so the rules need not
know the game that deals and plays the rounds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass
class RoundResult:
    index: int
    seats: tuple[int, ...]  # the game seats dealt in, in round order (P0 of the round first)
    dealer: int  # a game seat
    winner: int | None  # a game seat; None when the round was blocked or stopped
    how: str  # "out", "blocked" (C-28) or "capped" (past the turn cap: not terminating)
    hand_points: dict[int, int]  # game seat -> points left in hand
    actions: int
    turns: int
    reshuffles: int
    dry: bool  # a draw found both piles empty


class Scoreboard:
    """The players of a game, their totals and the rounds played."""

    def __init__(self, players: int, target: int, rng: random.Random) -> None:
        self.players = players
        self.target = target  # the total that ends the game (C-31)
        self.rng = rng  # the chance steps between rounds (who deals)
        self.scores = [0] * players
        self.eliminated: set[int] = set()
        self.dealer = -1  # the last round's dealer (a game seat)
        self.rounds: list[RoundResult] = []
