"""FL-06 for the heuristic bot: on UNO Flip it reads the next player's hand from the side
that hand shows it, and lays what leaves him nothing to lay."""

from __future__ import annotations

import random

from cardgen.engine.actions import Play
from cardgen.engine.observation import SeatView
from cardgen.play.players import HeuristicPlayer
from cardgen.situation import build_state


class Blind(HeuristicPlayer):
    reads_other_sides = False


def test_fl06_the_heuristic_lays_what_the_next_player_cannot_follow() -> None:
    # P1 holds red cards only (its dark side shows it to P0): the blue 3 leaves him
    # stuck, the red 5 (worth more points, so laid first otherwise) does not.
    state = build_state({"deck": "flip", "players": 2, "top": "red-3", "turn": "P0",
                         "draw": ["green-5", "yellow-2"],
                         "hands": {"P0": ["red-5", "blue-3", "green-9"],
                                   "P1": ["red-7", "red-1"]}}, "test")
    view, legal = SeatView(state, 0), state.legal_actions()
    chosen = HeuristicPlayer(random.Random(1)).choose(view, legal)
    blind = Blind(random.Random(1)).choose(view, legal)
    assert isinstance(chosen, Play) and state.variant.kinds[chosen.kind].id == "blue-3"
    assert isinstance(blind, Play) and state.variant.kinds[blind.kind].id == "red-5"
