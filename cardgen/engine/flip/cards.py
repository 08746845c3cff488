"""UNO Flip's effects: Flip (FL-02), Skip Everyone (FL-07) and Wild Draw Color with its
challenge (FL-08, FL-09); and the situation files' ``side`` (FL-10).

Draw One, Draw Five and Wild Draw Two are the standard draw cards with their amount
(``draw``, ``wild-draw``); Reverse and Wild are the standard ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardgen.engine.api import (
    Effect,
    Pending,
    PluginEvent,
    RoundField,
    RoundState,
    log,
    register_effect,
    register_round_field,
)
from cardgen.engine.classic.wild_draw_four import WildDrawCards

#: The sides by number (the round's ``side``), as files and the log write them.
SIDES = ("light", "dark")


@dataclass(frozen=True, slots=True)
class TurnedOver(PluginEvent):
    """FL-02: a Flip turned every card over; ``card`` is the new top of the pile."""

    words: ClassVar[str] = "events|flip.turned-over"
    seat: int
    side: str
    card: str

    def __str__(self) -> str:
        return f"every card turns over: the {self.side} side is in force, {self.card} on top"


@dataclass(frozen=True, slots=True)
class DrewUntilColor(PluginEvent):
    """FL-08: the player hit by a Wild Draw Color drew until the colour named."""

    words: ClassVar[str] = "events|flip.drew-until-color"
    seat: int
    count: int
    color: str

    def __str__(self) -> str:
        return f"{self.count} card(s) drawn until {self.color}"


@register_effect
class Flip(Effect):
    """FL-02: every card turns over, the other side is in force; the top's other face
    gives the colour in force (FL-04), and the next player plays on it."""

    name = "flip"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        variant = state.variant
        state.turn_over()
        top = state.discard[-1]
        color = variant.color_of[top]
        if color < 0:  # (another card landed on the Flip, and its other face is a wild)
            color = variant.color_of[variant.other_face[entry.kind]]
        state.color = color
        state.match_set = variant.match_rows[top][color + 1]
        log(state, TurnedOver(entry.author, SIDES[state.side], variant.kinds[top].id))
        state.turn = state.next_seat(entry.author)


@register_effect
class WildDrawColor(WildDrawCards):
    """FL-08: the player hit draws until a card of the colour named (a wild does not
    count), then misses the turn; open to the +4's challenge (FL-09). The penalty's
    ``amount`` is what comes on top: 0, or 2 for a challenger who was wrong."""

    name = "wild-draw-color"

    def on_play(self, state: RoundState, entry: Pending) -> None:
        super().on_play(state, entry)
        assert entry.penalty is not None and entry.action is not None
        entry.penalty.amount = 0
        entry.penalty.until_color = state.variant.colors[entry.action.color_index]

    def resolve(self, state: RoundState, entry: Pending) -> None:
        penalty = entry.penalty
        assert penalty is not None
        named = entry.action.color_index if entry.action is not None else state.color
        drawn = draw_until_color(state, penalty.target, named)
        log(state, DrewUntilColor(penalty.target, drawn, state.variant.colors[named]))
        state.apply_penalty(penalty)


def draw_until_color(state: RoundState, seat: int, color: int) -> int:
    """``seat`` draws one card at a time until one of ``color`` (or both piles are dry,
    C-28); returns how many it drew."""
    hand = state.hands[seat]
    color_of = state.variant.color_of
    drawn = 0
    while state.draw_cards(seat, 1):
        drawn += 1
        if color_of[hand[-1]] == color:
            break
    return drawn


# --- the side in force, as a situation file writes it (FL-10) --------------------------


def _read_side(state: RoundState) -> str | None:
    return SIDES[state.side] if state.variant.two_faced else None


def _write_side(state: RoundState, side: str) -> None:
    state.side = SIDES.index(side)


def _side_problem(state: RoundState, side: str) -> str | None:
    if not state.variant.two_faced:
        return f"side = \"{side}\": the deck {state.variant.name} has one face to its cards"
    if side not in SIDES:
        return f"side is \"{side}\"; give \"light\" or \"dark\""
    wanted = SIDES.index(side)
    side_of = state.variant.side_of
    wrong = [state.variant.kinds[k].id
             for pile in (*state.hands, state.draw_pile, state.discard) for k in pile
             if side_of[k] != wanted]
    if wrong:
        return (f"side = \"{side}\", but the file names faces of the other side "
                f"({', '.join(dict.fromkeys(wrong))}); name each card by its {side} face")
    return None


register_round_field(RoundField("side", "text", _read_side, _write_side, _side_problem))
