"""Runs of numbers (O-15), the royal run (O-16) and going out with several cards
of one number (O-17).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardgen.engine.api import (
    OVER,
    PASS,
    Action,
    ActionSyntaxError,
    OfficialRules,
    Pending,
    Round,
    RoundState,
    action_verb,
    option,
)
from cardgen.engine.options.jump_ins import COLOR_WORDS, UNINTERRUPTED, PlayGroup

# --- runs (O-15), royal-run (O-16), same-number-finish (O-17) ------------------------------


def run_follows(state: RoundState, previous: int, kind: int) -> bool:
    """O-15: the same number in any colour, or one up or down in the same colour."""
    variant = state.variant
    before, card = variant.kinds[previous], variant.kinds[kind]
    if card.effect != "number" or card.value is None or before.value is None:
        return False
    return card.value == before.value or (abs(card.value - before.value) == 1
                                          and card.color == before.color)


@option("runs")
class Runs(OfficialRules):
    """O-15: after a number card has taken effect, its player may lay another that
    follows it, one at a time, and stops when he likes (``pass``)."""

    def after_resolve(self, state: RoundState, entry: Pending) -> None:
        super().after_resolve(state, entry)
        seat = entry.author
        if (seat < 0 or not state.hands[seat] or state.phase == OVER or state.stack
                or state.variant.kinds[entry.kind].effect != "number"):
            return
        if (self.allows_jump_ins or self.zero_moves_hands == "rotate"
                or self.seven_moves_hands == "swap"):
            # With a jump-in option another player may interrupt the run, and a 0 or a 7
            # may move the hands once it has acted: the run's next card is asked for once
            # all that is done, from the hand its player then holds (a jump-in drops it).
            state.deferred = lambda st: ask_run(st, seat, entry.kind)
        else:
            ask_run(state, seat, entry.kind)

    def after_play(self, state: RoundState, entry: Pending) -> None:
        super().after_play(state, entry)
        state.deferred = None  # a card laid (a jump-in, or the run's own next card)


def ask_run(state: RoundState, seat: int, previous: int) -> None:
    """O-15: the run's player may lay a card that follows ``previous``, or stop."""
    follow = {k for k in state.hands[seat] if run_follows(state, previous, k)}
    if follow and state.hands[seat]:
        state.ask(seat, [*state.plays_of(seat, follow), PASS])



@dataclass(frozen=True, slots=True)
class RoyalRun(PlayGroup):
    """O-16: the nine numbers 1 to 9 laid in one go: ``royal red-1 blue-2 … green-9``.
    Nobody may jump in on it, its last card included."""

    verb: ClassVar[str] = "royal"

    def apply_to(self, state: Round) -> None:
        assert isinstance(state, RoundState)  # (a Play's round; a group needs all of it)
        state.extra[UNINTERRUPTED] = True
        try:
            PlayGroup.apply_to(self, state)
        finally:
            del state.extra[UNINTERRUPTED]


@action_verb("royal")
def _parse_royal(args: list[str], line: str) -> Action:
    cards = [a for a in args if a.lower() not in COLOR_WORDS and a.lower() != "uno"]
    if len(cards) != 9:
        raise ActionSyntaxError(f"'{line}': a royal run lists nine cards, 1 to 9 or 9 to 1")
    return RoyalRun(cards[-1], None, None, "uno" in (a.lower() for a in args),
                    cards=tuple(cards))


@option("royal-run")
class RoyalRunRule(OfficialRules):
    """O-16: a hand holding 1, 2, … 9 (any colours) may lay them in one go, from 1 up or
    9 down, if the first may be laid; nobody can interrupt it and no UNO call is needed.
    Of several copies of a number the lowest in the catalogue's order goes down, except
    for the first card (any playable one) and the last (any: it sets the colour)."""

    def turn_actions(self, state: RoundState, seat: int) -> list[Action]:
        actions = super().turn_actions(state, seat)
        hand = state.hands[seat]
        if len(hand) < 9:
            return actions
        variant = state.variant
        by_value: dict[int, list[int]] = {}
        for kind in sorted(set(hand)):
            card = variant.kinds[kind]
            if card.effect == "number" and card.value is not None and 1 <= card.value <= 9:
                by_value.setdefault(card.value, []).append(kind)
        if len(by_value) < 9:
            return actions
        extra: list[Action] = []
        left = len(hand) - 9
        for values in (range(1, 10), range(9, 0, -1)):
            order = list(values)
            for first in by_value[order[0]]:
                if not state.can_play(seat, first):
                    continue
                middle = [by_value[v][0] for v in order[1:-1]]
                for last in by_value[order[-1]]:
                    group = (first, *middle, last)
                    for play in state.plays[seat][left == 1][last]:
                        if play.uno == (left == 1):  # no call needed: it is made for him
                            extra.append(RoyalRun.of(variant, group, play))
        return extra + actions


@option("same-number-finish")
class SameNumberFinish(OfficialRules):
    """O-17: a hand of 2 to 4 number cards of one number may go down at once, the first
    a legal play, and its player goes out."""

    def turn_actions(self, state: RoundState, seat: int) -> list[Action]:
        actions = super().turn_actions(state, seat)
        hand = state.hands[seat]
        variant = state.variant
        if not 2 <= len(hand) <= 4:
            return actions
        values = {variant.kinds[k].value for k in hand}
        if len(values) != 1 or any(variant.kinds[k].effect != "number" for k in hand):
            return actions
        extra: list[Action] = []
        seen: set[tuple[int, ...]] = set()
        for first in sorted(set(hand)):
            if not state.can_play(seat, first):
                continue
            rest = sorted(hand)
            rest.remove(first)
            for last in sorted(set(rest)):
                middle = list(rest)
                middle.remove(last)
                group = (first, *middle, last)
                if group in seen:
                    continue
                seen.add(group)
                extra += [PlayGroup.of(variant, group, play)
                          for play in state.plays[seat][False][last]]
        return extra + actions
