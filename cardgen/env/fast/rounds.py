"""The official rules of one round, compiled: the second implementation of what
:mod:`cardgen.engine.state` and the classic effects do for the decks the kernel covers
(see :mod:`cardgen.env.fast.spec`). Each function mirrors the engine's of the same name;
the differential test (tests/env/test_fast.py) plays both side by side and compares
every mask, observation and reward.

A table's state is rows of arrays (``st``, made by :class:`~cardgen.env.fast.tables.
FastTables`): ``ints[t]`` the round's and game's numbers (the fields below),
``seats[t]`` per seat its hand size, UNO call and score, ``hands[t]`` per seat its count
of each kind, ``piles[t]`` the draw pile (0) and the discard pile (1), bottom first,
``rngs[t]`` the round's and the game's random streams (:mod:`cardgen.env.fast.twister`),
``keys[t]`` the seeds of the next round and the next game, ``scratch[t]`` a shuffle's
room. The rule tables (``rt``) are :class:`~cardgen.env.fast.spec.FastSpec`'s. Nothing
here allocates (see :func:`~cardgen.env.fast.twister.compiled`).

With no option in force a card waits on the stack only while a +4 may be challenged,
so the stack is one pending draw at most (``PENDING``), and an answer out of turn is
one of two polls (``POLL``): the +4's victim asked whether he challenges (C-21), or the
opponents asked in turn whether they catch a missed UNO call (C-24).
"""

from __future__ import annotations

import numpy as np

from cardgen.env.fast.twister import compiled, shuffle

#: A tuple of arrays: a table's state (``st``), the rule tables (``rt``), the outputs.
Arrays = tuple[np.ndarray, ...]

# ints[t]: the fields of a table
(COLOR, DIRECTION, TURN, ACTOR, PHASE, DEALER, DRAWN, UNO_MISSED, IDLE, ACTIONS, POLL,
 POLL_I, POLL_START, PENDING, PEN_AMOUNT, PEN_TARGET, PEN_AUTHOR, PEN_SKIPPED, PEN_BLUFF,
 PEN_CHALLENGEABLE, EMPTIED, WINNER, STATUS, LAST_ACTOR, ROUNDS, GAMES, PILE_N, DISC_N,
 KEY_ROUND, KEY_GAME, KEY_FIRST, NEED, FIELDS) = range(33)
# seats[t]: per seat
HAND_N, AT_UNO, SCORE = range(3)
# the phases, as the engine numbers them (cardgen.engine.stack)
P_TURN, P_DRAWN, P_RESPOND, P_COLOR, P_OVER = range(5)
# the polls out of turn
NO_POLL, POLL_CHALLENGE, POLL_CATCH = range(3)
# the effects (spec.EFFECTS) and the columns of the card table (spec.FastSpec.card)
NUMBER, WILD, REVERSE, SKIP, DRAW, WILD_DRAW = range(6)
EFFECT, CARD_COLOR, POINTS, AMOUNT, STARTS = range(5)
# what the next step's refill must seed anew (ints NEED): a round's key, a game's keys
NEED_ROUND, NEED_GAME = 1, 2
# consts (spec.CONSTS)
K_PLAYERS, K_KINDS, K_COLORS = 0, 1, 2


@compiled
def next_seat(st: Arrays, t: int, seat: int, steps: int) -> int:
    ints = st[0]
    return int((seat + ints[t, DIRECTION] * steps) % st[1].shape[2])


@compiled
def reshuffle(st: Arrays, t: int) -> bool:
    """C-27: the discard pile but its top card, shuffled, becomes the draw pile."""
    ints, piles, rngs = st[0], st[3], st[4]
    below_top = ints[t, DISC_N] - 1
    if below_top <= 0:
        return False
    top = piles[t, 1, below_top]
    shuffle(rngs[t, 0], piles[t, 1], below_top, st[6][t])
    for i in range(below_top):  # (a loop: a slice copy within one array allocates)
        piles[t, 0, i] = piles[t, 1, i]
    ints[t, PILE_N] = below_top
    piles[t, 1, 0] = top
    ints[t, DISC_N] = 1
    return True


