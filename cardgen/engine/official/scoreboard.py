"""The scores of a game and its rounds so far: what the rules' game hooks read and write.

:class:`Scoreboard` is the part of a :class:`~cardgen.engine.game.Game` that the rules
see (who deals, how a round is scored, when the game is over …), so the rules need not
know the game that deals and plays the rounds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from cardgen.engine.actions import seat_name
from cardgen.engine.errors import EngineError

#: U-49: the points a table-talk vote adds to the offender's total.
VOTE_POINTS = 50


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
    knocked_out: int = 0  # the seats the rules took out before the end (the Mercy rule, NM-09)


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


class Scoring(Protocol):
    """What a vote asks of the rules (an OfficialRules, which stands above this module)."""

    @property
    def lowest_total_wins(self) -> bool: ...


def table_talk_vote(game: Scoreboard, rules: Scoring, offender: int, votes_for: int) -> bool:
    """U-49: the other players vote by show of hands on an unwanted comment; when
    more than half of them vote for it, ``VOTE_POINTS`` go at once on the offender's
    total (seen when the round ends). Only where the lowest total wins, since
    elsewhere points are a reward. Returns whether the penalty was given. (A step of
    the game, whatever its deck, though Uno Unplugged's document is where it comes from.)"""
    others = game.players - len(game.eliminated) - 1
    if not 0 <= offender < game.players or offender in game.eliminated:
        raise EngineError(f"there is no {seat_name(offender)} in this game to vote on")
    if not 0 <= votes_for <= others:
        raise EngineError(f"{votes_for} votes: the {others} other players vote, once each")
    if not rules.lowest_total_wins:
        raise EngineError("the 50-point vote (U-49) is a penalty only where the lowest "
                          "total wins; add the rule lowest-score")
    if 2 * votes_for <= others:
        return False
    game.scores[offender] += VOTE_POINTS
    return True
