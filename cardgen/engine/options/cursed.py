"""Cursed cards (O-20) and counting rounds won instead of points (O-08): two
scoring options of the encyclopedia.

The cursed kind of a round is a chance step, which a situation file can fix.
"""

from __future__ import annotations

from typing import ClassVar

from cardgen.engine.api import (
    OfficialRules,
    Pending,
    RoundField,
    RoundResult,
    RoundState,
    Scoreboard,
    option,
    register_round_field,
)
from cardgen.engine.events import CursedCard

#: state.extra keys
CURSED = "options:cursed"  # the cursed kind of the round
CURSES = "options:curses"  # seat -> curse points earned by laying cursed cards


def _set_cursed(state: RoundState, kind: int) -> None:
    state.extra[CURSED] = kind
    state.extra[CURSES] = [0] * state.n


def _cursed_problem(state: RoundState, kind: int) -> str | None:
    if isinstance(state.rules, CursedCards):
        return None
    return ("chance.cursed names the cursed card of the cursed-cards rule; add "
            "\"cursed-cards\" to 'rules'")


# The card shown after the deal (a situation fixes it, a save writes it down).
register_round_field(RoundField("cursed", "card", lambda state: state.extra.get(CURSED),
                                _set_cursed, _cursed_problem, chance=True))


# --- cursed-cards (O-20), count-rounds (O-08) ----------------------------------------------


def curse_of(state: RoundState, kind: int) -> int:
    card = state.variant.kinds[kind]
    if card.effect == "number":
        return 25
    return 75 if card.color is None else 50


@option("cursed-cards")
class CursedCards(OfficialRules):
    """O-20: after the deal a random card of the draw pile is shown and put back at a
    random place; every card with its id is cursed. Laying one without going out adds
    its curse to one's total, holding one at the end adds it too, and going out on one
    adds it to every other player's total. Only with lowest-total scoring."""

    def players_problem(self, players: int) -> str | None:
        if not self.lowest_total_wins:
            return "cursed-cards needs lowest-score (or rapido): a curse is a penalty"
        return super().players_problem(players)

    def after_deal(self, state: RoundState) -> None:
        super().after_deal(state)
        pile = state.draw_pile
        shown = pile.pop(state.rng.randrange(len(pile)))
        pile.insert(state.rng.randrange(len(pile) + 1), shown)
        state.extra[CURSED] = shown
        state.extra[CURSES] = [0] * state.n
        state.log(CursedCard(state.variant.kinds[shown].id))

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


@option("count-rounds")
class CountRounds(OfficialRules):
    """O-08: a round won is worth 1, card points are ignored; the first to 5 wins. A
    round with no winner counts for nobody."""

    target: ClassVar[int] = 5

    def score_round(self, game: Scoreboard, result: RoundResult) -> None:
        if result.winner is not None:
            game.scores[result.winner] += 1

    def game_over(self, game: Scoreboard) -> bool:
        return max(game.scores) >= self.target
