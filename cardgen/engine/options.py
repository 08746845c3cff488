"""The encyclopedia's other optional rules (O-…) and the effects of its extra cards.

Options: draw until playable, strict +4, runs, the royal run, going out with several
cards of one number, cursed cards, Rapido, Extreme's random draw, counting rounds won.
Cards: the swap-hands wild, Discard All, the white Boomerang, Downpour, the Uno card and
the 2x. The house sheet's rules and their siblings are in :mod:`cardgen.engine.house`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from cardgen.engine.actions import DRAW, KEEP, PASS, Action, Play, action_verb, seat_name
from cardgen.engine.classic_options import LowestScore, take_back
from cardgen.engine.effects import Effect, register_effect
from cardgen.engine.errors import ActionSyntaxError
from cardgen.engine.hands import pass_hands
from cardgen.engine.house import (
    COLOR_WORDS,
    UNINTERRUPTED,
    DrawAndPass,
    JumpInIdentical,
    JumpRules,
    PlayGroup,
    SevenSwaps,
    StackSameKind,
    SwapWith,
    ZeroRotates,
    _parse_together,
    forget_laid,
    kinds_where,
    plays_of,
    skip_victim,
)
from cardgen.engine.responses import RESPONDERS, Responder, register_responder
from cardgen.engine.rules import OfficialRules, optional_rule
from cardgen.engine.state import OVER, TURN, DrawPenalty, RoundState, RuleEffect

if TYPE_CHECKING:
    from cardgen.engine.game import Game, RoundResult
    from cardgen.engine.state import Pending
    from cardgen.engine.variant import Variant

#: state.extra keys
DRAWN_NOW = "options:drawn"  # the cards drawn on this turn (draw-until-playable, extreme)
CURSED = "options:cursed"  # the cursed kind of the round
CURSES = "options:curses"  # seat -> curse points earned by laying cursed cards
FOURS = "options:fours"  # the FourChain of +4s answered by +4s (strict-wild-draw-four)

#: O-43: what one press of Uno Extreme's dispenser gives, from 0 to this, each as likely.
PRESS_MAX = 7


# --- drawing: draw-until-playable (O-18), extreme-draw (O-43) -----------------------------


def drawn_plays(state: RoundState, seat: int) -> list[Action]:
    """The plays of the playable cards drawn this turn and still in hand."""
    hand = state.hands[seat]
    kinds = {k for k in state.extra.get(DRAWN_NOW, ()) if k in hand and state.can_play(seat, k)}
    return plays_of(state, seat, kinds)


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


@optional_rule("draw-until-playable")
class DrawUntilPlayable(MultiDraw):
    """O-18: one card at a time, up to 3; he may stop once one fits or draw on to 3, and
    may then lay one playable card drawn this turn."""

    limit: ClassVar[int] = 3

    def draw_turn(self, state: RoundState, seat: int) -> None:
        forget_laid(state)
        if state.phase == TURN:
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
        plays = drawn_plays(state, seat)
        more: list[Action] = [DRAW] if len(state.extra.get(DRAWN_NOW, ())) < self.limit else []
        return [*plays, *more, KEEP] if plays else more


def press(state: RoundState) -> int:
    """O-43: one press of the dispenser, seeded by the round."""
    return state.rng.randint(0, PRESS_MAX)


@optional_rule("extreme-draw")
class ExtremeDraw(MultiDraw):
    """O-43: a turn's draw is a press of the dispenser: 0 to 7 cards, each count as
    likely; any playable card it gave may then be laid."""


    def draw_turn(self, state: RoundState, seat: int) -> None:
        forget_laid(state)
        state.extra[DRAWN_NOW] = []
        count = press(state)
        got = state.draw_cards(seat, count)
        state.log(f"{seat_name(seat)} presses the dispenser: {count}")
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
        extreme = isinstance(state.rules, ExtremeDraw)
        amount = press(state) + press(state) if extreme else 2
        entry.penalty = DrawPenalty(amount, following, author=entry.author,
                                    skipped=following, card=entry.kind)

    def resolve(self, state: RoundState, entry: Pending) -> None:
        assert entry.penalty is not None
        state.apply_penalty(entry.penalty)


# --- strict-wild-draw-four (O-19) ----------------------------------------------------------


@dataclass(slots=True)
class FourChain:
    """O-19: +4s answered by +4s, one pending draw. The next player challenges their
    players one at a time, the last one first: ``suspect`` is the one he would
    challenge now, ``earlier`` the +4 players below him (seat, bluffed), latest first."""

    penalty: DrawPenalty
    suspect: int
    earlier: list[tuple[int, bool]]


@optional_rule("strict-wild-draw-four")
class StrictWildDrawFour(OfficialRules):
    """O-19: a +4 is fair only when nothing else in the hand could be laid. A caught
    bluffer takes his +4 back and draws the total plus 2; the card beneath and its
    colour are in force again and the challenger plays. The player hit may instead stop
    it with a 0 or a Skip of any colour, which is then his play, or, holding nothing in
    the colour announced, answer with a +4 of his own."""

    def responders(self) -> tuple[Responder, ...]:
        return (*super().responders(), RESPONDERS["block"], RESPONDERS["four-on-four"])

    def new_penalty(self, state: RoundState, entry: Pending, *, amount: int, target: int,
                    skipped: int | None, challengeable: bool) -> DrawPenalty:
        below = state.stack[-1].penalty if state.stack else None
        answers = (below is not None and not below.stackable and below.target == entry.author
                   and below.author is not None and not below.challenged
                   and entry.kind in kinds_where(state.variant, "black-draw")
                   and state.stack[-1].kind in kinds_where(state.variant, "black-draw"))
        penalty = super().new_penalty(state, entry, amount=amount, target=target,
                                      skipped=skipped, challengeable=challengeable)
        if answers:
            assert below is not None and below.author is not None
            # The +4 answered joins the answer: one draw, its player a suspect too.
            chain = state.extra.get(FOURS)
            earlier = [(below.author, below.bluff)]
            if chain is not None and chain.penalty is below:
                earlier += chain.earlier
            absorbed = state.stack.pop()
            state.fired[absorbed.kind] += 1
            penalty.amount += below.amount
            state.extra[FOURS] = FourChain(penalty, entry.author, earlier)
            state.log(f"the draw grows to {penalty.amount}")
        return penalty

    def is_bluff(self, state: RoundState, seat: int, color: int) -> bool:
        entry_match = state.variant.match_rows[state.discard[-2]][color + 1] \
            if len(state.discard) >= 2 else frozenset()
        hand = state.hands[seat]
        if not entry_match.isdisjoint(hand):
            return True
        variant = state.variant
        return any(variant.effect_of[k].playable(state, seat, k)
                   for k in set(variant.special_kinds).intersection(hand))

    def challenge_outcome(self, state: RoundState, penalty: DrawPenalty,
                          challenger: int) -> None:
        chain = state.extra.get(FOURS)
        if chain is not None and chain.penalty is penalty:
            self.chain_challenge(state, chain, challenger)
            return
        if not (penalty.bluff and penalty.author is not None):
            super().challenge_outcome(state, penalty, challenger)
            return
        author = penalty.author
        if not take_back(state, penalty):
            return
        penalty.amount += self.challenge_extra
        penalty.target = author
        penalty.skipped = None
        penalty.stackable = penalty.reflectable = penalty.redirectable = False

    def chain_challenge(self, state: RoundState, chain: FourChain, challenger: int) -> None:
        """O-19: a caught bluffer takes the total plus 2 (the +4s stay on the pile) and
        the challenger plays; a wrong challenge adds 2, and the next +4 player below may
        be challenged in turn; when none is left, the challenger draws and is skipped."""
        penalty = chain.penalty
        if penalty.bluff:
            penalty.amount += self.challenge_extra
            penalty.target = chain.suspect
            penalty.skipped = None  # the turn goes on after the last +4: the challenger
        elif chain.earlier:
            penalty.amount += self.challenge_extra
            chain.suspect, penalty.bluff = chain.earlier.pop(0)
            penalty.challengeable = True  # the next suspect (still settled otherwise)
            state.log(f"{seat_name(challenger)} may challenge {seat_name(chain.suspect)}")
        else:
            super().challenge_outcome(state, penalty, challenger)
        penalty.stackable = penalty.reflectable = penalty.redirectable = False

    def after_play(self, state: RoundState, entry: Pending) -> None:
        super().after_play(state, entry)
        if len(state.stack) < 2:
            return
        below = state.stack[-2]
        if (below.penalty is not None and below.penalty.target == entry.author
                and below.kind in kinds_where(state.variant, "black-draw")
                and entry.kind in blockers(state.variant)):
            # The block: the +4 never acts; the 0 or Skip is the blocker's play.
            state.stack.pop(-2)
            state.log(f"{seat_name(entry.author)} blocks the +4")


def blockers(variant: Variant) -> frozenset[int]:
    return frozenset(k for k, card in enumerate(variant.kinds)
                     if card.effect == "skip" or (card.effect == "number" and card.value == 0))


@register_responder
class BlockResponder(Responder):
    name = "block"

    def active(self, state: RoundState) -> bool:
        top = state.stack[-1]
        penalty = top.penalty
        return (penalty is not None and penalty.author is not None and not penalty.challenged
                and top.kind in kinds_where(state.variant, "black-draw"))

    def options(self, state: RoundState, seat: int) -> list[Action]:
        penalty = state.stack[-1].penalty
        assert penalty is not None
        if seat != penalty.target:
            return []
        return plays_of(state, seat, blockers(state.variant).intersection(state.hands[seat]))


@register_responder
class FourOnFourResponder(Responder):
    """O-19: the target of a +4 holding nothing in the announced colour may answer it
    with a +4 of his own."""

    name = "four-on-four"

    def active(self, state: RoundState) -> bool:
        top = state.stack[-1]
        penalty = top.penalty
        return (penalty is not None and penalty.author is not None and not penalty.challenged
                and not penalty.stackable
                and top.kind in kinds_where(state.variant, "black-draw"))

    def options(self, state: RoundState, seat: int) -> list[Action]:
        penalty = state.stack[-1].penalty
        assert penalty is not None
        hand = state.hands[seat]
        if seat != penalty.target or not state.variant.counts_as[state.color].isdisjoint(hand):
            return []
        symbol = state.variant.symbol_of[penalty.card]
        kinds = {k for k in kinds_where(state.variant, "black-draw").intersection(hand)
                 if state.variant.symbol_of[k] == symbol}
        return plays_of(state, seat, kinds)


# --- runs (O-15), royal-run (O-16), same-number-finish (O-17) ------------------------------


def run_follows(state: RoundState, previous: int, kind: int) -> bool:
    """O-15: the same number in any colour, or one up or down in the same colour."""
    variant = state.variant
    before, card = variant.kinds[previous], variant.kinds[kind]
    if card.effect != "number" or card.value is None or before.value is None:
        return False
    return card.value == before.value or (abs(card.value - before.value) == 1
                                          and card.color == before.color)


@optional_rule("runs")
class Runs(OfficialRules):
    """O-15: after a number card has taken effect, its player may lay another that
    follows it, one at a time, and stops when he likes (``pass``)."""

    def after_resolve(self, state: RoundState, entry: Pending) -> None:
        super().after_resolve(state, entry)
        seat = entry.author
        if (seat < 0 or not state.hands[seat] or state.phase == OVER or state.stack
                or state.variant.kinds[entry.kind].effect != "number"):
            return
        if isinstance(self, (JumpRules, ZeroRotates, SevenSwaps)):
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
        state.ask(seat, [*plays_of(state, seat, follow), PASS])



@dataclass(frozen=True, slots=True)
class RoyalRun(PlayGroup):
    """O-16: the nine numbers 1 to 9 laid in one go: ``royal red-1 blue-2 … green-9``.
    Nobody may jump in on it, its last card included."""

    verb: ClassVar[str] = "royal"

    def apply_to(self, state: RoundState) -> None:
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


@optional_rule("royal-run")
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


@optional_rule("same-number-finish")
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


# --- cursed-cards (O-20), count-rounds (O-08) ----------------------------------------------


def curse_of(state: RoundState, kind: int) -> int:
    card = state.variant.kinds[kind]
    if card.effect == "number":
        return 25
    return 75 if card.color is None else 50


@optional_rule("cursed-cards")
class CursedCards(OfficialRules):
    """O-20: after the deal a random card of the draw pile is shown and put back at a
    random place; every card with its id is cursed. Laying one without going out adds
    its curse to one's total, holding one at the end adds it too, and going out on one
    adds it to every other player's total. Only with lowest-total scoring."""

    def players_problem(self, players: int) -> str | None:
        if not isinstance(self, (LowestScore, Rapido)):
            return "cursed-cards needs lowest-score (or rapido): a curse is a penalty"
        return super().players_problem(players)

    def after_deal(self, state: RoundState) -> None:
        super().after_deal(state)
        pile = state.draw_pile
        shown = pile.pop(state.rng.randrange(len(pile)))
        pile.insert(state.rng.randrange(len(pile) + 1), shown)
        state.extra[CURSED] = shown
        state.extra[CURSES] = [0] * state.n
        state.log(f"cursed: {state.variant.kinds[shown].id}")

    def after_play(self, state: RoundState, entry: Pending) -> None:
        super().after_play(state, entry)
        if entry.kind == state.extra.get(CURSED) and entry.author >= 0:
            curses: list[int] = state.extra[CURSES]
            if state.hands[entry.author]:
                curses[entry.author] += curse_of(state, entry.kind)
            else:  # gone out on a cursed card: everyone else pays it
                for seat in range(state.n):
                    if seat != entry.author:
                        curses[seat] += curse_of(state, entry.kind)

    def round_points(self, state: RoundState, seat: int) -> int:
        points = super().round_points(state, seat)
        cursed = state.extra.get(CURSED)
        if cursed is None:
            return points
        held = state.hands[seat].count(cursed) * curse_of(state, cursed)
        curses: list[int] = state.extra[CURSES]
        return points + held + curses[seat]


