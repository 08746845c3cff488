"""Pools of worker processes, for whatever cardgen spreads over the cores: games
(``simulate``, ``check``, ``balance``) and images (``png``).

A worker ignores Ctrl-C: the parent's to handle (it then leaves the pool, which ends
them). A parent killed outright leaves its workers nothing to read: each finishes the
job in hand, meets the end of its queue and exits
(tests/play/test_worker_pools.py).
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any


def pool_context() -> multiprocessing.context.BaseContext:
    """On Linux a worker is forked: it starts in milliseconds, the engine already
    imported. Elsewhere (macOS, Windows) it starts afresh and imports it (a tenth of a
    second), as forking is unsafe or missing there."""
    return multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")


def start_pool(workers: int, initializer: Callable[[Any], None],
               payload: Any) -> multiprocessing.pool.Pool:
    """A pool of ``workers`` processes, each started by ``initializer(payload)``.

    The workers start with Ctrl-C ignored (a disposition kept across exec), so that a
    Ctrl-C on the terminal stops the parent only; leaving the pool terminates them."""
    main = threading.current_thread() is threading.main_thread()
    before = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        return pool_context().Pool(workers, initializer=_start_worker,
                                   initargs=(initializer, payload))
    finally:
        if main:
            signal.signal(signal.SIGINT, before)


def _start_worker(initializer: Callable[[Any], None], payload: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    initializer(payload)
