"""How fast the rules engine plays whole rounds, against RLCard's UNO in the same run.

    pip install -e '.[benchmark]'        # RLCard, the yardstick
    python benchmarks/engine_speed.py [--players 4] [--seconds 5] [--smoke]

Six measures, printed with their ratios:

1. RLCard (``rlcard.make('uno')``, its random agents, ``env.run``): whole games
   (one round each) per second. RLCard plays simplified rules: no challenge, no
   scoring, no UNO call, a drawn card is played automatically, and drawing is only
   allowed when nothing can be played.
2. cardgen with a player that makes RLCard's choices — uniform over the playable
   cards (each wild once per colour, as RLCard lists them), drawing only when nothing
   fits, playing a drawn card that fits, always calling UNO, never challenging — but
   through the full official rules (every challenge and UNO-catch window is opened
   and polled) and with the invariant checks ``cardgen simulate`` makes (the cards
   counted and a seat to act checked after every action, everything at the end of
   each round). Rounds are about as long as RLCard's, so rounds per second compare.
   The same without the checks follows, to show what they cost.
3. cardgen with its own random player (uniform over distinct actions, drawing
   included, UNO called or forgotten at random): rounds are far longer, so this one
   compares actions per second.
4. The same random player on the Uno Unplugged deck (at least 3 players), beside 3:
   Unplugged rounds per second against classic ones.
5. ``cardgen simulate classic --games N`` with the heuristic bots, as a whole process
   (start-up, the invariant checks ``simulate`` makes, the report): rounds per second of
   the child's user CPU time, against RLCard's rounds per second; and once more with
   ``--workers 2``, its wall clock against one worker's.

No transcript in the in-process loops, and no invariant checking but in measure 2.
The measures take turns, so a slow spell of the shared machine hits all of them; each
figure is the median of the repeats, timed in CPU time of the process that played.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence

from cardgen.deck.load import load_deck
from cardgen.engine import Variant, play_round
from cardgen.engine.actions import DRAW, KEEP, PASS, Action, Play
from cardgen.engine.observation import SeatView
from cardgen.engine.state import RoundState
from cardgen.play.players import RandomPlayer


class RLCardLikePlayer:
    """The choices RLCard's random agent makes, expressed over cardgen's actions."""

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        last = legal[-1]
        if last is DRAW or last is KEEP:  # a turn (plays, then draw) or a card drawn that
            count = len(legal) - 1        # fits (its plays, then keep): RLCard plays it
            if count == 0:
                return last  # nothing fits: draw
            if view.hand_size == 2:  # each play comes with and without the call: call
                plays = [a for a in legal if isinstance(a, Play) and a.uno]
                return plays[int(self._random() * len(plays))]
            return legal[int(self._random() * count)]
        if last is PASS:
            return last  # RLCard has no challenge and no UNO call to catch
        return legal[int(self._random() * len(legal))]  # the colour of a first wild


def cardgen_rounds(variant: Variant, make_bot: type, seconds: float,
                   check: str = "none") -> tuple[int, int, float]:
    """Play rounds for about ``seconds``; returns (rounds, actions, elapsed)."""
    rounds = actions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    elapsed = 0.0
    # Like RLCard's harness (one seeded environment, agents made once), the deal's random
    # source and the bots are made once for the whole run, not once per round.
    rng = random.Random(0)
    bots = [make_bot(random.Random(31 + s)) for s in range(variant.players)]
    while elapsed < seconds:
        state = RoundState.deal(variant, variant.players, rounds % variant.players, rng)
        done, _turns = play_round(state, bots, check=check)
        actions += done
        rounds += 1
        elapsed = time.perf_counter() - start
    return rounds, actions, time.process_time() - cpu


#: what a benchmark says when its yardstick is missing; it measures cardgen's side all the same
RLCARD_MISSING = "rlcard not installed: reference skipped (pip install -e '.[benchmark]')"


def have_rlcard() -> bool:
    try:
        import rlcard  # noqa: F401
    except ImportError:
        return False
    return True


def rlcard_rounds(players: int, seconds: float) -> tuple[int, int, float] | None:
    if not have_rlcard():
        return None
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": 1})
    # rlcard.make('uno') seats 2; its game takes the player count as an attribute.
    env.game.num_players = players
    env.num_players = players
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(players)])
    rounds = actions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        trajectories, _payoffs = env.run(is_training=False)
        actions += sum((len(t) - 1) // 2 for t in trajectories)
        rounds += 1
        elapsed = time.perf_counter() - start
    return rounds, actions, time.process_time() - cpu


#: The installed command, beside this interpreter (the one a user runs).
CARDGEN = shutil.which("cardgen", path=os.path.dirname(sys.executable)) or "cardgen"


def simulate_process(players: int, games: int, workers: int) -> tuple[int, float, float]:
    """``cardgen simulate classic`` with the heuristic bots as a child process: (rounds,
    the child's user CPU seconds, its wall-clock seconds)."""
    before = os.times()
    start = time.perf_counter()
    out = subprocess.run(
        [CARDGEN, "simulate", "classic", "--players", str(players),
         "--games", str(games), "--workers", str(workers), "--json"],
        check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - start
    user = os.times().children_user - before.children_user
    return json.loads(out)["rounds"], user, wall


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=6.0,
                        help="time spent on each of the in-process measures, in all")
    parser.add_argument("--repeats", type=int, default=3,
                        help="the measures take turns this many times; the median is kept")
    parser.add_argument("--games", type=int, default=2000,
                        help="games of each whole-process `cardgen simulate` run")
    parser.add_argument("--smoke", action="store_true",
                        help="tiny sizes, a few seconds: the benchmark works, no figures")
    args = parser.parse_args(argv)
    if args.smoke:
        args.seconds, args.repeats, args.games = 0.3, 1, 20
    variant = Variant.from_deck(load_deck("classic"), args.players)
    unplugged = Variant.from_deck(load_deck("unplugged"), max(3, args.players))
    slot = args.seconds / args.repeats

    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{args.players} players, classic deck, {args.repeats} x {slot:g} s per measure, "
          "medians of CPU time")
    measures: dict[str, list[tuple[int, int, float]]] = {
        "rlcard": [], "checked": [], "alike": [], "ours": [], "unplugged": []}
    simulated: dict[int, list[tuple[int, float, float]]] = {1: [], 2: []}
    for _ in range(args.repeats):  # interleaved, so a slow spell of the machine hits all
        reference = rlcard_rounds(args.players, slot)
        if reference is not None:
            measures["rlcard"].append(reference)
        measures["checked"].append(cardgen_rounds(variant, RLCardLikePlayer, slot, "fast"))
        measures["alike"].append(cardgen_rounds(variant, RLCardLikePlayer, slot))
        measures["ours"].append(cardgen_rounds(variant, RandomPlayer, slot))
        measures["unplugged"].append(cardgen_rounds(unplugged, RandomPlayer, slot))
        for workers, runs in simulated.items():
            runs.append(simulate_process(args.players, args.games, workers))

    def line(name: str, runs: list[tuple[int, int, float]]) -> tuple[float, float]:
        rps = statistics.median(r / e for r, _, e in runs)
        aps = statistics.median(a / e for _, a, e in runs)
        per_round = sum(a for _, a, _ in runs) / sum(r for r, _, _ in runs)
        print(f"{name:<44} {rps:>9.0f} rounds/s {aps:>10.0f} actions/s "
              f"{per_round:>7.1f} actions/round {1e6 / aps:>5.2f} µs/action")
        return rps, aps

    ref_aps: float | None = None
    if measures["rlcard"]:
        ref_rps, ref_aps = line("RLCard env.run, random agents", measures["rlcard"])
    else:
        print(f"{RLCARD_MISSING}; the ratios use the figure the issue quotes for this "
              "class of machine: 550-700 four-player games/s through env.run (625 used)")
        ref_rps = 625.0
    checked_rps, _ = line("cardgen, RLCard's choices, rules and checks", measures["checked"])
    alike_rps, _ = line("cardgen, RLCard's choices, rules, no checks", measures["alike"])
    ours_rps, ours_aps = line("cardgen, its random player, official rules", measures["ours"])
    unplugged_rps, _ = line(f"cardgen, its random player, Uno Unplugged ({unplugged.players}p)",
                            measures["unplugged"])
    print(f"ratio, rounds/s with RLCard's choices and simulate's checks: "
          f"{checked_rps / ref_rps:.1f}x (without the checks: {alike_rps / ref_rps:.1f}x)")
    if ref_aps is not None:
        print(f"ratio, actions/s with cardgen's random player: {ours_aps / ref_aps:.1f}x")
    one = simulated[1]
    sim_rps = statistics.median(r / user for r, user, _ in one)
    print(f"{'cardgen simulate, heuristic bots, process':<44} {sim_rps:>9.0f} rounds/s "
          f"of user CPU ({args.games} games, {one[0][0]} rounds)")
    print(f"ratio, rounds/s of `cardgen simulate` (heuristic, whole process): "
          f"{sim_rps / ref_rps:.1f}x")
    wall_one = statistics.median(wall for _, _, wall in one)
    wall_two = statistics.median(wall for _, _, wall in simulated[2])
    print(f"`simulate --workers 2` against one worker, wall clock: {wall_one:.2f} s / "
          f"{wall_two:.2f} s = {wall_one / wall_two:.2f}x")
    print(f"ratio, Uno Unplugged rounds/s against classic, cardgen's random player: "
          f"{unplugged_rps / ours_rps:.2f}x")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
