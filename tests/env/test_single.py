"""cardgen.env.single, one seat against cardgen's bots as a gymnasium.Env: the learner is
only ever asked to act at its own seat, its observations fit the space, a seed replays
a game, the bots are named as everywhere else (make_players) and an unknown one is
refused; the AEC environment's state() holds every hand."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from cardgen.engine.errors import EngineError  # noqa: E402
from cardgen.env import raw_env  # noqa: E402
from cardgen.env.observations import observation_layout  # noqa: E402
from cardgen.env.single import CardgenGymEnv  # noqa: E402


def play(table: CardgenGymEnv, seed: int, steps: int) -> list[tuple[int, float]]:
    observation, _ = table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken = []
    for _ in range(steps):
        assert table.observation_space.contains(observation)
        assert table.table.actor == table.seat  # the learner's own seat decides
        legal = np.flatnonzero(observation["action_mask"])
        assert np.array_equal(legal, np.flatnonzero(table.action_masks()))
        action = int(rng.choice(legal))
        observation, reward, terminated, truncated, _ = table.step(action)
        taken.append((action, reward))
        if terminated or truncated:
            observation, _ = table.reset()
    return taken


@pytest.mark.parametrize("opponents", ["random", "heuristic", "random,heuristic"])
def test_the_learner_acts_only_at_its_seat_and_a_seed_replays(opponents: str) -> None:
    first = play(CardgenGymEnv("classic", 3, opponents=opponents, seat=1), 4, 150)
    assert first == play(CardgenGymEnv("classic", 3, opponents=opponents, seat=1), 4, 150)


def test_rounds_reward_the_learner() -> None:
    rewards = [reward for _, reward in
               play(CardgenGymEnv("classic", 2, opponents="heuristic"), 1, 400)]
    assert -1.0 in rewards  # a round lost to the heuristic bot


def test_an_unknown_bot_is_refused_with_the_list_of_bots() -> None:
    with pytest.raises(EngineError, match="unknown player 'grandmaster'; the players are"):
        CardgenGymEnv("classic", 4, opponents="grandmaster")


def test_the_aec_state_holds_every_hand_and_observations_only_their_own() -> None:
    table = raw_env("classic", 4, full_information=False)
    table.reset(seed=2)
    state = table.round_state
    kinds = len(table.variant.kinds)
    hands = observation_layout(table.variant, 4, full_information=True)["hands"]
    seen = table.state()[hands].reshape(4, kinds)
    for offset in range(4):
        counts = np.bincount(state.hands[(state.actor + offset) % 4], minlength=kinds)
        assert np.array_equal(seen[offset], counts)
    assert table.state_space.contains(table.state())
    agent = table.agent_selection
    assert "hands" not in observation_layout(table.variant, 4)
    assert table.observe(agent)["observation"].shape[0] < table.state().shape[0]


def test_a_vector_env_with_opponents_deals_table_0_as_the_gymnasium_seat() -> None:
    """The vector environment's opponents mode: every table waits for the learner's seat
    only, and table 0 plays what CardgenGymEnv plays for the same seed and actions."""
    from cardgen.env.vector import CardgenVectorEnv, sample_masked

    tables = CardgenVectorEnv(3, "classic", 3, opponents="heuristic", learner=2,
                              autoreset_mode="same-step")
    alone = CardgenGymEnv("classic", 3, opponents="heuristic", seat=2)
    observations, infos = tables.reset(seed=6)
    observation, _ = alone.reset(seed=6)
    rng = np.random.default_rng(6)
    for _ in range(200):
        assert (infos["seat"] == 2).all()
        assert np.array_equal(observations["observation"][0], observation["observation"])
        assert np.array_equal(observations["action_mask"][0], observation["action_mask"])
        actions = sample_masked(observations["action_mask"], rng)
        observations, rewards, terminated, truncated, infos = tables.step(actions)
        observation, reward, done, cut, _ = alone.step(int(actions[0]))
        assert rewards[0] == reward
        if done or cut:
            observation, _ = alone.reset()
