"""Pages of the faces PDF made into PNG files, in worker processes.

`cardgen png` draws every image it writes as a page of one PDF (:mod:`.png`); this
module turns pages into files: pdfium rasterises a page, and the PNG is written here
rather than by Pillow (see :class:`PngWriter`). Every file is the work of one job,
written as it is made, so the files do not depend on how many workers share the jobs.
A Tabletop Simulator sheet is written a row of cards at a time: the whole sheet (4090 x
4270 pixels, 50 MiB) is never in memory.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import pypdfium2 as pdfium  # type: ignore[import-untyped]
from PIL import Image

from cardgen.outputs import atomic_path

#: zlib level. Measured on every image of `cardgen png` at 300 dpi (classic / unplugged):
#: levels 1 to 3 take the same time (0.85 s), 3 making the smallest files (3.9 / 6.2 MiB,
#: about what Pillow's default made before: 3.4 / 5.9 MiB); level 4 makes them a fifth
#: smaller but takes 60 % longer, 6 nearly twice as long. Encoding is most of the work.
LEVEL = 3


class PngWriter:
    """An RGB PNG written row by row, each row unfiltered.

    Pillow tries the five PNG filters on every row and keeps the best guess; on card
    faces (flat colours, sharp edges) unfiltered rows compress better still (an eighth
    smaller), in a third to a half of Pillow's time at the same zlib level. Writing our
    own rows also lets a sheet be written in strips.
    """

    def __init__(self, handle: BinaryIO, width: int, height: int,
                 dpi: float | None = None) -> None:
        self.handle, self.stride = handle, width * 3
        self.compressor = zlib.compressobj(LEVEL)
        handle.write(b"\x89PNG\r\n\x1a\n")
        # 8 bits a sample, colour type 2 (RGB), deflate, a filter type per row, no interlace
        self._chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        if dpi:  # pixels per metre, rounded as Pillow does
            per_metre = int(dpi / 0.0254 + 0.5)
            self._chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))

    def rows(self, image: Image.Image) -> None:
        """Append the rows of an RGB image as wide as the PNG."""
        data = image.tobytes()
        # Each row starts with its filter type: 0, none.
        lines = b"".join(b"\x00" + data[start:start + self.stride]
                         for start in range(0, len(data), self.stride))
        self._idat(self.compressor.compress(lines))

    def close(self) -> None:
        self._idat(self.compressor.flush())
        self._chunk(b"IEND", b"")

    def _idat(self, data: bytes) -> None:
        if data:
            self._chunk(b"IDAT", data)

    def _chunk(self, kind: bytes, data: bytes) -> None:
        self.handle.write(struct.pack(">I", len(data)) + kind + data
                          + struct.pack(">I", zlib.crc32(kind + data)))


@dataclass(frozen=True)
class FaceJob:
    """Page ``page`` as an image of ``pixels`` at ``dpi``, saved to ``path``."""

    page: int
    pixels: tuple[int, int]
    dpi: int
    path: Path


@dataclass(frozen=True)
class SheetJob:
    """A Tabletop Simulator sheet: ``cells`` (page numbers, row by row) in a grid of
    ``columns`` x ``rows`` cells of ``cell`` pixels, page ``back`` in the last cell."""

    cells: tuple[int, ...]
    back: int
    columns: int
    rows: int
    cell: tuple[int, int]
    dpi: float
    path: Path


_document: pdfium.PdfDocument | None = None


def open_document(pdf: bytes) -> None:
    """Open the faces PDF in this process (a pool's initializer)."""
    global _document
    _document = pdfium.PdfDocument(pdf)


def render(page_number: int, dpi: float, pixels: tuple[int, int]) -> Image.Image:
    """A page as an RGB image of exactly ``pixels`` (its size at ``dpi``)."""
    assert _document is not None, "open_document first"
    page = _document[page_number]
    try:
        # In RGB order, pdfium's bitmap is Pillow's image as it is, with no conversion.
        image: Image.Image = page.render(scale=dpi / 72, rev_byteorder=True).to_pil()
        # pdfium rounds up; a float error must not add a row of pixels.
        return image.crop((0, 0, *pixels))
    finally:
        page.close()


def run(job: FaceJob | SheetJob) -> Path:
    """Make and write the file of one job."""
    with atomic_path(job.path) as temp, temp.open("wb") as handle:
        if isinstance(job, FaceJob):
            png = PngWriter(handle, *job.pixels, dpi=job.dpi)
            png.rows(render(job.page, job.dpi, job.pixels))
            png.close()
        else:
            _write_sheet(job, handle)
    return job.path


def _write_sheet(job: SheetJob, handle: BinaryIO) -> None:
    width, height = job.cell
    png = PngWriter(handle, width * job.columns, height * job.rows)
    cells = dict(enumerate(job.cells))
    cells[job.columns * job.rows - 1] = job.back
    shown: tuple[int, Image.Image] | None = None
    for row in range(job.rows):
        strip = Image.new("RGB", (width * job.columns, height), "white")
        for column in range(job.columns):
            page = cells.get(row * job.columns + column)
            if page is None:
                continue
            if shown is None or shown[0] != page:  # the copies of a card are side by side
                shown = (page, render(page, job.dpi, job.cell))
            strip.paste(shown[1], (column * width, 0))
        png.rows(strip)
    png.close()
