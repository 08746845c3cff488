"""Time and games to settle the Uno Unplugged balance study, against the fixed study.

    python benchmarks/balance.py [--players 4] [--workers N] [--fixed-games 400]
    python benchmarks/balance.py --error-rate 200
    python benchmarks/balance.py --smoke   # tiny studies: the benchmark works, no figures

Runs, in one process and one after the other on the same cores:

1. **the fixed study** cardgen played before its study became sequential, rebuilt here
   from public pieces as the reference: the deck, the classic baseline and the deck with
   each kind ablated, 400 whole games each on the same seeds, each kind's holder effect
   compared round by round with a plain 95 % interval (a kind is "told apart" when it
   leaves out zero, and is otherwise left unclear);
2. **the sequential study** ``cardgen balance unplugged`` runs today (defaults: 400
   whole games of the deck and of the baseline, then pairs of one-round games until
   every kind is settled at ±5 points).

For each it prints the wall-clock time, the CPU time of every process it used (on an
idle machine the wall-clock time is about this divided by the cores), the rounds played
(the work: the fixed study's games last about seven rounds, the pairs one), the
verdicts, and the ratios. The aims: every kind settled in under 60 s on two cores, and
fewer than half the fixed study's rounds.

``--error-rate N`` instead runs N studies of the yardstick deck's renamed number card
(tests/decks/balance-known.toml: a red 7 called "Lucky Seven", replaced by a red 5 in its
pairs), each on its own seed, and prints how often the verdict was anything but "no
effect larger than ±5 points": the stopping rule allows 5 % at most.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (the workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(work: Callable[[], Any]) -> tuple[Any, float, float]:
    wall, cpu = time.perf_counter(), cpu_seconds()
    result = work()
    return result, time.perf_counter() - wall, cpu_seconds() - cpu


def fixed_study(players: int, games: int, workers: int) -> dict[str, Any]:
    """The fixed study: whole games of every run, paired round by round."""
    from cardgen.balance.kinds import ablated, kind_groups
    from cardgen.balance.stats import Clustered
    from cardgen.balance.tally import win_share
    from cardgen.deck.load import load_deck
    from cardgen.engine.variant import Variant
    from cardgen.play.recipes import Recipe
    from cardgen.play.simulate import SANITY_TURN_CAP, play_runs

    deck = Variant.from_deck(load_deck("unplugged"), players)
    groups = [g for g in kind_groups(deck) if g.ablated]
    variants = [deck, Variant.from_deck(load_deck("classic"), players)]
    variants += [ablated(deck, g) for g in groups]
    recipes = [Recipe.of(v, "heuristic", "0", check="none", turn_cap=SANITY_TURN_CAP,
                         record=True) for v in variants]
    deck_games: list[list[Any]] = []  # the deck's games, in order (run 0 comes first)
    effects = {g.key: Clustered.empty() for g in groups}
    rounds = 0
    for run, result in play_runs(recipes, games, workers):
        rounds += len(result.rounds)
        if run == 0:
            deck_games.append(result.rounds)
        if run < 2:  # the deck and the baseline
            continue
        group = groups[run - 2]
        mask = group.kinds(deck)
        game = len(effects[group.key].sums)  # game i of this run, paired with the deck's i
        total, count = 0.0, 0
        for base, other in zip(deck_games[game], result.rounds, strict=False):
            if (base.how == "capped" or other.how == "capped" or base.seats != other.seats
                    or base.dealer != other.dealer):
                continue
            for seat in base.seats:
                if base.dealt[seat] & mask:
                    total += win_share(base, seat) - win_share(other, seat)
                    count += 1
        effects[group.key].add(total, count)
    told, needed = {}, {}
    for key, sums in effects.items():
        interval = sums.mean()
        told[key] = ("higher" if interval.low > 0 else "lower" if interval.high < 0
                     else "unclear")
        needed[key] = games_to_settle(games, interval.estimate, interval.se)
    return {"rounds": rounds, "games": games * len(recipes), "verdicts": told,
            "games_to_settle": needed}


def games_to_settle(games: int, estimate: float, se: float, tolerance: float = 0.05) -> int:
    """The games a run of the fixed study would need for this kind's plain intervals
    (looked at once, so no widening: 1.96 and 1.645 standard errors) to settle it as the
    sequential study does: the 95 % one clear of zero, or the 90 % one inside ±5 points."""
    options = [games * (1.96 * se / abs(estimate)) ** 2 if estimate else math.inf]
    if abs(estimate) < tolerance:
        options.append(games * (1.645 * se / (tolerance - abs(estimate))) ** 2)
    return math.ceil(min(options))


def sequential_study(players: int, workers: int, **sizes: int) -> dict[str, Any]:
    """``sizes``: the study's games and max_pairs, when not its defaults."""
    from cardgen.balance.study import Plan, run_study
    from cardgen.deck.load import load_deck

    report = run_study(Plan(load_deck("unplugged"), load_deck("classic"),
                            players=(players,), workers=workers, **sizes))
    table = report["tables"][0]
    pairs = table["pair_rounds"]
    rounds = table["deck"]["rounds"] + table["baseline"]["rounds"]
    kinds = {k["key"]: k["effect"]["holder_win"] for k in table["kinds"] if "effect" in k}
    return {"rounds": rounds + pairs["deck"] + pairs["changed"], "kinds": kinds,
            "verdicts": {key: e["verdict"] for key, e in kinds.items()}}


