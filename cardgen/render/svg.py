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
    _embedded_fonts_only(drawing)
    scale = min(width / drawing.width, height / drawing.height)
    canvas.saveState()
    canvas.translate(x + (width - drawing.width * scale) / 2,
                     y + (height - drawing.height * scale) / 2)
    canvas.scale(scale, scale)
    renderPDF.draw(drawing, canvas, 0, 0)
    canvas.restoreState()


def _embedded_fonts_only(drawing: Any) -> None:
    """Set every text of the drawing in a font the PDF embeds.

    reportlab never embeds its standard fonts (Helvetica, Times …): the renderer starts
    every drawing in Helvetica, and svglib falls back to it for a font it cannot find.
    Such text is set in cardgen's own sans-serif instead, so the PDF prints anywhere.
    """
    from reportlab.graphics.shapes import String
    from reportlab.pdfbase import pdfmetrics

    def embedded(name: str) -> str:
        if not pdfmetrics.getFont(name).face.builtIn:
            return name
        bold, slanted = "Bold" in name, any(w in name for w in ("Oblique", "Italic"))
        return registered("Sans-Bold" if bold else "Sans-Oblique" if slanted else "Sans")

    def walk(group: Any) -> None:
        for node in group.getContents():
            if isinstance(node, String):
                node.fontName = embedded(node.fontName)
            elif hasattr(node, "getContents"):
                walk(node)

    drawing.initialFontName = registered("Sans")
    walk(drawing)
