"""`cardgen sheets --alignment-test`: two pages that, printed double-sided once, tell how
far the printer lays the back of a sheet from where it should be, in millimetres.

Each axis has two scales that meet along a line: on the back page a main scale, a tick
every millimetre, numbered every five; on the front page a vernier, ten ticks 0.9 mm
apart numbered 0 to 9, placed so that, seen through the paper against a light, its zero
falls on the main scale's zero when the printer lays the back exactly behind the front.
A drift moves the main scale. The vernier tick ``k`` that continues a main tick gives
the tenths; counting ``k`` main ticks back from the one it meets gives the whole
millimetres, the main tick at the vernier's zero or just before it. The reading is
``whole + k / 10``, what to give ``--back-offset`` (X to the right, Y up, as seen on the
back page), so that the main scale is read in the back page's own directions.

The vernier stops at 9: a tenth tick would meet a main tick whenever the zero does, and
the two would read a millimetre apart. The whole millimetres are counted from the tick
that meets rather than read at the zero, because a zero a tenth before or after a main
tick looks the same to the eye and would read a millimetre wrong.

Every position is worked out in the back page's coordinates; the vernier is drawn on the
front page through the same mirror the backs of the sheets go through, its numbers
mirrored too so that they read the right way through the paper.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor

from cardgen.catalogue.face_languages import FRENCH_AND_ENGLISH, FaceLanguages
from cardgen.errors import CardgenError
from cardgen.outputs import atomic_path
from cardgen.render.layout import layout, pt
from cardgen.render.paper.imposition import Flip, Grid, grid_for, mirror_for
from cardgen.render.paper.options import MAX_BACK_OFFSET_MM
from cardgen.render.paper.sheets import (
    MARGIN_BOLD,
    MARGIN_FONT,
    _binary_streams,
    _texts,
    new_canvas,
)
from cardgen.render.textfit import Paragraph, fit
from cardgen.typography import registered

#: The main scales run this far below zero and this far above (the vernier reaches 8.1
#: mm past its zero, so a shift of 10 mm, the largest --back-offset, still reads).
MAIN_FROM_MM, MAIN_TO_MM = -12, 22
VERNIER_TICKS = 10  # 0 to 9, 0.9 mm apart: one tick meets a main tick at each tenth
VERNIER_STEP_MM = 0.9
#: The vernier ticks drawn long and numbered.
VERNIER_NUMBERED = (0, 5, 9)
#: Line widths, in points: the ticks are thin to read tenths; the baselines stand out.
TICK_LINE_PT = 0.2
BASE_LINE_PT = 0.5


@dataclass(frozen=True)
class Scale:
    """One axis: the main scale's zero on the back page, and its direction."""

    axis: str  # "X" or "Y"
    zero: tuple[float, float]  # in points, on the back page
    along: tuple[float, float]  # unit vector of increasing values
    side: tuple[float, float]  # unit vector from the line to the main ticks

    def point(self, value_mm: float, out_mm: float) -> tuple[float, float]:
        """The back page's point ``value_mm`` along the scale, ``out_mm`` towards the
        main ticks (negative: towards the vernier)."""
        return (self.zero[0] + pt(value_mm) * self.along[0] + pt(out_mm) * self.side[0],
                self.zero[1] + pt(value_mm) * self.along[1] + pt(out_mm) * self.side[1])


def scales(page: tuple[float, float]) -> tuple[Scale, Scale]:
    """The X scale, across the page above its middle, and the Y scale, up the page
    left of its middle (the main ticks above and to the left of the line)."""
    width, height = page
    return (Scale("X", (width / 2 - pt(5), height / 2 + pt(25)), (1.0, 0.0), (0.0, 1.0)),
            Scale("Y", (width / 2 - pt(30), height / 2 - pt(35)), (0.0, 1.0), (-1.0, 0.0)))


def _tick_mm(value: int) -> float:
    """How long a main tick is: the zero longest, then every ten, then every five."""
    return 5.0 if value == 0 else 4.0 if value % 10 == 0 else 3.0 if value % 5 == 0 else 2.0


def _draw_main(canvas: Any, scale: Scale, shift: tuple[float, float]) -> None:
    def at(value: float, out: float) -> tuple[float, float]:
        x, y = scale.point(value, out)
        return x + shift[0], y + shift[1]

    canvas.setLineWidth(BASE_LINE_PT)
    canvas.line(*at(MAIN_FROM_MM, 0), *at(MAIN_TO_MM, 0))
    canvas.setLineWidth(TICK_LINE_PT)
    canvas.setFont(registered(MARGIN_FONT), 6)
    for value in range(MAIN_FROM_MM, MAIN_TO_MM + 1):
        canvas.line(*at(value, 0), *at(value, _tick_mm(value)))
        if value % 5 == 0:
            x, y = at(value, _tick_mm(value) + 1.0)
            label = f"{value:+d}" if value else "0"
            if scale.axis == "X":
                canvas.drawCentredString(x, y, label)
            else:
                canvas.drawRightString(x, y - 2, label)
    canvas.setFont(registered(MARGIN_BOLD), 9)
    if scale.axis == "X":
        canvas.drawRightString(*at(MAIN_FROM_MM - 3, 2), "X (mm)")
    else:
        canvas.drawCentredString(*at(MAIN_TO_MM + 4, 3), "Y (mm)")


