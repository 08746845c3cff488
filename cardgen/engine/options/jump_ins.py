"""Cards laid out of turn or together: jump-ins (H-11, O-10, O-12, O-33) and
identical cards laid as one play (H-12, O-11).

:class:`PlayGroup`, a play of several identical cards, is also what the royal run, Rapido
and the Olympique pair are made of.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import ClassVar

from cardgen.engine.api import (
    RESPONDERS,
    Action,
    ActionSyntaxError,
    CardTables,
    DrawPenalty,
    OfficialRules,
    Pending,
    Play,
    Responder,
    Round,
    RoundState,
    action_verb,
    option,
    parse_seat,
    register_responder,
    seat_name,
)
from cardgen.engine.events import DrawGrows, LaidTogether
from cardgen.engine.options.stacking import ends_the_round

#: state.extra keys
LAID = "house:laid"  # a card was laid and no turn has begun since (jump-ins)
GROUP = "house:group"  # how many identical cards the card being laid stands for
UNINTERRUPTED = "house:uninterrupted"  # the play being laid admits no jump-in (O-16)


def forget_laid(state: RoundState) -> None:
    """A turn began with a draw: no card is "just laid" any more (jump-ins)."""
    state.extra.pop(LAID, None)


# --- jump-ins (H-11, O-10, O-12, O-33) -----------------------------------------------------


class JumpRules(OfficialRules):
    """Between a card's effect and the next turn, another player may lay a card that the
    option allows on it (``jump_kinds``); it acts as if laid on his turn, and play goes
    on from him."""

    allows_jump_ins = True

    def responders(self) -> tuple[Responder, ...]:
        return (*super().responders(), RESPONDERS["jump-in"])

    def after_play(self, state: RoundState, entry: Pending) -> None:
        super().after_play(state, entry)
        if state.extra.get(UNINTERRUPTED):
            forget_laid(state)
        else:
            state.extra[LAID] = True

    def draw_turn(self, state: RoundState, seat: int) -> None:
        forget_laid(state)
        super().draw_turn(state, seat)


@register_responder
class JumpInResponder(Responder):
    name = "jump-in"
    window = "between"

    def active(self, state: RoundState) -> bool:
        if LAID not in state.extra or state.top_author < 0:
            return False
        kinds = state.rules.jump_kinds(state, state.discard[-1])
        return any(not kinds.isdisjoint(hand) for hand in state.hands)

    def options(self, state: RoundState, seat: int) -> list[Action]:
        if seat == state.top_author or not state.hands[seat]:
            return []
        kinds = state.rules.jump_kinds(state, state.discard[-1]).intersection(state.hands[seat])
        return state.plays_of(seat, kinds)


@option("jump-in")
class JumpIn(JumpRules):
    """O-10: a number card 1-9 of the same number, any colour."""

    def jump_kinds(self, state: RoundState, top: int) -> frozenset[int]:
        card = state.variant.kinds[top]
        found = super().jump_kinds(state, top)
        if card.effect == "number" and card.value:
            found |= {k for k, c in enumerate(state.variant.kinds)
                      if c.effect == "number" and c.value == card.value}
        return found


@option("jump-in-identical")
class JumpInIdentical(JumpRules):
    """H-11, O-12, O-33: the very same card (same id), action and black cards included.
    A draw card may be intercepted while its draw still waits, before its victim draws:
    the two draws make one, aimed at the player after the interceptor."""

    def responders(self) -> tuple[Responder, ...]:
        return (*super().responders(), RESPONDERS["jump-on"])

    def jump_kinds(self, state: RoundState, top: int) -> frozenset[int]:
        found = super().jump_kinds(state, top)
        # A card laid only in answer (Non, Boomerang) has nothing to answer once the
        # card it answered has acted (U-22, U-27): no jump-in with it.
        if state.variant.effect_of[top].answers_only:
            return found
        return found | {top}

    def after_play(self, state: RoundState, entry: Pending) -> None:
        super().after_play(state, entry)
        below = state.stack[-2] if len(state.stack) >= 2 else None
        if (below is None or entry.penalty is None or below.kind != entry.kind
                or below.penalty is None or intercepted_draw(state, below) is None):
            return  # (a stacking rule may have joined the two draws already)
        # The draw intercepted joins the interceptor's: one draw, no longer challengeable.
        state.stack.pop(-2)
        state.fired[below.kind] += 1
        entry.penalty.amount += below.penalty.amount
        entry.penalty.challengeable = False
        state.log(DrawGrows(entry.penalty.amount))


def intercepted_draw(state: RoundState, entry: Pending) -> DrawPenalty | None:
    """The draw of ``entry`` if a player may still intercept it (H-11): laid by a player,
    neither challenged nor moved by a reaction."""
    penalty = entry.penalty
    if (penalty is None or entry.author < 0 or penalty.author is None or penalty.challenged
            or penalty.moved or ends_the_round(state, penalty)):
        return None
    return penalty


@register_responder
class JumpOnResponder(Responder):
    """H-11: while a draw card's draw waits, any other player holding the very same card
    may lay it (the player hit as well, unless a stacking rule already lets him)."""

    name = "jump-on"

    def active(self, state: RoundState) -> bool:
        top = state.stack[-1]
        if intercepted_draw(state, top) is None:
            return False
        kind = top.kind
        return any(kind in hand for seat, hand in enumerate(state.hands) if seat != top.author)

    def options(self, state: RoundState, seat: int) -> list[Action]:
        top = state.stack[-1]
        penalty = top.penalty
        assert penalty is not None
        if (seat == top.author or seat in state.out or top.kind not in state.hands[seat]
                or (seat == penalty.target and state.rules.stacks_draws
                    and penalty.stackable)):
            return []
        return state.plays_of(seat, (top.kind,))


# --- play-identical-together (H-12, O-11) ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayGroup(Play):
    """Several cards laid in one go, in order; the last one (``card``) acts and carries
    the colour, victim and UNO call: ``together red-4 red-4``, ``together wild wild
    blue``. A kind of play, so that a bot weighs it as the play of its last card."""

    verb: ClassVar[str] = "together"
    #: Copies of one card laid together act as one play of all of them (H-12); False:
    #: only the last card acts, the others are laid without effect (O-24).
    acts_as_one: ClassVar[bool] = True
    cards: tuple[str, ...] = ()
    kinds: tuple[int, ...] = field(default=(), compare=False, repr=False)
    last: Play | None = field(default=None, compare=False, repr=False)

    @classmethod
    def of(cls, variant: CardTables, group: tuple[int, ...], last: Play) -> PlayGroup:
        """The group ``group`` of kinds, ending with the engine's play ``last``."""
        return cls(last.card, last.color, last.target, last.uno, kind=last.kind,
                   color_index=last.color_index,
                   cards=tuple(variant.kinds[k].id for k in group), kinds=group, last=last)

    def apply_to(self, state: Round) -> None:
        assert isinstance(state, RoundState)  # (a Play's round; a group needs all of it)
        assert self.last is not None
        seat = state.actor
        hand = state.hands[seat]
        for kind in self.kinds[:-1]:
            hand.remove(kind)
            state.discard.append(kind)
            state.played[kind] += 1
        last = self.kinds[-1]
        identical = all(k == last for k in self.kinds)
        if identical and self.acts_as_one:
            state.extra[GROUP] = len(self.kinds)
            if state.variant.kinds[last].effect == "reverse" and len(self.kinds) % 2 == 0:
                state.direction = -state.direction  # the last Reverse turns it back
        state.log(LaidTogether(seat, len(self.kinds)))
        state.play_card(self.last)

    def __str__(self) -> str:
        text = f"{self.verb} " + " ".join(self.cards)
        if self.color is not None:
            text += f" {self.color}"
        if self.target is not None:
            text += f" @{seat_name(self.target)}"
        return text + (" uno" if self.uno else "")


