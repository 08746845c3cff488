"""Every language added beside French and English (templates/locale/<code>/) gives
rulebooks and card faces that read in that language only: no word of the French or
English catalogues left where the language says something else, and none of the little
English or French words a forgotten sentence of prose would bring. One test serves every
such language (de, es, it …): a new folder is checked as soon as it is there."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

import pytest
from helpers.cli import run_in
from helpers.languages import LOCALE, catalogue_of, leftover_words
from helpers.rulebook_pdfs import rulebook_bytes
from pypdf import PdfReader

#: The languages other than the two cardgen started with.
ADDED = sorted({path.parent.parent.name for path in LOCALE.glob("*/LC_MESSAGES/cardgen.po")}
               - {"fr", "en"})
#: Words of English and French prose that no language under test spells the same way as
#: a word of its own ("des" is German, "carte" Italian, "les" Spanish: they are not here).
#: A word inside a hyphenated name (the option `draw-and-pass`) is not a word of prose.
FOREIGN = ("the", "and", "you", "your", "with", "cards", "player", "players", "draws",
           "page", "vous", "avec", "cartes", "joueur", "joueurs", "pioche")
_FOREIGN_WORD = re.compile(r"(?<![\w-])(" + "|".join(FOREIGN) + r")(?![\w-])", re.IGNORECASE)


def _text(pdf: bytes) -> str:
    """The PDF's words, each run of white space (a line break too) made one space."""
    pages = PdfReader(BytesIO(pdf)).pages
    return " ".join(" ".join(page.extract_text() or "" for page in pages).split())


def _untranslated(text: str, lang: str) -> list[str]:
    found = leftover_words(text, lang)
    found += sorted({f"prose: {m[0]!r} in …{text[max(m.start() - 40, 0):m.end() + 40]}…"
                     for m in _FOREIGN_WORD.finditer(text)})
    return found


@pytest.mark.skipif(not ADDED, reason="no language beside French and English yet")
@pytest.mark.parametrize("lang", ADDED)
def test_the_reading_sees_a_sentence_left_in_english_or_french(lang: str) -> None:
    """The check itself: a sentence of English prose or a French catalogue entry in a
    text are found; an option's name in brackets is not prose."""
    own = catalogue_of(lang)["cards.toml|card.echange.caption"][1]
    assert _untranslated(own, lang) == []
    assert _untranslated(f"{own} Then the next player draws.", lang) != []
    french = catalogue_of("fr")["cards.toml|card.echange.caption"][1]
    assert _untranslated(f"{own} {french}", lang) != []
    assert _untranslated(f"{own} (draw-and-pass)", lang) == []


@pytest.mark.skipif(not ADDED, reason="no language beside French and English yet")
@pytest.mark.parametrize("lang", ADDED)
def test_the_unplugged_rulebook_reads_in_the_language(lang: str) -> None:
    text = _text(rulebook_bytes("unplugged", lang, "a4"))
    assert _untranslated(text, lang) == []


@pytest.mark.slow
@pytest.mark.skipif(not ADDED, reason="no language beside French and English yet")
@pytest.mark.parametrize("deck", ["classic", "house", "attack", "nomercy"])
@pytest.mark.parametrize("lang", ADDED)
def test_the_other_built_in_rulebooks_read_in_the_language(lang: str, deck: str) -> None:
    text = _text(rulebook_bytes(deck, lang, "a4"))
    assert _untranslated(text, lang) == []


@pytest.mark.skipif(not ADDED, reason="no language beside French and English yet")
@pytest.mark.parametrize("lang", ADDED)
def test_the_unplugged_specials_read_in_the_language(lang: str, tmp_path: Path) -> None:
    code, output = run_in(["sheets", "unplugged", "--only", "specials", "--lang", lang,
                           "-o", "specials.pdf"], tmp_path)
    assert code == 0, output
    text = _text((tmp_path / "specials.pdf").read_bytes())
    assert _untranslated(text, lang) == []
