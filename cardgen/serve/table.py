"""The game of a web table, held by the server alone and played in a thread of its own.

Rounds are dealt, played and scored by the same loop as in `cardgen play`
(:class:`~cardgen.table.game.TableGame`: the engine's :class:`~cardgen.engine.Game`
deals them and :func:`~cardgen.engine.play_round` plays them), asking each seat in
turn, out-of-turn windows included (an UNO catch, a challenge, a reaction: the engine
polls the seats one by one, and a seat polled is a seat asked). A seat nobody took
is a bot of :mod:`cardgen.play.players`; a person's seat waits for their answer from
the page, and is played by that bot while the person has been gone for
:data:`ABSENT_AFTER` seconds.

The engine (and a plugin's hooks in it, each under its time budget) runs in the game
thread **without** any lock the web needs. Each time the table moves, the game thread
*publishes* what every seat is to be shown (:attr:`Table.views`, made by
:func:`~cardgen.serve.snapshot.round_view`, never changed once published); the web
answers from the last one published. :attr:`Table.lock` guards only what both threads
touch (the seats, the question asked, the published views) and is held for
microseconds, never while the engine runs. A round that cannot go on (a plugin's
error, any engine error) ends the game for everyone, said once.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardgen.deck.load import Deck
from cardgen.engine import Action, RoundState
from cardgen.engine.game import Player
from cardgen.engine.observation import SeatView
from cardgen.serve.seats import Decision, People, Person, Refusal
from cardgen.serve.snapshot import Published, common_view, round_view
from cardgen.table.game import TableGame
from cardgen.table.settings import TableSettings

LOG = logging.getLogger("cardgen.serve")
#: Seconds a person may be gone (no page open on their seat) before a bot plays for
#: them; they take the seat back by opening their link again.
ABSENT_AFTER = 60.0
#: Seconds between two bots' moves, so that people can follow them.
PACE = 0.6
#: Seconds the end of a round stays on the table before the next one is dealt.
ROUND_PAUSE = 4.0
#: Lines of the table's story each seat keeps.
FEED_LINES = 40


class TableStopped(Exception):
    """The server is stopping: the game thread leaves the round where it is."""


@dataclass(frozen=True)
class Timing:
    """The table's delays, in seconds (tests shorten them)."""

    pace: float = PACE
    absent_after: float = ABSENT_AFTER
    round_pause: float = ROUND_PAUSE


