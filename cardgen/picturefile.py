"""A custom card's picture file: found next to its deck, checked before anything draws it.

A deck names its pictures relative to its own folder. A picture is refused when its
path (through ``..`` or a symbolic link) leads out of that folder, when it is not the
kind of file its name says, when it is damaged, or when it is a PNG too large to decode
(a "decompression bomb": a few kilobytes on disk, gigabytes once unpacked). The checks
read the PNG's header, not its pixels, so loading a deck stays fast.
"""

from __future__ import annotations

import struct
from pathlib import Path

#: The largest PNG cardgen decodes: a face printed at 600 dpi needs about 1300 x 1900
#: pixels, a photo from a phone about 12 million; a bomb has billions.
MAX_PICTURE_PIXELS = 40_000_000
#: The largest picture file cardgen reads (an SVG is parsed whole into memory).
MAX_PICTURE_BYTES = 20_000_000

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def check_picture(picture: str, folder: Path, label: str) -> tuple[Path | None, str | None]:
    """The path of ``picture`` (named in the deck in ``folder``) and what is wrong with it.

    ``label`` names the card for the message ("card 'rain-check'"); a problem is one
    sentence that says what to do, without the deck's file name (the caller adds it).
    """
    path = folder / picture
    try:
        inside = path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):  # a loop of links
        inside = False
    if not inside:
        return None, (f"{label}: picture '{picture}' leads outside the deck's folder (through "
                      "'..', an absolute path or a link); copy the picture next to the "
                      "deck file")
    if not path.is_file():
        return None, f"{label}: picture file '{picture}' was not found next to the deck file"
    size = path.stat().st_size
    if size > MAX_PICTURE_BYTES:
        return None, (f"{label}: picture '{picture}' is {size / 1_000_000:.0f} MB, more than "
                      f"the {MAX_PICTURE_BYTES // 1_000_000} MB cardgen reads; save a "
                      "smaller copy")
    if path.suffix.lower() == ".png":
        problem = _png_problem(path)
        if problem:
            return None, f"{label}: picture '{picture}' {problem}"
    return path, None


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
