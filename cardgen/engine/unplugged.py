"""Uno Unplugged (seed 000): its fifteen cards and its own table rules.

Each card is one effect handler; the rules a deck with ``rulebook = "unplugged"`` plays
on top of the official ones are :class:`UnpluggedRules`. Ids are those of
docs/rules.md (U-…), which also states every choice made where the fan document is
silent.

The reactions ride on the engine's stack of pending effects. A card laid waits on the
stack while the seats are asked, in the order of U-40, whether they answer it: a
``non`` (any seat) goes on top of it and, when its own window closes, removes it from
the stack unresolved (U-23); a ``boomerang`` or ``derivation`` (the player due to draw)
goes on top of a +X and, when it resolves, moves that +X's pending draw (U-27 … U-29).
Follow-up decisions (Inversion's two players, Coup de bol's cards, Générosité's gifts)
are asked once the card stands, with :meth:`RoundState.ask`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from cardgen.engine.actions import PASS, Action, Play, action_verb, parse_seat, seat_name
from cardgen.engine.effects import Effect, register_effect
from cardgen.engine.errors import ActionSyntaxError
from cardgen.engine.hands import hands_moved, pair_choices, pass_hands, sizes, swap_hands
from cardgen.engine.observation import SeatView
from cardgen.engine.responses import Responder, register_responder
from cardgen.engine.rules import OfficialRules, optional_rule
from cardgen.engine.state import DrawPenalty, RoundState

if TYPE_CHECKING:
    from cardgen.engine.state import Pending
    from cardgen.engine.variant import Variant


@lru_cache(maxsize=256)
def kinds_with(variant: Variant, effect: str) -> frozenset[int]:
    """The kinds of the variant whose card has ``effect``."""
    return frozenset(k for k, card in enumerate(variant.kinds) if card.effect == effect)


def held(state: RoundState, seat: int, kinds: frozenset[int]) -> list[int]:
    """The distinct kinds of ``kinds`` that ``seat`` holds, in a stable order."""
    return sorted(kinds.intersection(state.hands[seat]))


def plays_of(state: RoundState, seat: int, kinds: list[int]) -> list[Action]:
    table = state.plays[seat][len(state.hands[seat]) == 2]
    return [play for kind in kinds for play in table[kind]]


def anyone_holds(state: RoundState, kinds: frozenset[int]) -> bool:
    return bool(kinds) and any(not kinds.isdisjoint(hand) for hand in state.hands)


class Reaction(Effect):
    """A card laid only in answer to another (never as a turn's play) that leaves the
    turn to the card it answers."""

    decides_playability = True

    def playable(self, state: RoundState, seat: int, kind: int) -> bool:
        return False

    def resolve(self, state: RoundState, entry: Pending) -> None:
        """Acts on the card below it on the stack; whose turn it is stays that card's."""


# --- Non (U-22 … U-25) ----------------------------------------------------------------


@register_effect
class Cancel(Reaction):
    """U-23: the card below never acts; the colour and what may be played are as they
    were before it, and play goes on from the seat after its player."""

    name = "cancel"
    responders = ("non",)

    def on_play(self, state: RoundState, entry: Pending) -> None:
        # U-41: the player attacked challenges only as his first answer to the card; a
        # Non he lays anywhere in the chain answers it.
        penalty = next((e.penalty for e in reversed(state.stack) if e.penalty is not None),
                       None)
        if penalty is not None and penalty.target == entry.author:
            penalty.challengeable = False

    def resolve(self, state: RoundState, entry: Pending) -> None:
        cancelled = state.stack.pop()
        state.color = cancelled.prev_color
        state.match_set = cancelled.prev_match
        if not state.stack:  # the turn's own play: the next seat after its player plays
            state.turn = state.next_seat(cancelled.author)
        state.log(f"{state.variant.kinds[cancelled.kind].id} of "
                  f"{seat_name(cancelled.author)} is cancelled")


@register_responder
class NonResponder(Responder):
    """U-22: any seat holding a Non may lay it on the card waiting on top of the stack,
    unless nobody laid that card (a first card), a challenge has settled it (U-42), or
    it is a +X that a Boomerang or Dérivation has acted on: the last card laid is then
    the reaction, which has acted (U-29)."""

    name = "non"

    def active(self, state: RoundState) -> bool:
        top = state.stack[-1]
        penalty = top.penalty
        if top.kind < 0 or top.author < 0 or (penalty is not None
                                              and (penalty.challenged or penalty.moved)):
            return False
        return anyone_holds(state, kinds_with(state.variant, "cancel"))

    def options(self, state: RoundState, seat: int) -> list[Action]:
        return plays_of(state, seat, held(state, seat, kinds_with(state.variant, "cancel")))


# --- Boomerang and Dérivation (U-27 … U-29) -----------------------------------------------


def pending_draw(state: RoundState) -> DrawPenalty | None:
    """The draw a Boomerang or Dérivation may answer now: the +X on top of the stack,
    laid by a player, not challenged."""
    penalty = state.stack[-1].penalty
    if (penalty is None or penalty.author is None or penalty.challenged
            or not (penalty.reflectable or penalty.redirectable)):
        return None
    return penalty


class DrawReaction(Reaction):
    """Laid on a pending +X by the player due to draw; it moves the draw when it
    resolves, so a Non on it leaves the draw where it was."""

    def on_play(self, state: RoundState, entry: Pending) -> None:
        # An answer comes instead of a challenge (U-41: the challenge is the first answer).
        below = state.stack[-1].penalty
        assert below is not None
        below.challengeable = False

    def new_drawer(self, state: RoundState, entry: Pending, penalty: DrawPenalty) -> int:
        raise NotImplementedError

    def hits(self, state: RoundState, entry: Pending) -> int | None:
        """U-40: the player it will make draw is asked first whether he answers it."""
        below = state.stack[-2].penalty if len(state.stack) >= 2 else None
        return None if below is None else self.new_drawer(state, entry, below)

    def resolve(self, state: RoundState, entry: Pending) -> None:
        penalty = state.stack[-1].penalty
        assert penalty is not None
        penalty.target = self.new_drawer(state, entry, penalty)
        penalty.moved = True
        state.log(f"the draw goes to {seat_name(penalty.target)}")


@register_effect
class ReturnDraw(DrawReaction):
    """U-27: the author of the +X draws instead; the skip does not move."""

    name = "return-draw"
    responders = ("boomerang",)

    def new_drawer(self, state: RoundState, entry: Pending, penalty: DrawPenalty) -> int:
        assert penalty.author is not None
        return penalty.author


@register_effect
class RedirectDraw(DrawReaction):
    """U-28: a player its player names (not himself) draws instead."""

    name = "redirect-draw"
    responders = ("derivation",)

    def targets(self, variant: Variant, kind: int, seat: int, n: int) -> list[int | None]:
        return [s for s in range(n) if s != seat]

    def new_drawer(self, state: RoundState, entry: Pending, penalty: DrawPenalty) -> int:
        assert entry.action is not None and entry.action.target is not None
        return entry.action.target


@register_responder
class BoomerangResponder(Responder):
    """U-27: the player due to draw, unless he laid the +X himself."""

    name = "boomerang"
    needs_penalty = True

    def active(self, state: RoundState) -> bool:
        penalty = pending_draw(state)
        return (penalty is not None and penalty.reflectable and penalty.target != penalty.author
                and anyone_holds(state, kinds_with(state.variant, "return-draw")))

    def options(self, state: RoundState, seat: int) -> list[Action]:
        penalty = state.stack[-1].penalty
        assert penalty is not None
        if seat != penalty.target:
            return []
        return plays_of(state, seat, held(state, seat, kinds_with(state.variant, "return-draw")))


@register_responder
class DerivationResponder(Responder):
    """U-28: the player due to draw, whoever laid the +X."""

    name = "derivation"
    needs_penalty = True

    def active(self, state: RoundState) -> bool:
        penalty = pending_draw(state)
        return (penalty is not None and penalty.redirectable
                and anyone_holds(state, kinds_with(state.variant, "redirect-draw")))

    def options(self, state: RoundState, seat: int) -> list[Action]:
        penalty = state.stack[-1].penalty
        assert penalty is not None
        if seat != penalty.target:
            return []
        return plays_of(state, seat,
                        held(state, seat, kinds_with(state.variant, "redirect-draw")))


# --- cards laid on one's turn, on any card (U-13) -----------------------------------------


class Others(Effect):
    """A card whose player names another player."""

    def targets(self, variant: Variant, kind: int, seat: int, n: int) -> list[int | None]:
        return [s for s in range(n) if s != seat]


class NotLast(Effect):
    """A card that cannot be a hand's last card (its ``can_finish`` fact is false, U-33 …
    U-36): something must be left to swap, pass or give."""

    decides_playability = True
    #: how many cards besides this one the hand must hold
    def needs(self, state: RoundState) -> int:
        return 1

    def playable(self, state: RoundState, seat: int, kind: int) -> bool:
        return len(state.hands[seat]) > self.needs(state)


@register_effect
class Peek(Others):
    """U-26: its player sees the named player's hand, as it is now."""

    name = "peek"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        assert entry.action is not None and entry.action.target is not None
        state.reveal(entry.author, entry.action.target)
        state.log(f"{seat_name(entry.author)} sees {seat_name(entry.action.target)}'s hand")
        super().resolve(state, entry)


@register_effect
class SwapTwoOthers(Effect):
    """U-30: once the card stands, its player names two other players, who swap hands."""

    name = "swap-two-others"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        super().resolve(state, entry)
        others = [s for s in range(state.n) if s != entry.author and s not in state.out]
        if len(others) >= 2:
            state.ask(entry.author, pair_choices(others))


@register_effect
class SwapHands(Others, NotLast):
    """U-33: its player swaps hands with the player he names; turns follow seats."""

    name = "swap-hands"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        assert entry.action is not None and entry.action.target is not None
        swap_hands(state, entry.author, entry.action.target)
        super().resolve(state, entry)


@register_effect
class PassHands(NotLast):
    """U-34, U-35: every hand moves to the left (clockwise) or right neighbour, whatever
    the direction of play."""

    name = "pass-hands"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        left = state.variant.kinds[entry.kind].param("direction", "left") == "left"
        pass_hands(state, 1 if left else -1)
        super().resolve(state, entry)


@register_effect
class BuryAndRedraw(Effect):
    """U-37: the named player (maybe the card's own player) puts his hand under the
    discard pile and draws as many."""

    name = "bury-and-redraw"

    def targets(self, variant: Variant, kind: int, seat: int, n: int) -> list[int | None]:
        return list(range(n))

    def resolve(self, state: RoundState, entry: Pending) -> None:
        assert entry.action is not None and entry.action.target is not None
        seat = entry.action.target
        buried = state.hands[seat]
        state.hands[seat] = []
        state.discard[:0] = buried
        state.log(f"{seat_name(seat)} buries {len(buried)} card(s)")
        state.draw_cards(seat, len(buried))
        hands_moved(state, {seat: len(buried)})
        super().resolve(state, entry)


@register_effect
class EndRound(Effect):
    """U-39: if it stands, the round stops and everyone counts his own hand; nobody wins
    it (unless it was its player's last card: then he is out, U-46)."""

    name = "end-round"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        if state.hands[entry.author]:
            state.end_round(-1, "pingouin")
        else:
            state.end_round(entry.author, "out")


# --- Générosité (U-36) ------------------------------------------------------------------

OWED = "unplugged:owed"  # state.extra: the seats a Générosité still owes a card


@dataclass(frozen=True, slots=True)
class Give(Action):
    """One gift of a Générosité: ``give red-5 P2``."""

    verb: ClassVar[str] = "give"
    card: str
    seat: int
    kind: int = field(default=-1, compare=False, repr=False)

    def apply_to(self, state: RoundState) -> None:
        giver = state.actor
        before = sizes(state, (giver, self.seat))
        state.hands[giver].remove(self.kind)
        state.hands[self.seat].append(self.kind)
        state.log(f"{seat_name(giver)} gives {self.card} to {seat_name(self.seat)}")
        state.extra[OWED].remove(self.seat)
        hands_moved(state, before)
        if not ask_gift(state, giver):
            state.advance()

    def __str__(self) -> str:
        return f"give {self.card} {seat_name(self.seat)}"


@action_verb("give")
def _parse_give(args: list[str], line: str) -> Action:
    if len(args) != 2:
        raise ActionSyntaxError(f"'{line}': write 'give', a card and a seat, e.g. "
                                "'give red-5 P2'")
    return Give(args[0], parse_seat(args[1], line))


def ask_gift(state: RoundState, giver: int) -> bool:
    """Ask the giver for his next gift; False when every other player has his card."""
    owed: list[int] = state.extra.get(OWED, [])
    if not owed or not state.hands[giver]:
        state.extra.pop(OWED, None)
        return False
    ids = state.variant.kinds
    state.ask(giver, [Give(ids[k].id, seat, kind=k)
                      for k in sorted(set(state.hands[giver])) for seat in owed])
    return True


@register_effect
class GiveOneEach(NotLast):
    """U-36: once it stands, its player gives one card of his choice to each other
    player, choosing who gets which; with exactly enough cards he goes out."""

    name = "give-one-each"

    def needs(self, state: RoundState) -> int:
        return state.active_count() - 1

    def resolve(self, state: RoundState, entry: Pending) -> None:
        super().resolve(state, entry)
        state.extra[OWED] = [s for s in range(state.n)
                             if s != entry.author and s not in state.out]
        ask_gift(state, entry.author)


# --- Coup de bol (U-31, U-32) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lay(Action):
    """A card a Coup de bol lays without effect, more to follow: ``lay red-5 [uno]``."""

    verb: ClassVar[str] = "lay"
    card: str
    uno: bool = False
    kind: int = field(default=-1, compare=False, repr=False)

    def apply_to(self, state: RoundState) -> None:
        seat = state.actor
        hand = state.hands[seat]
        hand.remove(self.kind)
        state.discard.append(self.kind)
        state.played[self.kind] += 1
        state.top_author = seat
        state.match_set = state.variant.match_rows[self.kind][state.color + 1]
        if len(hand) == 1:  # C-24: a lay that leaves one card carries the call
            state.at_uno[seat] = self.uno
            if not self.uno:
                state.uno_missed = seat
        state.log(f"{seat_name(seat)} lays {self.card}")
        ask_run(state, seat, laid=True)

    def __str__(self) -> str:
        return f"lay {self.card}" + (" uno" if self.uno else "")


@action_verb("lay")
def _parse_lay(args: list[str], line: str) -> Action:
    if not 1 <= len(args) <= 2 or (len(args) == 2 and args[1].lower() != "uno"):
        raise ActionSyntaxError(f"'{line}': write 'lay', a card and maybe 'uno', e.g. "
                                "'lay red-5'")
    return Lay(args[0], len(args) == 2)


def ask_run(state: RoundState, seat: int, *, laid: bool) -> None:
    """The next card of a Coup de bol run: one more laid without effect (while another
    card of the colour stays for the end), the last one played with its effect, or —
    before any is laid — none."""
    variant = state.variant
    hand = state.hands[seat]
    lucky = kinds_with(variant, "lucky-run")
    colour = [k for k in hand if variant.color_of[k] == state.color and k not in lucky]
    options: list[Action] = []
    if len(colour) >= 2:
        calls = (False, True) if len(hand) == 2 else (False,)
        options += [Lay(variant.kinds[k].id, call, kind=k)
                    for k in sorted(set(colour)) for call in calls]
    options += plays_of(state, seat, sorted(set(colour)))
    if not laid:
        options.append(PASS)
    if options != [PASS]:
        state.ask(seat, options)
    elif laid:  # unreachable: a lay always keeps a card of the colour for the end
        state.advance()


@register_effect
class LuckyRun(Effect):
    """U-31: laid on one's turn on its own colour (another Coup de bol on top does not
    match); once it stands its player lays cards of that colour one at a time, and only
    the last one acts (with its own window)."""

    name = "lucky-run"
    decides_playability = True

    def playable(self, state: RoundState, seat: int, kind: int) -> bool:
        return state.variant.color_of[kind] == state.color

    def resolve(self, state: RoundState, entry: Pending) -> None:
        super().resolve(state, entry)
        ask_run(state, entry.author, laid=False)


# --- Effet Plus (U-38) --------------------------------------------------------------------


@register_effect
class NumberToDraw(Effect):
    """U-38: only on a number card the previous player has just laid; he draws that
    many, keeps his turn, and play goes on from the Effet Plus player. Only a Non stops
    it (the draw is neither reflectable nor redirectable)."""

    name = "number-to-draw"
    decides_playability = True

    def playable(self, state: RoundState, seat: int, kind: int) -> bool:
        variant = state.variant
        top = state.discard[-1]
        return (variant.kinds[top].effect == "number" and state.top_author >= 0
                and state.top_author != seat and state.turn == seat
                and state.next_seat(state.top_author) == seat)

    def on_play(self, state: RoundState, entry: Pending) -> None:
        # top_author is still the number's player here (play_card sets it after on_play).
        victim = state.top_author
        value = state.variant.kinds[state.discard[-2]].value or 0
        entry.penalty = DrawPenalty(value, victim, author=entry.author, card=entry.kind)

    def resolve(self, state: RoundState, entry: Pending) -> None:
        assert entry.penalty is not None
        state.apply_penalty(entry.penalty)


# --- the table rules ----------------------------------------------------------------------


@optional_rule("unplugged")
class UnpluggedRules(OfficialRules):
    """The rules of the fan document where they differ from the official ones. Its first
    cards are two options of their own: a first Reverse starts on the dealer's right
    (U-08), the dealer names a first Joker's colour (U-10), before seeing his hand."""

    includes = ("first-reverse-right", "dealer-names-first-color")
    start_color_blind = True

    def players_problem(self, players: int) -> str | None:
        if players < 3:  # U-03: the Inversion needs two opponents
            return f"Uno Unplugged is played by 3 to 10 players, not {players}"
        return super().players_problem(players)

    def challenge_outcome(self, state: RoundState, penalty: DrawPenalty,
                          challenger: int) -> None:
        """U-41: whoever loses the challenge draws the amount plus 2. A caught bluffer
        draws and nobody is skipped (the player after him plays); after a fair card the
        challenger draws and the skip stays where it was."""
        penalty.amount += self.challenge_extra
        if penalty.bluff and penalty.author is not None:
            penalty.target = penalty.author
            penalty.skipped = None
        else:
            penalty.target = challenger
        # U-42: the challenge settles the attack; no Boomerang, Dérivation or Non after.
        penalty.stackable = penalty.reflectable = penalty.redirectable = False


# --- how the heuristic bot answers (players.HeuristicPlayer asks) ---------------------------

REACTIONS = frozenset({"cancel", "return-draw", "redirect-draw"})


def react(view: SeatView, plays: list[Play], decline: Action) -> Action | None:
    """A careful player's answer when his only cards to lay now are Non, Boomerang or
    Dérivation: send a draw aimed at him away (Boomerang first, then Dérivation to the
    player with fewest cards, then Non), cancel a Boomerang sent back at him or a
    Pingouin that would count a big hand, and otherwise keep the card. None: these are
    not such cards."""
    kinds = view.variant.kinds
    if not plays or any(kinds[p.kind].effect not in REACTIONS for p in plays):
        return None
    me = view.seat
    sizes = view.hand_sizes
    pending = view.pending
    by_effect = {effect: [p for p in plays if kinds[p.kind].effect == effect]
                 for effect in REACTIONS}
    if pending and pending[-1]["target"] == me:
        if by_effect["return-draw"]:
            return by_effect["return-draw"][0]
        if by_effect["redirect-draw"]:
            return min(by_effect["redirect-draw"],
                       key=lambda p: (sizes[p.target] if p.target is not None else 99, p.uno))
    top = kinds[view.top_kind].effect
    if by_effect["cancel"] and (
            (pending and pending[-1]["target"] == me)
            or (top == "return-draw" and pending and pending[-1]["author"] == me)
            or (top == "end-round" and hand_points(view) > PINGOUIN_POINTS)):
        return by_effect["cancel"][-1]
    return decline


#: A careful player lays a Pingouin only when his hand, the Pingouin aside, counts at most
#: this many points, and cancels another's Pingouin when his hand counts more.
PINGOUIN_POINTS = 15


def hand_points(view: SeatView) -> int:
    points = view.variant.points_of
    return sum(points[k] for k in view.hand_kinds)


def pingouin_worth(view: SeatView) -> float:
    """How much a careful player wants to lay his Pingouin now (lowest total wins)."""
    left = hand_points(view) - 20
    return 500.0 if left <= PINGOUIN_POINTS else -500.0
