"""Hands that move: the moves themselves, and the options that move hands.

The moves are shared by Unplugged's cards (Échange, Vache, Inversion, Générosité), the
house sheet's rotations and blank card, and the options' swaps (the 7, the swap-hands
wild, the Uno card). Every move ends in :func:`hands_moved`, which keeps the round's
bookkeeping right: a seat no longer holding one card is no longer at UNO, a hand that
became empty goes out once the pending effects are done, and rules that care
(``uno-after-hand-change``, H-14) hear about it through the rules' ``after_hands_moved``
hook.

The options: a 0 rotates every hand, a 7 swaps with a chosen player (H-13, H-24, O-09),
and the UNO call after a hand changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardgen.engine.api import (
    Action,
    ActionSyntaxError,
    OfficialRules,
    Pending,
    RoundState,
    action_verb,
    hands_moved,
    option,
    parse_seat,
    seat_name,
    sizes,
)
from cardgen.engine.events import HandsMoved, HandsSwapped

# --- the moves ----------------------------------------------------------------------------


class HandRules(OfficialRules):
    """The base of the options that react when cards move between hands other than by
    playing or drawing: they override ``after_hands_moved``. Nothing asks whether the
    rules are HandRules; the base keeps those options together in the order Python
    combines the options' classes in (and so the order their hooks run in)."""


def swap_hands(state: RoundState, first: int, second: int) -> None:
    before = sizes(state, (first, second))
    hands = state.hands
    hands[first], hands[second] = hands[second], hands[first]
    state.log(HandsSwapped(first, second))
    hands_moved(state, before)


def pass_hands(state: RoundState, step: int, seats: list[int] | None = None) -> None:
    """Every hand of ``seats`` (default: every seat still in the round) moves ``step``
    seats round the table (+1: to the left, clockwise), over the seats that are out."""
    if seats is None:
        seats = [s for s in range(state.n) if s not in state.out]
    if len(seats) < 2:
        return
    before = sizes(state, seats)
    moved = [state.hands[s] for s in seats]
    count = len(seats)
    for i, hand in enumerate(moved):
        state.hands[seats[(i + step) % count]] = hand
    state.log(HandsMoved(left=step > 0))
    hands_moved(state, before)


@dataclass(frozen=True, slots=True)
class SwapPair(Action):
    """Name the two hands a card swaps (Inversion, the blank card): ``swap P1 P3``."""

    verb: ClassVar[str] = "swap"
    first: int
    second: int

    def apply_to(self, state: RoundState) -> None:
        swap_hands(state, self.first, self.second)
        state.advance()

    def __str__(self) -> str:
        return f"swap {seat_name(self.first)} {seat_name(self.second)}"


def pair_choices(seats: list[int]) -> list[Action]:
    return [SwapPair(a, b) for i, a in enumerate(seats) for b in seats[i + 1:]]


@action_verb("swap")
def _parse_swap(args: list[str], line: str) -> Action:
    if len(args) != 2:
        raise ActionSyntaxError(f"'{line}': write 'swap' and two seats, e.g. 'swap P1 P3'")
    first, second = (parse_seat(a, line) for a in args)
    return SwapPair(min(first, second), max(first, second))


# --- hands that move: zero-rotates, seven-swaps (H-13, H-24, O-09) --------------------------


class HouseRules(OfficialRules):
    #: zero-finish-passes-win (H-24): the 0's player takes part in its rotation even when
    #: it was his last card.
    zero_finish_passes: ClassVar[bool] = False


def went_out_with(state: RoundState, entry: Pending) -> bool:
    return entry.author in state.emptied


@option("zero-rotates")
class ZeroRotates(HouseRules):
    """H-13, O-09: every 0 moves all the hands of the players still in one seat in the
    direction of play, once it has taken effect. A 0 that empties its player's hand
    does not (the round is over first), unless zero-finish-passes-win (H-24)."""

    zero_moves_hands = "rotate"

    def after_resolve(self, state: RoundState, entry: Pending) -> None:
        super().after_resolve(state, entry)
        if state.variant.is_number(entry.kind, 0) and (
                self.zero_finish_passes or not went_out_with(state, entry)):
            pass_hands(state, state.direction)


@option("zero-finish-passes-win")
class ZeroFinishPassesWin(HouseRules):
    """H-24: going out on a 0, its player still takes the previous hand; the next
    player gets the empty one and goes out instead."""

    zero_finish_passes = True


@option("seven-swaps")
class SevenSwaps(OfficialRules):
    """O-09: once a 7 has taken effect its player swaps hands with a player he picks."""

    seven_moves_hands = "swap"

    def after_resolve(self, state: RoundState, entry: Pending) -> None:
        super().after_resolve(state, entry)
        seat = entry.author
        if not state.variant.is_number(entry.kind, 7) or went_out_with(state, entry) or seat < 0:
            return
        others = [s for s in range(state.n) if s != seat and s not in state.out]
        if others:
            state.ask(seat, [SwapWith(s) for s in others])


@dataclass(frozen=True, slots=True)
class SwapWith(Action):
    """The 7's swap: ``swap-with P2``."""

    verb: ClassVar[str] = "swap-with"
    seat: int

    def apply_to(self, state: RoundState) -> None:
        swap_hands(state, state.actor, self.seat)
        state.advance()

    def __str__(self) -> str:
        return f"swap-with {seat_name(self.seat)}"


@action_verb("swap-with")
def _parse_swap_with(args: list[str], line: str) -> Action:
    if len(args) != 1:
        raise ActionSyntaxError(f"'{line}': write 'swap-with' and a seat, e.g. 'swap-with P2'")
    return SwapWith(parse_seat(args[0], line))


@option("uno-after-hand-change")
class UnoAfterHandChange(HandRules):
    """H-14, H-26: after hands move, a player who now holds one card (and did not) is
    at UNO, the call made for him; one who held one card and gets one card back keeps
    his status; one at UNO who gets more cards says "ou pas" with the move and is no
    longer at UNO (C-25)."""

    def after_hands_moved(self, state: RoundState, before: dict[int, int]) -> None:
        super().after_hands_moved(state, before)
        for seat, count in before.items():
            if len(state.hands[seat]) == 1 and count != 1:
                state.at_uno[seat] = True
