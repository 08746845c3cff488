"""A deck asked for a language it lacks: which names are missing, in one line, or English
in their place with --fallback-en; a deck file may name its cards in any language."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from helpers.languages import LOCALE, locale_with
from helpers.paths import EXAMPLES

DECK = """name = { fr = "Soirée", en = "Party", xx = "Xx party" }
base = "classic"

[cards]
wild = 3
rain-check = 1
sun = 1

[[card]]
id = "rain-check"
effect = "downpour"
params = { amount = 3 }
points = 50
name = { fr = "Averse", en = "Rain Check" }
caption = { fr = "Tous les autres piochent 3 cartes.", en = "Everyone else draws 3 cards." }

[[card]]
id = "sun"
effect = "skip"
color = "red"
points = 20
name = { fr = "Soleil", en = "Sun", xx = "Xx sun" }
caption = { fr = "Le suivant passe.", en = "The next one waits.", xx = "Xx waits." }
"""


def _cardgen(args: list[str], root: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CARDGEN_LOCALE_DIR": str(root)}
    return subprocess.run([sys.executable, "-c", "from cardgen.cli import main; main()", *args],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_a_deck_says_which_names_a_language_lacks_and_english_stands_in_when_told(
        tmp_path: Path) -> None:
    root = locale_with(tmp_path, "xx", {})
    (tmp_path / "party.toml").write_text(DECK, encoding="utf-8")
    refused = _cardgen(["cards", "party.toml", "--lang", "xx"], root, tmp_path)
    assert refused.returncode == 1 and refused.stdout == ""
    assert refused.stderr == ("Error: party.toml: no 'xx' text for rain-check (name, "
                              "caption); add xx = \"…\" to each of these names and captions, "
                              "or give --fallback-en to print their English text\n")
    shown = _cardgen(["cards", "party.toml", "--lang", "xx", "--fallback-en"], root, tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert "  Rain Check\n" in shown.stdout and "  Xx sun\n" in shown.stdout
    # A language no folder gives is refused in the deck file itself.
    alone = _cardgen(["check", str(tmp_path / "party.toml")], LOCALE, tmp_path)
    assert alone.returncode == 1
    assert "unknown language(s) xx; use fr and en" in alone.stdout + alone.stderr


def test_an_example_deck_in_french_and_english_is_whole_in_both(tmp_path: Path) -> None:
    from cardgen.deck.languages import missing_words
    from cardgen.deck.load import load_deck

    deck = load_deck(str(EXAMPLES / "party.toml"))
    assert missing_words(deck, "fr") == missing_words(deck, "en") == []
    assert missing_words(deck, "xx")[:2] == ["the deck's name", "the deck's description"]