@optional_rule("count-rounds")
class CountRounds(OfficialRules):
    """O-08: a round won is worth 1, card points are ignored; the first to 5 wins. A
    round with no winner counts for nobody."""

    target: ClassVar[int] = 5

    def score_round(self, game: Game, result: RoundResult) -> None:
        if result.winner is not None:
            game.scores[result.winner] += 1

    def game_over(self, game: Game) -> bool:
        return max(game.scores) >= self.target


# --- rapido (O-21 … O-26) -------------------------------------------------------------------

#: O-26: Rapido's card values where they differ from the catalogue's.
RAPIDO_POINTS = {"draw": 50, "wild": 50, "wild-draw": 50, "rotate-hands": 100}


@optional_rule("rapido")
class Rapido(DrawAndPass, StackSameKind, JumpInIdentical, LowestScore):
    """O-21 … O-26: drawing is your play; defence with the same card; an identical
    card may be laid out of turn; the Uno card makes the next player draw 8; everyone
    scores his own hand with Rapido's values and the lowest total wins."""


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
    return (top in kinds_where(state.variant, "draw")
            or state.variant.kinds[top].effect == "skip")


# --- the extra cards (O-01 … O-05, O-14) -----------------------------------------------------


def swap_choices(state: RoundState, seat: int) -> list[Action]:
    """O-01: anyone still in but the player and those at UNO (holding one card)."""
    return [SwapWith(s) for s in range(state.n)
            if s != seat and s not in state.out and len(state.hands[s]) != 1]


