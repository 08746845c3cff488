"""Pictograms: Font Awesome glyphs and cardgen's own vector drawings, by name.

Which name draws what is data (``cardgen/data/pictograms.toml``). Every pictogram is
vector: a glyph of the Font Awesome Free solid font (embedded as a subset, like any
font) or a few reportlab paths. :func:`draw_pictogram` centres one in a square.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics

from cardgen.catalogue import Color as CardColor
from cardgen.catalogue import catalogue
from cardgen.errors import CatalogueError
from cardgen.render.colour import current_face_style, paint
from cardgen.render.layout import layout, pt
from cardgen.typography import registered

ICON_FONT = "Icons"
LABEL_FONT = "Sans-Bold"
DRAWINGS = ("cards", "wild", "dark-wild", "reverse", "boomerang", "penguin", "label")


@dataclass(frozen=True)
class Pictogram:
    name: str
    glyph: str | None = None  # the character to draw from the icon font
    mirror: bool = False
    badge: str | None = None
    drawing: str | None = None
    count: int = 0
    label: str = ""
    #: The disc a black card's oval shows behind it, and the colours of a fan of cards:
    #: the four light colours, or the dark side's ("dark-wild", UNO Flip's dark cards)
    disc: str = "wild"

    @property
    def corner_text(self) -> str | None:
        """The text corner indices show instead of a small copy of the pictogram."""
        return self.label if self.drawing in ("cards", "label") else None


@cache
def pictograms() -> Mapping[str, Pictogram]:
    """Every pictogram of pictograms.toml, checked once."""
    with resources.files("cardgen.data").joinpath("pictograms.toml").open("rb") as handle:
        raw: dict[str, Any] = tomllib.load(handle)
    found: dict[str, Pictogram] = {}
    for name, entry in raw.items():
        glyph = entry.get("glyph")
        badge = entry.get("badge")
        drawing = entry.get("drawing")
        if (glyph is None) == (drawing is None) or (drawing and drawing not in DRAWINGS):
            raise CatalogueError(f"cardgen/data/pictograms.toml: [{name}] needs either a "
                                 f"glyph or a drawing among {', '.join(DRAWINGS)}")
        found[name] = Pictogram(
            name=name,
            glyph=chr(int(glyph, 16)) if glyph else None,
            mirror=bool(entry.get("mirror", False)),
            badge=chr(int(badge, 16)) if badge else None,
            drawing=drawing,
            count=int(entry.get("count", 0)),
            label=str(entry.get("label", "")),
            disc="dark-wild" if drawing == "dark-wild" else str(entry.get("disc", "wild")),
        )
    return found


def pictogram(name: str) -> Pictogram:
    try:
        return pictograms()[name]
    except KeyError:
        raise CatalogueError(f"pictogram '{name}' is not in cardgen/data/pictograms.toml; "
                             "add it there") from None


def _glyph(canvas: Any, char: str, cx: float, cy: float, size: float, fill: Color,
           stroke: Color | None, mirror: bool = False) -> None:
    """One icon-font glyph, as large as fits a size x size square centred on (cx, cy)."""
    face = pdfmetrics.getFont(registered(ICON_FONT)).face
    height = (face.ascent - face.descent) / 1000  # glyphs fill the font's full em box
    width = pdfmetrics.stringWidth(char, ICON_FONT, 1)
    font_size = size / max(height, width)
    canvas.saveState()
    canvas.translate(cx, cy)
    if mirror:
        canvas.scale(-1, 1)
    text = canvas.beginText()
    text.setFont(ICON_FONT, font_size)
    text.setFillColor(fill)
    if stroke is not None:
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(font_size * 0.035)
        canvas.setLineJoin(1)
        text.setTextRenderMode(2)
    baseline = -(face.ascent + face.descent) / 2000 * font_size
    text.setTextOrigin(-width * font_size / 2, baseline)
    text.textOut(char)
    canvas.drawText(text)
    canvas.restoreState()


def draw_label(canvas: Any, label: str, cx: float, cy: float, size: float, fill: Color,
               stroke: Color | None, font: str = LABEL_FONT, height: float | None = None
               ) -> None:
    """Heavy text centred on (cx, cy), as large as fits size wide and ``height`` (by
    default size * 0.8) high."""
    face = pdfmetrics.getFont(registered(font)).face
    cap = face.capHeight / 1000 if face.capHeight else 0.73
    width = pdfmetrics.stringWidth(label, font, 1)
    height = size * 0.8 if height is None else height
    font_size = min(size / width, height / cap) if width else size
    canvas.saveState()
    outlined_text(canvas, label, cx - width * font_size / 2, cy - cap * font_size / 2, font,
                  font_size, fill, stroke, max(0.4, font_size * 0.045))
    canvas.restoreState()


def outlined_text(canvas: Any, text: str, x: float, y: float, font: str, size: float,
                  fill: Color, outline: Color | None, line_width: float) -> None:
    """Text from (x, y), filled and, with ``outline``, stroked too (numerals and labels
    stay legible on any background). Leaves the canvas's stroke settings changed."""
    obj = canvas.beginText()
    obj.setFont(font, size)
    obj.setFillColor(fill)
    if outline is not None:
        canvas.setStrokeColor(outline)
        canvas.setLineWidth(line_width)
        canvas.setLineJoin(1)
        obj.setTextRenderMode(2)
    obj.setTextOrigin(x, y)
    obj.textOut(text)
    canvas.drawText(obj)


