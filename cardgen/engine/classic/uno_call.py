"""Responses out of turn: what a seat may do while it is not its turn.

After a card lands and before it resolves (and again once the stack of pending effects
is empty, before the next player acts), the engine asks the seats in a fixed order
whether they respond. Each kind of response is a :class:`Responder`: ``active`` says
cheaply whether it can apply at all (most of the time it cannot, and nobody is asked),
``options`` lists what one seat may do. A response that changes the state calls
``state.response_done()``, and every seat is asked again, so a response can be
answered. The official rules have two: challenging a +4 (C-21) and catching a missed
UNO (C-24); the variants register more ("Non", Boomerang, jump-in …) with
:func:`register_responder` and list them in their rules' ``responders`` hook.
"""

from __future__ import annotations

from typing import ClassVar

from cardgen.engine.actions import CHALLENGE, Action
from cardgen.engine.state import RoundState


class Responder:
    name: ClassVar[str] = ""
    #: When it applies: "pending" while a card waits on the stack of pending effects,
    #: "between" once the stack is empty and before the next turn begins.
    window: ClassVar[str] = "pending"
    #: True when it answers only a pending draw (the top of the stack carries a
    #: penalty): the round then skips it for every other card, without asking ``active``.
    needs_penalty: ClassVar[bool] = False
    #: True when it answers only a missed UNO call (``state.uno_missed``): the round
    #: then skips it between turns when nobody missed one.
    needs_missed_uno: ClassVar[bool] = False

    def active(self, state: RoundState) -> bool:
        """Whether anyone could respond this way now."""
        raise NotImplementedError

    def options(self, state: RoundState, seat: int) -> list[Action]:
        """What ``seat`` may do this way now (empty: nothing)."""
        raise NotImplementedError


RESPONDERS: dict[str, Responder] = {}


def register_responder(cls: type[Responder]) -> type[Responder]:
    RESPONDERS[cls.name] = cls()
    return cls


@register_responder
class ChallengeDraw(Responder):
    """C-21: the player a +4 hits may challenge it, before drawing."""

    name = "challenge"
    needs_penalty = True

    def active(self, state: RoundState) -> bool:
        penalty = state.stack[-1].penalty
        # C-23: a +4 played as the last card cannot be challenged (an empty hand held
        # no card of the colour, so it was no bluff).
        return (penalty is not None and penalty.challengeable and penalty.author is not None
                and bool(state.hands[penalty.author]))

    def options(self, state: RoundState, seat: int) -> list[Action]:
        penalty = state.stack[-1].penalty
        return [CHALLENGE] if penalty is not None and seat == penalty.target else []


@register_responder
class CatchUno(Responder):
    """C-24: a player who did not call UNO may be caught by an opponent before the next
    player plays or draws."""

    name = "uno-catch"
    window = "between"
    needs_missed_uno = True

    def active(self, state: RoundState) -> bool:
        return state.uno_missed >= 0

    def options(self, state: RoundState, seat: int) -> list[Action]:
        offender = state.uno_missed
        if not state.rules.opponents(state, seat, offender) or len(state.hands[offender]) != 1:
            return []
        return [state.variant.catch_actions[offender]]
