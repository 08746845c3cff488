"""A shop's safe area wider than the design keeps: the European profile's 4 mm (MB Print
and meinspiel.de publish 4 mm) moves every face's corner indices and text in, read back
from the PDF; a narrower safe area changes no byte."""

from __future__ import annotations

import dataclasses
import io

import pdfplumber
import pytest
from reportlab.lib.units import mm

from cardgen.deck.load import load_deck
from cardgen.render.paper.printshop import ShopFile, page_order, render_print_shop
from cardgen.render.paper.sheets import SheetOptions, sheet_cards
from cardgen.render.paper.shops import load_shop

#: Larger than a corner index's pictogram, smaller than the oval or the frame.
SMALL = 12 * mm


def _render(deck: str, shop: str, file: ShopFile | None = None) -> bytes:
    profile = load_shop(shop)
    options = SheetOptions(bleed_mm=profile.bleed_mm, size=profile.size, print_shop=True)
    return render_print_shop(load_deck(deck), options, file or ShopFile.of(profile))


@pytest.mark.parametrize(("deck", "faces"), [  # Uno Unplugged's 145 faces: in the slow set
    ("classic", 108), pytest.param("unplugged", 145, marks=pytest.mark.slow)])
def test_every_face_keeps_its_letters_4_mm_inside_the_trim_in_the_european_file(
        deck: str, faces: int) -> None:
    profile = load_shop("european-3mm")
    assert profile.safe_mm == 4
    cards = sheet_cards(load_deck(deck), "all", None)
    order = page_order(cards, profile.order)
    closest = []
    # The letters' boxes are measured in the file with its fonts kept; the outlined
    # file draws the same glyphs in the same places (test_shop_outlines.py).
    fonts_kept = dataclasses.replace(ShopFile.of(profile), text_as_outlines=False)
    with pdfplumber.open(io.BytesIO(_render(deck, "european-3mm", fonts_kept))) as pdf:
        for page, (_, is_back) in zip(pdf.pages, order, strict=True):
            if is_back:
                continue
            bleed = profile.bleed_mm * mm
            # The letters, and the small shapes a pictogram index is drawn with (the
            # reverse arrows, the wild's quarters); the oval and the frame are larger.
            marks = page.chars + [shape for shape in page.curves
                                  if shape["width"] < SMALL and shape["height"] < SMALL]
            assert marks, page.page_number
            closest.append(min(min(m["x0"], page.width - m["x1"], m["top"],
                                   page.height - m["bottom"]) - bleed for m in marks) / mm)
    assert len(closest) == faces
    assert min(closest) >= 4.0 - 0.005
    assert min(closest) < 4.1  # the indices moved just as far as the safe area asks


def test_a_safe_area_the_design_keeps_already_changes_no_byte() -> None:
    """DriveThruCards' 1/8 in (3.175 mm) is less than the 3.34 mm the faces keep at
    poker size: its file is the one drawn with no safe area at all."""
    profile = load_shop("drivethrucards")
    assert 3 < profile.safe_mm < 3.34
    kept = dataclasses.replace(ShopFile.of(profile), safe_mm=0.0)
    assert _render("unplugged", "drivethrucards") == _render("unplugged", "drivethrucards",
                                                             kept)
