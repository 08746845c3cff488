"""The game of a web table, held by the server alone and played in a thread of its own.

Rounds are dealt, played and scored by the same loop as in `cardgen play`
(:class:`~cardgen.table.game.TableGame`: the engine's :class:`~cardgen.engine.Game`
deals them and :func:`~cardgen.engine.play_round` plays them), asking each seat in
turn, out-of-turn windows included (an UNO catch, a challenge, a reaction: the engine
polls the seats one by one, and a seat polled is a seat asked). A seat nobody took
is a bot of :mod:`cardgen.play.players`; a person's seat waits for their answer from
the page, and is played by that bot while the person has been gone for
:data:`ABSENT_AFTER` seconds.

One lock (:attr:`Table.cond`) guards the game: the game thread holds it except while
it waits (for a person, or at the bots' pace), so the server reads and answers only
between two actions.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardgen.deck.load import Deck
from cardgen.engine import Action, RoundState
from cardgen.engine.game import Player
from cardgen.engine.observation import SeatView
from cardgen.serve.seats import People, Person, Refusal
from cardgen.table.game import TableGame
from cardgen.table.settings import TableSettings

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


@dataclass
class Decision:
    """A person is asked to choose one of ``legal``; the page answers by its number."""

    number: int
    seat: int  # the game's seat
    legal: Sequence[Action]
    answer: Action | None = None


class Table(TableGame[Person]):
    """One game for 2 to 10 seats; see the module's docstring."""

    people: People

    def __init__(self, deck: Deck, settings: TableSettings, timing: Timing = Timing()) -> None:
        super().__init__(deck, settings, People(settings.players))
        self.timing = timing
        self.cond = threading.Condition()
        self.started = self.stopping = False
        self.feeds: dict[int, deque[str]] = {}
        self.decision: Decision | None = None
        self.decisions = 0
        self.version = 0
        self.on_change: Callable[[], None] = lambda: None  # set by the server
        self.thread = threading.Thread(target=self._run, name="cardgen-table", daemon=True)

    # --- what the server asks (with the lock held) --------------------------------------

    def sit(self, seat: object, name: object, lang: object) -> Person:
        if self.started:
            raise Refusal("started", "the game has started: no seat can be taken now")
        person = self.people.sit(seat, name, lang)
        assert isinstance(seat, int)
        self.feeds[seat] = deque(maxlen=FEED_LINES)
        self._changed()
        return person

    def start(self, seat: int) -> None:
        if self.started:
            raise Refusal("started", "the game has already started")
        self.started = True
        self._changed()

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
        self.cond.notify_all()

    def connected(self, seat: int) -> None:
        self.people.connected(seat)
        self._changed()

    def disconnected(self, seat: int) -> None:
        self.people.disconnected(seat)
        self._changed()

    def stop(self) -> None:
        """Stop the game thread (Ctrl-C): it leaves at its next wait."""
        with self.cond:
            self.stopping = True
            self.cond.notify_all()
        self.thread.join(timeout=5)

    # --- the game thread ----------------------------------------------------------------

    def _run(self) -> None:
        with self.cond:
            try:
                while not self.started:
                    self._wait(None)
                while not self.game.over:
                    self.play_round()
                    if not self.game.over:
                        self._pause(self.timing.round_pause)
            except TableStopped:
                return
            finally:
                self.decision = None
                self._changed()

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
            self.feeds[game_seat].append(words("you_move", action=said) if actor == game_seat
                                         else words("bot_move", seat=f"P{actor}", action=said))

    def flush(self) -> None:
        """What the last action caused, said to each person as their seat sees it (once
        it caused something)."""
        if self.state is not None and self.state.events:
            super().flush()

    def tell_lines(self, lines: dict[int, list[str]]) -> None:
        for seat, said in lines.items():
            self.feeds[seat].extend(said)

    def round_scored(self, state: RoundState) -> None:
        scores = {seat: self.scores_said(person.words) for seat, person in self._persons()}
        for seat, person in self._persons():
            words = person.words
            self.feeds[seat].append(
                words("round_over", winner=f"P{self.seats[state.winner]}", scores=scores[seat])
                if state.winner >= 0 else words("round_over_nobody", scores=scores[seat]))
        self._changed()

    def ask(self, seat: int, view: SeatView, legal: Sequence[Action]) -> Action:
        """The choice of game seat ``seat``: its person's, or its bot's while nobody is
        there to choose."""
        self.flush()
        self._changed()
        if len(legal) == 1:  # (as at the terminal: nothing to choose, nothing asked)
            return legal[0]
        person = self.people.seats[seat]
        while person is not None and self._here(person):
            self.decisions += 1
            decision = self.decision = Decision(self.decisions, seat, legal)
            self._changed()
            while decision.answer is None and self._here(person):
                self._wait(1.0)
            self.decision = None
            if decision.answer is not None:
                return decision.answer
        self._pause(self.timing.pace)
        return self.bots[seat].choose(view, legal)

    def _here(self, person: Person) -> bool:
        return person.away_for(time.monotonic()) < self.timing.absent_after

    def _pause(self, seconds: float) -> None:
        """Wait ``seconds`` (none when nobody watches), the lock let go meanwhile."""
        if not self.people.any_here():
            if self.stopping:
                raise TableStopped
            return
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            self._wait(left)

    def _wait(self, seconds: float | None) -> None:
        if self.stopping:
            raise TableStopped
        self.cond.wait(seconds)
        if self.stopping:
            raise TableStopped

    # --- what everyone is told --------------------------------------------------------------

    def _persons(self) -> list[tuple[int, Person]]:
        return self.people.persons()

    def tell_all(self, key: str, **values: object) -> None:
        for seat, person in self._persons():
            self.feeds[seat].append(person.words(key, **values) if key in person.words.labels
                                    else key)

    def _changed(self) -> None:
        self.version += 1
        self.cond.notify_all()
        self.on_change()


class SeatPlayer:
    """The engine's player for one game seat: asks the table."""

    def __init__(self, table: Table, seat: int) -> None:
        self.table, self.seat = table, seat

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return self.table.ask(self.seat, view, legal)
