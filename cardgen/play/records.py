"""A compact record of each round, for studies that need more than a game's totals.

``cardgen balance`` asks who held which kinds of card at the deal and who drew them
later, and what each round was worth. :class:`RecordingGame` deals
:class:`RecordingRound` rounds (a round that also notes the deal and every draw) and
keeps a :class:`RoundRecord` (a :class:`~cardgen.engine.game.RoundResult` with those
facts) for each of them; ``play_game(..., new_game=RecordingGame)`` plays it. Kinds are
noted as bit masks (bit k: kind k), by game seat, so a record stays small enough to
send between processes by the thousand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, fields

from cardgen.engine.actions import Action
from cardgen.engine.game import Game
from cardgen.engine.nomercy.rules import knocked_out, mercy_limit
from cardgen.engine.official.scoreboard import RoundResult
from cardgen.engine.state import TURN, RoundState
from cardgen.engine.variant import Variant


def kind_mask(kinds: Iterable[int]) -> int:
    """The kinds of a hand as a bit mask (bit k set: it holds kind k)."""
    mask = 0
    for kind in kinds:
        mask |= 1 << kind
    return mask


@dataclass(kw_only=True)  # (after RoundResult's fields with defaults)
class RoundRecord(RoundResult):
    """A round's result with what the balance study needs; seats are game seats."""

    dealt: dict[int, int]  # game seat -> the kinds it was dealt (mask)
    drew: dict[int, int]  # game seat -> the kinds it drew later (mask)
    drawn: dict[int, int]  # kind -> copies drawn in the round
    left: dict[int, int]  # kind -> copies left in hands at the end
    points: int  # what the round added to the scores, all seats together
    #: the turn in which the rules first knocked a seat out (the Mercy rule, NM-09),
    #: counted as ``play_round`` counts a round's turns; -1: nobody was knocked out
    first_knock_out: int = -1


class RecordingRound(RoundState):
    """A round that notes the hands as dealt and every card drawn afterwards."""

    __slots__ = ("dealt_masks", "drew_masks", "drawn_counts")

    def __init__(self, variant: Variant, n: int, dealer: int, rng: random.Random, *,
                 log: bool = False) -> None:
        super().__init__(variant, n, dealer, rng, log=log)
        self.dealt_masks = [0] * n
        self.drew_masks = [0] * n
        self.drawn_counts: Counter[int] = Counter()

    def start(self) -> None:
        # The hands as dealt: before a first card can make anyone draw.
        self.dealt_masks = [kind_mask(hand) for hand in self.hands]
        super().start()

    def draw_cards(self, seat: int, count: int) -> int:
        got = super().draw_cards(seat, count)
        if got:
            cards = self.hands[seat][-got:]  # draws go to the end of the hand
            self.drew_masks[seat] |= kind_mask(cards)
            self.drawn_counts.update(cards)
        return got


class KnockOutRecordingRound(RecordingRound):
    """A recording round that also notes the turn of the first knock-out, for a deck
    with the Mercy rule (the other decks' rounds are spared the count)."""

    __slots__ = ("turns_begun", "first_knock_out")

    def __init__(self, variant: Variant, n: int, dealer: int, rng: random.Random, *,
                 log: bool = False) -> None:
        super().__init__(variant, n, dealer, rng, log=log)
        self.turns_begun = 0
        self.first_knock_out = -1

    def legal_actions(self) -> list[Action]:
        # Asked once a decision by the round's loop, which counts a turn at each decision
        # taken in the TURN phase: so are they counted here. A knock-out found before
        # turn k + 1's decision came in turn k.
        if self.phase == TURN:
            if self.first_knock_out < 0 and knocked_out(self):
                self.first_knock_out = self.turns_begun
            self.turns_begun += 1
        return super().legal_actions()


class RecordingGame(Game):
    """A game whose rounds are :class:`RoundRecord` s."""

    round_state: type[RoundState] = RecordingRound

    def __init__(self, variant: Variant, seed: int | str) -> None:
        super().__init__(variant, seed)
        if mercy_limit(variant.rules):
            self.round_state = KnockOutRecordingRound

    def finish_round(self, state: RoundState, seats: tuple[int, ...], *, actions: int = 0,
                     turns: int = 0) -> RoundResult:
        before = sum(self.scores)
        result = super().finish_round(state, seats, actions=actions, turns=turns)
        assert isinstance(state, RecordingRound)
        left: Counter[int] = Counter()
        for hand in state.hands:
            left.update(hand)
        first = getattr(state, "first_knock_out", -1)
        if result.knocked_out and first < 0:  # the knock-out that ended the round
            first = result.turns
        record = RoundRecord(
            **{f.name: getattr(result, f.name) for f in fields(RoundResult)},
            dealt={seats[p]: m for p, m in enumerate(state.dealt_masks)},
            drew={seats[p]: m for p, m in enumerate(state.drew_masks)},
            drawn=dict(state.drawn_counts), left=dict(left),
            points=sum(self.scores) - before, first_knock_out=first)
        self.rounds[-1] = record
        return record
