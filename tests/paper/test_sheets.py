"""Print-and-cut sheets, read back from the PDFs: pages, trim boxes, cut marks, margins."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from helpers.paths import EXAMPLES
from pypdf import PdfReader
from reportlab.lib.units import mm

from cardgen.cli import main
from cardgen.deck.load import load_deck
from cardgen.errors import CardgenError
from cardgen.render.layout import layout
from cardgen.render.paper.sheets import SheetOptions, render_sheets, sheet_cards

MARK_WIDTH = layout().sheet.mark_line_pt
TOLERANCE = 0.1 * mm


def _faces(page: pdfplumber.page.Page) -> list[dict[str, float]]:
    """The faces' background rectangles (with their bleed, if any)."""
    return [r for r in page.rects if r["width"] > 40 * mm and r["height"] > 60 * mm]


def _marks(page: pdfplumber.page.Page) -> list[dict[str, float]]:
    return [line for line in page.lines if line["linewidth"] == pytest.approx(MARK_WIDTH)]


@pytest.fixture(scope="module")
def unplugged_specials() -> bytes:
    return render_sheets(load_deck("unplugged"), SheetOptions(only="specials"))


def test_specials_of_unplugged_are_the_36_glued_cards(unplugged_specials: bytes) -> None:
    cards = sheet_cards(load_deck("unplugged"), "specials")
    assert len(cards) == 36
    assert all(card.family == "unplugged" for card in cards)
    with pdfplumber.open(io.BytesIO(unplugged_specials)) as pdf:
        assert len(pdf.pages) == 4
        assert sum(len(_faces(page)) for page in pdf.pages) == 36


@pytest.mark.parametrize(("paper", "size_mm"), [("a4", (210.0, 297.0)),
                                                 ("letter", (215.9, 279.4))])
def test_pages_hold_3_by_3_exact_faces_centred(paper: str, size_mm: tuple[float, float]
                                               ) -> None:
    data = render_sheets(load_deck("classic"), SheetOptions(paper=paper))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 12  # 108 cards, 9 a page
        page = pdf.pages[0]
        assert (page.width / mm, page.height / mm) == pytest.approx(size_mm, abs=0.05)
        faces = _faces(page)
        assert len(faces) == 9
        for face in faces:
            assert face["width"] == pytest.approx(53 * mm, abs=TOLERANCE)
            assert face["height"] == pytest.approx(79 * mm, abs=TOLERANCE)
        assert len({round(f["x0"]) for f in faces}) == 3
        assert len({round(f["top"]) for f in faces}) == 3
        left = min(f["x0"] for f in faces)
        right = page.width - max(f["x1"] for f in faces)
        top = min(f["top"] for f in faces)
        bottom = page.height - max(f["bottom"] for f in faces)
        assert left == pytest.approx(right, abs=0.01)
        assert top == pytest.approx(bottom, abs=0.01)


def _check_marks(page: pdfplumber.page.Page, trims: list[tuple[float, float, float, float]],
                 bleed: float) -> None:
    """Every trim line has marks; every mark lies on a trim line and off every face."""
    marks = _marks(page)
    xs = {round(x, 2) for t in trims for x in (t[0], t[2])}
    ys = {round(y, 2) for t in trims for y in (t[1], t[3])}
    marked_x = {round(m["x0"], 2) for m in marks if m["width"] == 0}
    marked_y = {round(m["top"], 2) for m in marks if m["height"] == 0}
    assert xs == marked_x
    assert ys == marked_y
    for mark in marks:
        for x0, top, x1, bottom in trims:
            overlap_x = min(mark["x1"], x1 + bleed) - max(mark["x0"], x0 - bleed)
            overlap_y = min(mark["bottom"], bottom + bleed) - max(mark["top"], top - bleed)
            assert overlap_x <= 0.01 or overlap_y <= 0.01, "a mark runs over a face"


def test_cut_marks_lie_on_the_trim_lines_outside_the_faces(unplugged_specials: bytes) -> None:
    with pdfplumber.open(io.BytesIO(unplugged_specials)) as pdf:
        for page in pdf.pages:
            trims = [(f["x0"], f["top"], f["x1"], f["bottom"]) for f in _faces(page)]
            _check_marks(page, trims, 0.0)


def test_a_short_last_page_marks_only_the_rows_it_fills() -> None:
    pdf_bytes = render_sheets(load_deck("house"), SheetOptions(only="specials"))  # 1 card
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
        page = pdf.pages[0]
        (face,) = _faces(page)
        marked_y = {round(m["top"], 2) for m in _marks(page) if m["height"] == 0}
        assert marked_y == {round(face["top"], 2), round(face["bottom"], 2)}
        assert all(m["top"] < face["bottom"] + 20 * mm for m in _marks(page))


