"""Seeded games on a Ray cluster: the same batches as the local worker pool, as Ray tasks.

Game *i* of a run is seeded by the run's seed and *i* alone (see
:mod:`cardgen.play.simulate`), so a batch of games is a pure function of its recipe
and its range of indices: Ray may run it on any node, and the results, gathered back
in order, are those one process would have found. Ray is optional
(``pip install 'cardgen[cluster]'``); nothing here is imported without ``--cluster``.

``address`` is ``local`` (a Ray runtime started on this machine with ``workers`` CPUs),
the address of a running cluster (``ray start --head`` prints it; ``auto`` finds the
one this machine belongs to) or a Ray Client address ``ray://host:10001``.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from cardgen.engine.errors import EngineError
from cardgen.engine.game import GameResult
from cardgen.play.recipes import play_one

#: Games per Ray task: big enough that a task outweighs its scheduling, small enough
#: to spread a run over many CPUs and to move a progress bar.
BATCH = 25


def _play_batch(recipe: Any, start: int, stop: int) -> list[GameResult]:
    """Games start … stop-1 of one recipe (runs inside a Ray worker)."""
    variant = recipe.variant()
    return [play_one(variant, recipe, index) for index in range(start, stop)]


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise EngineError("--cluster needs Ray, which is not installed: "
                          "pip install 'cardgen[cluster]'") from None
    return ray


def _check_reachable(address: str) -> None:
    """Refuse at once an address nobody answers at (Ray itself retries for minutes)."""
    if address in ("local", "auto"):
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        socket.create_connection((host or "127.0.0.1", int(port)), timeout=5).close()
    except (OSError, ValueError):
        raise EngineError(f"nothing answers at the Ray cluster address '{address}'; give the "
                          "address `ray start --head` printed (HOST:6379), ray://HOST:10001 "
                          "or local") from None


def connect(address: str, workers: int = 1) -> Any:
    """Ray, connected to ``address`` (once per process)."""
    ray = _ray()
    if not ray.is_initialized():
        _check_reachable(address)
        quiet = {"include_dashboard": False, "log_to_driver": False,
                 "logging_level": logging.ERROR}
        try:
            if address == "local":
                ray.init(num_cpus=max(1, workers), **quiet)
            else:
                ray.init(address=address, **quiet)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise EngineError(f"cannot reach the Ray cluster at '{address}' ({first}); start "
                              "one with `ray start --head` or use --cluster local") from None
    return ray


def play_on_cluster(recipes: Sequence[Any], games: int, address: str,
                    workers: int = 1) -> Iterator[tuple[int, GameResult]]:
    """Like :func:`cardgen.play.simulate.play_runs`, the games played as Ray tasks."""
    ray = connect(address, workers)
    remote: Callable[..., Any] = ray.remote(_play_batch).remote
    batches = [(run, start, min(start + BATCH, games))
               for run in range(len(recipes)) for start in range(0, games, BATCH)]
    shared = [ray.put(recipe) for recipe in recipes]  # sent to the object store once
    refs = [remote(shared[run], start, stop) for run, start, stop in batches]
    for (run, _, _), ref in zip(batches, refs, strict=True):
        for result in ray.get(ref):
            yield run, result
