"""Home printing, read back from the PDFs: backs behind their faces for either flip,
cards sharing their cut lines with a bleed, no marks around empty slots, the page cost."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from reportlab.lib.units import mm

from cardgen.cli import main
from cardgen.deck.load import load_deck
from cardgen.render.layout import layout, parse_card_size
from cardgen.render.paper.sheets import SheetOptions, render_sheets

MARK_WIDTH = layout().sheet.mark_line_pt
Box = tuple[float, float, float, float]  # x0, top, x1, bottom as pdfplumber gives them


def _faces(page: pdfplumber.page.Page) -> list[Box]:
    """The faces' background rectangles (with their bleed, if any)."""
    return [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in page.rects
            if r["width"] > 40 * mm and r["height"] > 40 * mm]


def _marks(page: pdfplumber.page.Page) -> list[dict[str, float]]:
    return [line for line in page.lines if line["linewidth"] == pytest.approx(MARK_WIDTH)]


def _rounded(boxes: list[Box]) -> list[tuple[float, ...]]:
    return sorted(tuple(round(v, 1) for v in box) for box in boxes)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_each_back_lands_behind_its_face_once_the_paper_is_turned(flip: str) -> None:
    """House: 109 cards, nine a page, so the last page holds one face in its top left
    slot; its back must come out behind it, whichever edge the paper turns over."""
    data = render_sheets(load_deck("house"), SheetOptions(backs=True, flip=flip))  # type: ignore[arg-type]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 26
        for front, back in ((pdf.pages[0], pdf.pages[1]), (pdf.pages[24], pdf.pages[25])):
            width, height = front.width, front.height
            if flip == "long":  # turned over the long (vertical) edge: x mirrored
                behind = [(width - x1, top, width - x0, bottom)
                          for x0, top, x1, bottom in _faces(front)]
            else:  # over the short (horizontal) edge: y mirrored
                behind = [(x0, height - bottom, x1, height - top)
                          for x0, top, x1, bottom in _faces(front)]
            assert _rounded(_faces(back)) == _rounded(behind)
        (face,) = _faces(pdf.pages[24])
        (back_face,) = _faces(pdf.pages[25])
        # One face in the top left: its back is top right (long) or bottom left (short).
        if flip == "long":
            assert back_face[0] > pdf.pages[25].width / 2 and back_face[1] == pytest.approx(face[1])
        else:
            assert back_face[1] > pdf.pages[25].height / 2 and back_face[0] == pytest.approx(face[0])
    preferences = PdfReader(io.BytesIO(data)).trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/Duplex"] == ("/DuplexFlipLongEdge" if flip == "long"
                                      else "/DuplexFlipShortEdge")
    text = PdfReader(io.BytesIO(data)).pages[1].extract_text()
    assert f"flip on the {flip} edge" in text


def test_poker_cards_with_3_mm_of_bleed_share_cut_lines_eight_to_an_a4_page() -> None:
    bleed = 3 * mm
    options = SheetOptions(size=parse_card_size("63x88"), bleed_mm=3.0)
    data = render_sheets(load_deck("classic"), options)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 14  # 108 cards, 8 a page (it was 27 pages, 4 a page)
        page = pdf.pages[0]
        trims = [(x0 + bleed, top + bleed, x1 - bleed, bottom - bleed)
                 for x0, top, x1, bottom in _faces(page)]
        assert len(trims) == 8
        xs = sorted({round(t[0], 2) for t in trims} | {round(t[2], 2) for t in trims})
        ys = sorted({round(t[1], 2) for t in trims} | {round(t[3], 2) for t in trims})
        # On their side, two across and four down, each touching its neighbours.
        assert len(xs) == 3 and len(ys) == 5
        assert [b - a for a, b in zip(xs, xs[1:], strict=False)] == \
            pytest.approx([88 * mm] * 2, abs=0.1 * mm)
        assert [b - a for a, b in zip(ys, ys[1:], strict=False)] == \
            pytest.approx([63 * mm] * 4, abs=0.1 * mm)
        assert xs[0] == pytest.approx(page.width - xs[-1], abs=0.01)  # centred
        # Marks only around the block: none between the cards.
        for mark in _marks(page):
            assert mark["x1"] <= xs[0] - bleed or mark["x0"] >= xs[-1] + bleed \
                or mark["bottom"] <= ys[0] - bleed or mark["top"] >= ys[-1] + bleed


