"""The +4 (C-19 … C-23): the wild that draws, when it is a bluff, the challenge of the
player it hits and its outcome, in one place.

The card's effect is :class:`WildDrawCards`; the challenge is an answer out of turn
(:class:`ChallengeDraw`, the action ``challenge``); the bluff and the challenge's
outcome are hooks of the official rules (:class:`WildDrawFourHooks`, which
:class:`~cardgen.engine.classic.rules.OfficialRules` inherits), so that an option
(``challenge-takes-back``, ``strict-wild-draw-four``, Olympique's) overrides only them.
"""

from __future__ import annotations

from cardgen.engine.api import (
    CHALLENGE,
    Action,
    Pending,
    Responder,
    RoundState,
    register_effect,
    register_responder,
)
from cardgen.engine.classic.cards import DrawCards


@register_effect
class WildDrawCards(DrawCards):
    """+4, +4?, +8: a wild that draws; open to a challenge when it was a bluff (C-19…C-21)."""

    name = "wild-draw"
    challengeable = True

    def on_play(self, state: RoundState, entry: Pending) -> None:
        super().on_play(state, entry)
        assert entry.penalty is not None
        entry.penalty.bluff = state.rules.is_bluff(state, entry.author, entry.prev_color)

    def on_start(self, state: RoundState, entry: Pending) -> None:
        if state.rules.start_draw(state, entry):  # O-32: the dealer laid it
            return
        # Only reachable when a deck or an option lets such a card start (the classic +4
        # cannot: C-11; O-32 lets it). Then it acts as a first-card wild and a first-card
        # +2 together: the dealer's left draws and misses the turn, and the colour is
        # named by whoever the rules say names a first wild's (C-10; O-32: the dealer).
        victim = state.next_seat(state.dealer)
        entry.penalty = state.rules.new_penalty(
            state, entry, amount=int(state.variant.kinds[entry.kind].param("amount", 4)),
            target=victim, skipped=victim, challengeable=False)
        entry.penalty.author = None
        state.stack.append(entry)
        state.ask_start_color(state.rules.start_color_chooser(state))


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
