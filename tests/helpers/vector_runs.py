"""Checks of the vector environment that hold on both its paths, the engine's
(tests/env/test_vector.py) and the compiled one (tests/env/test_fast.py): a seeded run's
arrays, and a finished game dealt again as Gymnasium's autoreset modes say."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from cardgen.env.vector import CardgenVectorEnv, sample_masked


def run(tables: object, seed: int, steps: int) -> list[tuple[np.ndarray, ...]]:
    """``steps`` random masked steps; a copy of every array each step returns."""
    observations, infos = tables.reset(seed=seed)  # type: ignore[attr-defined]
    rng = np.random.default_rng(seed)
    trace = []
    for _ in range(steps):
        actions = sample_masked(observations["action_mask"], rng)
        observations, rewards, terminated, truncated, infos = tables.step(  # type: ignore[attr-defined]
            actions)
        trace.append(tuple(np.copy(a) for a in (
            observations["observation"], observations["action_mask"], rewards, terminated,
            truncated, infos["seat"], infos["seat_rewards"])))
    return trace


def same(first: list[tuple[np.ndarray, ...]], second: list[tuple[np.ndarray, ...]]) -> bool:
    return all(np.array_equal(a, b) for one, two in zip(first, second, strict=True)
               for a, b in zip(one, two, strict=True))


def one_round_deck_in(folder: Path) -> str:
    """The classic deck played to 1 point: every game is one round, so a run ends many."""
    deck = folder / "one-round.toml"
    deck.write_text('name = "One round"\nbase = "classic"\ntarget = 1\n', encoding="utf-8")
    return str(deck)


def check_autoreset(tables: CardgenVectorEnv, mode: str) -> None:
    """Three seats at one-round games: the first game to end rewards its seats and is
    dealt again as ``mode`` (Gymnasium's "next-step" or "same-step") says."""
    observations, _ = tables.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(20_000):
        observations, rewards, terminated, _, infos = tables.step(
            sample_masked(observations["action_mask"], rng))
        if terminated.any():
            break
    number = int(np.flatnonzero(terminated)[0])
    # the round's end rewards every seat: one winner, the others lost
    assert sorted(infos["seat_rewards"][number]) == [-1.0, -1.0, 1.0]
    assert rewards[number] in (1.0, -1.0)
    if mode == "same-step":  # the new game's first observation, its mask set
        assert observations["action_mask"][number].any()
    else:  # the final observation: nothing to do; the next step deals anew
        assert not observations["action_mask"][number].any()
        observations, _, terminated, _, _ = tables.step(
            sample_masked(observations["action_mask"], rng))  # (0 for the finished one)
        assert observations["action_mask"][number].any() and not terminated[number]
    assert tables.games[number] == 2
