"""Uno Wizz (O-42): the Wizz card and its spinning wheel, played as a seeded chance step.

The article gives the nine sectors of the wheel but not their odds, how many Wizz cards
a box holds, or what they match. The engine reads the wheel as uniform (each sector
1 in 9) and the Wizz card as a coloured card that matches its colour or another Wizz; a
deck adds as many as it likes (``examples/wizz.toml`` has two per colour). The decisions
a sector leaves to a player are his, as ``wheel …`` actions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from cardgen.engine.api import (
    PASS,
    Action,
    ActionSyntaxError,
    Effect,
    Pending,
    RoundState,
    action_verb,
    register_effect,
)
from cardgen.engine.events import Discarded, ShoutsFirst, WheelSpun
from cardgen.engine.options.hands import pass_hands

#: The wheel's sectors, in the article's order (O-42).
SECTORS = ("almost-uno", "one-number-less", "one-colour-less", "draw-to-red", "draw-to-blue",
           "hands-left", "show-hand", "uno-wizz", "war")


def discard_under(state: RoundState, seat: int, kinds: list[int]) -> None:
    """Put ``kinds`` from ``seat``'s hand under the top card, without effect; one card
    left puts him at UNO (the wheel called it for him), none takes him out."""
    hand = state.hands[seat]
    for kind in kinds:
        hand.remove(kind)
    state.discard[-1:-1] = kinds
    state.log(Discarded(seat, state.card_ids(kinds)))
    if len(hand) == 1:
        state.at_uno[seat] = True
    elif not hand and seat not in state.emptied:
        state.emptied.append(seat)


@dataclass(frozen=True, slots=True)
class WheelChoice(Action):
    """A decision the wheel leaves to a player: ``wheel keep red-5 blue-7`` (sector 1),
    ``wheel number 5`` (2), ``wheel color red`` (3), ``wheel drop red-5`` (8, 9)."""

    verb: ClassVar[str] = "wheel"
    what: str
    words: tuple[str, ...]

    def apply_to(self, state: RoundState) -> None:
        seat, hand, variant = state.actor, state.hands[state.actor], state.variant
        if self.what == "keep":
            kept = [variant.kind(card) for card in self.words]
            gone = list(hand)
            for kind in kept:
                gone.remove(kind)
        elif self.what == "number":
            gone = [k for k in hand if variant.kinds[k].effect == "number"
                    and str(variant.kinds[k].value) == self.words[0]]
        elif self.what == "color":
            gone = [k for k in hand if variant.kinds[k].color == self.words[0]]
        else:  # drop
            gone = [variant.kind(self.words[0])]
        discard_under(state, seat, gone)
        state.advance()

    def cards_named(self) -> tuple[str, ...]:
        return self.words if self.what in ("keep", "drop") else ()

    def __str__(self) -> str:
        return " ".join(("wheel", self.what, *self.words))


WHEEL_WORDS = {"keep": 2, "number": 1, "color": 1, "drop": 1}


@action_verb("wheel")
def _parse_wheel(args: list[str], line: str) -> Action:
    if not args or args[0] not in WHEEL_WORDS or len(args) != WHEEL_WORDS[args[0]] + 1:
        raise ActionSyntaxError(f"'{line}': write 'wheel keep CARD CARD', 'wheel number N', "
                                "'wheel color COLOUR' or 'wheel drop CARD'")
    return WheelChoice(args[0], tuple(args[1:]))


def _ids(state: RoundState, kinds: set[int] | list[int]) -> list[str]:
    return [state.variant.kinds[k].id for k in sorted(set(kinds))]


def almost_uno(state: RoundState, seat: int) -> None:
    """1: he discards all his cards but the two he keeps."""
    hand = sorted(state.hands[seat])
    if len(hand) <= 2:
        return
    pairs = sorted({(a, b) for i, a in enumerate(hand) for b in hand[i + 1:]})
    ids = state.variant.kinds
    state.ask(seat, [WheelChoice("keep", (ids[a].id, ids[b].id)) for a, b in pairs])


def one_number_less(state: RoundState, seat: int) -> None:
    """2: he names a number he holds and discards every card of it."""
    kinds = state.variant.kinds
    values = sorted({kinds[k].value or 0 for k in state.hands[seat]
                     if kinds[k].effect == "number"})
    if values:
        state.ask(seat, [WheelChoice("number", (str(v),)) for v in values])


def one_colour_less(state: RoundState, seat: int) -> None:
    """3: he names a colour he holds and discards every card of it."""
    colors = [c for c in state.variant.colors
              if any(state.variant.kinds[k].color == c for k in state.hands[seat])]
    if colors:
        state.ask(seat, [WheelChoice("color", (c,)) for c in colors])


def draw_until(color: str) -> Callable[[RoundState, int], None]:
    """4, 5: he draws until a card of ``color`` or a black card (a Joker) comes."""
    def draw(state: RoundState, seat: int) -> None:
        kinds = state.variant.kinds
        while state.draw_cards(seat, 1):
            card = kinds[state.hands[seat][-1]]
            if card.color in (color, None):
                return
    return draw


def hands_left(state: RoundState, seat: int) -> None:
    """6: every player passes his hand to the player on his left."""
    pass_hands(state, 1)


def show_hand(state: RoundState, seat: int) -> None:
    """7: he shows his hand to everyone."""
    for other in range(state.n):
        if other != seat:
            state.reveal(other, seat)


def uno_wizz(state: RoundState, seat: int) -> None:
    """8: the first to shout (a uniformly random player still in) puts a card of his
    choice under the top card."""
    playing = [s for s in range(state.n) if s not in state.out and state.hands[s]]
    if playing:
        shouter = state.first_shouter(playing)
        state.log(ShoutsFirst(shouter))
        ask_drop(state, shouter, set(state.hands[shouter]), may_pass=False)


def war(state: RoundState, seat: int) -> None:
    """9: everyone shows his highest number; a single highest may discard it (a tie
    discards nothing)."""
    kinds = state.variant.kinds
    best: dict[int, int] = {}
    for other in range(state.n):
        numbers = [k for k in state.hands[other] if kinds[k].effect == "number"]
        if other not in state.out and numbers:
            best[other] = max(numbers, key=lambda k: kinds[k].value or 0)
    if not best:
        return
    top = max(kinds[k].value or 0 for k in best.values())
    winners = [s for s, k in best.items() if (kinds[k].value or 0) == top]
    if len(winners) == 1:
        winner = winners[0]
        ask_drop(state, winner, {best[winner]}, may_pass=True)


def ask_drop(state: RoundState, seat: int, kinds: set[int], *, may_pass: bool) -> None:
    options: list[Action] = [WheelChoice("drop", (card,)) for card in _ids(state, kinds)]
    state.ask(seat, [*options, PASS] if may_pass else options)


SECTOR_ACTIONS: dict[str, Callable[[RoundState, int], None]] = {
    "almost-uno": almost_uno, "one-number-less": one_number_less,
    "one-colour-less": one_colour_less, "draw-to-red": draw_until("red"),
    "draw-to-blue": draw_until("blue"), "hands-left": hands_left, "show-hand": show_hand,
    "uno-wizz": uno_wizz, "war": war,
}


def spin(state: RoundState) -> str:
    """O-42 (default reading): one spin of a uniform wheel, a chance step of the round."""
    return state.wheel_spin(SECTORS)


@register_effect
class SpinWheel(Effect):
    """O-42: the player after the Wizz card's player spins the wheel instead of playing
    and carries out its sector; then the player after him plays."""

    name = "spin-wheel"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        spinner = state.next_seat(entry.author)
        state.turn = state.next_seat(spinner)
        sector = spin(state)
        state.log(WheelSpun(spinner, sector))
        SECTOR_ACTIONS[sector](state, spinner)