@register_effect
class WildSwapHands(Effect):
    """O-01: a wild whose player, once it stands, swaps hands with a player of his choice
    who is not at UNO (none: no swap). As a last card it only names the colour. Turned
    up first, P1 names the colour and swaps before he plays."""

    name = "wild-swap-hands"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        super().resolve(state, entry)
        if state.hands[entry.author]:
            options = swap_choices(state, entry.author)
            if options:
                state.ask(entry.author, options)

    def on_start(self, state: RoundState, entry: Pending) -> None:
        first = state.next_seat(state.dealer)
        state.turn = first
        state.stack.append(RuleEffect(first, _swap_at_start, "the first player swaps hands"))
        state.ask_start_color(first)


def _swap_at_start(state: RoundState, entry: RuleEffect) -> None:
    options = swap_choices(state, entry.author)
    if options:
        state.ask(entry.author, options)


@register_effect
class DiscardColor(Effect):
    """O-02: once it stands its player puts every card of its colour he holds under it,
    without effect; one card left is a UNO made with the play, none is going out."""

    name = "discard-color"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        super().resolve(state, entry)
        seat = entry.author
        color = state.variant.color_of[entry.kind]
        hand = state.hands[seat]
        gone = [k for k in hand if state.variant.color_of[k] == color]
        if not gone:
            return
        state.hands[seat] = [k for k in hand if state.variant.color_of[k] != color]
        state.discard[-1:-1] = gone
        state.log(f"{seat_name(seat)} discards {len(gone)} card(s)")
        left = len(state.hands[seat])
        if left == 1:
            state.at_uno[seat] = True
        elif left == 0 and seat not in state.emptied:
            state.emptied.append(seat)


