"""FL-06 in the agents' observation: on a two-faced deck (UNO Flip) a seat sees the other
side of the other hands and of the draw pile's top, and the observation holds exactly
that, as SeatView shows it; never the other side of its own hand. One-faced decks keep
their layout."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from cardgen.engine.observation import SeatView  # noqa: E402
from cardgen.env.table import RUNNING  # noqa: E402
from cardgen.env.vector import CardgenVectorEnv, sample_masked  # noqa: E402


def test_fl06_the_other_side_planes_are_what_the_seat_sees() -> None:
    players = 3
    tables = CardgenVectorEnv(4, "flip", players)
    layout = tables.writer.layout
    kinds = len(tables.variant.kinds)
    other_sides, top = layout["other_sides"], layout["draw_pile_top_other_side"]
    assert other_sides.stop - other_sides.start == (players - 1) * kinds  # not its own
    observations, _ = tables.reset(seed=3)
    rng = np.random.default_rng(3)
    dark_seen = 0
    for _ in range(120):
        for number, table in enumerate(tables.tables):
            if table.status != RUNNING:
                continue
            state, row = table.state, observations["observation"][number]
            view = SeatView(state, state.actor)
            planes = row[other_sides].reshape(players - 1, kinds)
            for offset in range(1, players):
                holder = (state.actor + offset) % players
                seen = Counter(tables.variant.kind_of[card.id]
                               for card in view.other_side_of_hand(holder))
                assert {k: int(n) for k, n in enumerate(planes[offset - 1]) if n} == seen
            pile_top = view.draw_pile_top_other_side
            expected = np.zeros(kinds, np.float32)
            if pile_top is not None:
                expected[tables.variant.kind_of[pile_top.id]] = 1.0
            assert np.array_equal(row[top], expected)
            dark_seen += view.side == "dark"
        observations, *_ = tables.step(sample_masked(observations["action_mask"], rng))
    assert dark_seen > 0  # (the planes were checked on both sides)


def test_fl06_the_others_hands_move_the_observation_the_pile_under_its_top_does_not() -> None:
    tables = CardgenVectorEnv(1, "flip", 3)
    observations, _ = tables.reset(seed=1)
    state = tables.tables[0].state
    seat = state.actor
    before = np.copy(observations["observation"][0])

    def observe() -> np.ndarray:
        table = tables.tables[0]
        row = np.zeros(tables.writer.size, np.float32)
        tables.writer.write_into(memoryview(row.data).cast("B").cast("f"), 0, state, seat,
                                 table.game, table.seats, table.blanks)
        return row

    assert np.array_equal(observe(), before)
    state.draw_pile[:-1] = state.draw_pile[:-1][::-1]
    assert np.array_equal(observe(), before)
    other = state.next_seat(seat)
    state.hands[other][0], state.draw_pile[0] = state.draw_pile[0], state.hands[other][0]
    assert not np.array_equal(observe(), before)


def test_a_one_faced_deck_keeps_its_observation() -> None:
    tables = CardgenVectorEnv(1, "classic", 3)
    assert "other_sides" not in tables.writer.layout
    kinds, colors = len(tables.variant.kinds), len(tables.variant.colors)
    # hand, top; colour; sizes, UNO calls, scores; direction, phase, pending, draw pile
    assert tables.writer.size == 2 * kinds + (colors + 1) + 3 * 3 + 1 + 6 + 2 + 1
