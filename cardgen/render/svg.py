"""SVG pictures of custom cards, drawn as vectors through svglib."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.deck.picture import svg_drawing
from cardgen.errors import CardgenError
from cardgen.render.colour import drawing_cmyk, ink_limit
from cardgen.typography import registered


def draw_svg(canvas: Any, path: Path, x: float, y: float, width: float, height: float,
             background: str = "#FFFFFF") -> None:
    """Draw an SVG file scaled to fit the box (x, y, width, height), centred in it; in a
    CMYK file, its colours converted and flattened onto ``background``."""
    from reportlab.graphics import renderPDF

    # Loading a deck checks its pictures the same way: this fails only for a file that
    # changed since, or for a card drawn without its deck being checked.
    drawing, problem = svg_drawing(path)
    if problem:
        raise CardgenError(f"{path}: picture {problem}")
    _embedded_fonts_only(drawing)
    limit = ink_limit()
    if limit is not None:
        drawing_cmyk(drawing, background, limit)
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
