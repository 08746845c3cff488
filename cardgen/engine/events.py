"""What a round says: one frozen value per kind of thing that happens at the table.

The round emits these values (``state.log(Drew(2, ("red-7",)))``), never sentences. Each
prints as the referee's English line the transcripts and ``cardgen explain`` have always
shown (``str(event)``), and a narrator (:mod:`cardgen.table.narrator`) says it to each
seat in that seat's language, leaving out what the seat may not see. Seats are the
round's (``P0`` is seat 0); cards are the deck's card ids, so an event reads alone.

A plugin says its own things with a subclass of :class:`Event` (see
:class:`cardgen.engine.api.Said`): its words come from its catalogue, and it names the
seats that may see what the others may not.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from cardgen.engine.actions import seat_name

__all__ = [
    "Event", "Dealt", "HandDealt", "BackInRound", "FirstCardBack", "FirstCard", "Reshuffled",
    "DrawWaiting", "ChallengeSettled", "CounterUnoCaught", "DispenserPressed", "CursedCard",
    "DrawGrows", "MayChallenge", "BlocksFour", "SkipPassedOn", "ChainCancelled",
    "LaidTogether", "Laid", "TurnFollowsHand", "DealSize", "DealDirection", "PairSkips",
    "DrawPassesOn", "TwosRoundBegins", "HandsSwapped", "HandsMoved", "DiscardedSome", "Discarded",
    "SkipBack", "DrawBack", "DrawGoesTo", "ShoutsFirst", "WheelSpun", "LosesTurn",
    "WillMissTurn", "BlackFinishRefused", "IsOut", "PositionRepeated", "SeesHand", "Buried",
    "Gave", "Cancelled", "RoundOver", "Drew", "Vote", "Picked", "Note", "cards_text",
]


def cards_text(cards: Iterable[str]) -> str:
    """Card ids as the log writes them: separated by spaces, "nothing" for none."""
    return " ".join(cards) or "nothing"


@dataclass(frozen=True, slots=True)
class Event:
    """Something a round says. ``key`` names its words in the catalogue area ``play``
    (``None``: the narrator says nothing of it, another line covers it)."""

    key: ClassVar[str | None] = None

    def label(self) -> str | None:
        """The key of the words this event is said with (most events: ``key``)."""
        return self.key

    def values(self) -> dict[str, Any]:
        """The event's fields by name, as a narrator fills its words with them."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


# --- the deal and the piles ------------------------------------------------------------------

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


# --- draws waiting and their answers ---------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DrawWaiting:
    """A draw waiting, as the round describes it: who draws how many, who misses the
    turn (``later``: their next one) and how it may still be answered (``flags``)."""

    target: int
    amount: int
    skipped: int | None = None
    later: bool = False
    flags: tuple[str, ...] = ()

    def __str__(self) -> str:
        text = f"{seat_name(self.target)} draws {self.amount}"
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


# --- turns -------------------------------------------------------------------------------------

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


# --- cards laid and moved ------------------------------------------------------------------

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


# --- options with a chance step or a call ------------------------------------------------------

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


# --- seats out, and the end ----------------------------------------------------------------

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


# --- a plugin's plain line ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Note(Event):
    """A line of text a plugin logged with :func:`cardgen.engine.api.log` (the older,
    English-only way): said as written, card ids replaced by their names."""

    text: str

    def __str__(self) -> str:
        return self.text
