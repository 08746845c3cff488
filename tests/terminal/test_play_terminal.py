"""`cardgen play` driven as a person drives it: in a pseudo-terminal, with pexpect.

The person answers the prompts by number or by text, asks why a card is refused, saves
the position (which `cardgen explain` must replay), and leaves with `quit` or Ctrl-C.
"""

from __future__ import annotations

import ast
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from helpers.paths import ROOT

EXAMPLES = ROOT / "examples"
FAMILY = ROOT / "tests" / "decks" / "family" / "family.toml"
COMMAND = [sys.executable, "-c", "from cardgen.cli import main; main()", "play"]


def spawn(tmp_path: Path, *args: str, color: bool = False) -> pexpect.spawn:
    env = {**os.environ, "NO_COLOR": "" if color else "1"}
    return pexpect.spawn(COMMAND[0], [*COMMAND[1:], *args, "--fast"], cwd=str(tmp_path),
                         encoding="utf-8", timeout=30, dimensions=(50, 200), env=env)


@pytest.mark.slow  # a whole game at the terminal
@pytest.mark.parametrize(("deck", "lang", "players"), [
    ("classic", "en", 3), ("classic", "fr", 4), ("unplugged", "en", 4),
    ("unplugged", "fr", 3), (str(EXAMPLES / "night-train.toml"), "en", 3)])
def test_a_person_plays_a_whole_game(tmp_path: Path, deck: str, lang: str,
                                     players: int) -> None:
    """Answering every question with its first choice (a challenge, a Non, a catch when
    one is offered first) plays the game to its end, with the final scores."""
    child = spawn(tmp_path, deck, "--lang", lang, "--players", str(players), "--seed", "2")
    prompt = "Que faites-vous ?" if lang == "fr" else "What do you do?"
    over = "Fin de la partie" if lang == "fr" else "Game over"
    asked = 0
    while child.expect([prompt, over]) == 0:
        child.expect("> ")
        child.sendline("1")
        asked += 1
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert asked > 10


def test_why_save_and_quit(tmp_path: Path) -> None:
    child = spawn(tmp_path, "classic", "--seed", "3")
    child.expect("What do you do?")
    child.expect("> ")
    child.sendline("why red-5")
    child.expect(r"Red 5 on Green \+2 with green in force: neither the colour nor the symbol "
                 "matches.")
    child.sendline("why red-7")
    child.expect("You hold no Red 7.")
    child.sendline("play red-5")
    child.expect("'play red-5' is not one of your choices")
    child.sendline("save here.toml")
    child.expect("Saved here.toml")
    child.sendline("quit")
    child.expect(r"Game left. Scores: P0 0, P1 0, P2 0, P3 0 \(target 500\).")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    replay = subprocess.run([*COMMAND[:-1], "explain", "here.toml"], cwd=tmp_path,
                            capture_output=True, text=True, check=True)
    assert replay.stdout.splitlines()[-1] == (
        "  legal: play wild red, play wild yellow, play wild green, play wild blue, draw")


def test_the_person_never_sees_another_hand(tmp_path: Path) -> None:
    """The engine's log is a referee's: the deal and the others' draws name cards. The
    table shows the person's own cards only, and counts the others'."""
    child = spawn(tmp_path, "classic", "--seed", "3")
    child.expect("What do you do?")
    shown = child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "P1 holds" not in shown
    assert "P3 draws 2 cards" in shown and not re.search(r"P3 draws (?!2 cards)", shown)
    assert re.search(r"Cards in hand: P0 7, P1 6, P2 6, P3 9", shown)


@pytest.mark.slow  # a whole game at the terminal
def test_ctrl_c_ends_the_game_with_the_scores_so_far(tmp_path: Path) -> None:
    child = spawn(tmp_path, "classic", "--seed", "3")
    child.expect("What do you do?")
    child.sendintr()
    child.expect(r"Interrupted \(Ctrl-C\). Scores: P0 0, P1 0, P2 0, P3 0 \(target 500\).")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in (child.before or "")


