"""Where a step of cardgen.env goes: the same episodes replayed through growing layers.

    python benchmarks/env_profile.py [--episodes 6] [--repeats 5] [--tables 256]
        [--vector-steps 200] [--smoke]

It plays a few 4-player classic episodes as ``env_speed.py`` does (random masked
actions), records each action, then replays exactly those actions through growing
layers and prints the CPU time per step of each (medians of interleaved repeats):

1. the engine alone: the legal actions, and the action taken;
2. and the action index: each legal action's index, and the action of the chosen one;
3. and the observation vector of the seat to act;
4. and its action mask;
5. the whole environment through PettingZoo's API (``reset``, ``agent_iter``, ``last``,
   ``step``), the same actions;
6. ``env_speed.py``'s own loop, whose random agent picks with NumPy.

Then the same for the vector environment (``cardgen.env.vector``, ``--tables`` tables,
``--vector-steps`` steps each, random actions from one seeded source, so the first three
layers play the same games): 1. the engine alone; 2. and ``Table.act`` (the action
index, the rewards); 3. and each table's observation written into its row;
4. ``CardgenVectorEnv.step`` as a whole (the masks, the seats, the arrays); 5. and
``sample_masked``, the batch's random agent (env_speed.py's loop).

The difference between two lines is what a layer costs. cProfile cannot say it: it
charges every Python call the same overhead, and a step is a few dozen small calls.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np
from env_speed import random_episode  # this folder: run as python benchmarks/env_profile.py

from cardgen.engine.state import OVER
from cardgen.env import CardgenEnv, raw_env

#: For each episode, each step's (action index, position among the legal actions).
Episodes = list[list[tuple[int, int]]]


def record(episodes: int) -> Episodes:
    table, rng, recorded = raw_env("classic", 4), np.random.default_rng(0), []
    for episode in range(episodes):
        steps: list[tuple[int, int]] = []
        random_episode(table, rng, episode, steps)
        recorded.append(steps)
    return recorded


def layers(recorded: Episodes, depth: int) -> float:
    """Replays through the first ``depth`` layers (1 to 4 above); µs per step."""
    table = raw_env("classic", 4)
    mask_size = table.index.size
    start = time.process_time()
    for episode, steps in enumerate(recorded):
        table.reset(seed=episode)
        game, choices = table.game, iter(steps)
        while True:
            state, seats, actions = table.round_state, table.seats, 0
            while state.phase != OVER and actions < table.turn_cap:
                legal = state.legal_actions()
                action, position = next(choices)
                actions += 1
                if depth == 1:
                    state.apply(legal[position])
                    continue
                indices, legal = table.index.legal(legal)
                if depth >= 3:
                    table.writer.write(state, state.actor, game, seats)
                if depth >= 4:
                    mask = bytearray(mask_size)
                    for index in indices:
                        mask[index] = 1
                    np.frombuffer(mask, np.int8)
                state.apply(legal[indices.index(action)])
            if state.phase != OVER:
                state.end_round(-1, "capped")
            game.finish_round(state, seats, actions=actions)
            if game.over:
                break
            table.round_state, table.seats = game.new_round()
    return (time.process_time() - start) / sum(map(len, recorded)) * 1e6


def through_the_api(recorded: Episodes) -> float:
    table = raw_env("classic", 4)
    start = time.process_time()
    for episode, steps in enumerate(recorded):
        table.reset(seed=episode)
        choices = iter(steps)
        for _agent in table.agent_iter():
            _, _, terminated, truncated, _ = table.last()
            table.step(None if terminated or truncated else next(choices)[0])
    return (time.process_time() - start) / sum(map(len, recorded)) * 1e6


def benchmark_loop(recorded: Episodes) -> float:
    table: CardgenEnv = raw_env("classic", 4)
    rng = np.random.default_rng(0)  # the same seed as record(): the same actions
    start = time.process_time()
    for episode in range(len(recorded)):
        random_episode(table, rng, episode)
    return (time.process_time() - start) / sum(map(len, recorded)) * 1e6


def vector_layers(tables: int, steps: int, depth: int) -> float:
    """The vector environment through the first ``depth`` layers (1 to 5 above); µs per
    step of one table."""
    import random

    from cardgen.env.table import RUNNING
    from cardgen.env.vector import CardgenVectorEnv, sample_masked

    vector = CardgenVectorEnv(tables, "classic", 4, fast=False)  # (the engine's layers)
    observations, _ = vector.reset(seed=0)
    pick, rng = random.Random(0).random, np.random.default_rng(0)
    flat, size, write = vector.flat, vector.size, vector.writer.write_into
    start = time.process_time()
    for _ in range(steps):
        if depth == 5:
            observations, *_ = vector.step(sample_masked(observations["action_mask"], rng))
            continue
        if depth == 4:
            vector.step([table.indices[int(pick() * len(table.indices))]
                         if table.indices else 0 for table in vector.tables])
            continue
        for number, table in enumerate(vector.tables):
            if table.status != RUNNING:
                vector._new_game(number, table)
                continue
            position = int(pick() * len(table.indices))
            if depth == 1:  # the engine's own step, and a round's end scored
                state = table.state
                state.apply(table.legal[position])
                table.actions += 1
                if state.phase == OVER or table.actions >= table.turn_cap:
                    if state.phase != OVER:
                        state.end_round(-1, "capped")
                    table._score_round()
                else:
                    table.legal = state.legal_actions()
                    table.indices = list(range(len(table.legal)))
                continue
            table.act(table.indices[position])
            if depth == 3 and table.status == RUNNING:
                write(flat, number * size, table.state, table.state.actor, table.game,
                      table.seats, table.blanks)
    return (time.process_time() - start) / (tables * steps) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=6)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--tables", type=int, default=256)
    parser.add_argument("--vector-steps", type=int, default=200)
    parser.add_argument("--smoke", action="store_true",
                        help="tiny sizes, a few seconds: the benchmark works, no figures")
    args = parser.parse_args()
    if args.smoke:
        args.episodes, args.repeats, args.tables, args.vector_steps = 1, 1, 8, 5
    recorded = record(args.episodes)
    measures: list[tuple[str, Callable[[Episodes], float]]] = [
        ("engine: legal actions, action", lambda r: layers(r, 1)),
        ("+ action index", lambda r: layers(r, 2)),
        ("+ observation vector", lambda r: layers(r, 3)),
        ("+ action mask", lambda r: layers(r, 4)),
        ("PettingZoo API, same actions", through_the_api),
        ("env_speed.py's loop", benchmark_loop),
    ]
    times: dict[str, list[float]] = {name: [] for name, _ in measures}
    for _ in range(args.repeats):
        for name, measure in measures:
            times[name].append(measure(recorded))
    print(f"{sum(map(len, recorded)):,} steps, CPU µs per step, medians of {args.repeats}")
    previous = 0.0
    for name, _ in measures:
        median = statistics.median(times[name])
        print(f"  {name:32s} {median:6.2f}  ({median - previous:+.2f})")
        previous = median
    vector_measures = ["engine: legal actions, action", "+ Table.act (index, rewards)",
                       "+ observation row", "CardgenVectorEnv.step (+ masks)",
                       "+ sample_masked (env_speed.py)"]
    vector_times: dict[str, list[float]] = {name: [] for name in vector_measures}
    for _ in range(args.repeats):
        for depth, name in enumerate(vector_measures, 1):
            vector_times[name].append(vector_layers(args.tables, args.vector_steps, depth))
    print(f"vector environment, {args.tables} tables x {args.vector_steps} steps, CPU µs "
          f"per table step, medians of {args.repeats}")
    previous = 0.0
    for name in vector_measures:
        median = statistics.median(vector_times[name])
        print(f"  {name:32s} {median:6.2f}  ({median - previous:+.2f})")
        previous = median


if __name__ == "__main__":
    main()
