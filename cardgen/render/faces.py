"""One card face (or back), drawn at its place on a reportlab canvas.

This is the one drawing entry point the sheets, the PNG export and the rulebook's card
gallery share: :func:`draw_face`, :func:`draw_back`, and the :class:`CardFace`
flowable for platypus documents. A face is 53 x 79 mm at its trim line (the sizes come
from ``cardgen/data/layout.toml``); with a bleed, only its background reaches past it.

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

from pathlib import Path
from typing import Any, Literal

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable

from cardgen.catalogue import Card, catalogue
from cardgen.errors import CardgenError
from cardgen.render.layout import layout, pt
from cardgen.render.pictograms import draw_label, draw_pictogram, outlined_text, pictogram
from cardgen.render.textfit import Paragraph, fit
from cardgen.typography import register_fonts

Lang = Literal["fr", "en", "both"]
LANG_CHOICES: tuple[Lang, ...] = ("both", "fr", "en")
FaceKind = Literal["number", "action", "wild", "captioned", "picture", "typographic"]

NAME_FONT = "Sans-Bold"
SECOND_FONT = "Sans-Oblique"  # the English text, when both languages share a face
CAPTION_FONT = "Condensed"
CORNER_FONT = "Sans-Bold"


def card_size_pt() -> tuple[float, float]:
    """The trim size of every face, in points."""
    card = layout().card
    return pt(card.width_mm), pt(card.height_mm)


def face_kind(card: Card) -> FaceKind:
    """Which layout a card's face uses (see the module docstring)."""
    if card.is_standard:
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
        return catalogue().colors[card.color].rgb
    if _is_wild_look(card):
        return colors["wild"]
    return colors.get(card.family, colors["custom"])


