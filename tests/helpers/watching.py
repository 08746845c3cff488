"""Reading what a running `cardgen watch` tells, line by line, with patience."""

from __future__ import annotations

import queue
import time

PATIENCE_S = 90.0  # a rebuild writes two rulebooks: slow on a busy machine


def next_told(lines: queue.Queue[str], start: str) -> str:
    """The next line told that starts with ``start`` (the ones before it are skipped)."""
    deadline = time.monotonic() + PATIENCE_S
    while True:
        line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
        if line.startswith(start):
            return line
