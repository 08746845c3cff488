"""What the host types at the server's terminal while the table is served:

- ``seats``: who sits where (name, language, address, whether a page is open);
- ``free N``: seat N is freed: its link opens nothing any more, its pages go back to
  the lobby, a bot plays it (and, before the game starts, someone else may take it);
- ``close``: the lobby is closed: nobody may sit down any more;
- ``help``: these commands.

Each answers in one line or a few, in the terminal's language.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from cardgen.serve.table import Table

LOG = logging.getLogger("cardgen.serve")


class Host:
    """The host's commands on one table."""

    def __init__(self, table: Table, words: Mapping[str, str],
                 say: Callable[[str], None]) -> None:
        self.table, self.words, self.say = table, words, say

    def command(self, line: str) -> None:
        verb, *rest = line.split() or [""]
        if verb == "seats":
            self.seats()
        elif verb == "free" and len(rest) == 1 and rest[0].lstrip("Pp").isdigit():
            self.free(int(rest[0].lstrip("Pp")))
        elif verb == "close":
            with self.table.lock:
                self.table.closed = True
                self.table.touched()
            self.say(self.words["host_closed"])
        elif verb:
            self.say(self.words["host_help"])

    def seats(self) -> None:
        table = self.table
        with table.lock:
            rows = [(seat, person) for seat, person in enumerate(table.people.seats)]
            for seat, person in rows:
                if person is None:
                    self.say(self.words["host_seat_bot"].format(seat=f"P{seat}"))
                else:
                    here = self.words["host_here" if person.connections else "host_away"]
                    self.say(self.words["host_seat"].format(
                        seat=f"P{seat}", name=person.name, lang=person.lang,
                        address=person.guest, here=here))

    def free(self, seat: int) -> None:
        table = self.table
        with table.lock:
            if not 0 <= seat < len(table.people.seats) or table.people.seats[seat] is None:
                self.say(self.words["host_no_one"].format(seat=f"P{seat}"))
                return
            person = table.free(seat)
        assert person is not None
        LOG.info("the host freed P%s (%s)", seat, person.name)
        self.say(self.words["host_freed"].format(seat=f"P{seat}", name=person.name))
