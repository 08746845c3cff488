"""The UNO call (C-24): catching a player who did not call it, and the hooks of the
official rules that say who may catch and what it costs.
"""

from __future__ import annotations

from typing import ClassVar

from cardgen.engine.actions import Action
from cardgen.engine.hooks import Responder, register_responder
from cardgen.engine.state import RoundState


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


class UnoCallHooks:
    """The official hooks of the UNO call, which
    :class:`~cardgen.engine.classic.rules.OfficialRules` inherits (an option overrides
    them there, as any other hook)."""

    #: C-24: the cards a player caught without calling UNO draws.
    uno_penalty: ClassVar[int] = 2

    def opponents(self, state: RoundState, seat: int, other: int) -> bool:
        """Whether ``seat`` plays against ``other`` (C-24: only an opponent catches a
        missed UNO call). Every other player is one, but for partners (V-05, V-06)."""
        return seat != other

    def catch_uno(self, state: RoundState, seat: int) -> None:
        """C-24: ``seat``, caught before the next player acts without having called UNO,
        draws the penalty."""
        state.uno_missed = -1
        state.draw_cards(seat, self.uno_penalty)
        state.response_done()
