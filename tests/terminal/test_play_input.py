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
from helpers.paths import EXAMPLES

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


# --- save FILE ----------------------------------------------------------------------------



@pytest.fixture
def table(tmp_path: Path) -> Path:
    """A folder to play in, the night-train deck in a decks folder beside it, and a home
    of its own."""
    game = tmp_path / "game"
    (game / "decks").mkdir(parents=True)
    for name in ("night-train.toml", "night-train.fr.md", "night-train.en.md"):
        (game / "decks" / name).write_bytes((EXAMPLES / name).read_bytes())
    (game / "play").mkdir()
    (game / "home").mkdir()
    return game / "play"


def at_the_table(table: Path) -> pexpect.spawn:
    env = {**os.environ, "NO_COLOR": "1", "HOME": str(table.parent / "home")}
    child = pexpect.spawn(COMMAND[0], [*COMMAND[1:], "../decks/night-train.toml", "--seed",
                                       "3", "--fast"], cwd=str(table), encoding="utf-8",
                          timeout=30, dimensions=(50, 200), env=env)
    child.expect("> ")
    return child


def said(child: pexpect.spawn, line: str) -> str:
    """Type ``line``; what the table says back, up to its next question."""
    child.sendline(line)
    child.expect([r"> ", r"\(y/N\) "])
    return " ".join(child.before.split()[len(line.split()):]) + " " + child.after.strip()


def leave(child: pexpect.spawn) -> None:
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in (child.before or "")


def replayed(folder: Path, name: str) -> str:
    """The last line of `cardgen explain NAME` run in ``folder``."""
    done = subprocess.run([*COMMAND[:-1], "explain", name], cwd=folder, capture_output=True,
                          text=True, check=True)
    return done.stdout.splitlines()[-1]


def test_save_never_writes_over_the_deck_being_played(table: Path) -> None:
    """Saving over the deck file destroyed the deck being played; nor a rule text of it,
    even through a link; a folder is said to be one."""
    deck = (table.parent / "decks" / "night-train.toml").read_bytes()
    (table / "link.md").symlink_to("../decks/night-train.en.md")
    child = at_the_table(table)
    assert said(child, "save ../decks/night-train.toml") == (
        "Nothing saved: ../decks/night-train.toml is a file of the deck being played; give "
        "another name. >")
    assert said(child, "save link.md") == (
        "Nothing saved: link.md is a file of the deck being played; give another name. >")
    assert said(child, "save ../decks") == "../decks: is a folder; give a file name to write >"
    leave(child)
    assert (table.parent / "decks" / "night-train.toml").read_bytes() == deck
    assert sorted(p.name for p in table.iterdir()) == ["link.md"]


def test_save_asks_before_replacing_a_file_and_keeps_it_by_default(table: Path) -> None:
    (table / "here.toml").write_text("mine\n", encoding="utf-8")
    child = at_the_table(table)
    assert said(child, "save here.toml") == "here.toml already exists. Replace it? (y/N)"
    assert said(child, "") == "Nothing saved: here.toml is kept as it was. >"
    assert (table / "here.toml").read_text(encoding="utf-8") == "mine\n"
    assert said(child, "save here.toml") == "here.toml already exists. Replace it? (y/N)"
    assert said(child, "no") == "Nothing saved: here.toml is kept as it was. >"
    assert said(child, "save here.toml") == "here.toml already exists. Replace it? (y/N)"
    assert said(child, "y") == ("Saved here.toml: `cardgen explain here.toml` replays this "
                                "round up to now. >")
    leave(child)
    assert replayed(table, "here.toml").startswith("  legal: play wild-draw-four red")
    assert sorted(p.name for p in table.iterdir()) == ["here.toml"]  # no temporary file


def test_save_to_home_expands_the_tilde_and_says_where(table: Path) -> None:
    """`save ~/x.toml` made a folder named "~" in the current folder."""
    home = table.parent / "home"
    child = at_the_table(table)
    assert said(child, "save ~/x.toml") == (
        f"Saved {home}/x.toml: `cardgen explain {home}/x.toml` replays this round up to "
        "now. >")
    assert said(child, f"save {table}/here.toml") == (
        "Saved here.toml: `cardgen explain here.toml` replays this round up to now. >")
    leave(child)
    assert sorted(p.name for p in table.iterdir()) == ["here.toml"]
    assert (home / "x.toml").is_file()


def test_a_saved_name_with_a_space_is_quoted_and_names_the_deck_relatively(
        table: Path) -> None:
    """Issue 31, item 8: the `cardgen explain` line shown could not be typed as it was, and
    the file named the deck by an absolute path, which broke once both were moved."""
    child = at_the_table(table)
    assert said(child, "save mon essai.toml") == (
        "Saved mon essai.toml: `cardgen explain 'mon essai.toml'` replays this round up to "
        "now. >")
    leave(child)
    saved = (table / "mon essai.toml").read_text(encoding="utf-8")
    assert 'deck = "../decks/night-train.toml"' in saved.splitlines()
    moved = table.parent.parent / "moved"
    table.parent.rename(moved)  # the deck and the saved file, together
    last = replayed(moved, "play/mon essai.toml")  # run from another folder
    assert last.startswith("  legal: play wild-draw-four red")


def test_a_built_in_deck_is_saved_by_its_name(tmp_path: Path) -> None:
    child = first_question(tmp_path)
    assert said(child, "save here.toml").startswith("Saved here.toml")
    leave(child)
    assert 'deck = "classic"' in (tmp_path / "here.toml").read_text(encoding="utf-8")


def test_save_says_why_no_file_can_have_the_name(table: Path) -> None:
    child = at_the_table(table)
    long = "a" * 300 + ".toml"
    assert said(child, f"save {long}") == (
        f"{long}: the name '{'a' * 40}…' is 305 bytes long, more than the 255 bytes a file "
        "system takes; choose a shorter name >")
    leave(child)
    # A NUL byte comes through a pipe (a terminal's line editor takes Ctrl-@ for itself).
    done = subprocess.run([*COMMAND, "../decks/night-train.toml", "--seed", "3", "--fast"],
                          cwd=table, input="save a\x00b.toml\nquit\n", capture_output=True,
                          text=True, timeout=60, check=False,
                          env={**os.environ, "NO_COLOR": "1"})
    assert (done.returncode, done.stderr) == (0, "")
    assert "'a\\x00b.toml': a file name cannot contain a NUL byte; choose another name" \
        in done.stdout
    assert list(table.iterdir()) == []
