"""The problems found in a deck file, kept in the order they are found.

Reading a deck never stops at the first problem (see :mod:`cardgen.decks`): each
step of the reading adds what it finds to one :class:`Report`, and the deck keeps
the list, so that ``cardgen check`` can show every problem at once.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Literal


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
