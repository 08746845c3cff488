"""A whole game at the terminal: the person in one seat, bots in the others.

The rounds are the table's (:class:`~cardgen.table.game.TableGame`: dealt and scored by
the engine's :class:`~cardgen.engine.Game`, played by :func:`~cardgen.engine.play_round`,
exactly as in ``simulate``); the terminal prints the bots' moves and what they caused
one line each, at a pace a person can follow, and asks the person at the keyboard.
"""

from __future__ import annotations

import shlex
import time
from collections.abc import Callable
from dataclasses import dataclass

from cardgen.catalogue.option_facts import OPTION_FACTS
from cardgen.deck.load import Deck
from cardgen.engine import Action, RoundState
from cardgen.engine.game import Player
from cardgen.errors import CardgenError
from cardgen.outputs import output_file
from cardgen.situation.reader import MAX_ACTIONS
from cardgen.table.game import TableGame
from cardgen.table.narrator import TableLog
from cardgen.table.seats import Seating
from cardgen.table.settings import TableSettings
from cardgen.table.words import Words
from cardgen.terminal.human import HumanPlayer
from cardgen.terminal.save import RecordedGame, RecordedRound, save_situation, situation_text
from cardgen.terminal.save_target import deck_files, deck_reference, is_deck_file, save_target

#: Seconds between two bots' moves (none with ``--fast``).
PACE = 0.6


@dataclass(frozen=True)
class TerminalSettings:
    """What `cardgen play` was asked for: the table, and who sits at the keyboard and
    how the screen shows the game."""

    table: TableSettings
    seat: int  # the person's (the first person's, in the hot seat)
    humans: int = 1  # people sharing the keyboard (hot seat), from ``seat`` on
    fast: bool = False
    color: bool = True