@register_effect
class ReturnEffect(Effect):
    """O-04: the white Boomerang, laid by the player a pending draw or a Skip hits: the
    draw goes to the card's author instead; against a Skip, the Skip never acts, its
    victim plays and its author loses his next turn."""

    name = "return-effect"
    decides_playability = True
    responders = ("white-boomerang",)

    def playable(self, state: RoundState, seat: int, kind: int) -> bool:
        return False

    def hits(self, state: RoundState, entry: Pending) -> int | None:
        """U-40: the author of the draw or Skip it sends back is asked first."""
        author = state.stack[-2].author if len(state.stack) >= 2 else -1
        return author if author >= 0 else None

    def resolve(self, state: RoundState, entry: Pending) -> None:
        if not state.stack:
            # Laid as a jump-in on another white Boomerang (jump-in-identical, rapido):
            # there is nothing left to send back, and play goes on from him.
            super().resolve(state, entry)
            return
        below = state.stack[-1]
        penalty = below.penalty
        if penalty is None:  # a Skip (the responder offers nothing else)
            state.stack.pop()
            state.fired[below.kind] += 1
            state.turn = entry.author
            state.lose_turn(below.author)
            state.log(f"the skip goes back to {seat_name(below.author)}")
            return
        assert penalty.author is not None
        penalty.target = penalty.author
        penalty.moved = True  # no "Non" on the draw once it has been sent back (U-22)
        state.log(f"the draw goes back to {seat_name(penalty.author)}")