@compiled
def draw_cards(st: Arrays, t: int, seat: int, count: int) -> int:
    """``seat`` draws up to ``count`` cards, reshuffling when the pile runs out; returns
    how many (the last one drawn is ``piles[t, 0, PILE_N]``)."""
    ints, seats, hands, piles = st[0], st[1], st[2], st[3]
    got = 0
    while got < count:
        if ints[t, PILE_N] == 0 and not reshuffle(st, t):
            break
        ints[t, PILE_N] -= 1
        hands[t, seat, piles[t, 0, ints[t, PILE_N]]] += 1
        seats[t, HAND_N, seat] += 1
        got += 1
    if got:
        ints[t, IDLE] = 0
        seats[t, AT_UNO, seat] = 0  # C-25
    return got


@compiled
def end_round(st: Arrays, t: int, winner: int) -> None:
    ints = st[0]
    ints[t, PHASE] = P_OVER
    ints[t, WINNER] = winner
    ints[t, ACTOR] = -1
    ints[t, PENDING] = 0
    ints[t, POLL] = NO_POLL


@compiled
def next_turn(st: Arrays, t: int) -> None:
    """Nobody answers: the next turn begins, and the UNO catch window closes (C-24)."""
    ints = st[0]
    ints[t, UNO_MISSED] = -1
    ints[t, POLL] = NO_POLL
    ints[t, PHASE] = P_TURN
    ints[t, ACTOR] = ints[t, TURN]


@compiled
def between(st: Arrays, t: int) -> None:
    """The loop between decisions once the stack is empty (the engine's ``advance``
    past the stack): an emptied hand wins (C-29), then the opponents of a player who
    missed his UNO call are asked in turn whether they catch him (C-24)."""
    ints, seats = st[0], st[1]
    if ints[t, EMPTIED] >= 0:
        seat = ints[t, EMPTIED]
        ints[t, EMPTIED] = -1
        end_round(st, t, seat)
        return
    offender = ints[t, UNO_MISSED]
    if offender >= 0:
        n = seats.shape[2]
        if ints[t, POLL] != POLL_CATCH:  # the order: from the next player on (U-40)
            ints[t, POLL] = POLL_CATCH
            ints[t, POLL_I] = 0
            ints[t, POLL_START] = ints[t, TURN]
        if seats[t, HAND_N, offender] == 1:
            while ints[t, POLL_I] < n:
                seat = (ints[t, POLL_START] + ints[t, DIRECTION] * ints[t, POLL_I]) % n
                ints[t, POLL_I] += 1
                if seat != offender:
                    ints[t, ACTOR] = seat
                    ints[t, PHASE] = P_RESPOND
                    return
    next_turn(st, t)


@compiled
def pending(st: Arrays, t: int) -> None:
    """The pending draw on the stack: its victim is asked whether he challenges (a +4
    whose player still holds cards, C-21, C-23), then it is drawn (C-16, C-19)."""
    ints, seats = st[0], st[1]
    author = ints[t, PEN_AUTHOR]
    if (ints[t, PEN_CHALLENGEABLE] and author >= 0 and seats[t, HAND_N, author] > 0
            and ints[t, POLL] != POLL_CHALLENGE):
        ints[t, POLL] = POLL_CHALLENGE  # the victim is the first (and only) one asked
        ints[t, ACTOR] = ints[t, PEN_TARGET]
        ints[t, PHASE] = P_RESPOND
        return
    ints[t, PENDING] = 0
    ints[t, POLL] = NO_POLL
    draw_cards(st, t, ints[t, PEN_TARGET], ints[t, PEN_AMOUNT])
    if ints[t, PEN_SKIPPED] >= 0:
        ints[t, TURN] = next_seat(st, t, ints[t, PEN_SKIPPED], 1)
    elif author >= 0:
        ints[t, TURN] = next_seat(st, t, author, 1)
    between(st, t)


@compiled
def resolve(st: Arrays, t: int, effect: int, author: int) -> None:
    """A card with no pending draw takes effect: whose turn is next."""
    ints = st[0]
    if effect == REVERSE:
        ints[t, DIRECTION] = -ints[t, DIRECTION]  # C-17
        if st[1].shape[2] == 2:
            ints[t, TURN] = author  # V-01
        else:
            ints[t, TURN] = next_seat(st, t, author, 1)
    elif effect == SKIP:
        ints[t, TURN] = next_seat(st, t, author, 2)  # C-18, V-02
    else:
        ints[t, TURN] = next_seat(st, t, author, 1)


