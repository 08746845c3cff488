"""One card face (or back), drawn at its place on a reportlab canvas.

This is the one drawing entry point the sheets, the PNG export and the rulebook's card
gallery share: :func:`draw_face` and :func:`draw_back` (the rulebook wraps them, one
layer up, in its :class:`~cardgen.rulebook.pictures.CardFace` flowable). A face is
53 x 79 mm at its trim line by default, or any
:class:`~cardgen.render.layout.CardSize`: the design of ``cardgen/data/layout.toml`` is
drawn scaled to fit, the spare length going between the
corners and the middle. With a bleed, only its background reaches past the trim line.

Kinds of faces, chosen from the card's data alone:

- ``number``: a classic number card, a big numeral in a tilted oval;
- ``action``: a classic coloured action (+2, reverse, skip), its pictogram in the oval;
- ``wild``: a classic black card (Joker, +4), the four colours in the oval;
- ``captioned``: every card a standard box lacks (Unplugged specials, extras, the blank
  card, custom cards with a pictogram): pictogram in a disc, its name and its caption,
  in French and in English, in a light box;
- ``picture``: a custom card with its own picture file in place of the disc;
- ``typographic``: a custom card with neither, its name set large.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics

from cardgen.catalogue import Card, catalogue
from cardgen.catalogue.face_languages import FRENCH_AND_ENGLISH, FaceLanguages
from cardgen.errors import CardgenError
from cardgen.render.colour import current_face_style, paint, png_source, reads_on
from cardgen.render.facetext import (
    Box,
    TextBlock,
    caption_block,
    caption_rect,
    corner_inset,
    draw_text_block,
    name_block,
    shop_safe_mm,
)
from cardgen.render.layout import CardSize, design_size, layout, pt
from cardgen.render.pictograms import (
    draw_color_shape,
    draw_label,
    draw_pictogram,
    outlined_text,
    pictogram,
)
from cardgen.typography import registered

FaceKind = Literal["number", "action", "wild", "captioned", "picture", "typographic"]

CORNER_FONT = "Sans-Bold"


def card_size_pt(size: CardSize | None = None) -> tuple[float, float]:
    """The trim size of a face (by default the design's), in points."""
    return (size or design_size()).points


def _box_for(size: CardSize) -> Box:
    """The card at ``size`` in the design's units (see :class:`Box`)."""
    card = layout().card
    scale = size.scale
    width, height = (side / scale for side in size.points)
    # At a small size the safe margin stays safe_margin_mm on paper; a shop's wider
    # safe area widens it (and moves the corner indices in: see corner_inset).
    return Box(width, height, (height - pt(card.height_mm)) / 2,
               max(pt(card.safe_margin_mm) / min(scale, 1.0), pt(shop_safe_mm()) / scale))


def _enter(canvas: Any, x: float, y: float, size: CardSize) -> Box:
    """Move and scale the canvas so the design draws the card at (x, y) at ``size``."""
    canvas.translate(x, y)
    canvas.scale(size.scale, size.scale)
    return _box_for(size)


def text_blocks(card: Card, lang: FaceLanguages, size: CardSize | None = None) -> list[TextBlock]:
    """The names and captions ``card``'s face sets, fitted as drawn (none on the classic
    faces). Their sizes are in the design's points: at ``size`` they print
    ``size.scale`` times as large."""
    kind = face_kind(card)
    if kind in ("number", "action", "wild"):
        return []
    box = _box_for(size or design_size())
    return [name_block(card, box, lang, title=kind == "typographic"),
            caption_block(card, box, lang)]


def picture_area(card: Card, lang: FaceLanguages, size: CardSize | None = None
                 ) -> tuple[float, float]:
    """The width and height, in points on paper, of the box ``card``'s own picture is
    fitted into (as :func:`_draw_picture` places it), to know at what resolution it
    prints."""
    size = size or design_size()
    box = _box_for(size)
    spec = layout().card.captioned.for_lang(lang)
    left = 2 * corner_inset(box)[0]
    bottom = pt(spec.name_top_mm + 1.0) + box.lift
    return ((box.width - 2 * left) * size.scale,
            (box.height - box.safe - bottom) * size.scale)


def face_kind(card: Card) -> FaceKind:
    """Which layout a card's face uses (see the module docstring)."""
    # UNO Flip's faces, light and dark, look like the box's (FL-01): no captions.
    if card.is_standard or card.family == "flip":
        if card.effect == "number":
            return "number"
        return "action" if card.color is not None else "wild"
    if card.picture is not None:
        return "picture"
    if card.pictogram is None:
        return "typographic"
    return "captioned"


def _is_wild_look(card: Card) -> bool:
    return card.color is None and card.names_color


def background_hex(card: Card) -> str:
    """The face's background colour: its own colour, else the one of its kind."""
    colors = layout().colors
    if card.id in layout().card_backgrounds:
        return layout().card_backgrounds[card.id]
    if card.family == "unplugged" and not _is_wild_look(card):
        return colors["unplugged"]  # the mauve that sets the Unplugged specials apart
    if card.color is not None:
        return catalogue().color(card.color).rgb
    if _is_wild_look(card):
        return colors["wild"]
    return colors.get(card.family, colors["custom"])


def is_light(hex_color: str) -> bool:
    """True when dark ink reads better than white on this colour."""
    red, green, blue = (int(hex_color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue > 0.72


def _card_color(card: Card) -> Color | None:
    return paint(catalogue().color(card.color).rgb) if card.color else None


class _Ink:
    """The colours of one face, from its own colour and the style of the faces.

    ``own`` is the face's own colour; ``background`` what fills it (the same, or white
    in low ink); ``fg`` the text and marks set on the background; ``mark`` the frame and
    corner indices (the foreground, or the face's colour in low ink); ``outline`` the
    outline of light marks; ``shape`` the fill of the colour shapes (white on a
    colour, black on white); ``name_outline`` the outline of white words on a colour
    they read poorly on (yellow, green), else None."""

    def __init__(self, background: str) -> None:
        colors = layout().colors
        self.low_ink = current_face_style().low_ink
        self.own = paint(background)
        self.ink = paint(colors["ink"])
        self.paper = paint(colors["paper"])
        light = is_light(background)
        self.background = self.paper if self.low_ink else self.own
        self.fg = self.ink if light or self.low_ink else self.paper
        self.mark = (self.ink if light else self.own) if self.low_ink else self.fg
        self.outline: Color | None = None if light and not self.low_ink else self.ink
        self.shape = self.fg
        self.name_outline: Color | None = None
        if self.fg is self.paper and not reads_on(colors["paper"], background,
                                                  layout().card.min_text_contrast):
            self.name_outline = self.ink


# --- pieces shared by several kinds ---------------------------------------------------

def _background(canvas: Any, x: float, y: float, size: CardSize, color: Color,
                bleed: float) -> None:
    """The background at the real trim size (before scaling, so the trim is exact)."""
    width, height = size.points
    canvas.setFillColor(color)
    canvas.rect(x - bleed, y - bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)


def _frame(canvas: Any, box: Box, color: Color, low_ink: bool = False) -> None:
    card = layout().card
    inset = pt(card.frame_inset_mm)
    canvas.setStrokeColor(color)
    canvas.setLineWidth(pt(card.low_ink.frame_line_mm if low_ink else card.frame_line_mm))
    canvas.roundRect(inset, inset, box.width - 2 * inset, box.height - 2 * inset,
                     pt(card.frame_radius_mm), stroke=1, fill=0)


def _oval(canvas: Any, cx: float, cy: float, fill: Color | None,
          outline: Color | None, line_mm: float | None = None) -> None:
    """The tilted oval, filled and/or outlined (no transparency: print shops refuse it)."""
    oval = layout().card.oval
    half_w, half_h = pt(oval.width_mm) / 2, pt(oval.height_mm) / 2
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.rotate(-oval.tilt_deg)  # leaning right, like the cards people know
    if fill is not None:
        canvas.setFillColor(fill)
    if outline is not None:
        canvas.setStrokeColor(outline)
        canvas.setLineWidth(pt(oval.outline_mm if line_mm is None else line_mm))
    canvas.ellipse(-half_w, -half_h, half_w, half_h, stroke=1 if outline else 0,
                   fill=1 if fill is not None else 0)
    canvas.restoreState()


def _oval_clip(canvas: Any, cx: float, cy: float) -> None:
    """Clip what follows to the tilted oval (call inside saveState/restoreState)."""
    oval = layout().card.oval
    half_w, half_h = pt(oval.width_mm) / 2, pt(oval.height_mm) / 2
    canvas.translate(cx, cy)
    canvas.rotate(-oval.tilt_deg)
    path = canvas.beginPath()
    path.ellipse(-half_w, -half_h, 2 * half_w, 2 * half_h)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.rotate(oval.tilt_deg)
    canvas.translate(-cx, -cy)


def _fitted(text: str, size: float, max_width: float) -> float:
    """``size``, or less if ``text`` set at it would be wider than ``max_width``."""
    width = pdfmetrics.stringWidth(text, registered(CORNER_FONT), 1)
    return min(size, max_width / width) if width else size


def _numeral(canvas: Any, text: str, cx: float, cy: float, size: float, max_width: float,
             fill: Color, outline: Color | None) -> None:
    """A numeral or short symbol centred on (cx, cy); 6 and 9 are underlined."""
    width = pdfmetrics.stringWidth(text, registered(CORNER_FONT), 1)
    size = _fitted(text, size, max_width)
    cap = pdfmetrics.getFont(CORNER_FONT).face.capHeight / 1000 * size
    canvas.saveState()
    outlined_text(canvas, text, cx - width * size / 2, cy - cap / 2, CORNER_FONT, size, fill,
                  outline, max(0.35, size * 0.035))
    if text in ("6", "9"):  # tell 6 from 9 upside down
        bar_w, bar_h = width * size * 0.8, size * 0.07
        canvas.setFillColor(fill)
        canvas.rect(cx - bar_w / 2, cy - cap / 2 - size * 0.17, bar_w, bar_h,
                    stroke=1 if outline is not None else 0, fill=1)
    canvas.restoreState()


def _corner_positions(box: Box) -> list[tuple[float, float, float]]:
    """(cx, cy, rotation) of the top-left and bottom-right corner indices."""
    dx, dy = corner_inset(box)
    return [(dx, box.height - dy, 0.0), (box.width - dx, dy, 180.0)]


def _corner_box(box: Box) -> float:
    """The width an index may take: twice its distance to the safe zone's edge."""
    return 2 * (corner_inset(box)[0] - box.safe)


def _corner_text_size(card: Card, box: Box, lang: FaceLanguages) -> float:
    """The size of the face's corner texts: the layout's, or less so that the widest of
    them fits its corner. One size for both corners, so that a face in both languages
    whose French and English texts differ in width ("A" and "RC") shows them alike."""
    size = layout().card.corner.text_size_pt
    for index_lang in _index_langs(lang):
        text, _ = corner_mark(card, index_lang)
        if text is not None:
            size = _fitted(text, size, _corner_box(box))
    return size


def _corner_index(canvas: Any, box: Box, card: Card, place: tuple[float, float, float],
                  ink: _Ink, chip: Color | None = None, lang: str = "fr",
                  text_size: float | None = None) -> None:
    """One corner index at place (cx, cy, rotation), for readers of ``lang``: the number,
    the short symbol or text (at ``text_size`` at most, the face's
    :func:`_corner_text_size`), or a small pictogram; below it, towards the middle,
    the shape of the card's colour."""
    corner = layout().card.corner
    fill, outline = ink.mark, ink.outline
    cx, cy, rotation = place
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.rotate(rotation)
    _color_shape(canvas, card, ink)
    if chip is not None:  # a disc of the card's colour behind the index, for colour cards
        canvas.setFillColor(chip)
        canvas.setStrokeColor(fill)
        canvas.setLineWidth(0.8)
        canvas.circle(0, 0, _corner_box(box) / 2, stroke=1, fill=1)
    text, icon = corner_mark(card, lang)
    if text is not None:
        size = corner.text_size_pt if text_size is None else text_size
        _numeral(canvas, text, 0, 0, size, _corner_box(box), fill, outline)
    elif icon is not None:
        size = min(pt(corner.icon_size_mm), _corner_box(box) * (0.72 if chip else 1.0))
        draw_pictogram(canvas, icon, 0, 0, size, fill, outline)
    canvas.restoreState()


def _color_shape(canvas: Any, card: Card, ink: _Ink) -> None:
    """The shape of the card's colour below a corner index (at the canvas's origin),
    when the faces show them; white with a dark outline on a colour, black on white."""
    spec = layout().card.color_shapes
    if card.color is None or not current_face_style().color_shapes:
        return
    draw_color_shape(canvas, card.color, 0, -pt(spec.below_index_mm), pt(spec.size_mm),
                     ink.shape, ink.ink)


def _index_langs(lang: FaceLanguages) -> tuple[str, str]:
    """The languages of the (first, second) corner index: on a face in both languages
    the first is French and the second English, as the names above and below."""
    return lang.first, lang.last


def corner_mark(card: Card, lang: str) -> tuple[str | None, str | None]:
    """(text, pictogram) a corner index shows to readers of ``lang``: the deck's choice
    (``corner``), else the number, the pictogram, or the initials of the name."""
    if card.corner is not None and card.corner.text is not None:
        if lang in card.corner.text:  # else (a language the deck left out): the initials
            return card.corner.text[lang], None
    elif card.corner is not None:
        assert card.corner.pictogram is not None
        return pictogram(card.corner.pictogram).corner_text, card.corner.pictogram
    if card.effect == "number" and card.value is not None:
        return str(card.value), None
    if card.pictogram is not None:
        return pictogram(card.pictogram).corner_text, card.pictogram
    return _initials(card, lang), None


def _initials(card: Card, lang: str) -> str:
    """The first letters of the name's first two words, leaving out its colour and the
    small words of its language (articles, prepositions: ``typography|small_words`` of
    the catalogue, an elided "d'" or "l'" too): "Bisou magique" -> "BM", "Chat rouge" ->
    "C", "Lluvia de calabazas" -> "LC", "Pluie d'étoiles" -> "PE". A name of small words
    only keeps them ("La" -> "L")."""
    from cardgen.catalogue.locale import labels

    color_words: set[str] = set()
    if card.color is not None:
        color = catalogue().color(card.color)
        color_words = {w.lower() for lang_code in color.name
                       for w in color.words(lang_code, plural=True)}
    small = {w.strip().lower() for w in labels("typography", lang)["small_words"].split(",")}
    named = [w for w in re.split(r"[\s\-'’]+", card.name[lang])
             if w[:1].isalnum() and w.lower() not in color_words]
    words = [w for w in named if w.lower() not in small] or named
    return "".join(w[0].upper() for w in words[:2]) or "?"


# --- the classic faces ---------------------------------------------------------------

def _draw_number_or_action(canvas: Any, card: Card, box: Box, lang: FaceLanguages,
                           ink: _Ink) -> None:
    oval = layout().card.oval
    cx, cy = box.width / 2, box.height / 2
    color = _card_color(card) or ink.own
    if ink.low_ink:
        _oval(canvas, cx, cy, None, color, layout().card.low_ink.oval_line_mm)
    else:
        _oval(canvas, cx, cy, ink.paper, None)
    if card.effect == "number" and card.value is not None:
        _numeral(canvas, str(card.value), cx, cy, oval.number_size_pt, pt(oval.width_mm) * 0.8,
                 color, ink.ink)
    elif card.pictogram is not None:
        draw_pictogram(canvas, card.pictogram, cx, cy, pt(oval.icon_size_mm), color, ink.ink)
    size = _corner_text_size(card, box, lang)
    for place, index_lang in zip(_corner_positions(box), _index_langs(lang), strict=True):
        _corner_index(canvas, box, card, place, ink, lang=index_lang, text_size=size)


def _draw_wild(canvas: Any, card: Card, box: Box, lang: FaceLanguages, ink: _Ink) -> None:
    oval = layout().card.oval
    cx, cy = box.width / 2, box.height / 2
    _oval(canvas, cx, cy, ink.paper, None)
    canvas.saveState()
    _oval_clip(canvas, cx, cy)
    disc = pictogram(card.pictogram).disc if card.pictogram is not None else "wild"
    draw_pictogram(canvas, disc, cx, cy, pt(oval.height_mm) * 1.1, ink.paper, ink.paper)
    canvas.restoreState()
    if ink.low_ink:
        _oval(canvas, cx, cy, None, ink.mark, layout().card.low_ink.oval_line_mm)
    else:
        _oval(canvas, cx, cy, None, ink.paper)
    if card.pictogram is not None and card.pictogram not in ("wild", disc):
        draw_pictogram(canvas, card.pictogram, cx, cy, pt(oval.icon_size_mm), ink.paper,
                       ink.ink)  # white outlined in black reads on the colours and on white
    size = _corner_text_size(card, box, lang)
    for place, index_lang in zip(_corner_positions(box), _index_langs(lang), strict=True):
        _corner_index(canvas, box, card, place, ink, lang=index_lang, text_size=size)


# --- the faces that explain themselves -------------------------------------------------

def _caption_box(canvas: Any, card: Card, box: Box, lang: FaceLanguages) -> None:
    """The light box of captions, and the captions in it."""
    spec = layout().card.captioned.for_lang(lang)
    colors = layout().colors
    canvas.setFillColor(paint(colors["caption_box"]))
    low_ink = current_face_style().low_ink
    if low_ink:  # white on white: its outline shows where it is
        canvas.setStrokeColor(paint(colors["caption_rule"]))
        canvas.setLineWidth(pt(layout().card.low_ink.caption_box_line_mm))
    canvas.roundRect(*caption_rect(box, lang), pt(spec.caption_box_radius_mm),
                     stroke=1 if low_ink else 0, fill=1)
    draw_text_block(canvas, caption_block(card, box, lang), paint(colors["caption_ink"]),
                     paint(colors["caption_rule"]))


def _top_indices(canvas: Any, card: Card, box: Box, lang: FaceLanguages, ink: _Ink,
                 chip: Color | None = None) -> None:
    """The captioned faces keep both indices on top: the caption box fills the bottom."""
    dx, dy = corner_inset(box)
    size = _corner_text_size(card, box, lang)
    for cx, index_lang in zip((dx, box.width - dx), _index_langs(lang), strict=True):
        _corner_index(canvas, box, card, (cx, box.height - dy, 0.0), ink, chip, index_lang,
                      size)


def _draw_captioned(canvas: Any, card: Card, box: Box, lang: FaceLanguages, ink: _Ink) -> None:
    spec = layout().card.captioned.for_lang(lang)
    cx, cy = box.width / 2, pt(spec.disc_center_y_mm) + box.lift
    radius = pt(spec.disc_diameter_mm) / 2
    color = _card_color(card)
    wild_look = _is_wild_look(card)
    if wild_look:
        draw_pictogram(canvas, "wild", cx, cy, 2 * radius, ink.paper, ink.paper)
        fill, outline = ink.paper, ink.ink
    else:
        # On the mauve, a colour card shows its colour in the disc; elsewhere the disc
        # is white and the pictogram takes the card's colour.
        disc = color if color is not None and color != ink.own else ink.paper
        canvas.setFillColor(disc)
        canvas.setStrokeColor(ink.mark)
        canvas.setLineWidth(0.8)
        canvas.circle(cx, cy, radius, stroke=1, fill=1)
        fill = ink.paper if disc != ink.paper else (color or ink.own)
        outline = ink.ink
        if is_light(background_hex(card)) and disc == ink.paper:
            fill = ink.ink
    assert card.pictogram is not None
    draw_pictogram(canvas, card.pictogram, cx, cy, pt(spec.icon_size_mm), fill, outline)
    chip = color if color is not None and color == ink.own else None
    chip = color if color is not None and card.family == "unplugged" else chip
    _top_indices(canvas, card, box, lang, ink,
                 chip if chip is not None and chip != ink.own else None)
    draw_text_block(canvas, name_block(card, box, lang, title=False), ink.fg,
                    outline=ink.name_outline)
    _caption_box(canvas, card, box, lang)


def _draw_picture(canvas: Any, card: Card, box: Box, lang: FaceLanguages, ink: _Ink) -> None:
    spec = layout().card.captioned.for_lang(lang)
    assert card.picture is not None
    left = 2 * corner_inset(box)[0]  # between the corner indices
    bottom = pt(spec.name_top_mm + 1.0) + box.lift
    draw_picture(canvas, card.picture, left, bottom, box.width - 2 * left,
                 box.height - box.safe - bottom, background_hex(card))
    _top_indices(canvas, card, box, lang, ink)
    draw_text_block(canvas, name_block(card, box, lang, title=False), ink.fg,
                    outline=ink.name_outline)
    _caption_box(canvas, card, box, lang)


def _draw_typographic(canvas: Any, card: Card, box: Box, lang: FaceLanguages, ink: _Ink) -> None:
    _top_indices(canvas, card, box, lang, ink)
    draw_text_block(canvas, name_block(card, box, lang, title=True), ink.fg,
                    outline=ink.name_outline)
    _caption_box(canvas, card, box, lang)


def draw_picture(canvas: Any, path: Path, x: float, y: float, width: float,
                 height: float, background: str = "#FFFFFF", ink: float = 1.0) -> None:
    """An SVG or PNG file scaled to fit the box (x, y, width, height), centred in it,
    on the card colour ``background`` (what a CMYK file flattens its transparency on);
    ``ink`` under 1 lightens it to that share of its ink."""
    if path.suffix.lower() == ".svg":
        from cardgen.render.svg import draw_svg

        draw_svg(canvas, path, x, y, width, height, background, ink)
        return
    try:
        source, mask = png_source(path, background, ink)
        canvas.drawImage(source, x, y, width, height, preserveAspectRatio=True,
                         anchor="c", mask=mask)
    except Exception as exc:  # Pillow reports a damaged file with many kinds of error
        raise CardgenError(f"{path}: cannot be read as a PNG picture ({exc}); "
                           "save it again as PNG or SVG") from None


# --- the entry points -------------------------------------------------------------------

def draw_face(canvas: Any, card: Card, x: float, y: float, *,
              lang: FaceLanguages = FRENCH_AND_ENGLISH,
              bleed_mm: float = 0.0, size: CardSize | None = None) -> None:
    """Draw ``card``'s face with its lower-left trim corner at (x, y), in points.

    ``size`` is its trim size (the design's 53 x 79 mm by default).

    ``lang`` picks the language(s) of the names and captions: French and English on
    the same face by default (one printed deck serves both). ``bleed_mm`` extends the
    background past the trim line on every side, for cutting without white slivers.
    The drawing leaves the canvas's graphics state as it found it.
    """
    ink = _Ink(background_hex(card))
    size = size or design_size()
    canvas.saveState()
    _background(canvas, x, y, size, ink.background, pt(bleed_mm))
    box = _enter(canvas, x, y, size)
    _frame(canvas, box, ink.mark, ink.low_ink)
    kind = face_kind(card)
    if kind in ("number", "action"):
        _draw_number_or_action(canvas, card, box, lang, ink)
    elif kind == "wild":
        _draw_wild(canvas, card, box, lang, ink)
    elif kind == "captioned":
        _draw_captioned(canvas, card, box, lang, ink)
    elif kind == "picture":
        _draw_picture(canvas, card, box, lang, ink)
    else:
        _draw_typographic(canvas, card, box, lang, ink)
    canvas.restoreState()


def draw_back(canvas: Any, x: float, y: float, *, bleed_mm: float = 0.0,
              size: CardSize | None = None, picture: Path | None = None) -> None:
    """Draw the card back with its lower-left trim corner at (x, y): the deck's own
    ``picture`` (scaled to cover the trim and bleed, centred, on the back's colour) or
    the built-in back, the same for every card.

    The built-in back is symmetric under a half turn, so a card shows the same back
    either way up.
    """
    colors = layout().colors
    oval = layout().card.oval
    ink = _Ink(colors["back"])
    size = size or design_size()
    canvas.saveState()
    _background(canvas, x, y, size, ink.background, pt(bleed_mm))
    if picture is not None:
        bleed = pt(bleed_mm)
        width, height = size.points
        # In low ink, on white and lightened as cardgen's own back is.
        draw_picture(canvas, picture, x - bleed, y - bleed, width + 2 * bleed,
                     height + 2 * bleed,
                     ink=layout().card.low_ink.picture_ink if ink.low_ink else 1.0)
        canvas.restoreState()
        return
    box = _enter(canvas, x, y, size)
    cx, cy = box.width / 2, box.height / 2
    back_oval = paint(colors["back_oval"])
    if ink.low_ink:  # the frame, the oval's outline and the name, on white
        _frame(canvas, box, ink.own, True)
        _oval(canvas, cx, cy, None, back_oval, layout().card.low_ink.oval_line_mm)
        label = back_oval
    else:
        _frame(canvas, box, ink.paper)
        _oval(canvas, cx, cy, back_oval, ink.paper)
        label = ink.paper
    canvas.translate(cx, cy)
    canvas.rotate(90 - oval.tilt_deg)  # along the oval's long axis
    draw_label(canvas, "cardgen", 0, 0, pt(oval.height_mm) * 0.7, label, ink.ink)
    canvas.restoreState()
