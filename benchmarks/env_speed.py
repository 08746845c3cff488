"""Steps per second of cardgen's PettingZoo environment against RLCard's UNO, same run.

Both play random legal actions (cardgen: uniform over the action mask; RLCard: its own
RandomAgent over the legal actions it offers) at the same number of seats, for about the
same time each, and the script prints the steps per second of each and their ratio.
cardgen's steps include building each observation and its mask, as an agent needs them.

    python benchmarks/env_speed.py [--players 4] [--seconds 5]

Needs `pip install 'cardgen[rl,benchmark]'` (PettingZoo, NumPy, RLCard).
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def cardgen_steps(players: int, seconds: float) -> tuple[int, float]:
    from cardgen.env import raw_env

    table = raw_env("classic", players)
    rng = np.random.default_rng(0)
    steps, episode = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        table.reset(seed=episode)
        episode += 1
        for _agent in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps, time.perf_counter() - start


def rlcard_steps(players: int, seconds: float) -> tuple[int, float]:
    import rlcard
    from rlcard.agents import RandomAgent

    game = rlcard.make("uno", config={"game_num_players": players, "seed": 0})
    agent = RandomAgent(num_actions=game.num_actions)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = game.reset()
        while not game.is_over():
            state, _ = game.step(agent.step(state))
            steps += 1
    return steps, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    ours, ours_time = cardgen_steps(args.players, args.seconds)
    theirs, theirs_time = rlcard_steps(args.players, args.seconds)
    ours_rate, theirs_rate = ours / ours_time, theirs / theirs_time
    print(f"{args.players} players, random actions")
    print(f"  RLCard env.step:        {theirs_rate:10,.0f} steps/s  1.00x")
    print(f"  cardgen.env (PettingZoo) {ours_rate:9,.0f} steps/s  {ours_rate / theirs_rate:.2f}x")


if __name__ == "__main__":
    main()