def test_the_hand_is_in_colour_on_a_terminal(tmp_path: Path) -> None:
    child = spawn(tmp_path, "classic", "--seed", "3", color=True)
    child.expect("Your hand: ")
    child.expect("\n")
    hand = child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "\033[34mBlue 1\033[0m" in hand and "\033[31mRed 2\033[0m" in hand


def test_a_pending_plus_four_is_said_in_the_players_language(tmp_path: Path) -> None:
    """C-21: the +4 waiting on the person can be challenged; the table says so in French.
    The person answers with the words of the list as well as with a number."""
    child = spawn(tmp_path, "classic", "--seed", "3", "--lang", "fr")
    for answer in ("Piocher une carte", "1"):  # draw, then play the green 7 drawn
        child.expect("Que faites-vous ?")
        child.expect("> ")
        child.sendline(answer)
    child.expect(r"En attente : P0 pioche 4 et P0 passe son tour \(on peut la contester\)\.")
    child.expect(r"1\. contester le \+4 \(Super Joker\)\r\n")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def explained(tmp_path: Path, name: str) -> list[str]:
    """What `cardgen explain` prints for the situation file ``name``, line by line."""
    replay = subprocess.run([*COMMAND[:-1], "explain", name], cwd=tmp_path,
                            capture_output=True, text=True, check=True)
    return replay.stdout.splitlines()


def test_a_save_while_asked_to_challenge_replays_to_that_moment(tmp_path: Path) -> None:
    """C-21: the +4 waiting on the person can be challenged, out of their turn. Saved
    then, the round replays from its deal to the same question: the same +4 pending,
    the same two answers (the situation file says it is P0's to answer)."""
    child = spawn(tmp_path, "classic", "--seed", "3", "--lang", "fr")
    for answer in ("5", "1"):  # draw, then play the green 7 drawn
        child.expect("Que faites-vous ?")
        child.expect("> ")
        child.sendline(answer)
    child.expect(r"1\. contester le \+4")
    child.expect(r"2\. passer")
    child.expect("> ")
    child.sendline("save defi.toml")
    child.expect(r"defi\.toml écrit : `cardgen explain defi\.toml` rejoue cette manche")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    lines = explained(tmp_path, "defi.toml")
    assert lines[-2].endswith("P0 to respond; pending: P0 draws 4, P0 misses the turn "
                              "(challengeable)")
    assert lines[-1] == "  legal: challenge, pass"
    saved = (tmp_path / "defi.toml").read_text(encoding="utf-8")
    assert 'first = "blue-2"' in saved and '"P3: play wild-draw-four red"' in saved


def test_a_save_while_offered_a_non_replays_to_that_moment(tmp_path: Path) -> None:
    """U-22: at the very first card of the round, the person may lay a Non out of turn.
    Saved there, `cardgen explain` stops at that offer, with its answers."""
    child = spawn(tmp_path, "unplugged", "--seed", "5")
    child.expect(r"1\. play No!")
    child.expect(r"2\. pass")
    child.expect("> ")
    child.sendline("save non.toml")
    child.expect("Saved non.toml")
    child.sendline("2")  # the game goes on after a save
    child.expect("What do you do?")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    lines = explained(tmp_path, "non.toml")
    assert "1. P3: play green-5" in lines
    assert lines[-2].endswith("P0 to respond; pending: green-5")
    assert lines[-1] == "  legal: play non, pass"


