"""The European profile's text as outlines: no font anywhere in the file, and pages that
look as the same file with its fonts does, read back from the PDFs themselves."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium  # type: ignore[import-untyped]
import pytest
from helpers.cli import refused
from helpers.paths import ROOT
from PIL import Image, ImageChops, ImageFilter
from pypdf import PdfReader

from cardgen.deck.load import Deck, load_deck
from cardgen.render.paper import outlines
from cardgen.render.paper.printshop import ShopFile, render_print_shop
from cardgen.render.paper.sheets import SheetOptions
from cardgen.render.paper.shops import load_shop

SHOPS = ROOT / "cardgen" / "data" / "shops"
SCALE = 150 / 72  # pixels a point at 150 dpi
#: A pixel "differs" when a channel moved by more than this once both pictures are
#: blurred by BLUR pixels: the blur evens out how a viewer smooths a glyph's edge as text
#: and as a path, and leaves a missing or moved letter plainly different.
LEVEL, BLUR = 48, 1.5


def _european(deck: Deck, outlined: bool = True) -> bytes:
    shop = load_shop("european-3mm")
    options = SheetOptions(bleed_mm=shop.bleed_mm, only="specials",
                           size=shop.size, print_shop=True)
    made = dataclasses.replace(ShopFile.of(shop), text_as_outlines=outlined)
    return render_print_shop(deck, options, made)


def _font_things(pdf: bytes) -> list[str]:
    """Every font object, font file and /Font resource of the file, named."""
    found = []
    with pikepdf.open(io.BytesIO(pdf)) as document:
        for each in document.objects:
            owner = each.stream_dict if isinstance(each, pikepdf.Stream) else each
            if not isinstance(owner, pikepdf.Dictionary):
                continue
            if owner.get("/Type") in ("/Font", "/FontDescriptor"):
                found.append(f"{owner.get('/Type')} {owner.get('/BaseFont', '')}")
            if "/Resources" in owner and "/Font" in owner.Resources:
                found.append("/Font resource")
    return found


def _differing(one: bytes, two: bytes) -> list[float]:
    """For each page, the share of pixels that differ once both renders are blurred."""
    shares = []
    first, second = pdfium.PdfDocument(one), pdfium.PdfDocument(two)
    assert len(first) == len(second)
    for page in range(len(first)):
        a, b = (document[page].render(scale=SCALE).to_pil().convert("L").filter(
            ImageFilter.GaussianBlur(BLUR)) for document in (first, second))
        histogram = ImageChops.difference(a, b).histogram()
        shares.append(sum(histogram[LEVEL + 1:]) / (a.width * a.height))
    return shares


@pytest.fixture(scope="module")
def unplugged() -> Deck:
    return load_deck("unplugged")


@pytest.fixture(scope="module")
def with_fonts(unplugged: Deck) -> bytes:
    """Unplugged's special cards in the European file, its text in embedded fonts."""
    return _european(unplugged, outlined=False)


def test_the_european_file_names_no_font_and_looks_as_with_its_fonts(
        unplugged: Deck, with_fonts: bytes) -> None:
    outlined = _european(unplugged)
    assert _font_things(outlined) == []
    assert "/Font resource" in _font_things(with_fonts)  # the same file, fonts embedded
    assert all(not page.extract_text().strip() for page in PdfReader(io.BytesIO(outlined)).pages)
    assert any(page.extract_text().strip()
               for page in PdfReader(io.BytesIO(with_fonts)).pages)
    shares = _differing(outlined, with_fonts)
    assert max(shares) < 0.001, max(shares)
    with pikepdf.open(io.BytesIO(outlined)) as document:
        assert document.docinfo["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
        assert document.pdf_version == "1.4"


def test_the_comparison_sees_text_that_is_not_drawn(
        unplugged: Deck, with_fonts: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    """The threshold above is no formality: glyphs left unpainted fail it by far."""
    monkeypatch.setattr(outlines, "PAINT", {mode: "n" for mode in outlines.PAINT})
    shares = _differing(_european(unplugged), with_fonts)
    assert min(shares) > 0.001 and max(shares) > 0.01, shares


def test_an_svg_pictures_text_is_outlined_too(tmp_path: Path) -> None:
    (tmp_path / "pic.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">'
        '<text x="2" y="30" font-size="30" fill="#000000">Ab</text></svg>',
        encoding="utf-8")
    (tmp_path / "deck.toml").write_text(
        'name = "Pictures"\nbase = "classic"\n\n[cards]\nsun = 1\n\n[[card]]\nid = "sun"\n'
        'effect = "wild"\npoints = 50\nname = "Sun"\npicture = "pic.svg"\n',
        encoding="utf-8")
    deck = load_deck(str(tmp_path / "deck.toml"))
    assert not deck.errors, deck.errors
    outlined, with_fonts = _european(deck), _european(deck, outlined=False)
    assert _font_things(outlined) == []
    assert max(_differing(outlined, with_fonts)) < 0.001
    assert _european(deck) == outlined  # the same bytes, run after run


def test_only_a_profile_that_asks_for_outlines_gets_them() -> None:
    assert load_shop("european-3mm").text_as_outlines
    for name in ("drivethrucards", "thegamecrafter", "makeplayingcards"):
        assert not load_shop(name).text_as_outlines


@pytest.mark.parametrize(("shop", "line", "message"), [
    ("european-3mm", "text_as_outlines = true", "text_as_outlines = \"yes\""),
    ("thegamecrafter", 'colour = "rgb"', 'colour = "rgb"\ntext_as_outlines = true'),
])
def test_a_bad_text_as_outlines_is_refused(tmp_path: Path, shop: str, line: str,
                                           message: str) -> None:
    text = (SHOPS / f"{shop}.toml").read_text(encoding="utf-8")
    assert line in text
    (tmp_path / "uno.toml").write_text(text.replace(line, message, 1), encoding="utf-8")
    command = "sheets" if shop == "european-3mm" else "png"
    assert refused([command, "classic", "--shop", "uno.toml"], tmp_path) == (
        "uno.toml: text_as_outlines must be true or false, and true only in a PDF profile "
        "(format = \"pdf\"): an image has no fonts")


def test_a_glyph_lands_where_the_font_would_put_it(tmp_path: Path) -> None:
    """One line of text in both ways, at 600 dpi: the same pixels but for the edges."""
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.typography import registered

    def page(kind: type) -> Image.Image:
        buffer = io.BytesIO()
        canvas = kind(buffer, pagesize=(200, 40), invariant=1,
                      initialFontName=registered("Sans"))
        canvas.setFont(registered("Condensed-Bold"), 14)
        canvas.drawCentredString(100, 12, "Déjà +4 Œuf")
        canvas.save()
        return pdfium.PdfDocument(buffer.getvalue())[0].render(
            scale=600 / 72).to_pil().convert("L")

    text, paths = page(Canvas), page(outlines.OutlineCanvas)
    inked = sum(ImageChops.invert(text).point(lambda v: 255 if v > 128 else 0).histogram()[255:])
    moved = ImageChops.difference(text, paths).point(lambda v: 255 if v > 128 else 0)
    assert inked > 2000 and sum(moved.histogram()[255:]) < inked * 0.02
