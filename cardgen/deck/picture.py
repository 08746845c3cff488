"""A custom card's picture file: found next to its deck, checked before anything draws it.

A deck names its pictures relative to its own folder. A picture is refused when its
path (through ``..`` or a symbolic link) leads out of that folder, when it is not the
kind of file its name says, when it is damaged, or when it is a PNG too large to decode
(a "decompression bomb": a few kilobytes on disk, gigabytes once unpacked). The checks
read the PNG's header, not its pixels, so loading a deck stays fast. An SVG is parsed
as strict XML (svglib, which draws it, silently mends broken XML, or gives up with no
reason), then turned into a drawing the way the faces draw it, so that a picture the
sheets could not draw is refused when the deck is read, with the reason.
"""

from __future__ import annotations

import contextlib
import logging
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.parsers import expat

#: The largest PNG cardgen decodes: a face printed at 600 dpi needs about 1300 x 1900
#: pixels, a photo from a phone about 12 million; a bomb has billions.
MAX_PICTURE_PIXELS = 40_000_000
#: The largest picture file cardgen reads (an SVG is parsed whole into memory).
MAX_PICTURE_BYTES = 20_000_000

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: What the first bytes of an image file that is not an SVG say it is.
IMAGE_SIGNATURES = {PNG_SIGNATURE: "PNG", b"\xff\xd8\xff": "JPEG", b"GIF8": "GIF",
                    b"%PDF": "PDF"}


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
    elif path.suffix.lower() == ".svg":
        _, problem = svg_drawing(path, quiet=True)
        if problem:
            # The path stays: the deck is refused anyway, and a face drawn from it all
            # the same (by code that skips the check) fails with the same reason.
            return path, f"{label}: picture '{picture}' {problem}"
    return path, None


def svg_drawing(path: Path, quiet: bool = False) -> tuple[Any, str | None]:
    """The drawing svglib makes of the SVG file ``path``, or (None and) what is wrong.

    The problem is a phrase that follows the picture's name ("'sun.svg' is not …") and
    says what to do. ``quiet`` silences svglib's own log lines (while a deck is read).
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        return None, f"cannot be read ({exc.strerror}); check its permissions"
    problem = _svg_xml_problem(data)
    if problem:
        return None, problem
    from svglib.svglib import svg2rlg

    try:
        with _svglib_silenced(quiet):
            drawing = svg2rlg(str(path))
    except Exception as exc:  # svglib raises errors of many kinds on odd attributes
        return None, (f"is an SVG picture svglib cannot draw ({exc}); save it again as "
                      "plain SVG from a drawing program, or use a PNG")
    if drawing is None or not drawing.width > 0 or not drawing.height > 0:
        return None, ("is an SVG picture with no size; give its <svg> element a width and "
                      "a height, or a viewBox")
    return drawing, None


def _svg_xml_problem(data: bytes) -> str | None:
    """What keeps ``data`` from being an SVG document, if anything: another kind of
    image, text that is not well-formed XML (with the line), or XML of another kind."""
    for signature, kind in IMAGE_SIGNATURES.items():
        if data.startswith(signature):
            fix = ("rename the file to end in .png, and its 'picture' in the deck too"
                   if kind == "PNG" else "save it again as PNG or SVG")
            return f"is a {kind} image, not an SVG picture; {fix}"
    roots: list[str] = []  # the first element's name (only the first is kept)

    def start(name: str, attributes: object) -> None:
        if not roots:
            roots.append(name)

    parser = expat.ParserCreate()
    parser.StartElementHandler = start
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        reason = expat.errors.messages[exc.code]
        return (f"is not a usable SVG picture: its XML breaks at line {exc.lineno}, column "
                f"{exc.offset + 1} ({reason}); the file may be cut short or damaged, save "
                "it again as SVG from a drawing program")
    root = roots[0].rpartition(":")[2] if roots else ""
    if root != "svg":
        return (f"is XML but not an SVG picture (its root element is <{root}>, not <svg>); "
                "save it again as SVG")
    return None


@contextlib.contextmanager
def _svglib_silenced(quiet: bool) -> Iterator[None]:
    """Keep svglib's log lines (about features it leaves out) off the terminal."""
    logger = logging.getLogger("svglib.svglib")
    before = logger.disabled
    logger.disabled = before or quiet
    try:
        yield
    finally:
        logger.disabled = before


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
