"""Who sits at a table: a person in some seats, a bot in the others, each person told
the game in their own words and, round after round, from their own seat."""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

from cardgen.engine import RoundState
from cardgen.table.narrator import TableLog
from cardgen.table.words import Words


class Someone(Protocol):
    """A person at the table, as the table knows them: by the words they are told in."""

    words: Words


PersonT = TypeVar("PersonT", bound=Someone)


class Seating(Generic[PersonT]):
    """The seats of a table, by the table's numbering, and who sits in each (None: a
    bot plays it). A screen seats its own kind of person: the terminal the one who
    answers at the keyboard, the browser the one who answers from a page."""

    def __init__(self, players: int) -> None:
        self.seats: list[PersonT | None] = [None] * players

    def persons(self) -> list[tuple[int, PersonT]]:
        """The people, with their seats, in the order of the seats."""
        return [(seat, person) for seat, person in enumerate(self.seats) if person is not None]

    def narrators(self, state: RoundState, seats: tuple[int, ...]) -> dict[int, TableLog]:
        """Each person's account of the round just dealt, by table seat, from their seat
        of the round (``seats``: the table's seats in the round's order); someone out of
        the game has none, but their words number the seats as the round does."""
        logs = {}
        for seat, person in self.persons():
            person.words.seats = seats
            if seat in seats:
                logs[seat] = TableLog(person.words, state, seats.index(seat))
        return logs
