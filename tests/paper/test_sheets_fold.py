"""Fold-over sheets (`cardgen sheets --fold`), read back from the PDFs: every back is its
face's rectangle reflected across the dashed fold line, on every paper and card size,
with or without a bleed; the right back behind each face when the backs differ; the
cards a page holds on each paper."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pikepdf
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from helpers.matrix import quick_diagonal
from helpers.own_backs import OWN_BACK_CARDS
from pypdf import PdfReader
from reportlab.lib.units import mm

from cardgen.catalogue.face_languages import FaceLanguages
from cardgen.cli import main
from cardgen.deck.load import load_deck
from cardgen.errors import CardgenError
from cardgen.render.layout import layout, parse_card_size
from cardgen.render.paper.sheets import SheetOptions, render_sheets

Box = tuple[float, float, float, float]  # x0, top, x1, bottom as pdfplumber gives them
TOLERANCE = 0.01 * mm
SCALE = 50 / 72  # pixels a point at 50 dpi
BLUE, GREEN, WHITE = (0x2A, 0x5D, 0x8F), (0x2A, 0x8F, 0x4A), (0xFF, 0xFF, 0xFF)


def _fold_line(page: pdfplumber.page.Page) -> dict[str, float]:
    """The one dashed line of the page."""
    (line,) = [line for line in page.lines if line.get("dash") and line["dash"][0]]
    return line


def _cards(page: pdfplumber.page.Page) -> list[Box]:
    """The faces' and backs' background rectangles (with their bleed, if any)."""
    return [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in page.rects
            if r["width"] > 35 * mm and r["height"] > 35 * mm]


def _halves(page: pdfplumber.page.Page) -> tuple[list[Box], list[Box], str, float]:
    """(faces, backs, the fold's direction, its position): faces lie left of a vertical
    fold or above a horizontal one, as the page says in its margin."""
    line = _fold_line(page)
    vertical = line["x0"] == pytest.approx(line["x1"])
    at = line["x0"] if vertical else line["top"]
    cards = _cards(page)

    def centre(box: Box) -> float:
        return (box[0] + box[2]) / 2 if vertical else (box[1] + box[3]) / 2

    faces = [box for box in cards if centre(box) < at]
    backs = [box for box in cards if centre(box) > at]
    return faces, backs, "vertical" if vertical else "horizontal", at


def _reflected(box: Box, line: str, at: float) -> Box:
    x0, top, x1, bottom = box
    if line == "vertical":
        return (2 * at - x1, top, 2 * at - x0, bottom)
    return (x0, 2 * at - bottom, x1, 2 * at - top)


def _misfit(face: Box, backs: list[Box], line: str, at: float) -> float:
    """How far (points) the nearest back lies from the face reflected across the fold."""
    image = _reflected(face, line, at)
    return min(max(abs(a - b) for a, b in zip(image, back, strict=True)) for back in backs)


@pytest.mark.parametrize(("paper", "size", "bleed"), quick_diagonal(
    ["a4", "letter", "a3", "tabloid"], list(layout().card.sizes), [0.0, 3.0]))
def test_each_back_is_its_face_reflected_across_the_fold(paper: str, size: str,
                                                         bleed: float) -> None:
    """Uno Unplugged's 36 specials, so the last page is a short one on every paper."""
    options = SheetOptions(paper=paper, size=parse_card_size(size), bleed_mm=bleed,
                           only="specials", fold=True)
    per_page = options.per_page()
    data = render_sheets(load_deck("unplugged"), options)
    trim_w, trim_h = (v + 2 * bleed * mm for v in parse_card_size(size).points)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == -(-36 // per_page)
        for number, page in enumerate(pdf.pages):
            faces, backs, line, at = _halves(page)
            expected = min(per_page, 36 - number * per_page)
            assert len(faces) == len(backs) == expected
            # The fold runs down the middle of the paper, between the halves.
            middle = page.width / 2 if line == "vertical" else page.height / 2
            assert at == pytest.approx(middle, abs=TOLERANCE)
            for face in faces:
                assert sorted((face[2] - face[0], face[3] - face[1])) == \
                    pytest.approx(sorted((trim_w, trim_h)), abs=TOLERANCE)
                assert _misfit(face, backs, line, at) < TOLERANCE
            # No two faces share a back: the reflections are as many as the backs.
            images = {tuple(round(v, 1) for v in _reflected(f, line, at)) for f in faces}
            assert len(images) == len(backs)


Matrix = tuple[float, float, float, float, float, float]


def _times(first: Matrix, then: Matrix) -> Matrix:
    a, b, c, d, e, f = first
    p, q, r, s, t, u = then
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u)


def _placed_forms(data: bytes) -> list[tuple[str, tuple[float, float], tuple[float, float]]]:
    """Each form the first page places: (its name, its centre on the page, the page
    direction of its own up), from the transformation in force where it is drawn."""
    pdf = pikepdf.open(io.BytesIO(data))
    page = pdf.pages[0]
    ctm: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    saved: list[Matrix] = []
    placed = []
    for operands, operator in pikepdf.parse_content_stream(page):
        if str(operator) == "q":
            saved.append(ctm)
        elif str(operator) == "Q":
            ctm = saved.pop()
        elif str(operator) == "cm":
            ctm = _times(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif str(operator) == "Do":
            name = str(operands[0])
            x0, y0, x1, y1 = (float(v) for v in page.Resources.XObject[name].BBox)
            a, b, c, d, e, f = ctm
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            placed.append((name, (a * cx + c * cy + e, b * cx + d * cy + f), (c, d)))
    return placed


@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "tabloid"])
@pytest.mark.parametrize("size", ["53x79", "63x88"])
def test_each_back_folded_over_has_its_top_behind_its_faces_top(paper: str,
                                                                size: str) -> None:
    """Fold the page on paper: each back reflected across the fold line (the folded half
    turns over that line) lands on its face, and its up, reflected alike, is the face's
    up, whether the cards stand upright or lie on their side and the fold runs down or
    across the page. The backs' transformation matrices say where their tops point."""
    options = SheetOptions(paper=paper, size=parse_card_size(size), fold=True)
    fold = options.fold_sheet()
    data = render_sheets(load_deck("classic"), options)
    placed = _placed_forms(data)
    faces = [(at, up) for name, at, up in placed if "face" in name]
    backs = [(at, up) for name, at, up in placed if "back" in name]
    assert len(faces) == len(backs) == options.per_page()
    middle_x, middle_y = fold.grid.page_width / 2, fold.grid.page_height / 2

    def folded(point: tuple[float, float], direction: bool = False) -> tuple[float, float]:
        x, y = point
        if fold.line == "vertical":
            return (-x, y) if direction else (2 * middle_x - x, y)
        return (x, -y) if direction else (x, 2 * middle_y - y)

    for at, up in backs:
        (face_up,) = [face_up for face_at, face_up in faces
                      if max(abs(a - b) for a, b in zip(face_at, folded(at), strict=True))
                      < TOLERANCE]
        assert folded(up, direction=True) == pytest.approx(face_up, abs=1e-6), \
            f"{paper} {size}: a back's top lies behind its face's bottom or side"


