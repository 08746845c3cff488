"""Stacking draws and cancelling chains: the house sheet's H-07, H-09, H-10 and
H-15 to H-17, with the encyclopedia's O-13, O-23 and O-36.

A draw laid on a draw adds to the pending penalty instead of making its victim draw;
the victim may answer out of turn (a responder), and a chain may cancel out.
"""

from __future__ import annotations

from cardgen.engine.api import (
    RESPONDERS,
    Action,
    DrawPenalty,
    OfficialRules,
    Pending,
    Responder,
    RoundState,
    kinds_where,
    option,
    register_responder,
)
from cardgen.engine.events import ChainCancelled, DrawGrows, SkipPassedOn

#: state.extra keys
CHAIN = "house:chain"  # (the pending draw of a chain, the seat that laid its first card)
RESUME = "house:resume"  # who plays after a chain cancelled out of turn


# --- stacking (H-07, H-09, H-10, O-13, O-23, O-36) ----------------------------------------


class Stacking(OfficialRules):
    """A player hit by a draw may lay a draw card instead of drawing (which ones is the
    option's ``stack_kinds``): the amounts add up and the total passes on."""

    stacks_draws = True

    def responders(self) -> tuple[Responder, ...]:
        return (*super().responders(), RESPONDERS["stack"])

    def new_penalty(self, state: RoundState, entry: Pending, *, amount: int, target: int,
                    skipped: int | None, challengeable: bool) -> DrawPenalty:
        below = state.stack[-1].penalty if state.stack else None
        stacking = entry.author >= 0 and below is not None and below.stackable
        penalty = super().new_penalty(state, entry, amount=amount, target=target,
                                      skipped=skipped,
                                      challengeable=challengeable and not stacking)
        penalty.stackable = entry.author >= 0
        if stacking:
            assert below is not None
            # The chain is one pending draw: the card below joins the new one.
            penalty.amount += below.amount
            first = chain_first(state, below)
            absorbed = state.stack.pop()
            state.fired[absorbed.kind] += 1
            state.extra[CHAIN] = (penalty, first)
            state.log(DrawGrows(penalty.amount))
        return penalty


def chain_first(state: RoundState, penalty: DrawPenalty) -> int | None:
    """The seat that laid the first draw card of the chain ``penalty`` ends."""
    chain = state.extra.get(CHAIN)
    if chain is not None and chain[0] is penalty:
        first: int | None = chain[1]
        return first
    return penalty.author


def ends_the_round(state: RoundState, penalty: DrawPenalty) -> bool:
    """C-23, C-29: the draw waiting is its player's last card and his going out ends the
    round: the next player only draws it, and nobody stacks on, intercepts or cancels it
    (with play-on, H-20, the others play on and may)."""
    return (penalty.author is not None and penalty.author in state.emptied
            and state.rules.round_ends_on_first_out)


@register_responder
class StackResponder(Responder):
    name = "stack"

    def active(self, state: RoundState) -> bool:
        penalty = state.stack[-1].penalty
        return (penalty is not None and penalty.stackable and penalty.author is not None
                and not penalty.challenged and not ends_the_round(state, penalty))

    def options(self, state: RoundState, seat: int) -> list[Action]:
        penalty = state.stack[-1].penalty
        assert penalty is not None
        if seat != penalty.target:
            return []
        kinds = state.rules.stack_kinds(state, penalty).intersection(state.hands[seat])
        return state.plays_of(seat, kinds)


@option("stack-draws")
class StackDraws(Stacking):
    """H-09, H-10, O-13, O-36: on a coloured draw card any draw card, coloured or black;
    on a black one only a black one. A +4 laid to stack cannot be challenged."""


    def stack_kinds(self, state: RoundState, penalty: DrawPenalty) -> frozenset[int]:
        black = kinds_where(state.variant, "wild-draw")
        if penalty.card in black:
            return black
        return kinds_where(state.variant, "draw", "wild-draw")


def skip_victim(state: RoundState) -> int | None:
    """The seat a Skip waiting on the stack is about to skip (None: no such Skip)."""
    top = state.stack[-1]
    if top.author < 0 or top.kind < 0 or state.variant.kinds[top.kind].effect != "skip":
        return None
    return state.next_seat(top.author)


