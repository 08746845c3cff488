"""Many tables stepped in one call: a ``gymnasium.vector.VectorEnv`` of one deck.

>>> from cardgen.env.vector import CardgenVectorEnv
>>> tables = CardgenVectorEnv(64, "classic", players=4)
>>> observations, infos = tables.reset(seed=1)
>>> actions = sample_masked(observations["action_mask"], np.random.default_rng(1))
>>> observations, rewards, terminated, truncated, infos = tables.step(actions)

Every table plays the same spec (deck, seats, options) and its own games: table ``t``'s
``k``-th game is dealt from the seed ``f"{seed}:{t}:{k}"``, so a seed replays every table
exactly, however the tables are split (over processes too, :mod:`cardgen.env.shared`).

Each step takes one action per table, for the seat that table waits for, and returns
arrays of fixed shapes (B tables): ``observations["observation"]`` (B, obs) float32 and
``observations["action_mask"]`` (B, actions) int8, as the AEC environment's; ``rewards``
(B,) to the seat that acted; ``terminated`` and ``truncated`` (B,); and in ``infos``,
``seat`` (B,), the game seat each table now waits for, and ``seat_rewards`` (B, players),
every seat's reward of the step (a round's end rewards all seats, not only the one that
ended it). The arrays are the environment's own, written in place by the next step:
copy what you keep.

With ``opponents`` (a bot name, or a comma list, as ``cardgen.env.single`` takes), every
table seats the learner at game seat ``learner`` and cardgen's bots at the others: a
step returns only once each table waits for the learner (or its game is over), and
``rewards`` is the learner's, summed over the rounds that ended meanwhile.

A finished game starts again by itself, as Gymnasium's autoreset modes say: ``next-step``
(the default: the step after the end deals a new game and ignores that table's action)
or ``same-step`` (the step that ends a game returns the new game's first observation).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from cardgen.deck.load import load_deck
from cardgen.engine import Variant
from cardgen.engine.game import Player
from cardgen.env.actions import ActionIndex
from cardgen.env.fast import fast_problem
from cardgen.env.observations import ObservationWriter
from cardgen.env.table import RUNNING, TERMINATED, Table, seat_bots

if TYPE_CHECKING:
    from cardgen.env.fast.tables import FastTables

__all__ = ["Buffers", "CardgenVectorEnv", "sample_masked"]

MODES = {"next-step": AutoresetMode.NEXT_STEP, "same-step": AutoresetMode.SAME_STEP}


class Buffers:
    """The arrays a vector environment writes into, made here or laid over a block of
    shared memory (:mod:`cardgen.env.shared`) so that worker processes write in place."""

    def __init__(self, tables: int, observation: int, actions: int, players: int,
                 memory: Any = None) -> None:
        shapes = Buffers.shapes(tables, observation, actions, players)
        offset = 0
        for name, (shape, dtype) in shapes.items():
            size = int(np.prod(shape)) * np.dtype(dtype).itemsize
            array: np.ndarray
            if memory is None:
                array = np.zeros(shape, dtype)
            else:
                array = np.ndarray(shape, dtype, buffer=memory, offset=offset)
            setattr(self, name, array)
            offset += -(-size // 8) * 8  # each array 8-byte aligned
        self.observations: np.ndarray
        self.masks: np.ndarray
        self.rewards: np.ndarray
        self.seat_rewards: np.ndarray
        self.terminated: np.ndarray
        self.truncated: np.ndarray
        self.seats: np.ndarray
        self.actions: np.ndarray

    @staticmethod
    def shapes(tables: int, observation: int, actions: int,
               players: int) -> dict[str, tuple[tuple[int, ...], type]]:
        return {"observations": ((tables, observation), np.float32),
                "masks": ((tables, actions), np.int8),
                "rewards": ((tables,), np.float32),
                "seat_rewards": ((tables, players), np.float32),
                "terminated": ((tables,), np.bool_),
                "truncated": ((tables,), np.bool_),
                "seats": ((tables,), np.int64),
                "actions": ((tables,), np.int64)}

    @staticmethod
    def nbytes(tables: int, observation: int, actions: int, players: int) -> int:
        return sum(-(-int(np.prod(shape)) * np.dtype(dtype).itemsize // 8) * 8
                   for shape, dtype in Buffers.shapes(tables, observation, actions,
                                                      players).values())

    def rows(self, start: int, stop: int) -> Buffers:
        """The same buffers for tables ``start`` to ``stop`` only (views, no copy)."""
        part = object.__new__(Buffers)
        for name in Buffers.shapes(1, 1, 1, 1):
            setattr(part, name, getattr(self, name)[start:stop])
        return part


def sample_masked(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One action per row, uniform over the row's legal actions (0 for a row with none):
    a random opponent, or exploration, in a few array operations for the whole batch."""
    tables, actions = masks.shape
    # (a mask of bytes read as booleans: NumPy finds the ones of a bool array ten times
    # faster than those of an int8 one)
    ones = masks.view(np.bool_) if masks.dtype.itemsize == 1 else masks != 0
    rows, columns = np.divmod(np.flatnonzero(ones), actions)
    if not len(columns):
        return np.zeros(tables, np.int64)
    counts = np.bincount(rows, minlength=tables)
    picks = np.cumsum(counts) - counts + (rng.random(tables) * counts).astype(np.int64)
    return np.where(counts > 0, columns[np.minimum(picks, len(columns) - 1)], 0)