@register_responder
class WhiteBoomerangResponder(Responder):
    name = "white-boomerang"

    def active(self, state: RoundState) -> bool:
        penalty = state.stack[-1].penalty
        if penalty is None:
            return skip_victim(state) is not None
        return (penalty.author is not None and not penalty.challenged
                and penalty.reflectable and penalty.target != penalty.author)

    def options(self, state: RoundState, seat: int) -> list[Action]:
        penalty = state.stack[-1].penalty
        victim = skip_victim(state) if penalty is None else penalty.target
        if seat != victim:
            return []
        kinds = {k for k in state.hands[seat]
                 if state.variant.kinds[k].effect == "return-effect"}
        return plays_of(state, seat, kinds)


@register_effect
class Downpour(Effect):
    """O-05: every other player draws 1 (or 2); nobody is skipped; the colour is named
    with the play."""

    name = "downpour"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        amount = int(state.variant.kinds[entry.kind].param("amount", 1))
        seat = entry.author
        for other in range(state.n):
            if other != seat and other not in state.out:
                state.draw_cards(other, amount)
        super().resolve(state, entry)


@register_effect
class RotateHands(Effect):
    """O-14: every hand moves to the previous player (against the direction of play);
    the turn and the colour stay. Played on one's turn on any card, or out of turn on
    any card waiting on the stack. With rapido it is Rapido's Uno card instead (O-25):
    the next player draws 8 and then plays."""

    name = "rotate-hands"
    responders = ("uno-card",)

    def on_play(self, state: RoundState, entry: Pending) -> None:
        if isinstance(state.rules, Rapido) and entry.action is not None:
            following = state.next_seat(entry.author)
            entry.penalty = state.rules.new_penalty(state, entry, amount=8, target=following,
                                                    skipped=None, challengeable=False)

    def resolve(self, state: RoundState, entry: Pending) -> None:
        if entry.penalty is not None:  # Rapido's Uno card
            state.draw_cards(entry.penalty.target, entry.penalty.amount)
            state.turn = state.next_seat(entry.author)
            return
        below = bool(state.stack)
        pass_hands(state, -state.direction)
        if not below:  # laid on a turn: the next player plays; out of turn: no change
            super().resolve(state, entry)


@register_responder
class UnoCardResponder(Responder):
    """O-14: the Uno card may be laid out of turn on any card waiting to act."""

    name = "uno-card"

    def active(self, state: RoundState) -> bool:
        top = state.stack[-1]
        return (top.kind >= 0 and top.author >= 0 and state.rules.uno_card_rotates
                and not isinstance(state.rules, Rapido)
                and not (top.penalty is not None and top.penalty.challenged))

    def options(self, state: RoundState, seat: int) -> list[Action]:
        kinds = {k for k in state.hands[seat]
                 if state.variant.kinds[k].effect == "rotate-hands"}
        return plays_of(state, seat, kinds)

