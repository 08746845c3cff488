"""The round's events, said to the person at the table in their language.

The engine says what its rules do as typed events (:mod:`cardgen.engine.events`), with
seats and card ids. Each kind is said here with a word of the area ``play`` of
``templates/locale/`` (its key, ``event.label()``, starts with ``log_``), the deck's
card names and the table's seat numbers. What the person's seat may not see is left
out: the hands dealt, the cards another seat draws (only counted), a card given between
two other seats, a plugin event's secret words unless the plugin shows them to the seat.

What happens to the person is said from their seat, with why: the cards they draw,
named, with the card that made them draw (:mod:`cardgen.table.causes`, which also
says the turns they miss); the hand a peek or a challenge shows them, named, and kept
for the table (:meth:`TableLog.seen_lines`) as long as the engine's observation of their
seat keeps it; another seat looking at theirs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from cardgen.catalogue.locale import find_word
from cardgen.engine import Action, Play, RoundState
from cardgen.engine import events as ev
from cardgen.engine.api import PluginEvent, words_domain
from cardgen.engine.observation import SeatView
from cardgen.table.causes import Causes
from cardgen.table.words import Words


def plugin_words(event: PluginEvent, key: str, lang: str) -> str | None:
    """A plugin event's words for ``key`` in ``lang`` from the plugin's catalogue (its
    domain: the event's package), English standing in; None: it gives none."""
    return find_word(key, lang, words_domain(event))


#: Events no line says: the round's own heading says the deal, and the person's hand is
#: shown with the table (another seat's hand is not shown at all).
_UNSAID = (ev.Dealt, ev.HandDealt)


@dataclass
class TableLog:
    """Says the round's events to the person sitting at round seat ``me`` (-1: nobody,
    once the person is out of the game); seats are numbered as the table numbers them
    (see :attr:`Words.seats`)."""

    words: Words
    state: RoundState
    me: int
    causes: Causes = field(init=False)
    #: The hands the person's seat was shown, each with what showed it ("your Snoop").
    seen: dict[int, str] = field(init=False, default_factory=dict)
    #: A +4 being challenged: (the challenger, the +4's player), until its outcome.
    challenge: tuple[int, int | None] | None = field(init=False, default=None)
    #: The last card the person laid (a Fouine shows them a hand); -1: none yet.
    my_card: int = field(init=False, default=-1)

    def __post_init__(self) -> None:
        self.causes = Causes(self.words, self.state, self.me)

    def acting(self, seat: int, action: Action) -> None:
        """``seat`` takes ``action``: called before the round takes it, so that the lines
        that follow are known to be its doing."""
        state = self.state
        self.causes.acting(seat, action)
        if action.verb == "challenge" and state.stack and state.stack[-1].penalty:
            self.challenge = (seat, state.stack[-1].penalty.author)
        elif isinstance(action, Play) and seat == self.me:
            self.my_card = action.kind if action.kind >= 0 else state.variant.kind_of[
                action.card]

    def lines(self, events: Iterable[ev.Event]) -> list[str]:
        """The lines ``events`` are said in, and then the turn the person missed, if one
        has begun past their seat."""
        said = [line for event in events for line in self.say(event)]
        missed = self.causes.turn_missed()
        return [*said, missed] if missed is not None else said

    def say(self, event: ev.Event) -> list[str]:
        """``event`` in words (no line when the person's seat does not see it)."""
        if isinstance(event, _UNSAID):
            return []
        if isinstance(event, PluginEvent):
            return [self._plugin(event)]
        key = event.label()
        if key is None:  # a plugin's plain English line, a table vote
            return [self._names(str(event))]
        return self._said(key, event)

    def seen_lines(self) -> list[str]:
        """The hands the person's seat has been shown this round, named, as the engine's
        observation of that seat keeps them (a bot in the seat knows as much)."""
        if self.me < 0:
            return []
        words, kind_of = self.words, self.state.variant.kind_of
        lines = []
        for other, cards in sorted(SeatView(self.state, self.me).revealed.items()):
            names = words.hand(self.state, (kind_of[card.id] for card in cards))
            why = self.seen.get(other)
            lines.append(words("seen_hand", other=self._seat(other), why=why, names=names)
                         if why is not None else
                         words("seen_hand_plain", other=self._seat(other), names=names))
        return lines

    def _said(self, key: str, event: ev.Event) -> list[str]:
        words = self.words
        parts = event.values()
        values: dict[str, str | int] = {}
        for name in ("seat", "other"):
            if isinstance(parts.get(name), int):
                values[name] = self._seat(parts[name])
        if isinstance(parts.get("count"), int):
            values["count"] = parts["count"]
        if isinstance(parts.get("card"), str):
            values["card"] = self._card(parts["card"])
        if isinstance(event, ev.ChallengeSettled):
            values["penalty"] = self._penalty(event.penalty)
        if isinstance(event, ev.WheelSpun):
            label = f"sector_{event.sector}"
            values["sector"] = words(label) if label in words.labels else event.sector
        if isinstance(event, ev.Drew):
            return [self._draws(event.seat, event.cards)]
        if isinstance(event, ev.SeesHand):
            return [self._sees(event.seat, event.other)]
        if isinstance(event, ev.ChallengeSettled):  # the challenger has seen the +4's hand
            return [*self._challenged(), words(key, **values)]
        if isinstance(event, ev.TurnFollowsHand):
            self.causes.turn_follows_hand()
        elif isinstance(event, ev.LosesTurn) and event.seat == self.me:
            return [self.causes.missed()]
        if isinstance(event, ev.Discarded):
            values["cards"] = ", ".join(self._card(card) for card in event.cards)
        if isinstance(event, ev.Gave) and self.me not in (event.seat, event.other):
            key = "log_gives_hidden"  # a gift between two other seats is face down
        if isinstance(event, ev.RoundOver):
            return [self._end(event.how, self._seat(event.winner) if event.winner >= 0
                              else None)]
        return [words(key, **values)]

    def _plugin(self, event: PluginEvent) -> str:
        """A plugin's own event, in its words: the secret ones to the seats it is shown
        to, the public ones to the others (English where the plugin's catalogue lacks the
        language; the English line of the log where it gives no words at all)."""
        secret = event.secret_words is not None and self.me in event.shown_to()
        key = event.secret_words if secret else event.words
        text = plugin_words(event, key, self.words.lang) if key else None
        if text is None:
            return self._names(str(event))
        values: dict[str, str | int] = {}
        for name, value in event.values().items():
            if name in ("seat", "other") or name.endswith("_seat"):
                values[name] = self._seat(value)
            elif name == "card" or name.endswith("_card"):
                values[name] = self._card(value)
            elif name == "cards":
                values[name] = ", ".join(self._card(card) for card in value)
            else:
                values[name] = value
        return text.format(**values)

    def _sees(self, seat: int, other: int) -> str:
        """``seat`` looks at the hand of ``other`` (a Fouine, or a card that peeks)."""
        if seat == self.me:
            words, card = self.words, self.my_card
            return self._look(other, words("cause_yours", card=words.card(self.state, card))
                              if card >= 0 else None)
        if other == self.me:
            return self.words("sees_you", seat=self._seat(seat))
        return self.words("log_sees", seat=self._seat(seat), other=self._seat(other))

    def _challenged(self) -> list[str]:
        """C-22: the +4 just challenged showed its player's hand to the challenger."""
        if self.challenge is None:
            return []
        (challenger, author), self.challenge = self.challenge, None
        if author is None:
            return []
        if challenger == self.me:
            return [self._look(author, self.words("cause_challenge"))]
        if author == self.me:
            return [self.words("sees_you", seat=self._seat(challenger))]
        return [self.words("log_sees", seat=self._seat(challenger), other=self._seat(author))]

    def _look(self, other: int, why: str | None) -> str:
        """The person sees the hand of ``other``: its cards, by name."""
        if why is not None:
            self.seen[other] = why
        shown = self.state.revealed.get(self.me, {}).get(other, ())
        return self.words("you_see", other=self._seat(other),
                          names=self.words.hand(self.state, shown))

    def _draws(self, seat: int, cards: tuple[str, ...]) -> str:
        if seat != self.me:
            return self.words("draws_some", seat=self._seat(seat), count=len(cards))
        return self.causes.drawn(", ".join(self._card(card) for card in cards), len(cards))

    def _end(self, how: str, seat: str | None) -> str:
        """How the round ended: a hand emptied, a card that ends it (the Pingouin), a
        round blocked or stopped."""
        words = self.words
        if how in self.state.variant.kind_of:
            return words("log_end_card", card=self._card(how))
        key = f"log_end_{how}"
        if key not in words.labels:
            return words("log_end_other", how=how)
        return words(key, seat=seat or words("nobody"))

    def _penalty(self, penalty: ev.DrawWaiting) -> str:
        skipped = penalty.skipped
        return self.words.penalty(self._seat(penalty.target), penalty.amount,
                                  self._seat(skipped) if skipped is not None else None,
                                  list(penalty.flags), later=penalty.later,
                                  until=penalty.until)

    def _seat(self, seat: int) -> str:
        return self.words.seat(seat)

    def _card(self, card: str) -> str:
        kind = self.state.variant.kind_of.get(card)
        return self.words.card(self.state, kind) if kind is not None else card

    def _names(self, text: str) -> str:
        """A line of plain English (a plugin's, a vote), with the card names for its ids."""
        return " ".join(self._card(word) for word in text.split(" "))
