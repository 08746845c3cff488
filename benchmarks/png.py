"""`cardgen png` against the code before issue 12 (run: python benchmarks/png.py).

The reference is `cardgen png` as it was at commit REFERENCE (or --against REV), taken
from git into a temporary folder and run in the same way: whole processes, alternating
with the current code, medians of --runs. Each run reports its wall time, the user CPU
of the process and its workers, and peak memory: the largest resident size of the main
process and of any one worker. The issue's aims: half the time, under 100 MiB.

    python benchmarks/png.py [--deck classic] [--dpi 300] [--runs 3] [--against REV] [--smoke]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from command_timing import ENV, REFERENCE, ROOT, checkout, has_revision

#: Runs `cardgen ARGS`, then prints the peak resident size (KiB) of this process and of
#: its largest child: a pool's workers are children.
LAUNCHER = """
import resource, sys
from cardgen.cli import main
try:
    main(standalone_mode=False)
finally:
    usage = resource.getrusage
    print("PEAK", usage(resource.RUSAGE_SELF).ru_maxrss,
          usage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
"""


@dataclass(frozen=True)
class Run:
    wall: float
    user: float
    main_mib: float
    worker_mib: float


def run_png(code: Path | None, args: list[str], out: Path) -> Run:
    env = dict(ENV)
    if code is not None:
        env["PYTHONPATH"] = str(code)
    shutil.rmtree(out, ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", LAUNCHER, "png", *args, "-o", str(out)],
                          capture_output=True, text=True, env=env, cwd=code or ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(done.stderr)
    peaks = [line.split() for line in done.stderr.splitlines() if line.startswith("PEAK")]
    main_kib, worker_kib = int(peaks[-1][1]), int(peaks[-1][2])
    return Run(wall, after.ru_utime - before.ru_utime, main_kib / 1024, worker_kib / 1024)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deck", default="classic")
    parser.add_argument("--dpi", default="300")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--against", default=REFERENCE, help="git revision to compare with")
    parser.add_argument("--smoke", action="store_true",
                        help="tiny sizes, a few seconds: the benchmark works, no figures")
    options = parser.parse_args()
    if options.smoke:
        options.dpi, options.runs = "50", 1
    args = [options.deck, "--dpi", options.dpi]
    against = options.against if has_revision(options.against) else None
    if against is None:
        print(f"{options.against} is not in this clone: only the code now is timed")
    with tempfile.TemporaryDirectory() as folder:
        cases: dict[str, Path | None] = {"now": None}
        if against:
            cases[against] = checkout(against, Path(folder) / "reference")
        found: dict[str, list[Run]] = {name: [] for name in cases}
        for name, code in cases.items():  # a first run of each warms the caches
            run_png(code, args, Path(folder) / name)
        for _ in range(options.runs):
            for name, code in cases.items():
                found[name].append(run_png(code, args, Path(folder) / name))
        sizes = {name: sum(f.stat().st_size for f in (Path(folder) / name).iterdir())
                 for name in cases}
    print(f"`cardgen png {' '.join(args)}` on {os.cpu_count()} cores, median of "
          f"{options.runs} alternating runs:")
    medians = {}
    for name, runs in found.items():
        wall = statistics.median(r.wall for r in runs)
        user = statistics.median(r.user for r in runs)
        medians[name] = (wall, user)
        print(f"  {name:>8}: {wall:.2f} s (user CPU {user:.2f} s), peak "
              f"{max(r.main_mib for r in runs):.0f} MiB main process, "
              f"{max(r.worker_mib for r in runs):.0f} MiB largest worker; "
              f"{sizes[name] / 2**20:.1f} MiB of PNG")
    if not against:
        return
    (now_wall, now_user), (ref_wall, ref_user) = medians["now"], medians[against]
    print(f"  ratio: {now_wall / ref_wall:.2f}x the wall time, {now_user / ref_user:.2f}x "
          f"the user CPU")


if __name__ == "__main__":
    main()
