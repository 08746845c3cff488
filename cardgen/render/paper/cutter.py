"""Sheets for a cutting machine: its registration marks on every page of faces, the
cards laid inside them, and a cut file of the card outlines with their rounded corners.

The machine finds the marks with its optical sensor, then cuts the outlines of the cut
file, which the user opens in the machine's software over the same page. The outlines
are the faces' trim lines, taken from the same grid that placed the faces, so the two
files agree to the drawing's precision. Only Silhouette's marks are drawn: Cricut Design
Space prints marks of its own around the images it is given, and reads none.
"""

from __future__ import annotations

import io
import math
import tomllib
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any, Literal

from reportlab.lib.colors import HexColor

from cardgen.errors import CardgenError
from cardgen.render.layout import CardSize, layout, pt
from cardgen.render.paper.imposition import Grid, grid_for

Cutter = Literal["silhouette"]
CUTTER_CHOICES: tuple[Cutter, ...] = ("silhouette",)
CutFile = Literal["svg", "dxf"]
CUT_FILE_CHOICES: tuple[CutFile, ...] = ("svg", "dxf")
MM_PER_PT = 25.4 / 72
#: How far the margin text stays from the line of the marks.
TEXT_CLEARANCE_MM = 1.5


@dataclass(frozen=True)
class CutterMarks:
    """A machine's registration marks and how close cards may come, in millimetres."""

    inset_mm: float
    square_mm: float
    length_mm: float
    thickness_mm: float
    keep_out_mm: float
    gutter_mm: float
    corner_radius_mm: float


@cache
def cutter_marks(name: Cutter) -> CutterMarks:
    """The [cutter.NAME] table of layout.toml."""
    with resources.files("cardgen.data").joinpath("layout.toml").open("rb") as handle:
        table = tomllib.load(handle)["cutter"][name]
    return CutterMarks(**table)


def cutter_grid(name: Cutter, paper: str, bleed_mm: float, size: CardSize) -> Grid:
    """As many cards as fit inside the marks, each with its bleed, a gutter between."""
    marks = cutter_marks(name)
    inset = pt(marks.inset_mm + marks.square_mm + marks.keep_out_mm)
    grid = grid_for(paper, bleed_mm, size, "separate", room_inset=(inset, inset),
                    gutter_mm=marks.gutter_mm)
    # The margin text and the ruler stay outside the marks, clear of them.
    return replace(grid, text_limit=pt(marks.inset_mm - TEXT_CLEARANCE_MM))


def mark_rectangles(name: Cutter, page: tuple[float, float]
                    ) -> list[tuple[float, float, float, float]]:
    """The marks as filled rectangles (x, y, width, height) in points, y up: the square
    at the top left, then the arms of the L at the top right and at the bottom left."""
    marks = cutter_marks(name)
    width, height = page
    inset, square = pt(marks.inset_mm), pt(marks.square_mm)
    length, thick = pt(marks.length_mm), pt(marks.thickness_mm)
    top, right = height - inset, width - inset
    return [(inset, top - square, square, square),
            (right - length, top - thick, length, thick), (right - thick, top - length,
                                                           thick, length),
            (inset, inset, length, thick), (inset, inset, thick, length)]


def draw_marks(canvas: Any, name: Cutter, page: tuple[float, float]) -> None:
    canvas.saveState()
    canvas.setFillColor(HexColor(layout().colors["cut_mark"]))
    for x, y, w, h in mark_rectangles(name, page):
        canvas.rect(x, y, w, h, stroke=0, fill=1)
    canvas.restoreState()


def cut_svg(name: Cutter, grid: Grid, cards: int) -> str:
    """The cut file of a page holding ``cards`` faces: each trim outline as a rounded
    rectangle, in millimetres from the page's top-left corner (SVG's y runs down)."""
    radius = cutter_marks(name).corner_radius_mm
    width_mm, height_mm = grid.page_width * MM_PER_PT, grid.page_height * MM_PER_PT
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_mm:.3f}mm" '
             f'height="{height_mm:.3f}mm" viewBox="0 0 {width_mm:.3f} {height_mm:.3f}">',
             '<g id="cut" fill="none" stroke="#FF0000" stroke-width="0.1">']
    for index in range(cards):
        x, y = grid.slot(index)
        top = grid.page_height - y - grid.slot_height
        lines.append(f'<rect x="{x * MM_PER_PT:.3f}" y="{top * MM_PER_PT:.3f}" '
                     f'width="{grid.slot_width * MM_PER_PT:.3f}" '
                     f'height="{grid.slot_height * MM_PER_PT:.3f}" '
                     f'rx="{radius:g}" ry="{radius:g}"/>')
    lines += ["</g>", "</svg>", ""]
    return "\n".join(lines)


def cut_dxf(name: Cutter, grid: Grid, cards: int) -> str:
    """The same outlines as :func:`cut_svg`, as a DXF drawing in millimetres (what
    Silhouette Studio's basic edition imports): one closed polyline a card, its corners
    quarter arcs, y up from the page's bottom-left corner as in the PDF."""
    try:
        from ezdxf import units
        from ezdxf._options import options  # ezdxf.options, as its package names it
        from ezdxf.filemanagement import new
    except ImportError:
        raise CardgenError("a DXF cut file needs the ezdxf library: pip install "
                           "'cardgen[dxf]', or use --cut-file svg") from None
    radius = cutter_marks(name).corner_radius_mm
    text = io.StringIO()
    saved = options.write_fixed_meta_data_for_testing
    options.write_fixed_meta_data_for_testing = True  # no date, no random ids: same bytes
    try:
        document = new("R2010", units=units.MM)
        outlines = document.modelspace()
        for index in range(cards):
            x, y = (v * MM_PER_PT for v in grid.slot(index))
            width, height = grid.slot_width * MM_PER_PT, grid.slot_height * MM_PER_PT
            outlines.add_lwpolyline(_rounded_outline(x, y, width, height, radius),
                                    format="xyb", close=True)
        # ezdxf adds a CLASS per entity type in use from a set, whose order follows the
        # interpreter's hash seed: added now and sorted, the file is the same bytes in
        # every process (writing adds none that are not there).
        classes = document.classes
        classes.add_required_classes(document.dxfversion)
        classes.classes = dict(sorted(classes.classes.items()))
        document.write(text)
    finally:
        options.write_fixed_meta_data_for_testing = saved
    return text.getvalue()


def _rounded_outline(x: float, y: float, width: float, height: float, radius: float
                     ) -> list[tuple[float, float, float]]:
    """(x, y, bulge) vertices of a rectangle with rounded corners, counter-clockwise from
    the bottom edge; a bulge of tan(22.5°) makes the edge that follows a quarter arc."""
    arc = math.tan(math.pi / 8)
    right, top = x + width, y + height
    return [(x + radius, y, 0.0), (right - radius, y, arc),
            (right, y + radius, 0.0), (right, top - radius, arc),
            (right - radius, top, 0.0), (x + radius, top, arc),
            (x, top - radius, 0.0), (x, y + radius, arc)]
