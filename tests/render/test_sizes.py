"""Card sizes and print-shop files, measured in the PDFs and images read back."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from helpers.paths import EXAMPLES
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.units import mm

from cardgen.catalogue import catalogue
from cardgen.cli import main
from cardgen.deck.load import load_deck
from cardgen.render.faces import draw_face
from cardgen.render.layout import CardSize, layout, parse_card_size
from cardgen.render.paper.printshop import render_print_shop
from cardgen.render.paper.sheets import (
    SheetOptions,
    _binary_streams,
    new_canvas,
    render_sheets,
    sheet_cards,
)

TOLERANCE = 0.1 * mm
MARK_WIDTH = layout().sheet.mark_line_pt

# What each paper holds with the default 4 mm gutter, its cut marks and margins (see
# grid_for): A4 has 210 - 2 x (0.8 + 4 + 10) = 180.4 mm across for the cards, 297 -
# 2 x (0.8 + 4 + 3.3) = 280.8 mm down. 63 x 88 mm upright: 2 across (3 x 63 + 2 x 4 = 197
# is too wide) and 3 down, 6; on their side: 2 x 88 + 4 = 180 across and 4 x 63 + 3 x 4 =
# 264 down, 8, so they lie on their side.
PER_PAGE = {
    ("53x79", "a4"): (9, False), ("53x79", "letter"): (9, False),
    ("56x87", "a4"): (9, False), ("56x87", "letter"): (8, True),
    ("63x88", "a4"): (8, True), ("63x88", "letter"): (6, True),
    ("57x89", "a4"): (9, False), ("57x89", "letter"): (8, True),
}


def _faces(page: pdfplumber.page.Page) -> list[dict[str, float]]:
    """The faces' background rectangles: the only rectangles over 25 mm a side."""
    return [r for r in page.rects if r["width"] > 25 * mm and r["height"] > 25 * mm]


def _marks(page: pdfplumber.page.Page) -> list[dict[str, float]]:
    return [line for line in page.lines if line["linewidth"] == pytest.approx(MARK_WIDTH)]


@pytest.fixture(scope="module")
def specials() -> int:
    return len(sheet_cards(load_deck("unplugged"), "specials"))


@pytest.mark.parametrize(("size", "paper"), sorted(PER_PAGE))
def test_sheets_at_each_size_hold_exact_faces_as_many_as_the_paper_allows(
        size: str, paper: str, specials: int) -> None:
    card = parse_card_size(size)
    per_page, on_side = PER_PAGE[(size, paper)]
    data = render_sheets(load_deck("unplugged"),
                         SheetOptions(paper=paper, size=card, only="specials"))
    edge = layout().sheet.paper_edge_mm * mm
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == math.ceil(specials / per_page)
        assert sum(len(_faces(page)) for page in pdf.pages) == specials
        page = pdf.pages[0]
        faces = _faces(page)
        assert len(faces) == per_page
        expected = (card.height_mm, card.width_mm) if on_side else (card.width_mm,
                                                                    card.height_mm)
        for face in faces:
            assert face["width"] == pytest.approx(expected[0] * mm, abs=TOLERANCE)
            assert face["height"] == pytest.approx(expected[1] * mm, abs=TOLERANCE)
        trims = [(f["x0"], f["top"], f["x1"], f["bottom"]) for f in faces]
        marks = _marks(page)
        # A mark on every trim line, every mark on one, none over a face, all on paper.
        assert {round(m["x0"], 2) for m in marks if m["width"] == 0} == \
            {round(x, 2) for t in trims for x in (t[0], t[2])}
        assert {round(m["top"], 2) for m in marks if m["height"] == 0} == \
            {round(y, 2) for t in trims for y in (t[1], t[3])}
        for mark in marks:
            assert mark["top"] >= edge - 0.01 and mark["bottom"] <= page.height - edge + 0.01
            for x0, top, x1, bottom in trims:
                assert (min(mark["x1"], x1) - max(mark["x0"], x0) <= 0.01
                        or min(mark["bottom"], bottom) - max(mark["top"], top) <= 0.01)


def test_backs_of_cards_on_their_side_mirror_the_faces() -> None:
    options = SheetOptions(size=parse_card_size("63x88"), only="specials", backs=True)
    data = render_sheets(load_deck("unplugged"), options)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        faces, backs = _faces(pdf.pages[0]), _faces(pdf.pages[1])
        width = pdf.pages[0].width
        assert len(faces) == len(backs) == 8
        assert sorted((round(width - f["x1"], 2), round(f["top"], 2), round(f["width"], 2))
                      for f in faces) == \
            sorted((round(b["x0"], 2), round(b["top"], 2), round(b["width"], 2)) for b in backs)


