"""The last check of a picture's drawing: numbers a PDF can hold, and a trial drawing.

svglib reads any number an SVG writes, ``1e308``, ``inf`` or ``nan``: reportlab then
stops with a traceback on a number of 1e21 or more, or writes ``nan`` into the PDF,
which no reader can draw, and exits as if all went well. Every number of the drawing
(sizes, coordinates, path points, widths, font sizes, transforms, and the transforms
composed down each branch) must be finite and within :data:`~.limits.MAX_COORDINATE`,
and the drawing as a whole at least :data:`~.limits.MIN_SIZE`. The drawing is then put
once on a canvas that is thrown away, so that whatever else reportlab cannot draw is
refused now, when the deck is checked, rather than halfway through an output (its
bitmaps outlined: they are drawn by cardgen's own few lines, and their pixels would
only cost time and memory here).
"""

from __future__ import annotations

import io
import math
from typing import Any

from cardgen.svgpicture.convert import one_line
from cardgen.svgpicture.limits import MAX_COORDINATE, MIN_SIZE
from cardgen.svgpicture.pdf import draw_drawing
from cardgen.svgpicture.refused import PictureRefused

Matrix = tuple[float, float, float, float, float, float]
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_NUMBERS = ("a size, coordinate or transform that is not a finite number cardgen can "
            "draw")


def check_drawing(drawing: Any) -> None:
    """PictureRefused unless ``drawing`` (svglib's, of a picture) can be drawn."""
    if drawing is None:
        raise PictureRefused("is an SVG picture svglib cannot draw; save it again as plain "
                             "SVG from a drawing program, or use a PNG")
    width, height = drawing.width, drawing.height
    if not all(math.isfinite(v) for v in (width, height)):
        raise PictureRefused("is an SVG picture whose size is not a number (nan or "
                             "infinite); give its <svg> element a width and a height, or a "
                             "viewBox, of ordinary numbers")
    if not (width > 0 and height > 0):
        raise PictureRefused("is an SVG picture with no size; give its <svg> element a "
                             "width and a height, or a viewBox")
    if min(width, height) < MIN_SIZE or max(width, height) > MAX_COORDINATE:
        raise PictureRefused(f"is an SVG picture of {width:g} x {height:g} points; give its "
                             "<svg> element a width and a height, or a viewBox, between "
                             f"{MIN_SIZE:g} and {MAX_COORDINATE:,.0f}")
    _check_node(drawing, _IDENTITY)
    try:
        from reportlab.pdfgen.canvas import Canvas

        draw_drawing(drawing, Canvas(io.BytesIO()), bitmaps=False)
    except Exception as exc:  # reportlab raises errors of many kinds on odd values
        raise PictureRefused(f"cannot be drawn into a PDF ({one_line(exc)}); save it again "
                             "as plain SVG from a drawing program, or use a PNG") from None


def _sane(value: float) -> bool:
    return math.isfinite(value) and abs(value) <= MAX_COORDINATE


def _check_node(node: Any, matrix: Matrix) -> None:
    for name, value in vars(node).items():
        if name != "contents" and not _numbers_sane(value):
            raise PictureRefused(f"has {_NUMBERS} ({name} {_shown(value)}); write "
                                 f"numbers within ±{MAX_COORDINATE:,.0f} (no inf, no nan), "
                                 "or save it again from a drawing program")
    transform = getattr(node, "transform", None)
    if transform is not None and len(transform) == 6:
        matrix = _composed(matrix, transform)
        if not all(_sane(v) for v in matrix):
            raise PictureRefused(f"has {_NUMBERS}: its transforms, one inside another, "
                                 f"scale or move it past ±{MAX_COORDINATE:,.0f}; simplify "
                                 "its transforms, or save it again from a drawing program")
    for child in getattr(node, "contents", ()):
        _check_node(child, matrix)


def _numbers_sane(value: Any) -> bool:
    """Whether every number in ``value`` (a number or a list of them, lists nested) is
    sane; other values (colours, texts, bitmaps) hold no coordinate."""
    if isinstance(value, bool):
        return True
    if isinstance(value, int | float):
        return _sane(value)
    if isinstance(value, list | tuple):
        return all(_numbers_sane(item) for item in value)
    return True


def _shown(value: Any) -> str:
    if isinstance(value, list | tuple):
        bad = [v for v in value if not _numbers_sane(v)]
        return _shown(bad[0]) if bad else "…"
    return f"{value:g}" if isinstance(value, float) else str(value)


def _composed(outer: Matrix, inner: Any) -> Matrix:
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = (float(v) for v in inner)
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)
