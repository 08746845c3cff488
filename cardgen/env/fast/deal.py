"""A round dealt and a game begun, compiled: the engine's ``Game.new_round``,
``Table.deal_cards``, ``turn_first_card`` and the first card's rule (C-04 … C-11), with
the same random draws in the same order (:mod:`cardgen.env.fast.twister`), so that a
table deals the engine's cards for the same seed."""

from __future__ import annotations

from cardgen.env.fast.rounds import (
    ACTIONS,
    ACTOR,
    AMOUNT,
    AT_UNO,
    CARD_COLOR,
    COLOR,
    DEALER,
    DIRECTION,
    DISC_N,
    DRAW,
    DRAWN,
    EFFECT,
    EMPTIED,
    GAMES,
    HAND_N,
    IDLE,
    KEY_FIRST,
    KEY_GAME,
    KEY_ROUND,
    NEED,
    NEED_GAME,
    NEED_ROUND,
    NO_POLL,
    P_COLOR,
    P_TURN,
    PENDING,
    PHASE,
    PILE_N,
    POLL,
    REVERSE,
    ROUNDS,
    SCORE,
    SKIP,
    STARTS,
    STATUS,
    TURN,
    UNO_MISSED,
    WILD,
    WINNER,
    Arrays,
    between,
    draw_cards,
    next_seat,
)
from cardgen.env.fast.twister import below, compiled, seed, shuffle

RUNNING = 0


@compiled
def deal_round(st: Arrays, rt: Arrays, t: int) -> None:
    """Deal the game's next round: the dealer drawn from the game's stream (C-03), the
    deck shuffled from the round's (C-04), the first card turned (C-06 … C-11)."""
    ints, seats, hands, piles, rngs, keys = st[0], st[1], st[2], st[3], st[4], st[5]
    consts, deck = rt[0], rt[4]
    n, size = seats.shape[2], consts[4]
    dealer = below(rngs[t, 1], n)
    seed(rngs[t, 0], keys[t, 0], ints[t, KEY_ROUND])
    ints[t, NEED] |= NEED_ROUND
    count = deck.shape[0]
    pile = piles[t, 0]
    for i in range(count):
        pile[i] = deck[i]
    shuffle(rngs[t, 0], pile, count, st[6][t])
    hands[t] = 0
    cut = count - n * size
    for i in range(n * size):  # one at a time from the dealer's left, off the top
        seat = (dealer + 1 + i % n) % n
        hands[t, seat, pile[count - 1 - i]] += 1
    for seat in range(n):
        seats[t, HAND_N, seat] = size
        seats[t, AT_UNO, seat] = 0
    ints[t, PILE_N] = cut
    ints[t, DISC_N] = 0
    for field, value in ((DEALER, dealer), (DIRECTION, 1), (TURN, 0), (ACTOR, -1),
                         (PHASE, P_TURN), (DRAWN, -1), (UNO_MISSED, -1), (IDLE, 0),
                         (ACTIONS, 0), (POLL, NO_POLL), (PENDING, 0), (EMPTIED, -1),
                         (WINNER, -1)):
        ints[t, field] = value
    start(st, rt, t)


@compiled
def turn_first_card(st: Arrays, rt: Arrays, t: int) -> int:
    """C-06, C-11: the top card of the pile; one that may not start goes back into the
    pile at a random place, and the next is turned."""
    ints, piles, rngs = st[0], st[3], st[4]
    card = rt[1]
    ints[t, PILE_N] -= 1
    kind = piles[t, 0, ints[t, PILE_N]]
    while not card[kind, STARTS]:
        place = below(rngs[t, 0], ints[t, PILE_N] + 1)
        for i in range(ints[t, PILE_N], place, -1):
            piles[t, 0, i] = piles[t, 0, i - 1]
        piles[t, 0, place] = kind
        kind = piles[t, 0, ints[t, PILE_N]]
    piles[t, 1, 0] = kind
    ints[t, DISC_N] = 1
    return int(kind)


@compiled
def start(st: Arrays, rt: Arrays, t: int) -> None:
    """The first card's rule (C-07 … C-10), then the first turn."""
    ints = st[0]
    card = rt[1]
    kind = turn_first_card(st, rt, t)
    ints[t, COLOR] = card[kind, CARD_COLOR]
    dealer = ints[t, DEALER]
    effect = card[kind, EFFECT]
    if effect == WILD:  # C-10: the dealer's left names the colour, then plays
        ints[t, TURN] = next_seat(st, t, dealer, 1)
        ints[t, PHASE] = P_COLOR
        ints[t, ACTOR] = ints[t, TURN]
        return
    if effect == REVERSE:  # C-08
        ints[t, DIRECTION] = -1
        ints[t, TURN] = dealer
    elif effect == SKIP:  # C-09
        ints[t, TURN] = next_seat(st, t, dealer, 2)
    elif effect == DRAW:  # C-07: the dealer's left draws and misses the turn
        victim = next_seat(st, t, dealer, 1)
        draw_cards(st, t, victim, card[kind, AMOUNT])
        ints[t, TURN] = next_seat(st, t, victim, 1)
    else:
        ints[t, TURN] = next_seat(st, t, dealer, 1)
    between(st, t)


@compiled
def new_game(st: Arrays, rt: Arrays, t: int) -> None:
    """A new game at table ``t``: scores at zero, the game's stream seeded, round 0."""
    ints, seats, rngs, keys = st[0], st[1], st[4], st[5]
    seats[t, SCORE] = 0
    ints[t, ROUNDS] = 0
    ints[t, STATUS] = RUNNING
    seed(rngs[t, 1], keys[t, 1], ints[t, KEY_GAME])
    for i in range(keys.shape[2]):
        keys[t, 0, i] = keys[t, 2, i]
    ints[t, KEY_ROUND] = ints[t, KEY_FIRST]
    ints[t, GAMES] += 1
    ints[t, NEED] |= NEED_GAME
    deal_round(st, rt, t)
