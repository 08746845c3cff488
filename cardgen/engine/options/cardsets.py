"""Which kinds of a deck answer a description, and the plays of them a seat may
make: small helpers the optional rules share.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from cardgen.catalogue import Card
from cardgen.engine.actions import Action
from cardgen.engine.cards import CardTables
from cardgen.engine.state import RoundState


@lru_cache(maxsize=256)
def kinds_where(variant: CardTables, test: str) -> frozenset[int]:
    """Kinds by a fact the options ask about: "draw" (+2 and kin), "black-draw" (+4 and
    kin), "black" (cards with no colour that name one)."""
    facts: dict[str, Callable[[Card], bool]] = {
        "draw": lambda card: card.effect in ("draw", "wild-draw"),
        "black-draw": lambda card: card.effect == "wild-draw",
        "black": lambda card: card.color is None and card.names_color,
    }
    return frozenset(k for k, card in enumerate(variant.kinds) if facts[test](card))


def plays_of(state: RoundState, seat: int, kinds: Iterable[int]) -> list[Action]:
    table = state.plays[seat][len(state.hands[seat]) == 2]
    return [play for kind in sorted(kinds) for play in table[kind]]


def is_number(state: RoundState, kind: int, value: int) -> bool:
    card = state.variant.kinds[kind]
    return card.effect == "number" and card.value == value
