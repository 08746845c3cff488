"""cardgen.env with seats knocked out of the game (option uno-challenge, issue 29): a seat
out of the game is terminated as PettingZoo's AEC API has it, selected once with its last
reward, removed by step(None); until then every agent of env.agents can be observed (a
knocked-out one raised KeyError)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")

from cardgen.env import env, raw_env  # noqa: E402


@pytest.fixture
def short_deck(tmp_path: Path) -> str:
    """The classic deck played to 100 points: UNO Challenge knocks seats out in a few
    rounds."""
    deck = tmp_path / "short.toml"
    deck.write_text('name = "Short"\nbase = "classic"\ntarget = 100\n', encoding="utf-8")
    return str(deck)


def test_every_agent_can_be_observed_and_a_knocked_out_one_is_terminated_then_removed(
        short_deck: str) -> None:
    table = raw_env(short_deck, 5, ("uno-challenge",))
    table.reset(seed=1)
    knocked_out: list[str] = []
    for agent in table.agent_iter():
        for other in table.agents:  # (a knocked-out agent raised KeyError here)
            assert table.observation_space(other).contains(table.observe(other))
        observation, reward, terminated, truncated, _ = table.last()
        if terminated and not table.game.over:
            # Selected once, with the reward of the round that knocked it out, and no
            # seat to play from.
            assert agent not in table.seat_of and reward == -1.0
            assert not observation["observation"].any() and not observation["action_mask"].any()
            table.step(None)
            assert agent not in table.agents and agent not in table.rewards
            knocked_out.append(agent)
            continue
        action = None if terminated or truncated else int(
            np.flatnonzero(observation["action_mask"])[0])
        table.step(action)
    assert len(knocked_out) >= 2  # (two seats out before the game ended)
    assert table.game.finished


def test_pettingzoo_api_and_seed_tests_with_seats_knocked_out(short_deck: str) -> None:
    pettingzoo_test.api_test(env(short_deck, 5, ("uno-challenge",)), num_cycles=1000)
    pettingzoo_test.seed_test(lambda: env(short_deck, 5, ("uno-challenge",)), num_cycles=300)
