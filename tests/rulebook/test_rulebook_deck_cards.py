"""A book speaks of its own deck's cards, read back from its PDF as a reader reads it.

The editions share the classic rule text, and its sentences once named the classic
cards whatever the deck held: UNO Flip's book told a Wild Draw Two's player "as with a
+4", and offered to stack "+2 on +2" to a table that has no +2. Here every built-in
deck's book, in every language, and every example's, names no draw value ("+4") that
no card of its deck gives, on either face; and no "In play: …" line says again what the
caption above it has just said.
"""

from __future__ import annotations

import difflib
import re
from functools import cache
from io import BytesIO
from pathlib import Path

import pytest
from helpers.paths import ROOT
from helpers.rulebook_pdfs import deck_id
from pypdf import PdfReader

from cardgen.catalogue.face_languages import FaceLanguages
from cardgen.catalogue.locale import languages
from cardgen.deck.file import builtin_names
from cardgen.deck.languages import deck_in
from cardgen.deck.load import load_deck
from cardgen.rulebook import rulebook_pdf

LANGUAGES = tuple(sorted(languages()))
REFS = [*builtin_names(), *(str(p) for p in sorted((ROOT / "examples").glob("*.toml")))]
#: The books the quick set reads: a deck with no draw card at all (UNO Attack, whose
#: book once offered the +4's options), and the example whose own card's caption holds
#: its effect's sentence word for word (the Buffet Car of night-train). The other
#: books, the heavy ones of helpers.rulebook_pdfs.SLOW_BOOKS among them, are read by
#: `-m slow`.
QUICK = {("attack", "en"), ("night-train", "en")}
#: "In play:" as each language writes it before a card's effect ("En jeu :" in French,
#: its space a no-break one).
IN_PLAY = {"en": "In play:", "fr": "En jeu :", "es": "En la partida:", "de": "Im Spiel:",
           "it": "In gioco:"}
#: A draw value as a reader meets it: "+4", "+10", not "2+4" nor "C++".
DRAW_VALUE = re.compile(r"(?<![\w+])\+(\d+)\b")


def books() -> list[object]:
    return [pytest.param(ref, lang, id=f"{deck_id(ref)}-{lang}",
                         marks=() if (deck_id(ref), lang) in QUICK else pytest.mark.slow)
            for ref in REFS for lang in LANGUAGES]


@cache
def book_text(ref: str, lang: str) -> str:
    """The book's text, one line per line of the page: the deck's words that have no
    text in ``lang`` in English, as `cardgen rulebook --fallback-en` prints them."""
    deck = deck_in(load_deck(ref), FaceLanguages.parse(lang), fallback_en=True)
    reader = PdfReader(BytesIO(rulebook_pdf(deck, lang, "a4")))
    return "\n".join(page.extract_text() for page in reader.pages)


def draw_values(ref: str) -> set[int]:
    """What a card of the deck makes a player draw, on either face: its `amount`."""
    deck = load_deck(ref)
    cards = [card for card, _ in deck.card_list()] + [dark for _, dark in deck.face_pairs()]
    return {int(card.param("amount")) for card in cards if card.param("amount") is not None}


def foreign_draws(text: str, values: set[int]) -> list[str]:
    """Each line of ``text`` that names a draw value not in ``values``."""
    return [line for line in text.splitlines()
            if any(int(n) not in values for n in DRAW_VALUE.findall(line))]


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def repeated_lines(text: str, lang: str) -> list[str]:
    """Each "In play" sentence of ``text`` whose words, four in five or more, the card's
    text above it (from its count line, "8 cards · 20 points") has already said in the
    same order."""
    flat = " ".join(text.split())
    label = re.compile(r"\s*".join(re.escape(part) for part in IN_PLAY[lang].split()))
    found = []
    for match in label.finditer(flat):
        sentence = re.split(r"(?<=[.!?])\s", flat[match.end():].strip(), maxsplit=1)[0]
        above = flat[max(0, match.start() - 600):match.start()]
        above = above[above.rfind("·") + 1:]
        told = words(sentence)
        same = sum(block.size for block in difflib.SequenceMatcher(
            None, words(above), told, autojunk=False).get_matching_blocks())
        if told and same >= 0.8 * len(told):
            found.append(f"{above.strip()[-120:]!r} -> {sentence!r}")
    return found


@pytest.mark.parametrize(("ref", "lang"), books())
def test_a_book_names_no_draw_its_deck_cannot_give(ref: str, lang: str) -> None:
    values = draw_values(ref)
    found = foreign_draws(book_text(ref, lang), values)
    assert not found, (f"{Path(ref).stem} ({lang}) names draws its cards never give "
                       f"(they give {sorted(values) or 'none'}):\n" + "\n".join(found))


@pytest.mark.parametrize(("ref", "lang"), books())
def test_no_in_play_line_repeats_its_caption(ref: str, lang: str) -> None:
    found = repeated_lines(book_text(ref, lang), lang)
    assert not found, f"{Path(ref).stem} ({lang}):\n" + "\n".join(found)


def test_the_reading_sees_a_draw_the_deck_lacks() -> None:
    text = "A black card — Wild or +4 — goes on anything.\nA Draw One: +1.\nStep 2+4 = 6."
    assert foreign_draws(text, {1, 2}) == ["A black card — Wild or +4 — goes on anything."]
    assert not foreign_draws(text, {1, 4})


@pytest.mark.parametrize(("lang", "text", "repeated"), [
    ("en", "2 cards · 30 points This round is on you: give one card to every other player. "
           "It goes on any card. In play: Give one card to every other player.", True),
    ("it", "8 carte · 20 punti Il prossimo giocatore salta il turno. "
           "In gioco: Il giocatore successivo salta il turno.", True),
    ("fr", "2 cartes · 30 points Tournée générale : donnez une carte à chaque autre joueur. "
           "En jeu\u00a0: Donne une carte à chaque autre joueur.", True),
    ("de", "2 Karten · 20 Punkte The next player misses a turn. "
           "Im Spiel: Der nächste Spieler setzt aus.", False),
    ("en", "8 cards · 20 points The next player spins the wheel and does not play. "
           "In play: The next player spins the wheel instead of playing, then does what it "
           "lands on.", False),
])
def test_the_reading_sees_a_caption_said_twice(lang: str, text: str, repeated: bool) -> None:
    assert bool(repeated_lines(text, lang)) == repeated

