"""Drawing more than one card: draw until playable (O-18) and Uno Extreme's
dispenser (O-43), with the 2x card that doubles a draw.

A dispenser press is a chance step (``RoundState.dispenser_press``), so a situation
file can fix it.
"""

from __future__ import annotations

from typing import ClassVar

from cardgen.engine.api import (
    DRAW,
    KEEP,
    TURN,
    Action,
    DrawPenalty,
    Effect,
    OfficialRules,
    Pending,
    Play,
    RoundState,
    option,
    register_effect,
)
from cardgen.engine.events import DispenserPressed
from cardgen.engine.options.jump_ins import forget_laid

#: state.extra keys
DRAWN_NOW = "options:drawn"  # the cards drawn on this turn (draw-until-playable, extreme)
#: O-43: what one press of Uno Extreme's dispenser gives, from 0 to this, each as likely.
PRESS_MAX = 7
# --- drawing: draw-until-playable (O-18), extreme-draw (O-43) -----------------------------


def drawn_plays(state: RoundState, seat: int) -> list[Action]:
    """The plays of the playable cards drawn this turn and still in hand."""
    hand = state.hands[seat]
    kinds = {k for k in state.extra.get(DRAWN_NOW) or () if k in hand and state.can_play(seat, k)}
    return state.plays_of(seat, kinds)


class MultiDraw(OfficialRules):
    """A turn's draw that may bring several cards, any playable one of which may follow."""

    def drawn_actions(self, state: RoundState, seat: int, kind: int) -> list[Action]:
        return [*drawn_plays(state, seat), KEEP]

    def after_drawing(self, state: RoundState, seat: int, got: list[int]) -> None:
        drawn: list[int] = state.extra.setdefault(DRAWN_NOW, [])
        drawn.extend(got)
        playable = [k for k in drawn if k in state.hands[seat] and state.can_play(seat, k)]
        if playable:
            state.offer_drawn(playable[-1])
        else:
            state.end_turn()


@option("draw-until-playable")
class DrawUntilPlayable(MultiDraw):
    """O-18: a player who cannot play draws one card at a time, up to 3; he may stop
    once one fits or draw on to 3, and may then lay one playable card drawn this turn.
    A player who could play and draws anyway draws one card, as officially (C-15)."""

    limit: ClassVar[int] = 3

    def draw_turn(self, state: RoundState, seat: int) -> None:
        forget_laid(state)
        if state.phase == TURN:
            if any(isinstance(a, Play) for a in self.turn_actions(state, seat)):
                state.extra[DRAWN_NOW] = None  # this turn's draw is the official one
                super(MultiDraw, self).draw_turn(state, seat)
                return
            state.extra[DRAWN_NOW] = []
        if not state.draw_cards(seat, 1):
            if state.extra[DRAWN_NOW]:
                state.end_turn()
            else:
                state.idle_turn()  # C-28
            return
        drawn = state.extra[DRAWN_NOW]
        drawn.append(state.hands[seat][-1])
        if drawn_plays(state, seat) or len(drawn) < self.limit:
            state.offer_drawn(drawn[-1])  # play, draw on, or (once one fits) stop
        else:
            state.end_turn()

    def drawn_actions(self, state: RoundState, seat: int, kind: int) -> list[Action]:
        if state.extra.get(DRAWN_NOW, ()) is None:  # a voluntary draw: play it or keep it
            return super(MultiDraw, self).drawn_actions(state, seat, kind)
        plays = drawn_plays(state, seat)
        more: list[Action] = [DRAW] if len(state.extra.get(DRAWN_NOW, ())) < self.limit else []
        return [*plays, *more, KEEP] if plays else more


def press(state: RoundState) -> int:
    """O-43: one press of the dispenser, a chance step of the round."""
    return state.dispenser_press(PRESS_MAX)


@option("extreme-draw")
class ExtremeDraw(MultiDraw):
    """O-43: a turn's draw is a press of the dispenser: 0 to 7 cards, each count as
    likely; any playable card it gave may then be laid. Only a player who must draw
    presses (002:307, "quand un joueur doit piocher"): no voluntary draw (C-15)."""

    draws_from_dispenser = True

    def turn_actions(self, state: RoundState, seat: int) -> list[Action]:
        actions = super().turn_actions(state, seat)
        if any(isinstance(a, Play) for a in actions):
            return [a for a in actions if a is not DRAW]
        return actions

    def draw_turn(self, state: RoundState, seat: int) -> None:
        forget_laid(state)
        state.extra[DRAWN_NOW] = []
        count = press(state)
        got = state.draw_cards(seat, count)
        state.log(DispenserPressed(seat, count))
        if count and not got:
            state.idle_turn()  # C-28: nothing left to give
            return
        self.after_drawing(state, seat, state.hands[seat][len(state.hands[seat]) - got:])


@register_effect
class DoubleDraw(Effect):
    """O-43: the next player presses the dispenser twice (one card a press without
    extreme-draw) and misses his turn."""

    name = "double-draw"

    def on_play(self, state: RoundState, entry: Pending) -> None:
        following = state.next_seat(entry.author)
        extreme = state.rules.draws_from_dispenser
        amount = press(state) + press(state) if extreme else 2
        entry.penalty = DrawPenalty(amount, following, author=entry.author,
                                    skipped=following, card=entry.kind)

    def resolve(self, state: RoundState, entry: Pending) -> None:
        assert entry.penalty is not None
        state.apply_penalty(entry.penalty)