def _draw_vernier(canvas: Any, scale: Scale, to_front: Callable[[tuple[float, float,
                                                                         float, float]],
                                                                  tuple[float, float,
                                                                        float, float]]
                  ) -> None:
    canvas.setLineWidth(TICK_LINE_PT)
    for tick in range(VERNIER_TICKS):
        value = tick * VERNIER_STEP_MM
        reach = 5.0 if tick in VERNIER_NUMBERED else 3.0
        canvas.line(*to_front((*scale.point(value, 0), *scale.point(value, -reach))))
    canvas.setLineWidth(BASE_LINE_PT)
    canvas.line(*to_front((*scale.point(-1, -0.0),
                           *scale.point((VERNIER_TICKS - 1) * VERNIER_STEP_MM + 1, -0.0))))
    canvas.setFont(registered(MARGIN_FONT), 5)
    for tick in VERNIER_NUMBERED:
        x, y = scale.point(tick * VERNIER_STEP_MM, -6.0 if scale.axis == "Y" else -7.0)
        front_x, front_y, turned_x, turned_y = to_front((x, y, x + 1, y + 1))
        canvas.saveState()
        # The same mirror as the page's, about the number's own anchor: the digits
        # are reversed on the front and read the right way through the paper.
        canvas.translate(front_x, front_y)
        canvas.scale(turned_x - front_x, turned_y - front_y)
        if scale.axis == "X":
            canvas.drawCentredString(0, 0, str(tick))
        else:
            canvas.drawString(0, -1.8, str(tick))
        canvas.restoreState()


def _draw_advice(canvas: Any, page: tuple[float, float], lines: list[tuple[str, str]]
                 ) -> None:
    """The instructions, across the top of the page."""
    width = page[0] - 2 * pt(25)
    fitted = fit([Paragraph(text, font) for font, text in lines], width, pt(70),
                 9.0, 5.0, 1.25, 0.5)
    canvas.setFillColor(HexColor(layout().colors["margin_text"]))
    baseline = page[1] - pt(22)
    for font, block in fitted.blocks:
        canvas.setFont(font, fitted.size)
        for line in block:
            canvas.drawString(pt(25), baseline, line)
            baseline -= fitted.leading
        baseline -= fitted.size * 0.5


def render_alignment_test(paper: str, flip: Flip, offset_mm: tuple[float, float],
                          lang: FaceLanguages = FRENCH_AND_ENGLISH) -> bytes:
    """The two pages as PDF bytes: the vernier on the front, the main scales (shifted
    by ``offset_mm``, as the backs of the sheets would be) on the back."""
    if paper not in layout().papers:
        raise CardgenError(f"paper '{paper}' is unknown; use one of "
                           f"{', '.join(layout().papers)}")
    if any(not abs(v) <= MAX_BACK_OFFSET_MM for v in offset_mm):
        raise CardgenError("--back-offset must be two shifts of at most "
                           f"{MAX_BACK_OFFSET_MM:g} mm each, like 1.5,-2")
    grid: Grid = grid_for(paper, 0.0)  # only its page size and mirror are used
    page = (grid.page_width, grid.page_height)
    to_front = mirror_for(grid, flip)
    shift = (pt(offset_mm[0]), pt(offset_mm[1]))
    title = " / ".join(_texts(("align_title",), lang))
    duplex = "duplex_short" if flip == "short" else "duplex"
    buffer = io.BytesIO()
    with _binary_streams():
        canvas = new_canvas(buffer, page, title)
        canvas.setViewerPreference(
            "Duplex", "DuplexFlipShortEdge" if flip == "short" else "DuplexFlipLongEdge")
        ink = HexColor(layout().colors["cut_mark"])
        for number, (side, advice) in enumerate((("front", ("align_front", duplex)),
                                                  ("back", ("align_back",))), start=1):
            canvas.setStrokeColor(ink)
            canvas.setFillColor(ink)
            for scale in scales(page):
                if side == "front":
                    _draw_vernier(canvas, scale, to_front)
                else:
                    _draw_main(canvas, scale, shift)
            _draw_advice(canvas, page, [(MARGIN_BOLD, f"{title} — {number}/2")]
                         + [(MARGIN_FONT, text) for text in _texts(advice, lang)])
            canvas.showPage()
        canvas.save()
    return buffer.getvalue()


def write_alignment_test(path: Path, paper: str, flip: Flip,
                         offset_mm: tuple[float, float],
                         lang: FaceLanguages = FRENCH_AND_ENGLISH) -> Path:
    """Write the alignment test to ``path`` (all or nothing) and return the path."""
    data = render_alignment_test(paper, flip, offset_mm, lang)
    with atomic_path(path) as temp:
        temp.write_bytes(data)
    return path