@pytest.mark.parametrize("size", ["56x87", "63x88", "57x89", "41x63", "120x150"])
def test_faces_at_any_size_keep_their_text_in_the_safe_zone(size: str) -> None:
    """The design scales: every character of every face stays 3 mm inside the trim."""
    card = parse_card_size(size)
    cards = [c for c, _ in load_deck("unplugged").card_list()][::3]
    width, height = card.points
    gap = 5 * mm
    buffer = io.BytesIO()
    with _binary_streams():
        canvas = new_canvas(buffer, (len(cards) * (width + gap) + gap, height + 2 * gap), "t")
        for index, face in enumerate(cards):
            draw_face(canvas, face, gap + index * (width + gap), gap, size=card)
        canvas.save()
    safe = layout().card.safe_margin_mm * mm
    with pdfplumber.open(io.BytesIO(buffer.getvalue())) as pdf:
        page = pdf.pages[0]
        boxes = _faces(page)
        assert len(boxes) == len(cards)
        for box in boxes:
            assert (box["width"], box["height"]) == pytest.approx(card.points, abs=TOLERANCE)
        printed = [c for c in page.chars if c["text"].strip()]
        assert printed
        for char in printed:
            (box,) = [b for b in boxes if b["x0"] <= char["x0"] <= b["x1"]]
            assert char["x0"] >= box["x0"] + safe - 0.5
            assert char["x1"] <= box["x1"] - safe + 0.5
            assert char["top"] >= box["top"] + safe - 0.5
            assert char["bottom"] <= box["bottom"] - safe + 0.5


@pytest.mark.parametrize(("given", "message"), [
    ("0x5", "each side of a card must be from 40 to 150 mm"),
    ("500x900", "each side of a card must be from 40 to 150 mm"),
    ("88x63", "faces are portrait; give the width (the shorter side) first, like 63x88"),
    ("40x100", "at most 2 times as tall as it is wide"),
    ("big", "'big' is not WIDTHxHEIGHT in millimetres"),
])
def test_a_nonsense_size_is_a_usage_error_that_writes_nothing(tmp_path: Path, given: str,
                                                              message: str) -> None:
    for command in (["sheets", "house", "-o", str(tmp_path / "s.pdf")],
                    ["png", "house", "-o", str(tmp_path / "png")]):
        result = CliRunner().invoke(main, [*command, "--size", given])
        assert result.exit_code == 2
        assert "Invalid value for '--size': " in result.output and message in result.output
        assert "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_sizes_are_read_as_millimetres() -> None:
    assert parse_card_size("63x88") == CardSize(63.0, 88.0)
    assert parse_card_size(" 63.5 × 88.9 mm") == CardSize(63.5, 88.9)
    assert parse_card_size("56X87").name == "56x87"


# --- print-shop files -----------------------------------------------------------------

def _boxes(page: object) -> dict[str, tuple[float, ...]]:
    return {name: tuple(float(v) for v in getattr(page, name))
            for name in ("mediabox", "bleedbox", "trimbox")}


@pytest.mark.parametrize(("size", "bleed"), [("63x88", 3.0), ("56x87", 3.2), ("53x79", 0.0)])
def test_print_shop_pages_are_trim_plus_bleed_with_trim_and_bleed_boxes(
        size: str, bleed: float) -> None:
    card = parse_card_size(size)
    deck = load_deck("unplugged")
    options = SheetOptions(size=card, bleed_mm=bleed, only="specials", print_shop=True)
    data = render_print_shop(deck, options)
    faces = len(sheet_cards(deck, "specials"))
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2 * faces  # each face, then each back
    full = ((card.width_mm + 2 * bleed) * mm, (card.height_mm + 2 * bleed) * mm)
    for page in reader.pages:
        boxes = _boxes(page)
        assert boxes["mediabox"] == pytest.approx((0, 0, *full), abs=0.01)
        assert boxes["bleedbox"] == boxes["mediabox"]
        assert boxes["trimbox"] == pytest.approx(
            (bleed * mm, bleed * mm, full[0] - bleed * mm, full[1] - bleed * mm), abs=0.01)
    assert render_print_shop(deck, options) == data  # byte-identical run to run


def test_print_shop_puts_the_faces_in_deck_order_then_their_backs() -> None:
    deck = load_deck("unplugged")
    cards = sheet_cards(deck, "specials")
    data = render_print_shop(deck, SheetOptions(size=parse_card_size("63x88"), bleed_mm=3.0,
                                                only="specials", print_shop=True))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        texts = ["".join(page.extract_text().split()) for page in pdf.pages]
        for card, text in zip(cards, texts[:len(cards)], strict=True):
            assert "".join(card.name.fr.split()) in text
            assert "cardgen" not in text
        backs = texts[len(cards):]
        assert len(backs) == len(cards)
        # The back's one word, set along the tilted oval (read backwards by pdfplumber).
        assert all(text in ("cardgen", "cardgen"[::-1]) for text in backs)
        (background,) = _faces(pdf.pages[0])  # the colour runs into the bleed
        assert (background["x0"], background["top"]) == pytest.approx((0, 0), abs=0.01)
        assert background["width"] == pytest.approx(69 * mm, abs=TOLERANCE)


