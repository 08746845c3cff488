"""The vector environment's step, compiled: every table's action taken, rounds scored,
finished games dealt anew, and each table's observation, mask and seat to act written in
place, in one call for the whole batch (what :class:`cardgen.env.vector.CardgenVectorEnv`
does table by table through the engine). ``out`` is the buffers' arrays: observations,
masks, rewards, seat rewards, terminated, truncated, seats.
"""

from __future__ import annotations

import numpy as np

from cardgen.env.fast.deal import RUNNING, deal_round, new_game
from cardgen.env.fast.observe import write_mask, write_observation
from cardgen.env.fast.rounds import (
    ACTIONS,
    ACTOR,
    LAST_ACTOR,
    NEED,
    P_OVER,
    PHASE,
    POINTS,
    POLL,
    POLL_CHALLENGE,
    ROUNDS,
    SCORE,
    STATUS,
    WINNER,
    Arrays,
    between,
    catch_uno,
    challenge,
    draw_turn,
    end_round,
    end_turn,
    name_color,
    pending,
    play_card,
)
from cardgen.env.fast.spec import (
    CATCH_ACT,
    CHALLENGE_ACT,
    COLOR_ACT,
    DRAW_ACT,
    KEEP_ACT,
    PASS_ACT,
    PLAY,
)
from cardgen.env.fast.twister import compiled

TERMINATED, TRUNCATED = 1, 2
# consts (spec.CONSTS)
K_ACTIONS, K_TARGET, K_TURN_CAP, K_MAX_ROUNDS, K_POINTS = 3, 5, 6, 7, 9


@compiled
def act(st: Arrays, rt: Arrays, t: int, action: int) -> None:
    """Take the action at index ``action`` for the seat to act."""
    what, kind, value, uno = rt[7][action]
    ints = st[0]
    if what == PLAY:
        play_card(st, rt, t, kind, value, uno)
    elif what == DRAW_ACT:
        draw_turn(st, rt, t)
    elif what == KEEP_ACT:
        end_turn(st, t)
    elif what == PASS_ACT:
        if ints[t, POLL] == POLL_CHALLENGE:
            pending(st, t)
        else:
            between(st, t)
    elif what == CHALLENGE_ACT:
        challenge(st, t)
    elif what == COLOR_ACT:
        name_color(st, t, value)
    elif what == CATCH_ACT:
        catch_uno(st, t, value)


@compiled
def finish_round(st: Arrays, rt: Arrays, t: int, seat_rewards: np.ndarray) -> None:
    """Score a round that is over (C-30, C-31) and say whether the game is; rewards
    every seat (+1 to the winner, -1 to the others, or each score's change)."""
    ints, seats, hands = st[0], st[1], st[2]
    consts, card = rt[0], rt[1]
    n = seats.shape[2]
    ints[t, ROUNDS] += 1
    winner = ints[t, WINNER]
    if winner >= 0:
        total = 0
        for seat in range(n):
            for kind in range(hands.shape[2]):
                total += hands[t, seat, kind] * card[kind, POINTS]
        seats[t, SCORE, winner] += total
        for seat in range(n):
            if consts[K_POINTS]:
                seat_rewards[t, seat] += total if seat == winner else 0.0
            else:
                seat_rewards[t, seat] += 1.0 if seat == winner else -1.0
    best = 0
    for seat in range(n):
        best = max(best, seats[t, SCORE, seat])
    if best >= consts[K_TARGET]:
        ints[t, STATUS] = TERMINATED
    elif ints[t, ROUNDS] >= consts[K_MAX_ROUNDS]:
        ints[t, STATUS] = TRUNCATED
    else:
        deal_round(st, rt, t)


@compiled
def illegal(st: Arrays, rt: Arrays, actions: np.ndarray, masks: np.ndarray) -> int:
    """The first table whose action is not legal (-1: none is)."""
    for t in range(actions.shape[0]):
        if st[0][t, STATUS] != RUNNING:
            continue
        action = actions[t]
        if action < 0 or action >= masks.shape[1] or not masks[t, action]:
            return t
    return -1


@compiled
def step_table(st: Arrays, rt: Arrays, t: int, action: int, seat_rewards: np.ndarray) -> int:
    """One table's step; returns the seat that acted."""
    ints = st[0]
    actor = ints[t, ACTOR]
    ints[t, LAST_ACTOR] = actor
    act(st, rt, t, action)
    ints[t, ACTIONS] += 1
    if ints[t, PHASE] == P_OVER:
        finish_round(st, rt, t, seat_rewards)
    elif ints[t, ACTIONS] >= rt[0][K_TURN_CAP]:
        end_round(st, t, -1)  # capped: the game stops, unfinished
        ints[t, ROUNDS] += 1
        ints[t, STATUS] = TRUNCATED
    return int(actor)


@compiled
def step(st: Arrays, rt: Arrays, actions: np.ndarray, same_step: bool, out: Arrays) -> int:
    """Every table's step (see the module's docstring); returns the first table whose
    action was illegal (nothing done then), or -1 less the number of tables that dealt
    (whose next seeds Python must set)."""
    observations, masks, rewards, seat_rewards, terminated, truncated, seats_out = out
    bad = illegal(st, rt, actions, masks)
    if bad >= 0:
        return int(bad)
    ints = st[0]
    for t in range(actions.shape[0]):
        rewards[t] = 0.0
        seat_rewards[t] = 0.0
        terminated[t] = False
        truncated[t] = False
        if ints[t, STATUS] != RUNNING:  # next-step autoreset: the action is ignored
            new_game(st, rt, t)
        else:
            actor = step_table(st, rt, t, actions[t], seat_rewards)
            rewards[t] = seat_rewards[t, actor]
            status = ints[t, STATUS]
            if status != RUNNING:
                terminated[t] = status == TERMINATED
                truncated[t] = status == TRUNCATED
                if same_step:
                    new_game(st, rt, t)
        write_all(st, rt, t, out)
    dealt = 0
    for t in range(actions.shape[0]):
        dealt += ints[t, NEED] != 0
    return -1 - dealt


@compiled
def reset(st: Arrays, rt: Arrays, out: Arrays) -> None:
    """A new game at every table, and its first observation."""
    for t in range(st[0].shape[0]):
        new_game(st, rt, t)
        out[2][t] = 0.0
        out[3][t] = 0.0
        out[4][t] = False
        out[5][t] = False
        write_all(st, rt, t, out)


@compiled
def write_all(st: Arrays, rt: Arrays, t: int, out: Arrays) -> None:
    """Table ``t``'s observation, mask and seat to act."""
    ints = st[0]
    running = ints[t, STATUS] == RUNNING
    seat = ints[t, ACTOR] if running else ints[t, LAST_ACTOR]
    write_observation(st, rt[0], t, seat, out[0][t])
    write_mask(st, rt, t, running, out[1][t])
    out[6][t] = seat


@compiled
def write_states(st: Arrays, consts: np.ndarray, states: np.ndarray) -> None:
    """Every table's full-information row (``consts`` of a full-information layout)."""
    ints = st[0]
    for t in range(states.shape[0]):
        seat = ints[t, ACTOR] if ints[t, STATUS] == RUNNING else ints[t, LAST_ACTOR]
        write_observation(st, consts, t, seat, states[t])
