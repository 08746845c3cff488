"""The house sheet's rules (seed 003, H-…) as optional rules, with their close siblings
from the encyclopedia article (O-…): stacking, jump-ins, identical cards laid together,
hands that move on a 0 or a 7, draw-and-pass, chain cancelling, no black finish, play
going on after the first player is out, and the blank card.

Each option is a small subclass of :class:`~cardgen.engine.rules.OfficialRules` that
overrides only its hooks and calls ``super()`` for the rest, so any of them can be
combined with any deck (the ``house`` deck turns eleven of them on). Out-of-turn plays
(stacking, cancelling, jumping in) are responders, asked in the engine's fixed order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from cardgen.catalogue import Card
from cardgen.engine.actions import Action, Play, action_verb, parse_seat, seat_name
from cardgen.engine.effects import Effect, register_effect
from cardgen.engine.errors import ActionSyntaxError
from cardgen.engine.hands import HandRules, pair_choices, pass_hands, swap_hands
from cardgen.engine.responses import RESPONDERS, Responder, register_responder
from cardgen.engine.rules import OfficialRules, optional_rule
from cardgen.engine.state import DrawPenalty, RoundState

if TYPE_CHECKING:
    from cardgen.engine.state import Pending
    from cardgen.engine.variant import Variant

#: state.extra keys
CHAIN = "house:chain"  # (the pending draw of a chain, the seat that laid its first card)
LAID = "house:laid"  # a card was laid and no turn has begun since (jump-ins)
GROUP = "house:group"  # how many identical cards the card being laid stands for
RESUME = "house:resume"  # who plays after a chain cancelled out of turn
FINISHED = "house:finished"  # the seats out of the round, in order (play-on)
UNINTERRUPTED = "house:uninterrupted"  # the play being laid admits no jump-in (O-16)


@lru_cache(maxsize=256)
def kinds_where(variant: Variant, test: str) -> frozenset[int]:
    """Kinds by a fact the options ask about: "draw" (+2 and kin), "black-draw" (+4 and
    kin), "black" (cards with no colour that name one)."""
    facts: dict[str, Callable[[Card], bool]] = {
        "draw": lambda card: card.effect in ("draw", "wild-draw"),
        "black-draw": lambda card: card.effect == "wild-draw",
        "black": lambda card: card.color is None and card.names_color,
    }
    return frozenset(k for k, card in enumerate(variant.kinds) if facts[test](card))


def plays_of(state: RoundState, seat: int, kinds: Iterable[int]) -> list[Action]:
    table = state.plays[seat][len(state.hands[seat]) == 2]
    return [play for kind in sorted(kinds) for play in table[kind]]


def is_number(state: RoundState, kind: int, value: int) -> bool:
    card = state.variant.kinds[kind]
    return card.effect == "number" and card.value == value


# --- H-02 dealer-picks-direction, H-05 draw-and-pass ----------------------------------------


@optional_rule("dealer-picks-direction")
class DealerPicksDirection(OfficialRules):
    """H-02, O-30: the dealer picks the direction before he has seen a card, so any
    choice is as good as another: a seeded chance step. Play starts that way, and the
    first-card rules read "left" as that side."""

    def after_deal(self, state: RoundState) -> None:
        state.direction = 1 if state.rng.random() < 0.5 else -1
        way = "clockwise" if state.direction == 1 else "counter-clockwise"
        state.log(f"the dealer deals {way}")
        super().after_deal(state)


def forget_laid(state: RoundState) -> None:
    """A turn began with a draw: no card is "just laid" any more (jump-ins)."""
    state.extra.pop(LAID, None)


@optional_rule("draw-and-pass")
class DrawAndPass(OfficialRules):
    """H-05, O-21: a player who draws on his turn keeps the card; his turn is over."""

    def draw_turn(self, state: RoundState, seat: int) -> None:
        forget_laid(state)
        if state.draw_cards(seat, 1):
            state.end_turn()
        else:
            state.idle_turn()  # C-28


# --- stacking (H-07, H-09, H-10, O-13, O-23, O-36) ----------------------------------------


class Stacking(OfficialRules):
    """A player hit by a draw may lay a draw card instead of drawing (which ones is the
    option's ``stack_kinds``): the amounts add up and the total passes on."""

    def responders(self) -> tuple[Responder, ...]:
        return (*super().responders(), RESPONDERS["stack"])

    def stack_kinds(self, state: RoundState, penalty: DrawPenalty) -> frozenset[int]:
        raise NotImplementedError

    def new_penalty(self, state: RoundState, entry: Pending, *, amount: int, target: int,
                    skipped: int | None, challengeable: bool) -> DrawPenalty:
        below = state.stack[-1].penalty if state.stack else None
        stacking = entry.author >= 0 and below is not None and below.stackable
        penalty = super().new_penalty(state, entry, amount=amount, target=target,
                                      skipped=skipped,
                                      challengeable=challengeable and not stacking)
        penalty.stackable = entry.author >= 0
        if stacking:
            assert below is not None
            # The chain is one pending draw: the card below joins the new one.
            penalty.amount += below.amount
            first = chain_first(state, below)
            absorbed = state.stack.pop()
            state.fired[absorbed.kind] += 1
            state.extra[CHAIN] = (penalty, first)
            state.log(f"the draw grows to {penalty.amount}")
        return penalty


def chain_first(state: RoundState, penalty: DrawPenalty) -> int | None:
    """The seat that laid the first draw card of the chain ``penalty`` ends."""
    chain = state.extra.get(CHAIN)
    if chain is not None and chain[0] is penalty:
        first: int | None = chain[1]
        return first
    return penalty.author


@register_responder
class StackResponder(Responder):
    name = "stack"

    def active(self, state: RoundState) -> bool:
        penalty = state.stack[-1].penalty
        return (penalty is not None and penalty.stackable and penalty.author is not None
                and not penalty.challenged)

    def options(self, state: RoundState, seat: int) -> list[Action]:
        penalty = state.stack[-1].penalty
        assert penalty is not None and isinstance(state.rules, Stacking)
        if seat != penalty.target:
            return []
        kinds = state.rules.stack_kinds(state, penalty).intersection(state.hands[seat])
        return plays_of(state, seat, kinds)


@optional_rule("stack-draws")
class StackDraws(Stacking):
    """H-09, H-10, O-13, O-36: on a coloured draw card any draw card, coloured or black;
    on a black one only a black one. A +4 laid to stack cannot be challenged."""


    def stack_kinds(self, state: RoundState, penalty: DrawPenalty) -> frozenset[int]:
        black = kinds_where(state.variant, "black-draw")
        return black if penalty.card in black else kinds_where(state.variant, "draw")


def skip_victim(state: RoundState) -> int | None:
    """The seat a Skip waiting on the stack is about to skip (None: no such Skip)."""
    top = state.stack[-1]
    if top.author < 0 or top.kind < 0 or state.variant.kinds[top.kind].effect != "skip":
        return None
    return state.next_seat(top.author)


@optional_rule("stack-same-kind")
class StackSameKind(Stacking):
    """O-23: a draw card only on a draw card of the same symbol (+2 on +2, +4 on +4),
    any colour; and a player about to be skipped may answer with a Skip of any colour,
    which passes the skip on to the player after him."""


    def responders(self) -> tuple[Responder, ...]:
        return (*super().responders(), RESPONDERS["skip-on"])

    def after_play(self, state: RoundState, entry: Pending) -> None:
        super().after_play(state, entry)
        if len(state.stack) < 2 or state.variant.kinds[entry.kind].effect != "skip":
            return
        below = state.stack[-2]
        if (below.author >= 0 and state.variant.kinds[below.kind].effect == "skip"
                and state.next_seat(below.author) == entry.author):
            # The Skip answered never acts: only the answer's victim is skipped.
            state.stack.pop(-2)
            state.fired[below.kind] += 1
            state.log(f"{seat_name(entry.author)} passes the skip on")

    def stack_kinds(self, state: RoundState, penalty: DrawPenalty) -> frozenset[int]:
        variant = state.variant
        symbol = variant.symbol_of[penalty.card]
        return frozenset(k for k in kinds_where(variant, "draw")
                         if variant.symbol_of[k] == symbol)


@register_responder
class SkipOnResponder(Responder):
    """O-23: the victim of a Skip may lay a Skip of any colour on it."""

    name = "skip-on"

    def active(self, state: RoundState) -> bool:
        return skip_victim(state) is not None

    def options(self, state: RoundState, seat: int) -> list[Action]:
        if seat != skip_victim(state):
            return []
        kinds = {k for k in state.hands[seat] if state.variant.kinds[k].effect == "skip"}
        return plays_of(state, seat, kinds)


# --- chain-cancel (H-15, H-16, H-17) -------------------------------------------------------


def digit_sum(total: int) -> int:
    """H-16: add the digits again and again until one is left (12 -> 3, 28 -> 1)."""
    while total > 9:
        total = sum(int(d) for d in str(total))
    return total


@register_responder
class ChainCancelResponder(Responder):
    """H-15, H-17: while a draw card's draw waits, any player holding no draw card at
    all may lay the number card of the colour in force whose number is the total."""

    name = "chain-cancel"

    def active(self, state: RoundState) -> bool:
        top = state.stack[-1]
        penalty = top.penalty
        return (penalty is not None and penalty.author is not None and not penalty.challenged
                and top.kind in kinds_where(state.variant, "draw")
                and state.extra.get(RESUME) is None)

    def options(self, state: RoundState, seat: int) -> list[Action]:
        hand = state.hands[seat]
        if not kinds_where(state.variant, "draw").isdisjoint(hand):
            return []
        penalty = state.stack[-1].penalty
        assert penalty is not None
        number = digit_sum(penalty.amount)
        kinds = {k for k in hand if state.variant.color_of[k] == state.color
                 and is_number(state, k, number)}
        return plays_of(state, seat, kinds)


@optional_rule("chain-cancel")
class ChainCancel(OfficialRules):
    """The cancelling card lands on the draw it cancels: the player who laid the first
    draw card of the chain draws the total, without losing a turn. Laid by the player
    hit, it is his turn's play; laid by another (H-17), the player saved plays next."""

    def responders(self) -> tuple[Responder, ...]:
        return (*super().responders(), RESPONDERS["chain-cancel"])

    def after_play(self, state: RoundState, entry: Pending) -> None:
        super().after_play(state, entry)
        if len(state.stack) < 2 or state.variant.kinds[entry.kind].effect != "number":
            return
        below = state.stack[-2].penalty
        if below is None or below.challenged or below.author is None:
            return
        canceller = entry.author
        first = chain_first(state, below)
        saved = below.target
        below.target = first if first is not None else below.author
        below.skipped = None
        below.stackable = below.reflectable = below.redirectable = False
        below.challengeable = False
        below.challenged = True  # settled: nobody may answer it any more
        state.extra[RESUME] = state.next_seat(canceller) if canceller == saved else saved
        state.log(f"the chain is cancelled: {seat_name(below.target)} draws {below.amount}")

    def after_resolve(self, state: RoundState, entry: Pending) -> None:
        super().after_resolve(state, entry)
        resume = state.extra.get(RESUME)
        if resume is not None and entry.penalty is not None and entry.penalty.challenged:
            state.turn = resume
            del state.extra[RESUME]


# --- jump-ins (H-11, O-10, O-12, O-33) -----------------------------------------------------


class JumpRules(OfficialRules):
    """Between a card's effect and the next turn, another player may lay a card that the
    option allows on it (``jump_kinds``); it acts as if laid on his turn, and play goes
    on from him."""

    def responders(self) -> tuple[Responder, ...]:
        return (*super().responders(), RESPONDERS["jump-in"])

    def jump_kinds(self, state: RoundState, top: int) -> frozenset[int]:
        return frozenset()

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
        assert isinstance(state.rules, JumpRules)
        kinds = state.rules.jump_kinds(state, state.discard[-1])
        return any(not kinds.isdisjoint(hand) for hand in state.hands)

    def options(self, state: RoundState, seat: int) -> list[Action]:
        if seat == state.top_author or not state.hands[seat]:
            return []
        assert isinstance(state.rules, JumpRules)
        kinds = state.rules.jump_kinds(state, state.discard[-1]).intersection(state.hands[seat])
        return plays_of(state, seat, kinds)


@optional_rule("jump-in")
class JumpIn(JumpRules):
    """O-10: a number card 1-9 of the same number, any colour."""

    def jump_kinds(self, state: RoundState, top: int) -> frozenset[int]:
        card = state.variant.kinds[top]
        found = super().jump_kinds(state, top)
        if card.effect == "number" and card.value:
            found |= {k for k, c in enumerate(state.variant.kinds)
                      if c.effect == "number" and c.value == card.value}
        return found


@optional_rule("jump-in-identical")
class JumpInIdentical(JumpRules):
    """H-11, O-12, O-33: the very same card (same id), action and black cards included.
    A draw card may be intercepted while its draw still waits, before its victim draws:
    the two draws make one, aimed at the player after the interceptor."""

    def responders(self) -> tuple[Responder, ...]:
        return (*super().responders(), RESPONDERS["jump-on"])

    def jump_kinds(self, state: RoundState, top: int) -> frozenset[int]:
        return super().jump_kinds(state, top) | {top}

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
        state.log(f"the draw grows to {entry.penalty.amount}")


def intercepted_draw(state: RoundState, entry: Pending) -> DrawPenalty | None:
    """The draw of ``entry`` if a player may still intercept it (H-11): laid by a player,
    neither challenged nor moved by a reaction."""
    penalty = entry.penalty
    if (penalty is None or entry.author < 0 or penalty.author is None or penalty.challenged
            or penalty.moved):
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
                or (seat == penalty.target and isinstance(state.rules, Stacking)
                    and penalty.stackable)):
            return []
        return plays_of(state, seat, (top.kind,))


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
    def of(cls, variant: Variant, group: tuple[int, ...], last: Play) -> PlayGroup:
        """The group ``group`` of kinds, ending with the engine's play ``last``."""
        return cls(last.card, last.color, last.target, last.uno, kind=last.kind,
                   color_index=last.color_index,
                   cards=tuple(variant.kinds[k].id for k in group), kinds=group, last=last)

    def apply_to(self, state: RoundState) -> None:
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
        state.log(f"{seat_name(seat)} lays {len(self.kinds)} cards together")
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