COLOR_WORDS = frozenset({"red", "yellow", "green", "blue"})


@action_verb("together")
def _parse_together(args: list[str], line: str) -> Action:
    cards: list[str] = []
    color: str | None = None
    target: int | None = None
    uno = False
    for word in args:
        if word.lower() == "uno":
            uno = True
        elif word.startswith("@"):
            target = parse_seat(word[1:], line)
        elif word.lower() in COLOR_WORDS:
            color = word.lower()
        else:
            cards.append(word)
    if len(cards) < 2:
        raise ActionSyntaxError(f"'{line}': write 'together' and two cards or more, e.g. "
                                "'together red-4 blue-4'")
    return PlayGroup(cards[-1], color, target, uno, cards=tuple(cards))


def groups(state: RoundState, seat: int, playable: set[int]) -> list[tuple[int, ...]]:
    """The groups a hand may lay: 2 or more copies of a playable card (H-12), or number
    cards of one number whose first is playable (O-11), in every order that matters
    (the first card and the last one)."""
    hand = state.hands[seat]
    variant = state.variant
    values = [variant.kinds[k].value for k in hand if variant.kinds[k].effect == "number"]
    if len(set(hand)) == len(hand) and len(set(values)) == len(values):
        return []  # no two cards alike: the common case, answered cheaply
    counts = Counter(hand)
    found: list[tuple[int, ...]] = []
    for kind in sorted(playable):
        found += [(kind,) * size for size in range(2, counts[kind] + 1)]
    by_value: dict[int, list[int]] = {}
    for kind in sorted(counts):
        card = variant.kinds[kind]
        if card.effect == "number" and card.value is not None:
            by_value.setdefault(card.value, []).extend([kind] * counts[kind])
    for cards in by_value.values():
        if len(cards) < 2 or len(set(cards)) < 2 or len(cards) > 5:
            continue
        for first in sorted(set(cards) & playable):
            rest = list(cards)
            rest.remove(first)
            subsets = {tuple(sorted(rest[i] for i in range(len(rest)) if mask >> i & 1))
                       for mask in range(1, 1 << len(rest))}
            for subset in sorted(subsets):
                for last in sorted(set(subset)):
                    middle = list(subset)
                    middle.remove(last)
                    group = (first, *middle, last)
                    if len(set(group)) > 1:
                        found.append(group)
    return found


@option("play-identical-together")
class PlayIdenticalTogether(OfficialRules):
    """H-12: copies of one card laid together act as one play: draws add up, Skips skip
    one player, an even number of Reverses leaves the direction, wilds name one colour.
    O-11: number cards of one number may go down together whatever their colours."""

    def turn_actions(self, state: RoundState, seat: int) -> list[Action]:
        actions = super().turn_actions(state, seat)
        playable = {a.kind for a in actions if isinstance(a, Play)}
        hand = state.hands[seat]
        if len(hand) < 2 or not playable:
            return actions
        extra: list[Action] = [
            PlayGroup.of(state.variant, group, play)
            for group in groups(state, seat, playable)
            for play in state.plays[seat][len(hand) - len(group) == 1][group[-1]]]
        return extra + actions  # groups first: a bot weighing them equal lays more cards

    def after_play(self, state: RoundState, entry: Pending) -> None:
        super().after_play(state, entry)
        count = state.extra.pop(GROUP, 1)
        if count > 1 and entry.penalty is not None:
            entry.penalty.amount *= count
