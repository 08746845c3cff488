"""Nothing printed on a home sheet comes nearer the paper's edge than 1/4 inch (6.35 mm),
the margin a home printer may leave blank (issue 42): the cut marks, the fold line, the
ruler and the margin text, read back from the PDF on every paper, for sheets, their
backs, fold-over sheets and the alignment test, with and without a bleed."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from helpers.matrix import quick_diagonal
from reportlab.lib.units import inch, mm

from cardgen.deck.load import load_deck
from cardgen.render.layout import parse_card_size
from cardgen.render.paper.alignment import render_alignment_test
from cardgen.render.paper.sheets import SheetOptions, render_sheets

QUARTER_INCH = inch / 4
PAPERS = ["a4", "letter", "a3", "tabloid"]


def _nearest_to_edge(data: bytes) -> tuple[float, str]:
    """(points, what) of the printed object nearest any edge of any page, a stroke's
    half width counted."""
    nearest = (float("inf"), "")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            for kind in ("chars", "lines", "rects", "curves"):
                for item in getattr(page, kind):
                    ink = (item.get("linewidth") or 0) / 2 if kind != "chars" else 0
                    distance = min(item["x0"], item["top"], page.width - item["x1"],
                                   page.height - item["bottom"]) - ink
                    if distance < nearest[0]:
                        label = item.get("text", kind)
                        nearest = (distance, f"page {number}: {label!r} "
                                             f"{distance / mm:.2f} mm from the edge")
    return nearest


@pytest.mark.parametrize(("paper", "kind", "size_bleed"), quick_diagonal(
    PAPERS, ["sheets", "backs", "fold"], [("53x79", 0.0), ("63x88", 3.0)]))
def test_marks_and_margin_text_keep_a_quarter_inch_from_the_edge(
        paper: str, kind: str, size_bleed: tuple[str, float]) -> None:
    size, bleed = size_bleed
    options = SheetOptions(paper=paper, size=parse_card_size(size), bleed_mm=bleed,
                           only="specials", backs=kind == "backs", fold=kind == "fold")
    distance, what = _nearest_to_edge(render_sheets(load_deck("unplugged"), options))
    assert distance >= QUARTER_INCH - 0.001, what


@pytest.mark.parametrize("paper", PAPERS)
def test_the_alignment_test_keeps_a_quarter_inch_from_the_edge(paper: str) -> None:
    distance, what = _nearest_to_edge(render_alignment_test(paper, "long", (0.0, 0.0)))
    assert distance >= QUARTER_INCH - 0.001, what
