"""``cardgen pictograms -o FILE.pdf``: one page showing every pictogram drawn with its
name, so that a designer sees what ``pictogram = "…"`` puts on a card."""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.outputs import write_atomic
from cardgen.render.layout import layout
from cardgen.render.pictograms import draw_pictogram
from cardgen.typography import registered

#: The grid: columns across the page, the side of a cell and of the pictogram in it.
COLUMNS = 6
CELL_MM = 30.0
PICTOGRAM_MM = 15.0
INK = HexColor("#1A1A1A")


def pictogram_page(names: list[str], title: str, notes: list[str], paper: str = "a4"
                   ) -> bytes:
    """The page (more if need be) of pictograms ``names``, each with its name below,
    under a title and a line per note."""
    width, height = (layout().papers[paper].width_mm * mm, layout().papers[paper].height_mm * mm)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, pageCompression=1,
                    initialFontName=registered("Sans"))
    canvas.setTitle(title)
    canvas.setCreator("cardgen")
    cell = CELL_MM * mm
    left = (width - COLUMNS * cell) / 2
    rows_per_page = int((height - 60 * mm) // cell)
    for start in range(0, len(names), COLUMNS * rows_per_page):
        canvas.setFillColor(INK)
        canvas.setFont(registered("Sans-Bold"), 16)
        canvas.drawString(left, height - 25 * mm, title)
        canvas.setFont(registered("Sans"), 9)
        for line, note in enumerate(notes):
            canvas.drawString(left, height - (32 + 5 * line) * mm, note)
        top = height - (40 + 5 * len(notes)) * mm
        for index, name in enumerate(names[start:start + COLUMNS * rows_per_page]):
            row, column = divmod(index, COLUMNS)
            cx = left + (column + 0.5) * cell
            cy = top - (row + 0.45) * cell
            draw_pictogram(canvas, name, cx, cy + 2 * mm, PICTOGRAM_MM * mm, INK)
            canvas.setFillColor(INK)
            canvas.setFont(registered("Sans"), 8)
            canvas.drawCentredString(cx, cy - PICTOGRAM_MM * mm / 2 - 3 * mm, name)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def write_pictogram_page(path: Path, names: list[str], title: str, notes: list[str]
                         ) -> Path:
    write_atomic(path, pictogram_page(names, title, notes))
    return path
