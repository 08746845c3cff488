"""Timing a whole `cardgen` command that writes a PDF, for the benchmark scripts."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path


def command_time(args: list[str]) -> float:
    """Seconds for ``cardgen ARGS -o out.pdf`` in a fresh interpreter, imports included."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out.pdf"
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "from cardgen.cli import main; main()", *args,
                        "-o", str(out)], check=True, capture_output=True)
        elapsed = time.perf_counter() - start
        if not out.is_file():
            raise SystemExit("the command wrote no PDF")
        return elapsed
