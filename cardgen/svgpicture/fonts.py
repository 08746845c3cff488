"""The fonts of an SVG picture's texts: cardgen's own, whatever family the file asks for.

svglib looks each family up with fontconfig (``fc-match``, a process each, so a file
naming 2,000 families took minutes) and with a guessed file name (a family written as
a path, dots and slashes included, becomes a file read from wherever cardgen runs);
the PDF then embeds whatever font the machine had. A picture's texts are set in
cardgen's embedded sans serif instead, bold and slanted as asked: the same on every
machine, and nothing read but cardgen's own font files.
"""

from __future__ import annotations

from typing import Any

from cardgen.typography import registered

_BOLD = ("bold", "bolder", "600", "700", "800", "900")
_SLANTED = ("italic", "oblique")


def sans(bold: bool, slanted: bool) -> str:
    """The registered name of cardgen's sans serif in that weight and slant (it has
    no bold oblique: bold wins, as in the rulebook's paragraphs)."""
    return registered("Sans-Bold" if bold else "Sans-Oblique" if slanted else "Sans")


class CardgenFonts:
    """What svglib takes as its ``font_map``: one lookup, answered without a search."""

    def find_font(self, font_name: str, weight: str = "normal",
                  style: str = "normal") -> tuple[str, bool]:
        """svglib's question: the reportlab font for this family, weight and style, and
        whether it is the one asked for (yes: svglib then looks no further)."""
        return sans(str(weight).strip().lower() in _BOLD,
                    str(style).strip().lower() in _SLANTED), True


def embedded_fonts_only(drawing: Any) -> None:
    """Set every text of the drawing in a font the PDF embeds.

    reportlab never embeds its standard fonts (Helvetica, Times …), and starts every
    drawing in Helvetica: a string left in one is set in cardgen's sans serif, so the
    PDF prints anywhere.
    """
    from reportlab.graphics.shapes import String
    from reportlab.pdfbase import pdfmetrics

    def embedded(name: str) -> str:
        if not pdfmetrics.getFont(name).face.builtIn:
            return name
        return sans("Bold" in name, any(w in name for w in ("Oblique", "Italic")))

    def walk(group: Any) -> None:
        for node in group.getContents():
            if isinstance(node, String):
                node.fontName = embedded(node.fontName)
            elif hasattr(node, "getContents"):
                walk(node)

    drawing.initialFontName = sans(False, False)
    walk(drawing)
