"""Several people at one terminal (`cardgen play --humans N`, hot seat).

The screen is shared, so what it shows between two people is what every seat may see:
the moves and what they caused, said from no seat (a :class:`TableLog` of seat -1: a
draw counted, a peek named but not shown). What a person alone may see (their hand,
the cards they draw, a hand a peek or a challenge shows them) waits for them and is
shown once they have the keyboard. Before a person is asked, the keyboard is handed to
them by seat and they press Enter; once someone else moves, the screen is cleared
(its scroll-back too) and what everyone saw since is said again, so no hand stays on
it. Who is asked out of turn, and in which order, is the engine's (U-40): the seat the
effect hits first, then the others in the direction of play, people and bots alike.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from cardgen.deck.load import Deck
from cardgen.engine import Action, RoundState
from cardgen.engine.game import Player
from cardgen.table.narrator import TableLog
from cardgen.table.seats import Seating
from cardgen.terminal.human import HumanPlayer, LeaveGame
from cardgen.terminal.session import PACE, Session, TerminalSettings

#: Clears the screen, its scroll-back too, and puts the cursor at the top (ANSI/xterm):
#: a hand scrolled out of sight would still be one scroll away from the next person.
CLEAR = "\033[H\033[2J\033[3J"


class HotSeatSession(Session):
    """A game at one terminal shared by ``terminal.humans`` people, sitting from
    ``terminal.seat`` on (the next seats in the table's numbering); bots elsewhere."""

    def __init__(self, deck: Deck, terminal: TerminalSettings,
                 read: Callable[[str], str | None], say: Callable[[str], None]) -> None:
        super().__init__(deck, terminal, read, say)
        first, players = terminal.seat, terminal.table.players
        #: The people, by table seat, each asked with the table seen from their seat.
        self.people = Seating(players)
        for seat in sorted((first + step) % players for step in range(terminal.humans)):
            self.people.seats[seat] = HumanPlayer(self.words, read, say, self._asking(seat),
                                                  self.human.rules_line, self._save)
        self.news: dict[int, list[str]] = {}  # private lines not yet shown to them
        self.holder: int | None = None  # whose hand may be on the screen (None: nobody's)
        self.unread = False  # the holder was shown private lines after their move
        self.recap: list[str] = []  # the shared lines said since the holder sat down

    def _welcome(self) -> str:
        words, settings = self.words, self.settings
        people = self.people.persons()
        bots = settings.players - len(people)
        return words("welcome_hot", deck=self.deck.name[settings.lang],
                     seats=", ".join(f"P{seat}" for seat, _person in people),
                     players=settings.players,
                     bots=words("hot_bots", bots=self._bots()) if bots else "")

    def round_players(self, state: RoundState, seats: tuple[int, ...]) -> list[Player]:
        words = self.words
        words.seats = seats
        for seat, person in self.people.persons():
            if seat not in seats and person.seat >= 0:
                self._tell(words("knocked_out_seat", seat=f"P{seat}"))
            person.state = state
            person.seat = seats.index(seat) if seat in seats else -1
        # The shared screen's narrator first: nobody's seat.
        self.logs = {-1: TableLog(words, state, -1), **self.logs}
        return [self.people.seats[seat] or self.bots[seat] for seat in seats]

    def round_played(self) -> None:
        self._release()
        self.news = {}  # (a hand seen is forgotten with its round, as the table forgets it)

    def _tell(self, line: str) -> None:
        self.say(line)
        if self.holder is not None:
            self.recap.append(line)

    def before(self, seat: int, action: Action) -> None:
        """The screen is cleared of a hand unless the action is its holder's."""
        if self.seats[seat] != self.holder:
            self._release()
        super().before(seat, action)

    def tell_move(self, seat: int, action: Action) -> None:
        """The move, said from no seat, at the table's pace for a bot's (while a person
        is in the round to follow it)."""
        state = self.state
        assert state is not None
        mover = self.seats[seat]
        said = self.words.action(state, action, viewer=-1)
        self._tell(self.words("bot_move", seat=f"P{mover}", action=said))
        if not self.terminal.fast and self.people.seats[mover] is None \
                and any(logged >= 0 for logged in self.logs):
            time.sleep(PACE)

    def tell_lines(self, lines: dict[int, list[str]]) -> None:
        """The shared lines of what the last action caused, on the screen; each person's
        own lines kept for them (and shown at once to the one at the keyboard)."""
        shared = lines.pop(-1, [])
        for line in shared:
            self._tell(self.words("event", event=line))
        for seat, said in lines.items():
            own = [self.words("event", event=line) for line in said if line not in shared]
            if seat == self.holder and own:
                self.unread = True
                for line in own:
                    self.say(line)
            else:
                self.news.setdefault(seat, []).extend(own)

    def _asking(self, seat: int) -> Callable[[], list[str]]:
        """The table that the person at ``seat`` is shown when asked: first the keyboard
        is handed to them, then what only they saw since, then the table."""
        def lines() -> list[str]:
            self.flush()
            if self.holder != seat:
                self._hand_over(seat)
            self.unread = False  # (what their move showed them is above their question)
            news = self.news.pop(seat, [])
            person = self.people.seats[seat]
            assert person is not None
            return [*news, *self._table_of(person, self.logs.get(seat))]
        return lines

    def _hand_over(self, seat: int) -> None:
        """Clear the screen of the last hand and wait for ``seat`` to take the keyboard."""
        self._release()
        answer = self.read(self.words("hand_over", seat=f"P{seat}"))
        if answer is None or answer.strip().lower() == "quit":
            raise LeaveGame
        self.holder, self.recap, self.unread = seat, [], False
        self.say(self.words("at_keyboard", seat=f"P{seat}"))

    def _release(self) -> None:
        """The holder's hand leaves the screen (once they have read what their move
        showed them): the screen is cleared and the shared lines since are said again."""
        if self.holder is None:
            return
        if self.unread:
            answer = self.read(self.words("hide", seat=f"P{self.holder}"))
            if answer is None or answer.strip().lower() == "quit":
                raise LeaveGame
        recap, self.holder, self.recap, self.unread = self.recap, None, [], False
        self.say(CLEAR)
        for line in recap:
            self.say(line)
