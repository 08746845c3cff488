"""Files for an online print shop: one card a page at its trim size plus bleed.

Print shops cut each card from a page of its own. Every page is the trim plus the bleed
on each side (its MediaBox and BleedBox) and says where to cut (its TrimBox, inset by
the bleed). There are no marks and no margin text: the shop cuts on the TrimBox. The
pages come in the order the shop asks for (:data:`ORDER_CHOICES`): every face then one
back per face (page ``n + i`` is the back of page ``i``), or each card's front then its
back, or its back then its front.

A shop that prints in CMYK (a :class:`~cardgen.render.paper.shops.ShopProfile` with ``colour =
"cmyk"``) gets pages drawn in CMYK alone, under its ink limit (:mod:`.colour`), and,
when it asks for PDF/X-1a, the document structure :mod:`.pdfx` adds. A shop that asks
for text as outlines gets every glyph drawn as a path, and no font (:mod:`.outlines`).

Each distinct face is drawn once, as a form that its pages place (:mod:`.forms`), so a 108-card deck
stays as small as its 54 distinct faces. Same input, same bytes, like the sheets.
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from cardgen.catalogue import Card
from cardgen.deck.load import Deck
from cardgen.outputs import atomic_path
from cardgen.render.colour import cmyk_printing
from cardgen.render.facetext import shop_safe_area
from cardgen.render.forms import FaceForms
from cardgen.render.layout import pt
from cardgen.render.paper.options import SheetOptions
from cardgen.render.paper.sheets import (
    _binary_streams,
    deck_title,
    new_canvas,
    sheet_cards,
)
from cardgen.render.paper.shops import ORDER_CHOICES, Order, OutputIntent, ShopProfile


@dataclass(frozen=True)
class ShopFile:
    """What the file is made of beyond the sheets' options: the order of its pages, CMYK
    under an ink limit (None: RGB), and the printing condition of a PDF/X-1a file."""

    order: Order = "faces-then-backs"
    ink_limit_percent: float | None = None
    output_intent: OutputIntent | None = None
    safe_mm: float = 0.0  # the shop's safe area, kept by the faces' text and indices
    text_as_outlines: bool = False  # every glyph a filled path, no font in the file

    @classmethod
    def of(cls, shop: ShopProfile) -> ShopFile:
        return cls(shop.order, shop.ink_limit_percent if shop.colour == "cmyk" else None,
                   shop.output_intent if shop.pdfx else None, shop.safe_mm,
                   shop.text_as_outlines)


def page_order(cards: list[Card], order: Order) -> list[tuple[Card, bool]]:
    """The card of each page in turn, and whether the page is its back."""
    if order not in ORDER_CHOICES:
        raise ValueError(f"page order {order!r}")
    if order == "faces-then-backs":
        return [*((card, False) for card in cards), *((card, True) for card in cards)]
    first_back = order == "back-front"
    return [side for card in cards for side in ((card, first_back), (card, not first_back))]


def page_boxes(options: SheetOptions) -> tuple[tuple[float, float, float, float],
                                               tuple[float, float, float, float]]:
    """(BleedBox, TrimBox) of every page, as (x0, y0, x1, y1) in points."""
    width, height = options.size.points
    bleed = pt(options.bleed_mm)
    return ((0.0, 0.0, width + 2 * bleed, height + 2 * bleed),
            (bleed, bleed, width + bleed, height + bleed))


def render_print_shop(deck: Deck, options: SheetOptions, shop: ShopFile | None = None) -> bytes:
    """The print-shop PDF of ``deck``: one card a page, in the order ``shop`` asks for."""
    options.check()
    shop = shop or ShopFile()
    cards = sheet_cards(deck, options.only, options.players)
    bleed_box, trim_box = page_boxes(options)
    bleed = pt(options.bleed_mm)
    name = deck_title(deck, options.lang)
    cmyk = shop.ink_limit_percent is not None
    buffer = io.BytesIO()
    with _binary_streams(), shop_safe_area(shop.safe_mm), (
            cmyk_printing(shop.ink_limit_percent) if shop.ink_limit_percent is not None
            else contextlib.nullcontext()):
        kind: type = Canvas
        if shop.text_as_outlines:
            from cardgen.render.paper.outlines import OutlineCanvas

            kind = OutlineCanvas
        canvas = new_canvas(buffer, bleed_box[2:], name, "cmyk" if cmyk else None, kind)
        # For this page and every later one (reportlab keeps the boxes).
        canvas.setBleedBox(bleed_box)
        canvas.setTrimBox(trim_box)
        forms = FaceForms(canvas, lang=options.lang, bleed_mm=options.bleed_mm,
                          size=options.size, deck_back=deck.back,
                          dark_faces=deck.dark_face_cards())
        for card, is_back in page_order(cards, shop.order):
            if is_back:
                forms.back(bleed, bleed, card)  # the deck's back, the card's own, or none
            else:
                forms.face(card, bleed, bleed)
            canvas.showPage()
        canvas.save()
    if shop.output_intent is not None:
        from cardgen.render.paper.pdfx import as_pdfx1a

        return as_pdfx1a(buffer.getvalue(), shop.output_intent)
    if shop.text_as_outlines:
        from cardgen.render.paper.pdfx import without_empty_fonts

        return without_empty_fonts(buffer.getvalue())
    return buffer.getvalue()


def shop_filename(deck: Deck, options: SheetOptions, shop: ShopProfile) -> str:
    """``classic-drivethrucards.pdf``: the deck, what of it, and the shop it is for."""
    only = "-specials" if options.only == "specials" else ""
    return f"{deck.id}{only}-{shop.id}.pdf"


def write_print_shop(deck: Deck, path: Path, options: SheetOptions,
                     shop: ShopFile | None = None) -> Path:
    """Write the print-shop PDF to ``path`` (all or nothing) and return the path."""
    data = render_print_shop(deck, options, shop)
    with atomic_path(path) as temp:
        temp.write_bytes(data)
    return path
