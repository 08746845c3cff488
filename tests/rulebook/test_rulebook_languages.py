"""The languages added to French and English (one folder of templates/locale/ each) read
wholly in that language: their rulebooks and Uno Unplugged's specials sheet, read back from
the PDFs, hold no word that only the English or French texts use.

A word of the English or French catalogues and rule texts that the language's own
catalogue and rule texts never use can only have come from an untranslated entry, a
template left in English or a face drawn in another language."""

from __future__ import annotations

import io
import re
from functools import cache

import pytest
from helpers.rulebook_pdfs import rulebook_bytes
from pypdf import PdfReader

locale = pytest.importorskip("cardgen.catalogue.locale",
                             reason="the gettext catalogues come with the lang branch")

from cardgen.deck.file import builtin_names  # noqa: E402
from cardgen.deck.load import load_deck  # noqa: E402
from cardgen.render.paper.sheets import SheetOptions, render_sheets  # noqa: E402

ORIGINALS = ("en", "fr")
ADDED = [lang for lang in locale.languages() if lang not in ORIGINALS]
#: Words of four letters or more: shorter ones ("a", "de", "la", "on") are shared.
WORD = re.compile(r"[^\W\d_]{4,}")
#: An optional rule's name as a deck file writes it, "(stack-draws)", printed as is in
#: every language after the rule's description.
RULE_NAME = re.compile(r"\([a-z0-9]+(?:-[a-z0-9]+)*\)")
#: A jinja2 tag, expression or comment: its names ("snoop", "fouine") are code, not text.
JINJA = re.compile(r"\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}", re.DOTALL)


def _words(text: str) -> set[str]:
    return {word.casefold() for word in WORD.findall(text)}


@cache
def _own_words(lang: str, untranslated_in_english: bool) -> frozenset[str]:
    """The words of ``lang``'s catalogue and of its rule texts' prose; an untranslated
    entry counts in English only when asked (for the two original languages)."""
    texts = [text or (msgid if untranslated_in_english else "")
             for msgid, text in locale.entries(lang).values()]
    texts += [JINJA.sub(" ", path.read_text(encoding="utf-8"))
              for path in sorted(locale.rulebook_folder(lang).glob("*.md.j2"))]
    return frozenset(_words(" ".join(texts)))


def foreign_words(lang: str) -> set[str]:
    """The words the English and French texts use and ``lang``'s never does."""
    originals = set().union(*(_own_words(code, True) for code in ORIGINALS))
    return originals - _own_words(lang, False)


def leftovers(pdf: bytes, lang: str) -> dict[int, list[str]]:
    """Page number -> the foreign words printed on it."""
    foreign = foreign_words(lang)
    found = {}
    for number, page in enumerate(PdfReader(io.BytesIO(pdf)).pages, start=1):
        words = sorted(_words(RULE_NAME.sub(" ", page.extract_text())) & foreign)
        if words:
            found[number] = words
    return found


@pytest.mark.parametrize("lang", ADDED)
@pytest.mark.parametrize("deck", builtin_names())
def test_rulebook_prints_no_english_or_french_word(deck: str, lang: str) -> None:
    assert leftovers(rulebook_bytes(deck, lang, "a4"), lang) == {}


@pytest.mark.parametrize("lang", ADDED)
def test_specials_sheet_prints_no_english_or_french_word(lang: str) -> None:
    sheet = render_sheets(load_deck("unplugged"), SheetOptions(only="specials", lang=lang))
    assert leftovers(sheet, lang) == {}


def test_an_english_card_name_left_in_a_spanish_text_is_found() -> None:
    """The check itself: "Snoop" (English) and "Fouine" (French) are caught on a page
    of Spanish; the Spanish words around them are not."""
    if "es" not in ADDED:
        pytest.skip("no Spanish catalogue")
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    canvas = Canvas(out, invariant=1)
    canvas.drawString(72, 720, "Echa un Snoop o una Fouine sobre cualquier carta (stack-draws).")
    canvas.showPage()
    canvas.save()
    assert leftovers(out.getvalue(), "es") == {1: ["fouine", "snoop"]}
