"""The card pictures of the rulebook, drawn by the same code as the printed sheets.

Every face comes from :func:`cardgen.render.faces.draw_face` (through its
:class:`CardFace` flowable), so the rulebook shows exactly the
cards a player cuts out: there is no second drawing of a card anywhere.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, TableStyle
from reportlab.platypus import Paragraph as RLParagraph

from cardgen.catalogue import Card, catalogue
from cardgen.catalogue.face_languages import FRENCH_AND_ENGLISH, FaceLanguages
from cardgen.deck.load import Deck
from cardgen.render.colour import current_face_style, paint
from cardgen.render.faces import card_size_pt, draw_back, draw_face
from cardgen.render.layout import layout
from cardgen.render.pictograms import draw_color_shape
from cardgen.rulebook.styles import Styles
from cardgen.rulebook.tables import Table, paragraph_class
from cardgen.rulebook.templates import escape_text


def face_lang(lang: str) -> FaceLanguages:
    """The language of the faces in a rulebook in ``lang``: that language alone, so that
    the book reads wholly in it (an English book shows no French caption, even though
    the sheets print both by default)."""
    return FaceLanguages(lang)


def face(card: Card, scale: float, lang: str) -> CardFace:
    """A card's face as a flowable, ``scale`` times its printed size, for a rulebook in
    ``lang``."""
    width, _ = card_size_pt()
    return CardFace(card, lang=face_lang(lang), width=width * scale)


def gallery_grid(cards: Sequence[tuple[Card, int]], lang: str, styles: Styles,
                 frame_width: float, copies_label: str, scale: float | None = None) -> Table:
    """Every card of the deck in rows, each with its name and number of copies; the
    faces ``scale`` times their printed size (the style sheet's by default)."""
    sheet = styles.sheet["gallery"]
    scale = float(sheet["scale"]) if scale is None else scale
    gap = float(sheet["gap_mm"]) * mm
    face_width = card_size_pt()[0] * scale
    columns = max(1, int((frame_width + gap) // (face_width + gap)))
    caption = paragraph_class(lang)
    cells: list[Any] = [
        [face(card, scale, lang),
         caption(f"{escape_text(card.name[lang])}<br/>{copies_label.format(n=count)}",
                 styles.gallery_caption)]
        for card, count in cards
    ]
    rows: list[list[Any]] = [cells[i:i + columns] for i in range(0, len(cells), columns)]
    if len(rows) > 1:
        rows[-1] += [""] * (columns - len(rows[-1]))
    table = Table(rows, colWidths=[face_width + gap] * len(rows[0]), hAlign="CENTER")
    table.setStyle(TableStyle([
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), gap / 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), gap / 2),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), gap),
    ]))
    return table


class ColorChip(Flowable):  # type: ignore[misc]  # reportlab ships no type hints
    """A card colour as a square swatch with its shape on it, as a face's corner shows
    it: the rulebook's legend of the shapes."""

    def __init__(self, color_id: str, side: float) -> None:
        super().__init__()
        self.color_id, self.side = color_id, side

    def wrap(self, width: float, height: float) -> tuple[float, float]:
        return self.side, self.side

    def draw(self) -> None:
        colors = layout().colors
        side = self.side
        self.canv.setFillColor(paint(catalogue().colors[self.color_id].rgb))
        self.canv.roundRect(0, 0, side, side, side * 0.18, stroke=0, fill=1)
        draw_color_shape(self.canv, self.color_id, side / 2, side / 2, side * 0.62,
                         paint(colors["paper"]), paint(colors["ink"]))


def color_legend(lang: str, styles: Styles) -> Table:
    """What each colour's shape means: each colour's swatch with its shape, and its
    name, in one row; sized on the body text, so a larger print has a larger legend."""
    size = styles.body.fontSize
    side = 2.2 * size
    row: list[Any] = []
    for color_id, color in catalogue().colors.items():
        row += [ColorChip(color_id, side), RLParagraph(escape_text(color.name[lang]),
                                                       styles.body)]
    table = Table([row], colWidths=[side + size, 6 * size] * len(catalogue().colors),
                  hAlign="CENTER")
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), size),
    ]))
    return table


