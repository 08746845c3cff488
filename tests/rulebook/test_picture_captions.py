"""The card pictures of a rulebook speak the book's language only: an English book
shows no French caption on its faces (the sheets print both by default, a book does not)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdf
import pytest

from cardgen.deck.load import load_deck
from cardgen.rulebook import rulebook_pdf

DECK = """name = { fr = "Soleil", en = "Sunshine" }
base = "classic"
[cards]
sun = 1
[[card]]
id = "sun"
effect = "skip"
color = "yellow"
points = 20
name = { fr = "Soleil", en = "Sun" }
caption = { fr = "Le joueur suivant fait la sieste.", en = "The next player takes a nap." }
"""


def _text(pdf: bytes) -> str:
    return " ".join(" ".join((page.extract_text() or "").split())
                    for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


def _french_captions_in(text: str, deck_ref: str) -> list[str]:
    deck = load_deck(deck_ref)
    return sorted({card.caption["fr"] for card, _ in deck.card_list()
                   if card.caption["fr"] != card.caption["en"]
                   and " ".join(card.caption["fr"].split()) in text})


@pytest.mark.parametrize("lang", ["en", pytest.param("fr", marks=pytest.mark.slow)])
def test_a_book_shows_its_cards_captions_in_its_language_only(tmp_path: Path,
                                                               lang: str) -> None:
    (tmp_path / "sun.toml").write_text(DECK, encoding="utf-8")
    text = _text(rulebook_pdf(load_deck(str(tmp_path / "sun.toml")), lang, "a4"))
    words = set(re.findall(r"\w+", text))
    own, other = ("nap", "sieste") if lang == "en" else ("sieste", "nap")
    assert own in words and other not in words


@pytest.mark.slow
def test_the_english_unplugged_book_has_no_french_caption() -> None:
    text = _text(rulebook_pdf(load_deck("unplugged"), "en", "a4"))
    assert _french_captions_in(text, "unplugged") == []
    assert "Take a look at the hand of an opponent you choose." in text
