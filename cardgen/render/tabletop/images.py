"""The images of a Tabletop Simulator deck, and the run that writes the whole deck:
the faces' sheets, the back (or a sheet of backs per sheet of faces), then the saved
object (:mod:`.saved_object`)."""

from __future__ import annotations

import io
import os
import shutil
import tempfile
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from cardgen.catalogue import Card
from cardgen.catalogue.face_languages import FaceLanguages
from cardgen.deck.load import Deck
from cardgen.outputs import prepare_folder, write_atomic
from cardgen.render import raster
from cardgen.render.forms import FaceForms
from cardgen.render.layout import design_size, layout
from cardgen.render.paper.sheets import _binary_streams, new_canvas
from cardgen.render.png import Raster, _run, tts_dpi
from cardgen.render.tabletop.saved_object import saved_object, saved_object_bytes


@dataclass(frozen=True)
class TabletopDeck:
    """What :func:`write_tabletop` wrote."""

    saved_object: Path
    sheets: list[Path]  # the face sheets, in sheet order
    backs: list[Path]  # one back image, or a back sheet per face sheet (UniqueBack)
    cards: int  # every copy of every card
    cell: tuple[int, int]  # a card's pixels on a sheet


def _back_key(card: Card | None, dark: Mapping[str, Card]) -> Hashable:
    """What tells two backs apart: None for the deck's, else the card's own (a picture,
    or none at all), or in a two-faced deck its dark face (FL-01)."""
    if card is None:
        return None
    return ("dark", dark[card.id].id) if card.id in dark else card.back


def _pages_pdf(deck: Deck, faces: Sequence[Card], backs: Sequence[Card | None], lang: str,
               cell: Raster) -> bytes:
    """A page per face, then a page per back (None: the deck's), each the size of a cell."""
    buffer = io.BytesIO()
    width, height = cell.size.points
    x, y = (cell.page[0] - width) / 2, (cell.page[1] - height) / 2
    with _binary_streams():
        canvas = new_canvas(buffer, cell.page, "tabletop")
        forms = FaceForms(canvas, lang=FaceLanguages(lang), bleed_mm=0.0, size=cell.size,
                          deck_back=deck.back, dark_faces=deck.dark_face_cards())
        for card in faces:
            forms.face(card, x, y)
            canvas.showPage()
        for back in backs:
            forms.back(x, y, back)
            canvas.showPage()
        canvas.save()
    return buffer.getvalue()


def write_tabletop(deck: Deck, out: Path, *, lang: str = "en", players: int | None = None,
                   workers: int | None = None) -> TabletopDeck:
    """Write ``DECK-tts-N.png`` (faces), ``DECK-tts-back.png`` (or ``DECK-tts-back-N.png``
    when the cards' backs differ) and ``DECK.json``, the saved object, into ``out``."""
    settings = layout().png
    columns, rows = settings.tts_columns, settings.tts_rows
    per_sheet = columns * rows - 1  # the last cell is the hidden card's
    listed = deck.card_list(players)
    faces = [card for card, _ in listed]
    backs: dict[Hashable, Card | None] = {None: None}  # the deck's back first, always
    dark = deck.dark_face_cards()
    for card in faces:
        backs.setdefault(_back_key(card, dark), card)
    unique_back = len(backs) > 1
    back_page = {key: len(faces) + index for index, key in enumerate(backs)}
    copies = [(page, card) for page, (card, count) in enumerate(listed) for _ in range(count)]
    chunks = [copies[start:start + per_sheet] for start in range(0, len(copies), per_sheet)]
    size = design_size()
    cell = Raster(size, 0.0, tts_dpi(size))
    made_here = not out.exists()  # a folder this run made goes again if the run fails
    prepare_folder(out)
    # Made in a hidden folder and moved into place once all are made (as `cardgen png`).
    staging = Path(tempfile.mkdtemp(prefix=".cardgen-tts-", dir=out))
    try:
        def sheet(cells: tuple[int, ...], name: str, grid: tuple[int, int]) -> raster.SheetJob:
            return raster.SheetJob(cells, back_page[None], *grid, cell.pixels, cell.dpi,
                                   staging / name)

        face_jobs = [sheet(tuple(page for page, _ in chunk), f"{deck.id}-tts-{number}.png",
                           (columns, rows)) for number, chunk in enumerate(chunks, start=1)]
        if unique_back:
            back_jobs = [sheet(tuple(back_page[_back_key(card, dark)] for _, card in chunk),
                               f"{deck.id}-tts-back-{number}.png", (columns, rows))
                         for number, chunk in enumerate(chunks, start=1)]
        else:  # one cell: the deck's back alone
            back_jobs = [sheet((), f"{deck.id}-tts-back.png", (1, 1))]
        jobs: list[raster.FaceJob | raster.SheetJob] = [*face_jobs, *back_jobs]
        _run(_pages_pdf(deck, faces, list(backs.values()), lang, cell), jobs,
             workers or os.cpu_count() or 1)
        for job in jobs:
            os.replace(job.path, out / job.path.name)
    except BaseException:
        if made_here:
            shutil.rmtree(out, ignore_errors=True)
        raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    sheets = [out / job.path.name for job in face_jobs]
    back_files = [out / job.path.name for job in back_jobs]
    names = [card.name[lang] for _, card in copies]
    state = saved_object(deck.name[lang], names, sheets, back_files, (columns, rows),
                         unique_back)
    path = out / f"{deck.id}.json"
    write_atomic(path, saved_object_bytes(state))
    return TabletopDeck(path, sheets, back_files, len(copies), cell.pixels)
