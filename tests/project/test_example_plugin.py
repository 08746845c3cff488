"""The example plugin (examples/plugins/pass-left, issue 34) installed as a designer
installs it: with pip, into a folder of its own (``--target``, which is put on the path of
every command run), from a copy of its source so the checkout stays clean. Then cardgen
lists its effect, runs its examples, checks, draws and describes its deck, plays it in
cardgen.env, and the plugin's own tests pass."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from helpers.example_plugins import cardgen, install_example, run

DECK = "pass-left/deck/pass-left.toml"

pytestmark = pytest.mark.slow  # pip builds the plugin: several seconds


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding a copy of the plugin's source (``pass-left/``) and the plugin
    installed (``site/``)."""
    return install_example(tmp_path_factory.mktemp("plugin"), "pass-left")


def test_cardgen_lists_the_plugin_effect_with_its_examples(installed: Path) -> None:
    lines = cardgen(installed, "effects").splitlines()
    assert "pass-one-left: Every player passes one card of their choice to the player on " \
           "their left." in lines
    said = cardgen(installed, "effects", "--lang", "fr")
    assert "pass-one-left : Chaque joueur passe une carte de son choix" in said
    # Its own catalogue, shipped in the package, says it in the other languages.
    assert "pass-one-left: Jeder Spieler gibt eine Karte seiner Wahl" in cardgen(
        installed, "effects", "--lang", "de")
    cardgen(installed, "effects", "--examples", "out")
    copied = sorted(p.relative_to(installed / "out")
                    for p in (installed / "out" / "cardgen-pass-left").rglob("*.toml"))
    assert [str(p) for p in copied] == [
        "cardgen-pass-left/decks/pass-left.toml",
        "cardgen-pass-left/pass-one-left--everyone-passes-one-card.toml",
        "cardgen-pass-left/pass-one-left--not-a-last-card.toml"]
    for path in copied[1:]:
        assert "as expected" in cardgen(installed, "explain", f"out/{path}")


def test_its_deck_checks_and_builds_sheets_and_both_rulebooks(installed: Path) -> None:
    assert "valid (0 error(s), 0 warning(s))" in cardgen(installed, "check", DECK,
                                                          "--games", "10")
    cardgen(installed, "sheets", DECK, "-o", "sheets.pdf")
    for lang in ("fr", "en"):
        cardgen(installed, "rulebook", DECK, "--lang", lang, "-o", f"rules-{lang}.pdf")
    text = run(installed, "pdftotext", "-layout", "rules-en.pdf", "-").stdout
    assert "Everyone picks a card from their hand and passes it to the player" in text
    text = run(installed, "pdftotext", "-layout", "rules-fr.pdf", "-").stdout
    assert "Chacun choisit une carte de sa" in text


def test_the_environment_plays_its_deck(installed: Path) -> None:
    script = (
        "from cardgen.env import raw_env\n"
        f"env = raw_env(deck={DECK!r}, players=3)\n"
        "env.reset(seed=2)\n"
        "steps = 0\n"
        "for agent in env.agent_iter(max_iter=3000):\n"
        "    obs, reward, done, cut, info = env.last()\n"
        "    legal = [i for i, ok in enumerate(obs['action_mask']) if ok]\n"
        "    env.step(None if done or cut else legal[steps % len(legal)])\n"
        "    steps += 1\n"
        "print('steps', steps)\n")
    done = run(installed, sys.executable, "-c", script)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.split()[-1]) > 50


def test_the_plugins_own_tests_pass(installed: Path) -> None:
    done = run(installed, sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
               "-o", "addopts=", "--rootdir", "pass-left", "pass-left/tests")
    assert done.returncode == 0, done.stdout + done.stderr
    assert " passed" in done.stdout


#: What the other seats are told of a pass, in each language (the plugin's catalogue).
OTHERS_TOLD = {"en": "pass a card to the left", "fr": "passer une carte à gauche",
               "de": "eine Karte nach links weitergeben",
               "es": "pasar una carta a la izquierda", "it": "passare una carta a sinistra"}


@pytest.mark.parametrize("lang", sorted(OTHERS_TOLD))
def test_every_seat_is_told_a_pass_in_its_language_and_never_another_seats_card(
        installed: Path, lang: str) -> None:
    """Issue 39: `cardgen play` of the plugin's deck, read from each seat in turn: a
    pass by another seat is said in the seat's language without its card; the seat's
    own pass names its card."""
    answers = "\n".join(["1"] * 3000) + "\n"
    others_told = own_told = 0
    for seat in range(3):
        done = run(installed, sys.executable, "-m", "cardgen.cli", "play", DECK, "--players",
                   "3", "--seat", str(seat), "--lang", lang, "--fast", "--seed", "4",
                   typed=answers)
        assert "Traceback" not in done.stderr, done.stderr
        for line in done.stdout.splitlines():
            assert "pass-card" not in line, line  # never the action's raw text
            actor, _, said = line.partition(":")
            actor = actor.rstrip(" \u00a0\u202f")  # (French sets a space before the colon)
            if actor.startswith("> ") and _is_own_pass(said, lang):  # the seat's own move
                assert said.strip() != OTHERS_TOLD[lang], line  # it names the card
                own_told += 1
            elif actor.startswith("P") and actor[1:].isdigit() and OTHERS_TOLD[lang] in said:
                assert int(actor[1:]) != seat, line
                assert said.strip() == OTHERS_TOLD[lang], line  # the card is not named
                others_told += 1
    assert others_told > 0 and own_told > 0, (others_told, own_told)


def _is_own_pass(said: str, lang: str) -> bool:
    """A pass said to the seat that makes it, which names its card ("pass Red 5 to the
    left"), as its move is echoed after the prompt ("> You: …")."""
    marks = {"en": "to the left", "fr": "à gauche", "de": "nach links weitergeben",
             "es": "a la izquierda", "it": "a sinistra"}
    return marks[lang] in said
