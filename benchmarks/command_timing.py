"""Timing whole `cardgen` commands (and their floors) for the benchmark scripts.

The machine may be shared: each figure is the median of several runs, the runs of
what is compared alternate, and user CPU time is reported beside the wall time.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the merge before the work on issue 12
REFERENCE = "c9539a2"
#: ``-P``: the working folder is not put first on the import path, so that the command
#: timed "before" (PYTHONPATH set to an old checkout) does not import the repository's
#: cardgen when the benchmark is run from its root.
CARDGEN = [sys.executable, "-P", "-c", "from cardgen.cli import main; main()"]
#: The environment of the timed processes: Python caches bytecode, as it does after
#: any install (a PYTHONDONTWRITEBYTECODE left set would time the compiler instead).
ENV = {name: value for name, value in os.environ.items()
       if name != "PYTHONDONTWRITEBYTECODE"}


@dataclass(frozen=True)
class Timing:
    wall: float  # seconds
    user: float  # seconds of user CPU, the process and its children
    peak_mib: float  # the largest resident size of any one process


def timed(argv: Sequence[str], env: dict[str, str] | None = None) -> Timing:
    """Run ``argv`` to the end and time it; a failure stops the benchmark."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(list(argv), capture_output=True, env=env or ENV)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(f"{' '.join(argv)} failed:\n{done.stderr.decode()}")
    # ru_maxrss of the children is the peak of the largest child so far, in KiB.
    return Timing(wall, after.ru_utime - before.ru_utime, after.ru_maxrss / 1024)


def medians(runs: int, cases: dict[str, Callable[[], Timing]]) -> dict[str, Timing]:
    """Each case ``runs`` times, the cases alternating, after one run of each to warm
    the caches (bytecode, the disk); the median wall and user time."""
    for run in cases.values():
        run()
    results: dict[str, list[Timing]] = {name: [] for name in cases}
    for _ in range(runs):
        for name, run in cases.items():
            results[name].append(run())
    return {name: Timing(statistics.median(t.wall for t in found),
                         statistics.median(t.user for t in found),
                         max(t.peak_mib for t in found))
            for name, found in results.items()}


def command_time(args: list[str]) -> float:
    """Seconds for ``cardgen ARGS -o out.pdf`` in a fresh interpreter, imports included."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out.pdf"
        elapsed = timed([*CARDGEN, *args, "-o", str(out)]).wall
        if not out.is_file():
            raise SystemExit("the command wrote no PDF")
        return elapsed


def has_revision(rev: str) -> bool:
    """Whether this clone holds ``rev`` (a shallow clone may not hold the older ones)."""
    return subprocess.run(["git", "cat-file", "-e", f"{rev}^{{commit}}"], cwd=ROOT,
                          capture_output=True).returncode == 0


def checkout(rev: str, folder: Path) -> Path:
    """cardgen at ``rev`` as an importable folder (fonts and templates inside it, where
    the editable install maps them)."""
    archive = subprocess.run(["git", "archive", rev, "cardgen", "fonts", "templates"],
                             cwd=ROOT, check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    for data in ("fonts", "templates"):
        shutil.move(folder / data, folder / "cardgen" / data)
    return folder
