"""What cards laid and moved say: a card laid by an effect, hands swapped or moved, cards
discarded, buried or given, a hand looked at."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.engine.actions import seat_name
from cardgen.engine.events.event import Event, cards_text


@dataclass(frozen=True, slots=True)
class Laid(Event):
    """A card laid by a card's own effect (a Coup de bol lays the cards it turns)."""

    key = "log_lays"
    seat: int
    card: str

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} lays {self.card}"


@dataclass(frozen=True, slots=True)
class LaidTogether(Event):
    """H-12, O-11: identical cards laid as one play."""

    key = "log_together"
    seat: int
    count: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} lays {self.count} cards together"


@dataclass(frozen=True, slots=True)
class HandsSwapped(Event):
    """Two seats swap hands (a 7, an Inversion …)."""

    key = "log_swap"
    seat: int
    other: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} and {seat_name(self.other)} swap hands"


@dataclass(frozen=True, slots=True)
class HandsMoved(Event):
    """Every hand moves one seat (a 0 …)."""

    left: bool

    def label(self) -> str:
        return "log_hands_left" if self.left else "log_hands_right"

    def __str__(self) -> str:
        return f"every hand moves {'left' if self.left else 'right'}"


@dataclass(frozen=True, slots=True)
class DiscardedSome(Event):
    """O-02: a seat discards a number of cards (Discard All)."""

    key = "log_discards_count"
    seat: int
    count: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} discards {self.count} card(s)"


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """O-42: a seat discards these cards, face up (the Wizz wheel)."""

    key = "log_discards"
    seat: int
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} discards {cards_text(self.cards)}"


@dataclass(frozen=True, slots=True)
class Buried(Event):
    """U-: a seat buries cards under the draw pile."""

    key = "log_buries"
    seat: int
    count: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} buries {self.count} card(s)"


@dataclass(frozen=True, slots=True)
class Gave(Event):
    """A seat gives a card to another: face down to everyone else."""

    key = "log_gives"
    seat: int
    card: str
    other: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} gives {self.card} to {seat_name(self.other)}"


@dataclass(frozen=True, slots=True)
class SeesHand(Event):
    """``seat`` looks at the hand of ``other`` (a Fouine, a card that peeks)."""

    key = "log_sees"
    seat: int
    other: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} sees {seat_name(self.other)}'s hand"
