"""The house sheet's own small rules (seed 003, H-…): the dealer picks the
direction (H-02), draw and pass (H-05), no black card to finish (H-22), play goes on
after the first player is out (H-20, H-21), and the blank card (H-18).

The sheet's larger families have modules of their own: :mod:`~cardgen.engine.options.stacking`,
:mod:`~cardgen.engine.options.jump_ins` and :mod:`~cardgen.engine.options.hands`. Each option is a
small subclass of :class:`~cardgen.engine.classic.rules.OfficialRules` that overrides only its
hooks and calls ``super()`` for the rest, so any of them combines with any deck (the
``house`` deck turns eleven of them on).
"""

from __future__ import annotations

from cardgen.engine.api import (
    Effect,
    OfficialRules,
    Pending,
    RoundField,
    RoundState,
    option,
    register_effect,
    register_round_field,
)
from cardgen.engine.events import BlackFinishRefused, DealDirection, IsOut
from cardgen.engine.options.hands import pair_choices
from cardgen.engine.options.jump_ins import forget_laid

#: state.extra keys
FINISHED = "house:finished"  # the seats out of the round, in order (play-on)


def _seats_out(state: RoundState) -> list[int]:
    """The seats out, in the order they went out; a seat that came back in (H-18) counts
    from its first time out, as the choice of the winner does (H-21)."""
    return [s for s in dict.fromkeys(state.extra.get(FINISHED, [])) if s in state.out]


def _set_seats_out(state: RoundState, seats: list[int]) -> None:
    state.extra[FINISHED] = list(seats)


# A situation's seats out (`out`, which sets state.out) went out in the order listed.
register_round_field(RoundField("out", "seats", _seats_out, _set_seats_out))


# --- H-02 dealer-picks-direction, H-05 draw-and-pass ----------------------------------------


@option("dealer-picks-direction")
class DealerPicksDirection(OfficialRules):
    """H-02, O-30: the dealer picks the direction before he has seen a card, so any
    choice is as good as another: a seeded chance step. Play starts that way, and the
    first-card rules read "left" as that side."""

    def after_deal(self, state: RoundState) -> None:
        state.direction = 1 if state.rng.random() < 0.5 else -1
        state.log(DealDirection(clockwise=state.direction == 1))
        super().after_deal(state)


@option("draw-and-pass")
class DrawAndPass(OfficialRules):
    """H-05, O-21: a player who draws on his turn keeps the card; his turn is over."""

    def draw_turn(self, state: RoundState, seat: int) -> None:
        forget_laid(state)
        if state.draw_cards(seat, 1):
            state.end_turn()
        else:
            state.idle_turn()  # C-28


# --- no-black-finish (H-22), play-on (H-20, H-21) -------------------------------------------


@option("no-black-finish")
class NoBlackFinish(OfficialRules):
    """H-22: a player whose last card is black lays it (its effect applies), then draws
    one card and is at UNO, the call made for him."""

    def after_play(self, state: RoundState, entry: Pending) -> None:
        super().after_play(state, entry)
        seat = entry.author
        card = state.variant.kinds[entry.kind]
        if (seat >= 0 and not state.hands[seat] and seat in state.emptied
                and card.color is None and card.names_color  # a black card
                and state.draw_cards(seat, 1)):
            state.emptied.remove(seat)
            state.at_uno[seat] = True
            state.log(BlackFinishRefused(seat))


@option("play-on")
class PlayOn(OfficialRules):
    """H-20, H-21: a player who empties his hand is out and the others play on, until
    2 players are left (3 from 6 players); the earliest player out who is still out
    wins the round."""

    round_ends_on_first_out = False

    def on_hand_empty(self, state: RoundState, seat: int) -> bool:
        if seat in state.out:
            return False
        if state.hands[seat]:  # he drew before his going out was settled (a chain he
            return False       # began, cancelled onto him, H-15): he holds cards, he is in
        state.out.append(seat)
        state.at_uno[seat] = False
        finished: list[int] = state.extra.setdefault(FINISHED, [])
        finished.append(seat)
        state.log(IsOut(seat))
        if state.active_count() <= (2 if state.n <= 5 else 3):
            winner = next(s for s in finished if s in state.out)
            state.end_round(winner, "out")
            return True
        if state.turn in state.out:
            state.turn = state.next_seat(state.turn)
        return False


# --- the blank card (H-18) -----------------------------------------------------------------


@register_effect
class SwapAnyTwo(Effect):
    """H-18: once it stands, its player picks any two hands — his own, anyone's, even a
    player's who is out — and they are swapped."""

    name = "swap-any-two"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        super().resolve(state, entry)
        state.ask(entry.author, pair_choices(list(range(state.n))))