@optional_rule("play-identical-together")
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


# --- hands that move: zero-rotates, seven-swaps (H-13, H-24, O-09) --------------------------


class HouseRules(OfficialRules):
    #: zero-finish-passes-win (H-24): the 0's player takes part in its rotation even when
    #: it was his last card.
    zero_finish_passes: ClassVar[bool] = False


def went_out_with(state: RoundState, entry: Pending) -> bool:
    return entry.author in state.emptied


@optional_rule("zero-rotates")
class ZeroRotates(HouseRules):
    """H-13, O-09: every 0 moves all the hands of the players still in one seat in the
    direction of play, once it has taken effect. A 0 that empties its player's hand
    does not (the round is over first), unless zero-finish-passes-win (H-24)."""

    def after_resolve(self, state: RoundState, entry: Pending) -> None:
        super().after_resolve(state, entry)
        if is_number(state, entry.kind, 0) and (
                self.zero_finish_passes or not went_out_with(state, entry)):
            pass_hands(state, state.direction)


@optional_rule("zero-finish-passes-win")
class ZeroFinishPassesWin(HouseRules):
    """H-24: going out on a 0, its player still takes the previous hand; the next
    player gets the empty one and goes out instead."""

    zero_finish_passes = True


@optional_rule("seven-swaps")
class SevenSwaps(OfficialRules):
    """O-09: once a 7 has taken effect its player swaps hands with a player he picks."""

    def after_resolve(self, state: RoundState, entry: Pending) -> None:
        super().after_resolve(state, entry)
        seat = entry.author
        if not is_number(state, entry.kind, 7) or went_out_with(state, entry) or seat < 0:
            return
        others = [s for s in range(state.n) if s != seat and s not in state.out]
        if others:
            state.ask(seat, [SwapWith(s) for s in others])