def test_bleed_grows_the_backgrounds_and_the_marks_stay_on_the_trim() -> None:
    bleed = 2.0 * mm
    data = render_sheets(load_deck("house"), SheetOptions(bleed_mm=2.0, paper="letter"))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        faces = _faces(page)
        assert len(faces) == 9
        trims = []
        for face in faces:
            assert face["width"] == pytest.approx(57 * mm, abs=TOLERANCE)
            assert face["height"] == pytest.approx(83 * mm, abs=TOLERANCE)
            trims.append((face["x0"] + bleed, face["top"] + bleed, face["x1"] - bleed,
                          face["bottom"] - bleed))
        _check_marks(page, trims, bleed)


def test_backs_follow_each_page_mirrored_and_shifted() -> None:
    options = SheetOptions(only="specials", backs=True, back_offset_mm=(2.0, -1.5))
    data = render_sheets(load_deck("unplugged"), options)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 8
        last_face, last_back = pdf.pages[6], pdf.pages[7]
        faces, backs = _faces(last_face), _faces(last_back)
        assert len(faces) == len(backs) == 36 - 27
        width = last_face.width
        expected = sorted((round(width - f["x1"] + 2 * mm, 2), round(f["top"] + 1.5 * mm, 2))
                          for f in faces)
        assert sorted((round(b["x0"], 2), round(b["top"], 2)) for b in backs) == expected
    reader = PdfReader(io.BytesIO(data))
    text = reader.pages[7].extract_text()  # pypdf reads the turned margin text in order
    assert "Uno Unplugged — page 8/8" in text
    assert "Backs of page 7" in text and "bord long" in text
    preferences = reader.trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/PrintScaling"] == "/None"
    assert preferences["/Duplex"] == "/DuplexFlipLongEdge"


def test_margins_carry_deck_name_page_number_and_a_50_mm_ruler(unplugged_specials: bytes
                                                                ) -> None:
    text = PdfReader(io.BytesIO(unplugged_specials)).pages[1].extract_text()
    assert "Uno Unplugged — page 2/4" in text
    assert "Print at 100 %" in text and "Imprimez à 100 %" in text
    with pdfplumber.open(io.BytesIO(unplugged_specials)) as pdf:
        page = pdf.pages[1]
        rulers = [line for line in page.lines if line["height"] == pytest.approx(50 * mm,
                                                                                 abs=TOLERANCE)]
        assert len(rulers) == 1
        faces = _faces(page)
        assert rulers[0]["x0"] > max(f["x1"] for f in faces)  # in the margin


def test_same_input_gives_byte_identical_pdfs_without_ascii85(unplugged_specials: bytes
                                                             ) -> None:
    again = render_sheets(load_deck("unplugged"), SheetOptions(only="specials"))
    assert again == unplugged_specials
    assert b"ASCII85Decode" not in unplugged_specials
    assert len(unplugged_specials) < 400_000


def test_fonts_are_embedded_subsets(unplugged_specials: bytes) -> None:
    reader = PdfReader(io.BytesIO(unplugged_specials))
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert "/FontFile2" in font["/FontDescriptor"].get_object()
            assert "+" in str(font["/BaseFont"])


@pytest.mark.parametrize(("options", "message"), [
    (SheetOptions(bleed_mm=5.5), "give a bleed from 0 to 5 mm"),
    (SheetOptions(paper="a5"), "use one of a4, letter, a3, tabloid"),
    (SheetOptions(back_offset_mm=(0, 40)), "at most 10 mm"),
])
def test_bad_options_are_refused(options: SheetOptions, message: str) -> None:
    with pytest.raises(CardgenError, match=message):
        render_sheets(load_deck("classic"), options)


def test_cli_writes_the_sheets_of_a_custom_deck(tmp_path: Path) -> None:
    out = tmp_path / "party.pdf"
    result = CliRunner().invoke(main, ["sheets", str(EXAMPLES / "party.toml"), "--lang", "en",
                                       "--only", "specials", "-o", str(out)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out) as pdf:
        assert sum(len(_faces(page)) for page in pdf.pages) == 5
        text = "".join(page.extract_text() for page in pdf.pages)
    assert "Rain Check" in text and "Averse" not in text


def test_cli_errors_are_one_line_and_write_nothing(tmp_path: Path) -> None:
    out = tmp_path / "classic.pdf"
    runner = CliRunner()
    result = runner.invoke(main, ["sheets", "classic", "--only", "specials", "-o", str(out)])
    assert result.exit_code == 1
    assert result.output.startswith("Error: built-in deck 'classic': the deck has no special")
    assert "Traceback" not in result.output
    result = runner.invoke(main, ["sheets", "classic", "--bleed", "-1", "-o", str(out)])
    assert result.exit_code == 1 and "bleed" in result.output
    result = runner.invoke(main, ["sheets", "classic", "--back-offset", "2", "-o", str(out)])
    assert result.exit_code == 2 and "X,Y" in result.output
    assert list(tmp_path.iterdir()) == []
