"""Files for an online print shop: one card a page at its trim size plus bleed.

Print shops cut each card from a page of its own. Every page is the trim plus the bleed
on each side (its MediaBox and BleedBox) and says where to cut (its TrimBox, inset by
the bleed); the faces come first, one page per copy in deck order, then one back per
face, so page ``n + i`` is the back of page ``i``. There are no marks and no margin
text: the shop cuts on the TrimBox.

Each distinct face is drawn once, as a form that its pages place (:mod:`.forms`), so a 108-card deck
stays as small as its 54 distinct faces. Same input, same bytes, like the sheets.
"""

from __future__ import annotations

import io
from pathlib import Path

from cardgen.decks import Deck
from cardgen.outputs import atomic_path
from cardgen.render.forms import FaceForms
from cardgen.render.layout import pt
from cardgen.render.sheets import SheetOptions, _binary_streams, deck_title, new_canvas, sheet_cards


def page_boxes(options: SheetOptions) -> tuple[tuple[float, float, float, float],
                                               tuple[float, float, float, float]]:
    """(BleedBox, TrimBox) of every page, as (x0, y0, x1, y1) in points."""
    width, height = options.size.points
    bleed = pt(options.bleed_mm)
    return ((0.0, 0.0, width + 2 * bleed, height + 2 * bleed),
            (bleed, bleed, width + bleed, height + bleed))


def render_print_shop(deck: Deck, options: SheetOptions) -> bytes:
    """The print-shop PDF of ``deck``: faces then backs, one card a page."""
    options.check()
    cards = sheet_cards(deck, options.only, options.players)
    bleed_box, trim_box = page_boxes(options)
    bleed = pt(options.bleed_mm)
    name = deck_title(deck, options.lang)
    buffer = io.BytesIO()
    with _binary_streams():
        canvas = new_canvas(buffer, bleed_box[2:], name)
        # For this page and every later one (reportlab keeps the boxes).
        canvas.setBleedBox(bleed_box)
        canvas.setTrimBox(trim_box)
        forms = FaceForms(canvas, lang=options.lang, bleed_mm=options.bleed_mm,
                          size=options.size)
        for card in cards:
            forms.face(card, bleed, bleed)
            canvas.showPage()
        for _ in cards:
            forms.back(bleed, bleed)
            canvas.showPage()
        canvas.save()
    return buffer.getvalue()


def write_print_shop(deck: Deck, path: Path, options: SheetOptions) -> Path:
    """Write the print-shop PDF to ``path`` (all or nothing) and return the path."""
    data = render_print_shop(deck, options)
    with atomic_path(path) as temp:
        temp.write_bytes(data)
    return path
