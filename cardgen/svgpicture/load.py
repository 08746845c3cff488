"""An SVG picture's drawing, made of its files read inside the fence, once measured.

The deck's check makes each picture's drawing (so that whatever would stop an output
stops the check); every face and back makes it again, the same way. A picture is fenced
in the folder of the deck that names it: the one given, else the one it was checked
for, else its own folder (the narrowest).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from cardgen.svgpicture.budget import measure
from cardgen.svgpicture.convert import convert
from cardgen.svgpicture.files import DeckFiles
from cardgen.svgpicture.sanity import check_drawing
from cardgen.svgpicture.sources import Sources

#: picture path -> the deck folder it is fenced in (the narrowest it was checked in)
_FOLDERS: dict[Path, Path] = {}


def picture_drawing(path: Path, folder: Path | None = None) -> Any:
    """The drawing of the SVG picture ``path``, of a deck in ``folder``, checked to be
    drawable; PictureRefused with the problem."""
    path = Path(os.path.abspath(path))
    folder = _fence(path, folder)
    sources = Sources(DeckFiles(folder))
    sources.open_picture(path, os.path.relpath(path, folder))
    measure(sources)  # before svglib starts: what it would draw, within the budget
    drawing = convert(sources)
    check_drawing(drawing)
    return drawing


def _fence(path: Path, folder: Path | None) -> Path:
    if folder is None:
        return _FOLDERS.get(path, path.parent)
    folder = Path(os.path.abspath(folder))
    known = _FOLDERS.get(path)
    if known is None or folder.is_relative_to(known):
        _FOLDERS[path] = folder
    return folder