#: Cards on a fold-over page, as docs/printing.md lists them: (size, bleed) -> paper -> cards.
FOLD_COUNTS = {
    ("53x79", 0.0): {"a4": 4, "letter": 4, "a3": 9, "tabloid": 10},
    ("53x79", 3.0): {"a4": 4, "letter": 4, "a3": 9, "tabloid": 9},
    ("63x88", 0.0): {"a4": 4, "letter": 3, "a3": 8, "tabloid": 6},
    ("63x88", 3.0): {"a4": 3, "letter": 3, "a3": 8, "tabloid": 6},
}


def test_cards_a_fold_page_holds_on_each_paper() -> None:
    """Half the slots of the fullest grid whose halves mirror each other (the PDFs hold
    as many: the test above counts them)."""
    counts = {(size, bleed): {paper: SheetOptions(paper=paper, fold=True, bleed_mm=bleed,
                                                  size=parse_card_size(size)).per_page()
                              for paper in ("a4", "letter", "a3", "tabloid")}
              for size, bleed in FOLD_COUNTS}
    assert counts == FOLD_COUNTS


def _svg(path: Path, colour: tuple[int, int, int]) -> None:
    """A back picture all of one colour, the card's size with 3 mm of bleed."""
    fill = "#{:02x}{:02x}{:02x}".format(*colour)
    path.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="59mm" height="85mm" '
                    f'viewBox="0 0 59 85"><rect width="59" height="85" fill="{fill}"/></svg>',
                    encoding="utf-8")