def test_a_shared_cut_line_shows_each_card_up_to_it_not_its_neighbours_bleed() -> None:
    """The classic deck at 5 mm of bleed: where cards of two colours touch, 1 mm inside
    each card's trim shows its own background (as 1 mm inside its far edge does), not
    the bleed of its neighbour."""
    data = render_sheets(load_deck("classic"), SheetOptions(bleed_mm=5.0))
    scale = 100 / 72  # pixels a point at 100 dpi
    document = pdfium.PdfDocument(data)
    pairs = 0
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for number, page in enumerate(pdf.pages):
            trims = [(x0 + 5 * mm, top + 5 * mm, x1 - 5 * mm, bottom - 5 * mm)
                     for x0, top, x1, bottom in _faces(page)]
            image = document[number].render(scale=scale).to_pil().convert("RGB")

            def pixel(x: float, y: float) -> tuple[int, int, int]:
                return image.getpixel((round(x * scale), round(y * scale)))  # type: ignore[no-any-return]

            for left in trims:
                for right in trims:
                    if abs(right[0] - left[2]) > 0.01 or abs(right[1] - left[1]) > 0.01:
                        continue
                    y = (left[1] + left[3]) / 2
                    left_colour = pixel(left[0] + 1 * mm, y)
                    right_colour = pixel(right[2] - 1 * mm, y)
                    if left_colour == right_colour:
                        continue
                    pairs += 1
                    assert pixel(left[2] - 1 * mm, y) == left_colour
                    assert pixel(right[0] + 1 * mm, y) == right_colour
    assert pairs >= 1  # cards of two colours meet side by side on some pages


def test_a_short_last_page_has_no_marks_around_its_empty_slots() -> None:
    """Uno Unplugged for 3 players: 139 cards, the last page holds 4 (a full row, then
    one): every mark lies on a face's trim line, right beside that face."""
    data = render_sheets(load_deck("unplugged"), SheetOptions(players=3))
    sheet = layout().sheet
    reach = (sheet.mark_gap_mm + sheet.mark_length_mm + sheet.gutter_mm) * mm + 0.01
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[-1]
        faces = _faces(page)
        assert len(faces) == 4
        marks = _marks(page)
        assert marks
        for mark in marks:
            beside = []
            for x0, top, x1, bottom in faces:
                if mark["width"] == 0 and round(mark["x0"], 2) in (round(x0, 2), round(x1, 2)):
                    beside.append(max(top - mark["bottom"], mark["top"] - bottom))
                if mark["height"] == 0 and round(mark["top"], 2) in (round(top, 2),
                                                                     round(bottom, 2)):
                    beside.append(max(x0 - mark["x1"], mark["x0"] - x1))
            assert beside and min(beside) <= reach, f"a mark away from every face: {mark}"


def test_the_command_says_what_separate_cut_lines_cost(tmp_path: Path) -> None:
    out = tmp_path / "poker.pdf"
    result = CliRunner().invoke(main, ["sheets", "classic", "--size", "63x88", "--bleed", "3",
                                       "--cut-lines", "separate", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stderr == ("--bleed 3 mm: 18 pages of faces instead of 14 without bleed; "
                             "--cut-lines separate: 18 pages instead of 14 with shared cut "
                             "lines\n")
    assert len(PdfReader(out).pages) == 18
    quiet = CliRunner().invoke(main, ["sheets", "classic", "--size", "63x88", "--bleed", "3",
                                      "-o", str(out)])
    assert quiet.exit_code == 0 and quiet.stderr == ""
    assert len(PdfReader(out).pages) == 14
