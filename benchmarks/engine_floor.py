"""How far pure Python can go: a floor for the engine, beside RLCard and cardgen.

    python benchmarks/engine_floor.py [--seconds 6] [--repeats 3] [--smoke]

Issue 12 asks for the engine at 15x RLCard's rounds per second (about 2 µs a decision).
This script measures the fastest round loop for classic UNO I could write in Python: one
function, ints for cards and actions, no hooks, no pending stack, no views, only the
rules RLCard's choices reach (match, skip, reverse, +2, wild, +4 with the next player's
challenge window, one card drawn and played if it fits, UNO always called, reshuffles,
scoring) and the same card count after every action as ``simulate``. It is a yardstick,
not a second engine: it plays no optional rule, no other variant, and is never used
by cardgen. Its players make RLCard's random agent's choices, as in engine_speed.py.

It prints RLCard's rounds per second, the floor's, cardgen's (RLCard's choices, the
official rules, simulate's checks), and the ratios, medians of interleaved runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from engine_speed import RLCARD_MISSING, RLCardLikePlayer, cardgen_rounds, rlcard_rounds

from cardgen.deck.load import load_deck
from cardgen.engine import Variant

# A kind is colour * 13 + rank (ranks 0-9, 10 skip, 11 reverse, 12 +2), then two wilds.
SKIP, REVERSE, DRAW_TWO = 10, 11, 12
WILD, WILD_FOUR = 52, 53
# An action: kind * 4 + the colour it leaves in force; or one of these.
DRAW, KEEP, PASS, CHALLENGE = -1, -2, -3, -4

DECK = [kind for color in range(4) for kind in
        [color * 13] + [color * 13 + rank for rank in range(1, 13) for _ in (0, 1)]]
DECK += [WILD] * 4 + [WILD_FOUR] * 4
COLOR = [kind // 13 for kind in range(52)] + [-1, -1]
RANK = [kind % 13 for kind in range(52)] + [13, 14]
POINTS = [rank if rank < 10 else 20 for rank in RANK[:52]] + [50, 50]
# [colour][rank on top] -> the kinds that may go on it
MATCH = [[frozenset(k for k in range(52) if COLOR[k] == c or RANK[k] == r) | {WILD, WILD_FOUR}
          for r in range(15)] for c in range(4)]
# [kind] -> its plays (a wild once per colour, as RLCard lists them)
PLAYS = [[kind * 4 + COLOR[kind]] if kind < 52 else [kind * 4 + c for c in range(4)]
         for kind in range(54)]

Chooser = Callable[[list[int]], int]


def floor_round(rng: random.Random, n: int, dealer: int,
                bots: list[Chooser]) -> tuple[int, int]:
    """One round; returns (decisions, the winner's points)."""
    key = rng.random
    pile = DECK[:]
    pile.sort(key=lambda _: key())
    hands: list[list[int]] = [[] for _ in range(n)]
    for i in range(7 * n):
        hands[(dealer + 1 + i) % n].append(pile.pop())
    top = pile.pop()
    while top == WILD_FOUR:  # a +4 may not start: back into the pile
        pile.insert(rng.randrange(len(pile)), top)
        top = pile.pop()
    discard = [top]
    color = COLOR[top] if top < 52 else rng.randrange(4)
    match = MATCH[color][RANK[top]]
    direction = 1
    turn = (dealer + 1) % n
    total = len(DECK)
    decisions = 0

    def draw(seat: int, count: int) -> None:
        for _ in range(count):
            if not pile:  # reshuffle all of the discard pile but its top card
                if len(discard) == 1:
                    return
                pile[:] = discard[:-1]
                del discard[:-1]
                pile.sort(key=lambda _: key())
            hands[seat].append(pile.pop())

    while True:
        hand = hands[turn]
        legal: list[int] = []
        for kind in sorted(match.intersection(hand)):
            legal += PLAYS[kind]
        legal.append(DRAW)
        action = bots[turn](legal)
        decisions += 1
        if action == DRAW:
            draw(turn, 1)
            action = KEEP
            if hand[-1] in match:
                action = bots[turn]([*PLAYS[hand[-1]], KEEP])
                decisions += 1
        if sum(map(len, hands)) + len(pile) + len(discard) != total:
            raise AssertionError("a card was lost or created")
        if action == KEEP:
            turn = (turn + direction) % n
            continue
        kind = action >> 2
        bluff = kind == WILD_FOUR and any(COLOR[k] == color for k in hand)
        hand.remove(kind)
        discard.append(kind)
        color = action & 3
        match = MATCH[color][RANK[kind]]
        if not hand:
            return decisions, sum(POINTS[k] for h in hands for k in h)
        after = (turn + direction) % n
        if kind == WILD_FOUR:
            challenged = bots[after]([CHALLENGE, PASS]) == CHALLENGE
            decisions += 1
            if challenged and bluff:
                draw(turn, 4)
                turn = after
            else:
                draw(after, 6 if challenged else 4)
                turn = (after + direction) % n
        elif RANK[kind] == SKIP:
            turn = (after + direction) % n
        elif RANK[kind] == REVERSE:
            direction = -direction
            turn = (turn + direction) % n if n > 2 else turn
        elif RANK[kind] == DRAW_TWO:
            draw(after, 2)
            turn = (after + direction) % n
        else:
            turn = after


def rlcard_like(rng: random.Random) -> Chooser:
    """RLCard's random agent's choices, over the floor's actions."""
    rand = rng.random

    def choose(legal: list[int]) -> int:
        last = legal[-1]
        if last in (DRAW, KEEP):
            count = len(legal) - 1
            return legal[int(rand() * count)] if count else last
        return PASS  # RLCard never challenges
    return choose


def floor_rounds(players: int, seconds: float) -> tuple[int, int, float]:
    """Play floor rounds for about ``seconds``: (rounds, decisions, CPU seconds)."""
    rng = random.Random(0)
    bots = [rlcard_like(random.Random(31 + s)) for s in range(players)]
    rounds = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        decisions += floor_round(rng, players, rounds % players, bots)[0]
        rounds += 1
    return rounds, decisions, time.process_time() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--smoke", action="store_true",
                        help="tiny sizes, a few seconds: the benchmark works, no figures")
    args = parser.parse_args(argv)
    if args.smoke:
        args.seconds, args.repeats = 0.3, 1
    slot = args.seconds / args.repeats
    variant = Variant.from_deck(load_deck("classic"), args.players)
    runs: dict[str, list[tuple[int, int, float]]] = {"rlcard": [], "floor": [], "cardgen": []}
    for _ in range(args.repeats):  # interleaved: a slow spell of the machine hits all three
        measured = rlcard_rounds(args.players, slot)
        if measured is not None:
            runs["rlcard"].append(measured)
        runs["floor"].append(floor_rounds(args.players, slot))
        runs["cardgen"].append(cardgen_rounds(variant, RLCardLikePlayer, slot, "fast"))
    if not runs["rlcard"]:
        print(RLCARD_MISSING)
        del runs["rlcard"]
    rates = {name: statistics.median(r / cpu for r, _, cpu in done) for name, done in runs.items()}
    labels = {"rlcard": "RLCard env.run, random agents",
              "floor": "floor: one Python loop, classic only",
              "cardgen": "cardgen, official rules, simulate's checks"}
    for name, done in runs.items():
        per_round = sum(d for _, d, _ in done) / sum(r for r, _, _ in done)
        against = f"{rates[name] / rates['rlcard']:6.1f}x RLCard" if "rlcard" in rates else ""
        print(f"{labels[name]:<44}{rates[name]:>8.0f} rounds/s {per_round:6.1f} decisions/round "
              f"{against}")
    print(f"cardgen against the floor: {rates['cardgen'] / rates['floor']:.2f}")


if __name__ == "__main__":
    main()