def test_cli_print_shop_defaults_to_3_mm_and_refuses_sheet_options(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "shop.pdf"
    result = runner.invoke(main, ["sheets", "house", "--only", "specials", "--print-shop",
                                  "--size", "63x88", "-o", str(out)])
    assert result.exit_code == 0, result.output
    page = PdfReader(out).pages[0]
    assert float(page.trimbox.left) == pytest.approx(3 * mm, abs=0.01)
    assert float(page.mediabox.width) == pytest.approx(69 * mm, abs=0.01)
    result = runner.invoke(main, ["sheets", "house", "--print-shop", "--backs",
                                  "--paper", "letter", "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2
    assert "--print-shop writes one card a page, its backs after the faces; leave out " \
        "--paper, --backs" in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_cli_names_the_file_after_its_size(tmp_path: Path) -> None:
    runner = CliRunner()
    with runner.isolated_filesystem(temp_dir=tmp_path):
        result = runner.invoke(main, ["sheets", "house", "--only", "specials", "--print-shop",
                                      "--size", "63x88"])
        assert result.output == "wrote house-specials-print-shop-63x88.pdf\n"
        result = runner.invoke(main, ["sheets", "house", "--only", "specials", "--size",
                                      "57x89", "--paper", "letter"])
        assert result.output == "wrote house-specials-57x89-letter.pdf\n"


# --- images ---------------------------------------------------------------------------

def test_png_faces_carry_their_bleed_at_the_shop_pixel_size(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["png", "house", "--size", "63x88", "--bleed", "3",
                                       "--dpi", "100", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    # (63 + 2 x 3) mm and (88 + 2 x 3) mm at 100 dpi, rounded.
    with Image.open(tmp_path / "red-7.png") as image:
        assert image.size == (round(69 / 25.4 * 100), round(94 / 25.4 * 100)) == (272, 370)
        assert image.info["dpi"] == pytest.approx((100, 100), abs=0.01)
        red = catalogue().colors["red"].rgb
        expected = tuple(int(red[i:i + 2], 16) for i in (1, 3, 5))
        corner = image.getpixel((1, 1))  # in the bleed, 3 mm outside the trim
        assert all(abs(a - b) <= 6 for a, b in zip(corner, expected, strict=True))
    with Image.open(tmp_path / "back.png") as image:
        assert image.size == (272, 370)
    settings = layout().png
    with Image.open(tmp_path / "house-tts-1.png") as sheet:
        cell_w, cell_h = sheet.size[0] // settings.tts_columns, sheet.size[1] // settings.tts_rows
        assert max(sheet.size) <= settings.tts_max_sheet_px
        assert cell_w == round(cell_h * 63 / 88)  # no bleed, its size


def test_png_refuses_a_bleed_out_of_range(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["png", "house", "--bleed", "9", "-o", str(tmp_path / "p")])
    assert result.exit_code == 1
    assert "--bleed 9 mm is out of range; give a bleed from 0 to 5 mm" in result.output
    assert not (tmp_path / "p").exists()


def _fonts(data: bytes) -> list[tuple[str, bool]]:
    """(name, embedded) of every font object in a PDF, wherever it is used."""
    from pypdf.generic import DictionaryObject

    reader = PdfReader(io.BytesIO(data))
    found = []
    for number in range(1, int(reader.trailer["/Size"])):
        obj = reader.get_object(number)
        if isinstance(obj, DictionaryObject) and obj.get("/Type") == "/Font":
            descriptor = obj.get("/FontDescriptor")
            embedded = descriptor is not None and "/FontFile2" in descriptor.get_object()
            found.append((str(obj["/BaseFont"]), embedded))
    return found


def test_a_card_with_an_svg_picture_carries_only_embedded_fonts() -> None:
    """reportlab starts an SVG drawing in Helvetica; the faces start it in DejaVu."""
    deck = load_deck(str(EXAMPLES / "party.toml"))
    options = SheetOptions(size=parse_card_size("63x88"), bleed_mm=3.0, only="specials",
                           print_shop=True)
    for data in (render_print_shop(deck, options), render_sheets(deck, SheetOptions(
            only="specials"))):
        fonts = _fonts(data)
        assert fonts and all(embedded for _, embedded in fonts), fonts


def test_a_wider_bleed_takes_room_as_the_readme_says() -> None:
    from cardgen.render.paper.imposition import grid_for

    # Each card with its own bleed and gutters: from 2.5 mm on A4 the margin text moves
    # to the top and bottom to keep nine; 5 mm leaves eight.
    assert [grid_for("a4", b).per_page for b in (0, 2, 2.5, 5)] == [9, 9, 9, 8]
    assert [grid_for("letter", b).per_page for b in (3, 3.2, 5)] == [9, 8, 6]
    # Shared cut lines (the default with a bleed) keep nine or more at any bleed.
    assert [grid_for("a4", b, None, "auto").per_page for b in (0, 2, 5)] == [9, 10, 10]
    assert [grid_for("letter", b, None, "auto").per_page for b in (3.2, 5)] == [9, 9]
