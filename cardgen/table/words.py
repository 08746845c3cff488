"""The words of `cardgen play`, in French or English: labels, card and colour names, and
each legal action said as a person would say it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardgen.catalogue import catalogue
from cardgen.catalogue.locale import labels
from cardgen.engine import Action, Play, RoundState
from cardgen.engine.api import answer_words
from cardgen.render.layout import layout

#: ANSI colours for the card colours, so a hand reads at a glance; wild cards in bold.
_ANSI = {"red": "31", "yellow": "33", "green": "32", "blue": "34"}


def _said(text: Mapping[str, str], lang: str) -> str:
    """A deck's text in ``lang``, in English where the deck has none in that language."""
    return text.get(lang) or text["en"]


class Words:
    """What `cardgen play` says in ``lang`` about one round's cards."""

    def __init__(self, lang: str, color: bool) -> None:
        self.lang = lang
        self.color = color
        self.labels = labels("play", lang)
        #: The table's seats in the order of the round being played: the engine's P1 is
        #: the table's ``seats[1]`` (they differ once a seat is out of the game, or when
        #: partners change places); none: the same.
        self.seats: tuple[int, ...] = ()

    def __call__(self, key: str, **values: Any) -> str:
        count = values.get("count")
        if isinstance(count, int):  # "1 card", "3 cards": never "card(s)"
            values.setdefault("cards", self.labels[
                "cards_one" if count == 1 else "cards_many"].format(count=count))
        return str(self.labels[key]).format(**values)

    def seat(self, seat: int) -> str:
        """A seat of the round, as the table numbers it ("P2")."""
        return self.table_seat(self.seats[seat] if 0 <= seat < len(self.seats) else seat)

    def table_seat(self, seat: int) -> str:
        """A seat as the table numbers it ("P2"; the browser says the person's name)."""
        return f"P{seat}"

    def color_name(self, color: str | None) -> str:
        if color is None:
            return self("no_color")
        cat = catalogue()
        known = cat.colors.get(color) or cat.dark_colors.get(color)  # (either side's, FL-03)
        return _said(known.name, self.lang) if known is not None else color

    def color_in_force(self, state: RoundState, marked: bool = False) -> str:
        """The colour the next card must match, in words ("none" before any is named);
        with ``marked``, after it its shape where the terminal shows no colour ("red ●")."""
        color = state.variant.colors[state.color] if state.color >= 0 else None
        shape = self.shape(color) if marked else ""
        return self.color_name(color) + (f" {shape}" if shape else "")

    def shape(self, color: str | None) -> str:
        """The shape of ``color`` that the faces print (layout.toml), where the terminal
        shows no colour: the same sign ties the table to the cards in hand; else ""."""
        known = layout().card.color_shapes.shapes.get(color or "")
        return known.symbol if known is not None and not self.color else ""

    def marked(self, state: RoundState, kind: int) -> str:
        """The card's name, after its colour's shape where the terminal shows no colour
        ("● Red 7"), as the table and the hand show it."""
        shape = self.shape(state.variant.kinds[kind].color)
        return f"{shape} {self.card(state, kind)}" if shape else self.card(state, kind)

    def pending(self, state: RoundState, seats: tuple[int, ...]) -> str | None:
        """The draw waiting on the table, as a person says it, or None."""
        penalty = next((entry.penalty for entry in reversed(state.stack)
                        if entry.penalty is not None), None)
        if penalty is None:
            return None
        answers = {responder.name for responder in state.variant.pending_responders}
        flags = [flag for flag, by in penalty.ANSWERED_BY.items()
                 if getattr(penalty, flag) and not answers.isdisjoint(by)]
        skipped = self.table_seat(seats[penalty.skipped]) if penalty.skipped is not None \
            else None
        return self.penalty(self.table_seat(seats[penalty.target]), penalty.amount, skipped, flags,
                            later=penalty.skip_later, until=penalty.until_color)

    def penalty(self, target: str, amount: int, skipped: str | None,
                flags: list[str], *, later: bool = False, until: str | None = None) -> str:
        """A draw waiting: who draws how many (``until``: until a card of that colour,
        then ``amount`` more), who misses the turn (``later``: his next one, as he is not
        the next to play), and how it may be answered (``flags`` are the engine's:
        stackable, challengeable…)."""
        if until is not None:
            text = self("pending_draw_until", seat=target, color=self.color_name(until))
            if amount:
                text += self("pending_draw_more", count=amount)
        else:
            text = self("pending_draw", seat=target, count=amount)
        if skipped is not None:
            text += self("pending_skip_later" if later else "pending_skip", seat=skipped)
        said = [self(f"answer_{flag}") if f"answer_{flag}" in self.labels else flag
                for flag in flags]
        return text + (f" ({', '.join(said)})" if said else "")

    def card(self, state: RoundState, kind: int) -> str:
        """The card's name in the deck, in colour on a terminal that shows it."""
        card = state.variant.kinds[kind]
        name = _said(card.name, self.lang)
        if not self.color:
            return name
        code = _ANSI.get(card.color or "", "1")
        return f"\033[{code}m{name}\033[0m"

    def hand(self, state: RoundState, kinds: Iterable[int], marked: bool = False) -> str:
        """Cards held, by name, sorted as a hand is shown: by colour, then as the deck
        lists them ("no card" for none); with ``marked``, each after its colour's shape
        where the terminal shows no colour."""
        variant = state.variant
        ordered = sorted(kinds, key=lambda k: (variant.kinds[k].color or "~", k))
        name = self.marked if marked else self.card
        return ", ".join(name(state, k) for k in ordered) or self("no_card")

    def action(self, state: RoundState, action: Action, viewer: int | None = None) -> str:
        """``action`` as a person says it ("play Red 7 and call UNO"), seen from the seat
        ``viewer`` (the actor's by default): a card given between two other seats is
        not named."""
        if isinstance(action, Play):
            return self._play(state, action)
        verb = getattr(action, "verb", "")
        values = self._values(state, action)
        receiver = getattr(action, "seat", -1)
        if verb == "give" and viewer is not None and viewer not in (state.actor, receiver):
            verb = "give_hidden"
        elif verb == "lay" and getattr(action, "uno", False):
            verb = "lay_uno"
        elif verb == "rotate":
            verb = "rotate_left" if getattr(action, "step", 1) > 0 else "rotate_right"
        elif verb == "wheel":
            verb = f"wheel_{getattr(action, 'what', '')}"
        if verb not in self.labels:  # a plugin's answer: its own words (engine.api)
            own, others = answer_words(action, self.lang, values)
            return others if viewer is not None and viewer != state.actor else own
        return self(verb, **values)

    def _play(self, state: RoundState, action: Play) -> str:
        kind = action.kind if action.kind >= 0 else state.variant.kind_of[action.card]
        group = getattr(action, "cards", ())  # several cards at once (jump-ins, runs…)
        if group:
            names = ", ".join(self._named(state, card) for card in group)
            text = self(f"group_{action.verb}", cards=names)
            if action.uno:
                text += " " + self("and_uno")
        else:
            text = self("play_uno" if action.uno else "play", card=self.card(state, kind))
        if action.color is not None:
            text += ", " + self("color", color=self.color_name(action.color))
        if action.target is not None:
            text += ", " + self("at", seat=self.seat(action.target))
        return text

    def _values(self, state: RoundState, action: Action) -> dict[str, str]:
        """What an action names, in words: its seats, card, cards, colour, number."""
        values: dict[str, str] = {}
        for name in ("seat", "first", "second"):
            seat = getattr(action, name, None)
            if isinstance(seat, int):
                values[name] = self.seat(seat)
        card = getattr(action, "card", None)
        if isinstance(card, str):
            values["card"] = self._named(state, card)
        elif getattr(action, "verb", "") == "challenge":  # a +4, a Wild Draw Color…
            values["card"] = self.card(state, _challenged(state))
        color = getattr(action, "color", None)
        if isinstance(color, str):
            values["color"] = self.color_name(color)
        said = getattr(action, "words", ())  # a wheel's choice: cards, a number or a colour
        if said:
            values["cards"] = ", ".join(self._named(state, word) for word in said)
            values["number"] = said[0]
            values["color"] = self.color_name(said[0])
        return values

    def _named(self, state: RoundState, card: str) -> str:
        kind = state.variant.kind_of.get(card)
        return self.card(state, kind) if kind is not None else card


def _challenged(state: RoundState) -> int:
    """The kind of the card a challenge is about: the last one on the stack with a draw
    waiting (the top of the discard pile, should there be none)."""
    return next((entry.kind for entry in reversed(state.stack) if entry.penalty is not None),
                state.discard[-1])
