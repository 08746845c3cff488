"""What the table's own steps say: calls, chance steps and votes, seats going out and back
in, and the end of the round."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.engine.actions import seat_name
from cardgen.engine.events.event import Event

# --- options with a chance step or a call --------------------------------------------

@dataclass(frozen=True, slots=True)
class CounterUnoCaught(Event):
    """C-26: a counter-UNO on a last card: ``seat`` does not go out."""

    key = "log_contre_uno"
    seat: int

    def __str__(self) -> str:
        return f"contre-UNO: {seat_name(self.seat)} does not go out"


@dataclass(frozen=True, slots=True)
class DispenserPressed(Event):
    """O-43: one press of Uno Extreme's dispenser, and how many cards it gave."""

    key = "log_dispenser"
    seat: int
    count: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} presses the dispenser: {self.count}"


@dataclass(frozen=True, slots=True)
class LauncherPressed(Event):
    """AT-01: one press of UNO Attack's launcher, and how many cards came out."""

    key = "log_launcher"
    seat: int
    count: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} presses the launcher: {self.count}"


@dataclass(frozen=True, slots=True)
class CursedCard(Event):
    """O-20: the card turned up that is cursed for this round."""

    key = "log_cursed"
    card: str

    def __str__(self) -> str:
        return f"cursed: {self.card}"


@dataclass(frozen=True, slots=True)
class ShoutsFirst(Event):
    """O-42: who shouts "Uno Wizz" first."""

    key = "log_shouts"
    seat: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} shouts first"


@dataclass(frozen=True, slots=True)
class WheelSpun(Event):
    """O-42: the sector a spin of the Wizz wheel stops on."""

    key = "log_wheel"
    seat: int
    sector: str

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} spins the wheel: {self.sector}"


@dataclass(frozen=True, slots=True)
class Vote(Event):
    """U-49: the table's vote on advice given to ``seat``: 50 points or no majority."""

    seat: int
    given: bool

    def __str__(self) -> str:
        return f"vote on {seat_name(self.seat)}: {'50 points' if self.given else 'no majority'}"


# --- seats out, and the end ----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class BlackFinishRefused(Event):
    """H-22: no going out on a black card: the seat draws instead."""

    key = "log_no_black_finish"
    seat: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} may not go out on a black card: he draws"


@dataclass(frozen=True, slots=True)
class IsOut(Event):
    """H-20: a seat is out of cards, and play goes on without it."""

    key = "log_is_out"
    seat: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} is out"


@dataclass(frozen=True, slots=True)
class BackInRound(Event):
    """H-18, H-20: a seat out is made to draw, and is back in the round."""

    key = "log_back_in"
    seat: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} holds cards again: back in the round"


@dataclass(frozen=True, slots=True)
class PositionRepeated(Event):
    """C-28: the same position came back with nothing to draw: the round is blocked."""

    key = "log_repeated"

    def __str__(self) -> str:
        return "the same position has come back with nothing to draw"


@dataclass(frozen=True, slots=True)
class RoundOver(Event):
    """The round ends: ``how`` (a hand emptied, blocked, capped, or the id of a card
    that ends it), and its winner (-1: none)."""

    key = "log_end"
    how: str
    winner: int = -1

    def __str__(self) -> str:
        return f"round over: {self.how}" + (f", {seat_name(self.winner)} wins"
                                            if self.winner >= 0 else "")


@dataclass(frozen=True, slots=True)
class Picked(Event):
    """A plugin's chance step (:func:`cardgen.engine.api.pick`): outcome ``picked`` of
    ``count``. For ``cardgen explain``; the plugin says what it means to the table."""

    step: str
    picked: int
    count: int

    def __str__(self) -> str:
        return f"chance {self.step}: {self.picked} of 0 to {self.count - 1}"
