"""training/actor_critic.py, the training example, in its short form (a few thousand
decisions): it runs, learns (its last evaluation beats its first against the random
bots) and draws its learning curve."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.paths import ROOT

pytest.importorskip("gymnasium")


@pytest.mark.slow
def test_the_training_example_learns_to_beat_random(tmp_path: Path) -> None:
    picture = tmp_path / "curve.png"
    done = subprocess.run(
        [sys.executable, str(ROOT / "training" / "actor_critic.py"), "--short",
         "--plot", str(picture)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    shares = [float(share) for share in re.findall(r"rounds won ([\d.]+)%", done.stdout)]
    assert len(shares) >= 2 and shares[-1] > shares[0], done.stdout
    assert picture.read_bytes().startswith(b"\x89PNG")
