"""B tables held as arrays and stepped by the compiled kernel: the fast path of
:class:`cardgen.env.vector.CardgenVectorEnv` (which picks it when
:func:`cardgen.env.fast.spec.unsupported` finds nothing against the spec).

It deals the engine's games: table ``t``'s ``k``-th game has the seed
``f"{seed}:{t}:{k}"``, and its rounds and dealers come from the same random streams as
the engine's (:mod:`cardgen.env.fast.twister`). Between two steps, Python seeds the
streams the next step may need (a round's key once per round, a game's once per game:
one SHA-512 each), so the kernel never waits for it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardgen.engine import Variant
from cardgen.env.actions import ActionIndex
from cardgen.env.fast import kernel
from cardgen.env.fast.rounds import (
    FIELDS,
    GAMES,
    KEY_FIRST,
    KEY_GAME,
    KEY_ROUND,
    NEED,
    NEED_GAME,
    ROUNDS,
)
from cardgen.env.fast.spec import FastSpec
from cardgen.env.fast.twister import STATE, seed_words
from cardgen.env.observations import ObservationWriter


class FastTables:
    """The arrays of B tables and the calls that step them (see the module's docstring)."""

    def __init__(self, variant: Variant, index: ActionIndex, writer: ObservationWriter,
                 buffers: Any, *, points: bool, first_table: int = 0) -> None:
        self.spec = FastSpec(variant, index, writer, points=points)
        spec = self.spec
        tables, players, kinds = len(buffers.rewards), variant.players, len(variant.kinds)
        self.ints = np.zeros((tables, FIELDS), np.int64)
        self.seats = np.zeros((tables, 3, players), np.int64)
        self.hands = np.zeros((tables, players, kinds), np.int16)
        self.piles = np.zeros((tables, 2, len(spec.deck)), np.int16)
        self.rngs = np.zeros((tables, 2, STATE), np.uint32)
        self.keys = np.zeros((tables, 3, 64), np.uint32)
        self.scratch = np.zeros((tables, 4, len(spec.deck)), np.float64)
        self.rt = (spec.consts, spec.card, spec.match, spec.counts_as, spec.deck, spec.plays,
                   spec.play_count, spec.action_of)
        self.out = (buffers.observations, buffers.masks, buffers.rewards,
                    buffers.seat_rewards, buffers.terminated, buffers.truncated,
                    buffers.seats)
        self.st = self._state_arrays()
        self.variant, self.index = variant, index
        self.first_table = first_table
        self.seed: int | str = 0
        self._state_spec: FastSpec | None = None

    def _state_arrays(self) -> tuple[np.ndarray, ...]:
        """The tables' state as the kernel takes it (``st``, see rounds.py)."""
        return (self.ints, self.seats, self.hands, self.piles, self.rngs, self.keys,
                self.scratch)

    @property
    def games(self) -> list[int]:
        """Games dealt at each table since reset."""
        return [int(games) for games in self.ints[:, GAMES]]

    def reset(self, seed: int | str) -> None:
        self.seed = seed
        self.ints[:] = 0
        for table in range(len(self.ints)):
            self._seed_game(table, 0)
        kernel.reset(self.st, self.rt, self.out)
        self._refill()

    def step(self, actions: Any, same_step: bool) -> None:
        chosen = actions  # (as the kernel was compiled for: B int64, contiguous)
        if (type(actions) is not np.ndarray or actions.dtype != np.int64
                or actions.shape != (len(self.ints),) or not actions.flags.c_contiguous):
            chosen = np.ascontiguousarray(actions, np.int64).reshape(len(self.ints))
        bad = kernel.step(self.st, self.rt, chosen, same_step, self.out)
        if bad >= 0:
            raise ValueError(f"action {int(chosen[bad])} is not legal for the seat to act "
                             f"now at table {bad}; use the observation's action_mask")
        if bad < -1:  # some tables dealt: their next seeds
            self._refill()

    def state(self) -> np.ndarray:
        """Every table's full-information row, seen from the seat to act."""
        if self._state_spec is None:
            writer = ObservationWriter(self.variant, self.variant.players,
                                       full_information=True)
            self._state_spec = FastSpec(self.variant, self.index, writer, points=False)
        consts = self._state_spec.consts
        states = np.zeros((len(self.ints), int(consts[10])), np.float32)  # (consts obs)
        kernel.write_states(self.st, consts, states)
        return states

    # --- the seeds of the next round and game ------------------------------------------

    def _refill(self) -> None:
        """Seed what the last call used: the next round's key, the next game's keys."""
        ints = self.ints
        for table in np.flatnonzero(ints[:, NEED]).tolist():
            games = int(ints[table, GAMES])
            if ints[table, NEED] & NEED_GAME:
                self._seed_game(table, games)
            self._set_key(table, 0, KEY_ROUND, self._round_text(table, games - 1,
                                                                int(ints[table, ROUNDS]) + 1))
            ints[table, NEED] = 0

    def _seed_game(self, table: int, game: int) -> None:
        """The keys of table ``table``'s game number ``game``: its stream and round 0's."""
        self._set_key(table, 1, KEY_GAME, f"cardgen:{self._game_seed(table, game)}:game")
        self._set_key(table, 2, KEY_FIRST, self._round_text(table, game, 0))

    def _game_seed(self, table: int, game: int) -> str:
        return f"{self.seed}:{self.first_table + table}:{game}"

    def _round_text(self, table: int, game: int, number: int) -> str:
        return f"cardgen:{self._game_seed(table, game)}:round:{number}"

    def _set_key(self, table: int, slot: int, length_field: int, text: str) -> None:
        words = seed_words(text)
        if len(words) > self.keys.shape[2]:  # a long seed: wider rows for every key
            wider = np.zeros((*self.keys.shape[:2], len(words)), np.uint32)
            wider[:, :, :self.keys.shape[2]] = self.keys
            self.keys = wider
            self.st = self._state_arrays()
        self.keys[table, slot, :len(words)] = words
        self.ints[table, length_field] = len(words)
