"""Rapido (O-21 to O-26): identical cards laid together or out of turn, stacking
of the same kind, draw and pass, and the lowest score wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardgen.engine.api import (
    Action,
    ActionSyntaxError,
    DrawPenalty,
    Play,
    RoundState,
    action_verb,
    kinds_where,
    option,
)
from cardgen.engine.classic.options import LowestScore
from cardgen.engine.house.rules import DrawAndPass
from cardgen.engine.options.jump_ins import JumpInIdentical, PlayGroup, _parse_together
from cardgen.engine.options.stacking import StackSameKind

# --- rapido (O-21 … O-26) -------------------------------------------------------------------

#: O-26: Rapido's card values where they differ from the catalogue's.
RAPIDO_POINTS = {"draw": 50, "wild": 50, "wild-draw": 50, "rotate-hands": 100}


@option("rapido")
class Rapido(DrawAndPass, StackSameKind, JumpInIdentical, LowestScore):
    """O-21 … O-26: drawing is your play; defence with the same card; an identical
    card may be laid out of turn; the Uno card makes the next player draw 8; everyone
    scores his own hand with Rapido's values and the lowest total wins."""

    uno_card_rotates = False
    uno_card_draws = 8

    def stack_kinds(self, state: RoundState, penalty: DrawPenalty) -> frozenset[int]:
        """O-23: the Uno card defends against a Uno card too."""
        found = super().stack_kinds(state, penalty)
        kinds = state.variant.kinds
        if kinds[penalty.card].effect == "rotate-hands":
            found |= {k for k, c in enumerate(kinds) if c.effect == "rotate-hands"}
        return found

    def turn_actions(self, state: RoundState, seat: int) -> list[Action]:
        """O-25: the Uno card goes on anything but a +2, a +4 or a Skip. The catalogue's
        card goes on any card (``any_card``), so the refusal is Rapido's own. O-24: a
        play may have a card identical to the top card before it and one identical to
        itself after it."""
        actions = super().turn_actions(state, seat)
        if uno_card_barred(state):
            kinds = state.variant.kinds
            actions = [a for a in actions
                       if not (isinstance(a, Play) and kinds[a.kind].effect == "rotate-hands")]
        return actions + rapido_turns(state, seat, actions)

    def round_points(self, state: RoundState, seat: int) -> int:
        kinds = state.variant.kinds
        return sum(RAPIDO_POINTS.get(kinds[k].effect, state.variant.points_of[k])
                   if kinds[k].effect != "number" else state.variant.points_of[k]
                   for k in state.hands[seat])


@dataclass(frozen=True, slots=True)
class RapidoTurn(PlayGroup):
    """O-24: a turn's play with a card identical to the top card laid before it and/or
    one identical to it laid after it: ``rapido red-5 red-7 red-7``. Only the last card
    acts; the others are laid without effect."""

    verb: ClassVar[str] = "rapido"
    acts_as_one: ClassVar[bool] = False


@action_verb("rapido")
def _parse_rapido(args: list[str], line: str) -> Action:
    group = _parse_together(args, line)
    assert isinstance(group, PlayGroup)
    if len(group.cards) > 3:
        raise ActionSyntaxError(f"'{line}': a Rapido turn lays 2 or 3 cards")
    return RapidoTurn(group.card, group.color, group.target, group.uno, cards=group.cards)


def rapido_turns(state: RoundState, seat: int, actions: list[Action]) -> list[Action]:
    """O-24: the turns of 2 or 3 cards built on the plain plays ``actions`` allows."""
    hand = state.hands[seat]
    counts = {k: hand.count(k) for k in set(hand)}
    top = state.discard[-1]
    # No copy of a +2, +4, Uno card or Skip before one's play: defence comes first.
    defended = uno_card_barred(state) or state.variant.kinds[top].effect == "rotate-hands"
    before = 0 if defended else counts.get(top, 0)
    playable = sorted({a.kind for a in actions if type(a) is Play})
    extra: list[Action] = []
    for kind in playable:
        groups: list[tuple[int, ...]] = []
        if counts[kind] >= 2:
            groups.append((kind, kind))  # a play and a copy of it after (or a copy before)
        if kind == top:
            if counts[kind] >= 3 and before:
                groups.append((kind, kind, kind))
        elif before:
            groups.append((top, kind))
            if counts[kind] >= 2:
                groups.append((top, kind, kind))
        for group in groups:
            for play in state.plays[seat][len(hand) - len(group) == 1][kind]:
                extra.append(RapidoTurn.of(state.variant, group, play))
    return extra


def uno_card_barred(state: RoundState) -> bool:
    """O-25: a +2, a +4 (and their kin) or a Skip on top refuses Rapido's Uno card."""
    top = state.discard[-1]
    return (top in kinds_where(state.variant, "draw", "wild-draw")
            or state.variant.kinds[top].effect == "skip")
