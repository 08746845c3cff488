"""The problems found in a deck file, kept in the order they are found.

Reading a deck never stops at the first problem (see :mod:`cardgen.deck.load`): each
step of the reading adds what it finds to one :class:`Report`, and the deck keeps
the list, so that ``cardgen check`` can show every problem at once.
"""

from __future__ import annotations

import datetime
import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal


@dataclass(frozen=True)
class Problem:
    """One thing wrong (error) or worth a look (warning) in a deck."""

    level: Literal["error", "warning"]
    message: str
    card: str | None = None

    def as_dict(self) -> dict[str, str | None]:
        return {"level": self.level, "message": self.message, "card": self.card}


@dataclass
class Report:
    """The problems of one deck file so far; each message begins with the file's label."""

    label: str  # the file as the user named it (or "built-in deck 'classic'")
    problems: list[Problem] = field(default_factory=list)

    def error(self, message: str, card: str | None = None) -> None:
        self.problems.append(Problem("error", f"{self.label}: {message}", card))

    def warning(self, message: str, card: str | None = None) -> None:
        self.problems.append(Problem("warning", f"{self.label}: {message}", card))


def did_you_mean(key: str, known: list[str]) -> str:
    """A " (did you mean 'x'?)" hint naming the closest of ``known``, or nothing."""
    close = difflib.get_close_matches(key, known, n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def toml_value(value: Any) -> str:
    """A value read from a TOML file, spelt for a message as the file writes it (``true``,
    not Python's ``True``); text keeps the single quotes of cardgen's messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{value}'"
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    return repr(value)
