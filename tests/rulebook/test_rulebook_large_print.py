"""`cardgen rulebook --large-print`, read back from the PDF: the body set at 16 pt and no
word of the text smaller, headings larger than the body, the card pictures grown in
proportion, and the same sections in the same order as the standard book."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from reportlab.lib.units import mm

from cardgen.cli import main
from cardgen.deck.load import load_deck
from cardgen.rulebook import rulebook_pdf
from cardgen.rulebook.templates import style_sheet

CARD_RATIO = 79 / 53
LEAST = 16 - 0.01  # points, with the rounding of the text matrices


def _pictures(page: pdfplumber.page.Page) -> list[dict[str, float]]:
    """The card pictures of a page: upright rectangles of a card's proportions."""
    return [r for r in page.rects if r["width"] > 15 * mm
            and abs(r["height"] / r["width"] - CARD_RATIO) < 0.01]


def _text_sizes(data: bytes) -> Counter[float]:
    """How many characters of the book's text (the title page, the card pictures, the
    colour dots and the spaces left out) are set at each size."""
    sizes: Counter[float] = Counter()
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages[1:]:
            pictures = _pictures(page)
            for char in page.chars:
                if char["text"].isspace() or "FontAwesome" in char["fontname"]:
                    continue
                if any(r["x0"] <= char["x0"] <= r["x1"] and r["top"] <= char["top"] <= r["bottom"]
                       for r in pictures):
                    continue
                sizes[round(char["size"], 2)] += 1
    return sizes


def _outline(data: bytes) -> list[tuple[int, str]]:
    """Every entry of the PDF's outline as (depth, title), in order."""
    reader = PdfReader(io.BytesIO(data))
    found: list[tuple[int, str]] = []

    def walk(items: list, depth: int) -> None:  # type: ignore[type-arg]
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                found.append((depth, str(item.title)))

    walk(reader.outline, 0)
    return found


def _heading_sizes(data: bytes) -> list[float]:
    """The size of each outline entry's first word on the page it points to."""
    reader = PdfReader(io.BytesIO(data))
    sizes = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:

        def walk(items: list) -> None:  # type: ignore[type-arg]
            for item in items:
                if isinstance(item, list):
                    walk(item)
                    continue
                page = pdf.pages[reader.get_destination_page_number(item)]
                first = str(item.title).split()[0]
                words = page.extract_words(extra_attrs=["size"])
                sizes.append(max(w["size"] for w in words if w["text"].startswith(first)))

        walk(reader.outline)
    return sizes


@pytest.mark.slow
@pytest.mark.parametrize(("deck", "lang"), [("classic", "en"), ("unplugged", "fr")])
def test_large_print_sets_the_body_at_16_pt_and_keeps_the_sections(deck: str, lang: str
                                                                    ) -> None:
    loaded = load_deck(deck)
    standard = rulebook_pdf(loaded, lang, "a4")
    large = rulebook_pdf(loaded, lang, "a4", large_print=True)
    sizes = _text_sizes(large)
    body, _ = sizes.most_common(1)[0]
    assert body >= 16
    # No word of the text smaller than the body: tables, captions, footers, bullets.
    assert min(sizes) >= LEAST, sorted(sizes.items())
    # The standard book's body is its style sheet's, so the test reads what it thinks.
    assert _text_sizes(standard).most_common(1)[0][0] == style_sheet()["text"]["body_pt"]
    # The same sections in the same order, each heading larger than the body.
    assert _outline(large) == _outline(standard)
    assert len(_outline(large)) > 10
    assert all(size > body for size in _heading_sizes(large))
    # The card pictures grow with the text: the largest is 1.6 times the standard one.
    with pdfplumber.open(io.BytesIO(standard)) as small, \
            pdfplumber.open(io.BytesIO(large)) as big:
        widest = [max(r["width"] for p in pdf.pages[1:] for r in _pictures(p))
                  for pdf in (small, big)]
    assert widest[1] / widest[0] == pytest.approx(style_sheet()["large_print"]["scale"],
                                                  rel=0.01)


def test_the_command_names_the_large_print_book_apart(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["rulebook", "house", "--lang", "en", "--large-print"])
    assert result.exit_code == 0, result.output
    assert result.output == "wrote house-rulebook-en-large.pdf\n"
    data = (tmp_path / "house-rulebook-en-large.pdf").read_bytes()
    assert _text_sizes(data).most_common(1)[0][0] >= 16


def _title_page_holds_the_fan(deck: str, lang: str) -> None:
    from cardgen.catalogue.locale import find_word
    data = rulebook_pdf(load_deck(deck), lang, "a4", large_print=True)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        second = (pdf.pages[1].extract_text() or "").split()
    # The page after the title page is the contents, not the rest of the title page's
    # fan of cards alone on a page.
    assert second[:1] == find_word("rulebook|toc", lang).split()[:1], (deck, lang, second[:8])


def test_a_long_title_in_large_print_keeps_its_fan_of_cards_on_the_title_page() -> None:
    _title_page_holds_the_fan("house", "it")  # "Regole di casa" takes two lines at 38 pt


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["fr", "en", "es", "de"])
@pytest.mark.parametrize("deck", ["classic", "unplugged", "house"])
def test_every_large_print_title_page_holds_its_fan(deck: str, lang: str) -> None:
    _title_page_holds_the_fan(deck, lang)