def _card_fan(canvas: Any, pic: Pictogram, cx: float, cy: float, size: float, fill: Color,
              stroke: Color | None) -> None:
    """A fan of small cards (the draw cards) in the upper part, and the label below it on
    a dark plate of its own: laid over the cards, neither read well at print size. The
    cards take the colours of the pictogram's disc: the dark side's for UNO Flip's +5."""
    palette = catalogue().dark_colors if pic.disc == "dark-wild" else catalogue().colors
    colors = [paint(c.rgb) for c in palette.values()]
    count = max(1, pic.count)
    card_w, card_h = size * 0.30, size * 0.45
    ink = stroke or paint("#1A1A1A")
    for i in range(count):
        spread = (i - (count - 1) / 2)
        canvas.saveState()
        canvas.translate(cx + spread * size * 0.11, cy + size * 0.21 - abs(spread) * size * 0.025)
        canvas.rotate(-spread * 12)
        canvas.setFillColor(colors[i % len(colors)] if count > 2 else fill)
        canvas.setStrokeColor(paint("#FFFFFF"))
        canvas.setLineWidth(size * 0.025)
        canvas.roundRect(-card_w / 2, -card_h / 2, card_w, card_h, size * 0.04, stroke=1, fill=1)
        canvas.setStrokeColor(ink)
        canvas.setLineWidth(size * 0.008)
        canvas.roundRect(-card_w / 2 - size * 0.0125, -card_h / 2 - size * 0.0125,
                         card_w + size * 0.025, card_h + size * 0.025, size * 0.05, stroke=1,
                         fill=0)
        canvas.restoreState()
    # The plate spans the lower third, below the fan's lowest corner.
    plate_w, plate_h = size * 0.74, size * 0.29
    plate_y = cy - size * 0.48
    canvas.saveState()
    canvas.setFillColor(ink)
    canvas.setStrokeColor(paint("#FFFFFF"))
    canvas.setLineWidth(size * 0.02)
    canvas.roundRect(cx - plate_w / 2, plate_y, plate_w, plate_h, plate_h / 2, stroke=1, fill=1)
    canvas.restoreState()
    draw_label(canvas, pic.label, cx, plate_y + plate_h / 2, plate_w * 0.8,
               paint("#FFFFFF"), None, height=plate_h * 0.62)


def draw_color_shape(canvas: Any, color: str, cx: float, cy: float, size: float,
                     fill: Color, outline: Color | None) -> None:
    """The shape of card colour ``color`` (layout.toml's [card.color_shapes]) centred on
    (cx, cy) in a size x size square, filled with ``fill`` and outlined with
    ``outline``; nothing for a colour with no shape."""
    spec = layout().card.color_shapes
    shape = spec.shapes.get(color)
    if shape is None:
        return
    half = size / 2
    canvas.saveState()
    canvas.setFillColor(fill)
    if outline is not None:
        canvas.setStrokeColor(outline)
        canvas.setLineWidth(pt(spec.outline_mm) * max(1.0, size / pt(spec.size_mm)))
        canvas.setLineJoin(1)
    stroke = 1 if outline is not None else 0
    if shape.circle:
        canvas.circle(cx, cy, half * 0.92, stroke=stroke, fill=1)  # as dark as the others
    else:
        path = canvas.beginPath()
        (x0, y0), *rest = shape.points
        path.moveTo(cx + x0 * half, cy + y0 * half)
        for x, y in rest:
            path.lineTo(cx + x * half, cy + y * half)
        path.close()
        canvas.drawPath(path, stroke=stroke, fill=1)
    canvas.restoreState()


