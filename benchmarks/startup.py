"""How long `cardgen --help` takes to start (run: python benchmarks/startup.py).

`cardgen --help` lists the commands and reads nothing else: its time is the
interpreter, click and cardgen's command modules. The reference, in the same run, is
`python -c "import click"` (the interpreter and click alone), so the ratio holds on a
shared machine. With --against REV (repeatable), cardgen's --help as it was at that
commit is timed too (taken from git, as the other benchmarks do). Medians of --runs,
the cases alternating; --smoke runs each twice, to check that the script works.

    python benchmarks/startup.py [--runs 20] [--against 189f5f7] [--smoke]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from command_timing import CARDGEN, ENV, Timing, checkout, medians, timed

CLICK = [sys.executable, "-P", "-c", "import click"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--against", action="append", default=[], metavar="REV",
                        help="also time `cardgen --help` at this git revision")
    parser.add_argument("--smoke", action="store_true", help="two runs of each, to try it")
    args = parser.parse_args()
    runs = 2 if args.smoke else args.runs
    with tempfile.TemporaryDirectory() as folder:
        cases: dict[str, Callable[[], Timing]] = {
            "cardgen --help": lambda: timed([*CARDGEN, "--help"]),
            'python -c "import click"': lambda: timed(CLICK),
        }
        for rev in args.against:
            code = checkout(rev, Path(folder) / rev)
            env = {**ENV, "PYTHONPATH": str(code)}
            cases[f"cardgen --help at {rev}"] = (
                lambda env=env: timed([*CARDGEN, "--help"], env))
        found = medians(runs, cases)
    click = found['python -c "import click"']
    print(f"start-up, medians of {runs} runs (wall, user CPU, ratio to import click):")
    for name, timing in found.items():
        print(f"  {name:<32} {timing.wall * 1000:6.0f} ms  ({timing.user * 1000:4.0f} ms)  "
              f"{timing.wall / click.wall:5.2f}x")


if __name__ == "__main__":
    main()
