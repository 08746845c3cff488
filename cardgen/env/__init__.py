"""A PettingZoo environment of any deck, its options and 2 to 10 seats.

``pip install 'cardgen[rl]'`` brings PettingZoo, Gymnasium and NumPy. The environment is
an AEC one (agents act one at a time, as in the game; answers out of turn included):

>>> from cardgen.env import env
>>> table = env("unplugged", players=4, options=("jump-in",))

An episode is one whole game, dealt and scored by the engine (:class:`~cardgen.engine.
Game`); the agents are ``player_0`` … ``player_{n-1}``, one per seat of the game.

Observations (what the agent's seat can see, nothing else) are a dict: ``observation``,
one float32 vector described by :func:`observation_layout`, and ``action_mask``, an int8
vector over the fixed action space of :mod:`cardgen.env.actions` (1 where legal).
``full_information=True`` adds every seat's hand to it (oracle-guided training);
``state()`` is that full view from the seat to act, for a centralised critic.

The same tables, many at once: :mod:`cardgen.env.vector` (one process) and
:mod:`cardgen.env.shared` (several); one seat against bots: :mod:`cardgen.env.single`.
There is no PettingZoo parallel API: a round waits for one seat at a time (answers out
of turn included), so every step but one agent's would be a no-op.

Rewards come when a round ends: with ``reward="win"`` (the default), +1 to the round's
winner and -1 to every other seat (0 to all for a round nobody won); with
``reward="points"``, each seat's change of score. The episode terminates when the game
is over, and is truncated when it stops unfinished (a round that did not end, or the
engine's limit on rounds).

A seat knocked out of the game (option ``uno-challenge``) is terminated as PettingZoo's
AEC API has it: once the round that knocked it out is scored, it is the agent selected,
with ``terminations[agent]`` true and its last reward; ``step(None)`` then removes it
from ``agents`` and play goes on. Until then it observes zeros: it has no seat.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from cardgen.deck.load import load_deck
from cardgen.engine import Game, Variant
from cardgen.engine.state import OVER
from cardgen.env.actions import ActionIndex
from cardgen.env.observations import ObservationWriter, observation_layout

__all__ = ["CardgenEnv", "env", "observation_layout", "raw_env"]


class CardgenEnv(AECEnv):  # type: ignore[misc]
    """The environment; see the module's docstring."""

    metadata = {"name": "cardgen_uno_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, deck: str = "classic", players: int = 4, options: tuple[str, ...] = (),
                 reward: str = "win", render_mode: str | None = None, *,
                 full_information: bool = False) -> None:
        super().__init__()
        if reward not in ("win", "points"):
            raise ValueError(f"reward is 'win' or 'points', not {reward!r}")
        self.variant = Variant.from_deck(load_deck(deck), players, options)
        self.variant.require_playable()
        self.players = players
        self.reward_kind = reward
        self.render_mode = render_mode
        self.index = ActionIndex(self.variant, players)
        self.turn_cap = self.variant.turn_cap  # a round is cut after so many actions
        self.writer = ObservationWriter(self.variant, players,
                                        full_information=full_information)
        self.state_writer = ObservationWriter(self.variant, players, full_information=True)
        self.state_space = spaces.Box(-1.0, np.inf, (self.state_writer.size,), np.float32)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.action_spaces = {a: spaces.Discrete(self.index.size) for a in self.possible_agents}
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-1.0, np.inf, (self.writer.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.index.size,), np.int8),
        }) for a in self.possible_agents}
        self._seed: int | str = 0
        self.int8 = np.dtype(np.int8)  # (looked up once: the mask is made at every step)

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    # --- the episode ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = seed
        self.game = Game(self.variant, self._seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._over = False  # the game is over: every agent is terminated or truncated
        self._rewarded = False  # self.rewards holds a round's rewards, not zeros
        self._deal()

    def _deal(self) -> None:
        self.round_state, self.seats = self.game.new_round()
        # The agent at each seat of this round, and the other way round.
        self.agent_at = [self.possible_agents[seat] for seat in self.seats]
        self.seat_of = {agent: seat for seat, agent in enumerate(self.agent_at)}
        self.actions_in_round = 0
        if self.round_state.phase == OVER:  # a round over as soon as dealt (a first card's rule)
            self._score_round()
        else:
            self._select()

    def _select(self) -> None:
        """Point at the seat the round waits for, and list its legal actions by index."""
        state = self.round_state
        self.legal_indices, self.legal_actions = self.index.legal(state.legal_actions())
        self.agent_selection = self.agent_at[state.actor]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        # A fresh vector and mask each time: an agent may keep them (in a replay
        # buffer, say) while the game goes on.
        mask = bytearray(self.index.size)
        seat = self.seat_of.get(agent)
        if seat is None:  # knocked out, until its step(None) removes it: nothing to see
            return {"observation": np.zeros(self.writer.size, np.float32),
                    "action_mask": np.frombuffer(mask, self.int8)}
        if agent == self.agent_selection and not self._over:
            for index in self.legal_indices:
                mask[index] = 1
        return {"observation": self.writer.write(self.round_state, seat, self.game, self.seats),
                "action_mask": np.frombuffer(mask, self.int8)}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        # PettingZoo's own, minus its assertion (agent_selection is always set here).
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """The agent to act, until the episode is over (PettingZoo's, as a generator)."""
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)  # (PettingZoo's: removes it, selects who is next)
            return
        index = -1 if action is None else int(action)
        if index not in self.legal_indices:
            raise ValueError(f"action {action} is not legal for {agent} now; use the "
                             "observation's action_mask")
        chosen = self.legal_actions[self.legal_indices.index(index)]
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # the last step ended a round: its rewards are given
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        state = self.round_state
        state.apply(chosen)
        self.actions_in_round += 1
        if state.phase == OVER or self.actions_in_round >= self.turn_cap:
            if state.phase != OVER:
                state.end_round(-1, "capped")
            self._score_round()
            self._knock_out()
            self._accumulate_rewards()
        else:
            self._select()

    def _knock_out(self) -> None:
        """Terminate the agents the new round has no seat for (UNO Challenge), and select
        them first: each is stepped with None, which removes it, before play goes on."""
        if self._over:
            return
        out = [agent for agent in self.agents if agent not in self.seat_of]
        for agent in out:
            self.terminations[agent] = True
        if out:
            self._deads_step_first()

    def _score_round(self) -> None:
        before = list(self.game.scores)
        result = self.game.finish_round(self.round_state, self.seats,
                                        actions=self.actions_in_round)
        for seat, agent in enumerate(self.possible_agents):
            if agent not in self.rewards:  # out of the game, and removed: no more rewards
                continue
            if self.reward_kind == "points":
                self.rewards[agent] = float(self.game.scores[seat] - before[seat])
            elif result.winner is not None:
                self.rewards[agent] = 1.0 if result.winner == seat else -1.0
        self._rewarded = True
        if not self.game.over:
            self._deal()
            return
        ended = self.terminations if self.game.finished else self.truncations
        for agent in self.agents:
            ended[agent] = True
        self._over = True

    def state(self) -> np.ndarray:
        """The full-information vector (every hand) from the seat to act: for a
        centralised critic, never for a policy."""
        state = self.round_state
        seat = state.actor if state.phase != OVER else 0
        return self.state_writer.write(state, seat, self.game, self.seats)

    def render(self) -> str:
        return self.round_state.summary()

    def close(self) -> None:
        pass


def raw_env(deck: str = "classic", players: int = 4, options: tuple[str, ...] = (),
            reward: str = "win", render_mode: str | None = None, *,
            full_information: bool = False) -> CardgenEnv:
    """The environment without PettingZoo's checking wrappers (the fastest)."""
    return CardgenEnv(deck, players, options, reward, render_mode,
                      full_information=full_information)


def env(deck: str = "classic", players: int = 4, options: tuple[str, ...] = (),
        reward: str = "win", render_mode: str | None = None, *,
        full_information: bool = False) -> Any:
    """The environment inside PettingZoo's usual wrappers (an illegal action is refused
    with a clear error, actions are checked against the space, ``step`` after the end)."""
    table = raw_env(deck, players, options, reward, render_mode,
                    full_information=full_information)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(table))