class Session(TableGame[HumanPlayer]):
    """One game at the terminal; :meth:`run` plays it to the end or until the person
    leaves."""

    game_type = RecordedGame  # (its rounds can be saved)

    def __init__(self, deck: Deck, terminal: TerminalSettings,
                 read: Callable[[str], str | None], say: Callable[[str], None]) -> None:
        settings = terminal.table
        super().__init__(deck, settings, Seating(settings.players))
        self.terminal = terminal
        self.read = read
        self.say = say
        self.words = Words(settings.lang, terminal.color)
        rules = "".join(self.words("rule", name=name, what=OPTION_FACTS[name].description[
            settings.lang] if name in OPTION_FACTS else "") for name in self.variant.rule_names
        ) or self.words("no_rules")
        self.human = HumanPlayer(self.words, read, say, self._table_lines,
                                 self.words("rules", rules=rules), self._save)
        self.people.seats[terminal.seat] = self.human

    def run(self) -> None:
        """Play until the game is over; :class:`LeaveGame` and Ctrl-C go to the caller
        (the scores so far are in :meth:`scores_line`)."""
        words = self.words
        self.say(self._welcome())
        while not self.game.over:
            self.play_round()
        winners = ", ".join(f"P{seat}" for seat in self.game.winners) or words("nobody")
        self.say(words("game_over", winners=winners, scores=self.scores_line()))

    def _welcome(self) -> str:
        settings = self.settings
        return self.words("welcome", deck=self.deck.name[settings.lang],
                          seat=f"P{self.terminal.seat}", bots=self._bots(),
                          players=settings.players)

    def round_players(self, state: RoundState, seats: tuple[int, ...]) -> list[Player]:
        """The round's players, in its seats' order: the person in theirs (told when
        they are out of the game: the table is then said from no seat), the bots
        elsewhere."""
        self.words.seats = seats
        mine = self.terminal.seat
        if mine not in seats and self.human.seat >= 0:
            self.say(self.words("knocked_out"))  # (UNO Challenge): the bots play on
        self.human.state = state
        self.human.seat = seats.index(mine) if mine in seats else -1
        if mine not in seats:
            self.logs = {-1: TableLog(self.words, state, -1)}
        return [self.people.seats[seat] or self.bots[seat] for seat in seats]

    def tell_all(self, key: str, **values: object) -> None:
        self._tell(self.words(key, **values))

    def round_scored(self, state: RoundState) -> None:
        words = self.words
        if state.winner >= 0:
            self.say(words("round_over", winner=f"P{self.seats[state.winner]}",
                           scores=self.scores_line()))
        else:  # (a round blocked, or ended by a card such as the Pingouin)
            self.say(words("round_over_nobody", scores=self.scores_line()))

    def _tell(self, line: str) -> None:
        """A line everyone at the table may see (the bots' moves, what they caused)."""
        self.say(line)

    def _bots(self) -> str:
        """How the bots play, in words (a kind no label knows is named as given)."""
        kinds = dict.fromkeys(kind.strip() for kind in self.settings.bots.split(","))
        return ", ".join(self.words(f"bots_{kind}") if f"bots_{kind}" in self.words.labels
                         else kind for kind in kinds)

    def scores_line(self) -> str:
        return self.scores_said(self.words)

    # --- what is shown --------------------------------------------------------------------

    def before(self, seat: int, action: Action) -> None:
        """The action is noted in the round, for ``save``."""
        state = self.state
        assert isinstance(state, RecordedRound)
        state.record(seat, action)

    def tell_move(self, seat: int, action: Action) -> None:
        """The bot's move (or the person's), at the table's pace."""
        state = self.state
        assert state is not None
        said = self.words.action(state, action, viewer=self.human.seat)
        if self.seats[seat] == self.terminal.seat:
            self.say(self.words("you_move", action=said))
            return
        self.say(self.words("bot_move", seat=f"P{self.seats[seat]}", action=said))
        if not self.terminal.fast and self.human.seat >= 0:  # (nobody to wait for)
            time.sleep(PACE)

    def tell_lines(self, lines: dict[int, list[str]]) -> None:
        """Say what the last action caused (and the turn it made the person miss)."""
        for said in lines.values():
            for line in said:
                self._tell(self.words("event", event=line))

    def _table_lines(self) -> list[str]:
        self.flush()  # what the last moves caused comes before the table they left
        return self._table_of(self.human, self.logs.get(self.terminal.seat))

    def _table_of(self, human: HumanPlayer, log: TableLog | None) -> list[str]:
        """The table as ``human`` sees it, with the hands ``log`` says they were shown."""
        state, words = self.state, self.words
        assert state is not None
        me = human.seat
        color = words.color_in_force(state, marked=True)
        direction = words("clockwise" if state.direction == 1 else "counterclockwise")
        counts = ", ".join(f"P{self.seats[s]} {len(hand)}" + (" UNO" if state.at_uno[s] else "")
                           for s, hand in enumerate(state.hands))
        lines = [words("top", card=words.marked(state, state.discard[-1]), color=color,
                       direction=direction),
                 words("seats", counts=counts), self.scores_line()]
        pending = words.pending(state, self.seats)
        if pending is not None:
            lines.append(words("pending", what=pending))
        view = human.view
        if view is not None and view.hand_hidden:  # U-10: naming a colour unseen
            lines.append(words("hidden_hand"))
        else:
            lines.append(words("hand", cards=words.hand(state, state.hands[me], marked=True)))
        if log is not None:
            lines.extend(log.seen_lines())  # a hand a Fouine or a challenge showed
        if state.variant.two_faced:
            lines.extend(self._other_sides(me))
        return lines

    def _other_sides(self, me: int) -> list[str]:
        """FL-06: the side in force, and what two-faced cards show this seat: the other
        side of every other hand and of the draw pile's top."""
        state, words = self.state, self.words
        assert state is not None
        other = state.variant.other_face
        lines = [words("dark_side_in_force" if state.side else "light_side_in_force")]
        for seat, hand in enumerate(state.hands):
            if seat != me and hand:
                lines.append(words("other_side", seat=f"P{self.seats[seat]}",
                                   cards=words.hand(state, [other[k] for k in hand])))
        if state.draw_pile:
            lines.append(words("draw_pile_other_side",
                               card=words.marked(state, other[state.draw_pile[-1]])))
        return lines

    def _save(self, typed: str) -> str:
        """``save FILE``: the round so far as a situation file, kept only once `cardgen
        explain` has been seen to replay it to this very moment. Never over a file of the
        deck; over another file only once the person says yes."""
        state, words = self.state, self.words
        assert isinstance(state, RecordedRound)
        try:
            target = save_target(typed)
        except CardgenError as exc:
            return str(exc)
        if is_deck_file(target.path, deck_files(self.deck, self.settings.deck)):
            return words("save_deck_file", file=target.shown)
        text = situation_text(deck_reference(self.settings.deck, target.path),
                              self.variant.rule_names, state, self.game, self.seats,
                              self._save_description(state))
        if text is None:
            return words("save_too_long", actions=len(state.taken), most=MAX_ACTIONS)
        if target.taken:
            try:
                output_file(target.path)  # a folder or a FIFO is said, not asked about
            except CardgenError as exc:
                return str(exc)
            answer = self.read(words("save_replace", file=target.shown))
            if (answer or "").strip().lower() not in words("save_yes").split():
                return words("save_kept", file=target.shown)  # (no, by default)
        try:
            replayed = save_situation(target.path, text, state)
        except CardgenError as exc:
            return str(exc)
        return words("saved" if replayed else "save_not_replayed", file=target.shown,
                     command=shlex.quote(target.shown))

    def _save_description(self, state: RecordedRound) -> str:
        """The saved file's description: where in the game it was saved."""
        description = (f"saved in `cardgen play` (seed {self.settings.seed}, round "
                       f"{len(self.game.rounds) + 1}) as P{state.actor} is asked: "
                       f"{state.summary()}")
        if self.seats != tuple(range(len(self.seats))):  # a seat knocked out, partners moved
            table_seats = ", ".join(f"P{round_seat} is P{seat}"
                                    for round_seat, seat in enumerate(self.seats))
            description += f"; seats renumbered for this round: {table_seats}"
        return description
