"""A deck for Tabletop Simulator: its sheets of faces, its back, and a saved object.

TTS builds a custom deck from grid images of at most 10 x 7 cells, read row by row; the
last cell of a face sheet is the image shown for a card hidden in someone's hand (here
the back), so a sheet holds 69 cards. The saved object is TTS's JSON: one ``DeckCustom``
whose ``CustomDeck`` has an entry per sheet (keyed "1", "2"…: its face and back image,
its grid), ``DeckIDs`` giving every copy as sheet number x 100 + its cell, and one
``Card`` per copy in ``ContainedObjects``, named in the chosen language. A deck whose
cards have several backs (a card's own back picture, a card with none) gets a sheet of
backs laid out as its faces, and ``UniqueBack``: each card then shows its own back.

The images are the renderer's faces (the sheets' drawing, rasterised with pdfium as in
:mod:`.png`), the JSON written with its keys sorted: the same deck, language and folder
give the same bytes. The image addresses are ``file:///`` URIs of the files written,
which TTS opens on the machine that wrote them (docs/playing.md says how to upload
them for a game online).
"""

from __future__ import annotations

import io
import json
import os
import shutil
import tempfile
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.catalogue import Card
from cardgen.deck.load import Deck
from cardgen.outputs import prepare_folder, write_atomic
from cardgen.render import raster
from cardgen.render.faces import Lang
from cardgen.render.forms import FaceForms
from cardgen.render.layout import design_size, layout
from cardgen.render.paper.sheets import _binary_streams, new_canvas
from cardgen.render.png import Raster, _run, tts_dpi

#: What TTS writes for an object nobody has moved or tinted: at the table's centre, one
#: unit up, face down (rotated 180 degrees about z), the default grey tint.
_TRANSFORM = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
              "rotZ": 180.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}
_TINT = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}
_FLAGS = {"Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True,
          "Tooltip": True, "GridProjection": False, "HideWhenFaceDown": True,
          "SidewaysCard": False, "Description": "", "GMNotes": "", "LuaScript": "",
          "LuaScriptState": "", "XmlUI": ""}
#: The card id of a sheet's cell: sheet number x 100 + the cell's index (TTS's rule).
ID_PER_SHEET = 100


@dataclass(frozen=True)
class TabletopDeck:
    """What :func:`write_tabletop` wrote."""

    saved_object: Path
    sheets: list[Path]  # the face sheets, in sheet order
    backs: list[Path]  # one back image, or a back sheet per face sheet (UniqueBack)
    cards: int  # every copy of every card
    cell: tuple[int, int]  # a card's pixels on a sheet


def _back_key(card: Card | None) -> Hashable:
    """What tells two backs apart: None for the deck's, else the card's own (a picture,
    or none at all)."""
    return None if card is None else card.back


def _pages_pdf(deck: Deck, faces: Sequence[Card], backs: Sequence[Card | None], lang: Lang,
               cell: Raster) -> bytes:
    """A page per face, then a page per back (None: the deck's), each the size of a cell."""
    buffer = io.BytesIO()
    width, height = cell.size.points
    x, y = (cell.page[0] - width) / 2, (cell.page[1] - height) / 2
    with _binary_streams():
        canvas = new_canvas(buffer, cell.page, "tabletop")
        forms = FaceForms(canvas, lang=lang, bleed_mm=0.0, size=cell.size,
                          deck_back=deck.back)
        for card in faces:
            forms.face(card, x, y)
            canvas.showPage()
        for back in backs:
            forms.back(x, y, back)
            canvas.showPage()
        canvas.save()
    return buffer.getvalue()


