"""The person at the terminal, as one more player of the engine's game.

:meth:`HumanPlayer.choose` is asked, like a bot's, for one of the legal actions. It shows
the table, the hand and the numbered actions, and reads lines until one names an action:
its number, its words as listed ("draw a card") or the engine's text of it ("draw",
"play red-7"). The other words it knows (``why``, ``hand``, ``table``,
``rules``, ``save``, ``help``, ``quit``) answer and ask again. A moment with a single
legal action (nothing to answer to a card that cannot be answered) is not asked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from cardgen.engine import Action, ActionSyntaxError, RoundState, parse_action
from cardgen.engine.actions import whole_number
from cardgen.table.words import Words
from cardgen.terminal.why import why_not

#: The colour codes of a terminal, which the words typed back never have.
_ANSI = re.compile(r"\033\[[0-9;]*m")


def _plain(text: str) -> str:
    return _ANSI.sub("", text)


class LeaveGame(Exception):
    """The person typed ``quit`` (or closed the input)."""


class HumanPlayer:
    """Asks the person at the terminal; see the module's docstring."""

    def __init__(self, words: Words, read: Callable[[str], str | None],
                 say: Callable[[str], None], table: Callable[[], list[str]],
                 rules_line: str, save: Callable[[str], str]) -> None:
        self.words = words
        self.read = read  # a line typed (None at the end of the input)
        self.say = say
        self.table = table  # the lines that show the table from the person's seat
        self.rules_line = rules_line
        self.save = save  # writes the round so far to a file; returns what to say
        self.state: RoundState | None = None  # the round in play, set by the session
        self.seat = -1  # the person's seat in that round
        self.view: Any = None  # what that seat sees (the engine's SeatView)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        self.view = view
        state = self.state
        assert state is not None
        for line in self.table():
            self.say(line)
        self.say(self.words("choices"))
        for number, action in enumerate(legal, 1):
            self.say(f"  {number}. {self.words.action(state, action)}")
        while True:
            typed = self.read(self.words("prompt"))
            if typed is None:
                raise LeaveGame
            chosen = self._answer(typed.strip(), legal)
            if chosen is not None:
                return chosen

    def _answer(self, text: str, legal: Sequence[Action]) -> Action | None:
        """The action ``text`` names, or None after answering a command."""
        state = self.state
        assert state is not None
        word, _, rest = text.partition(" ")
        word = word.lower()
        number = whole_number(text)  # "²" and "٣" are digits to Python, not to the table
        if number is not None and 1 <= number <= len(legal):
            return legal[number - 1]
        if word == "quit":
            raise LeaveGame
        if word == "help" or not text:
            self.say(self.words("help"))
        elif word in ("hand", "table"):
            for line in self.table():
                self.say(line)
        elif word == "rules":
            self.say(self.rules_line)
        elif word == "why" and rest.strip():
            self.say(self._why(rest.strip()))
        elif word == "save" and rest.strip():
            self.say(self.save(rest.strip()))
        else:
            said = {_plain(self.words.action(state, action)).lower(): action
                    for action in legal}
            if text.lower() in said:  # the words of the list, as shown
                return said[text.lower()]
            try:
                action = parse_action(text)  # the engine's own text: "play red-7"
            except ActionSyntaxError:
                action = None
            if action is not None and action in legal:
                return legal[legal.index(action)]
            self.say(self.words("unknown", text=text))
        return None

    def _why(self, card: str) -> str:
        state = self.state
        assert state is not None
        kinds = state.variant.kind_of
        if card not in kinds:
            by_name = {kind.name[self.words.lang].lower(): kind.id
                       for kind in state.variant.kinds}
            card = by_name.get(card.lower(), card)
        if card not in kinds:
            return self.words("unknown", text=card)
        return why_not(state, self.seat, card, self.words)
