"""A deck's own back picture (one, or one per language), a card's own back, a card with
none: read back from the sheets' pixels, and the one-line refusals of a bad back file."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from helpers.own_backs import OWN_BACK_CARDS
from PIL import Image
from reportlab.lib.units import mm

from cardgen.catalogue.face_languages import FaceLanguages
from cardgen.cli import main
from cardgen.deck.load import load_deck
from cardgen.render.layout import parse_card_size
from cardgen.render.paper.sheets import SheetOptions, render_sheets

SCALE = 50 / 72  # pixels a point at 50 dpi
BLUE, RED, GREEN = (0x2A, 0x5D, 0x8F), (0x8F, 0x2A, 0x2A), (0x2A, 0x8F, 0x4A)


def _svg(path: Path, colour: tuple[int, int, int]) -> None:
    """A back picture all of one colour, the card's size with 3 mm of bleed."""
    fill = "#{:02x}{:02x}{:02x}".format(*colour)
    path.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="59mm" height="85mm" '
                    f'viewBox="0 0 59 85"><rect width="59" height="85" fill="{fill}"/></svg>',
                    encoding="utf-8")


def _deck(folder: Path, back: str, cards: str = "") -> Path:
    path = folder / "deck.toml"
    path.write_text(f'name = "Backs"\nbase = "classic"\n{back}\n\n[cards]\n'
                    + ("own = 1\nbare = 1\n" if cards else "") + cards, encoding="utf-8")
    return path


OWN_CARDS = OWN_BACK_CARDS