@option("stack-same-kind")
class StackSameKind(Stacking):
    """O-23: a draw card only on a draw card of the same symbol (+2 on +2, +4 on +4),
    any colour; and a player about to be skipped may answer with a Skip of any colour,
    which passes the skip on to the player after him."""


    def responders(self) -> tuple[Responder, ...]:
        return (*super().responders(), RESPONDERS["skip-on"])

    def after_play(self, state: RoundState, entry: Pending) -> None:
        super().after_play(state, entry)
        if len(state.stack) < 2 or state.variant.kinds[entry.kind].effect != "skip":
            return
        below = state.stack[-2]
        if (below.author >= 0 and state.variant.kinds[below.kind].effect == "skip"
                and state.next_seat(below.author) == entry.author):
            # The Skip answered never acts: only the answer's victim is skipped.
            state.stack.pop(-2)
            state.fired[below.kind] += 1
            state.log(SkipPassedOn(entry.author))

    def stack_kinds(self, state: RoundState, penalty: DrawPenalty) -> frozenset[int]:
        variant = state.variant
        symbol = variant.symbol_of[penalty.card]
        return frozenset(k for k in kinds_where(variant, "draw", "wild-draw")
                         if variant.symbol_of[k] == symbol)


@register_responder
class SkipOnResponder(Responder):
    """O-23: the victim of a Skip may lay a Skip of any colour on it."""

    name = "skip-on"

    def active(self, state: RoundState) -> bool:
        return skip_victim(state) is not None

    def options(self, state: RoundState, seat: int) -> list[Action]:
        if seat != skip_victim(state):
            return []
        kinds = {k for k in state.hands[seat] if state.variant.kinds[k].effect == "skip"}
        return state.plays_of(seat, kinds)


# --- chain-cancel (H-15, H-16, H-17) -------------------------------------------------------


def digit_sum(total: int) -> int:
    """H-16: add the digits again and again until one is left (12 -> 3, 28 -> 1)."""
    while total > 9:
        total = sum(int(d) for d in str(total))
    return total


@register_responder
class ChainCancelResponder(Responder):
    """H-15, H-17: while a draw card's draw waits, any player holding no draw card at
    all may lay the number card of the colour in force whose number is the total."""

    name = "chain-cancel"

    def active(self, state: RoundState) -> bool:
        top = state.stack[-1]
        penalty = top.penalty
        return (penalty is not None and penalty.author is not None and not penalty.challenged
                and top.kind in kinds_where(state.variant, "draw", "wild-draw")
                and state.extra.get(RESUME) is None and not ends_the_round(state, penalty))

    def options(self, state: RoundState, seat: int) -> list[Action]:
        hand = state.hands[seat]
        if not kinds_where(state.variant, "draw", "wild-draw").isdisjoint(hand):
            return []
        penalty = state.stack[-1].penalty
        assert penalty is not None
        number = digit_sum(penalty.amount)
        kinds = {k for k in hand if state.variant.color_of[k] == state.color
                 and state.variant.is_number(k, number)}
        return state.plays_of(seat, kinds)


@option("chain-cancel")
class ChainCancel(OfficialRules):
    """The cancelling card lands on the draw it cancels: the player who laid the first
    draw card of the chain draws the total, without losing a turn. Laid by the player
    hit, it is his turn's play; laid by another (H-17), the player saved plays next."""

    def responders(self) -> tuple[Responder, ...]:
        return (*super().responders(), RESPONDERS["chain-cancel"])

    def after_play(self, state: RoundState, entry: Pending) -> None:
        super().after_play(state, entry)
        if len(state.stack) < 2 or state.variant.kinds[entry.kind].effect != "number":
            return
        below = state.stack[-2].penalty
        if below is None or below.challenged or below.author is None:
            return
        canceller = entry.author
        first = chain_first(state, below)
        saved = below.target
        below.target = first if first is not None else below.author
        below.skipped = None
        below.stackable = below.reflectable = below.redirectable = False
        below.challengeable = False
        below.challenged = True  # settled: nobody may answer it any more
        state.extra[RESUME] = state.next_seat(canceller) if canceller == saved else saved
        state.log(ChainCancelled(below.target, below.amount))

    def after_resolve(self, state: RoundState, entry: Pending) -> None:
        super().after_resolve(state, entry)
        resume = state.extra.get(RESUME)
        if resume is not None and entry.penalty is not None and entry.penalty.challenged:
            state.turn = resume
            del state.extra[RESUME]
