"""Whole games of an edition's deck in bulk, spread over every option it allows and
every table size: the invariants after every action, every round ending, no crash.

    python benchmarks/editions_soak.py flip --games 100000 --workers 2 [--json] [--smoke]

The games are spread evenly over *combinations*: each player count the deck allows,
times its own rules alone or with one more option (each option of ``cardgen options``
that the deck can be played with at that count: no conflict with its rules, every need
met — a need is turned on with it — and a deck the engine can deal), times two bots at
every seat, ``random`` (it draws, bluffs and answers at random, so it reaches the odd
corners) and ``heuristic``. Game *i* of a combination is seeded ``SEED:COMBINATION:i``,
so any game named in the report plays again alone with ``play_game``.

A game that raises, or still plays after two minutes (a loop inside one action, which
the turn cap cannot cut), is a crash: it is caught in the worker, counted and named, and
the run goes on. The report gives the games, rounds and how they ended, the invariant
violations (``check="fast"``, as ``cardgen simulate``: the cards counted and a seat to
act after every action, everything at the end of each round), the rounds still running
at the turn cap, the games with no winner after 200 rounds, the crashes, and the
longest game in seconds (a round that cannot end shows there first).
docs/development.md holds the figures of the full runs.
"""

from __future__ import annotations

import argparse
import json
import math
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from cardgen.catalogue.option_facts import OPTION_FACTS, combination_problems
from cardgen.deck.load import load_deck
from cardgen.engine import Variant
from cardgen.play.recipes import Recipe, play_one
from cardgen.pools import start_pool

BOTS = ("random", "heuristic")
SMOKE_GAMES = 40
#: A game still playing after this many seconds is a crash: a round that cannot end
#: inside one action (a loop the turn cap cannot cut) would otherwise hold its worker
#: for ever. The longest game of the runs in docs/development.md took 3.5 s.
GAME_SECONDS = 120


class TooLong(Exception):
    pass


def _too_long(signum: int, frame: object) -> None:
    raise TooLong(f"no end after {GAME_SECONDS} s")


@dataclass(frozen=True)
class Combination:
    players: int
    rules: tuple[str, ...]  # the options added to the deck's own rules
    bots: str

    def name(self) -> str:
        added = "+".join(self.rules) or "its rules"
        return f"{self.players} players, {added}, {self.bots}"


@dataclass
class Summary:
    """One game, as small as a worker can send back."""

    combination: int
    index: int
    seconds: float
    rounds: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    finished: bool = False
    crash: str = ""


def combinations(deck_name: str) -> list[Combination]:
    """Every (players, options, bots) the deck can be played with."""
    deck = load_deck(deck_name)
    found = []
    for players in range(deck.min_players, deck.max_players + 1):
        sets: list[tuple[str, ...]] = [()]
        for name in sorted(OPTION_FACTS):
            if name in deck.rules:
                continue
            added = (*OPTION_FACTS[name].needs, name)
            if combination_problems([*deck.rules, *added]):
                continue
            variant = Variant.from_deck(deck, players, added)
            if variant.playability_problem() is None and not variant.rules_missing:
                sets.append(added)
        found += [Combination(players, rules, bots) for rules in sets for bots in BOTS]
    return found


_worker: list[tuple[Variant, Recipe]] = []


def _start(payload: tuple[str, list[Combination], str]) -> None:
    deck_name, combos, seed = payload
    deck = load_deck(deck_name)
    _worker[:] = []
    for number, combo in enumerate(combos):
        variant = Variant.from_deck(deck, combo.players, combo.rules)
        _worker.append((variant, Recipe.of(variant, combo.bots, f"{seed}:{number}")))


def _game(job: tuple[int, int]) -> Summary:
    number, index = job
    variant, recipe = _worker[number]
    start = time.perf_counter()
    signal.signal(signal.SIGALRM, _too_long)
    signal.alarm(GAME_SECONDS)
    try:
        result = play_one(variant, recipe, index)
    except Exception:  # a crash: named in the report, and the run goes on
        return Summary(number, index, time.perf_counter() - start,
                       crash=traceback.format_exc(limit=-3))
    finally:
        signal.alarm(0)
    return Summary(number, index, time.perf_counter() - start, len(result.rounds),
                   Counter(r.how for r in result.rounds), result.problems[:3], result.finished)


