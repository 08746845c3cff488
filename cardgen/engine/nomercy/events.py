"""What the No Mercy cards and rules say in a round's log (docs/rules.md NM-…)."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.engine.actions import seat_name
from cardgen.engine.events import Event


@dataclass(frozen=True, slots=True)
class SkipsEveryone(Event):
    """NM-05: every other player is skipped; the card's player plays again."""

    key = "log_skips_everyone"
    seat: int

    def __str__(self) -> str:
        return f"everyone is skipped: {seat_name(self.seat)} plays again"


@dataclass(frozen=True, slots=True)
class RouletteTurned(Event):
    """NM-08: the victim of a Color Roulette named a colour and turned ``count`` cards
    until it came (or the piles ran out)."""

    key = "log_roulette"
    seat: int
    color: str
    count: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} names {self.color} and turns {self.count} card(s)"


@dataclass(frozen=True, slots=True)
class KnockedOut(Event):
    """NM-09: a seat holds the Mercy rule's number of cards: it is out of the round, its
    hand under the discard pile."""

    key = "log_knocked_out"
    seat: int
    count: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} holds {self.count} cards: knocked out (Mercy rule)"