def write_tabletop(deck: Deck, out: Path, *, lang: Lang = "en", players: int | None = None,
                   workers: int | None = None) -> TabletopDeck:
    """Write ``DECK-tts-N.png`` (faces), ``DECK-tts-back.png`` (or ``DECK-tts-back-N.png``
    when the cards' backs differ) and ``DECK.json``, the saved object, into ``out``."""
    settings = layout().png
    columns, rows = settings.tts_columns, settings.tts_rows
    per_sheet = columns * rows - 1  # the last cell is the hidden card's
    listed = deck.card_list(players)
    faces = [card for card, _ in listed]
    backs: dict[Hashable, Card | None] = {None: None}  # the deck's back first, always
    for card in faces:
        backs.setdefault(_back_key(card), card)
    unique_back = len(backs) > 1
    back_page = {key: len(faces) + index for index, key in enumerate(backs)}
    copies = [(page, card) for page, (card, count) in enumerate(listed) for _ in range(count)]
    chunks = [copies[start:start + per_sheet] for start in range(0, len(copies), per_sheet)]
    size = design_size()
    cell = Raster(size, 0.0, tts_dpi(size))
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
            back_jobs = [sheet(tuple(back_page[_back_key(card)] for _, card in chunk),
                               f"{deck.id}-tts-back-{number}.png", (columns, rows))
                         for number, chunk in enumerate(chunks, start=1)]
        else:  # one cell: the deck's back alone
            back_jobs = [sheet((), f"{deck.id}-tts-back.png", (1, 1))]
        jobs: list[raster.FaceJob | raster.SheetJob] = [*face_jobs, *back_jobs]
        _run(_pages_pdf(deck, faces, list(backs.values()), lang, cell), jobs,
             workers or os.cpu_count() or 1)
        for job in jobs:
            os.replace(job.path, out / job.path.name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    sheets = [out / job.path.name for job in face_jobs]
    back_files = [out / job.path.name for job in back_jobs]
    names = [card.name[lang] for _, card in copies]
    state = saved_object(deck.name[lang], names, sheets, back_files, (columns, rows),
                         unique_back)
    path = out / f"{deck.id}.json"
    write_atomic(path, (json.dumps(state, indent=2, sort_keys=True, ensure_ascii=False)
                        + "\n").encode())
    return TabletopDeck(path, sheets, back_files, len(copies), cell.pixels)


def saved_object(title: str, names: Sequence[str], sheets: Sequence[Path],
                 backs: Sequence[Path], grid: tuple[int, int],
                 unique_back: bool) -> dict[str, Any]:
    """The saved object of a deck named ``title`` whose copies, named ``names`` in order,
    fill ``sheets`` cell by cell (69 a sheet); ``backs`` has one image, or one per sheet
    when the backs differ."""
    columns, rows = grid
    per_sheet = columns * rows - 1
    decks = {str(number): {
        "FaceURL": face.resolve().as_uri(),
        "BackURL": (backs[number - 1] if unique_back else backs[0]).resolve().as_uri(),
        "NumWidth": columns, "NumHeight": rows, "BackIsHidden": True,
        "UniqueBack": unique_back, "Type": 0} for number, face in enumerate(sheets, start=1)}
    ids = [(index // per_sheet + 1) * ID_PER_SHEET + index % per_sheet
           for index in range(len(names))]
    cards = [{"Name": "Card", "Nickname": name, "CardID": card_id, "Hands": True,
              "CustomDeck": {str(card_id // ID_PER_SHEET): decks[str(card_id // ID_PER_SHEET)]},
              "Transform": _TRANSFORM, "ColorDiffuse": _TINT, **_FLAGS}
             for name, card_id in zip(names, ids, strict=True)]
    deck = {"Name": "DeckCustom", "Nickname": title, "DeckIDs": ids, "CustomDeck": decks,
            "ContainedObjects": cards, "Hands": False, "Transform": _TRANSFORM,
            "ColorDiffuse": _TINT, **_FLAGS}
    # A saved object is a save file whose outer fields are left empty (or at their
    # defaults): TTS names it by its file and keeps only its objects.
    return {"SaveName": "", "GameMode": "", "GameType": "", "GameComplexity": "",
            "Tags": [], "Date": "", "VersionNumber": "", "Gravity": 0.5, "PlayArea": 0.5,
            "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
            "LuaScriptState": "", "TabStates": {}, "ObjectStates": [deck]}
