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

import hashlib
import os
import re
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.svgpicture.limits import MAX_PICTURE_BYTES
from cardgen.svgpicture.refused import PictureRefused

#: What a file looked like when it was read: a drawing made from it is stale once any of
#: these change (device, inode, size, modification time in ns).
Signature = tuple[int, int, int, int]

#: A file changed this recently (ns) may change again within the same tick of the file
#: system's clock, its signature unchanged: its contents are kept as a digest, to be
#: compared, as git does for the "racily clean" files of its index.
_RACY_NS = 2_000_000_000

#: A URL scheme ("http:", "file:", "data:"): references with one are no file names.
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")

_NOT_REGULAR = "is not a regular file (a FIFO, a device or a socket)"
#: How a file is opened: non-blocking, so that a file swapped for a FIFO after it was
#: checked does not wait for a writer (the check once open refuses it), and never as
#: the controlling terminal. (Flags a system lacks are left out.)
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


def signature_of(info: os.stat_result) -> Signature:
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


def has_scheme(reference: str) -> bool:
    return bool(_SCHEME.match(reference))


@dataclass
class DeckFiles:
    """The files one picture of the deck in ``folder`` reads, and what they weigh."""

    folder: Path
    read_bytes: int = 0
    #: real path -> its signature, for every file looked at (what a drawing stands on)
    signatures: dict[Path, Signature] = field(default_factory=dict)
    #: every path a reference was followed to -> the real path it led to (None: none)
    resolutions: dict[Path, Path | None] = field(default_factory=dict)
    #: real path -> digest of its contents, for the files read just after a change
    racy: dict[Path, bytes] = field(default_factory=dict)
    _contents: dict[Path, bytes] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.folder = self.folder.resolve()

    def resolve_picture(self, path: Path) -> Path:
        """The real path of the picture file itself (``path``, in the deck's folder)."""
        real = _followed(path)
        self.resolutions[path] = real
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
        self.resolutions[joined] = real
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
            self.signatures[real] = signature_of(info)  # a refusal holds while it is so
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
        self.signatures[real] = signature_of(info)  # as it was when read
        data = b"".join(chunks)
        if info.st_mtime_ns > time.time_ns() - _RACY_NS:
            self.racy[real] = hashlib.sha256(data).digest()
        return data

    def forget_contents(self) -> None:
        """Drop the bytes read (a kept drawing keeps only what tells a change)."""
        self._contents.clear()

    def still_current(self) -> bool:
        """Whether every reference still leads where it led, and every file looked at is
        still as it was: then a drawing made of them (or a refusal) still holds."""
        if any(_followed(joined) != real for joined, real in self.resolutions.items()):
            return False
        try:
            if any(signature_of(os.stat(path)) != signature
                   for path, signature in self.signatures.items()):
                return False
            return all(_digest(path) == digest for path, digest in self.racy.items())
        except OSError:
            return False


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


def _digest(path: Path) -> bytes:
    """The digest of a regular file's contents (it was one, of this size, just now)."""
    handle = os.open(path, _OPEN_FLAGS)
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise OSError("no longer a regular file")
        digest = hashlib.sha256()
        while chunk := os.read(handle, 1 << 20):
            digest.update(chunk)
        return digest.digest()
    finally:
        os.close(handle)