def play(deck_name: str, games: int, workers: int, seed: str) -> dict[str, Any]:
    combos = combinations(deck_name)
    if games < len(combos):  # fewer games than combinations: one game of each of a spread
        combos = [combos[i * len(combos) // games] for i in range(games)]
    each = math.ceil(games / len(combos))
    # Game by game across the combinations, so that a run stopped early (Ctrl-C, or
    # SIGTERM) has played every combination about as often: its report says so.
    jobs = ((number, index) for index in range(each) for number in range(len(combos)))
    start = time.perf_counter()
    totals: Counter[str] = Counter(dict.fromkeys(
        ("games", "rounds", "violations", "crashes", "unfinished"), 0))
    endings: Counter[str] = Counter()
    named: list[str] = []
    longest = (0.0, "")
    stopped = False
    with start_pool(workers, _start, (deck_name, combos, seed)) as pool:
        # (the workers, forked before, keep the default; the next deck's, after, too)
        default = signal.signal(signal.SIGTERM, _interrupt)
        results: Iterator[Summary] = pool.imap_unordered(_game, jobs, chunksize=4)
        try:
            for game in results:
                _count(game, combos, seed, totals, endings, named)
                if game.seconds > longest[0]:
                    longest = (game.seconds, _where(game, combos, seed))
                if totals["games"] % 5000 == 0:
                    print(f"{deck_name}: {totals['games']} games, "
                          f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
        except KeyboardInterrupt:
            stopped = True
        finally:
            signal.signal(signal.SIGTERM, default)
    return {"deck": deck_name, "combinations": len(combos), "games_each": each,
            "partial": stopped, **totals, "endings": dict(sorted(endings.items())),
            "non_terminating": endings["capped"], "named": named,
            "longest_game_seconds": round(longest[0], 2), "longest_game": longest[1],
            "wall_seconds": round(time.perf_counter() - start, 1)}


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _where(game: Summary, combos: list[Combination], seed: str) -> str:
    return f"{combos[game.combination].name()}, seed {seed}:{game.combination}:{game.index}"


def _count(game: Summary, combos: list[Combination], seed: str, totals: Counter[str],
           endings: Counter[str], named: list[str]) -> None:
    totals["games"] += 1
    totals["rounds"] += game.rounds
    endings.update(game.endings)
    totals["violations"] += len(game.problems)
    totals["crashes"] += bool(game.crash)
    totals["unfinished"] += not game.finished and not game.crash
    bad = game.crash or (game.problems[0] if game.problems else "")
    if (bad or game.endings["capped"]) and len(named) < 20:
        named.append(f"{_where(game, combos, seed)}: {bad or 'a round reached the turn cap'}")


def print_report(report: dict[str, Any]) -> None:
    print(f"{report['deck']}: {report['games']} games ({report['combinations']} combinations "
          f"of players, option and bots, {report['games_each']} each), "
          f"{report['rounds']} rounds in {report['wall_seconds']} s")
    print("  rounds ended: " + ", ".join(f"{how} {n}" for how, n in report["endings"].items()))
    print(f"  invariant violations {report['violations']}, crashes {report['crashes']}, "
          f"rounds at the turn cap {report['non_terminating']}, games unfinished "
          f"after 200 rounds {report['unfinished']}")
    print(f"  longest game {report['longest_game_seconds']} s ({report['longest_game']})")
    for line in report["named"]:
        print(f"  {line}")
    sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("decks", nargs="*", default=["flip", "attack"])
    parser.add_argument("--games", type=int, default=100_000, help="games of each deck")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="soak")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--smoke", action="store_true", help=f"{SMOKE_GAMES} games of each deck")
    args = parser.parse_args()
    failed = False
    for deck_name in args.decks:
        report = play(deck_name, SMOKE_GAMES if args.smoke else args.games, args.workers,
                      args.seed)
        failed |= bool(report["violations"] or report["crashes"] or report["non_terminating"])
        if report["partial"]:
            print(f"PARTIAL: stopped after {report['games']} games of {deck_name}")
        if args.json:
            print(json.dumps(report), flush=True)
        else:
            print_report(report)
        if report["partial"]:
            break
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
