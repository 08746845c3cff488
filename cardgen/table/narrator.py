"""The engine's log lines, said to the person at the table in their language.

The engine logs what its rules do as a referee's English lines with card ids ("first card
red-7", "P2 draws red-7 wild"). Each kind of line is recognised here by a pattern and
said again with a word of the area ``play`` of ``templates/locale/`` (its key starts with ``log_``),
the deck's card names and the table's seat numbers. What the person's seat may not see
is left out: the hands dealt, the cards another seat draws (only counted), a card given
between two other seats.

What happens to the person is said from their seat, with why: the cards they draw,
named, with the card that made them draw (:mod:`cardgen.table.causes`, which also
says the turns they miss); the hand a peek or a challenge shows them, named, and kept
for the table (:meth:`TableLog.seen_lines`) as long as the engine's observation of their
seat keeps it; another seat looking at theirs.

A pattern's named groups say what each part is: ``seat`` and ``other`` a seat
(``P2``), ``card`` a card id, ``cards`` ids separated by spaces, ``count`` a number,
``penalty`` a draw waiting as the engine describes it (see :meth:`Words.penalty`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from cardgen.engine import Action, Play, RoundState
from cardgen.engine.observation import SeatView
from cardgen.table.causes import Causes
from cardgen.table.words import Words

_S = r"P(?P<seat>\d+)"
_O = r"P(?P<other>\d+)"
_CARD = r"(?P<card>\S+)"
_N = r"(?P<count>\d+)"

#: (pattern, label key); the first pattern that matches says the line. A key of None:
#: the line is not shown (the round's own line says it, or it is a hidden hand).
_LINES: tuple[tuple[str, str | None], ...] = (
    (r"deal: dealer P\d+", None),  # the "Round N, dealt by P1" line says it
    (rf"{_S} holds cards again: back in the round", "log_back_in"),
    (rf"{_S} holds .*", None),  # the deal: the person's hand is shown with the table
    (rf"first card {_CARD} may not start: back into the pile", "log_first_back"),
    (rf"first card {_CARD}", "log_first"),
    (rf"reshuffle: {_N} cards", "log_reshuffle"),
    (r"a bluff: (?P<penalty>.+)", "log_bluff"),
    (r"no bluff: (?P<penalty>.+)", "log_no_bluff"),
    (rf"contre-UNO: {_S} does not go out", "log_contre_uno"),
    (rf"{_S} presses the dispenser: {_N}", "log_dispenser"),
    (rf"cursed: {_CARD}", "log_cursed"),
    (rf"the draw grows to {_N}", "log_draw_grows"),
    (rf"{_S} may challenge {_O}", "log_may_challenge"),
    (rf"{_S} blocks the \+4", "log_blocks_four"),
    (rf"{_S} passes the skip on", "log_skip_on"),
    (rf"the chain is cancelled: {_S} draws {_N}", "log_chain_cancelled"),
    (rf"{_S} lays {_N} cards together", "log_together"),
    (rf"{_S} lays {_CARD}", "log_lays"),
    (rf"the turn follows the hand: it goes on from {_S}", "log_turn_follows"),
    (rf"the dealer deals {_N} cards each", "log_deals_size"),
    (r"the dealer deals clockwise", "log_deals_clockwise"),
    (r"the dealer deals counter-clockwise", "log_deals_counterclockwise"),
    (rf"the pair skips {_S}", "log_pair_skips"),
    (rf"the draw passes on to {_S}", "log_draw_passes"),
    (r"a round of 2s begins", "log_twos_round"),
    (rf"{_S} and {_O} swap hands", "log_swap"),
    (r"every hand moves left", "log_hands_left"),
    (r"every hand moves right", "log_hands_right"),
    (rf"{_S} discards {_N} card\(s\)", "log_discards_count"),
    (rf"{_S} discards (?P<cards>.+)", "log_discards"),
    (rf"the skip goes back to {_S}", "log_skip_back"),
    (rf"the draw goes back to {_S}", "log_draw_back"),
    (rf"the draw goes to {_S}", "log_draw_goes"),
    (rf"{_S} shouts first", "log_shouts"),
    (rf"{_S} spins the wheel: (?P<sector>\S+)", "log_wheel"),
    (rf"{_S} loses this turn", "log_loses_turn"),
    (rf"{_S} will miss the next turn", "log_will_miss_turn"),
    (rf"{_S} may not go out on a black card: he draws", "log_no_black_finish"),
    (rf"{_S} is out", "log_is_out"),
    (r"the same position has come back with nothing to draw", "log_repeated"),
    (rf"{_S} sees {_O}'s hand", "log_sees"),
    (rf"{_S} buries {_N} card\(s\)", "log_buries"),
    (rf"{_S} gives {_CARD} to {_O}", "log_gives"),
    (rf"{_CARD} of {_S} is cancelled", "log_cancelled"),
    (rf"round over: (?P<how>\S+?)(?:, {_S} wins)?", "log_end"),
    (rf"{_S} draws (?P<cards>.+)", "log_draws"),
)
_PATTERNS = tuple((re.compile(pattern), key) for pattern, key in _LINES)
#: A draw waiting, as the engine describes it: "P1 draws 4, P1 misses the turn
#: (challengeable)"; "misses the next turn" when that seat is not the next to play.
_PENALTY = re.compile(r"P(?P<target>\d+) draws (?P<amount>\d+)"
                      r"(?:, P(?P<skipped>\d+) misses the (?P<later>next )?turn)?"
                      r"(?: \((?P<flags>[^)]*)\))?")


@dataclass
class TableLog:
    """Says the engine's lines to the person sitting at round seat ``me`` (-1: nobody,
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

    def lines(self, events: Iterable[str]) -> list[str]:
        """The lines ``events`` are said in, and then the turn the person missed, if one
        has begun past their seat."""
        said = [line for event in events for line in self.say(event)]
        missed = self.causes.turn_missed()
        return [*said, missed] if missed is not None else said

    def say(self, event: str) -> list[str]:
        """``event`` in words (no line when the person's seat does not see it). A line no
        pattern knows is shown with card names for ids (and the test of the transcripts
        finds it, to give it a label)."""
        for pattern, key in _PATTERNS:
            found = pattern.fullmatch(event)
            if found is not None:
                return [] if key is None else self._said(key, found.groupdict())
        return [self._names(event)]

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

    def _said(self, key: str, parts: dict[str, str | None]) -> list[str]:
        words = self.words
        seat, other = parts.get("seat"), parts.get("other")
        values: dict[str, str | int] = {}
        if seat is not None:
            values["seat"] = self._seat(int(seat))
        if other is not None:
            values["other"] = self._seat(int(other))
        if parts.get("count") is not None:
            values["count"] = int(str(parts["count"]))
        if parts.get("card") is not None:
            values["card"] = self._card(str(parts["card"]))
        if parts.get("penalty") is not None:
            values["penalty"] = self._penalty(str(parts["penalty"]))
        if parts.get("sector") is not None:
            sector = str(parts["sector"])
            label = f"sector_{sector}"
            values["sector"] = words(label) if label in words.labels else sector
        if key == "log_draws":
            return [self._draws(int(seat or 0), str(parts["cards"]).split())]
        if key == "log_sees":
            return [self._sees(int(seat or 0), int(other or 0))]
        if key in ("log_bluff", "log_no_bluff"):  # the challenger has seen the +4's hand
            return [*self._challenged(), words(key, **values)]
        if key == "log_turn_follows":
            self.causes.turn_follows_hand()
        elif key == "log_loses_turn" and int(seat or 0) == self.me:
            return [self.causes.missed()]
        if key == "log_discards":
            values["cards"] = ", ".join(self._card(card) for card in str(parts["cards"]).split())
        if key == "log_gives" and self.me not in (int(seat or 0), int(other or 0)):
            key = "log_gives_hidden"  # a gift between two other seats is face down
        if key == "log_end":
            return [self._end(str(parts["how"]), self._seat(int(seat)) if seat else None)]
        return [words(key, **values)]

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

    def _draws(self, seat: int, cards: list[str]) -> str:
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

    def _penalty(self, text: str) -> str:
        found = _PENALTY.fullmatch(text)
        if found is None:
            return self._names(text)
        skipped = found.group("skipped")
        flags = [flag.strip() for flag in (found.group("flags") or "").split(",") if flag]
        return self.words.penalty(self._seat(int(found.group("target"))),
                                  int(found.group("amount")),
                                  self._seat(int(skipped)) if skipped is not None else None,
                                  flags, later=found.group("later") is not None)

    def _seat(self, seat: int) -> str:
        return self.words.seat(seat)

    def _card(self, card: str) -> str:
        kind = self.state.variant.kind_of.get(card)
        return self.words.card(self.state, kind) if kind is not None else card

    def _names(self, text: str) -> str:
        """A line no pattern knows, with at least the card names for its ids."""
        return " ".join(self._card(word) for word in text.split(" "))
