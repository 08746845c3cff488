"""The fence: every file an SVG picture pulls in, read only from inside its deck's folder.

A picture names other files by relative references (``<image href="cat.png">``,
``<use href="parts.svg#tail">``). Each one is followed here and nowhere else: the path
it leads to, symbolic links and ``..`` resolved, must lie in the deck's folder; the file
must be a regular file (a FIFO would make cardgen wait for ever, ``/dev/zero`` never
ends), checked before it is opened and again once open; and all the files of one
picture together stay under :data:`~.limits.MAX_PICTURE_BYTES`. Each file is read once,
whole, and nothing else (svglib, Pillow, reportlab) ever opens it by its path.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.svgpicture.limits import MAX_PICTURE_BYTES
from cardgen.svgpicture.refused import PictureRefused

#: A URL scheme ("http:", "file:", "data:"): references with one are no file names.
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")

_NOT_REGULAR = "is not a regular file (a FIFO, a device or a socket)"
#: How a file is opened: non-blocking, so that a file swapped for a FIFO after it was
#: checked does not wait for a writer (the check once open refuses it), and never as
#: the controlling terminal. (Flags a system lacks are left out.)
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


def has_scheme(reference: str) -> bool:
    return bool(_SCHEME.match(reference))


@dataclass
class DeckFiles:
    """The files one picture of the deck in ``folder`` reads, and what they weigh."""

    folder: Path
    read_bytes: int = 0
    _contents: dict[Path, bytes] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.folder = self.folder.resolve()

    def resolve_picture(self, path: Path) -> Path:
        """The real path of the picture file itself (``path``, in the deck's folder)."""
        real = _followed(path)
        if real is None and not os.path.lexists(path):
            raise PictureRefused("was not found next to the deck file")
        if real is None or not real.is_relative_to(self.folder):
            raise PictureRefused("leads outside the deck's folder (through '..', an absolute "
                                 "path or a link); copy the picture next to the deck file")
        return real

    def resolve(self, reference: str, document: Path, said: str) -> Path:
        """The real path of the file ``reference`` names from the SVG file ``document``
        (the path it was reached by). ``said`` is how a refusal names the reference
        ("has an <image> 'x.png'"), and it becomes the start of the problem."""
        if has_scheme(reference):
            raise PictureRefused(
                f"{said}, a web address or another URL; cardgen draws only files in the "
                "deck's folder: save that file there and refer to it by its name")
        if os.path.isabs(reference):
            raise PictureRefused(
                f"{said}, an absolute path; copy that file into the deck's folder and "
                "refer to it by a path relative to the picture")
        joined = document.parent / reference
        real = _followed(joined)
        if real is None:
            reason = ("was not found" if not os.path.lexists(joined) else "cannot be followed "
                      "(a broken link, a loop of links or a name too long)")
            raise PictureRefused(f"{said}, which {reason}; put the file next to the picture, "
                                 "or correct the reference")
        if not real.is_relative_to(self.folder):
            raise PictureRefused(
                f"{said}, which leads outside the deck's folder (through '..', an "
                "absolute path or a link); copy that file into the deck's folder and "
                "refer to it from there")
        return real

    def read(self, real: Path, said: str | None) -> bytes:
        """The bytes of the file at ``real`` (inside the folder: see :meth:`resolve`);
        ``said`` names the reference that leads there, None for the picture itself."""
        if real in self._contents:
            return self._contents[real]
        try:
            info = os.stat(real)
            # Checked before opening: opening a device or a FIFO can itself wait or act.
            if not stat.S_ISREG(info.st_mode):
                raise _refusal(said, _NOT_REGULAR, "refer to a picture file")
            data = self._read_regular(real, said)
        except OSError as exc:
            raise _refusal(said, f"cannot be read ({exc.strerror})",
                           "check its permissions") from None
        self._contents[real] = data
        return data

    def _read_regular(self, real: Path, said: str | None) -> bytes:
        left = MAX_PICTURE_BYTES - self.read_bytes
        handle = os.open(real, _OPEN_FLAGS)
        try:
            info = os.fstat(handle)
            if not stat.S_ISREG(info.st_mode):
                raise _refusal(said, _NOT_REGULAR, "refer to a picture file")
            chunks: list[bytes] = []
            size = 0
            # Read to the budget and a byte more, whatever the size said: a file that
            # grows while it is read is refused too.
            while size <= left and (chunk := os.read(handle, min(1 << 20, left + 1 - size))):
                chunks.append(chunk)
                size += len(chunk)
            if size > left:
                raise _refusal(said, f"takes the picture past the {MAX_PICTURE_BYTES // 1_000_000}"
                               " MB cardgen reads for one picture, with every file it refers to",
                               "save smaller copies")
        finally:
            os.close(handle)
        self.read_bytes += size
        return b"".join(chunks)

def _followed(path: Path) -> Path | None:
    """The real path ``path`` leads to, links followed; None when nothing is there (or
    a loop of links, or a name too long, is in the way)."""
    try:
        return path.resolve(strict=True)
    except (OSError, RuntimeError, ValueError):  # ValueError: a NUL byte in the name
        return None


def _refusal(said: str | None, what: str, fix: str) -> PictureRefused:
    """A problem with a file: the picture itself ("is not …") or one it refers to
    ("has an <image> 'x.png', which is not …")."""
    return PictureRefused(f"{what}; {fix}" if said is None else f"{said}, which {what}; {fix}")