def error_rate(repetitions: int, workers: int, games: int = 10, **sizes: int) -> None:
    from cardgen.balance.study import Plan, run_study
    from cardgen.deck.load import load_deck

    deck = load_deck(str(ROOT / "tests" / "decks" / "balance-known.toml"))
    said: dict[str, int] = {}
    for seed in range(repetitions):
        report = run_study(Plan(deck, deck, games=games, seed=f"error-rate:{seed}",
                                only=("lucky-seven",), workers=workers, **sizes))
        effect = report["tables"][0]["kinds"]
        verdict = next(k for k in effect if k["key"] == "lucky-seven")["effect"][
            "holder_win"]["verdict"]
        said[verdict] = said.get(verdict, 0) + 1
        print(f"\r{seed + 1}/{repetitions} studies", end="", file=sys.stderr)
    print(file=sys.stderr)
    wrong = repetitions - said.get("within", 0)
    print(f"renamed number card (Lucky Seven), {repetitions} seeded studies: {said}")
    print(f"verdict other than 'no effect larger than ±5 points': {wrong} of {repetitions} "
          f"({100 * wrong / repetitions:.1f} %; the rule allows 5 %)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--fixed-games", type=int, default=400)
    parser.add_argument("--error-rate", type=int, metavar="N",
                        help="measure the renamed number card's wrong verdicts over N studies")
    parser.add_argument("--smoke", action="store_true",
                        help="tiny studies, a few seconds: the benchmark works, no figures")
    args = parser.parse_args()
    sizes = {"games": 4, "max_pairs": 40} if args.smoke else {}
    if args.smoke:
        args.fixed_games = 4
        error_rate(2, args.workers, games=4, max_pairs=40)
    if args.error_rate:
        error_rate(args.error_rate, args.workers)
        return
    print(f"Uno Unplugged against classic, {args.players} players, {args.workers} worker(s) "
          f"on {os.cpu_count()} core(s), Python {platform.python_version()}")
    fixed, fixed_wall, fixed_cpu = timed(
        lambda: fixed_study(args.players, args.fixed_games, args.workers))
    ours, our_wall, our_cpu = timed(lambda: sequential_study(args.players, args.workers, **sizes))
    told = [k for k, v in fixed["verdicts"].items() if v != "unclear"]
    print(f"fixed study ({args.fixed_games} games a run): {fixed['games']:,} games, "
          f"{fixed['rounds']:,} rounds, wall {fixed_wall:.1f} s, CPU {fixed_cpu:.1f} s; told "
          f"apart {len(told)} of {len(fixed['verdicts'])}: {', '.join(told)}")
    slowest = max(fixed["games_to_settle"].items(), key=lambda item: item[1])
    runs = len(fixed["verdicts"]) + 2
    print(f"  to settle every kind, with its plain intervals looked at once, each of its "
          f"{runs} runs would need about {slowest[1]:,} games (for {slowest[0]}): "
          f"{runs * slowest[1]:,} games, about "
          f"{runs * slowest[1] * fixed['rounds'] / fixed['games']:,.0f} rounds")
    settled = {k: v for k, v in ours["verdicts"].items() if v != "unsettled"}
    print(f"sequential study: {ours['rounds']:,} rounds, wall {our_wall:.1f} s, CPU "
          f"{our_cpu:.1f} s; settled {len(settled)} of {len(ours['verdicts'])}")
    for key, effect in ours["kinds"].items():
        print(f"  {key:22} {effect['verdict']:9} {100 * effect['estimate']:+6.2f} "
              f"[{100 * effect['low']:+6.2f}, {100 * effect['high']:+6.2f}] after "
              f"{effect['pairs']:,} pairs   (fixed study: {fixed['verdicts'][key]})")
    print(f"ratios, sequential / fixed: rounds {ours['rounds'] / fixed['rounds']:.2f}, "
          f"CPU {our_cpu / fixed_cpu:.2f}, wall {our_wall / fixed_wall:.2f}")


if __name__ == "__main__":
    main()