def color_legend_of(deck: Deck, lang: str, labels: dict[str, str], styles: Styles
                    ) -> list[Flowable]:
    """The labels' ``shapes_note`` and the legend of the colour shapes, for the quick
    reference (the page read at the table, and the last: it moves no other page); none
    when the faces show no shapes or no card of the deck has a colour."""
    if not current_face_style().color_shapes or all(
            card.color is None for card, _ in deck.card_list()):
        return []
    # reportlab breaks lines at U+202F: a no-break space half as wide takes its place.
    note = labels["shapes_note"].replace(
        "\u202f", f'<font size="{styles.body.fontSize / 2:g}">\u00a0</font>')
    return [RLParagraph(note, styles.body), color_legend(lang, styles)]


def last_page_share(row_heights: Sequence[float], room: float, page: float
                    ) -> tuple[int, float]:
    """The pages rows of these heights take when ``room`` is left on the first and each
    next page holds ``page``, and the share of the last page they fill.

    >>> last_page_share([40] * 5, 100, 200)
    (2, 0.6)
    >>> last_page_share([40] * 2, 100, 200)
    (1, 0.4)
    """
    pages, used, free = 1, 0.0, room
    for height in row_heights:
        if (used and used + height > free) or height > free:  # a row opens the next page
            pages, used, free = pages + 1, 0.0, page
        used += height
    return pages, used / page


class Gallery(Flowable):  # type: ignore[misc]  # reportlab ships no type hints
    """The gallery grid, its faces as large as the style sheet says unless the last page
    would be left mostly empty: then the largest smaller size (down to ``smallest_scale``)
    that fills that page enough or saves it, else the smallest larger one (up to
    ``largest_scale``) that fills it. The size is chosen where the gallery
    starts, once the room left on that page is known."""

    def __init__(self, cards: Sequence[tuple[Card, int]], lang: str, styles: Styles,
                 copies_label: str, page_height: float) -> None:
        super().__init__()
        self.cards, self.lang, self.styles = cards, lang, styles
        self.copies_label, self.page_height = copies_label, page_height
        self.hAlign = "CENTER"
        self._grids: dict[tuple[float, float], Table] = {}
        self._wrapped: Table | None = None  # the grid of the last wrap, which drawOn draws

    def grid(self, width: float, room: float) -> Table:
        if (width, room) not in self._grids:
            self._grids[width, room] = self._choose(width, room)
        return self._grids[width, room]

    def _choose(self, width: float, room: float) -> Table:
        sheet = self.styles.sheet["gallery"]
        scale = float(sheet["scale"])
        smallest, largest = float(sheet["smallest_scale"]), float(sheet["largest_scale"])
        # Smaller sizes first (the gallery is a reminder, not the cards), then larger ones:
        # where it starts low on a page, only larger faces may fill its last page.
        scales = [scale - 0.01 * step for step in range(round((scale - smallest) / 0.01) + 1)]
        scales += [scale + 0.01 * step for step in range(1, round((largest - scale) / 0.01) + 1)]
        first: tuple[Table, int] | None = None
        for size in scales:
            grid = gallery_grid(self.cards, self.lang, self.styles, width,
                                self.copies_label, size)
            grid.wrap(width, room)
            pages, share = last_page_share(grid._rowHeights, room, self.page_height)
            if first is None:
                first = (grid, pages)
            if pages == 1 or share >= float(sheet["last_page_share"]) or pages < first[1]:
                return grid
        assert first is not None
        return first[0]

    def wrap(self, width: float, room: float) -> tuple[float, float]:
        self._wrapped = self.grid(width, room)
        size: tuple[float, float] = self._wrapped.wrap(width, room)
        return size

    def split(self, width: float, room: float) -> list[Flowable]:
        parts: list[Flowable] = self.grid(width, room).split(width, room)
        return parts

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:
        assert self._wrapped is not None, "reportlab wraps a flowable before drawing it"
        self._wrapped.drawOn(canvas, x, y, _sW)


