"""A rule text names a card as the deck file does.

A [[card]] table with ``{color}`` in its id makes one card per colour (red-canon,
yellow-canon …) and one kind; the text names that kind by the table's id ("canon"). Each
book is built by the real command and read back with pdfplumber.
"""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from helpers.cli import run_in

DECK = """\
name = { fr = "Canonnade", en = "Cannonade" }
base = "classic"

[rulebook]
base = "classic"
fr = "canon.fr.md"
en = "canon.en.md"

[cards]
red-canon = 1
yellow-canon = 1
green-canon = 1
blue-canon = 1

[[card]]
id = "{color}-canon"
colors = ["red", "yellow", "green", "blue"]
effect = "skip"
points = 20
pictogram = "skip"
name = { fr = "Canon {color}", en = "{Color} Cannon" }
plural = { fr = "Canons", en = "Cannons" }
"""

#: The designer's own words for the cannon, in the block every special card goes through.
TEXT = """\
{% extends "classic" %}
{% block card_rule %}
{% if k.id == "canon" %}
{{ shared.count_line(k) }}

SENTENCE
{% else %}
{{ super() }}
{% endif %}
{% endblock %}
"""

SENTENCES = {"en": "Boom: the cannon sends the next player to the back of the queue.",
             "fr": "Boum : le canon renvoie le joueur suivant au bout de la file."}


def write_deck(folder: Path, texts: dict[str, str] | None = None) -> None:
    (folder / "canon.toml").write_text(DECK, encoding="utf-8")
    for lang in ("fr", "en"):
        text = (texts or {}).get(lang, TEXT.replace("SENTENCE", SENTENCES[lang]))
        (folder / f"canon.{lang}.md").write_text(text, encoding="utf-8")


def book_text(folder: Path, lang: str) -> str:
    code, output = run_in(["rulebook", "canon.toml", "--lang", lang, "-o", "book.pdf"], folder)
    assert code == 0, output
    with pdfplumber.open(folder / "book.pdf") as pdf:
        text = " ".join(page.extract_text() or "" for page in pdf.pages)
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_four_colour_card_named_by_its_deck_file_id_prints_the_designers_text(
        tmp_path: Path, lang: str) -> None:
    write_deck(tmp_path)
    text = book_text(tmp_path, lang)
    # Before, k.id was "red-canon": the comparison never held and the book printed the
    # automatic text for the cannon, without a word.
    assert SENTENCES[lang] in text


def test_the_kinds_id_also_names_it_in_the_look_ups_and_in_an_card_line(
        tmp_path: Path) -> None:
    own = ("# Cannons\n\nWe deal {{ count_of(\"canon\") }}.\n\n@card canon\n"
           "A cannon fires.\n@end\n\n"
           # A card the deck may name but does not hold, and the deck's own id, are no error.
           '{% for k in kinds if k.id == "wild-draw-eight" or k.symbol == "+8" or '
           '"green-draw-two-choice" in k.ids %}\nNever.\n{% endfor %}\n'
           '{% if deck.id == "anything" %}\nNever either.\n{% endif %}\n')
    write_deck(tmp_path, {"en": own})
    text = book_text(tmp_path, "en")
    assert "We deal 4 Cannons." in text
    assert "A cannon fires." in text
    assert "Never" not in text
