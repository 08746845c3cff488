"""The rulebook on the larger papers `--paper` names (A3, Tabloid), read back: every page
is the paper's size, and the text fills the wider frame (fewer pages than on A4)."""

from __future__ import annotations

from io import BytesIO

import pytest
from helpers.rulebook_pdfs import rulebook_bytes
from pypdf import PdfReader
from reportlab.lib.units import inch, mm


@pytest.mark.parametrize(("paper", "size"), [("a3", (297 * mm, 420 * mm)),
                                             ("tabloid", (11 * inch, 17 * inch))])
def test_every_page_of_the_book_is_the_papers_size(paper: str, size: tuple[float, float]
                                                   ) -> None:
    pages = PdfReader(BytesIO(rulebook_bytes("house", "en", paper))).pages
    assert {(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
            for p in pages} == {(round(size[0], 2), round(size[1], 2))}
    assert len(pages) < len(PdfReader(BytesIO(rulebook_bytes("house", "en", "a4"))).pages)