def is_light(hex_color: str) -> bool:
    """True when dark ink reads better than white on this colour."""
    red, green, blue = (int(hex_color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue > 0.72


def _card_color(card: Card) -> Color | None:
    return HexColor(catalogue().colors[card.color].rgb) if card.color else None


class _Ink:
    """The colours of one face: background, foreground and the outline of light marks."""

    def __init__(self, background: str) -> None:
        colors = layout().colors
        self.background = HexColor(background)
        self.ink = HexColor(colors["ink"])
        self.paper = HexColor(colors["paper"])
        light = is_light(background)
        self.fg = self.ink if light else self.paper
        self.outline: Color | None = None if light else self.ink


# --- pieces shared by several kinds ---------------------------------------------------

def _background(canvas: Any, x: float, y: float, color: Color, bleed: float) -> None:
    width, height = card_size_pt()
    canvas.setFillColor(color)
    canvas.rect(x - bleed, y - bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)


def _frame(canvas: Any, x: float, y: float, color: Color) -> None:
    card = layout().card
    width, height = card_size_pt()
    inset = pt(card.frame_inset_mm)
    canvas.setStrokeColor(color)
    canvas.setLineWidth(pt(card.frame_line_mm))
    canvas.roundRect(x + inset, y + inset, width - 2 * inset, height - 2 * inset,
                     pt(card.frame_radius_mm), stroke=1, fill=0)


def _oval(canvas: Any, cx: float, cy: float, fill: Color, outline: Color | None) -> None:
    oval = layout().card.oval
    half_w, half_h = pt(oval.width_mm) / 2, pt(oval.height_mm) / 2
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.rotate(-oval.tilt_deg)  # leaning right, like the cards people know
    canvas.setFillColor(fill)
    if outline is not None:
        canvas.setStrokeColor(outline)
        canvas.setLineWidth(pt(oval.outline_mm))
    canvas.ellipse(-half_w, -half_h, half_w, half_h, stroke=1 if outline else 0, fill=1)
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


def _numeral(canvas: Any, text: str, cx: float, cy: float, size: float, max_width: float,
             fill: Color, outline: Color | None) -> None:
    """A numeral or short symbol centred on (cx, cy); 6 and 9 are underlined."""
    register_fonts()
    width = pdfmetrics.stringWidth(text, CORNER_FONT, 1)
    size = min(size, max_width / width) if width else size
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


def _corner_positions(x: float, y: float) -> list[tuple[float, float, float]]:
    """(cx, cy, rotation) of the top-left and bottom-right corner indices."""
    corner = layout().card.corner
    width, height = card_size_pt()
    dx, dy = pt(corner.inset_x_mm), pt(corner.inset_y_mm)
    return [(x + dx, y + height - dy, 0.0), (x + width - dx, y + dy, 180.0)]


def _corner_box() -> float:
    """The width an index may take: twice its distance to the safe zone's edge."""
    card = layout().card
    return 2 * pt(card.corner.inset_x_mm - card.safe_margin_mm)


def _corner_index(canvas: Any, card: Card, cx: float, cy: float, rotation: float,
                  fill: Color, outline: Color | None, chip: Color | None = None) -> None:
    """One corner index: the number, the short symbol, or a small pictogram."""
    corner = layout().card.corner
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.rotate(rotation)
    if chip is not None:  # a disc of the card's colour behind the index, for colour cards
        canvas.setFillColor(chip)
        canvas.setStrokeColor(fill)
        canvas.setLineWidth(0.8)
        canvas.circle(0, 0, _corner_box() / 2, stroke=1, fill=1)
    text = _corner_text(card)
    if text is not None:
        _numeral(canvas, text, 0, 0, corner.text_size_pt, _corner_box(), fill, outline)
    elif card.pictogram is not None:
        size = min(pt(corner.icon_size_mm), _corner_box() * (0.72 if chip else 1.0))
        draw_pictogram(canvas, card.pictogram, 0, 0, size, fill, outline)
    canvas.restoreState()


def _corner_text(card: Card) -> str | None:
    if card.effect == "number" and card.value is not None:
        return str(card.value)
    if card.pictogram is not None:
        return pictogram(card.pictogram).corner_text
    if card.picture is not None or card.pictogram is None:
        return _initials(card)
    return None


def _initials(card: Card) -> str:
    words = [w for w in card.name.en.replace("-", " ").split() if w[:1].isalnum()]
    return "".join(w[0].upper() for w in words[:2]) or "?"


# --- the classic faces ---------------------------------------------------------------

def _draw_number_or_action(canvas: Any, card: Card, x: float, y: float, ink: _Ink) -> None:
    oval = layout().card.oval
    width, height = card_size_pt()
    cx, cy = x + width / 2, y + height / 2
    color = _card_color(card) or ink.background
    _oval(canvas, cx, cy, ink.paper, None)
    if card.effect == "number" and card.value is not None:
        _numeral(canvas, str(card.value), cx, cy, oval.number_size_pt, pt(oval.width_mm) * 0.8,
                 color, ink.ink)
    elif card.pictogram is not None:
        draw_pictogram(canvas, card.pictogram, cx, cy, pt(oval.icon_size_mm), color, ink.ink)
    for px, py, rotation in _corner_positions(x, y):
        _corner_index(canvas, card, px, py, rotation, ink.paper, ink.ink)


def _draw_wild(canvas: Any, card: Card, x: float, y: float, ink: _Ink) -> None:
    oval = layout().card.oval
    width, height = card_size_pt()
    cx, cy = x + width / 2, y + height / 2
    _oval(canvas, cx, cy, ink.paper, None)
    canvas.saveState()
    _oval_clip(canvas, cx, cy)
    draw_pictogram(canvas, "wild", cx, cy, pt(oval.height_mm) * 1.1, ink.paper, ink.paper)
    canvas.restoreState()
    _oval(canvas, cx, cy, Color(0, 0, 0, alpha=0), ink.paper)
    if card.pictogram is not None and card.pictogram != "wild":
        draw_pictogram(canvas, card.pictogram, cx, cy, pt(oval.icon_size_mm), ink.paper,
                       ink.ink)
    for px, py, rotation in _corner_positions(x, y):
        _corner_index(canvas, card, px, py, rotation, ink.paper, ink.ink)


# --- the faces that explain themselves -------------------------------------------------

def _texts(text_fr: str, text_en: str, lang: Lang) -> list[tuple[str, str]]:
    """(lang, text) pairs to print; one when both languages say the same."""
    if lang == "fr":
        return [("fr", text_fr)]
    if lang == "en":
        return [("en", text_en)]
    if text_fr.strip() == text_en.strip():
        return [("fr", text_fr)]
    return [("fr", text_fr), ("en", text_en)]


def _draw_text_block(canvas: Any, pairs: list[tuple[str, str]], fonts: dict[str, str],
                     box: tuple[float, float, float, float], max_size: float,
                     min_size: float, leading: float, color: Color,
                     rule: Color | None = None, gap: float = 0.7) -> None:
    """Centred paragraphs fitted in box (x, y, width, height), a thin rule between them.

    ``gap`` is the space between paragraphs, as a multiple of the font size.
    """
    bx, by, bw, bh = box
    gap = gap if len(pairs) > 1 else 0.0
    fitted = fit([Paragraph(text, fonts[lang]) for lang, text in pairs], bw, bh, max_size,
                 min_size, leading, gap)
    size = fitted.size
    top = by + bh - (bh - fitted.height) / 2
    baseline = top - size * 0.93  # the first line's ascent
    canvas.setFillColor(color)
    for index, (font, lines) in enumerate(fitted.blocks):
        if index:
            last_baseline = baseline + fitted.leading
            baseline -= gap * size
            if rule is not None:  # halfway between the last descender and the next cap
                rule_y = (last_baseline - 0.24 * size + baseline + 0.76 * size) / 2
                canvas.setStrokeColor(rule)
                canvas.setLineWidth(0.4)
                canvas.line(bx + bw * 0.3, rule_y, bx + bw * 0.7, rule_y)
        canvas.setFont(font, size)
        for line in lines:
            canvas.drawCentredString(bx + bw / 2, baseline, line)
            baseline -= fitted.leading


def _caption_box(canvas: Any, card: Card, x: float, y: float, lang: Lang) -> None:
    geometry = layout().card
    spec = geometry.captioned
    colors = layout().colors
    width, _ = card_size_pt()
    left = x + pt(geometry.safe_margin_mm)
    box_w = width - 2 * pt(geometry.safe_margin_mm)
    bottom = y + pt(spec.caption_box_bottom_mm)
    box_h = pt(spec.caption_box_height_mm)
    canvas.setFillColor(HexColor(colors["caption_box"]))
    canvas.roundRect(left, bottom, box_w, box_h, pt(spec.caption_box_radius_mm), stroke=0,
                     fill=1)
    pad = pt(spec.caption_padding_mm)
    _draw_text_block(
        canvas, _texts(card.caption.fr, card.caption.en, lang),
        {"fr": CAPTION_FONT, "en": SECOND_FONT if lang == "both" else CAPTION_FONT},
        (left + pad, bottom + pad, box_w - 2 * pad, box_h - 2 * pad),
        spec.caption_size_pt, spec.caption_min_size_pt, spec.caption_leading,
        HexColor(colors["caption_ink"]), HexColor(colors["caption_rule"]))


def _name_block(canvas: Any, card: Card, x: float, y: float, lang: Lang, ink: _Ink,
                top_mm: float, height_mm: float, max_size: float, min_size: float) -> None:
    geometry = layout().card
    width, _ = card_size_pt()
    left = x + pt(geometry.safe_margin_mm)
    box_w = width - 2 * pt(geometry.safe_margin_mm)
    _draw_text_block(
        canvas, _texts(card.name.fr, card.name.en, lang),
        {"fr": NAME_FONT, "en": SECOND_FONT if lang == "both" else NAME_FONT},
        (left, y + pt(top_mm - height_mm), box_w, pt(height_mm)),
        max_size, min_size, 1.1, ink.fg, gap=0.05)


def _draw_captioned(canvas: Any, card: Card, x: float, y: float, lang: Lang, ink: _Ink) -> None:
    spec = layout().card.captioned
    width, height = card_size_pt()
    cx, cy = x + width / 2, y + pt(spec.disc_center_y_mm)
    radius = pt(spec.disc_diameter_mm) / 2
    color = _card_color(card)
    wild_look = _is_wild_look(card)
    if wild_look:
        draw_pictogram(canvas, "wild", cx, cy, 2 * radius, ink.paper, ink.paper)
        fill, outline = ink.paper, ink.ink
    else:
        # On the mauve, a colour card shows its colour in the disc; elsewhere the disc
        # is white and the pictogram takes the card's colour.
        disc = color if color is not None and color != ink.background else ink.paper
        canvas.setFillColor(disc)
        canvas.setStrokeColor(ink.fg)
        canvas.setLineWidth(0.8)
        canvas.circle(cx, cy, radius, stroke=1, fill=1)
        fill = ink.paper if disc != ink.paper else (color or ink.background)
        outline = ink.ink
        if is_light(background_hex(card)) and disc == ink.paper:
            fill = ink.ink
    assert card.pictogram is not None
    draw_pictogram(canvas, card.pictogram, cx, cy, pt(spec.icon_size_mm), fill, outline)
    chip = color if color is not None and color == ink.background else None
    chip = color if color is not None and card.family == "unplugged" else chip
    for px, py, _rotation in _corner_positions(x, y)[:1] + _top_right(x, y):
        _corner_index(canvas, card, px, py, 0.0, ink.fg, ink.outline,
                      chip if chip is not None and chip != ink.background else None)
    _name_block(canvas, card, x, y, lang, ink, spec.name_top_mm, spec.name_height_mm,
                spec.name_size_pt, spec.name_min_size_pt)
    _caption_box(canvas, card, x, y, lang)


def _top_right(x: float, y: float) -> list[tuple[float, float, float]]:
    """The captioned faces keep both indices on top: the caption box fills the bottom."""
    corner = layout().card.corner
    width, height = card_size_pt()
    return [(x + width - pt(corner.inset_x_mm), y + height - pt(corner.inset_y_mm), 0.0)]


def _draw_picture(canvas: Any, card: Card, x: float, y: float, lang: Lang, ink: _Ink) -> None:
    spec = layout().card.captioned
    corner = layout().card.corner
    width, height = card_size_pt()
    assert card.picture is not None
    left = x + 2 * pt(corner.inset_x_mm)
    box_w = width - 4 * pt(corner.inset_x_mm)
    bottom = y + pt(spec.name_top_mm) + pt(1.0)
    box_h = y + height - pt(layout().card.safe_margin_mm) - bottom
    draw_picture(canvas, card.picture, left, bottom, box_w, box_h)
    for px, py, _rotation in _corner_positions(x, y)[:1] + _top_right(x, y):
        _corner_index(canvas, card, px, py, 0.0, ink.fg, ink.outline)
    _name_block(canvas, card, x, y, lang, ink, spec.name_top_mm, spec.name_height_mm,
                spec.name_size_pt, spec.name_min_size_pt)
    _caption_box(canvas, card, x, y, lang)


def _draw_typographic(canvas: Any, card: Card, x: float, y: float, lang: Lang,
                      ink: _Ink) -> None:
    spec = layout().card.captioned
    corner = layout().card.corner
    height_mm = layout().card.height_mm
    top_mm = height_mm - 2 * corner.inset_y_mm
    bottom_mm = spec.caption_box_bottom_mm + spec.caption_box_height_mm + 1.5
    for px, py, _rotation in _corner_positions(x, y)[:1] + _top_right(x, y):
        _corner_index(canvas, card, px, py, 0.0, ink.fg, ink.outline)
    _name_block(canvas, card, x, y, lang, ink, top_mm, top_mm - bottom_mm, spec.title_size_pt,
                spec.title_min_size_pt)
    _caption_box(canvas, card, x, y, lang)


def draw_picture(canvas: Any, path: Path, x: float, y: float, width: float,
                 height: float) -> None:
    """An SVG or PNG file scaled to fit the box (x, y, width, height), centred in it."""
    if path.suffix.lower() == ".svg":
        from cardgen.render.svg import draw_svg

        draw_svg(canvas, path, x, y, width, height)
        return
    try:
        canvas.drawImage(str(path), x, y, width, height, preserveAspectRatio=True,
                         anchor="c", mask="auto")
    except Exception as exc:  # Pillow reports a damaged file with many kinds of error
        raise CardgenError(f"{path}: cannot be read as a PNG picture ({exc}); "
                           "save it again as PNG or SVG") from None


# --- the entry points -------------------------------------------------------------------

def draw_face(canvas: Any, card: Card, x: float, y: float, *, lang: Lang = "both",
              bleed_mm: float = 0.0) -> None:
    """Draw ``card``'s 53 x 79 mm face with its lower-left trim corner at (x, y), in points.

    ``lang`` picks the language(s) of the names and captions: "both" prints French
    and English on the same face (the default: one printed deck serves both), "fr"
    or "en" one of them. ``bleed_mm`` extends the background past the trim line on
    every side, for cutting without white slivers. The drawing leaves the canvas's
    graphics state as it found it.
    """
    register_fonts()
    if lang not in LANG_CHOICES:
        raise CardgenError(f"language '{lang}' is not one of {', '.join(LANG_CHOICES)}")
    ink = _Ink(background_hex(card))
    canvas.saveState()
    _background(canvas, x, y, ink.background, pt(bleed_mm))
    _frame(canvas, x, y, ink.fg)
    kind = face_kind(card)
    if kind in ("number", "action"):
        _draw_number_or_action(canvas, card, x, y, ink)
    elif kind == "wild":
        _draw_wild(canvas, card, x, y, ink)
    elif kind == "captioned":
        _draw_captioned(canvas, card, x, y, lang, ink)
    elif kind == "picture":
        _draw_picture(canvas, card, x, y, lang, ink)
    else:
        _draw_typographic(canvas, card, x, y, lang, ink)
    canvas.restoreState()


def draw_back(canvas: Any, x: float, y: float, *, bleed_mm: float = 0.0) -> None:
    """Draw the card back (the same for every card) with its lower-left trim corner at (x, y).

    It is symmetric under a half turn, so a card shows the same back either way up.
    """
    register_fonts()
    colors = layout().colors
    oval = layout().card.oval
    ink = _Ink(colors["back"])
    width, height = card_size_pt()
    cx, cy = x + width / 2, y + height / 2
    canvas.saveState()
    _background(canvas, x, y, ink.background, pt(bleed_mm))
    _frame(canvas, x, y, ink.paper)
    _oval(canvas, cx, cy, HexColor(colors["back_oval"]), ink.paper)
    canvas.translate(cx, cy)
    canvas.rotate(90 - oval.tilt_deg)  # along the oval's long axis
    draw_label(canvas, "cardgen", 0, 0, pt(oval.height_mm) * 0.7, ink.paper, ink.ink)
    canvas.restoreState()


class CardFace(Flowable):  # type: ignore[misc]  # reportlab is untyped
    """A card face as a platypus flowable, ``width`` points wide (full size by default).

    >>> from cardgen.catalogue import catalogue
    >>> face = CardFace(catalogue()["vache"], lang="both")
    >>> round(face.wrap(0, 0)[0] / 72 * 25.4, 1)
    53.0
    """

    def __init__(self, card: Card | None, *, lang: Lang = "both", width: float | None = None,
                 back: bool = False) -> None:
        super().__init__()
        full_w, full_h = card_size_pt()
        self.card = card
        self.lang = lang
        self.back = back or card is None
        self.scale = (width / full_w) if width else 1.0
        self.width, self.height = full_w * self.scale, full_h * self.scale

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.scale(self.scale, self.scale)
        if self.back or self.card is None:
            draw_back(canvas, 0, 0)
        else:
            draw_face(canvas, self.card, 0, 0, lang=self.lang)
        canvas.restoreState()
