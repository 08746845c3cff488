"""The No Mercy cards that no other deck had (docs/rules.md NM-05 … NM-08): Skip
Everyone, the Wild Reverse Draw 4 and the Wild Color Roulette, each effect in one
place. Discard All is the encyclopedia's ``discard-color``, the +4, +6 and +10 the
``draw`` and ``wild-draw`` effects with their ``amount``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardgen.engine.api import (
    Action,
    ActionSyntaxError,
    Effect,
    Pending,
    RoundState,
    action_verb,
    register_effect,
    seat_name,
)
from cardgen.engine.classic.cards import DrawCards
from cardgen.engine.events import Event
from cardgen.engine.nomercy.rules import knock_out_full_hands


@dataclass(frozen=True, slots=True)
class SkipsEveryone(Event):
    """NM-05: every other player is skipped; the card's player plays again."""

    key = "log_skips_everyone"
    seat: int

    def __str__(self) -> str:
        return f"everyone is skipped: {seat_name(self.seat)} plays again"


@dataclass(frozen=True, slots=True)
class RouletteTurned(Event):
    """NM-08: the victim of a Color Roulette named a colour and turned ``count`` cards
    until it came (or the piles ran out)."""

    key = "log_roulette"
    seat: int
    color: str
    count: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} names {self.color} and turns {self.count} card(s)"


@register_effect
class SkipEveryone(Effect):
    """NM-05 (and UNO Flip's dark side, FL-07): every other player misses a turn: its
    player plays again at once."""

    name = "skip-everyone"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        state.turn = entry.author
        state.log(SkipsEveryone(entry.author))


@register_effect
class ReverseDraw(DrawCards):
    """NM-06: play turns round first, then the next player in the new direction draws
    (4 by default) and misses a turn. With two players the other player draws and the
    card's player plays again, as after any draw card (V-03)."""

    name = "reverse-draw"

    def on_play(self, state: RoundState, entry: Pending) -> None:
        state.direction = -state.direction
        super().on_play(state, entry)


@register_effect
class ColorRoulette(Effect):
    """NM-08: the next player names a colour, turns cards from the draw pile into his
    hand until one of that colour comes, and misses his turn; the colour he named is
    the colour in force."""

    name = "color-roulette"

    def resolve(self, state: RoundState, entry: Pending) -> None:
        victim = state.next_seat(entry.author)
        state.turn = state.next_seat(victim)
        state.ask(victim, [RouletteColor(color) for color in state.variant.colors])


@dataclass(frozen=True, slots=True)
class RouletteColor(Action):
    """The colour the victim of a Color Roulette names: ``roulette red``."""

    verb: ClassVar[str] = "roulette"
    color: str

    def apply_to(self, state: RoundState) -> None:
        seat = state.actor
        variant = state.variant
        index = variant.colors.index(self.color)
        turned = 0
        while state.draw_cards(seat, 1):  # C-28: both piles empty stop it
            turned += 1
            if variant.color_of[state.hands[seat][-1]] == index:
                break
        state.log(RouletteTurned(seat, self.color, turned))
        state.color = index
        state.match_set = variant.match_rows[state.discard[-1]][index + 1]
        knock_out_full_hands(state)
        state.advance()

    def __str__(self) -> str:
        return f"roulette {self.color}"


@action_verb("roulette")
def _parse_roulette(args: list[str], line: str) -> Action:
    if len(args) != 1:
        raise ActionSyntaxError(f"'{line}': write 'roulette' and one colour, e.g. "
                                "'roulette red'")
    return RouletteColor(args[0].lower())
