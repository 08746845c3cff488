"""Every script in benchmarks/ still runs: each in its smoke mode (`--smoke`: tiny sizes, a
few seconds), as a whole process, and the ones measured against RLCard once more with
RLCard hidden (they say so and measure cardgen's side alone).

A new script fails here until it has a smoke mode (or is run by one that has); a module
the scripts import (no ``__main__`` block) must be imported by one of them.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.paths import ROOT

BENCHMARKS = ROOT / "benchmarks"
FILES = sorted(path.name for path in BENCHMARKS.glob("*.py"))
#: scripts another script runs in its smoke mode, rather than run on their own
RUN_BY = {"canvas_replay.py": "sheets.py"}
RLCARD_MISSING = "rlcard not installed: reference skipped"


def is_script(name: str) -> bool:
    return 'if __name__ == "__main__":' in (BENCHMARKS / name).read_text()


def run(name: str, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run([sys.executable, str(BENCHMARKS / name), "--smoke"], cwd=cwd,
                          capture_output=True, text=True, timeout=600, env=env)
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"{name} --smoke exited {done.returncode}:\n{output}"
    assert "Traceback" not in output, f"{name} --smoke printed a traceback:\n{output}"
    return output


def test_the_folder_holds_benchmarks() -> None:
    assert "sheets.py" in FILES and "engine_speed.py" in FILES


@pytest.mark.slow
@pytest.mark.parametrize("name", FILES)
def test_benchmark_runs_in_smoke_mode(name: str, tmp_path: Path) -> None:
    source = (BENCHMARKS / name).read_text()
    if not is_script(name):
        module = name.removesuffix(".py")
        users = [f for f in FILES if f != name and re.search(
            rf"^from {module} import|^import {module}\b", (BENCHMARKS / f).read_text(), re.M)]
        assert users, f"benchmarks/{name} is neither a script nor imported by one"
        return
    if name in RUN_BY:
        assert name in (BENCHMARKS / RUN_BY[name]).read_text()
        return
    assert '"--smoke"' in source, f"benchmarks/{name} has no --smoke mode"
    assert run(name, tmp_path).strip(), f"{name} --smoke printed nothing"


@pytest.mark.slow
@pytest.mark.parametrize("name", [f for f in FILES if is_script(f) and f not in RUN_BY
                                  and re.search(r"\brlcard", (BENCHMARKS / f).read_text())])
def test_benchmark_runs_without_rlcard(name: str, tmp_path: Path) -> None:
    hidden = tmp_path / "hidden"
    hidden.mkdir()
    (hidden / "rlcard.py").write_text("raise ImportError('rlcard hidden by the test')\n")
    env = {**os.environ, "PYTHONPATH": str(hidden)}
    assert RLCARD_MISSING in run(name, tmp_path, env)
