"""What the deal and the piles say: the cards dealt, the first card, draws and reshuffles."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.engine.actions import seat_name
from cardgen.engine.events.event import Event, cards_text


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """C-04: the cards are dealt (the round's own heading says it to a person)."""

    dealer: int

    def __str__(self) -> str:
        return f"deal: dealer {seat_name(self.dealer)}"


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """The hand one seat was dealt: seen by that seat only, shown with the table."""

    seat: int
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} holds {cards_text(self.cards)}"


@dataclass(frozen=True, slots=True)
class DealSize(Event):
    """O-38: the dealer deals a number of cards of their choice."""

    key = "log_deals_size"
    count: int

    def __str__(self) -> str:
        return f"the dealer deals {self.count} cards each"


@dataclass(frozen=True, slots=True)
class DealDirection(Event):
    """H-02: the dealer picks the direction of play."""

    clockwise: bool

    def label(self) -> str:
        return "log_deals_clockwise" if self.clockwise else "log_deals_counterclockwise"

    def __str__(self) -> str:
        return f"the dealer deals {'clockwise' if self.clockwise else 'counter-clockwise'}"


@dataclass(frozen=True, slots=True)
class FirstCardBack(Event):
    """C-11: a first card that may not start goes back into the draw pile."""

    key = "log_first_back"
    card: str

    def __str__(self) -> str:
        return f"first card {self.card} may not start: back into the pile"


@dataclass(frozen=True, slots=True)
class FirstCard(Event):
    """C-06: the first card of the discard pile."""

    key = "log_first"
    card: str

    def __str__(self) -> str:
        return f"first card {self.card}"


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """C-27: the discard pile but its top card becomes the draw pile."""

    key = "log_reshuffle"
    count: int

    def __str__(self) -> str:
        return f"reshuffle: {self.count} cards"


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """A seat draws cards: named to that seat, counted to the others."""

    key = "log_draws"
    seat: int
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} draws {cards_text(self.cards)}"
