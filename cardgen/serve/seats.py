"""The people at a web table: who sits where, under which name, and whether they are
still there.

A person is known by the seat token they were given when they sat down; the token is
in their link, so closing the tab and opening the link again brings them back to their
seat. Nobody else ever sees a token.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field

from cardgen.catalogue.locale import languages
from cardgen.table.seats import Seating
from cardgen.table.words import Words

#: The longest name a person may give; longer ones are refused, not cut.
MAX_NAME = 24
#: The languages of the page (those of the terminal's words).


class Refusal(Exception):
    """A request the table does not take: ``key`` names the reason for the page (a label
    of the catalogues, serve|refused_…), the message says it in the server's log."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


@dataclass
class Person:
    """Someone who sat down at the table."""

    name: str
    lang: str
    token: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    #: Pages open on this seat now (two tabs are two).
    connections: int = 0
    #: When the last page of this seat closed (time.monotonic()); None while one is open.
    left_at: float | None = None
    words: Words = field(init=False)

    def __post_init__(self) -> None:
        self.words = Words(self.lang, color=False)

    def away_for(self, now: float) -> float:
        """Seconds since the person's last page closed (0 while one is open)."""
        return 0.0 if self.left_at is None else now - self.left_at


def checked_name(name: object) -> str:
    """A name a person gave, trimmed, or a :class:`Refusal`."""
    if not isinstance(name, str):
        raise Refusal("bad_name", "a name must be text")
    name = " ".join(name.split())
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise Refusal("bad_name", f"the name {name[:MAX_NAME]!r}… is empty, too long or "
                                  "holds characters that cannot be shown")
    return name


class People(Seating[Person]):
    """The seats and who sits in them (None: a bot plays it), as the pages take them."""

    def sit(self, seat: object, name: object, lang: object) -> Person:
        if isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < len(self.seats):
            raise Refusal("bad_seat", f"seat {seat!r} does not exist")
        if self.seats[seat] is not None:
            raise Refusal("seat_taken", f"seat P{seat} is taken")
        if lang not in languages():
            raise Refusal("bad_lang", f"language {lang!r} is not one of {', '.join(languages())}")
        person = Person(checked_name(name), str(lang))
        person.left_at = time.monotonic()  # (away until their page connects)
        self.seats[seat] = person
        return person

    def seat_of(self, token: object) -> int | None:
        """The seat of the person holding ``token``, compared in constant time."""
        if not isinstance(token, str):
            return None
        for seat, person in enumerate(self.seats):
            if person is not None and secrets.compare_digest(person.token, token):
                return seat
        return None

    def connected(self, seat: int) -> None:
        person = self.seats[seat]
        assert person is not None
        person.connections += 1
        person.left_at = None

    def disconnected(self, seat: int) -> None:
        person = self.seats[seat]
        assert person is not None
        person.connections -= 1
        if person.connections == 0:
            person.left_at = time.monotonic()

    def any_here(self) -> bool:
        return any(person is not None and person.connections > 0 for person in self.seats)
