"""Hands that change owners: the moves shared by Unplugged's cards (Échange, Vache,
Inversion, Générosité), the house sheet's rotations and blank card, and the options'
swaps (the 7, the swap-hands wild, the Uno card).

Every move ends in :func:`hands_moved`, which keeps the round's bookkeeping right: a
seat no longer holding one card is no longer at UNO, a hand that became empty goes out
once the pending effects are done, and rules that care (``uno-after-hand-change``,
H-14) hear about it through :class:`HandRules`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from cardgen.engine.actions import Action, action_verb, parse_seat, seat_name
from cardgen.engine.classic.rules import OfficialRules
from cardgen.engine.errors import ActionSyntaxError
from cardgen.engine.state import RoundState


class HandRules(OfficialRules):
    """Rules that react when cards move between hands other than by playing or drawing."""

    def after_hands_moved(self, state: RoundState, before: dict[int, int]) -> None:
        """``before``: seat -> how many cards it held before the move."""


def sizes(state: RoundState, seats: Iterable[int]) -> dict[int, int]:
    return {s: len(state.hands[s]) for s in seats}


def hands_moved(state: RoundState, before: dict[int, int]) -> None:
    """Bookkeeping after the hands of the seats of ``before`` changed."""
    for seat in before:
        count = len(state.hands[seat])
        if count != 1:
            state.at_uno[seat] = False
            if state.uno_missed == seat:
                state.uno_missed = -1
        if count == 0:
            if seat not in state.out and seat not in state.emptied:
                state.emptied.append(seat)
        elif seat in state.emptied:  # handed a new hand before he could go out (H-24)
            state.emptied.remove(seat)
        elif seat in state.out:  # a player who was out holds cards again (H-18)
            state.out.remove(seat)
    if isinstance(state.rules, HandRules):
        state.rules.after_hands_moved(state, before)


def swap_hands(state: RoundState, first: int, second: int) -> None:
    before = sizes(state, (first, second))
    hands = state.hands
    hands[first], hands[second] = hands[second], hands[first]
    state.log(f"{seat_name(first)} and {seat_name(second)} swap hands")
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
    state.log(f"every hand moves {'left' if step > 0 else 'right'}")
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