def _back_colours(data: bytes, page_number: int) -> list[tuple[int, int, int]]:
    """The colour at the centre of every back on page ``page_number``, left to right."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[page_number]
        # A back's background and its picture share a centre: one back a centre.
        centres = sorted({(round((r["x0"] + r["x1"]) / 2), round((r["top"] + r["bottom"]) / 2))
                          for r in page.rects if r["width"] > 40 * mm and r["height"] > 40 * mm})
    image = pdfium.PdfDocument(data)[page_number].render(scale=SCALE).to_pil().convert("RGB")
    return [image.getpixel((round(x * SCALE), round(y * SCALE))) for x, y in centres]


def test_a_deck_back_picture_is_every_cards_back(tmp_path: Path) -> None:
    _svg(tmp_path / "back.svg", BLUE)
    deck = load_deck(str(_deck(tmp_path, 'back = "back.svg"')))
    assert not deck.errors
    data = render_sheets(deck, SheetOptions(backs=True))
    colours = _back_colours(data, 1)
    assert len(colours) == 9 and set(colours) == {BLUE}


def test_a_card_has_its_own_back_or_none(tmp_path: Path) -> None:
    _svg(tmp_path / "back.svg", BLUE)
    _svg(tmp_path / "green.svg", GREEN)
    deck = load_deck(str(_deck(tmp_path, 'back = "back.svg"', OWN_CARDS)))
    assert not deck.errors, deck.errors
    data = render_sheets(deck, SheetOptions(backs=True, only="specials"))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        faces = [r for r in pdf.pages[0].rects if r["width"] > 40 * mm]
        assert len(faces) == 2
    # Two faces, "own" then "bare", left to right; flipped on the long edge, the back of
    # "own" lies on the right, and "bare" has none.
    assert _back_colours(data, 1) == [GREEN]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        backs = [r for r in pdf.pages[1].rects if r["width"] > 40 * mm]
        assert backs and all(back["x0"] > pdf.pages[1].width / 2 for back in backs)


def test_a_back_per_language(tmp_path: Path) -> None:
    _svg(tmp_path / "dos.svg", RED)
    _svg(tmp_path / "back.svg", BLUE)
    deck = load_deck(str(_deck(tmp_path, 'back = { fr = "dos.svg", en = "back.svg" }')))
    assert not deck.errors
    french = render_sheets(deck, SheetOptions(backs=True, lang=FaceLanguages.parse("fr")))
    english = render_sheets(deck, SheetOptions(backs=True, lang=FaceLanguages.parse("en")))
    assert set(_back_colours(french, 1)) == {RED}
    assert set(_back_colours(english, 1)) == {BLUE}


def test_png_writes_the_decks_back(tmp_path: Path) -> None:
    _svg(tmp_path / "back.svg", BLUE)
    deck = _deck(tmp_path, 'back = "back.svg"')
    out = tmp_path / "png"
    result = CliRunner().invoke(main, ["png", str(deck), "-o", str(out), "--dpi", "50",
                                       "--workers", "1"])
    assert result.exit_code == 0, result.output
    with Image.open(out / "back.png") as image:
        rgb = image.convert("RGB")
        assert rgb.getpixel((rgb.width // 2, rgb.height // 2)) == BLUE


@pytest.mark.parametrize(("line", "message"), [
    ('back = "missing.svg"', "deck.toml: the deck's back: picture file 'missing.svg' was "
                             "not found next to the deck file"),
    ('back = "back.jpg"', "deck.toml: the deck's back: 'back' must be the name of an .svg "
                          "or .png file next to the deck file (got 'back.jpg')"),
    ('back = { fr = "dos.svg" }', "deck.toml: 'back' as a table names one picture per "
                                  "language, like back = { fr = \"dos.svg\", en = "
                                  "\"back.svg\" }"),
    ('back = "../outside.svg"', "deck.toml: the deck's back: picture '../outside.svg' "
                                "leads outside the deck's folder"),
])
def test_a_bad_deck_back_is_refused_in_one_line(tmp_path: Path, line: str,
                                                message: str) -> None:
    folder = tmp_path / "deck"
    folder.mkdir()
    _svg(tmp_path / "outside.svg", BLUE)
    deck = _deck(folder, line)
    out = folder / "sheets.pdf"
    result = CliRunner().invoke(main, ["sheets", str(deck), "--backs", "-o", str(out)],
                                catch_exceptions=False)
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: {folder}/{message}")
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1
    assert not out.exists()


def test_back_true_on_a_card_says_what_to_write(tmp_path: Path) -> None:
    cards = OWN_CARDS.replace('back = "green.svg"', "back = true")
    deck = load_deck(str(_deck(tmp_path, "", cards)))
    assert [p.message for p in deck.errors] == [
        f"{tmp_path / 'deck.toml'}: card 'own': 'back = true' says nothing; leave 'back' "
        "out for the deck's back, or write back = false for none"]


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("size", ["53x79", "63x88"])  # upright, then on their side on A4
def test_a_backs_top_lies_behind_its_faces_top(tmp_path: Path, flip: str, size: str) -> None:
    """A back whose top half is red and bottom half blue: once the paper is turned over
    the flip edge, the part of each back behind its face's top is red."""
    picture = Image.new("RGB", (59, 85), BLUE)
    picture.paste(RED, (0, 0, 59, 42))
    picture.save(tmp_path / "back.png")
    deck = load_deck(str(_deck(tmp_path, 'back = "back.png"')))
    data = render_sheets(deck, SheetOptions(backs=True, flip=flip,  # type: ignore[arg-type]
                                            size=parse_card_size(size)))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        width, height = page.width, page.height
        faces = [r for r in page.rects if r["width"] > 40 * mm and r["height"] > 40 * mm]
    image = pdfium.PdfDocument(data)[1].render(scale=SCALE).to_pil().convert("RGB")
    turned = size == "63x88"
    assert faces and all((f["width"] > f["height"]) == turned for f in faces)
    for face in faces:
        # A point a fifth of the way in from the face's top edge (its left edge when the
        # card lies on its side, top to the left), in pdfplumber's top-down coordinates.
        if turned:
            x, y = face["x0"] + face["width"] / 5, (face["top"] + face["bottom"]) / 2
        else:
            x, y = (face["x0"] + face["x1"]) / 2, face["top"] + face["height"] / 5
        x, y = (width - x, y) if flip == "long" else (x, height - y)
        assert image.getpixel((round(x * SCALE), round(y * SCALE))) == RED
