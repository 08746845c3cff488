"""The vector environment over several processes: B tables split over N workers, each
stepping its share in place in one block of shared memory.

>>> from cardgen.env.shared import SharedVectorEnv
>>> tables = SharedVectorEnv(512, "classic", players=4, workers=4)

It is a :class:`~cardgen.env.vector.CardgenVectorEnv` seen from outside (same arguments,
spaces, arrays and autoreset), and deals the same games for the same seed: table ``t``'s
seeds do not depend on which worker holds it. A step writes the actions into the shared
block, wakes every worker with one message and waits for each one's answer; the workers
write observations, masks, rewards and flags straight into the block, so nothing is
pickled but the two short messages. Call :meth:`close` (or use ``with``) to stop them.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import time
from multiprocessing.connection import Connection
from typing import Any

import numpy as np
from gymnasium.vector import VectorEnv
from gymnasium.vector.utils import batch_space

from cardgen.env.vector import Buffers, CardgenVectorEnv, fast_tables

__all__ = ["SharedVectorEnv"]


class SharedVectorEnv(VectorEnv):
    """B tables stepped by ``workers`` processes (one per core by default)."""

    def __init__(self, num_envs: int, deck: str = "classic", players: int = 4,
                 options: tuple[str, ...] = (), *, workers: int | None = None,
                 **spec: Any) -> None:
        workers = min(workers or os.cpu_count() or 1, num_envs)
        # One table here gives the spaces and sizes (and checks the spec before any
        # process starts: a bad deck or option is refused here, once).
        # (on the engine's path: the parent steps no table, and need not load the kernel)
        probe = CardgenVectorEnv(1, deck, players, options, **{**spec, "fast": False})
        if spec.get("fast"):  # a spec the compiled path cannot play is refused here too
            fast_tables(probe, True, points=False, opponents=spec.get("opponents"),
                        check_only=True)
        self.num_envs, self.metadata = num_envs, probe.metadata
        self.variant, self.index = probe.variant, probe.index
        self.single_observation_space = probe.single_observation_space
        self.single_action_space = probe.single_action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        sizes = (probe.size, probe.index.size, players)
        context = multiprocessing.get_context()
        self.memory = context.RawArray("b", Buffers.nbytes(num_envs, *sizes))
        self.buffers = Buffers(num_envs, *sizes, memory=self.memory)
        bounds = np.linspace(0, num_envs, workers + 1).astype(int).tolist()
        self.pipes: list[Connection] = []
        self.processes = []
        for start, stop in zip(bounds, bounds[1:], strict=False):
            ours, theirs = context.Pipe()
            process = context.Process(
                target=_work, daemon=True, name=f"cardgen-env-{start}",
                args=(theirs, self.memory, num_envs, sizes, start, stop,
                      (deck, players, options), spec))
            process.start()
            theirs.close()
            self.pipes.append(ours)
            self.processes.append(process)
        self._ask("ready", None)

    def _ask(self, command: str, argument: Any) -> list[Any]:
        """Send every worker the command, then wait for all of them (they work at once)."""
        for pipe in self.pipes:
            pipe.send((command, argument))
        answers = [pipe.recv() for pipe in self.pipes]
        for answer in answers:
            if isinstance(answer, BaseException):
                raise answer
        return answers

    def reset(self, *, seed: int | str | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        self._ask("reset", seed)
        returns = self._returns()
        return returns[0], returns[4]

    def step(self, actions: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        self.buffers.actions[:] = actions
        self._ask("step", None)
        return self._returns()

    def state(self) -> np.ndarray:
        """Every table's full-information vector (see CardgenVectorEnv.state)."""
        return np.concatenate(self._ask("state", None))

    def worker_cpu(self) -> list[float]:
        """Each worker's CPU seconds so far (what a benchmark divides by on a busy
        machine, where the wall clock also counts other programs' turns)."""
        return [float(seconds) for seconds in self._ask("cpu", None)]

    def _returns(self) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        buffers = self.buffers
        return ({"observation": buffers.observations, "action_mask": buffers.masks},
                buffers.rewards, buffers.terminated, buffers.truncated,
                {"seat": buffers.seats, "seat_rewards": buffers.seat_rewards})

    def __enter__(self) -> SharedVectorEnv:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close_extras(self, **kwargs: Any) -> None:
        for pipe in self.pipes:
            with contextlib.suppress(BrokenPipeError, OSError):  # (it is gone already)
                pipe.send(("close", None))
        for process in self.processes:
            process.join(timeout=5)
        self.pipes, self.processes = [], []


def _work(pipe: Connection, memory: Any, total: int, sizes: tuple[int, int, int],
          start: int, stop: int, table: tuple[str, int, tuple[str, ...]],
          spec: dict[str, Any]) -> None:
    """A worker: tables ``start`` to ``stop`` of the shared block, stepped on command."""
    buffers = Buffers(total, *sizes, memory=memory).rows(start, stop)
    tables = CardgenVectorEnv(stop - start, *table, buffers=buffers, first_table=start, **spec)
    actions = buffers.actions
    while True:
        try:
            command, argument = pipe.recv()
        except EOFError:  # the parent is gone
            return
        try:
            answer: Any = None
            if command == "step":
                tables.step(actions)
            elif command == "reset":
                tables.reset(seed=argument)
            elif command == "state":
                answer = tables.state()
            elif command == "cpu":
                answer = time.process_time()
            elif command == "close":
                return
        except Exception as error:  # noqa: BLE001 - handed to the parent, which raises it
            answer = error
        pipe.send(answer)
