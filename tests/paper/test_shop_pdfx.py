"""The PDF/X-1a:2003 files of the CMYK shops, read back as a preflight reads them:
`cardgen sheets DECK --shop drivethrucards` and `--shop european-3mm`."""

from __future__ import annotations

import dataclasses
import io
from functools import cache
from pathlib import Path

import pikepdf
import pytest
from helpers.cli import run_in
from helpers.pdf_colours import drawn_forms, embedded, scan
from PIL import Image

from cardgen.deck.load import load_deck
from cardgen.render.colour import design_cmyk
from cardgen.render.layout import pt
from cardgen.render.paper.printshop import ShopFile, render_print_shop
from cardgen.render.paper.sheets import SheetOptions, sheet_cards
from cardgen.render.paper.shops import load_shop


@cache
def shop_pdf(deck: str, shop: str, fonts: bool = False) -> bytes:
    """The shop's file; with ``fonts``, its text in embedded fonts even where the profile
    asks for outlines (the letters then have boxes to measure)."""
    profile = load_shop(shop)
    options = SheetOptions(bleed_mm=profile.bleed_mm, size=profile.size, print_shop=True)
    made = ShopFile.of(profile)
    if fonts:
        made = dataclasses.replace(made, text_as_outlines=False)
    return render_print_shop(load_deck(deck), options, made)


def test_drivethrucards_file_identifies_as_pdfx1a_2003(tmp_path: Path) -> None:
    code, output = run_in(["sheets", "classic", "--shop", "drivethrucards"], tmp_path)
    assert code == 0, output
    data = (tmp_path / "classic-drivethrucards.pdf").read_bytes()
    assert data.startswith(b"%PDF-1.4")  # PDF/X-1a:2003 is PDF 1.4 at most
    with pikepdf.open(io.BytesIO(data)) as pdf:
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX"
        assert str(intent.OutputConditionIdentifier) == "CGATS TR 001"
        assert str(intent.RegistryName) == "http://www.color.org"
        assert "/DestOutputProfile" not in intent  # a registered name: no profile shipped
        assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1a:2003"
        assert pdf.docinfo.Trapped == "/False"
        assert str(pdf.docinfo.Title) and "/CreationDate" in pdf.docinfo
        assert "/ModDate" in pdf.docinfo
        first, second = pdf.trailer.ID
        assert len(bytes(first)) == len(bytes(second)) == 16
        assert "/Encrypt" not in pdf.trailer


def test_drivethrucards_pages_are_poker_cards_with_an_eighth_inch_of_bleed() -> None:
    with pikepdf.open(io.BytesIO(shop_pdf("classic", "drivethrucards"))) as pdf:
        assert len(pdf.pages) == 2 * 108
        for page in pdf.pages:
            # 2.5 x 3.5 in is 180 x 252 pt; 1/8 in of bleed is 9 pt on every side.
            assert [float(v) for v in page.MediaBox] == [0, 0, 198, 270]
            assert [float(v) for v in page.BleedBox] == [0, 0, 198, 270]
            assert [float(v) for v in page.TrimBox] == pytest.approx([9, 9, 189, 261])


@pytest.mark.parametrize(("deck", "shop", "limit"), [
    ("classic", "drivethrucards", 240), ("unplugged", "drivethrucards", 240),
    ("house", "drivethrucards", 240), ("unplugged", "european-3mm", 300)])
def test_cmyk_file_holds_no_rgb_no_transparency_and_no_ink_over_the_limit(
        deck: str, shop: str, limit: float) -> None:
    with pikepdf.open(io.BytesIO(shop_pdf(deck, shop))) as pdf:
        found = scan(pdf)
        for state in found.graphics_states:
            assert float(state.get("/ca", 1)) == 1 and float(state.get("/CA", 1)) == 1
            assert state.get("/SMask", pikepdf.Name.None_) == pikepdf.Name.None_
        if load_shop(shop).text_as_outlines:  # every glyph a path: no font at all
            assert not found.fonts
        else:
            assert found.fonts and all(embedded(font) for font in found.fonts)
    assert found.operators <= {"k", "K", "g", "G"}, found.operators  # no rg, RG, sc
    assert found.colour_spaces <= {"/DeviceCMYK", "/DeviceGray"}, found.colour_spaces
    assert 200 < found.max_ink <= limit  # the rich black is there, within the limit


def test_drivethrucards_order_is_back_then_front_of_each_card() -> None:
    deck = load_deck("classic")
    cards = sheet_cards(deck)
    profile = load_shop("drivethrucards")
    options = SheetOptions(bleed_mm=profile.bleed_mm, size=profile.size, print_shop=True)
    # The same faces, every face first: page i of this one is the face of card i.
    faces_first = render_print_shop(deck, options, ShopFile(
        "faces-then-backs", profile.ink_limit_percent, None))
    with pikepdf.open(io.BytesIO(shop_pdf("classic", "drivethrucards"))) as shop, \
            pikepdf.open(io.BytesIO(faces_first)) as reference:
        faces = [list(drawn_forms(page)) for page in reference.pages[:len(cards)]]
        back = list(drawn_forms(reference.pages[len(cards)]))
        assert back not in faces
        for index in range(len(cards)):
            assert list(drawn_forms(shop.pages[2 * index])) == back
            assert list(drawn_forms(shop.pages[2 * index + 1])) == faces[index]


