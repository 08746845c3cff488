"""What a draw waiting and its answers say: a challenge settled, a draw stacked, passed on,
sent back or cancelled."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.engine.actions import seat_name
from cardgen.engine.events.event import Event


@dataclass(frozen=True, slots=True)
class DrawWaiting:
    """A draw waiting, as the round describes it: who draws how many, who misses the
    turn (``later``: their next one) and how it may still be answered (``flags``)."""

    target: int
    amount: int
    skipped: int | None = None
    later: bool = False
    flags: tuple[str, ...] = ()
    until: str | None = None  # a draw until this colour, then ``amount`` more (FL-08)

    def __str__(self) -> str:
        text = f"{seat_name(self.target)} draws {self.amount}"
        if self.until is not None:
            text = f"{seat_name(self.target)} draws until {self.until}" + (
                f" and {self.amount} more" if self.amount else "")
        if self.skipped is not None:
            text += (f", {seat_name(self.skipped)} misses the next turn" if self.later
                     else f", {seat_name(self.skipped)} misses the turn")
        return text + (f" ({', '.join(self.flags)})" if self.flags else "")


@dataclass(frozen=True, slots=True)
class ChallengeSettled(Event):
    """C-21, C-22: a +4 challenged was a bluff or not; the challenger saw its player's
    hand, and ``penalty`` is the draw that now waits."""

    bluff: bool
    penalty: DrawWaiting

    def label(self) -> str:
        return "log_bluff" if self.bluff else "log_no_bluff"

    def __str__(self) -> str:
        return f"{'a bluff' if self.bluff else 'no bluff'}: {self.penalty}"


@dataclass(frozen=True, slots=True)
class DrawGrows(Event):
    """A draw stacked on (H-07, O-13 …): the amount waiting now."""

    key = "log_draw_grows"
    count: int

    def __str__(self) -> str:
        return f"the draw grows to {self.count}"


@dataclass(frozen=True, slots=True)
class MayChallenge(Event):
    """O-19: ``seat`` may challenge the player ``other`` of a +4 in a chain."""

    key = "log_may_challenge"
    seat: int
    other: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} may challenge {seat_name(self.other)}"


@dataclass(frozen=True, slots=True)
class BlocksFour(Event):
    """O-19: a +4 stopped with a 0 or a Skip."""

    key = "log_blocks_four"
    seat: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} blocks the +4"


@dataclass(frozen=True, slots=True)
class SkipPassedOn(Event):
    """H-09: a Skip answered with a Skip passes the skip on."""

    key = "log_skip_on"
    seat: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} passes the skip on"


@dataclass(frozen=True, slots=True)
class ChainCancelled(Event):
    """H-15 …: a chain cancelled; ``seat`` draws what waited below it."""

    key = "log_chain_cancelled"
    seat: int
    count: int

    def __str__(self) -> str:
        return f"the chain is cancelled: {seat_name(self.seat)} draws {self.count}"


@dataclass(frozen=True, slots=True)
class DrawPassesOn(Event):
    """O-36: the draw passes on to the next seat."""

    key = "log_draw_passes"
    seat: int

    def __str__(self) -> str:
        return f"the draw passes on to {seat_name(self.seat)}"


@dataclass(frozen=True, slots=True)
class SkipBack(Event):
    """O-03: the white Boomerang sends a skip back to its player."""

    key = "log_skip_back"
    seat: int

    def __str__(self) -> str:
        return f"the skip goes back to {seat_name(self.seat)}"


@dataclass(frozen=True, slots=True)
class DrawBack(Event):
    """A draw sent back to the seat that played it (a Boomerang)."""

    key = "log_draw_back"
    seat: int

    def __str__(self) -> str:
        return f"the draw goes back to {seat_name(self.seat)}"


@dataclass(frozen=True, slots=True)
class DrawGoesTo(Event):
    """U-28: a Dérivation sends the draw to another seat."""

    key = "log_draw_goes"
    seat: int

    def __str__(self) -> str:
        return f"the draw goes to {seat_name(self.seat)}"


@dataclass(frozen=True, slots=True)
class Cancelled(Event):
    """U-22: a "Non" cancels the card ``card`` that ``seat`` laid."""

    key = "log_cancelled"
    card: str
    seat: int

    def __str__(self) -> str:
        return f"{self.card} of {seat_name(self.seat)} is cancelled"
