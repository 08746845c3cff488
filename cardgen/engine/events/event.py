"""The base of every event, and a plugin's plain line of English."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any, ClassVar


def cards_text(cards: Iterable[str]) -> str:
    """Card ids as the log writes them: separated by spaces, "nothing" for none."""
    return " ".join(cards) or "nothing"


@dataclass(frozen=True, slots=True)
class Event:
    """Something a round says. ``key`` names its words in the catalogue area ``play``
    (``None``: the narrator says nothing of it, another line covers it)."""

    key: ClassVar[str | None] = None

    def label(self) -> str | None:
        """The key of the words this event is said with (most events: ``key``)."""
        return self.key

    def values(self) -> dict[str, Any]:
        """The event's fields by name, as a narrator fills its words with them."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True, slots=True)
class Note(Event):
    """A line of text a plugin logged with :func:`cardgen.engine.api.log` (the older,
    English-only way): said as written, card ids replaced by their names."""

    text: str

    def __str__(self) -> str:
        return self.text