def test_european_profile_writes_front_back_pairs_with_3mm_bleed_in_fogra39() -> None:
    cards = sheet_cards(load_deck("classic"))
    with pikepdf.open(io.BytesIO(shop_pdf("classic", "european-3mm"))) as pdf:
        assert str(pdf.Root.OutputIntents[0].OutputConditionIdentifier) == "FOGRA39"
        assert len(pdf.pages) == 2 * len(cards)
        backs = {bytes(b"".join(drawn_forms(page))) for page in pdf.pages[1::2]}
        fronts = [b"".join(drawn_forms(page)) for page in pdf.pages[0::2]]
        assert len(backs) == 1 and not backs & set(fronts)
        for page in pdf.pages:
            # 63 x 88 mm cut, 69 x 94 mm with 3 mm of bleed on every side.
            assert [float(v) for v in page.MediaBox] == pytest.approx(
                [0, 0, pt(69), pt(94)], abs=1e-3)
            assert [float(v) for v in page.TrimBox] == pytest.approx(
                [pt(3), pt(3), pt(66), pt(91)], abs=1e-3)


def test_shop_file_is_byte_identical_for_the_same_input() -> None:
    shop_pdf.cache_clear()
    first = shop_pdf("house", "drivethrucards")
    shop_pdf.cache_clear()
    assert shop_pdf("house", "drivethrucards") == first


def test_own_pictures_are_converted_to_cmyk_and_flattened_onto_the_card(
        tmp_path: Path) -> None:
    # A PNG half transparent, half a dark red that naive conversion puts at 284 % ink,
    # and an SVG drawn at half opacity in pure RGB blue.
    picture = Image.new("RGBA", (40, 20), (0, 0, 0, 0))
    picture.paste((40, 0, 0, 255), (20, 0, 40, 20))
    picture.save(tmp_path / "half.png")
    (tmp_path / "blue.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">'
        '<rect width="20" height="20" fill="#0000FF" fill-opacity="0.5"/></svg>',
        encoding="utf-8")
    (tmp_path / "deck.toml").write_text(
        'name = "Pictures"\nbase = "classic"\n[cards]\nhalf = 1\nblue = 1\n'
        '[[card]]\nid = "half"\neffect = "skip"\npoints = 20\npicture = "half.png"\n'
        'name = "Half"\n[[card]]\nid = "blue"\neffect = "skip"\npoints = 20\n'
        'picture = "blue.svg"\nname = "Blue"\n', encoding="utf-8")
    deck = load_deck(str(tmp_path / "deck.toml"))
    profile = load_shop("drivethrucards")
    options = SheetOptions(bleed_mm=profile.bleed_mm, size=profile.size, print_shop=True)
    data = render_print_shop(deck, options, ShopFile.of(profile))
    with pikepdf.open(io.BytesIO(data)) as pdf:
        found = scan(pdf)
        (image,) = found.images
        pixels = pikepdf.PdfImage(image).as_pil_image()
    assert found.operators <= {"k", "K", "g", "G"} and found.max_ink <= 240
    assert "/SMask" not in image and "/Mask" not in image
    assert pixels.mode == "CMYK"
    # Where the picture is transparent: the very ink of the card around it, no box.
    card = design_cmyk()["#2E4256"]  # the custom cards' slate blue
    transparent, red = pixels.getpixel((0, 10)), pixels.getpixel((39, 10))
    assert [v / 2.55 for v in transparent] == pytest.approx(card, abs=0.5)
    assert sum(red) / 2.55 <= 240 and red[3] / 2.55 > 80  # dark: black carries it


def test_a_lower_ink_limit_of_ones_own_lowers_every_colour_under_it() -> None:
    profile = load_shop("drivethrucards")
    options = SheetOptions(bleed_mm=profile.bleed_mm, size=profile.size, print_shop=True)
    data = render_print_shop(load_deck("unplugged"), options,
                             ShopFile("front-back", 180, None))
    with pikepdf.open(io.BytesIO(data)) as pdf:
        found = scan(pdf)
    # The rich black (230 %) comes down to 180 %, black kept whole.
    assert found.operators <= {"k", "K", "g", "G"} and 175 < found.max_ink <= 180


@pytest.mark.parametrize("shop", ["drivethrucards", "european-3mm"])
def test_every_letter_stays_inside_the_shops_safe_area(shop: str) -> None:
    import pdfplumber

    profile = load_shop(shop)
    inset = pt(profile.bleed_mm + profile.safe_mm)  # from the page edge
    closest = float("inf")
    # Measured on the letters' boxes: with the fonts kept, where a profile asks for
    # outlines (they draw the same glyphs in the same places: test_shop_outlines.py).
    with pdfplumber.open(io.BytesIO(shop_pdf("unplugged", shop, fonts=True))) as pdf:
        for page in pdf.pages:
            for char in page.chars:
                closest = min(closest, char["x0"], page.width - char["x1"], char["top"],
                              page.height - char["bottom"])
    assert inset <= closest < inset + pt(1)  # the corner indices sit near its edge
