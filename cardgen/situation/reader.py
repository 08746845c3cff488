"""Reading the values of a situation file against its deck and its seats.

Each value is checked as it is read; a bad one is a :class:`SituationError` of one
line that names the file, the field and what to write instead.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from cardgen.catalogue import closest_card
from cardgen.engine.errors import SituationError
from cardgen.engine.variant import Variant

#: A seat as a file names it: ASCII digits only (\d takes any script's), and a few of
#: them (a seat of thousands of digits stopped int() with a traceback).
SEAT = re.compile(r"[Pp]([0-9]{1,9})")


#: The most cards a situation may hold, hands and piles together: a real table has a few
#: hundred, and what `explain` reports after each action grows with them.
MAX_CARDS = 2_000
#: The most actions a situation may take: it settles a moment of play, not a whole game.
MAX_ACTIONS = 1_000

class Reader:
    """The values of one situation file, read against its deck and its seats."""

    def __init__(self, label: str, variant: Variant, players: int, deck_ref: str) -> None:
        self.label = label
        self.variant = variant
        self.players = players
        self.deck_ref = deck_ref

    def fail(self, message: str) -> SituationError:
        return SituationError(f"{self.label}: {message}")

    def table(self, value: Any, where: str, allowed: frozenset[str]) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(f"{where} must be a table, e.g. [{where.strip('[]')}]")
        unknown = sorted(set(value) - allowed)
        if unknown:
            raise self.fail(f"{where} has unknown field(s) {', '.join(unknown)}; it may have "
                            f"{', '.join(sorted(allowed))}")
        return value

    def integer(self, value: Any, where: str, low: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or (
                low is not None and value < low):
            floor = f" of at least {low}" if low is not None else ""
            raise self.fail(f"{where} is {value!r}; give a whole number{floor}")
        return value

    def flag(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(f"{where} is {value!r}; give true or false")
        return value

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{where} is {value!r}; give a text in quotes")
        return value

    def texts(self, value: Any, where: str) -> list[str]:
        if not isinstance(value, list):
            raise self.fail(f"{where} must be a list of texts, e.g. [\"…\", \"…\"]")
        return [self.text(v, where) for v in value]

    def seat(self, value: Any, where: str) -> int:
        match = SEAT.fullmatch(value) if isinstance(value, str) else None
        if match is None:
            raise self.fail(f"{where}: {value!r} is not a seat; write seats as P0, P1, …")
        seat = int(match.group(1))
        if seat >= self.players:
            raise self.fail(f"{where}: there is no seat {value} with {self.players} players "
                            f"(P0 … P{self.players - 1})")
        return seat

    def seats(self, value: Any, where: str) -> list[int]:
        if not isinstance(value, list):
            raise self.fail(f"{where} must be a list of seats, e.g. [\"P1\", \"P3\"]")
        return [self.seat(v, where) for v in value]

    def seat_table(self, value: Any, where: str) -> dict[int, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(f"{where} must be a table of seats, e.g. {{ P0 = …, P1 = … }}")
        return {self.seat(key, where): v for key, v in value.items()}

    def card(self, value: Any, where: str) -> int:
        if not isinstance(value, str) or value not in self.variant.kind_of:
            close = closest_card(value, self.variant.kinds) if isinstance(value, str) else None
            hint = f"; did you mean '{close}'?" if close else ""
            raise self.fail(f"{where}: {value!r} is not a card of the deck {self.deck_ref}"
                            f"{hint} (`cardgen cards {self.deck_ref}` lists them)")
        return self.variant.kind_of[value]

    def cards(self, value: Any, where: str) -> list[int]:
        if not isinstance(value, list):
            raise self.fail(f"{where} must be a list of card ids, e.g. [\"red-1\", \"wild\"]")
        if len(value) > MAX_CARDS:
            raise self.fail(f"{where} lists {len(value):,} cards; a situation holds at most "
                            f"{MAX_CARDS:,} cards in all (a real deck has a few hundred)")
        return [self.card(v, where) for v in value]

    def color(self, value: Any, where: str) -> int:
        colors = self.variant.colors
        if value not in colors:
            raise self.fail(f"{where}: the colour is {value!r}; give one of {', '.join(colors)}")
        return colors.index(value)

    def named_card(self, value: Any, where: str) -> tuple[int, int]:
        """A card of the discard pile, maybe with the colour named on it: ``"wild green"``
        (the colour is -1 when none is named)."""
        words = value.split() if isinstance(value, str) else []
        if len(words) != 2:
            return self.card(value, where), -1
        kind = self.card(words[0], where)
        if self.variant.color_of[kind] >= 0:
            raise self.fail(f"{where}: '{value}': only a card without a colour of its own "
                            "(a wild) carries a named colour; write the card alone")
        return kind, self.color(words[1], where)

    def named_cards(self, value: Any, where: str) -> list[tuple[int, int]]:
        if not isinstance(value, list):
            raise self.fail(f"{where} must be a list of card ids, e.g. [\"red-1\", \"wild blue\"]")
        return [self.named_card(v, where) for v in value]
