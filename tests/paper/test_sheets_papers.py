"""The papers `--paper` names, read back from the sheets: each page's size, and the
faces a page holds, the larger sheets (A3, Tabloid) filled as A4 and Letter are."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from reportlab.lib.units import inch, mm

from cardgen.deck.load import load_deck
from cardgen.render.layout import parse_card_size
from cardgen.render.paper.sheets import SheetOptions, render_sheets

PAGE_SIZES = {"a4": (210 * mm, 297 * mm), "letter": (8.5 * inch, 11 * inch),
              "a3": (297 * mm, 420 * mm), "tabloid": (11 * inch, 17 * inch)}
#: Faces on a full page: (card size, bleed in mm) -> paper -> faces.
FACES_PER_PAGE = {
    ("53x79", 0.0): {"a4": 9, "letter": 9, "a3": 21, "tabloid": 21},
    ("63x88", 0.0): {"a4": 8, "letter": 6, "a3": 16, "tabloid": 12},
    ("63x88", 3.0): {"a4": 8, "letter": 8, "a3": 18, "tabloid": 16},
}


@pytest.mark.parametrize("paper", list(PAGE_SIZES))
@pytest.mark.parametrize(("size", "bleed"), list(FACES_PER_PAGE))
def test_a_page_is_the_papers_size_and_holds_as_many_faces_as_fit(
        paper: str, size: str, bleed: float) -> None:
    options = SheetOptions(paper=paper, size=parse_card_size(size), bleed_mm=bleed)
    data = render_sheets(load_deck("house"), options)
    width, height = parse_card_size(size).points
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        assert (page.width, page.height) == pytest.approx(PAGE_SIZES[paper], abs=0.01)
        # A face's trim shows as its background (clipped to it where cut lines are shared).
        faces = [r for r in page.rects
                 if min(r["width"], r["height"]) > min(width, height) - 0.1
                 and max(r["width"], r["height"]) > max(width, height) - 0.1]
        assert len(faces) == FACES_PER_PAGE[size, bleed][paper]
        assert len(pdf.pages) == -(-109 // len(faces))
        # Every face on the paper, clear of the 3.3 mm edge a printer cannot reach.
        assert all(r["x0"] > 3.3 * mm and r["x1"] < page.width - 3.3 * mm
                   and r["top"] > 3.3 * mm and r["bottom"] < page.height - 3.3 * mm
                   for r in faces)