class Table(TableGame[Person]):
    """One game for 2 to 10 seats; see the module's docstring."""

    people: People

    def __init__(self, deck: Deck, settings: TableSettings, timing: Timing = Timing(),
                 seats_per_guest: int = 1) -> None:
        super().__init__(deck, settings, People(settings.players, seats_per_guest))
        self.timing = timing
        self.lock = threading.Condition()
        self.started = self.stopping = self.closed = False
        #: Why the game could not go on (one line), once it could not.
        self.broken: str | None = None
        self.feeds: dict[int, deque[str]] = {}
        self.decision: Decision | None = None
        self.decisions = 0
        self.version = 0
        self.on_change: Callable[[], None] = lambda: None  # set by the server
        self.thread = threading.Thread(target=self._run, name="cardgen-table", daemon=True)
        self.views = Published(0, {}, {})
        self.publish()

    # --- what the web asks (each with the lock held, for an instant) -------------------

    def sit(self, seat: object, name: object, lang: object, guest: str = "") -> Person:
        if self.started:
            raise Refusal("started", "the game has started: no seat can be taken now")
        if self.closed:
            raise Refusal("closed", "the host closed the table to newcomers")
        person = self.people.sit(seat, name, lang, guest)
        assert isinstance(seat, int)
        self.feeds[seat] = deque(maxlen=FEED_LINES)
        self.touched()
        return person

    def start(self, seat: int) -> None:
        if self.started:
            raise Refusal("started", "the game has already started")
        self.started = True
        self.touched()

    def free(self, seat: int) -> Person | None:
        """The host frees ``seat``: a bot plays it; its pages are sent back to the lobby."""
        person = self.people.free(seat)
        self.touched()
        return person

    def answer(self, seat: int, number: object, choice: object) -> None:
        """Take the answer of ``seat`` to decision ``number``: the ``choice``-th of the
        actions it was offered, or a :class:`Refusal`."""
        decision = self.decision
        if isinstance(number, bool) or not isinstance(number, int) \
                or isinstance(choice, bool) or not isinstance(choice, int):
            raise Refusal("malformed", "an answer gives a decision and a choice as numbers")
        if decision is None or decision.seat != seat:
            raise Refusal("not_asked", f"P{seat} is not being asked anything")
        if number != decision.number or decision.answer is not None:
            raise Refusal("stale", f"P{seat} answered decision {number}, not the one asked "
                                   f"({decision.number})")
        if not 0 <= choice < len(decision.legal):
            raise Refusal("not_legal", f"P{seat} chose action {choice}, not one of the "
                                       f"{len(decision.legal)} legal")
        decision.answer = decision.legal[choice]
        self.lock.notify_all()

    def connected(self, person: Person) -> None:
        self.people.connected(person)
        self.touched()

    def disconnected(self, person: Person) -> None:
        self.people.disconnected(person)
        self.touched()

    def touched(self) -> None:
        """Something the pages show changed (with the lock held): they are sent it."""
        self.version += 1
        self.lock.notify_all()
        self.on_change()

    def stop(self) -> None:
        """Stop the game thread (Ctrl-C): it leaves at its next wait; one stuck in a
        plugin's hook is left behind (a daemon) rather than waited for."""
        with self.lock:
            self.stopping = True
            self.lock.notify_all()
        if self.thread.ident is not None:  # a Ctrl-C while the server starts: none yet
            self.thread.join(timeout=1)

    # --- the game thread ----------------------------------------------------------------

    def _run(self) -> None:
        try:
            with self.lock:
                while not self.started:
                    self._wait(None)
            while not self.game.over:
                self.play_round()
                if not self.game.over:
                    self._pause(self.timing.round_pause)
        except TableStopped:
            return
        except Exception as exc:  # (a plugin's error, an engine's: the round cannot go on)
            if not self.stopping:
                self._cannot_go_on(exc)
        finally:
            with self.lock:
                self.decision = None
            self.publish()

    def _cannot_go_on(self, exc: Exception) -> None:
        said = " ".join(str(exc).split())[:300] or type(exc).__name__
        self.broken = said
        LOG.error("the game cannot go on: %s", said)

    def publish(self) -> None:
        """Make what every seat is shown now, then put it out for the web in one step."""
        with self.lock:
            persons = self.people.persons()
            decision = self.decision
        views = {seat: round_view(self, seat, person, decision) for seat, person in persons}
        common = common_view(self)
        with self.lock:
            self.version += 1
            self.views = Published(self.version, common, views)
            self.lock.notify_all()
        self.on_change()

    def round_players(self, state: RoundState, seats: tuple[int, ...]) -> list[Player]:
        return [SeatPlayer(self, seat) for seat in seats]

    def tell_move(self, seat: int, action: Action) -> None:
        """The move, to every person, as their seat sees it."""
        state = self.state
        assert state is not None
        actor = self.seats[seat]
        for game_seat, log in self.logs.items():
            words = log.words
            said = words.action(state, action, viewer=log.me)
            self._feed(game_seat).append(
                words("you_move", action=said) if actor == game_seat
                else words("bot_move", seat=words.table_seat(actor), action=said))

    def flush(self) -> None:
        """What the last action caused, said to each person as their seat sees it (once
        it caused something)."""
        if self.state is not None and self.state.events:
            super().flush()

    def tell_lines(self, lines: dict[int, list[str]]) -> None:
        for seat, said in lines.items():
            self._feed(seat).extend(said)

    def round_scored(self, state: RoundState) -> None:
        for seat, person in self._persons():
            words = person.words
            scores = ", ".join(f"{words.table_seat(other)} {score}"
                               for other, score in enumerate(self.game.scores))
            scores = words("scores", scores=scores, target=self.game.target)
            self._feed(seat).append(
                words("round_over", winner=words.table_seat(self.seats[state.winner]),
                      scores=scores)
                if state.winner >= 0 else words("round_over_nobody", scores=scores))
        self.publish()

    def ask(self, seat: int, view: SeatView, legal: Sequence[Action]) -> Action:
        """The choice of game seat ``seat``: its person's, or its bot's while nobody is
        there to choose."""
        self.flush()
        if len(legal) == 1:  # (as at the terminal: nothing to choose, nothing asked)
            self.publish()
            return legal[0]
        person = self.people.seats[seat]
        while person is not None and self._sits(seat, person):
            with self.lock:
                self.decisions += 1
                decision = self.decision = Decision(self.decisions, seat, legal)
            self.publish()
            with self.lock:
                while decision.answer is None and self._sits(seat, person):
                    self._wait(1.0)
                self.decision = None
            if decision.answer is not None:
                return decision.answer
        self.publish()
        self._pause(self.timing.pace)
        return self.bots[seat].choose(view, legal)

    def _sits(self, seat: int, person: Person) -> bool:
        """``person`` still holds ``seat`` and is here to choose."""
        return self.people.seats[seat] is person \
            and person.away_for(time.monotonic()) < self.timing.absent_after

    def _pause(self, seconds: float) -> None:
        """Wait ``seconds`` (none when nobody watches)."""
        with self.lock:
            if not self.people.any_here():
                if self.stopping:
                    raise TableStopped
                return
            deadline = time.monotonic() + seconds
            while (left := deadline - time.monotonic()) > 0:
                self._wait(left)

    def _wait(self, seconds: float | None) -> None:
        """Wait to be woken (with the lock held: it is let go meanwhile)."""
        if self.stopping:
            raise TableStopped
        self.lock.wait(seconds)
        if self.stopping:
            raise TableStopped

    # --- what everyone is told --------------------------------------------------------------

    def _persons(self) -> list[tuple[int, Person]]:
        return self.people.persons()

    def _feed(self, seat: int) -> deque[str]:
        return self.feeds.setdefault(seat, deque(maxlen=FEED_LINES))

    def tell_all(self, key: str, **values: object) -> None:
        for seat, person in self._persons():
            if key == "round":  # (the dealer, by name)
                values = {**values, "dealer": person.words.table_seat(self.game.dealer)}
            self._feed(seat).append(person.words(key, **values) if key in person.words.labels
                                    else key)


class SeatPlayer:
    """The engine's player for one game seat: asks the table."""

    def __init__(self, table: Table, seat: int) -> None:
        self.table, self.seat = table, seat

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return self.table.ask(self.seat, view, legal)
