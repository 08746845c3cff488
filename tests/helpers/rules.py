"""Helpers shared by the rule tests: play actions written as text, read hands as ids."""

from __future__ import annotations

from cardgen.engine import parse_action
from cardgen.engine.state import RoundState


def do(state: RoundState, *actions: str) -> RoundState:
    for text in actions:
        state.play(parse_action(text))
    return state


def ids(state: RoundState, seat: int) -> list[str]:
    return [state.variant.kinds[k].id for k in state.hands[seat]]


def legal(state: RoundState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


#: A four-player deal the tests add cards to.
HANDS = {"P0": ["green-6", "blue-2", "yellow-9"], "P1": ["green-7", "green-8", "blue-7"],
         "P2": ["yellow-6", "red-9", "red-8"], "P3": ["blue-1", "blue-8", "yellow-2"]}


def hands(**extra: list[str]) -> dict[str, list[str]]:
    return {seat: extra.get(seat, []) + cards for seat, cards in HANDS.items()}
