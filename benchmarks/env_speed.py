"""Steps per second of cardgen's PettingZoo environment against RLCard's UNO, same run.

Both play random legal actions (cardgen: uniform over the action mask; RLCard: its own
RandomAgent over the legal actions it offers) at the same number of seats, for about the
same time each, and the script prints the steps per second of each and their ratio.
cardgen's steps include building each observation and its mask, as an agent needs them;
RLCard's include its agent's choice and its own state (its observation and legal actions).

The two take turns ``--repeats`` times (3 by default) and each figure is the median;
the ratio is the median of the ratios of each turn. The clock is the CPU time of this
process: on a shared machine the wall clock also counts the time other programs held the
core, which moves from one turn to the next.

    python benchmarks/env_speed.py [--players 4] [--seconds 5] [--repeats 3] [--smoke]

Needs `pip install 'cardgen[rl,benchmark]'` (PettingZoo, NumPy, RLCard); without RLCard it
says so and measures cardgen's side alone.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import numpy as np
from engine_speed import RLCARD_MISSING, have_rlcard  # this folder: run as a script


def random_episode(table: Any, rng: np.random.Generator, episode: int,
                   chosen: list[tuple[int, int]] | None = None) -> int:
    """One episode of cardgen's environment with random masked actions (the agent of
    this benchmark); returns its steps. ``chosen`` collects each action taken, with its
    place among the legal actions (for benchmarks/env_profile.py to replay)."""
    table.reset(seed=episode)
    steps = 0
    for _agent in table.agent_iter():
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        action = int(legal[rng.integers(len(legal))])
        if chosen is not None:
            chosen.append((action, table.legal_indices.index(action)))
        table.step(action)
        steps += 1
    return steps


def cardgen_steps(players: int, seconds: float) -> tuple[int, float]:
    from cardgen.env import raw_env

    table = raw_env("classic", players)
    rng = np.random.default_rng(0)
    steps, episode = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += random_episode(table, rng, episode)
        episode += 1
    return steps, time.process_time() - start


def rlcard_steps(players: int, seconds: float) -> tuple[int, float]:
    import rlcard
    from rlcard.agents import RandomAgent

    game = rlcard.make("uno", config={"game_num_players": players, "seed": 0})
    agent = RandomAgent(num_actions=game.num_actions)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state, _ = game.reset()
        while not game.is_over():
            state, _ = game.step(agent.step(state))
            steps += 1
    return steps, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0, help="per turn and side")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--smoke", action="store_true",
                        help="tiny sizes, a few seconds: the benchmark works, no figures")
    args = parser.parse_args()
    if args.smoke:
        args.seconds, args.repeats = 0.3, 1
    reference = have_rlcard()
    ours_rates, theirs_rates = [], []
    for _ in range(args.repeats):
        ours, ours_time = cardgen_steps(args.players, args.seconds)
        ours_rates.append(ours / ours_time)
        if reference:
            theirs, theirs_time = rlcard_steps(args.players, args.seconds)
            theirs_rates.append(theirs / theirs_time)
    if not reference:
        print(RLCARD_MISSING)
        print(f"  cardgen.env (PettingZoo) {statistics.median(ours_rates):9,.0f} steps/s")
        return
    ratio = statistics.median(o / t for o, t in zip(ours_rates, theirs_rates, strict=True))
    ours_rate, theirs_rate = statistics.median(ours_rates), statistics.median(theirs_rates)
    print(f"{args.players} players, random actions, medians of {args.repeats} turns "
          f"(CPU time)")
    print(f"  RLCard env.step:        {theirs_rate:10,.0f} steps/s  1.00x")
    print(f"  cardgen.env (PettingZoo) {ours_rate:9,.0f} steps/s  {ratio:.2f}x")
    print("  turns, ratio: " + ", ".join(f"{o / t:.2f}x" for o, t in
                                         zip(ours_rates, theirs_rates, strict=True)))


if __name__ == "__main__":
    main()
