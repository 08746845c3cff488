"""An SVG picture's drawing, made once and kept while its files stay as they were.

A deck's check makes each picture's drawing (so that whatever would stop an output
stops the check), and every face, back and rulebook page then draws that same drawing:
each picture is read, measured and converted once a command, where it was converted
once per face before. A drawing is kept with what it stands on (the files read, the
paths references led to): when any of them changes (``cardgen watch`` while the
picture is edited), the picture is made again. A refusal is kept the same way.

A kept drawing is shared: whoever changes it (a CMYK file converting its colours)
changes a copy (:func:`copied`).
"""

from __future__ import annotations

import copy
import os
from collections import OrderedDict
from pathlib import Path
from typing import Any

from cardgen.svgpicture.budget import measure
from cardgen.svgpicture.convert import convert
from cardgen.svgpicture.files import DeckFiles
from cardgen.svgpicture.refused import PictureRefused
from cardgen.svgpicture.sanity import check_drawing
from cardgen.svgpicture.sources import Sources

#: Drawings kept at most, and the shapes and bitmap pixels they may hold together (a
#: drawing of 2,550 rects takes 7 MB, measured with tracemalloc; a bitmap 3 or 4 bytes
#: a pixel): about 80 MB of shapes and 200 MB of bitmaps at most.
_KEPT = 64
_KEPT_SHAPES = 30_000
_KEPT_PIXELS = 50_000_000

#: picture path -> the deck folder it is fenced in (the narrowest it was checked in)
_FOLDERS: dict[Path, Path] = {}
#: (picture path, folder) -> (what it stands on, the drawing or the refusal, its weight)
_KEPT_DRAWINGS: OrderedDict[tuple[Path, Path], tuple[DeckFiles, Any, tuple[int, int]]] = \
    OrderedDict()


def picture_drawing(path: Path, folder: Path | None = None) -> Any:
    """The drawing of the SVG picture ``path``, of a deck in ``folder``; PictureRefused
    with the problem. Without ``folder``: the folder of the deck the picture was checked
    for, else the picture's own folder (the narrowest fence)."""
    path = Path(os.path.abspath(path))
    folder = _fence(path, folder)
    key = (path, folder)
    kept = _KEPT_DRAWINGS.get(key)
    if kept is None or not kept[0].still_current():
        kept = _made(path, folder)
        _KEPT_DRAWINGS[key] = kept
        _forget_old()
    _KEPT_DRAWINGS.move_to_end(key)
    if isinstance(kept[1], PictureRefused):
        raise PictureRefused(kept[1].problem)
    return kept[1]


def copied(drawing: Any) -> Any:
    """A copy of a kept drawing to change: its shapes copied, its bitmaps (which no one
    changes in place) shared."""
    from reportlab.graphics.shapes import Image

    shared: dict[int, Any] = {}

    def collect(node: Any) -> None:
        for child in getattr(node, "contents", ()):
            if isinstance(child, Image) and hasattr(child.path, "mode"):
                shared[id(child.path)] = child.path
            collect(child)

    collect(drawing)
    return copy.deepcopy(drawing, shared)


def _fence(path: Path, folder: Path | None) -> Path:
    if folder is None:
        return _FOLDERS.get(path, path.parent)
    folder = Path(os.path.abspath(folder))
    known = _FOLDERS.get(path)
    if known is None or folder.is_relative_to(known):
        _FOLDERS[path] = folder
    return folder


def _made(path: Path, folder: Path) -> tuple[DeckFiles, Any, tuple[int, int]]:
    files = DeckFiles(folder)
    sources = Sources(files)
    try:
        sources.open_picture(path, os.path.relpath(path, folder))
        cost = measure(sources)
        drawing = convert(sources)
        check_drawing(drawing)
    except PictureRefused as refused:
        return files, refused, (0, 0)
    finally:
        files.forget_contents()
    return files, drawing, (cost.shapes, cost.pixels)


def _forget_old() -> None:
    while len(_KEPT_DRAWINGS) > 1:
        weights = [kept[2] for kept in _KEPT_DRAWINGS.values()]
        if (len(weights) <= _KEPT and sum(w[0] for w in weights) <= _KEPT_SHAPES
                and sum(w[1] for w in weights) <= _KEPT_PIXELS):
            return
        _KEPT_DRAWINGS.popitem(last=False)