def engine_phrases() -> set[str]:
    """The English the engine writes in its log: every text in a call to ``log(…)`` (and
    in the line that describes a pending draw), cut at its placeholders, where it holds
    a word of four letters or more ("first card ", " misses the turn")."""
    phrases: set[str] = set()
    for path in (ROOT / "cardgen" / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr == "log":
                texts = list(ast.walk(node))
            elif isinstance(node, ast.FunctionDef) and node.name == "describe":
                texts = [part for text in ast.walk(node) if isinstance(text, ast.JoinedStr)
                         for part in ast.walk(text)]
            else:
                continue
            phrases.update(text.value for text in texts if isinstance(text, ast.Constant)
                           and isinstance(text.value, str)
                           and re.search(r"[a-z]{4}", text.value))
    return phrases


def card_ids(deck: str, lang: str) -> set[str]:
    """The deck's card ids, but for one that is also a word of the table's own labels
    in ``lang`` (the French "non" of « UNO non annoncé » is no card)."""
    from cardgen.catalogue.locale import labels as area_words
    from cardgen.deck.load import load_deck
    from cardgen.engine import Variant

    labels = area_words("play", lang)
    words = set(re.findall(r"[\w-]+", " ".join(labels.values()).lower()))
    return {card.id for card in Variant.from_deck(load_deck(deck), 4).kinds} - words


def whole_game(tmp_path: Path, deck: str, lang: str, seed: str) -> str:
    """Everything a seeded game shows the person who answers each question with 1, from
    its welcome on (what `cardgen check` would warn about the deck comes before it, as
    in every command: the tool's own English, not the table's)."""
    child = spawn(tmp_path, deck, "--lang", lang, "--seed", seed)
    child.logfile_read = shown = io.StringIO()
    over = "Fin de la partie" if lang == "fr" else "Game over"
    while child.expect(["> ", over]) == 0:
        child.sendline("1")
    child.expect(pexpect.EOF)
    welcome = re.search(r"^.*(vous êtes|you are) P0", shown.getvalue(), re.MULTILINE)
    assert welcome is not None
    return shown.getvalue()[welcome.start():]


@pytest.mark.slow  # a whole game at the terminal
@pytest.mark.parametrize(("deck", "seed"), [("classic", "5"), ("unplugged", "5"),
                                            (str(FAMILY), "5")])
def test_a_french_game_shows_no_english_engine_line_and_no_card_id(
        tmp_path: Path, deck: str, seed: str) -> None:
    """Every line of a French game, the engine's events included (the first card, the
    draws, a bluff, a hand swap, the end of a round…), is in French with the deck's card
    names."""
    shown = whole_game(tmp_path, deck, "fr", seed)
    assert "première carte retournée" in shown  # (the engine's events are shown)
    english = sorted(phrase for phrase in engine_phrases() if phrase in shown)
    assert not english, english
    ids = sorted(card for card in card_ids(deck, "fr")
                 if re.search(rf"(?<![\w-]){re.escape(card)}(?![\w-])", shown))
    assert not ids, ids


@pytest.mark.slow  # a whole game at the terminal
@pytest.mark.parametrize("deck", ["classic", "unplugged", str(FAMILY)])
def test_an_english_game_names_cards_never_by_their_ids(tmp_path: Path, deck: str) -> None:
    shown = whole_game(tmp_path, deck, "en", "5")
    assert "first card turned: " in shown
    ids = sorted(card for card in card_ids(deck, "en")
                 if re.search(rf"(?<![\w-]){re.escape(card)}(?![\w-])", shown))
    assert not ids, ids


@pytest.mark.slow  # a whole game at the terminal
def test_a_person_knocked_out_of_uno_challenge_sees_the_bots_finish(tmp_path: Path) -> None:
    """UNO Challenge: reaching the target knocks a player out; the game goes on without
    the person's seat (it used to stop on an error) and ends with its winner."""
    child = spawn(tmp_path, "classic", "--option", "uno-challenge", "--seed", "0")
    while child.expect(["> ", "You are out of the game"]) == 0:
        child.sendline("1")
    child.expect(r"Game over\. Winner\(s\): P3\.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_rules_are_listed_with_what_they_do_in_the_players_language(tmp_path: Path) -> None:
    child = spawn(tmp_path, "unplugged", "--lang", "fr", "--option", "jump-in")
    child.expect("> ")
    child.sendline("rules")
    child.expect(r"Règles en jeu :\r\n  unplugged : Règles de table du Uno Unplugged")
    child.expect(r"  jump-in : Interception : un chiffre de 1 à 9 identique")
    child.sendline("quit")
    child.expect(pexpect.EOF)
