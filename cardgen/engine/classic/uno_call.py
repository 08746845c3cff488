"""The UNO call (C-24): catching a player who did not call it, and the hooks of the
official rules that say who may catch and what it costs.
"""

from __future__ import annotations

from cardgen.engine.api import Action, Responder, RoundState, register_responder


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