OWN_CARDS = OWN_BACK_CARDS + '''
[[card]]
id = "plain"
effect = "number"
colors = ["red"]
values = [7]
name = { fr = "Dos du paquet", en = "Deck back" }
'''


@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_the_back_behind_each_face_is_that_cards_own(tmp_path: Path, paper: str) -> None:
    """A deck back (blue, behind two copies), a card with its own (green), one with
    none: the colour behind each face, read from the pixels at its reflected centre."""
    _svg(tmp_path / "back.svg", BLUE)
    _svg(tmp_path / "green.svg", GREEN)
    path = tmp_path / "deck.toml"
    path.write_text('name = "Backs"\nbase = "classic"\nback = "back.svg"\n\n[cards]\n'
                    'own = 1\nbare = 1\nplain = 2\n' + OWN_CARDS, encoding="utf-8")
    deck = load_deck(str(path))
    assert not deck.errors, deck.errors
    data = render_sheets(deck, SheetOptions(paper=paper, fold=True, lang=FaceLanguages.parse("en"),
                                            only="specials"))
    image = pdfium.PdfDocument(data)[0].render(scale=SCALE).to_pil().convert("RGB")
    seen = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        faces, _, line, at = _halves(page)
        assert len(faces) == 4
        for face in faces:
            # Each card by the value in its corners: 5 has its own back, 6 none.
            digits = {char["text"] for char in page.crop(face).chars} & set("567")
            (value,) = digits
            expected = {"5": GREEN, "6": WHITE, "7": BLUE}[value]
            x0, top, x1, bottom = _reflected(face, line, at)
            colour = image.getpixel((round((x0 + x1) / 2 * SCALE),
                                     round((top + bottom) / 2 * SCALE)))
            seen.append(expected)
            assert colour == expected, value
    assert sorted(seen) == sorted([BLUE, BLUE, GREEN, WHITE])


def test_fold_pages_say_how_to_fold_and_are_single_sided(tmp_path: Path) -> None:
    out = tmp_path / "fold.pdf"
    result = CliRunner().invoke(main, ["sheets", "house", "--fold", "--lang", "en",
                                       "--paper", "tabloid", "-o", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    assert len(reader.pages) == -(-109 // 10)
    assert (float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)) \
        == pytest.approx((11 * 72, 17 * 72))
    assert "/Duplex" not in reader.trailer["/Root"].get("/ViewerPreferences", {})
    assert "Fold along the dashed line" in reader.pages[0].extract_text()


@pytest.mark.parametrize(("options", "message"), [
    (SheetOptions(fold=True, backs=True), "leave out --backs"),
    (SheetOptions(fold=True, bleed_mm=3, cut_lines="shared"), "leave out --cut-lines shared"),
    (SheetOptions(fold=True, cutter="silhouette"), "leave out --cutter"),
])
def test_fold_refuses_what_has_no_meaning_on_one_side(options: SheetOptions,
                                                      message: str) -> None:
    with pytest.raises(CardgenError, match=message):
        options.check()


def test_fold_refuses_a_flip_on_the_command_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["sheets", "house", "--fold", "--flip", "short",
                                       "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2
    assert "leave out --flip" in result.output
    assert not (tmp_path / "x.pdf").exists()
