"""PNG images of a deck: one per distinct face, plus Tabletop Simulator deck sheets.

Every image is a page of one PDF held in memory, drawn once as vectors (the same
drawing as the sheets, each face a form placed on its pages); a pool of processes
rasterises the pages with pdfium and writes the PNGs (:mod:`.raster`). A face image
is the card at its trim size plus any bleed, ``round(mm / 25.4 * dpi)`` pixels on each
side: the pixel size print shops ask for (63 x 88 mm with 3 mm of bleed at 300 dpi:
815 x 1110). Tabletop Simulator reads a custom deck from a grid image of 10 x 7 cells
whose last cell is the card shown for hidden cards (the back); every copy of every card
gets its own cell, so the imported deck is complete, on as many sheets as it takes.
"""

from __future__ import annotations

import io
import math
import os
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.catalogue import Card
from cardgen.catalogue.face_languages import FRENCH_AND_ENGLISH, FaceLanguages
from cardgen.deck.load import Deck
from cardgen.errors import CardgenError
from cardgen.outputs import prepare_folder
from cardgen.pools import start_pool
from cardgen.render import raster
from cardgen.render.forms import FaceForms
from cardgen.render.layout import CardSize, design_size, layout
from cardgen.render.paper.sheets import _binary_streams, new_canvas

MIN_DPI, MAX_DPI = 50, 1200
BACK = "back"


@dataclass(frozen=True)
class PngResult:
    faces: list[Path]  # one per distinct face
    back: Path  # back.png, the deck's back
    tts_sheets: list[Path]
    tts_cards: tuple[int, ...] = ()  # the cards on each TTS sheet (the back aside)


@dataclass(frozen=True)
class BackOf:
    """A page that draws the back of ``card``: its own picture, or the deck's back."""

    card: Card


#: What a page of the faces PDF draws: a face, the back of a card, or (None) the deck's back.
Page = Card | BackOf | None


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

    @property
    def page(self) -> tuple[float, float]:
        """The page that becomes the image: exactly its pixels at its resolution."""
        return self.pixels[0] / self.dpi * 72, self.pixels[1] / self.dpi * 72


def _draw_pages(canvas: Any, forms: FaceForms, cards: Sequence[Page],
                resolution: Raster) -> None:
    """One page per card (None draws the back), the card (with its bleed) centred."""
    width, height = resolution.size.points
    x, y = (resolution.page[0] - width) / 2, (resolution.page[1] - height) / 2
    canvas.setPageSize(resolution.page)
    for card in cards:
        if card is None:
            forms.back(x, y)
        elif isinstance(card, BackOf):
            forms.back(x, y, card.card)
        else:
            forms.face(card, x, y)
        canvas.showPage()


def faces_pdf(cards: Sequence[Page], lang: FaceLanguages | str, rasters: list[Raster],
              deck_back: Mapping[str, Path] | None = None) -> bytes:
    """For each raster in turn, a page per card: the one PDF every image comes from.
    ``lang``: the faces' languages, or a language code alone (the server's)."""
    if isinstance(lang, str):
        lang = FaceLanguages(lang)
    buffer = io.BytesIO()
    with _binary_streams():
        canvas = new_canvas(buffer, rasters[0].page, "faces")
        forms: dict[float, FaceForms] = {}
        for each in rasters:
            if each.bleed_mm not in forms:
                forms[each.bleed_mm] = FaceForms(canvas, lang=lang, bleed_mm=each.bleed_mm,
                                                 size=each.size, prefix=f"r{len(forms)}",
                                                 deck_back=deck_back)
            _draw_pages(canvas, forms[each.bleed_mm], cards, each)
        canvas.save()
    return buffer.getvalue()


