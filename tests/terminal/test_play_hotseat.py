"""`cardgen play --humans N`: several people at one terminal (issue 35). Driven in a
pseudo-terminal with pexpect, two people and a bot, answering every question with its
first choice; the transcript is cut into screens where the clear-screen sequence is
printed, and each screen is read as the person who takes the keyboard would see it."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from cardgen.terminal.hotseat import CLEAR

COMMAND = [sys.executable, "-c", "from cardgen.cli import main; main()", "play"]
HAND_OVER = r"Hand the keyboard to (P\d)\. P\d, press Enter once the others cannot see"
HIDE = r"(P\d), press Enter to clear the screen before the game goes on\."
#: Lines only one seat may see: its hand, the cards it draws, a hand it is shown.
#: A hand the rules showed to the person at the keyboard (and the table keeps for them).
SEEN = re.compile(r"you look at P\d's hand|P\d's hand, (seen after|as you saw)")
PRIVATE = re.compile(r"Your hand: |you draw \d+ cards?: |you look at P\d's hand")


@pytest.fixture(scope="module")
def transcript(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A game of the unplugged deck (peeks, challenges, draws) played 40 questions in."""
    output = io.StringIO()
    child = pexpect.spawn(COMMAND[0], [*COMMAND[1:], "unplugged", "--players", "3",
                                       "--humans", "2", "--seed", "4", "--fast"],
                          cwd=str(tmp_path_factory.mktemp("hotseat")), encoding="utf-8",
                          timeout=30, dimensions=(50, 200), env={**os.environ, "NO_COLOR": "1"})
    child.logfile_read = output
    asked = 0
    while child.expect([HAND_OVER, HIDE, r"\n> ", "Game over"]) != 3:
        if child.match.re.pattern == r"\n> ":
            asked += 1
            if asked > 40:
                child.sendline("quit")
                break
            child.sendline("1")
        else:
            child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return output.getvalue()


def screens(text: str) -> list[str]:
    """What the terminal shows between two clears of the screen."""
    return text.split(CLEAR)


@pytest.mark.slow  # a hot-seat game played 40 questions in
def test_each_hand_comes_after_a_clear_screen_and_the_hand_over_to_its_seat(
        transcript: str) -> None:
    """A screen holds one person's hand at most, after the prompt that hands the
    keyboard to that seat and the Enter that says they have it."""
    hands = 0
    for screen in screens(transcript):
        holders = re.findall(r"— (P\d) at the keyboard —", screen)
        assert len(holders) <= 1, screen
        private = [line for line in screen.splitlines() if PRIVATE.search(line)]
        if not holders:
            assert not private, screen
            continue
        before, _, after = screen.partition(f"— {holders[0]} at the keyboard —")
        assert re.search(HAND_OVER.replace(r"(P\d)", holders[0]), before), before
        assert not PRIVATE.search(before), before
        hands += after.count("Your hand: ")
    assert hands > 20
    assert transcript.count(CLEAR) > 20


@pytest.mark.slow  # a hot-seat game played 40 questions in
def test_one_persons_hand_never_reaches_the_screen_the_next_one_takes(
        transcript: str) -> None:
    """The screen P1 is handed shows P0's hand, as P0 was last shown it, nowhere (and
    the other way round), except where the rules showed it to P1 (a challenge, a
    Snoop): what is left on it when the keyboard changes hands is what every seat may
    see."""
    last_hand: dict[str, str] = {}
    checked = 0
    for screen in screens(transcript):
        holder = re.search(r"— (P\d) at the keyboard —", screen)
        if holder is None:
            continue
        before, _, after = screen.partition(holder.group(0))
        seat = holder.group(1)
        other = "P1" if seat == "P0" else "P0"
        if other in last_hand:
            shown = [line for line in after.splitlines() if not SEEN.search(line)]
            assert last_hand[other] not in before, (other, screen)
            assert not any(last_hand[other] in line for line in shown), (other, screen)
            checked += 1
        hand = re.findall(r"Your hand: (.*)", after)
        if hand:
            last_hand[seat] = hand[-1].strip()
    assert checked > 10


@pytest.mark.slow  # a hot-seat game played 40 questions in
def test_out_of_turn_questions_are_handed_over_too(transcript: str) -> None:
    """An answer out of turn (a challenge, a Boomerang, a catch: a question that offers
    to pass) is asked once the keyboard is handed to the seat the engine asks (U-40's
    order), as a turn is."""
    answers = 0
    for screen in screens(transcript):
        before, marker, after = screen.partition(" at the keyboard —")
        if re.search(r"\n  \d+\. pass\r?\n", after):
            assert marker and re.search(HAND_OVER, before)
            answers += 1
    assert answers >= 2


@pytest.mark.parametrize(("humans", "said"), [
    ("0", "Invalid value for '--humans': 0 is not in the range 1<=x<=10."),
    ("4", "Invalid value for --humans: 4 people cannot sit at 3 players; choose 1 to 3 "
          "(or more --players)"),
])
def test_a_bad_number_of_people_is_one_line(tmp_path: Path, humans: str, said: str) -> None:
    done = subprocess.run([*COMMAND, "classic", "--players", "3", "--humans", humans],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60,
                          check=False, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert done.stdout == ""
    errors = [line for line in done.stderr.splitlines() if line.startswith("Error")]
    assert errors == [f"Error: {said}"]
    assert "Traceback" not in done.stderr
