"""The people at a web table: who sits where, under which name, from which address, and
whether they are still there.

A person is known by the seat token they were given when they sat down; the token is
in their come-back link (and kept by their tab only), so closing the tab and opening
the link again brings them back to their seat. Nobody else ever sees a token.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cardgen.catalogue.locale import languages
from cardgen.engine import Action
from cardgen.table.seats import Seating
from cardgen.table.words import Words

#: The longest name a person may give; longer ones are refused, not cut.
MAX_NAME = 24


class Refusal(Exception):
    """A request the table does not take: ``key`` names the reason for the page (a label
    of the catalogues, serve|refused_…), the message says it in the server's log."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


class PageWords(Words):
    """The table's words for a page: a seat is said by the name of who sits there."""

    def __init__(self, lang: str, name_of: Callable[[int], str]) -> None:
        super().__init__(lang, color=False)
        self.name_of = name_of

    def table_seat(self, seat: int) -> str:
        return self.name_of(seat)


@dataclass
class Person:
    """Someone who sat down at the table, from the address ``guest``."""

    name: str
    lang: str
    guest: str = ""
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


@dataclass
class Decision:
    """A person is asked to choose one of ``legal``; the page answers by its number."""

    number: int
    seat: int  # the game's seat
    legal: Sequence[Action]
    answer: Action | None = None


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
    """The seats and who sits in them (None: a bot plays it), as the pages take them;
    one guest (a client address) takes at most ``per_guest`` seats (0: any number)."""

    def __init__(self, players: int, per_guest: int = 1) -> None:
        super().__init__(players)
        self.per_guest = per_guest

    def sit(self, seat: object, name: object, lang: object, guest: str = "") -> Person:
        if isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < len(self.seats):
            raise Refusal("bad_seat", f"seat {seat!r} does not exist")
        if self.seats[seat] is not None:
            raise Refusal("seat_taken", f"seat P{seat} is taken")
        if not isinstance(lang, str) or lang not in languages():
            raise Refusal("bad_lang", f"language {str(lang)[:20]!r} is not one of "
                                      f"{', '.join(languages())}")
        held = sum(person.guest == guest for _, person in self.persons())
        if self.per_guest and held >= self.per_guest:
            raise Refusal("one_seat", f"{guest} holds {held} seat(s) already, the most one "
                                      f"guest may (--seats-per-guest {self.per_guest})")
        person = Person(checked_name(name), lang, guest)
        person.words = PageWords(lang, self.name_of)
        person.left_at = time.monotonic()  # (away until their page connects)
        self.seats[seat] = person
        return person

    def free(self, seat: int) -> Person | None:
        """The host frees ``seat``: its token opens nothing any more, a bot plays it."""
        person = self.seats[seat]
        self.seats[seat] = None
        return person

    def name_of(self, seat: int) -> str:
        """A table seat as a page says it: its person's name, "P2" for a bot's seat (and
        the seat after a name another person has too)."""
        person = self.seats[seat] if 0 <= seat < len(self.seats) else None
        if person is None:
            return f"P{seat}"
        twins = sum(other.name == person.name for _, other in self.persons())
        return person.name if twins == 1 else f"{person.name} (P{seat})"

    def seat_of(self, token: object) -> int | None:
        """The seat of the person holding ``token``, compared in constant time."""
        if not isinstance(token, str):
            return None
        for seat, person in enumerate(self.seats):
            if person is not None and secrets.compare_digest(person.token, token):
                return seat
        return None

    def connected(self, person: Person) -> None:
        person.connections += 1
        person.left_at = None

    def disconnected(self, person: Person) -> None:
        person.connections -= 1
        if person.connections == 0:
            person.left_at = time.monotonic()

    def any_here(self) -> bool:
        return any(person is not None and person.connections > 0 for person in self.seats)
