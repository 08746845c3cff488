"""Uno Unplugged's answers out of turn: "Non" (U-22 to U-25), Boomerang and Dérivation
(U-27 to U-29), one effect handler and one responder each.

The reactions ride on the engine's stack of pending effects. A card laid waits on the
stack while the seats are asked, in the order of U-40, whether they answer it: a
``non`` (any seat) goes on top of it and, when its own window closes, removes it from
the stack unresolved (U-23); a ``boomerang`` or ``derivation`` (the player due to draw)
goes on top of a +X and, when it resolves, moves that +X's pending draw (U-27 … U-29).
"""

from __future__ import annotations

from cardgen.engine.api import (
    Action,
    CardTables,
    DrawPenalty,
    Effect,
    Pending,
    Responder,
    RoundState,
    kinds_where,
    register_effect,
    register_responder,
)
from cardgen.engine.events import Cancelled, DrawGoesTo


def anyone_holds(state: RoundState, kinds: frozenset[int]) -> bool:
    return bool(kinds) and any(not kinds.isdisjoint(hand) for hand in state.hands)


class Reaction(Effect):
    """A card laid only in answer to another (never as a turn's play) that leaves the
    turn to the card it answers."""

    decides_playability = True
    answers_only = True

    def playable(self, state: RoundState, seat: int, kind: int) -> bool:
        return False

    def resolve(self, state: RoundState, entry: Pending) -> None:
        """Acts on the card below it on the stack; whose turn it is stays that card's."""


# --- Non (U-22 … U-25) ----------------------------------------------------------------


@register_effect
class Cancel(Reaction):
    """U-23: the card below never acts; the colour and what may be played are as they
    were before it, and play goes on from the seat after its player."""

    name = "cancel"
    responders = ("non",)

    def on_play(self, state: RoundState, entry: Pending) -> None:
        # U-41: the player attacked challenges only as his first answer to the card; a
        # Non he lays anywhere in the chain answers it.
        penalty = next((e.penalty for e in reversed(state.stack) if e.penalty is not None),
                       None)
        if penalty is not None and penalty.target == entry.author:
            penalty.challengeable = False

    def resolve(self, state: RoundState, entry: Pending) -> None:
        cancelled = state.stack.pop()
        state.color = cancelled.prev_color
        state.match_set = cancelled.prev_match
        if not state.stack:  # the turn's own play: the next seat after its player plays
            state.turn = state.next_seat(cancelled.author)
        state.log(Cancelled(state.variant.kinds[cancelled.kind].id, cancelled.author))


@register_responder
class NonResponder(Responder):
    """U-22: any seat holding a Non may lay it on the card waiting on top of the stack,
    unless nobody laid that card (a first card), a challenge has settled it (U-42), or
    it is a +X that a Boomerang or Dérivation has acted on: the last card laid is then
    the reaction, which has acted (U-29)."""

    name = "non"

    def active(self, state: RoundState) -> bool:
        top = state.stack[-1]
        penalty = top.penalty
        if top.kind < 0 or top.author < 0 or (penalty is not None
                                              and (penalty.challenged or penalty.moved)):
            return False
        return anyone_holds(state, kinds_where(state.variant, "cancel"))

    def options(self, state: RoundState, seat: int) -> list[Action]:
        return state.plays_of(seat, kinds_where(state.variant, "cancel").intersection(
            state.hands[seat]))


# --- Boomerang and Dérivation (U-27 … U-29) -----------------------------------------------


def pending_draw(state: RoundState) -> DrawPenalty | None:
    """The draw a Boomerang or Dérivation may answer now: the +X on top of the stack,
    laid by a player, not challenged."""
    penalty = state.stack[-1].penalty
    if (penalty is None or penalty.author is None or penalty.challenged
            or not (penalty.reflectable or penalty.redirectable)):
        return None
    return penalty


class DrawReaction(Reaction):
    """Laid on a pending +X by the player due to draw; it moves the draw when it
    resolves, so a Non on it leaves the draw where it was."""

    def on_play(self, state: RoundState, entry: Pending) -> None:
        # An answer comes instead of a challenge (U-41: the challenge is the first answer).
        below = state.stack[-1].penalty
        assert below is not None
        below.challengeable = False

    def new_drawer(self, state: RoundState, entry: Pending, penalty: DrawPenalty) -> int:
        raise NotImplementedError

    def hits(self, state: RoundState, entry: Pending) -> int | None:
        """U-40: the player it will make draw is asked first whether he answers it."""
        below = state.stack[-2].penalty if len(state.stack) >= 2 else None
        return None if below is None else self.new_drawer(state, entry, below)

    def resolve(self, state: RoundState, entry: Pending) -> None:
        penalty = state.stack[-1].penalty
        assert penalty is not None
        penalty.target = self.new_drawer(state, entry, penalty)
        penalty.moved = True
        state.log(DrawGoesTo(penalty.target))


@register_effect
class ReturnDraw(DrawReaction):
    """U-27: the author of the +X draws instead; the skip does not move."""

    name = "return-draw"
    responders = ("boomerang",)

    def new_drawer(self, state: RoundState, entry: Pending, penalty: DrawPenalty) -> int:
        assert penalty.author is not None
        return penalty.author


@register_effect
class RedirectDraw(DrawReaction):
    """U-28: a player its player names (not himself) draws instead."""

    name = "redirect-draw"
    responders = ("derivation",)

    def targets(self, variant: CardTables, kind: int, seat: int, n: int) -> list[int | None]:
        return [s for s in range(n) if s != seat]

    def new_drawer(self, state: RoundState, entry: Pending, penalty: DrawPenalty) -> int:
        assert entry.action is not None and entry.action.target is not None
        return entry.action.target


@register_responder
class BoomerangResponder(Responder):
    """U-27: the player due to draw, unless he laid the +X himself."""

    name = "boomerang"
    needs_penalty = True

    def active(self, state: RoundState) -> bool:
        penalty = pending_draw(state)
        return (penalty is not None and penalty.reflectable and penalty.target != penalty.author
                and anyone_holds(state, kinds_where(state.variant, "return-draw")))

    def options(self, state: RoundState, seat: int) -> list[Action]:
        penalty = state.stack[-1].penalty
        assert penalty is not None
        if seat != penalty.target:
            return []
        return state.plays_of(seat, kinds_where(state.variant, "return-draw").intersection(
            state.hands[seat]))


@register_responder
class DerivationResponder(Responder):
    """U-28: the player due to draw, whoever laid the +X."""

    name = "derivation"
    needs_penalty = True

    def active(self, state: RoundState) -> bool:
        penalty = pending_draw(state)
        return (penalty is not None and penalty.redirectable
                and anyone_holds(state, kinds_where(state.variant, "redirect-draw")))

    def options(self, state: RoundState, seat: int) -> list[Action]:
        penalty = state.stack[-1].penalty
        assert penalty is not None
        if seat != penalty.target:
            return []
        return state.plays_of(seat, kinds_where(state.variant, "redirect-draw").intersection(
            state.hands[seat]))
