"""Why a card cannot be played now, worked out from the round itself.

The engine knows only which actions are legal; a person wants the reason. The reasons
are tried from the most specific: the card is not in the hand; it is legal after all;
a draw is pending and the card does not answer it; it matches neither the colour in
force nor the top card (C-12); otherwise the rules in force (a drawn card only, a strict
+4, an answer out of turn…) allow other actions, which are listed.
"""

from __future__ import annotations

from cardgen.engine import Play, RoundState
from cardgen.table.words import Words


def why_not(state: RoundState, seat: int, card_id: str, words: Words) -> str:
    """One sentence: why ``card_id`` cannot be played by ``seat`` now (or that it can)."""
    variant = state.variant
    kind = variant.kind_of[card_id]
    card = words.card(state, kind)
    if kind not in state.hands[seat]:
        return words("why_not_held", card=card)
    legal = state.legal_actions() if state.actor == seat else []
    if any(isinstance(action, Play) and action.kind == kind for action in legal):
        return words("why_legal", card=card)
    allowed = ", ".join(words.action(state, action) for action in legal) or "-"
    pending = words.pending(state, words.seats or tuple(range(state.n)))
    if pending is not None:
        return words("why_pending", card=card, what=pending, allowed=allowed)
    if (any(isinstance(action, Play) for action in legal) or not legal) and not (
            state.can_play(seat, kind)):
        top = words.card(state, state.discard[-1])
        color = words.color_in_force(state)
        return words("why_mismatch", card=card, top=top, color=color)
    return words("why_other", card=card, allowed=allowed)
