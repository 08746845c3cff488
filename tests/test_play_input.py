"""What a person types at `cardgen play` that used to break it (issue 29): digits that
are not 0-9, numbers of thousands of digits, and `save FILE` over files that matter.
Driven as a person drives it, in a pseudo-terminal with pexpect (a number longer than a
terminal's line of 4,096 bytes comes through a pipe, as a script would type it)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

COMMAND = [sys.executable, "-c", "from cardgen.cli import main; main()", "play"]


def spawn(folder: Path, *args: str) -> pexpect.spawn:
    env = {**os.environ, "NO_COLOR": "1"}
    return pexpect.spawn(COMMAND[0], [*COMMAND[1:], *args, "--fast"], cwd=str(folder),
                         encoding="utf-8", timeout=30, dimensions=(50, 200), env=env)


def first_question(folder: Path) -> pexpect.spawn:
    """A game of the classic deck at the person's first question (seed 3: five choices)."""
    child = spawn(folder, "classic", "--seed", "3")
    child.expect("What do you do?")
    child.expect(r"5\. draw a card")
    child.expect("> ")
    return child


# --- numbers ------------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["²", "٣", "３", "1²"])
def test_a_digit_that_is_not_0_to_9_is_not_a_choice(tmp_path: Path, typed: str) -> None:
    """"²" is a digit to str.isdigit() but not to int(): the game stopped with a
    traceback. "٣" (Arabic-Indic 3) and "３" (full width) were read as choice 3."""
    child = first_question(tmp_path)
    child.sendline(typed)
    child.expect(f"'{typed}' is not one of your choices; type its number or its words")
    child.expect("> ")
    child.sendline("quit")
    child.expect(r"Game left\. Scores: P0 0, P1 0, P2 0, P3 0")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in (child.before or "")


@pytest.mark.parametrize("typed", ["9" * 5000, "catch P" + "9" * 5000])
def test_a_number_of_thousands_of_digits_is_not_a_choice(tmp_path: Path, typed: str) -> None:
    """Past 4,300 digits int() raises: as a choice, and as the seat of an action."""
    done = subprocess.run([*COMMAND, "classic", "--seed", "3", "--fast"], cwd=tmp_path,
                          input=f"{typed}\nquit\n", capture_output=True, text=True,
                          timeout=60, check=False, env={**os.environ, "NO_COLOR": "1"})
    assert (done.returncode, done.stderr) == (0, "")
    assert "is not one of your choices" in done.stdout
    assert done.stdout.rstrip().splitlines()[-1].endswith(
        "Game left. Scores: P0 0, P1 0, P2 0, P3 0 (target 500).")
