"""One table of the vector environment: a game dealt and scored by the engine, stepped one
decision at a time by the index of an action, with nothing a training loop does not
need (no log, no narration, no PettingZoo bookkeeping).

The vector environment (:mod:`cardgen.env.vector`) holds many, and the Gymnasium wrapper
(:mod:`cardgen.env.single`) one. A table reports rewards to the game's seats (not the
round's, which turn as dealers change and knocked-out seats leave).
"""

from __future__ import annotations

from collections.abc import Mapping

from cardgen.engine import Action, Game, RoundState, Variant
from cardgen.engine.game import Player
from cardgen.engine.observation import SeatView
from cardgen.engine.state import OVER
from cardgen.env.actions import ActionIndex
from cardgen.env.observations import BlankCache
from cardgen.play.players import make_players

#: What a step did to the game: it goes on, it is over (terminated), or it stopped
#: unfinished (truncated: a round that did not end, or the engine's limit on rounds).
RUNNING, TERMINATED, TRUNCATED = 0, 1, 2


def seat_bots(opponents: str, players: int, learner: int, seed: int | str) -> dict[int, Player]:
    """The bots ``opponents`` names (``make_players``: a name or a comma list, given to
    the seats other than ``learner`` in turn), by game seat, seeded from ``seed``."""
    others = iter(make_players(opponents, players - 1, seed))
    return {seat: next(others) for seat in range(players) if seat != learner}


class Table:
    """A game at one table, its round, and the legal actions of the seat to act."""

    __slots__ = ("variant", "index", "turn_cap", "points", "game", "state", "seats",
                 "indices", "legal", "actions", "status", "rewards", "rewarded", "last_actor",
                 "blanks")

    def __init__(self, variant: Variant, index: ActionIndex, *, points: bool = False) -> None:
        self.variant = variant
        self.index = index
        self.turn_cap = variant.turn_cap  # a round is cut after so many actions
        self.points = points  # rewards are score changes, not +1/-1 for a round won
        #: each game seat's reward since :meth:`clear_rewards` (a round ended)
        self.rewards = [0.0] * variant.players
        self.rewarded = False  # a round ended since clear_rewards
        self.indices: list[int] = []
        self.legal: list[Action] = []
        self.status = RUNNING
        self.last_actor = 0  # the round seat that took the last action
        self.blanks = BlankCache()  # its observations' blanks (see ObservationWriter)

    def new_game(self, seed: int | str) -> None:
        self.game = Game(self.variant, seed)
        self.status = RUNNING
        self._deal()

    @property
    def actor(self) -> int:
        """The game seat to act (the last one to act once the game is over)."""
        state = self.state
        return self.seats[state.actor if self.status == RUNNING else self.last_actor]

    def act(self, index: int) -> int:
        """Take the action at ``index`` for the seat to act; returns the game's status."""
        try:
            chosen = self.legal[self.indices.index(index)]
        except ValueError:
            raise ValueError(f"action {index} is not legal for the seat to act now; use "
                             "the observation's action_mask") from None
        state = self.state
        self.last_actor = state.actor
        state.apply(chosen)
        self.actions += 1
        if state.phase == OVER or self.actions >= self.turn_cap:
            if state.phase != OVER:
                state.end_round(-1, "capped")
            self._score_round()
        else:
            self.indices, self.legal = self.index.legal(state.legal_actions())
        return self.status

    def play_bots(self, bots: Mapping[int, Player], learner: int) -> int:
        """The bots (by game seat) play until ``learner``'s seat must decide or the game
        is over; returns the game's status."""
        while self.status == RUNNING:
            state = self.state
            seat = self.seats[state.actor]
            if seat == learner:
                break
            chosen = bots[seat].choose(SeatView(state, state.actor), self.legal)
            self.act(self.indices[self.legal.index(chosen)])
        return self.status

    def clear_rewards(self) -> None:
        self.rewards = [0.0] * len(self.rewards)
        self.rewarded = False

    def _deal(self) -> None:
        state: RoundState
        state, self.seats = self.game.new_round()
        self.state = state
        self.actions = 0
        if state.phase == OVER:  # a round over as soon as dealt (a first card's rule)
            self._score_round()
        else:
            self.indices, self.legal = self.index.legal(state.legal_actions())

    def _score_round(self) -> None:
        game, seats, rewards = self.game, self.seats, self.rewards
        before = list(game.scores)
        self.rewarded = True
        result = game.finish_round(self.state, seats, actions=self.actions)
        if self.points:
            for seat, score in enumerate(game.scores):
                rewards[seat] += score - before[seat]
        elif result.winner is not None:
            for seat in seats:
                rewards[seat] += 1.0 if seat == result.winner else -1.0
        if not game.over:
            self._deal()
            return
        self.status = TERMINATED if game.finished else TRUNCATED
        self.indices, self.legal = [], []
        self.last_actor = min(self.last_actor, self.state.n - 1)