def tts_dpi(size: CardSize) -> float:
    """The resolution of a Tabletop Simulator cell: the largest at which the whole grid
    stays within the sheet size TTS takes, on both sides (whole pixels per cell)."""
    settings = layout().png
    return min((settings.tts_max_sheet_px // settings.tts_columns) / (size.width_mm / 25.4),
               (settings.tts_max_sheet_px // settings.tts_rows) / (size.height_mm / 25.4))


def tts_grid_note(path: Path, cards: int) -> str:
    """What Tabletop Simulator's custom deck import asks for a sheet: its grid and cards."""
    settings = layout().png
    return (f"wrote {path}: {cards} cards in a {settings.tts_columns} x {settings.tts_rows} "
            f"grid, the back in its last cell (Tabletop Simulator's custom deck: Width "
            f"{settings.tts_columns}, Height {settings.tts_rows}, Number {cards}, Back is "
            "Hidden)")


def _tts_jobs(deck: Deck, out: Path, listed: list[tuple[Card, int]], first_page: int,
              tts: Raster, back: int) -> list[raster.SheetJob]:
    """The sheets: every copy in deck order, the back (page ``back`` of the pages from
    ``first_page`` on) in the last cell."""
    settings = layout().png
    copies = tuple(first_page + index for index, (_, count) in enumerate(listed)
                   for _ in range(count))
    per_sheet = settings.tts_columns * settings.tts_rows - 1  # the last cell is the back
    return [raster.SheetJob(copies[start:start + per_sheet], first_page + back,
                            settings.tts_columns, settings.tts_rows, tts.pixels, tts.dpi,
                            out / f"{deck.id}-tts-{number}.png")
            for number, start in enumerate(range(0, len(copies), per_sheet), start=1)]


def _start_worker(pdf: bytes) -> None:
    raster.open_document(pdf)


def _run(pdf: bytes, jobs: list[raster.FaceJob | raster.SheetJob], workers: int) -> None:
    """Every job, in a pool of processes (forked on Linux: a worker then starts at once,
    the PDF already drawn, rather than importing cardgen again)."""
    with start_pool(max(1, min(workers, len(jobs))), _start_worker, pdf) as pool:
        # The slow sheets first, so that no worker is left with one at the end.
        ordered = sorted(jobs, key=lambda job: isinstance(job, raster.FaceJob))
        for _ in pool.imap_unordered(raster.run, ordered):
            pass


def write_pngs(deck: Deck, out: Path, *, dpi: int | None = None,
               lang: FaceLanguages = FRENCH_AND_ENGLISH,
               players: int | None = None, tts: bool = True, size: CardSize | None = None,
               bleed_mm: float = 0.0, workers: int | None = None) -> PngResult:
    """Write ``<card id>.png`` per distinct face (with ``bleed_mm`` of bleed),
    ``back.png``, and the TTS sheets (without bleed) into out, with ``workers``
    processes (by default one per core; the files are the same for any number)."""
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
    # A two-faced deck's dark faces too, each in its own file (FL-01).
    dark = deck.dark_face_cards()
    distinct += [dark[card.id] for card, _ in listed if card.id in dark]
    distinct.append(None)
    face = Raster(size, bleed_mm, dpi)
    # The images are made in a hidden folder inside ``out`` and moved into place once
    # all are made: a run stopped half-way (Ctrl-C, a full disk) leaves no partial set.
    staging = Path(tempfile.mkdtemp(prefix=".cardgen-png-", dir=out))
    try:
        jobs: list[raster.FaceJob | raster.SheetJob] = [
            raster.FaceJob(page, face.pixels, dpi,
                           staging / f"{BACK if card is None else card.id}.png")
            for page, card in enumerate(distinct)]
        rasters = [face]
        if tts:
            rasters.append(Raster(size, 0.0, tts_dpi(size)))
            jobs += _tts_jobs(deck, staging, listed, len(distinct), rasters[1],
                              len(distinct) - 1)
        _run(faces_pdf(distinct, lang, rasters, deck.back), jobs, workers or os.cpu_count() or 1)
        for job in jobs:
            os.replace(job.path, out / job.path.name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    sheets = [job for job in jobs if isinstance(job, raster.SheetJob)]
    images = [out / job.path.name for job in jobs if isinstance(job, raster.FaceJob)]
    return PngResult(images[:-1], images[-1],  # (the back is the last page)
                     [out / job.path.name for job in sheets],
                     tuple(len(job.cells) for job in sheets))
