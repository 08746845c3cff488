"""A table's observation row and mask row, compiled: what
:class:`cardgen.env.observations.ObservationWriter` and the action index write, for the
rounds of the kernel (the layout's offsets are in the spec's constants)."""

from __future__ import annotations

import numpy as np

from cardgen.env.fast.rounds import (
    ACTOR,
    AT_UNO,
    COLOR,
    DIRECTION,
    DISC_N,
    DRAWN,
    HAND_N,
    P_COLOR,
    P_DRAWN,
    P_RESPOND,
    P_TURN,
    PEN_AMOUNT,
    PEN_TARGET,
    PENDING,
    PHASE,
    PILE_N,
    POLL,
    POLL_CHALLENGE,
    SCORE,
    UNO_MISSED,
    Arrays,
)
from cardgen.env.fast.twister import compiled

# consts (spec.CONSTS)
(K_KINDS, K_COLORS, K_TARGET, K_FULL, K_PASS, K_CHALLENGE, K_DRAW, K_KEEP, K_COLOR0,
 K_CATCH0, O_TOP, O_COLOR, O_SIZES, O_UNO, O_SCORES, O_DIRECTION, O_PHASE, O_PENDING,
 O_PILE, O_HANDS) = (1, 2, 5, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
                     26, 27)


@compiled
def write_observation(st: Arrays, consts: np.ndarray, t: int, seat: int, row: np.ndarray) -> None:
    """What ``seat`` sees of table ``t``, into ``row`` (see observation_layout)."""
    ints, seats, hands, piles = st[0], st[1], st[2], st[3]
    n, kinds = seats.shape[2], hands.shape[2]
    row[:] = 0.0
    for kind in range(kinds):
        row[kind] = hands[t, seat, kind]
    row[consts[O_TOP] + piles[t, 1, ints[t, DISC_N] - 1]] = 1.0
    color = ints[t, COLOR]
    row[consts[O_COLOR] + (color if color >= 0 else consts[K_COLORS])] = 1.0
    row[consts[O_DIRECTION]] = ints[t, DIRECTION]
    row[consts[O_PHASE] + ints[t, PHASE]] = 1.0
    row[consts[O_PILE]] = ints[t, PILE_N]
    target = consts[K_TARGET]
    for offset in range(n):
        other = (seat + offset) % n
        row[consts[O_SIZES] + offset] = seats[t, HAND_N, other]
        row[consts[O_UNO] + offset] = seats[t, AT_UNO, other]
        row[consts[O_SCORES] + offset] = seats[t, SCORE, other] / target
    if ints[t, PENDING]:
        row[consts[O_PENDING]] = ints[t, PEN_AMOUNT]
        row[consts[O_PENDING] + 1] = (ints[t, PEN_TARGET] - seat) % n
    if consts[K_FULL]:
        for offset in range(n):
            other = (seat + offset) % n
            start = consts[O_HANDS] + offset * kinds
            for kind in range(kinds):
                row[start + kind] = hands[t, other, kind]


@compiled
def write_plays(rt: Arrays, row: np.ndarray, kind: int, two: int) -> None:
    plays, counts = rt[5], rt[6]
    for j in range(counts[two, kind]):
        row[plays[two, kind, j]] = 1


@compiled
def write_mask(st: Arrays, rt: Arrays, t: int, running: bool, row: np.ndarray) -> None:
    """1 at every legal action's index of table ``t`` (all zeros once its game is over)."""
    ints, seats, hands, piles = st[0], st[1], st[2], st[3]
    consts, match = rt[0], rt[2]
    row[:] = 0
    if not running:
        return
    phase, actor = ints[t, PHASE], ints[t, ACTOR]
    two = 1 if seats[t, HAND_N, actor] == 2 else 0
    if phase == P_TURN:  # C-12, C-13, C-15
        top = piles[t, 1, ints[t, DISC_N] - 1]
        fits = match[top, ints[t, COLOR] + 1]
        for kind in range(hands.shape[2]):
            if hands[t, actor, kind] > 0 and fits[kind]:
                write_plays(rt, row, kind, two)
        row[consts[K_DRAW]] = 1
    elif phase == P_DRAWN:  # C-14
        write_plays(rt, row, ints[t, DRAWN], two)
        row[consts[K_KEEP]] = 1
    elif phase == P_RESPOND:
        if ints[t, POLL] == POLL_CHALLENGE:
            row[consts[K_CHALLENGE]] = 1
        else:
            row[consts[K_CATCH0] + ints[t, UNO_MISSED]] = 1
        row[consts[K_PASS]] = 1
    elif phase == P_COLOR:
        for color in range(consts[K_COLORS]):
            row[consts[K_COLOR0] + color] = 1