@dataclass(frozen=True, slots=True)
class SwapWith(Action):
    """The 7's swap: ``swap-with P2``."""

    verb: ClassVar[str] = "swap-with"
    seat: int

    def apply_to(self, state: RoundState) -> None:
        swap_hands(state, state.actor, self.seat)
        state.advance()

    def __str__(self) -> str:
        return f"swap-with {seat_name(self.seat)}"


@action_verb("swap-with")
def _parse_swap_with(args: list[str], line: str) -> Action:
    if len(args) != 1:
        raise ActionSyntaxError(f"'{line}': write 'swap-with' and a seat, e.g. 'swap-with P2'")
    return SwapWith(parse_seat(args[0], line))


@optional_rule("uno-after-hand-change")
class UnoAfterHandChange(HandRules):
    """H-14, H-26: after hands move, a player who now holds one card (and did not) is
    at UNO, the call made for him; one who held one card and gets one card back keeps
    his status; one at UNO who gets more cards says "ou pas" with the move and is no
    longer at UNO (C-25)."""

    def after_hands_moved(self, state: RoundState, before: dict[int, int]) -> None:
        super().after_hands_moved(state, before)
        for seat, count in before.items():
            if len(state.hands[seat]) == 1 and count != 1:
                state.at_uno[seat] = True