def _wild(canvas: Any, pic: Pictogram, cx: float, cy: float, size: float, fill: Color,
          stroke: Color | None) -> None:
    """Four quarters of a disc in the four colours, each slightly apart; each with its
    colour's shape when the faces show them and the disc is large enough to read it."""
    _quarters(canvas, catalogue().colors, cx, cy, size, stroke)


def _dark_wild(canvas: Any, pic: Pictogram, cx: float, cy: float, size: float, fill: Color,
               stroke: Color | None) -> None:
    """The wild's disc in the dark side's colours (UNO Flip's dark wilds, FL-03)."""
    _quarters(canvas, catalogue().dark_colors, cx, cy, size, stroke)


def _quarters(canvas: Any, colors: Mapping[str, CardColor], cx: float, cy: float, size: float,
              stroke: Color | None) -> None:
    radius = size / 2
    for i, color in enumerate(colors.values()):
        canvas.setFillColor(paint(color.rgb))
        canvas.setStrokeColor(stroke or paint("#FFFFFF"))
        canvas.setLineWidth(size * 0.02)
        canvas.wedge(cx - radius, cy - radius, cx + radius, cy + radius, 45 + 90 * i, 90,
                     stroke=1, fill=1)
    spec = layout().card.color_shapes
    if not current_face_style().color_shapes or size < pt(spec.wild_min_size_mm):
        return
    for i, color_id in enumerate(colors):
        angle = math.radians(90 + 90 * i)  # the middle of quarter i
        reach = radius * spec.wild_reach
        draw_color_shape(canvas, color_id, cx + math.cos(angle) * reach,
                         cy + math.sin(angle) * reach, size * spec.wild_share,
                         paint(layout().colors["paper"]), paint(layout().colors["ink"]))


def _arrow(canvas: Any, size: float, fill: Color, stroke: Color | None) -> None:
    """An arrow pointing up-right, its tail at the origin's lower left (local units)."""
    path = canvas.beginPath()
    s = size
    points = [(-0.09, -0.42), (0.09, -0.42), (0.09, 0.08), (0.22, 0.08), (0.0, 0.42),
              (-0.22, 0.08), (-0.09, 0.08)]
    path.moveTo(points[0][0] * s, points[0][1] * s)
    for px, py in points[1:]:
        path.lineTo(px * s, py * s)
    path.close()
    canvas.setFillColor(fill)
    if stroke is not None:
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(size * 0.03)
        canvas.setLineJoin(1)
    canvas.drawPath(path, stroke=1 if stroke is not None else 0, fill=1)


def _reverse(canvas: Any, pic: Pictogram, cx: float, cy: float, size: float, fill: Color,
             stroke: Color | None) -> None:
    """Two arrows side by side pointing opposite ways, tilted like the classic card."""
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.rotate(-45)
    for side in (-1, 1):
        canvas.saveState()
        canvas.translate(side * size * 0.15, side * size * 0.06)
        if side < 0:
            canvas.rotate(180)
        _arrow(canvas, size * 0.9, fill, stroke)
        canvas.restoreState()
    canvas.restoreState()


