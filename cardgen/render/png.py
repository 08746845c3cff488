"""PNG images of a deck: one per distinct face, plus Tabletop Simulator deck sheets.

The faces are drawn once as vectors (the same drawing as the sheets) into a PDF held in
memory, and pdfium rasterises each page; pillow writes the PNGs. Tabletop Simulator
reads a custom deck from a grid image of 10 x 7 cells whose last cell is the card
shown for hidden cards (the back); every copy of every card gets its own cell, so the
imported deck is complete, on as many sheets as it takes.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium  # type: ignore[import-untyped]
from PIL import Image

from cardgen.catalogue import Card
from cardgen.decks import Deck
from cardgen.errors import CardgenError
from cardgen.outputs import atomic_path, prepare_folder
from cardgen.render.faces import Lang, card_size_pt, draw_back, draw_face
from cardgen.render.layout import layout
from cardgen.render.sheets import _binary_streams, new_canvas
from cardgen.typography import register_fonts

MIN_DPI, MAX_DPI = 50, 1200
BACK = "back"


@dataclass(frozen=True)
class PngResult:
    faces: list[Path]
    tts_sheets: list[Path]


def _faces_pdf(cards: list[Card | None], lang: Lang) -> bytes:
    """One page per card (None draws the back), each page exactly a card's trim size."""
    register_fonts()
    size = card_size_pt()
    buffer = io.BytesIO()
    with _binary_streams():
        canvas = new_canvas(buffer, size, "faces")
        for card in cards:
            if card is None:
                draw_back(canvas, 0, 0)
            else:
                draw_face(canvas, card, 0, 0, lang=lang)
            canvas.showPage()
        canvas.save()
    return buffer.getvalue()


def render_images(cards: list[Card | None], lang: Lang, scale: float) -> list[Image.Image]:
    """Each card (None for the back) as an RGB image, ``scale`` pixels per point."""
    document = pdfium.PdfDocument(_faces_pdf(cards, lang))
    try:
        images = []
        for index in range(len(document)):
            page = document[index]
            images.append(page.render(scale=scale).to_pil().convert("RGB"))
            page.close()
        return images
    finally:
        document.close()


def _save(image: Image.Image, path: Path, dpi: int | None = None) -> Path:
    with atomic_path(path) as temp, temp.open("wb") as handle:
        if dpi:
            image.save(handle, format="PNG", dpi=(dpi, dpi))
        else:
            image.save(handle, format="PNG")
    return path


def write_pngs(deck: Deck, out: Path, *, dpi: int | None = None, lang: Lang = "both",
               players: int | None = None, tts: bool = True) -> PngResult:
    """Write ``<card id>.png`` per distinct face, ``back.png``, and the TTS sheets into out."""
    settings = layout().png
    dpi = settings.default_dpi if dpi is None else dpi
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise CardgenError(f"--dpi {dpi} is out of range; give a resolution from {MIN_DPI} "
                           f"to {MAX_DPI} dots per inch")
    prepare_folder(out)
    listed = deck.card_list(players)
    distinct: list[Card | None] = [card for card, _ in listed]
    distinct.append(None)
    faces = []
    for card, image in zip(distinct, render_images(distinct, lang, dpi / 72), strict=True):
        name = BACK if card is None else card.id
        faces.append(_save(image, out / f"{name}.png", dpi))
    sheets = write_tts_sheets(deck, out, lang=lang, players=players) if tts else []
    return PngResult(faces, sheets)


def write_tts_sheets(deck: Deck, out: Path, *, lang: Lang = "both",
                     players: int | None = None) -> list[Path]:
    """Tabletop Simulator grid images: every copy in deck order, the back in the last cell."""
    settings = layout().png
    width_pt, height_pt = card_size_pt()
    listed = deck.card_list(players)
    distinct: list[Card | None] = [card for card, _ in listed]
    distinct.append(None)
    scale = settings.tts_card_width_px / width_pt
    images = dict(zip(range(len(distinct)), render_images(distinct, lang, scale), strict=True))
    cell_w, cell_h = images[0].size
    copies = [index for index, (_, count) in enumerate(listed) for _ in range(count)]
    per_sheet = settings.tts_columns * settings.tts_rows - 1  # the last cell is the back
    written = []
    for number, start in enumerate(range(0, len(copies), per_sheet), start=1):
        sheet = Image.new("RGB", (cell_w * settings.tts_columns, cell_h * settings.tts_rows),
                          "white")
        for cell, index in enumerate(copies[start:start + per_sheet]):
            row, column = divmod(cell, settings.tts_columns)
            sheet.paste(images[index], (column * cell_w, row * cell_h))
        last = settings.tts_columns * settings.tts_rows - 1
        row, column = divmod(last, settings.tts_columns)
        sheet.paste(images[len(distinct) - 1], (column * cell_w, row * cell_h))
        written.append(_save(sheet, out / f"{deck.id}-tts-{number}.png"))
    return written
