"""The encyclopedia's extra cards (O-01 to O-05, O-14): the swap-hands wild,
Discard All, the white Boomerang, Downpour, the Uno card; each card's effect in one
place, with the responder that answers it.
"""

from __future__ import annotations

from cardgen.engine.api import (
    Action,
    Effect,
    Pending,
    Responder,
    RoundState,
    RuleEffect,
    register_effect,
    register_responder,
)
from cardgen.engine.events import DiscardedSome, DrawBack, SkipBack
from cardgen.engine.options.hands import SwapWith, pass_hands
from cardgen.engine.options.stacking import skip_victim

# --- the extra cards (O-01 … O-05, O-14) -----------------------------------------------------


def swap_choices(state: RoundState, seat: int) -> list[Action]:
    """O-01: anyone still in but the player and those at UNO (holding one card)."""
    return [SwapWith(s) for s in range(state.n)
            if s != seat and s not in state.out and len(state.hands[s]) != 1]


@register_effect
class WildSwapHands(Effect):
    """O-01: a wild whose player, once it stands, swaps hands with a player of his choice
    who is not at UNO (none: no swap). As a last card it only names the colour. Turned
    up first, P1 names the colour and swaps before he plays."""

    name = "wild-swap-hands"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        super().resolve(state, entry)
        if state.hands[entry.author]:
            options = swap_choices(state, entry.author)
            if options:
                state.ask(entry.author, options)

    def on_start(self, state: RoundState, entry: Pending) -> None:
        first = state.next_seat(state.dealer)
        state.turn = first
        state.stack.append(RuleEffect(first, _swap_at_start, "the first player swaps hands"))
        state.ask_start_color(first)


def _swap_at_start(state: RoundState, entry: RuleEffect) -> None:
    options = swap_choices(state, entry.author)
    if options:
        state.ask(entry.author, options)


@register_effect
class DiscardColor(Effect):
    """O-02: once it stands its player puts every card of its colour he holds under it,
    without effect; one card left is a UNO made with the play, none is going out."""

    name = "discard-color"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        super().resolve(state, entry)
        seat = entry.author
        color = state.variant.color_of[entry.kind]
        hand = state.hands[seat]
        gone = [k for k in hand if state.variant.color_of[k] == color]
        if not gone:
            return
        state.hands[seat] = [k for k in hand if state.variant.color_of[k] != color]
        state.discard[-1:-1] = gone
        state.log(DiscardedSome(seat, len(gone)))
        left = len(state.hands[seat])
        if left == 1:
            state.at_uno[seat] = True
        elif left == 0 and seat not in state.emptied:
            state.emptied.append(seat)


@register_effect
class ReturnEffect(Effect):
    """O-04: the white Boomerang, laid by the player a pending draw or a Skip hits: the
    draw goes to the card's author instead; against a Skip, the Skip never acts, its
    victim plays and its author loses his next turn."""

    name = "return-effect"
    decides_playability = True
    answers_only = True
    responders = ("white-boomerang",)

    def playable(self, state: RoundState, seat: int, kind: int) -> bool:
        return False

    def hits(self, state: RoundState, entry: Pending) -> int | None:
        """U-40: the author of the draw or Skip it sends back is asked first."""
        author = state.stack[-2].author if len(state.stack) >= 2 else -1
        return author if author >= 0 else None

    def resolve(self, state: RoundState, entry: Pending) -> None:
        below = state.stack[-1]
        penalty = below.penalty
        if penalty is None:  # a Skip (the responder offers nothing else)
            state.stack.pop()
            state.fired[below.kind] += 1
            state.turn = entry.author
            state.lose_turn(below.author)
            state.log(SkipBack(below.author))
            return
        assert penalty.author is not None
        penalty.target = penalty.author
        penalty.moved = True  # no "Non" on the draw once it has been sent back (U-22)
        state.log(DrawBack(penalty.author))


@register_responder
class WhiteBoomerangResponder(Responder):
    name = "white-boomerang"

    def active(self, state: RoundState) -> bool:
        penalty = state.stack[-1].penalty
        if penalty is None:
            return skip_victim(state) is not None
        return (penalty.author is not None and not penalty.challenged
                and penalty.reflectable and penalty.target != penalty.author)

    def options(self, state: RoundState, seat: int) -> list[Action]:
        penalty = state.stack[-1].penalty
        victim = skip_victim(state) if penalty is None else penalty.target
        if seat != victim:
            return []
        kinds = {k for k in state.hands[seat]
                 if state.variant.kinds[k].effect == "return-effect"}
        return state.plays_of(seat, kinds)


@register_effect
class Downpour(Effect):
    """O-05: every other player draws 1 (or 2); nobody is skipped; the colour is named
    with the play."""

    name = "downpour"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        amount = int(state.variant.kinds[entry.kind].param("amount", 1))
        seat = entry.author
        for other in range(state.n):
            if other != seat and other not in state.out:
                state.draw_cards(other, amount)
        super().resolve(state, entry)


@register_effect
class RotateHands(Effect):
    """O-14: every hand moves to the previous player (against the direction of play);
    the turn and the colour stay. Played on one's turn on any card, or out of turn on
    any card waiting on the stack. With rapido it is Rapido's Uno card instead (O-25):
    the next player draws 8 and then plays."""

    name = "rotate-hands"
    responders = ("uno-card",)

    def on_play(self, state: RoundState, entry: Pending) -> None:
        amount = state.rules.uno_card_draws
        if amount and entry.action is not None:
            following = state.next_seat(entry.author)
            entry.penalty = state.rules.new_penalty(state, entry, amount=amount,
                                                    target=following, skipped=None,
                                                    challengeable=False)

    def resolve(self, state: RoundState, entry: Pending) -> None:
        if entry.penalty is not None:  # Rapido's Uno card
            state.draw_cards(entry.penalty.target, entry.penalty.amount)
            state.turn = state.next_seat(entry.author)
            return
        below = bool(state.stack)
        pass_hands(state, -state.direction)
        if not below:  # laid on a turn: the next player plays; out of turn: no change
            super().resolve(state, entry)


@register_responder
class UnoCardResponder(Responder):
    """O-14: the Uno card may be laid out of turn on any card waiting to act."""

    name = "uno-card"

    def active(self, state: RoundState) -> bool:
        top = state.stack[-1]
        return (top.kind >= 0 and top.author >= 0 and state.rules.uno_card_rotates
                and not (top.penalty is not None and top.penalty.challenged))

    def options(self, state: RoundState, seat: int) -> list[Action]:
        kinds = {k for k in state.hands[seat]
                 if state.variant.kinds[k].effect == "rotate-hands"}
        return state.plays_of(seat, kinds)
