"""PNG images of a deck: one per distinct face, plus Tabletop Simulator deck sheets.

The faces are drawn once as vectors (the same drawing as the sheets) into a PDF held in
memory, and pdfium rasterises each page; pillow writes the PNGs. A face image is the
card at its trim size plus any bleed, ``round(mm / 25.4 * dpi)`` pixels on each side: the
pixel size print shops ask for (63 x 88 mm with 3 mm of bleed at 300 dpi: 815 x 1110).
Tabletop Simulator reads a custom deck from a grid image of 10 x 7 cells whose last cell
is the card shown for hidden cards (the back); every copy of every card gets its own
cell, so the imported deck is complete, on as many sheets as it takes.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium  # type: ignore[import-untyped]
from PIL import Image

from cardgen.catalogue import Card
from cardgen.decks import Deck
from cardgen.errors import CardgenError
from cardgen.outputs import atomic_path, prepare_folder
from cardgen.render.faces import Lang, draw_back, draw_face
from cardgen.render.layout import CardSize, design_size, layout
from cardgen.render.sheets import _binary_streams, new_canvas

MIN_DPI, MAX_DPI = 50, 1200
BACK = "back"


@dataclass(frozen=True)
class PngResult:
    faces: list[Path]
    tts_sheets: list[Path]


@dataclass(frozen=True)
class Raster:
    """How faces become images: their size, bleed (mm) and pixels per inch."""

    size: CardSize
    bleed_mm: float
    dpi: float

    @property
    def pixels(self) -> tuple[int, int]:
        """The image's width and height: trim plus bleed, to the nearest pixel."""
        return (round((self.size.width_mm + 2 * self.bleed_mm) / 25.4 * self.dpi),
                round((self.size.height_mm + 2 * self.bleed_mm) / 25.4 * self.dpi))


def _faces_pdf(cards: list[Card | None], lang: Lang, raster: Raster) -> bytes:
    """One page per card (None draws the back), each page exactly the image's size at
    its resolution, the card (with its bleed) centred on it."""
    page = (raster.pixels[0] / raster.dpi * 72, raster.pixels[1] / raster.dpi * 72)
    width, height = raster.size.points
    x, y = (page[0] - width) / 2, (page[1] - height) / 2
    buffer = io.BytesIO()
    with _binary_streams():
        canvas = new_canvas(buffer, page, "faces")
        for card in cards:
            if card is None:
                draw_back(canvas, x, y, bleed_mm=raster.bleed_mm, size=raster.size)
            else:
                draw_face(canvas, card, x, y, lang=lang, bleed_mm=raster.bleed_mm,
                          size=raster.size)
            canvas.showPage()
        canvas.save()
    return buffer.getvalue()


def render_images(cards: list[Card | None], lang: Lang, raster: Raster) -> list[Image.Image]:
    """Each card (None for the back) as an RGB image of exactly ``raster.pixels``."""
    document = pdfium.PdfDocument(_faces_pdf(cards, lang, raster))
    try:
        images = []
        for index in range(len(document)):
            page = document[index]
            image = page.render(scale=raster.dpi / 72).to_pil().convert("RGB")
            page.close()
            # pdfium rounds up; a float error must not add a row of pixels.
            images.append(image.crop((0, 0, *raster.pixels)))
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
               players: int | None = None, tts: bool = True, size: CardSize | None = None,
               bleed_mm: float = 0.0) -> PngResult:
    """Write ``<card id>.png`` per distinct face (with ``bleed_mm`` of bleed),
    ``back.png``, and the TTS sheets (without bleed) into out."""
    settings = layout().png
    dpi = settings.default_dpi if dpi is None else dpi
    size = size or design_size()
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise CardgenError(f"--dpi {dpi} is out of range; give a resolution from {MIN_DPI} "
                           f"to {MAX_DPI} dots per inch")
    top = layout().sheet.max_bleed_mm
    if not 0 <= bleed_mm <= top or math.isnan(bleed_mm):
        raise CardgenError(f"--bleed {bleed_mm:g} mm is out of range; give a bleed from 0 "
                           f"to {top:g} mm")
    prepare_folder(out)
    listed = deck.card_list(players)
    distinct: list[Card | None] = [card for card, _ in listed]
    distinct.append(None)
    faces = []
    images = render_images(distinct, lang, Raster(size, bleed_mm, dpi))
    for card, image in zip(distinct, images, strict=True):
        name = BACK if card is None else card.id
        faces.append(_save(image, out / f"{name}.png", dpi))
    sheets = write_tts_sheets(deck, out, lang=lang, players=players, size=size) if tts else []
    return PngResult(faces, sheets)


def write_tts_sheets(deck: Deck, out: Path, *, lang: Lang = "both",
                     players: int | None = None, size: CardSize | None = None
                     ) -> list[Path]:
    """Tabletop Simulator grid images: every copy in deck order, the back in the last cell."""
    settings = layout().png
    size = size or design_size()
    listed = deck.card_list(players)
    distinct: list[Card | None] = [card for card, _ in listed]
    distinct.append(None)
    dpi = settings.tts_card_width_px / (size.width_mm / 25.4)
    images = dict(zip(range(len(distinct)),
                      render_images(distinct, lang, Raster(size, 0.0, dpi)), strict=True))
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
