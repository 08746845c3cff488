"""Faces drawn once and placed many times, as PDF form XObjects.

A deck repeats its faces (108 classic cards, 54 distinct faces), so the sheets and the
print-shop files draw each distinct face (and the back) once into a named form and
place that form wherever a copy goes: the PDF is smaller and the drawing, text fitting
included, is done once per face rather than once per copy. The forms are named in the
order faces are first placed, so the same input gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from cardgen.catalogue import Card
from cardgen.catalogue.face_languages import FaceLanguages
from cardgen.catalogue.fields.back import NO_BACK
from cardgen.render.faces import draw_back, draw_face
from cardgen.render.layout import CardSize, pt

BACK_FORM = "back"


class FaceForms:
    """Forms of one canvas: each is the card at ``size`` with ``bleed_mm`` of bleed, its
    lower-left corner (bleed included) at the form's origin. Two sets on one canvas need
    different ``prefix`` es for their names."""

    def __init__(self, canvas: Any, *, lang: FaceLanguages, bleed_mm: float, size: CardSize,
                 prefix: str = "", deck_back: Mapping[str, Path] | None = None,
                 dark_faces: Mapping[str, Card] | None = None) -> None:
        """``dark_faces``: a two-faced deck's dark face of each light card, printed as
        that card's back (FL-01)."""
        self.canvas = canvas
        self.prefix = prefix
        self.lang = lang
        self.bleed_mm = bleed_mm
        self.size = size
        self.bleed = pt(bleed_mm)
        # The deck's own back picture in this language (with both, the French one).
        self.deck_back = (deck_back or {}).get(lang.first)
        self.dark_faces = dark_faces or {}
        # card id (None: the built-in back, "back:<path>": a back picture) -> form name
        self._names: dict[str | None, str] = {}

    def face(self, card: Card, x: float, y: float) -> None:
        """Place ``card``'s face with its lower-left trim corner at (x, y)."""
        if card.id not in self._names:
            self._define(card.id, f"{self.prefix}face{len(self._names)}", lambda: draw_face(
                self.canvas, card, self.bleed, self.bleed, lang=self.lang,
                bleed_mm=self.bleed_mm, size=self.size))
        self._place(self._names[card.id], x, y)

    def back(self, x: float, y: float, card: Card | None = None) -> None:
        """Place the back of ``card`` (by default, the deck's back) with its lower-left
        trim corner at (x, y); a card printed without a back places nothing. A
        two-faced card's back is its dark face."""
        dark = self.dark_faces.get(card.id) if card is not None else None
        if dark is not None:
            self.face(dark, x, y)
            return
        picture = card.back if card is not None and card.back is not None \
            else self.deck_back
        if picture == NO_BACK:
            return
        assert picture is None or isinstance(picture, Path)
        key = None if picture is None else f"back:{picture}"
        if key not in self._names:
            name = self.prefix + BACK_FORM + ("" if picture is None else str(len(self._names)))
            self._define(key, name, lambda: draw_back(
                self.canvas, self.bleed, self.bleed, bleed_mm=self.bleed_mm, size=self.size,
                picture=picture))
        self._place(self._names[key], x, y)

    def _define(self, key: str | None, name: str, draw: Callable[[], None]) -> None:
        width, height = self.size.points
        # A form may be defined in the middle of a page: reportlab sets the page's
        # drawing aside until endForm.
        self.canvas.beginForm(name, 0, 0, width + 2 * self.bleed, height + 2 * self.bleed)
        draw()
        self.canvas.endForm()
        self._names[key] = name

    def _place(self, name: str, x: float, y: float) -> None:
        dx, dy = x - self.bleed, y - self.bleed
        if dx or dy:
            self.canvas.saveState()
            self.canvas.translate(dx, dy)
            self.canvas.doForm(name)
            self.canvas.restoreState()
        else:
            self.canvas.doForm(name)
