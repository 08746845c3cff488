"""SVG pictures of custom cards, drawn as vectors through svglib."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.typography import registered


def draw_svg(canvas: Any, path: Path, x: float, y: float, width: float, height: float) -> None:
    """Draw an SVG file scaled to fit the box (x, y, width, height), centred in it."""
    from reportlab.graphics import renderPDF
    from svglib.svglib import svg2rlg

    try:
        drawing = svg2rlg(str(path))
    except Exception as exc:  # svglib raises lxml and parsing errors of many kinds
        raise CardgenError(f"{path}: cannot be read as an SVG picture ({exc}); "
                           "fix the file or use a PNG") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise CardgenError(f"{path}: not a usable SVG picture (no size or no content); "
                           "give the <svg> a width and height or a viewBox")
    # reportlab's renderer starts every drawing in Helvetica, which no PDF of ours may
    # carry unembedded; start it in the embedded sans instead.
    drawing.initialFontName = registered("Sans")
    scale = min(width / drawing.width, height / drawing.height)
    canvas.saveState()
    canvas.translate(x + (width - drawing.width * scale) / 2,
                     y + (height - drawing.height * scale) / 2)
    canvas.scale(scale, scale)
    renderPDF.draw(drawing, canvas, 0, 0)
    canvas.restoreState()
