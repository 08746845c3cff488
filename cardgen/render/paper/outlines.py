"""Text drawn as filled outlines, for the printers that ask for "fonts converted to
outlines" (the European profile's ``text_as_outlines = true``).

Nothing that draws a face changes: a profile that asks for outlines gets an
:class:`OutlineCanvas`, whose text objects draw every glyph as a path instead of
showing it in a font. All of cardgen's text goes through a canvas's text objects
(``drawString`` and its centred and right-aligned kin make one; the pictograms, the
outlined numerals and an SVG picture's texts too), so this one place turns every piece
of text of the faces and backs into paths. Each glyph's outline comes from the font file
itself, read with fontTools; it is placed where the PDF's text would have put it (the
same advance widths as reportlab's, the same origin, size and rise) and painted as the
text rendering mode asked (fill, stroke, fill then stroke) in the colours and line width
of the moment, so a CMYK file stays CMYK. reportlab's own switch ``_drawTextAsPath``
keeps the canvas from naming a font in the page's preamble or on ``setFont``: the PDF
holds no font at all.

A glyph is filled on its own, as a PDF viewer paints text glyph by glyph, with the
nonzero winding rule TrueType outlines are drawn for.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from cardgen.typography import FONT_FILES, font_path

#: One glyph's outline in font units: ("m", x, y), ("l", x, y), ("c", x1, y1, x2, y2,
#: x3, y3) or ("h",), the PDF path operators they become.
Outline = tuple[tuple[Any, ...], ...]

#: The PDF operator that paints a glyph's path, by text rendering mode: fill (nonzero
#: winding), stroke, fill then stroke, nothing.
PAINT = {0: "f", 1: "S", 2: "B", 3: "n"}


class OutlineCanvas(Canvas):  # type: ignore[misc]  # reportlab has no types
    """A canvas whose text is drawn as paths: no font is named, none embedded."""

    # reportlab's hook: with it, neither the page preamble nor setFont names the font.
    _drawTextAsPath = True

    def beginText(self, x: float = 0, y: float = 0, direction: Any = None) -> OutlineText:
        return OutlineText(self, x, y, direction)


class OutlineText(PDFTextObject):  # type: ignore[misc]
    """A text object that keeps the text state (font, size, origin, mode, spacing) as
    reportlab's does, and turns each string into one path per glyph."""

    def __init__(self, canvas: Any, x: float = 0, y: float = 0, direction: Any = None
                 ) -> None:
        super().__init__(canvas, x, y, direction)
        self._code: list[str] = []  # paths, and the colours set on the way: no BT ... ET
        self._charSpace = 0.0

    def getCode(self) -> str:
        return " ".join(self._code)

    def setTextOrigin(self, x: float, y: float) -> None:
        self._x0 = self._x = x
        self._y0 = self._y = y

    def moveCursor(self, dx: float, dy: float) -> None:
        # As the PDF's Td of reportlab's moveCursor: dy counts downwards.
        self.setTextOrigin(self._x0 + dx, self._y0 - dy)

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:
        self._fontname, self._fontsize = psfontname, size
        self._leading = size * 1.2 if leading is None else leading

    def _setFont(self, psfontname: str, size: float) -> None:
        self._fontname, self._fontsize = psfontname, size

    def setLeading(self, leading: float) -> None:
        self._leading = leading

    def setCharSpace(self, charSpace: float) -> None:
        self._charSpace = charSpace

    def setRise(self, rise: float) -> None:
        self._rise = rise

    def setTextRenderMode(self, mode: int) -> None:
        if mode not in PAINT:
            raise NotImplementedError(f"text rendering mode {mode} (clipping) is not "
                                      "drawn as outlines")
        self._textRenderMode = mode

    def setWordSpace(self, wordSpace: float) -> None:
        raise NotImplementedError("word spacing is not drawn as outlines")

    def setHorizScale(self, horizScale: float) -> None:
        raise NotImplementedError("horizontal scaling is not drawn as outlines")

    def setTextTransform(self, *matrix: float) -> None:
        raise NotImplementedError("a text matrix is not drawn as outlines; transform the "
                                  "canvas instead")

    def textOut(self, text: str) -> None:
        self._x = self._glyphs(text, self._x, self._y)

    def textLine(self, text: str = "") -> None:
        self._glyphs(text, self._x, self._y)
        self.setTextOrigin(self._x0, self._y0 - self._leading)

    def _glyphs(self, text: str, x: float, y: float) -> float:
        """Paint ``text`` from (x, y) glyph by glyph; the x where the next one goes."""
        name, size = self._fontname, self._fontsize
        scale = size / units_per_em(name)
        paint = PAINT[self._textRenderMode]
        for char in text:
            outline = glyph_outline(name, char)
            if outline and paint == "f":
                # In font units under a matrix: a glyph's path is the same bytes wherever
                # it is used, which the page's compression then keeps once.
                self._code.append(f"q {fp_str(scale, 0, 0, scale, x, y + self._rise)} cm "
                                  f"{_font_units_path(outline)} f Q")
            elif outline and paint != "n":
                # Stroked: drawn in page units, so the line width is the one set, as it
                # is for a stroked glyph of a font.
                self._code.append(f"{_page_path(outline, scale, x, y + self._rise)} {paint}")
            x += pdfmetrics.stringWidth(char, name, size) + self._charSpace
        return x


