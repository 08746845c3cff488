"""What a search bot believes of the other hands is true, and its worlds keep to it."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardgen.deck.load import load_deck
from cardgen.engine import Game, Variant
from cardgen.engine.actions import Action
from cardgen.engine.game import play_round
from cardgen.engine.observation import SeatView
from cardgen.play.beliefs import Beliefs, deal_by_beliefs
from cardgen.play.players import HeuristicPlayer


class Watcher:
    """A heuristic bot that keeps beliefs, checked against the real hands (the test may
    look) and against worlds dealt by them."""

    def __init__(self, seed: int) -> None:
        self.bot = HeuristicPlayer(random.Random(seed))
        self.beliefs = Beliefs()
        self.rng = random.Random(seed)
        self.barred_decisions = 0

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        self.beliefs.observe(view)
        for seat, bars in self.beliefs.bars.items():
            hand = view._state.hands[seat]
            for kinds, count in bars:
                assert 0 < count <= len(hand)
                # at least ``count`` of its cards are not of the barred kinds
                assert sum(k not in kinds for k in hand) >= count
        if self.beliefs.bars:
            self.barred_decisions += 1
            world = view.sample_world(self.rng)
            deal_by_beliefs(world, self.beliefs.bars, self.rng)
            for seat, bars in self.beliefs.bars.items():
                for kinds, count in bars:
                    assert all(k not in kinds for k in world.hands[seat][:count])
            assert sorted(world.draw_pile + [k for h in world.hands for k in h]) == sorted(
                view._state.draw_pile + [k for h in view._state.hands for k in h])
        action = self.bot.choose(view, legal)
        self.beliefs.acted(view, action)
        return action


def test_a_player_who_draws_and_lays_nothing_is_believed_to_hold_nothing_that_fits() -> None:
    for players, least in ((2, 50), (4, 1)):  # (at 4, the pile seldom stays as it was)
        variant = Variant.from_deck(load_deck("classic"), players)
        watcher = Watcher(players)
        for index in range(6):
            state, _ = Game(variant, f"beliefs:{index}").new_round()
            others = [HeuristicPlayer(random.Random(s)) for s in range(1, players)]
            play_round(state, [watcher, *others], check="none")
        assert watcher.barred_decisions >= least
