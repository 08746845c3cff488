"""Rulebook pages as a reader turns them, measured on the PDFs: the gallery does not
leave its last page mostly empty, and a sentence announcing a table shares its page.

Pages are rendered with pypdfium2 at a low resolution; a page's fill is how far down its
text frame the lowest inked pixel sits.
"""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from helpers.rulebook_pdfs import DECKS, HOME_PAPERS, deck_id, rulebook_bytes
from PIL import Image

from cardgen.rulebook import LANGS
from cardgen.rulebook.pictures import last_page_share
from cardgen.rulebook.templates import labels, style_sheet

DPI = 24
INK = 200  # a grey level darker than this is ink


def page_fill(page: Image.Image) -> float:
    """The share of the page's text frame, from its top, that holds something."""
    page_style = style_sheet()["page"]
    pixels_per_mm = DPI / 25.4
    top = round(page_style["margin_mm"] * pixels_per_mm)
    bottom = page.height - round(page_style["bottom_margin_mm"] * pixels_per_mm)
    frame = page.convert("L").crop((0, top, page.width, bottom))
    box = frame.point(lambda v: 255 if v < INK else 0).getbbox()
    return box[3] / frame.height if box else 0.0


def pages_of(ref: str, lang: str, paper: str) -> tuple[list[Image.Image], list[str]]:
    document = pdfium.PdfDocument(rulebook_bytes(ref, lang, paper))
    try:
        images = [page.render(scale=DPI / 72).to_pil() for page in document]
        texts = [" ".join(page.get_textpage().get_text_range().split()) for page in document]
    finally:
        document.close()
    return images, texts


@pytest.mark.parametrize("paper", HOME_PAPERS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ref", DECKS, ids=deck_id)
def test_the_gallery_leaves_no_page_two_thirds_empty(ref: str, lang: str, paper: str
                                                       ) -> None:
    """Every text ends with the gallery, then the one-page quick reference: the page
    before the quick reference is the gallery's last."""
    images, texts = pages_of(ref, lang, paper)
    gallery = [i for i, text in enumerate(texts) if labels(lang)["gallery"] in text][-1]
    assert gallery < len(texts) - 1
    last = len(texts) - 2
    share = float(style_sheet()["gallery"]["last_page_share"])
    assert page_fill(images[last]) >= share, (
        f"page {last + 1} is {page_fill(images[last]):.0%} full")


ANNOUNCES = {"en": "The table below", "fr": "Le tableau ci-dessous"}


@pytest.mark.parametrize("paper", HOME_PAPERS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ref", DECKS, ids=deck_id)
def test_a_sentence_announcing_a_table_shares_its_page(ref: str, lang: str, paper: str
                                                       ) -> None:
    _, texts = pages_of(ref, lang, paper)
    pages = [text for text in texts if ANNOUNCES[lang] in text]
    assert pages  # every text here announces the card table, or a table of its own
    for text in pages:
        after = text[text.index(ANNOUNCES[lang]):]
        assert labels(lang)["points"] in after, f"the table is not on the page: {after!r}"


def test_the_share_of_the_last_page() -> None:
    assert last_page_share([40] * 5, 100, 200) == (2, 0.6)  # 2 rows, then 3 of 5
    assert last_page_share([40] * 2, 100, 200) == (1, 0.4)
    assert last_page_share([120, 40], 100, 200) == (2, 0.8)  # the first row did not fit
