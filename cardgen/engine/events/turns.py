"""What the turns say: a turn lost or to be missed, the turn that moves with a hand, a
round of 2s."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.engine.actions import seat_name
from cardgen.engine.events.event import Event


@dataclass(frozen=True, slots=True)
class LosesTurn(Event):
    """A seat whose turn comes loses it (a turn it had to miss)."""

    key = "log_loses_turn"
    seat: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} loses this turn"


@dataclass(frozen=True, slots=True)
class WillMissTurn(Event):
    """A seat that is not the next to play will miss its next turn."""

    key = "log_will_miss_turn"
    seat: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} will miss the next turn"


@dataclass(frozen=True, slots=True)
class PairSkips(Event):
    """O-34: a pair laid skips a seat."""

    key = "log_pair_skips"
    seat: int

    def __str__(self) -> str:
        return f"the pair skips {seat_name(self.seat)}"


@dataclass(frozen=True, slots=True)
class TurnFollowsHand(Event):
    """O-35: when hands move, the turn follows the hand."""

    key = "log_turn_follows"
    seat: int

    def __str__(self) -> str:
        return f"the turn follows the hand: it goes on from {seat_name(self.seat)}"


@dataclass(frozen=True, slots=True)
class TwosRoundBegins(Event):
    """O-41: a round of 2s begins."""

    key = "log_twos_round"

    def __str__(self) -> str:
        return "a round of 2s begins"
