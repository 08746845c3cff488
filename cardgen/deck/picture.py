"""A custom card's picture file: found next to its deck, checked before anything draws it.

A deck names its pictures relative to its own folder. A picture is refused when its
path (through ``..`` or a symbolic link) leads out of that folder, when it is not the
kind of file its name says, when it is not a regular file, when it is damaged, or when
it is a PNG too large to decode (a "decompression bomb": a few kilobytes on disk,
gigabytes once unpacked). The checks read the PNG's header, not its pixels, so loading
a deck stays fast. An SVG picture is made into the very drawing the faces draw
(:mod:`cardgen.svgpicture`: every file it refers to fenced in the deck's folder, its
work budgeted), so that a picture the outputs could not draw is refused when the deck
is read, with the reason.
"""

from __future__ import annotations

import os
import stat
import struct
from pathlib import Path

from cardgen.svgpicture.document import PNG_SIGNATURE
from cardgen.svgpicture.limits import MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS

__all__ = ["MAX_PICTURE_BYTES", "MAX_PICTURE_PIXELS", "check_picture"]


def check_picture(picture: str, folder: Path, label: str) -> tuple[Path | None, str | None]:
    """The path of ``picture`` (named in the deck in ``folder``) and what is wrong with it.

    ``label`` names the card for the message ("card 'rain-check'"); a problem is one
    sentence that says what to do, without the deck's file name (the caller adds it).
    """
    if "\x00" in picture:  # no file system takes it: Python refuses such a path outright
        return None, (f"{label}: the name of its picture holds a NUL character (\\u0000); "
                      "write the picture file's name as it is")
    path = folder / picture
    try:
        inside = path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):  # a loop of links
        inside = False
    if not inside:
        return None, (f"{label}: picture '{picture}' leads outside the deck's folder (through "
                      "'..', an absolute path or a link); copy the picture next to the "
                      "deck file")
    try:
        info = os.stat(path)
    except OSError:
        return None, f"{label}: picture file '{picture}' was not found next to the deck file"
    if not stat.S_ISREG(info.st_mode):
        return None, (f"{label}: picture '{picture}' is not a regular file (a folder, a "
                      "FIFO, a device or a socket); name a picture file")
    size = info.st_size
    if size > MAX_PICTURE_BYTES:
        return None, (f"{label}: picture '{picture}' is {size / 1_000_000:.0f} MB, more than "
                      f"the {MAX_PICTURE_BYTES // 1_000_000} MB cardgen reads; save a "
                      "smaller copy")
    if path.suffix.lower() == ".png":
        problem = _png_problem(path)
        if problem:
            return None, f"{label}: picture '{picture}' {problem}"
    elif path.suffix.lower() == ".svg":
        problem = _svg_problem(path, folder)
        if problem:
            # The path stays: the deck is refused anyway, and a face drawn from it all
            # the same (by code that skips the check) fails with the same reason.
            return path, f"{label}: picture '{picture}' {problem}"
    return path, None


def _svg_problem(path: Path, folder: Path) -> str | None:
    """What keeps the SVG picture ``path`` (of the deck in ``folder``) from being drawn:
    a phrase that follows the picture's name and says what to do. Its drawing is made
    here, and kept for the outputs to draw."""
    from cardgen.svgpicture.load import picture_drawing
    from cardgen.svgpicture.refused import PictureRefused

    try:
        picture_drawing(path, folder)
    except PictureRefused as refused:
        return refused.problem
    return None


def _png_problem(path: Path) -> str | None:
    try:
        with path.open("rb") as handle:
            head = handle.read(24)
    except OSError as exc:
        return f"cannot be read ({exc.strerror}); check its permissions"
    if len(head) < 24 or not head.startswith(PNG_SIGNATURE) or head[12:16] != b"IHDR":
        return "is not a PNG file; save it again as PNG (or SVG)"
    width, height = struct.unpack(">II", head[16:24])
    if width * height > MAX_PICTURE_PIXELS:
        return (f"is {width} x {height} pixels, more than the {MAX_PICTURE_PIXELS:,} pixels "
                "cardgen decodes; scale it down (a face needs about 1300 x 1900)")
    from PIL import Image

    try:
        with Image.open(path) as image:
            image.verify()
    except Exception:  # Pillow reports a damaged file with many kinds of error
        return "is damaged (it cannot be decoded); save it again as PNG (or SVG)"
    return None
