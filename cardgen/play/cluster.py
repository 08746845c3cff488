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

import contextlib
import logging
import os
import socket
import sys
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


#: What an HTTP/2 client says first (RFC 9113, 3.4), followed by an empty SETTINGS frame.
_HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
#: How long an address has to answer like a Ray cluster before it is refused.
ANSWER_SECONDS = 3.0


def _check_reachable(address: str) -> None:
    """Refuse at once an address that does not answer as a Ray cluster does.

    Ray itself retries for minutes, printing its own log lines, when nothing answers or
    when something else does (a web server, a database). Ray's head and its client server
    both speak gRPC, which is HTTP/2: a server that does not answer the HTTP/2 preface
    with a SETTINGS frame within a few seconds is not one.
    """
    if address in ("local", "auto"):
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    hint = ("give the address `ray start --head` printed (HOST:6379), ray://HOST:10001 "
            "or local")
    try:
        connection = socket.create_connection((host or "127.0.0.1", int(port)),
                                              timeout=ANSWER_SECONDS)
    except (OSError, ValueError):
        raise EngineError(f"nothing answers at the Ray cluster address '{address}'; "
                          f"{hint}") from None
    with connection:
        try:
            connection.sendall(_HTTP2_PREFACE)
            answer = connection.recv(9)
        except OSError:
            answer = b""
    if len(answer) < 4 or answer[3] != 4:  # the frame type of SETTINGS
        raise EngineError(f"something answers at '{address}', but not as a Ray cluster does "
                          f"(within {ANSWER_SECONDS:g} s); {hint}")


@contextlib.contextmanager
def _stderr_silenced() -> Iterator[None]:
    """Ray's core writes its own log lines to the process's standard error while it
    connects (retries, warnings); what went wrong is said in one line by the caller."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def connect(address: str, workers: int = 1) -> Any:
    """Ray, connected to ``address`` (once per process)."""
    ray = _ray()
    if not ray.is_initialized():
        _check_reachable(address)
        quiet = {"include_dashboard": False, "log_to_driver": False,
                 "logging_level": logging.ERROR}
        try:
            with _stderr_silenced():
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