@compiled
def play_card(st: Arrays, rt: Arrays, t: int, kind: int, named: int, uno: int) -> None:
    """The actor plays ``kind`` (naming colour ``named`` for a wild, calling UNO or not)."""
    ints, seats, hands, piles = st[0], st[1], st[2], st[3]
    card, counts_as = rt[1], rt[3]
    seat = ints[t, ACTOR]
    hands[t, seat, kind] -= 1
    seats[t, HAND_N, seat] -= 1
    piles[t, 1, ints[t, DISC_N]] = kind
    ints[t, DISC_N] += 1
    ints[t, IDLE] = 0
    ints[t, DRAWN] = -1
    before = ints[t, COLOR]
    if named >= 0:
        ints[t, COLOR] = named  # C-13
    elif card[kind, CARD_COLOR] >= 0:
        ints[t, COLOR] = card[kind, CARD_COLOR]
    left = seats[t, HAND_N, seat]
    if left == 1:  # C-24: the call goes with the second-to-last card
        seats[t, AT_UNO, seat] = uno
        if not uno:
            ints[t, UNO_MISSED] = seat
    elif left == 0:
        ints[t, EMPTIED] = seat
    ints[t, POLL] = NO_POLL
    effect = card[kind, EFFECT]
    if effect != DRAW and effect != WILD_DRAW:
        resolve(st, t, effect, seat)
        between(st, t)
        return
    victim = next_seat(st, t, seat, 1)  # C-16, C-19
    ints[t, PENDING] = 1
    ints[t, PEN_AMOUNT] = card[kind, AMOUNT]
    ints[t, PEN_TARGET] = victim
    ints[t, PEN_AUTHOR] = seat
    ints[t, PEN_SKIPPED] = victim
    ints[t, PEN_CHALLENGEABLE] = effect == WILD_DRAW
    bluff = False  # C-20: the player held a card of the colour in force
    if effect == WILD_DRAW and before >= 0:
        for other in range(hands.shape[2]):
            if counts_as[before, other] and hands[t, seat, other] > 0:
                bluff = True
                break
    ints[t, PEN_BLUFF] = bluff
    pending(st, t)


@compiled
def challenge(st: Arrays, t: int) -> None:
    """C-21, C-22: a caught bluffer draws the amount instead; a wrong challenger draws
    it plus 2 and misses his turn."""
    ints = st[0]
    challenger = ints[t, ACTOR]
    if ints[t, PEN_BLUFF]:
        ints[t, PEN_TARGET] = ints[t, PEN_AUTHOR]
        ints[t, PEN_SKIPPED] = -1
    else:
        ints[t, PEN_AMOUNT] += 2
        ints[t, PEN_TARGET] = challenger
        ints[t, PEN_SKIPPED] = challenger
    ints[t, PEN_CHALLENGEABLE] = 0
    ints[t, POLL] = NO_POLL
    pending(st, t)


@compiled
def catch_uno(st: Arrays, t: int, offender: int) -> None:
    """C-24: the offender, caught, draws 2."""
    ints = st[0]
    ints[t, UNO_MISSED] = -1
    draw_cards(st, t, offender, 2)
    ints[t, POLL] = NO_POLL
    between(st, t)


@compiled
def end_turn(st: Arrays, t: int) -> None:
    ints = st[0]
    ints[t, DRAWN] = -1
    ints[t, TURN] = next_seat(st, t, ints[t, TURN], 1)
    between(st, t)


@compiled
def draw_turn(st: Arrays, rt: Arrays, t: int) -> None:
    """C-14, C-15: draw one card, offered to play if it fits; C-28: nothing left to
    draw is an idle turn, and a round of idle turns ends blocked."""
    ints, piles = st[0], st[3]
    seat = ints[t, ACTOR]
    if not draw_cards(st, t, seat, 1):
        ints[t, IDLE] += 1
        if ints[t, IDLE] >= st[1].shape[2]:
            end_round(st, t, -1)
        else:
            end_turn(st, t)
        return
    kind = piles[t, 0, ints[t, PILE_N]]
    top = piles[t, 1, ints[t, DISC_N] - 1]
    if rt[2][top, ints[t, COLOR] + 1, kind]:
        ints[t, PHASE] = P_DRAWN
        ints[t, DRAWN] = kind
    else:
        end_turn(st, t)


@compiled
def name_color(st: Arrays, t: int, color: int) -> None:
    """C-10: the colour of a first wild is named."""
    st[0][t, COLOR] = color
    between(st, t)
