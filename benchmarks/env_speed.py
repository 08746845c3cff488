"""Steps per second of cardgen's environments against RLCard's UNO, same run.

Every side plays random legal actions at the same number of seats, for about the same
time: RLCard's ``env.step`` with its own RandomAgent; cardgen's PettingZoo (AEC)
environment, uniform over the action mask; and the vector environment
(``cardgen.env.vector``) at several batch sizes B, whose random agent is
``sample_masked`` over the whole batch's masks, on each of its paths: the compiled
tables (``cardgen.env.fast``, numba) and the engine's (``fast=False``). A step is one
decision at one table, its observation and mask built as an agent needs them (RLCard's
include its agent's choice and its own state, observation and legal actions).

The sides take turns ``--repeats`` times (3 by default) and each figure is the median;
each ratio is the median of the ratios of each turn. The clock is the CPU time of this
process: on a shared machine the wall clock also counts the time other programs held the
core, which moves from one turn to the next.

Then the process-pool variant (``cardgen.env.shared``) with 1 to ``--workers`` worker
processes (every core by default), ``--per-worker`` tables each, on the compiled path
(``--pool-path engine`` for the engine's): its steps/s in wall
clock, what N cores give when nothing else runs, and in the CPU time of its busiest
worker (steps / that worker's CPU seconds), what N cores would give if they were the
program's own; each beside N times one worker's figure.

    python benchmarks/env_speed.py [--players 4] [--seconds 5] [--repeats 3]
        [--batches 16,64,256] [--paths compiled,engine] [--workers N]
        [--per-worker 1024] [--pool-path compiled] [--smoke]

Needs `pip install 'cardgen[rl,benchmark]'` (PettingZoo, NumPy, RLCard); without RLCard it
says so and measures cardgen's side alone.
"""

from __future__ import annotations

import argparse
import os
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


def vector_steps(players: int, seconds: float, tables: int,
                 path: str) -> tuple[int, float]:
    from cardgen.env.vector import CardgenVectorEnv, sample_masked

    vector = CardgenVectorEnv(tables, "classic", players, fast=path == "compiled")
    observations, _ = vector.reset(seed=0)  # (loads the compiled kernel: not timed)
    rng = np.random.default_rng(0)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        observations, *_ = vector.step(sample_masked(observations["action_mask"], rng))
        steps += tables
    return steps, time.process_time() - start


def pool_steps(players: int, seconds: float, workers: int, per_worker: int,
               path: str) -> tuple[float, float, float]:
    """Steps/s of the process pool: in wall clock, in the busiest worker's CPU time, and
    the share of one core the parent used (its random agent and the messages)."""
    from cardgen.env.shared import SharedVectorEnv
    from cardgen.env.vector import sample_masked

    with SharedVectorEnv(per_worker * workers, "classic", players, workers=workers,
                         fast=path == "compiled") as pool:
        observations, _ = pool.reset(seed=0)
        rng = np.random.default_rng(0)
        steps = 0
        cpu_before = pool.worker_cpu()
        start, parent = time.perf_counter(), time.process_time()
        while time.perf_counter() - start < seconds:
            observations, *_ = pool.step(sample_masked(observations["action_mask"], rng))
            steps += pool.num_envs
        wall, parent = time.perf_counter() - start, time.process_time() - parent
        busiest = max(after - before for after, before in
                      zip(pool.worker_cpu(), cpu_before, strict=True))
    return steps / wall, steps / busiest, parent / wall


def single_core(args: argparse.Namespace, reference: bool) -> None:
    batches = [int(b) for b in args.batches.split(",")]
    paths = args.paths.split(",")
    sides: dict[str, list[float]] = {"RLCard env.step": [], "cardgen.env (PettingZoo)": []}
    sides.update({f"vector {path} B={b}": [] for path in paths for b in batches})
    for _ in range(args.repeats):
        if reference:
            sides["RLCard env.step"].append(_rate(rlcard_steps(args.players, args.seconds)))
        sides["cardgen.env (PettingZoo)"].append(
            _rate(cardgen_steps(args.players, args.seconds)))
        for path in paths:
            for b in batches:
                sides[f"vector {path} B={b}"].append(
                    _rate(vector_steps(args.players, args.seconds, b, path)))
    print(f"{args.players} players, classic, random actions, one core, medians of "
          f"{args.repeats} turns (CPU time)")
    if not reference:
        print(RLCARD_MISSING)
    theirs = sides.pop("RLCard env.step")
    if theirs:
        print(f"  {'RLCard env.step':28} {statistics.median(theirs):10,.0f} steps/s  1.00x")
    for name, rates in sides.items():
        line = f"  {name:28} {statistics.median(rates):10,.0f} steps/s"
        if theirs:
            ratios = [o / t for o, t in zip(rates, theirs, strict=True)]
            line += (f"  {statistics.median(ratios):5.2f}x  (turns "
                     + ", ".join(f"{r:.2f}x" for r in ratios) + ")")
        print(line)


def scaling(args: argparse.Namespace) -> None:
    print(f"process pool (cardgen.env.shared), {args.pool_path} path, {args.per_worker} "
          f"tables per worker, {os.cpu_count()} cores")
    print("  workers     wall steps/s  x one    busiest-worker CPU steps/s  x one  "
          "parent core")
    first: tuple[float, float, float] | None = None
    for workers in range(1, args.workers + 1):
        wall, cpu, parent = pool_steps(args.players, args.seconds, workers, args.per_worker,
                                       args.pool_path)
        first = first or (wall, cpu, parent)
        print(f"  {workers:7} {wall:16,.0f}  {wall / first[0]:5.2f}  {cpu:26,.0f}  "
              f"{cpu / first[1]:5.2f}  {parent:10.0%}")


def _rate(measure: tuple[int, float]) -> float:
    steps, seconds = measure
    return steps / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0, help="per turn and side")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--batches", default="16,64,256",
                        help="the vector environment's batch sizes, comma-separated")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="the process pool's largest number of workers")
    parser.add_argument("--paths", default="compiled,engine",
                        help="the vector environment's paths: compiled, engine or both")
    parser.add_argument("--per-worker", type=int, default=1024)
    parser.add_argument("--pool-path", default="compiled", choices=("compiled", "engine"))
    parser.add_argument("--smoke", action="store_true",
                        help="tiny sizes, a few seconds: the benchmark works, no figures")
    args = parser.parse_args()
    if args.smoke:
        args.seconds, args.repeats, args.batches = 0.2, 1, "8"
        args.workers, args.per_worker = min(args.workers, 2), 8
    single_core(args, have_rlcard())
    scaling(args)


if __name__ == "__main__":
    main()
