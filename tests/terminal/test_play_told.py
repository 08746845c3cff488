"""What `cardgen play` tells the person that the engine's log leaves out (issue 31): the
hand a Fouine or a challenge shows them, named and kept on the table; another seat
looking at theirs; the turn they miss and why; the cards drawn for them, counted and
named, with why. Driven in a pseudo-terminal with pexpect, in English and in French;
each game is seeded, three players, and ends with `quit` once the line is seen.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

COMMAND = [sys.executable, "-c", "from cardgen.cli import main; main()", "play"]
QUESTION = {"en": "What do you do?", "fr": "Que faites-vous ?"}


def spawn(folder: Path, deck: str, seed: str, lang: str = "en") -> pexpect.spawn:
    env = {**os.environ, "NO_COLOR": "1"}
    return pexpect.spawn(COMMAND[0], [*COMMAND[1:], deck, "--players", "3", "--seed", seed,
                                      "--lang", lang, "--fast"],
                         cwd=str(folder), encoding="utf-8", timeout=30,
                         dimensions=(50, 200), env=env)


def said(child: pexpect.spawn, line: str, answers: int = 0) -> None:
    """Expect ``line`` (as printed, not a pattern), answering 1 to at most ``answers``
    questions before it comes."""
    while child.expect([re.escape(line), "> "]) == 1:
        assert answers > 0, f"not said before the question: {line}"
        answers -= 1
        child.sendline("1")


def leave(child: pexpect.spawn) -> None:
    child.expect("> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in (child.before or "")


@pytest.mark.parametrize(("lang", "looked", "kept"), [
    ("en", "you look at P1's hand: Blue 7, Blue +2, Green 4, Red 9, Red Skip, Yellow 5, "
           "Mad Cow",
     "P1's hand, seen after your Snoop: Blue 7, Blue +2, Green 4, Red 9, Red Skip, "
     "Yellow 5, Mad Cow"),
    ("fr", "vous regardez la main de P1 : 7 bleu, +2 bleu, 4 vert, 9 rouge, Passe ton tour "
           "rouge, 5 jaune, Vache folle",
     "Main de P1, vue après votre Fouine : 7 bleu, +2 bleu, 4 vert, 9 rouge, Passe ton "
     "tour rouge, 5 jaune, Vache folle"),
], ids=["en", "fr"])
def test_a_fouine_shows_the_other_hand_by_name_and_the_table_keeps_it(
        tmp_path: Path, lang: str, looked: str, kept: str) -> None:
    """U-26: the person's Fouine shows them P1's hand, each card by its name; the table
    shows it again before their next question and at `table`, as the engine's
    observation of their seat keeps it (a bot in the seat knows as much)."""
    child = spawn(tmp_path, "unplugged", "5", lang)
    child.expect(QUESTION[lang])
    child.expect("> ")
    child.sendline("play fouine @P1")
    said(child, looked)
    said(child, kept)
    child.expect("> ")
    child.sendline("table")
    said(child, kept)
    leave(child)


def test_a_bot_looking_at_the_persons_hand_says_so(tmp_path: Path) -> None:
    """P2 lays a Fouine on the person: they are told, and shown nothing of P2's."""
    child = spawn(tmp_path, "unplugged", "22")
    said(child, "P2: play Snoop, on P0", answers=1)
    said(child, "P2 looks at your hand")
    leave(child)


def test_a_challenge_shows_the_hand_and_who_chose_the_victim(tmp_path: Path) -> None:
    """C-22: challenging P1's +4? shows the person P1's hand (kept on the table after);
    lost, the challenge makes them draw the cards of a +4? whose victim P1 chose."""
    child = spawn(tmp_path, "unplugged", "4")
    said(child, "P1: play +4?, name blue, on P0")
    said(child, "1. challenge the +4?")
    said(child, "you look at P1's hand: Blue 3, Blue 4, Blue 6, Blue 7, Snoop, Detour",
         answers=1)
    said(child, "P1 chose you: you draw 6 cards: Treasure, Green 9, Plus Effect, Red 6, "
                "Red 1, Generosity")
    said(child, "P1's hand, seen after your challenge: Blue 3, Blue 4, Blue 6, Blue 7, "
                "Snoop, Detour")
    leave(child)


@pytest.mark.parametrize(("lang", "missed"), [
    ("en", "you miss your turn (P2's Green Skip)"),
    ("fr", "vous passez votre tour (Passe ton tour vert de P2)"),
], ids=["en", "fr"])
def test_a_skipped_person_is_told_the_turn_they_miss_and_why(
        tmp_path: Path, lang: str, missed: str) -> None:
    """C-18: P2's Skip passes over the person's seat, which the engine does not log."""
    child = spawn(tmp_path, "classic", "17", lang)
    said(child, missed)
    leave(child)


@pytest.mark.parametrize(("lang", "drawn", "missed"), [
    ("en", "you draw 2 cards: Red 2, Blue 8 (P2's Blue +2)",
     "you miss your turn (P2's Blue +2)"),
    ("fr", "vous piochez 2 cartes : 2 rouge, 8 bleu (+2 bleu de P2)",
     "vous passez votre tour (+2 bleu de P2)"),
], ids=["en", "fr"])
def test_a_penalty_drawn_for_the_person_says_how_many_which_and_why(
        tmp_path: Path, lang: str, drawn: str, missed: str) -> None:
    """C-16: P2's +2 makes the person draw two cards, named, and miss their turn."""
    child = spawn(tmp_path, "classic", "25", lang)
    said(child, drawn)
    said(child, missed)
    leave(child)


def test_a_catch_says_who_caught_the_person(tmp_path: Path) -> None:
    """C-25: the person plays their second-to-last card without UNO; P1 catches them."""
    child = spawn(tmp_path, "unplugged", "6")
    said(child, "you draw 2 cards: Red 9, Green Reverse (P1 caught you without UNO)",
         answers=8)
    leave(child)
