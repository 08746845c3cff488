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

from cardgen.catalogue import Card
from cardgen.render.faces import Lang, card_size_pt, draw_back, draw_face
from cardgen.rulebook.styles import Styles
from cardgen.rulebook.tables import Table
from cardgen.rulebook.templates import escape_text

#: Faces in the rulebook carry both languages, as on the printed cards.
FACE_LANG: Lang = "both"


def face(card: Card, scale: float) -> CardFace:
    """A card's face as a flowable, ``scale`` times its printed size."""
    width, _ = card_size_pt()
    return CardFace(card, lang=FACE_LANG, width=width * scale)


def gallery_grid(cards: Sequence[tuple[Card, int]], lang: str, styles: Styles,
                 frame_width: float, copies_label: str) -> Table:
    """Every card of the deck in rows, each with its name and number of copies."""
    sheet = styles.sheet["gallery"]
    scale, gap = float(sheet["scale"]), float(sheet["gap_mm"]) * mm
    face_width = card_size_pt()[0] * scale
    columns = max(1, int((frame_width + gap) // (face_width + gap)))
    cells: list[Any] = [
        [face(card, scale),
         RLParagraph(f"{escape_text(card.name[lang])}<br/>{copies_label.format(n=count)}",
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


def beside_picture_width(styles: Styles) -> float:
    """The width of the picture column of a card block, gap included."""
    sheet = styles.sheet["card_block"]
    return float(card_size_pt()[0] * float(sheet["scale"]) + float(sheet["gap_mm"]) * mm)


def card_beside(card: Card, body: list[Flowable], styles: Styles, frame_width: float
                ) -> Table:
    """A card's picture on the left, its rule on the right."""
    picture = face(card, float(styles.sheet["card_block"]["scale"]))
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

    def __init__(self, cards: Sequence[Card], scale: float) -> None:
        super().__init__()
        self.cards = list(cards)
        self.scale = scale
        card_w, card_h = card_size_pt()
        self.card_w, self.card_h = card_w * scale, card_h * scale
        self.radius = self.RADIUS * self.card_h
        # Lift the hand so that the lowest corner of the outermost card sits at y = 0.
        outer = math.radians(self.SPREAD_DEG * (len(self.cards) - 1) / 2)
        self.pivot_y = (self.card_w / 2 * math.sin(outer)
                        - (self.radius - self.card_h) * math.cos(outer))
        self.width = 0.0
        top = max(self.radius, self.radius * math.cos(outer) + self.card_w / 2 * math.sin(outer))
        self.height = self.pivot_y + top

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
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
            draw_face(canvas, card, 0, 0, lang=FACE_LANG)
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
