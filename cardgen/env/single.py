"""One seat against cardgen's bots: a ``gymnasium.Env`` for single-agent learners.

>>> from cardgen.env.single import CardgenGymEnv
>>> table = CardgenGymEnv("classic", players=4, opponents="random")
>>> observation, info = table.reset(seed=1)

The learner holds game seat ``seat`` (0 by default) of every game; the other seats are
played by the bots ``opponents`` names (``cardgen.play.players.make_players``: a name,
or a comma list given to the other seats in turn; ``heuristic`` by default). A step
takes the learner's action, then lets the bots play until the learner must decide again
(its turn, or an answer out of turn it may give) or the game is over. Observations are
the AEC environment's dict (``observation``, ``action_mask``), seen from the learner's
seat; the reward is the learner's, summed over the rounds that ended during the step.
An episode is one game; game ``k`` after ``reset(seed=s)`` is dealt from ``f"{s}:0:{k}"``
(the same deal as table 0 of a vector environment reset with that seed).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from cardgen.deck.load import load_deck
from cardgen.engine import Variant
from cardgen.env.actions import ActionIndex
from cardgen.env.observations import ObservationWriter
from cardgen.env.table import RUNNING, TERMINATED, Table, seat_bots

__all__ = ["CardgenGymEnv"]


class CardgenGymEnv(gymnasium.Env):
    """The learner's seat against bots; see the module's docstring."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, deck: str = "classic", players: int = 4, options: tuple[str, ...] = (),
                 *, opponents: str = "heuristic", seat: int = 0, reward: str = "win",
                 full_information: bool = False, render_mode: str | None = None) -> None:
        if reward not in ("win", "points"):
            raise ValueError(f"reward is 'win' or 'points', not {reward!r}")
        if not 0 <= seat < players:
            raise ValueError(f"seat is one of 0 to {players - 1}, not {seat}")
        self.variant = Variant.from_deck(load_deck(deck), players, options)
        self.variant.require_playable()
        seat_bots(opponents, players, seat, 0)  # an unknown bot is refused here, not later
        self.opponents, self.seat, self.render_mode = opponents, seat, render_mode
        self.index = ActionIndex(self.variant, players)
        self.writer = ObservationWriter(self.variant, players,
                                        full_information=full_information)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-1.0, np.inf, (self.writer.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.index.size,), np.int8)})
        self.action_space = spaces.Discrete(self.index.size)
        self.table = Table(self.variant, self.index, points=reward == "points")
        self.seed_text: int | str = 0
        self.games = 0

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray],
                                                             dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self.seed_text, self.games = seed, 0
        game_seed = f"{self.seed_text}:0:{self.games}"
        self.games += 1
        self.bots = seat_bots(self.opponents, self.variant.players, self.seat, game_seed)
        self.table.new_game(game_seed)
        self.table.clear_rewards()
        self._play_bots()
        return self._observe(), {}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool,
                                         dict[str, Any]]:
        table = self.table
        if table.status != RUNNING:
            raise ValueError("the game is over: call reset()")
        table.act(int(action))
        self._play_bots()
        reward = table.rewards[self.seat]
        table.clear_rewards()
        return (self._observe(), reward, table.status == TERMINATED,
                table.status not in (RUNNING, TERMINATED), {})

    def _play_bots(self) -> None:
        self.table.play_bots(self.bots, self.seat)

    def _observe(self) -> dict[str, np.ndarray]:
        table = self.table
        mask = np.zeros(self.index.size, np.int8)
        mask[table.indices] = 1  # (none once the game is over)
        seats = table.seats
        # The learner's seat in this round (a knocked-out learner, UNO Challenge, sees
        # the round from the seat it last had: the game is over for it).
        seat = seats.index(self.seat) if self.seat in seats else table.last_actor
        observation = self.writer.write(table.state, seat, table.game, seats)
        return {"observation": observation, "action_mask": mask}

    def action_masks(self) -> np.ndarray:
        """The legal actions now (sb3-contrib's MaskablePPO asks for this method)."""
        mask = np.zeros(self.index.size, bool)
        mask[self.table.indices] = True
        return mask

    def render(self) -> str:
        return self.table.state.summary()