def _boomerang(canvas: Any, pic: Pictogram, cx: float, cy: float, size: float, fill: Color,
               stroke: Color | None) -> None:
    """A boomerang: two curved arms meeting at a rounded elbow, drawn as a thick stroke."""
    s = size
    path = canvas.beginPath()  # a wide V leaning right, its elbow up and to the left
    path.moveTo(cx - 0.36 * s, cy - 0.34 * s)
    path.curveTo(cx - 0.36 * s, cy - 0.05 * s, cx - 0.30 * s, cy + 0.20 * s,
                 cx - 0.16 * s, cy + 0.30 * s)
    path.curveTo(cx - 0.04 * s, cy + 0.38 * s, cx + 0.20 * s, cy + 0.30 * s,
                 cx + 0.38 * s, cy + 0.12 * s)
    canvas.saveState()
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    if stroke is not None:  # the outline: the same stroke, a little wider, underneath
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(0.21 * s)
        canvas.drawPath(path, stroke=1, fill=0)
    canvas.setStrokeColor(fill)
    canvas.setLineWidth(0.17 * s)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def _penguin(canvas: Any, pic: Pictogram, cx: float, cy: float, size: float, fill: Color,
             stroke: Color | None) -> None:
    """A penguin: dark body, light belly, orange beak and feet."""
    s = size
    dark = paint("#1A1A1A")
    light = paint("#FFFFFF")
    orange = paint("#F29A1F")
    canvas.saveState()
    canvas.setLineWidth(s * 0.025)
    canvas.setStrokeColor(light)
    # feet
    canvas.setFillColor(orange)
    for side in (-1, 1):
        canvas.ellipse(cx + side * 0.14 * s - 0.11 * s, cy - 0.50 * s,
                       cx + side * 0.14 * s + 0.11 * s, cy - 0.40 * s, stroke=0, fill=1)
    # body and flippers
    canvas.setFillColor(dark)
    canvas.ellipse(cx - 0.30 * s, cy - 0.46 * s, cx + 0.30 * s, cy + 0.30 * s, stroke=1, fill=1)
    canvas.circle(cx, cy + 0.26 * s, 0.21 * s, stroke=1, fill=1)
    for side in (-1, 1):
        canvas.saveState()
        canvas.translate(cx + side * 0.30 * s, cy - 0.06 * s)
        canvas.rotate(side * 18)
        canvas.ellipse(-0.07 * s, -0.24 * s, 0.07 * s, 0.16 * s, stroke=0, fill=1)
        canvas.restoreState()
    # belly and face
    canvas.setFillColor(light)
    canvas.ellipse(cx - 0.20 * s, cy - 0.42 * s, cx + 0.20 * s, cy + 0.16 * s, stroke=0, fill=1)
    for side in (-1, 1):
        canvas.circle(cx + side * 0.08 * s, cy + 0.30 * s, 0.055 * s, stroke=0, fill=1)
    canvas.setFillColor(dark)
    for side in (-1, 1):
        canvas.circle(cx + side * 0.075 * s, cy + 0.295 * s, 0.028 * s, stroke=0, fill=1)
    # beak
    canvas.setFillColor(orange)
    beak = canvas.beginPath()
    beak.moveTo(cx - 0.07 * s, cy + 0.22 * s)
    beak.lineTo(cx + 0.07 * s, cy + 0.22 * s)
    beak.lineTo(cx, cy + 0.12 * s)
    beak.close()
    canvas.drawPath(beak, stroke=0, fill=1)
    canvas.restoreState()


def _label(canvas: Any, pic: Pictogram, cx: float, cy: float, size: float, fill: Color,
           stroke: Color | None) -> None:
    draw_label(canvas, pic.label, cx, cy, size, fill, stroke)


Drawing = Callable[[Any, Pictogram, float, float, float, Color, "Color | None"], None]

_DRAWINGS: dict[str, Drawing] = {
    "cards": _card_fan,
    "wild": _wild,
    "dark-wild": _dark_wild,
    "reverse": _reverse,
    "boomerang": _boomerang,
    "penguin": _penguin,
    "label": _label,
}


def draw_pictogram(canvas: Any, name: str, cx: float, cy: float, size: float, fill: Color,
                   stroke: Color | None = None) -> None:
    """Draw pictogram ``name`` centred on (cx, cy) within a size x size square (points).

    ``fill`` is its main colour; ``stroke``, when given, outlines it (for contrast
    on a background of nearly the same lightness).
    """
    pic = pictogram(name)
    if pic.drawing is not None:
        _DRAWINGS[pic.drawing](canvas, pic, cx, cy, size, fill, stroke)
        return
    assert pic.glyph is not None  # checked when pictograms.toml is read
    if not pic.badge:
        _glyph(canvas, pic.glyph, cx, cy, size, fill, stroke, pic.mirror)
        return
    # The glyph in the upper part, the badge (an arrow) below it.
    _glyph(canvas, pic.glyph, cx, cy + size * 0.14, size * 0.74, fill, stroke, pic.mirror)
    _glyph(canvas, pic.badge, cx, cy - size * 0.36, size * 0.3, fill, stroke)
