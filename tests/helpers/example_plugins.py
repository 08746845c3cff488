"""The example plugins of examples/plugins/, installed as a user would (pip, from a copy
of their source) into a folder of their own, and cardgen run with them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from helpers.paths import ROOT

PLUGINS = ROOT / "examples" / "plugins"


def install_example(folder: Path, name: str) -> Path:
    """Copy the example plugin ``name`` (a folder of examples/plugins/) into
    ``folder`` and install it into ``folder/site``; returns ``folder``."""
    shutil.copytree(PLUGINS / name, folder / name,
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "build"))
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(folder / "site"), str(folder / name)],
                   check=True, capture_output=True)
    return folder


def run(folder: Path, *args: str, typed: str | None = None
        ) -> subprocess.CompletedProcess[str]:
    """``args`` run in ``folder`` with its installed plugin on the path."""
    env = {**os.environ, "PYTHONPATH": str(folder / "site")}
    return subprocess.run(args, cwd=folder, env=env, input=typed, capture_output=True,
                          text=True, timeout=600)


def cardgen(folder: Path, *args: str, typed: str | None = None) -> str:
    """`cardgen ARGS` with the plugin installed: its output, once it has succeeded."""
    done = run(folder, sys.executable, "-m", "cardgen.cli", *args, typed=typed)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stdout + done.stderr
    return done.stdout
