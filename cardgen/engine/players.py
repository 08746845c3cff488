"""Bots: a random player and a sensible one.

Both choose among the legal actions from what their seat can see (a
:class:`~cardgen.engine.observation.SeatView`), with their own seeded random source.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardgen.engine.actions import Action, Challenge, Draw, NameColor, Pass, Play
from cardgen.engine.errors import EngineError
from cardgen.engine.observation import SeatView
from cardgen.engine.unplugged import pingouin_worth, react


class RandomPlayer:
    """Uniform over distinct actions: first a card (or draw, keep, pass …), then its
    options (the colour named on a wild, a victim, calling UNO or not), so that a wild
    is not four times as likely as a number card."""

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        rand = self._random
        count = len(legal)
        while True:
            # Pick any action, keep it with probability 1/siblings: each card (with all
            # its options) is then equally likely, and so is each option of it.
            action = legal[int(rand() * count)]
            siblings = action.siblings if isinstance(action, Play) else 1
            if siblings == 1 or rand() * siblings < 1:
                return action


class HeuristicPlayer:
    """Plays like a careful human: never draws when it can play, always calls UNO and
    catches a missed call, keeps its wilds for later, never bluffs a +4, names the
    colour it holds most, hits a neighbour about to go out, and challenges a +4 from a
    big hand (more likely to hold the colour)."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        first = legal[0]
        if first.verb in ("catch", "contre-uno"):  # always catch a missing UNO call
            return first
        if isinstance(first, Challenge):
            return self._respond(view, first, legal)
        if isinstance(first, NameColor):
            if view.hand_hidden:  # U-10: named before looking at the hand, so at random
                return legal[self._rng.randrange(len(legal))]
            return legal[_most(self._color_counts(view))]
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return next((a for a in legal if isinstance(a, Draw)), legal[0])
        if isinstance(legal[-1], Pass):  # an answer out of turn: Non, Boomerang …
            reply = react(view, plays, legal[-1])
            if reply is not None:
                return reply
        # What every option is weighed against, worked out once per decision.
        variant = view.variant
        hand = view.hand_kinds
        counts = self._color_counts(view)
        sizes = view.hand_sizes
        threatened = sizes[view.next_seat()] <= 2
        asked = view.color_index
        holds_asked = asked >= 0 and not variant.counts_as[asked].isdisjoint(hand)

        def score(play: Play) -> float:
            card = variant.kinds[play.kind]
            value: float = card.points
            if play.uno:
                value += 1000
            if card.effect == "wild-draw" and holds_asked:
                value -= 10_000  # a bluff
            if card.any_card and len(hand) > 2:
                value -= 40
            color = play.color_index if play.color_index >= 0 else variant.color_of[play.kind]
            if color >= 0:
                # the colour it holds most once this card (every copy of it) is set aside
                left = list(counts)
                own = variant.color_of[play.kind]
                if own >= 0:
                    left[own] -= hand.count(play.kind)
                value += 15 if color == _most(left) else 0
            if card.effect in ("draw", "wild-draw", "skip") and threatened:
                value += 60
            if play.target is not None:
                value -= 5 * sizes[play.target]
            if card.effect == "end-round":  # Pingouin: only with a small hand left
                value += pingouin_worth(view)
            return value

        return max(plays, key=score)

    def _respond(self, view: SeatView, first: Action, legal: Sequence[Action]) -> Action:
        author = view.pending[-1]["author"] if view.pending else None
        if author is not None and view.hand_sizes[author] >= 4:
            return first
        return legal[-1]  # pass

    def _color_counts(self, view: SeatView) -> list[int]:
        counts = [0] * len(view.variant.colors)
        color_of = view.variant.color_of
        for k in view.hand_kinds:
            if color_of[k] >= 0:
                counts[color_of[k]] += 1
        return counts


def _most(counts: list[int]) -> int:
    """The colour with the highest count (the first one on a tie)."""
    return counts.index(max(counts))


PLAYERS: dict[str, Callable[[random.Random], RandomPlayer | HeuristicPlayer]] = {
    "random": RandomPlayer,
    "heuristic": HeuristicPlayer,
}


def player_names(spec: str | Sequence[str]) -> list[str]:
    """The bot names of "random", "heuristic" or a comma list; an unknown one is refused."""
    names = spec.split(",") if isinstance(spec, str) else list(spec)
    for name in names:
        if name not in PLAYERS:
            raise EngineError(f"unknown player '{name}'; the players are "
                              f"{', '.join(PLAYERS)} (or a comma list of them)")
    return names


def make_players(spec: str | Sequence[str], count: int,
                 seed: int | str) -> list[RandomPlayer | HeuristicPlayer]:
    """Bots for ``count`` seats from "random", "heuristic" or a list cycled over seats;
    each with its own random source derived from ``seed``."""
    names = player_names(spec)
    return [PLAYERS[names[s % len(names)]](random.Random(f"cardgen:{seed}:player:{s}"))
            for s in range(count)]