def _page_path(outline: Outline, scale: float, x: float, y: float) -> str:
    """The PDF path of a glyph's outline at ``scale``, its origin at (x, y), to a
    hundredth of a point."""
    parts = []
    for operator, *points in outline:
        coordinates = [_number(x + value * scale if index % 2 == 0 else y + value * scale)
                       for index, value in enumerate(points)]
        parts.append(" ".join([*coordinates, operator]))
    return " ".join(parts)


@cache
def _font_units_path(outline: Outline) -> str:
    """The PDF path of a glyph's outline in font units, rounded to whole ones (1/2048
    em: 0.005 pt at 10 pt)."""
    return " ".join(" ".join([*(str(round(value)) for value in points), operator])
                    for operator, *points in outline)


def _number(value: float) -> str:
    """A coordinate to a hundredth of a point (3.5 µm), as short as it writes."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@cache
def _font(name: str) -> Any:
    """The fontTools font of cardgen's registered font ``name``."""
    from fontTools.ttLib import TTFont  # only for outlines: no other output loads it

    if name not in FONT_FILES:
        raise ValueError(f"font {name!r} is not one of cardgen's fonts (typography."
                         "FONT_FILES); only those are drawn as outlines")
    return TTFont(font_path(FONT_FILES[name]), lazy=True)


def units_per_em(name: str) -> int:
    return int(_font(name)["head"].unitsPerEm)


@cache
def glyph_outline(name: str, char: str) -> Outline:
    """The outline of ``char`` in font ``name`` (the font's .notdef glyph for a
    character it lacks, as the embedded font would show), curves made cubic."""
    from fontTools.pens.basePen import BasePen

    font = _font(name)
    glyphs = font.getGlyphSet()
    glyph = font.getBestCmap().get(ord(char), ".notdef")
    ops: list[tuple[Any, ...]] = []

    class Recorder(BasePen):  # type: ignore[misc]  # fontTools has no types
        """Records a glyph's contours; BasePen makes quadratic curves cubic and draws
        composite glyphs (accented letters) from their parts."""

        def _moveTo(self, point: tuple[float, float]) -> None:
            ops.append(("m", *point))

        def _lineTo(self, point: tuple[float, float]) -> None:
            ops.append(("l", *point))

        def _curveToOne(self, one: tuple[float, float], two: tuple[float, float],
                        three: tuple[float, float]) -> None:
            ops.append(("c", *one, *two, *three))

        def _closePath(self) -> None:
            ops.append(("h",))

    glyphs[glyph].draw(Recorder(glyphs))
    return tuple(ops)
