"""A quick look at some faces of a deck: one PNG image or one PDF page.

`cardgen preview` (and `cardgen watch`, after every change) lays the chosen faces out
in a grid, each with its id underneath, and writes the page as a PDF or, rasterised, as
a PNG. By default the faces are the deck's own cards, the ones a designer is working on.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from cardgen.catalogue import Card
from cardgen.catalogue.face_languages import FRENCH_AND_ENGLISH, FaceLanguages
from cardgen.deck.cards import resolve_card
from cardgen.deck.load import Deck
from cardgen.errors import CardgenError
from cardgen.files.problems import Report
from cardgen.outputs import atomic_path, write_atomic
from cardgen.render.faces import draw_face
from cardgen.render.layout import CardSize, design_size, layout, pt
from cardgen.render.paper.sheets import MARGIN_FONT, _binary_streams, new_canvas
from cardgen.typography import registered

FORMATS = (".png", ".pdf")


def preview_cards(deck: Deck, keys: Sequence[str] = ()) -> list[Card]:
    """The faces to show: the cards named (ids or names), else the deck's own cards,
    else every distinct face of the deck."""
    if keys:
        report = Report(deck.source)
        own = [deck.cards[card_id] for card_id in deck.custom_ids if card_id in deck.cards]
        found = [resolve_card(key, deck.cards, own, report) for key in keys]
        if report.problems:
            raise CardgenError(report.problems[0].message)
        return list({card.id: card for card in found if card is not None}.values())
    listed = [card for card, _ in deck.card_list()]
    own_cards = [card for card in listed if card.id in deck.custom_ids]
    return own_cards or listed


def preview_pdf(cards: Sequence[Card], lang: FaceLanguages = FRENCH_AND_ENGLISH,
                size: CardSize | None = None) -> bytes:
    """The faces on one page, in rows (layout.toml's [preview]), each id underneath."""
    spec = layout().preview
    size = size or design_size()
    width, height = size.points
    gap = pt(spec.gap_mm)
    label = spec.label_size_pt * 1.8  # the id's line, in the gap under its face
    columns = max(1, min(len(cards), spec.max_columns))
    rows = max(1, -(-len(cards) // columns))
    page = (columns * (width + gap) + gap, rows * (height + gap + label) + gap)
    buffer = io.BytesIO()
    with _binary_streams():
        canvas = new_canvas(buffer, page, "preview")
        canvas.setFont(registered(MARGIN_FONT), spec.label_size_pt)
        for index, card in enumerate(cards):
            x = gap + (index % columns) * (width + gap)
            y = page[1] - (index // columns + 1) * (height + gap + label)
            draw_face(canvas, card, x, y + label, lang=lang, size=size)
            canvas.setFillGray(0.2)
            canvas.drawCentredString(x + width / 2, y + label - spec.label_size_pt * 1.2,
                                     card.id)
        canvas.showPage()
        canvas.save()
    return buffer.getvalue()


def write_preview(cards: Sequence[Card], path: Path, lang: FaceLanguages = FRENCH_AND_ENGLISH,
                  size: CardSize | None = None) -> Path:
    """Write the preview as ``path`` says, .png or .pdf (all or nothing)."""
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise CardgenError(f"{path}: a preview is a .png image or a .pdf page; name the "
                           f"file {path.stem}.png or {path.stem}.pdf")
    pdf = preview_pdf(cards, lang, size)
    dpi = layout().preview.dpi
    if suffix == ".pdf":
        write_atomic(path, pdf)
        return path
    import pypdfium2 as pdfium  # type: ignore[import-untyped]

    from cardgen.render.raster import PngWriter

    document = pdfium.PdfDocument(pdf)
    try:
        page = document[0]
        pixels = tuple(round(side * dpi / 72) for side in page.get_size())
        # pdfium rounds up: crop to the page's size at the dpi, as `cardgen png` does.
        image = page.render(scale=dpi / 72, rev_byteorder=True).to_pil().crop((0, 0, *pixels))
    finally:
        document.close()
    with atomic_path(path) as temp, temp.open("wb") as handle:
        png = PngWriter(handle, image.width, image.height, dpi=dpi)
        png.rows(image)
        png.close()
    return path


def preview_filename(deck: Deck, suffix: str = ".png") -> str:
    return f"{deck.id}-preview{suffix}"