def beside_picture_width(styles: Styles) -> float:
    """The width of the picture column of a card block, gap included."""
    sheet = styles.sheet["card_block"]
    return float(card_size_pt()[0] * float(sheet["scale"]) + float(sheet["gap_mm"]) * mm)


def card_beside(card: Card, body: list[Flowable], styles: Styles, frame_width: float,
                lang: str) -> Table:
    """A card's picture on the left, its rule on the right."""
    picture = face(card, float(styles.sheet["card_block"]["scale"]), lang)
    picture_width = beside_picture_width(styles)
    table = Table([[picture, body]], colWidths=[picture_width, frame_width - picture_width])
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
    ]))
    table.spaceAfter = styles.body.spaceAfter + 4
    return table


class CardFan(Flowable):  # type: ignore[misc]  # reportlab ships no type hints
    """A few cards held like a hand, for the title page."""

    SPREAD_DEG = 10.0  # the angle between two neighbouring cards
    RADIUS = 2.6  # the distance from the hand to the top of the cards, in card heights

    #: The smallest the fan may shrink to fit what is left of the title page (a long
    #: title in large print), as a share of its scale: smaller, it goes to the next page.
    MIN_SHRINK = 0.5

    def __init__(self, cards: Sequence[Card], scale: float, lang: str) -> None:
        super().__init__()
        self.cards = list(cards)
        self.lang = face_lang(lang)
        self.full_scale = scale
        self._set_scale(scale)
        self.width = 0.0

    def _set_scale(self, scale: float) -> None:
        self.scale = scale
        card_w, card_h = card_size_pt()
        self.card_w, self.card_h = card_w * scale, card_h * scale
        self.radius = self.RADIUS * self.card_h
        # Lift the hand so that the lowest corner of the outermost card sits at y = 0.
        outer = math.radians(self.SPREAD_DEG * (len(self.cards) - 1) / 2)
        self.pivot_y = (self.card_w / 2 * math.sin(outer)
                        - (self.radius - self.card_h) * math.cos(outer))
        top = max(self.radius, self.radius * math.cos(outer) + self.card_w / 2 * math.sin(outer))
        self.height = self.pivot_y + top

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        self._set_scale(self.full_scale)
        if self.height > avail_height:  # every size is in proportion to the scale
            shrunk = self.full_scale * avail_height / self.height
            if shrunk >= self.full_scale * self.MIN_SHRINK:
                self._set_scale(shrunk)
        return avail_width, self.height

    def draw(self) -> None:
        canvas = self.canv
        count = len(self.cards)
        for index, card in enumerate(self.cards):
            angle = (index - (count - 1) / 2) * self.SPREAD_DEG
            canvas.saveState()
            canvas.translate(self.width / 2, self.pivot_y)
            canvas.rotate(-angle)
            canvas.translate(-self.card_w / 2, self.radius - self.card_h)
            canvas.scale(self.scale, self.scale)
            draw_face(canvas, card, 0, 0, lang=self.lang)
            canvas.restoreState()


class CardFace(Flowable):  # type: ignore[misc]  # reportlab is untyped
    """A card face as a platypus flowable, ``width`` points wide (full size by default).

    >>> from cardgen.catalogue import catalogue
    >>> face = CardFace(catalogue()["vache"], lang=FRENCH_AND_ENGLISH)
    >>> round(face.wrap(0, 0)[0] / 72 * 25.4, 1)
    53.0
    """

    def __init__(self, card: Card | None, *, lang: FaceLanguages = FRENCH_AND_ENGLISH,
                 width: float | None = None, back: bool = False) -> None:
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
