"""UNO Show 'Em No Mercy's table rules as options any deck can turn on (docs/rules.md
NM-02 … NM-04, NM-09 … NM-12): stacking by draw value, drawing until one can play and
then playing it, no challenge of a wild draw, a number as the first card, the Mercy
rule and its scoring.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardgen.engine.api import (
    OVER,
    TURN,
    Action,
    CardTables,
    DrawPenalty,
    OfficialRules,
    Pending,
    RoundField,
    RoundResult,
    RoundState,
    Scoreboard,
    kinds_where,
    option,
    register_round_field,
    seat_name,
)
from cardgen.engine.events import Event
from cardgen.engine.options.jump_ins import forget_laid
from cardgen.engine.options.stacking import Stacking

#: state.extra key: the seats the Mercy rule knocked out this round, in order
KNOCKED = "nomercy:knocked"
#: The effects whose card makes a player draw a number of cards (its ``amount``).
DRAW_EFFECTS = ("draw", "wild-draw", "reverse-draw")


@dataclass(frozen=True, slots=True)
class KnockedOut(Event):
    """NM-09: a seat holds the Mercy rule's number of cards: it is out of the round, its
    hand under the discard pile."""

    key = "log_knocked_out"
    seat: int
    count: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} holds {self.count} cards: knocked out (Mercy rule)"


class MercyRules(OfficialRules):
    """What the No Mercy options share: the hand size that knocks a player out."""

    #: NM-09: a player holding this many cards is out of the round; 0: no Mercy rule.
    mercy_limit: ClassVar[int] = 0

    def knocked_out(self, state: RoundState) -> tuple[int, ...]:
        return knocked_out(state)


def mercy_limit(rules: object) -> int:
    """The hand size at which the rules knock a player out (NM-09); 0: no Mercy rule."""
    return int(getattr(rules, "mercy_limit", 0))


# --- stacking by value (NM-01) ---------------------------------------------------------------


def draw_value(variant: CardTables, kind: int) -> int:
    """How many cards a draw card makes the next player draw (its ``amount``)."""
    return int(variant.kinds[kind].param("amount", 2))


@option("stack-by-value")
class StackByValue(Stacking):
    """NM-01: the player a draw card hits may lay any draw card, of any colour, whose
    value is equal to or higher than the last one laid; the amounts add up and the
    total passes on. A draw laid to stack is never challenged (as stack-draws)."""

    def stack_kinds(self, state: RoundState, penalty: DrawPenalty) -> frozenset[int]:
        variant = state.variant
        least = draw_value(variant, penalty.card) if penalty.card >= 0 else 0
        return frozenset(k for k in kinds_where(variant, *DRAW_EFFECTS)
                         if draw_value(variant, k) >= least)


# --- drawing until one can play (NM-02) ------------------------------------------------------


@option("draw-until-you-play")
class DrawUntilYouPlay(MercyRules):
    """NM-02: a player who draws (because he cannot play, or because he chooses to)
    draws one card at a time until one he can play comes, and must then play it. The
    Mercy rule stops the drawing as soon as it knocks him out."""

    def draw_turn(self, state: RoundState, seat: int) -> None:
        forget_laid(state)
        hand = state.hands[seat]
        drawn = 0
        while True:
            if not state.draw_cards(seat, 1):
                if drawn:
                    state.end_turn()
                else:
                    state.idle_turn()  # C-28: nothing left to draw
                return
            drawn += 1
            if self.mercy_limit and len(hand) >= self.mercy_limit:
                settle_after_draw(state)
                return
            if state.can_play(seat, hand[-1]):
                state.offer_drawn(hand[-1])
                return

    def drawn_actions(self, state: RoundState, seat: int, kind: int) -> list[Action]:
        return list(state.plays[seat][len(state.hands[seat]) == 2][kind])  # no keeping it


# --- no challenge, a number first (NM-03, NM-04) --------------------------------------------


@option("no-draw-challenge")
class NoDrawChallenge(OfficialRules):
    """NM-03: nobody may challenge a wild draw card; laying one is never a bluff."""

    def new_penalty(self, state: RoundState, entry: Pending, *, amount: int, target: int,
                    skipped: int | None, challengeable: bool) -> DrawPenalty:
        return super().new_penalty(state, entry, amount=amount, target=target,
                                   skipped=skipped, challengeable=False)


@option("number-starts")
class NumberStarts(OfficialRules):
    """NM-04: only a number card may be the round's first card; any other goes back
    into the draw pile and the next is turned (C-11's way)."""

    def start_kinds(self, variant: CardTables, kinds: frozenset[int]) -> frozenset[int]:
        kinds = super().start_kinds(variant, kinds)
        return frozenset(k for k in kinds if variant.kinds[k].effect == "number")


# --- the Mercy rule (NM-09, NM-10) -----------------------------------------------------------


def knocked_out(state: RoundState) -> tuple[int, ...]:
    """The seats the Mercy rule knocked out this round, in order."""
    seats: tuple[int, ...] = state.extra.get(KNOCKED, ())
    return seats


def _set_knocked_out(state: RoundState, seats: list[int]) -> None:
    state.extra[KNOCKED] = tuple(seats)
    state.out.extend(s for s in seats if s not in state.out)


def _knocked_out_problem(state: RoundState, seats: list[int]) -> str | None:
    held = [s for s in seats if state.hands[s]]
    return (f"knocked_out: P{held[0]} holds cards; a player knocked out holds none"
            if held else None)


# A situation's `knocked_out = ["P2"]`: the seats the Mercy rule took out earlier in the
# round (out of the turn order, their hands empty), which mercy-points pays for.
register_round_field(RoundField("knocked_out", "seats", lambda state: knocked_out(state) or None,
                                _set_knocked_out, _knocked_out_problem))


def knock_out_full_hands(state: RoundState) -> bool:
    """NM-09: every seat still in that holds the Mercy rule's number of cards is out: its
    hand goes under the discard pile (back in play at the next reshuffle), and the turn
    passes over it. The round ends (``on_hand_empty``) when one seat is left. True when
    one was knocked out."""
    limit = mercy_limit(state.rules)
    if not limit or state.phase == OVER:
        return False
    full = [s for s in range(state.n) if s not in state.out and len(state.hands[s]) >= limit]
    if full and len(full) == state.active_count():
        # Every player still in holds the limit at once (hands that filled where the rule
        # was not looking, a launcher's press): one stays in, the last player in (NM-10),
        # the one holding the fewest cards, the first in turn order from the player whose
        # turn it is on a tie. Knocking out all would leave the turn to nobody, for ever.
        order = [s for s in state.seats_from(state.turn) if s not in state.out]
        full.remove(min(order, key=lambda s: len(state.hands[s])))
    for seat in full:
        hand = state.hands[seat]
        state.log(KnockedOut(seat, len(hand)))
        state.discard[0:0] = hand
        state.hands[seat] = []
        state.at_uno[seat] = False
        if state.uno_missed == seat:
            state.uno_missed = -1
        state.losing = [s for s in state.losing if s != seat]
        state.out.append(seat)
        state.extra[KNOCKED] = (*knocked_out(state), seat)
        state.emptied.append(seat)  # seen to by the round's loop: is one seat left?
    if full and state.turn in state.out:
        state.turn = state.next_seat(state.turn)
    return bool(full)


def settle_after_draw(state: RoundState) -> None:
    """After a turn's draw: knock out a player the draw filled up, and go on with the
    next turn (he may have been offered a card he drew: no longer)."""
    if knock_out_full_hands(state):
        if state.drawn >= 0:  # (offered the card he drew: the turn is over)
            state.drawn = -1
            state.phase = TURN
        state.advance()


@option("mercy-rule")
class MercyRule(MercyRules):
    """NM-09, NM-10: a player who holds 25 cards or more is out of the round at once,
    his hand under the discard pile; the last player left in wins the round, as does
    the first to play his last card."""

    mercy_limit = 25

    def draw_turn(self, state: RoundState, seat: int) -> None:
        super().draw_turn(state, seat)
        settle_after_draw(state)

    def after_resolve(self, state: RoundState, entry: Pending) -> None:
        super().after_resolve(state, entry)
        knock_out_full_hands(state)

    def after_hands_moved(self, state: RoundState, before: dict[int, int]) -> None:
        super().after_hands_moved(state, before)
        knock_out_full_hands(state)

    def on_hand_empty(self, state: RoundState, seat: int) -> bool:
        if seat not in knocked_out(state):
            return super().on_hand_empty(state, seat)
        left = [s for s in range(state.n) if s not in state.out]
        if len(left) == 1:
            state.end_round(left[0], "mercy")
            return True
        return False


@option("mercy-points")
class MercyPoints(MercyRules):
    """NM-11: the winner of a round scores the points left in the other hands, and 250
    for each player the Mercy rule knocked out; the game is played to the deck's
    target (1000 in No Mercy)."""

    #: NM-11: what a player knocked out counts for the round's winner.
    knocked_out_points: ClassVar[int] = 250

    def round_points(self, state: RoundState, seat: int) -> int:
        if seat in knocked_out(state):
            return self.knocked_out_points
        return super().round_points(state, seat)

    def score_round(self, game: Scoreboard, result: RoundResult) -> None:
        if result.winner is not None:  # (the last player in holds cards: not his own)
            game.scores[result.winner] += sum(points for seat, points in
                                              result.hand_points.items()
                                              if seat != result.winner)