class CardgenVectorEnv(VectorEnv):
    """B tables of one deck, stepped together; see the module's docstring."""

    def __init__(self, num_envs: int, deck: str = "classic", players: int = 4,
                 options: tuple[str, ...] = (), *, reward: str = "win",
                 full_information: bool = False, autoreset_mode: str = "next-step",
                 opponents: str | None = None, learner: int = 0,
                 buffers: Buffers | None = None, first_table: int = 0,
                 fast: bool | None = None) -> None:
        if reward not in ("win", "points"):
            raise ValueError(f"reward is 'win' or 'points', not {reward!r}")
        if autoreset_mode not in MODES:
            raise ValueError(f"autoreset_mode is one of {', '.join(MODES)}, "
                             f"not {autoreset_mode!r}")
        self.variant = Variant.from_deck(load_deck(deck), players, options)
        self.variant.require_playable()
        if not 0 <= learner < players:
            raise ValueError(f"learner is a seat from 0 to {players - 1}, not {learner}")
        if opponents is not None:  # an unknown bot is refused here, not at reset
            seat_bots(opponents, players, learner, 0)
        self.opponents, self.learner = opponents, learner
        self.bots: list[dict[int, Player]] = [{} for _ in range(num_envs)]
        self.num_envs, self.players = num_envs, players
        self.metadata = {"autoreset_mode": MODES[autoreset_mode]}
        self.same_step = autoreset_mode == "same-step"
        self.index = ActionIndex(self.variant, players)
        self.writer = ObservationWriter(self.variant, players,
                                        full_information=full_information)
        self.size = self.writer.size
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(-1.0, np.inf, (self.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.index.size,), np.int8)})
        self.single_action_space = spaces.Discrete(self.index.size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.buffers = buffers or Buffers(num_envs, self.size, self.index.size, players)
        # The observations as one flat memoryview of C floats: the writer sets items in
        # it directly, much cheaper than setting items of a NumPy array one by one.
        self.flat = memoryview(self.buffers.observations.data).cast("B").cast("f")
        # Where each table's mask row starts in the flattened masks.
        self.row_starts = np.arange(num_envs, dtype=np.int64) * self.index.size
        points = reward == "points"
        self.tables = [Table(self.variant, self.index, points=points) for _ in range(num_envs)]
        self.first_table = first_table  # this one's first table among all (seeds)
        self._games = [0] * num_envs  # games dealt at each table since reset (seeds)
        self.seed: int | str = 0
        self._state_writer: ObservationWriter | None = None
        self.fast = fast_tables(self, fast, points=points, opponents=opponents)

    @property
    def games(self) -> list[int]:
        """Games dealt at each table since reset."""
        return self.fast.games if self.fast is not None else self._games

    # --- the steps ----------------------------------------------------------------------

    def reset(self, *, seed: int | str | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        if seed is not None:
            self.seed = seed
        if self.fast is not None:
            self.fast.reset(self.seed)
            return self._returns()[0], self._returns()[4]
        self._games = [0] * self.num_envs
        for number, table in enumerate(self.tables):
            self._new_game(number, table)
        self._clear()
        self._write_all()
        return self._returns()[0], self._returns()[4]

    def step(self, actions: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        if self.fast is not None:
            self.fast.step(actions, self.same_step)
            return self._returns()
        chosen = np.asarray(actions).tolist()
        self._clear()
        buffers = self.buffers
        for number, table in enumerate(self.tables):
            if table.status != RUNNING:
                self._new_game(number, table)  # next-step autoreset: its action is ignored
                continue
            actor = table.actor
            status = table.act(chosen[number])
            if self.opponents is not None:
                status = table.play_bots(self.bots[number], self.learner)
            if status != RUNNING:
                buffers.terminated[number] = status == TERMINATED
                buffers.truncated[number] = status != TERMINATED
            if table.rewarded:
                buffers.seat_rewards[number] = table.rewards
                buffers.rewards[number] = table.rewards[actor]
                table.clear_rewards()
            if status != RUNNING and self.same_step:
                self._new_game(number, table)
        self._write_all()
        return self._returns()

    def _new_game(self, number: int, table: Table) -> None:
        seed = f"{self.seed}:{self.first_table + number}:{self._games[number]}"
        table.new_game(seed)
        table.clear_rewards()  # (rounds over as soon as dealt reward nobody's action)
        self._games[number] += 1
        if self.opponents is not None:  # the bots play up to the learner's first decision
            self.bots[number] = seat_bots(self.opponents, self.players, self.learner, seed)
            table.play_bots(self.bots[number], self.learner)

    def _clear(self) -> None:
        buffers = self.buffers
        buffers.rewards.fill(0)
        buffers.seat_rewards.fill(0)
        buffers.terminated.fill(False)
        buffers.truncated.fill(False)

    def _write_all(self) -> None:
        """Every table's observation, mask and seat to act, into the buffers."""
        flat, size, write = self.flat, self.size, self.writer.write_into
        buffers = self.buffers
        legal: list[int] = []
        counts: list[int] = []
        actors: list[int] = []
        for number, table in enumerate(self.tables):
            state = table.state
            seat = state.actor if table.status == RUNNING else table.last_actor
            write(flat, number * size, state, seat, table.game, table.seats, table.blanks)
            actors.append(table.seats[seat])
            legal += table.indices
            counts.append(len(table.indices))
        buffers.seats[:] = actors
        masks = buffers.masks
        masks.fill(0)
        masks.reshape(-1)[np.repeat(self.row_starts, counts) + legal] = 1

    def _returns(self) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        buffers = self.buffers
        return ({"observation": buffers.observations, "action_mask": buffers.masks},
                buffers.rewards, buffers.terminated, buffers.truncated,
                {"seat": buffers.seats, "seat_rewards": buffers.seat_rewards})

    # --- for centralised critics --------------------------------------------------------

    def state(self) -> np.ndarray:
        """Every table's full-information vector (every hand, from the seat to act on):
        what a centralised critic may see, never a policy. (B, state size), a new array."""
        if self.fast is not None:
            return self.fast.state()
        if self._state_writer is None:
            self._state_writer = ObservationWriter(self.variant, self.players,
                                                   full_information=True)
        writer = self._state_writer
        states = np.zeros((self.num_envs, writer.size), np.float32)
        flat = memoryview(states.data).cast("B").cast("f")
        for number, table in enumerate(self.tables):
            seat = table.state.actor if table.status == RUNNING else table.last_actor
            writer.write_into(flat, number * writer.size, table.state, seat, table.game,
                              table.seats, writer.cache)
        return states

    def close_extras(self, **kwargs: Any) -> None:
        pass


def fast_tables(env: CardgenVectorEnv, fast: bool | None, *, points: bool,
                opponents: str | None, check_only: bool = False) -> FastTables | None:
    """The compiled tables for ``env``'s spec (:mod:`cardgen.env.fast`), or None for the
    engine's: ``fast=None`` takes them when they cover the spec and numba is installed,
    ``False`` never, ``True`` always (or says why not). ``check_only``: only say."""
    if fast is False:
        return None
    problem = fast_problem(env.variant, opponents=opponents)
    if problem is not None:
        if fast:
            raise ValueError(f"the fast path cannot play this spec: {problem}")
        return None
    if check_only:
        return None
    from cardgen.env.fast.tables import FastTables as Compiled

    return Compiled(env.variant, env.index, env.writer, env.buffers, points=points,
                    first_table=env.first_table)
