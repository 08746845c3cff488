"""No bot reads what its seat may not know.

Each decision is taken again in twins of its round that the deciding seat cannot tell
apart from it: the other hands and the draw pile dealt anew among themselves (each hand
keeping its size), the random source of chance steps to come seeded afresh, a pending
+4's bluff flag turned over. A bot with its seed fixed must take the same decision in
every twin. A search bot made to peek (it looks ahead in the real round) fails the test.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import chain

import pytest

from cardgen.deck.load import load_deck
from cardgen.engine import Game, RoundState, Variant
from cardgen.engine.game import Player
from cardgen.engine.observation import SeatView
from cardgen.engine.state import OVER
from cardgen.play.players import PLAYERS, HeuristicPlayer, player_factory
from cardgen.play.search import SearchPlayer


class PeekingSearch(SearchPlayer):
    """A search bot that cheats: it looks ahead in the real round, hidden cards and all."""

    def world(self, view: SeatView) -> RoundState:
        return view._state.copy(rng=random.Random(self._rng.getrandbits(64)))


def peeker(rng: random.Random) -> Player:
    return PeekingSearch(rng, rollouts=40, rollout_player=HeuristicPlayer)


def decisions(deck: str, players: int, seed: int, count: int) -> list[RoundState]:
    """Copies of rounds at ``count`` decisions with a choice, from heuristic games."""
    variant = Variant.from_deck(load_deck(deck), players)
    found: list[RoundState] = []
    game = 0
    while len(found) < count:
        state, _ = Game(variant, f"peek:{seed}:{game}").new_round()
        bots = [HeuristicPlayer(random.Random(s)) for s in range(players)]
        step = 0
        while state.phase != OVER and len(found) < count:
            legal = state.legal_actions()
            if len(legal) > 1 and step % 3 == 0:
                found.append(state.copy())
            step += 1
            bots[state.actor].choose(SeatView(state, state.actor), legal).apply_to(state)
        game += 1
    return found


def twin(state: RoundState, rng: random.Random) -> RoundState:
    """A round its actor cannot tell from ``state``: the hidden cards dealt anew. With
    two-faced cards (FL-06) the actor sees the other side of the other hands (so also
    whether a +4 of theirs was a bluff) and of the draw pile's top: only the cards
    under the top are hidden."""
    other = state.copy(rng=random.Random(rng.random()))
    me = other.actor
    two_faced = other.variant.two_faced
    hidden = [] if two_faced else [hand for seat, hand in enumerate(other.hands) if seat != me]
    pile = other.draw_pile[:-1] if two_faced else other.draw_pile
    pool = list(chain(*hidden, pile))
    rng.shuffle(pool)
    at = 0
    for hand in hidden:  # in place, as the round's families hold hands by identity
        hand[:] = pool[at:at + len(hand)]
        at += len(hand)
    other.draw_pile[:len(pile)] = pool[at:]
    for entry in other.stack:
        if entry.penalty is not None and entry.penalty.author != me and not two_faced:
            entry.penalty.bluff = not entry.penalty.bluff
    assert SeatView(other, me).as_dict() == SeatView(state, me).as_dict()
    return other


def changed_decisions(make: Callable[[random.Random], Player], rounds: list[RoundState],
                      twins: int = 2) -> int:
    """At how many of ``rounds`` a bot of fixed seed decides otherwise in a twin."""
    changed = 0
    rng = random.Random(7)
    for i, state in enumerate(rounds):
        seat = state.actor

        def decide(round_: RoundState, seat: int = seat, i: int = i) -> object:
            bot = make(random.Random(f"bot:{i}"))
            return bot.choose(SeatView(round_, seat), round_.legal_actions())

        real = decide(state)
        if any(decide(twin(state, rng)) != real for _ in range(twins)):
            changed += 1
    return changed


@pytest.mark.parametrize("name", ["random", "heuristic", "strong", "search-20"])
def test_no_bot_decides_by_cards_its_seat_cannot_see(name: str) -> None:
    rounds = decisions("classic", 3, seed=1, count=6)
    assert changed_decisions(player_factory(name), rounds) == 0


def test_a_bot_made_to_peek_is_caught() -> None:
    rounds = decisions("classic", 3, seed=1, count=6)
    assert changed_decisions(peeker, rounds) > 0


@pytest.mark.parametrize("name", ["heuristic", "search-20"])
def test_fl06_no_bot_reads_what_lies_under_the_draw_piles_top(name: str) -> None:
    """On UNO Flip the other hands are seen (their other side): the twins differ in the
    draw pile under its top only, and no bot decides otherwise in them."""
    rounds = decisions("flip", 3, seed=1, count=6)
    assert changed_decisions(player_factory(name), rounds) == 0


def test_fl06_a_bot_made_to_peek_under_the_draw_piles_top_is_caught() -> None:
    rounds = decisions("flip", 2, seed=2, count=8)
    assert changed_decisions(peeker, rounds) > 0


@pytest.mark.slow
@pytest.mark.parametrize("deck", ["classic", "unplugged", "house", "flip"])
@pytest.mark.parametrize("name", [name for name in PLAYERS if name != "expert"])
def test_no_bot_peeks_on_any_deck_at_any_table(deck: str, name: str) -> None:
    for players in (load_deck(deck).min_players, 4):  # (Unplugged: 3 at least)
        rounds = decisions(deck, players, seed=players, count=6)
        assert changed_decisions(player_factory(name), rounds) == 0


@pytest.mark.slow
def test_the_expert_does_not_peek_either() -> None:
    """As strong, with four times its rollouts (on classic only: a minute a deck)."""
    rounds = decisions("classic", 2, seed=9, count=6)
    assert changed_decisions(player_factory("expert"), rounds) == 0
