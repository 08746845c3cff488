"""How long the whole Uno Unplugged balance report takes: the figure the README quotes.

    python benchmarks/balance.py [--games N] [--workers N] [--players 4]

Runs `cardgen balance unplugged --json` (the deck, the classic baseline and every kind
of the deck ablated, at the default number of games unless told) in a fresh
interpreter and prints the wall-clock time, the CPU time of every process it used
(the command and its workers: what the report costs on an idle machine is about this
divided by the cores), how many games it played, and how many kinds it told apart
from zero: the target is under two minutes on two cores.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games per run (default: the command's)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--players", default="4")
    args = parser.parse_args()
    command = [sys.executable, "-c", "from cardgen.cli import main; main()", "balance",
               "unplugged", "--players", args.players, "--workers", str(args.workers),
               "--json"]
    if args.games is not None:
        command += ["--games", str(args.games)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime
    report = json.loads(done.stdout)
    table = report["tables"][0]
    kinds = [k for k in table["kinds"] if "effect" in k]
    apart = [k["key"] for k in kinds if k["effect"]["holder_win"]["verdict"] != "unclear"]
    runs = 2 + len(kinds)
    print(f"cardgen balance unplugged, {args.players} players, {report['games']} games per run, "
          f"{runs} runs ({runs * report['games']} games), {args.workers} worker(s) on "
          f"{os.cpu_count()} core(s), Python {platform.python_version()}")
    print(f"wall clock {wall:.1f} s; CPU (user) {cpu:.1f} s, i.e. about "
          f"{cpu / min(args.workers, os.cpu_count() or 1):.1f} s on an idle machine")
    print(f"kinds told apart from zero: {len(apart)} of {len(kinds)} ({', '.join(apart)})")
    widths = [k["effect"]["holder_win"]["high"] - k["effect"]["holder_win"]["low"]
              for k in kinds]
    print(f"holder-effect interval width: median {sorted(widths)[len(widths) // 2] * 100:.1f} "
          f"points, widest {max(widths) * 100:.1f}")


if __name__ == "__main__":
    main()
