"""Uno Olympique, the encyclopedia's compilation of table rules (O-27 … O-41).

Each rule the engine can play is an optional rule of its own, usable alone with
``--option``; ``olympique`` turns the whole set on, together with the options other
families already offer for its rules (O-30 ``dealer-picks-direction``, O-31
``rotate-dealer``, O-33 ``jump-in-identical``, O-36 ``stack-draws``). The rules about
people (hesitation, banned words, the "Tribunal Populaire") are X-02 … X-07; the wrong
play of O-41 is refused by the engine and its one-card penalty is the table's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardgen.engine.api import (
    DRAW,
    OVER,
    PASS,
    RESPONDERS,
    Action,
    ActionSyntaxError,
    CardTables,
    OfficialRules,
    Pending,
    Play,
    Responder,
    Round,
    RoundResult,
    RoundState,
    Scoreboard,
    action_verb,
    option,
    parse_seat,
    register_responder,
    seat_name,
)
from cardgen.engine.classic.options import LowestScore, RotateDealer
from cardgen.engine.events import (
    DealSize,
    DrawPassesOn,
    PairSkips,
    TurnFollowsHand,
    TwosRoundBegins,
)
from cardgen.engine.house.rules import DealerPicksDirection
from cardgen.engine.options.hands import HandRules, SwapWith, pass_hands, went_out_with
from cardgen.engine.options.jump_ins import JumpInIdentical, PlayGroup, _parse_together, forget_laid
from cardgen.engine.options.stacking import StackDraws

#: state.extra keys
PAIR_LAID = "olympique:pair-laid"  # a pair is being laid (O-34)
PAIR = "olympique:pair"  # the card a pair acts as, until it has taken effect
FOLLOW = "olympique:follow"  # who received the hand that was played (O-28)
PLAYED_HAND = "olympique:played-hand"  # (the hand that played last, the seat holding it)
FIRST_DRAW = "olympique:first-draw"  # a first +2? or +4? waiting for its victim (O-32)
TWOS = "olympique:twos"  # the seat whose 2 started the round of 2s under way (O-39)

#: O-29: the fewest and the most cards the dealer may give each player.
DEAL_RANGE = (7, 15)


# --- O-27 one-card-penalty, O-28 turns-follow-hands ------------------------------------------


@option("one-card-penalty")
class OneCardPenalty(OfficialRules):
    """O-27: every sanction costs one card and never a turn: a missed UNO caught (C-24,
    C-26) and the penalty part of a wrong +4 challenge (C-21: the +4's cards and one)."""

    uno_penalty = 1
    challenge_extra = 1


@option("turns-follow-hands")
class TurnsFollowHands(HandRules):
    """O-28: "c'est le jeu qui importe, et non le joueur": whenever hands change owners
    (a 7, a 0's rotation, a swap-hands wild, Échange …), the seat that now holds the
    hand that played last counts as having just played: the turn goes to the seat after
    him. Cards given or taken (Générosité) leave each hand with its owner."""

    def after_hands_moved(self, state: RoundState, before: dict[int, int]) -> None:
        super().after_hands_moved(state, before)
        played = state.extra.get(PLAYED_HAND)
        if played is None or state.phase == OVER:
            return
        hand, seat = played
        # The hands are moved as whole lists, so the one that played is found by identity.
        holder = next((s for s in before if state.hands[s] is hand), seat)
        if holder == seat:
            return
        state.extra[PLAYED_HAND] = (hand, holder)
        state.turn = state.next_seat(holder)
        state.extra[FOLLOW] = holder  # a card moving hands as it resolves sets the turn after
        state.log(TurnFollowsHand(holder))

    def after_play(self, state: RoundState, entry: Pending) -> None:
        super().after_play(state, entry)
        state.extra.pop(FOLLOW, None)
        state.extra[PLAYED_HAND] = (state.hands[entry.author], entry.author)

    def after_resolve(self, state: RoundState, entry: Pending) -> None:
        super().after_resolve(state, entry)
        other = state.extra.pop(FOLLOW, None)
        if other is not None and state.phase != OVER:
            state.turn = state.next_seat(other)


# --- O-29 dealer-deals-7-to-15, O-32 dealer-lays-first-card -----------------------------------


def deal_cap(variant: CardTables, players: int) -> int:
    """O-29: the most each of ``players`` can get, at most 15, so that what is left
    always holds a card that may be turned up first (C-11)."""
    barred = sum(1 for kind in variant.deck if kind not in variant.start_kinds)
    return min(DEAL_RANGE[1], (len(variant.deck) - 1 - barred) // players)


@option("dealer-deals-7-to-15")
class DealerDeals7To15(OfficialRules):
    """O-29: the dealer deals each player 7 to 15 cards, as he likes, but never so many
    that no card is left to turn (K-45). He picks before seeing a card, so no count is
    better informed than another: a seeded chance step, each count as likely."""

    def hand_size(self, state: RoundState) -> int:
        cap = deal_cap(state.variant, state.n)
        if cap < DEAL_RANGE[0]:
            return super().hand_size(state)  # the deal's own check says it cannot be done
        size = state.rng.randint(DEAL_RANGE[0], cap)
        state.log(DealSize(size))
        return size


@option("dealer-lays-first-card")
class DealerLaysFirstCard(OfficialRules):
    """O-32: the dealer counts as having laid the first card. He names a first wild's
    colour; a first +2 or +4 is his play (P1 draws and is skipped unless he answers it
    as any other: overbidding, the Uno card …; no challenge), and he names the victim of
    a +2? or +4?; a first Reverse is his Reverse (the player on his right plays); a
    first 0 or 7 gives him the choice the 0 and 7 options give their player."""

    def start_kinds(self, variant: CardTables, kinds: frozenset[int]) -> frozenset[int]:
        found = super().start_kinds(variant, kinds)
        return found | {k for k, card in enumerate(variant.kinds) if card.effect == "wild-draw"}

    def start_color_chooser(self, state: RoundState) -> int:
        return state.dealer

    def start_draw(self, state: RoundState, entry: Pending) -> bool:
        dealer = state.dealer
        card = state.variant.kinds[entry.kind]
        following = state.next_seat(dealer)
        default = 4 if card.effect == "wild-draw" else 2
        penalty = entry.penalty = self.new_penalty(
            state, entry, amount=int(card.param("amount", default)), target=following,
            skipped=following, challengeable=False)
        # The draw is the dealer's, answered as any other (overbid, Uno card, Boomerang);
        # the card itself stays no one's play: no "Non" cancels a first card (U-22).
        penalty.author = dealer
        penalty.stackable = penalty.reflectable = penalty.redirectable = True
        if card.param("choose_victim", False):
            # The victim is named once the colour is (a +4?): the draw waits until then.
            state.extra[FIRST_DRAW] = entry
            state.deferred = ask_first_victim
        else:
            state.stack.append(entry)  # answered as any +2 or +4
        if card.names_color:
            state.ask_start_color(dealer)
        return True

    def start_reverse(self, state: RoundState) -> None:
        state.direction = -state.direction
        # V-01: with two players a Reverse is a Skip, so the dealer plays again.
        state.turn = state.dealer if state.n == 2 else state.next_seat(state.dealer)

    def before_first_card(self, state: RoundState) -> None:
        super().before_first_card(state)
        # Its 0 or 7 choice waits until the first card has been turned.
        state.deferred = first_number_choice
        # The dealer's hand laid it: the hand turns follow (O-28) if his moves.
        state.extra[PLAYED_HAND] = (state.hands[state.dealer], state.dealer)


@dataclass(frozen=True, slots=True)
class NameVictim(Action):
    """O-32 with O-03: the dealer names who draws a first +2? or +4?: ``victim P2``."""

    verb: ClassVar[str] = "victim"
    seat: int

    def apply_to(self, state: RoundState) -> None:
        entry: Pending = state.extra.pop(FIRST_DRAW)
        assert entry.penalty is not None
        penalty = entry.penalty
        if state.variant.kinds[entry.kind].param("skip", "victim") == "victim":
            # The victim named also misses a turn (U-19): at once if he plays next,
            # else his next turn.
            penalty.skip_later = self.seat != penalty.skipped
            penalty.skipped = self.seat
        penalty.target = self.seat
        state.stack.append(entry)  # now it may be answered as any +2? or +4?
        state.advance()

    def __str__(self) -> str:
        return f"victim {seat_name(self.seat)}"


@action_verb("victim")
def _parse_victim(args: list[str], line: str) -> Action:
    if len(args) != 1:
        raise ActionSyntaxError(f"'{line}': write 'victim' and a seat, e.g. 'victim P2'")
    return NameVictim(parse_seat(args[0], line))


def ask_first_victim(state: RoundState) -> None:
    state.ask(state.dealer, [NameVictim(s) for s in range(state.n)
                             if s != state.dealer and s not in state.out])


def first_number_choice(state: RoundState) -> None:
    """O-32 with a 0 or 7 option: the dealer makes the choice of a first 0 or 7."""
    kind, rules, dealer = state.discard[-1], state.rules, state.dealer
    if state.variant.is_number(kind, 0):
        if rules.zero_moves_hands == "choose":
            state.ask(dealer, rotate_choices())
        elif rules.zero_moves_hands == "rotate":
            pass_hands(state, state.direction)
    elif state.variant.is_number(kind, 7) and rules.seven_moves_hands in ("swap", "choose"):
        options = swap_choices(state, dealer)
        if options:
            state.ask(dealer, options + [PASS] if rules.seven_moves_hands == "choose"
                      else options)


# --- O-34 identical-pair-skips -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PairPlay(PlayGroup):
    """O-34: two copies of one card laid at once: ``pair red-5 red-5``. The second acts
    (its effect once, as one card), and the player who would play next is skipped."""

    verb: ClassVar[str] = "pair"
    acts_as_one: ClassVar[bool] = False

    def apply_to(self, state: Round) -> None:
        assert isinstance(state, RoundState)  # (a Play's round; a group needs all of it)
        state.extra[PAIR_LAID] = True
        PlayGroup.apply_to(self, state)


@action_verb("pair")
def _parse_pair(args: list[str], line: str) -> Action:
    group = _parse_together(args, line)
    assert isinstance(group, PlayGroup)
    if len(group.cards) != 2 or group.cards[0] != group.cards[1]:
        raise ActionSyntaxError(f"'{line}': a pair is two copies of one card, e.g. "
                                "'pair red-5 red-5'")
    return PairPlay(group.card, group.color, group.target, group.uno, cards=group.cards)


@option("identical-pair-skips")
class IdenticalPairSkips(OfficialRules):
    """O-34: on his turn a player may lay two identical cards at once (the first one
    playable); the pair acts as its card once, then the next player loses his turn. It
    is not an interception and adds nothing to a draw."""


    def turn_actions(self, state: RoundState, seat: int) -> list[Action]:
        actions = super().turn_actions(state, seat)
        hand = state.hands[seat]
        kinds = sorted({a.kind for a in actions if type(a) is Play  # plain plays only
                        and hand.count(a.kind) >= 2})
        pairs: list[Action] = [PairPlay.of(state.variant, (kind, kind), play)
                               for kind in kinds
                               for play in state.plays[seat][len(hand) == 3][kind]]
        return pairs + actions

    def after_play(self, state: RoundState, entry: Pending) -> None:
        super().after_play(state, entry)
        if state.extra.pop(PAIR_LAID, False):
            state.extra[PAIR] = entry  # (a pair's draw stacked on never takes effect)

    def after_resolve(self, state: RoundState, entry: Pending) -> None:
        super().after_resolve(state, entry)
        if state.extra.get(PAIR) is not entry:
            return
        del state.extra[PAIR]
        if state.phase != OVER and state.hands[entry.author]:
            skipped = state.turn
            state.lose_turn(skipped)
            state.log(PairSkips(skipped))


# --- O-35 invisible-uno-card -------------------------------------------------------------------


def is_uno_card(state: RoundState, kind: int) -> bool:
    return state.variant.kinds[kind].effect == "rotate-hands"


@register_responder
class InvisibleUnoResponder(Responder):
    """O-35: the player a pending draw is about to hit may lay the Uno card."""

    name = "invisible-uno"

    needs_penalty = True

    def active(self, state: RoundState) -> bool:
        penalty = state.stack[-1].penalty
        return penalty is not None and not penalty.challenged and penalty.author is not None

    def options(self, state: RoundState, seat: int) -> list[Action]:
        penalty = state.stack[-1].penalty
        if penalty is None or seat != penalty.target:
            return []
        return state.plays_of(seat, {k for k in state.hands[seat] if is_uno_card(state, k)})


@option("invisible-uno-card")
class InvisibleUnoCard(OfficialRules):
    """O-35: the Uno card is "invisible". Laid by the player a draw is about to hit, he
    draws nothing and the draw passes to the next player, who may answer it in turn;
    laid on one's turn with nothing to avoid, it only ends the turn. Either way it slips
    under the top card, whose colour and face stay the ones to match. It never rotates
    the hands (O-14)."""

    uno_card_rotates = False

    def responders(self) -> tuple[Responder, ...]:
        return (*super().responders(), RESPONDERS["invisible-uno"])

    def after_play(self, state: RoundState, entry: Pending) -> None:
        super().after_play(state, entry)
        if not is_uno_card(state, entry.kind) or state.stack[-1] is not entry:
            return
        state.stack.pop()
        state.fired[entry.kind] += 1
        discard = state.discard
        uno_card = discard.pop()
        discard.insert(len(discard) - 1, uno_card)  # under the card it does not cover
        state.color, state.match_set = entry.prev_color, entry.prev_match
        below = state.stack[-1].penalty if state.stack else None
        if below is not None and below.target == entry.author:
            below.target = state.next_seat(entry.author)
            if below.skipped == entry.author:
                below.skipped = below.target
            state.log(DrawPassesOn(below.target))
        elif not state.stack:
            state.turn = state.next_seat(entry.author)


# --- O-37 zero-rotates-by-choice, O-38 seven-swaps-by-choice ------------------------------------


@dataclass(frozen=True, slots=True)
class RotateWay(Action):
    """O-37: the way the hands move after a 0: ``rotate left`` (clockwise) or
    ``rotate right``."""

    verb: ClassVar[str] = "rotate"
    step: int

    def apply_to(self, state: RoundState) -> None:
        pass_hands(state, self.step)
        state.advance()

    def __str__(self) -> str:
        return f"rotate {'left' if self.step > 0 else 'right'}"


ROTATE_WAYS = {"left": RotateWay(1), "right": RotateWay(-1)}


@action_verb("rotate")
def _parse_rotate(args: list[str], line: str) -> Action:
    if len(args) != 1 or args[0].lower() not in ROTATE_WAYS:
        raise ActionSyntaxError(f"'{line}': write 'rotate left' or 'rotate right'")
    return ROTATE_WAYS[args[0].lower()]


def rotate_choices() -> list[Action]:
    return [ROTATE_WAYS["left"], ROTATE_WAYS["right"], PASS]


def swap_choices(state: RoundState, seat: int) -> list[Action]:
    return [SwapWith(s) for s in range(state.n) if s != seat and s not in state.out]


@option("zero-rotates-by-choice")
class ZeroRotatesByChoice(OfficialRules):
    """O-37: once a 0 has taken effect its player may move every hand one seat to the
    left or to the right, or leave them (``pass``). A 0 that ends his hand moves none."""

    zero_moves_hands = "choose"

    def after_resolve(self, state: RoundState, entry: Pending) -> None:
        super().after_resolve(state, entry)
        if (entry.author >= 0 and state.variant.is_number(entry.kind, 0) and state.phase != OVER
                and not went_out_with(state, entry) and state.active_count() > 1):
            state.ask(entry.author, rotate_choices())


@option("seven-swaps-by-choice")
class SevenSwapsByChoice(OfficialRules):
    """O-38: once a 7 has taken effect its player may swap hands with a player he picks,
    or keep his own (``pass``). A 7 that ends his hand swaps nothing."""

    seven_moves_hands = "choose"

    def after_resolve(self, state: RoundState, entry: Pending) -> None:
        super().after_resolve(state, entry)
        if (entry.author >= 0 and state.variant.is_number(entry.kind, 7) and state.phase != OVER
                and not went_out_with(state, entry)):
            options = swap_choices(state, entry.author)
            if options:
                state.ask(entry.author, [*options, PASS])


# --- O-39 twos-round ---------------------------------------------------------------------------


@option("twos-round")
class TwosRound(OfficialRules):
    """O-39: after a 2 has taken effect, every other player, on his turn, lays a 2 of
    any colour or draws one card, which ends his turn, until the turn is back with the
    2's player, who plays as usual. A 2 laid during that round starts no new one."""

    def owner(self, state: RoundState, seat: int) -> int | None:
        """The player whose 2 restricts ``seat``'s turn (None: a normal turn)."""
        owner: int | None = state.extra.get(TWOS)
        if owner is None or owner == seat or owner in state.out:
            return None
        return owner

    def turn_actions(self, state: RoundState, seat: int) -> list[Action]:
        if self.owner(state, seat) is None:
            return super().turn_actions(state, seat)
        twos = {k for k in state.hands[seat] if state.variant.is_number(k, 2)}
        return [*state.plays_of(seat, twos), DRAW]

    def draw_turn(self, state: RoundState, seat: int) -> None:
        if self.owner(state, seat) is None:
            if state.extra.get(TWOS) == seat:
                del state.extra[TWOS]  # back with the 2's player: the round of 2s is over
            super().draw_turn(state, seat)
            return
        forget_laid(state)
        if state.draw_cards(seat, 1):
            state.end_turn()
        else:
            state.idle_turn()  # C-28

    def after_play(self, state: RoundState, entry: Pending) -> None:
        super().after_play(state, entry)
        if state.extra.get(TWOS) == entry.author:
            del state.extra[TWOS]  # back with the 2's player: the round of 2s is over

    def after_resolve(self, state: RoundState, entry: Pending) -> None:
        super().after_resolve(state, entry)
        if (entry.author >= 0 and state.variant.is_number(entry.kind, 2) and TWOS not in state.extra
                and state.phase != OVER and state.hands[entry.author]):
            state.extra[TWOS] = entry.author
            state.log(TwosRoundBegins())


# --- O-40 round-hundreds-bonus -----------------------------------------------------------------

#: O-40: what a round number takes off a total.
ROUND_NUMBER_BONUS = 99


@option("round-hundreds-bonus")
class RoundHundredsBonus(LowestScore):
    """O-40: everyone adds his own hand at its cards' values (the Uno card 100) and the
    lowest total wins; a player whose points for the round, or whose new total, is a
    positive multiple of 100 has 99 taken off, once a round."""

    def score_round(self, game: Scoreboard, result: RoundResult) -> None:
        super().score_round(game, result)
        for seat, points in result.hand_points.items():
            total = game.scores[seat]
            if any(value > 0 and value % 100 == 0 for value in (points, total)):
                game.scores[seat] = total - ROUND_NUMBER_BONUS


# --- the whole set -----------------------------------------------------------------------------

@option("olympique")
class Olympique(OneCardPenalty, TurnsFollowHands, DealerDeals7To15, DealerLaysFirstCard,
                IdenticalPairSkips, InvisibleUnoCard, ZeroRotatesByChoice, SevenSwapsByChoice,
                TwosRound, RoundHundredsBonus, DealerPicksDirection, RotateDealer,
                JumpInIdentical, StackDraws):
    """O-27 … O-41: every Olympique rule the engine plays, with the options of other
    families that already play some of them (O-30, O-31, O-33, O-36). Naming one of
    its parts beside it changes nothing; an option reading one of its rules otherwise
    is refused."""

