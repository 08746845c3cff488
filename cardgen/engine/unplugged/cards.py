"""Uno Unplugged (seed 000): its cards laid on one's turn.

Each card is one effect handler; the rules a deck with ``rulebook = "unplugged"`` plays
on top of the official ones are in :mod:`cardgen.engine.unplugged.rules`. The cards laid
out of turn ("Non", Boomerang, Dérivation) are in
:mod:`cardgen.engine.unplugged.reactions`. Ids are those of
docs/rules.md (U-…), which also states every choice made where the fan document is
silent. Follow-up decisions (Inversion's two players, Coup de bol's cards, Générosité's
gifts) are asked once the card stands, with :meth:`RoundState.ask`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from cardgen.engine.api import (
    PASS,
    Action,
    ActionSyntaxError,
    CardTables,
    DrawPenalty,
    Effect,
    Pending,
    RoundState,
    action_verb,
    hands_moved,
    kinds_where,
    parse_seat,
    register_effect,
    seat_name,
    sizes,
)
from cardgen.engine.events import Buried, Gave, Laid, SeesHand
from cardgen.engine.options.hands import pair_choices, pass_hands, swap_hands

# --- cards laid on one's turn, on any card (U-13) -----------------------------------------


class Others(Effect):
    """A card whose player names another player."""

    def targets(self, variant: CardTables, kind: int, seat: int, n: int) -> list[int | None]:
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
        state.log(SeesHand(entry.author, entry.action.target))
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

    def targets(self, variant: CardTables, kind: int, seat: int, n: int) -> list[int | None]:
        return list(range(n))

    def resolve(self, state: RoundState, entry: Pending) -> None:
        assert entry.action is not None and entry.action.target is not None
        seat = entry.action.target
        buried = state.hands[seat]
        state.hands[seat] = []
        state.discard[:0] = buried
        state.log(Buried(seat, len(buried)))
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
        state.log(Gave(giver, self.card, self.seat))
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
        state.log(Laid(seat, self.card))
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
    lucky = kinds_where(variant, "lucky-run")
    colour = [k for k in hand if variant.color_of[k] == state.color and k not in lucky]
    options: list[Action] = []
    if len(colour) >= 2:
        calls = (False, True) if len(hand) == 2 else (False,)
        options += [Lay(variant.kinds[k].id, call, kind=k)
                    for k in sorted(set(colour)) for call in calls]
    options += state.plays_of(seat, set(colour))
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
