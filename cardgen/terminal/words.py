"""The words of `cardgen play`, in French or English: labels, card and colour names, and
each legal action said as a person would say it."""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from cardgen.catalogue import catalogue
from cardgen.datafolders import data_folder
from cardgen.engine import Action, Play, RoundState

#: ANSI colours for the card colours, so a hand reads at a glance; wild cards in bold.
_ANSI = {"red": "31", "yellow": "33", "green": "32", "blue": "34"}


@cache
def _labels() -> dict[str, dict[str, str]]:
    with (data_folder("templates") / "play" / "labels.toml").open("rb") as handle:
        return tomllib.load(handle)


class Words:
    """What `cardgen play` says in ``lang`` about one round's cards."""

    def __init__(self, lang: str, color: bool) -> None:
        self.lang = lang
        self.color = color
        self.labels = _labels()[lang]

    def __call__(self, key: str, **values: Any) -> str:
        return self.labels[key].format(**values)

    def color_name(self, color: str | None) -> str:
        if color is None:
            return self("no_color")
        known = catalogue().colors.get(color)
        return known.name[self.lang] if known is not None else color

    def color_in_force(self, state: RoundState) -> str:
        """The colour the next card must match, in words ("none" before any is named)."""
        return self.color_name(state.variant.colors[state.color] if state.color >= 0
                               else None)

    def pending(self, state: RoundState, seats: tuple[int, ...]) -> str | None:
        """The draw waiting on the table, as a person says it, or None."""
        penalty = next((entry.penalty for entry in reversed(state.stack)
                        if entry.penalty is not None), None)
        if penalty is None:
            return None
        text = self("pending_draw", seat=f"P{seats[penalty.target]}", count=penalty.amount)
        if penalty.skipped is not None:
            text += self("pending_skip", seat=f"P{seats[penalty.skipped]}")
        answers = {responder.name for responder in state.variant.pending_responders}
        flags = [self(f"answer_{flag}") for flag, by in penalty.ANSWERED_BY.items()
                 if getattr(penalty, flag) and not answers.isdisjoint(by)]
        return text + (f" ({', '.join(flags)})" if flags else "")

    def card(self, state: RoundState, kind: int) -> str:
        """The card's name in the deck, in colour on a terminal that shows it."""
        card = state.variant.kinds[kind]
        name = card.name[self.lang]
        if not self.color:
            return name
        code = _ANSI.get(card.color or "", "1")
        return f"\033[{code}m{name}\033[0m"

    def action(self, state: RoundState, action: Action) -> str:
        """``action`` as a person says it ("play Red 7 and call UNO"), then its text."""
        return f"{self._said(state, action)}  [{action}]"

    def _said(self, state: RoundState, action: Action) -> str:
        if isinstance(action, Play):
            kind = action.kind if action.kind >= 0 else state.variant.kind_of[action.card]
            text = self("play_uno" if action.uno else "play", card=self.card(state, kind))
            if action.color is not None:
                text += ", " + self("color", color=self.color_name(action.color))
            if action.target is not None:
                text += ", " + self("at", seat=f"P{action.target}")
            return text
        verb = getattr(action, "verb", "")
        if verb == "color":
            return self("color", color=self.color_name(getattr(action, "color", None)))
        if verb == "catch":
            return self("catch", seat=f"P{getattr(action, 'seat', '?')}")
        return self(verb) if verb in self.labels else str(action)
