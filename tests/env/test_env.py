"""cardgen.env, the PettingZoo environment: PettingZoo's own API and seed tests on several
decks and options, the same episode for the same seed, and no hidden card in a seat's
observation."""

from __future__ import annotations

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")

from cardgen.env import env, observation_layout, raw_env  # noqa: E402

DECKS = [("classic", 4, ()), ("unplugged", 3, ()), ("house", 5, ()),
         ("classic", 5, ("stack-draws", "jump-in", "seven-swaps", "zero-rotates",
                         "play-identical-together")),
         ("classic", 2, ("runs", "royal-run", "rapido"))]


@pytest.mark.parametrize(("deck", "players", "options"), DECKS)
def test_pettingzoo_api_test(deck: str, players: int, options: tuple[str, ...]) -> None:
    pettingzoo_test.api_test(env(deck, players, options), num_cycles=300)


@pytest.mark.parametrize(("deck", "players", "options"), DECKS[:3])
def test_pettingzoo_seed_test(deck: str, players: int, options: tuple[str, ...]) -> None:
    pettingzoo_test.seed_test(lambda: env(deck, players, options), num_cycles=200)


def play_out(table: object, seed: int) -> list[tuple[str, int, float]]:
    """A whole episode with the first legal action each time: (agent, action, reward)."""
    table.reset(seed=seed)  # type: ignore[attr-defined]
    steps = []
    for agent in table.agent_iter():  # type: ignore[attr-defined]
        observation, reward, terminated, truncated, _ = table.last()  # type: ignore[attr-defined]
        action = None if terminated or truncated else int(
            np.flatnonzero(observation["action_mask"])[0])
        steps.append((agent, -1 if action is None else action, reward))
        table.step(action)  # type: ignore[attr-defined]
    return steps


def test_the_same_seed_gives_the_same_episode() -> None:
    first, again = play_out(raw_env("classic", 3), 7), play_out(raw_env("classic", 3), 7)
    other = play_out(raw_env("classic", 3), 8)
    assert first == again and first != other
    assert sum(1 for *_, reward in first if reward == 1.0) >= 1  # rounds were won


def test_a_seat_sees_no_other_hand() -> None:
    """Swap every card between two other seats' hands: the observer's vector is the same
    (only their sizes, which do not change, are seen)."""
    table = raw_env("classic", 4)
    table.reset(seed=3)
    state = table.round_state
    observer = state.actor
    agent = table.possible_agents[table.seats[observer]]
    before = table.observe(agent)["observation"]
    others = [s for s in range(4) if s != observer][:2]
    a, b = others
    size = min(len(state.hands[a]), len(state.hands[b]))
    state.hands[a][:size], state.hands[b][:size] = state.hands[b][:size], state.hands[a][:size]
    after = table.observe(agent)["observation"]
    assert np.array_equal(before, after)
    hand = observation_layout(table.variant, 4)["hand"]
    assert before[hand].sum() == len(state.hands[observer])


def test_an_illegal_action_is_refused_with_a_clear_error() -> None:
    table = raw_env("classic", 4)
    table.reset(seed=1)
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="is not legal for player_"):
        table.step(illegal)


def test_pettingzoo_api_test_with_full_information() -> None:
    pettingzoo_test.api_test(env("classic", 3, full_information=True), num_cycles=100)
