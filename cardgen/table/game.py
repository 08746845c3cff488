"""One game at a table, whatever screen shows it: the round loop that the terminal, the
hot seat and the browser all drive.

Rounds are dealt and scored by the engine's :class:`~cardgen.engine.Game` and played by
:func:`~cardgen.engine.play_round`, exactly as in ``simulate``. Before each action the
round calls back (``on_action``): what the last action caused is said to each person's
narrator (:class:`~cardgen.table.narrator.TableLog`, from their seat), then the action
itself. A screen subclasses :class:`TableGame` to say how those lines reach its people
(printed at the terminal, kept for a page) and who plays each seat (a person asked at
the keyboard or from a page, a bot).
"""

from __future__ import annotations

from typing import Generic

from cardgen.deck.load import Deck
from cardgen.engine import Action, Game, RoundState, Variant, play_round
from cardgen.engine.game import Player
from cardgen.play.players import make_players
from cardgen.table.narrator import TableLog
from cardgen.table.seats import PersonT, Seating
from cardgen.table.settings import TableSettings
from cardgen.table.words import Words


class TableGame(Generic[PersonT]):
    """The rounds of one game at a table of ``people``; see the module's docstring."""

    #: The engine's game that deals the rounds (the terminal's keeps what saving one needs).
    game_type: type[Game] = Game

    def __init__(self, deck: Deck, settings: TableSettings, people: Seating[PersonT]) -> None:
        self.deck, self.settings, self.people = deck, settings, people
        self.variant = Variant.from_deck(deck, settings.players, settings.rules)
        self.game = self.game_type(self.variant, settings.seed)
        #: The bots by table seat, made as the first round is dealt (:meth:`seat_bots`).
        self.bots: list[Player] = []
        self.state: RoundState | None = None
        self.seats: tuple[int, ...] = ()  # the table's seats in the round's order
        #: The round's narrators by table seat: each person's, and a screen's own (-1).
        self.logs: dict[int, TableLog] = {}

    def play_round(self) -> None:
        """Deal the next round, play it to its end, and score it."""
        if not self.bots:
            self.bots = self.seat_bots()
        state, seats = self.game.new_round(log=True)
        self.state, self.seats = state, seats
        self.logs = self.people.narrators(state, seats)
        players = self.round_players(state, seats)
        self.tell_all("round", number=len(self.game.rounds) + 1, dealer=f"P{self.game.dealer}")
        self.flush()
        actions, turns = play_round(state, players, on_action=self.acting)
        self.flush()
        self.round_played()
        self.game.finish_round(state, seats, actions=actions, turns=turns)
        self.round_scored(state)

    def seat_bots(self) -> list[Player]:
        """A bot for every table seat: one strength for all (``--bots strong``), or a
        comma list given in order to the seats nobody has taken at the first deal
        (``--bots heuristic,strong`` with you at P0: P1 plays heuristic, P2 strong, P3 heuristic
        again), then to the people's seats, for a bot that takes over from one who leaves."""
        names = self.settings.bots.split(",")
        empty = [seat for seat, person in enumerate(self.people.seats) if person is None]
        taken = [seat for seat, person in enumerate(self.people.seats) if person is not None]
        by_seat = [""] * self.settings.players
        for i, seat in enumerate(empty + taken):
            by_seat[seat] = names[i % len(names)]
        return make_players(by_seat, self.settings.players, seed=self.settings.seed)

    def acting(self, seat: int, action: Action) -> None:
        """Called by the round before each action (of its seat ``seat``): what came before
        it is said, then the action, to every narrator."""
        self.flush()
        self.before(seat, action)
        for log in self.logs.values():
            log.acting(seat, action)
        self.tell_move(seat, action)

    def flush(self) -> None:
        """What the last action caused, said by each narrator from its seat."""
        state = self.state
        if state is None or state.events is None:
            return
        self.tell_lines({seat: log.lines(state.events) for seat, log in self.logs.items()})
        state.events.clear()

    def scores_said(self, words: Words) -> str:
        scores = ", ".join(f"P{seat} {score}" for seat, score in enumerate(self.game.scores))
        return words("scores", scores=scores, target=self.game.target)

    # --- what a screen says how to do -------------------------------------------------------

    def round_players(self, state: RoundState, seats: tuple[int, ...]) -> list[Player]:
        """The round's players, in its seats' order (``self.logs`` has its people's
        narrators already; a screen may add its own)."""
        raise NotImplementedError

    def tell_all(self, key: str, **values: object) -> None:
        """A line of the table's words, for everyone (the round dealt)."""
        raise NotImplementedError

    def before(self, seat: int, action: Action) -> None:
        """The action is about to be taken, what came before it said."""

    def tell_move(self, seat: int, action: Action) -> None:
        """Say the action of the round's seat ``seat`` (every narrator knows of it)."""
        raise NotImplementedError

    def tell_lines(self, lines: dict[int, list[str]]) -> None:
        """Say what the last action caused: each narrator's lines, by its seat."""
        raise NotImplementedError

    def round_played(self) -> None:
        """The round's last line is said; it is scored next."""

    def round_scored(self, state: RoundState) -> None:
        """Say how the round ended and the scores."""
        raise NotImplementedError