# --- no-black-finish (H-22), play-on (H-20, H-21) -------------------------------------------


@optional_rule("no-black-finish")
class NoBlackFinish(OfficialRules):
    """H-22: a player whose last card is black lays it (its effect applies), then draws
    one card and is at UNO, the call made for him."""

    def after_play(self, state: RoundState, entry: Pending) -> None:
        super().after_play(state, entry)
        seat = entry.author
        if (seat >= 0 and not state.hands[seat] and seat in state.emptied
                and entry.kind in kinds_where(state.variant, "black")
                and state.draw_cards(seat, 1)):
            state.emptied.remove(seat)
            state.at_uno[seat] = True
            state.log(f"{seat_name(seat)} may not go out on a black card: he draws")


@optional_rule("play-on")
class PlayOn(OfficialRules):
    """H-20, H-21: a player who empties his hand is out and the others play on, until
    2 players are left (3 from 6 players); the earliest player out who is still out
    wins the round."""

    def on_hand_empty(self, state: RoundState, seat: int) -> bool:
        if seat in state.out:
            return False
        state.out.append(seat)
        state.at_uno[seat] = False
        finished: list[int] = state.extra.setdefault(FINISHED, [])
        finished.append(seat)
        state.log(f"{seat_name(seat)} is out")
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
