"""A rule text names a card as the deck file does, and a name that matches no card is an
error, never a block left out of the book.

A [[card]] table with ``{color}`` in its id makes one card per colour (red-canon,
yellow-canon …) and one kind; the text names that kind by the table's id ("canon"). Each
book is built by the real command and read back with pdfplumber; each bad text is
refused with one line naming its file and line, exit 1 and no PDF.
"""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from helpers.cli import refused, run_in

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


def refusal(folder: Path, text: str) -> str:
    write_deck(folder, {"en": text})
    return refused(["rulebook", "canon.toml", "--lang", "en", "-o", "book.pdf"], folder)


CARDS = ("0, 1, 2, 3, 4, 5, 6, 7, 8, 9, draw-two, reverse, skip, wild, wild-draw-four, "
         "canon")


@pytest.mark.parametrize(("text", "message"), [
    # A misspelt id in a comparison: the block was left out of the book in silence.
    (TEXT.replace('"canon"', '"canno"'),
     f"canon.en.md, line 3: 'canno' is not a card of this deck; its cards are {CARDS} "
     "(did you mean 'canon', 'non', 'echange'?)"),
    # One colour's id, which k.id never is: the same silence.
    (TEXT.replace('"canon"', '"red-canon"'),
     "canon.en.md, line 3: 'red-canon' is one card of the kind 'canon': k.id is 'canon' for "
     "all its cards, so this comparison never holds; compare it with 'canon' (or look for "
     "'red-canon' in k.ids)"),
    (TEXT.replace('k.id == "canon"', 'k.id in ["canon", "wiled"]'),
     f"canon.en.md, line 3: 'wiled' is not a card of this deck; its cards are {CARDS} "
     "(did you mean 'wild', 'flip-wild', 'dark-wild'?)"),
    (TEXT.replace('k.id == "canon"', 'k.symbol == "canons"'),
     "canon.en.md, line 3: no card has the symbol 'canons', so this comparison never holds; "
     "a kind's symbol is its key, like \"+2\" or \"reverse\" (did you mean 'canon', 'non'?)"),
    # A misspelt key in name(), on a line this deck never runs (it holds no +8).
    ('# Cannons\n\n{% if has("+8") %}\nAnd the {{ name("wild-draw-eigth") }}.\n{% endif %}\n',
     "canon.en.md, line 4: no card has the id or key 'wild-draw-eigth'; did you mean "
     "'wild-draw-eight', 'wild-draw-two', 'wild-draw-ten'? (a card's id, as "
     "`cardgen cards DECK` lists them, or a kind's key like \"+2\")"),
    # An @card line in a branch that does not run.
    ("# Cannons\n\n{% if false %}\n@card canno\nBoom.\n@end\n{% endif %}\n",
     "canon.en.md, line 4: '@card canno' names no card of this deck; did you mean "
     "'red-canon'?"),
])
def test_a_card_id_that_names_no_card_is_one_error_with_its_file_and_line(
        tmp_path: Path, text: str, message: str) -> None:
    assert refusal(tmp_path, text) == message
