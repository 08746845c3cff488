"""Pictures too coarse for print: the resolution each picture of a deck prints at.

A PNG picture (a card's own, or the deck's back) is fitted into its box on the face, so
at a given card size each of its pixels covers a fixed length of paper. Below 300 pixels
an inch a print shop's file shows the pixels (DriveThruCards and the European printers
ask for 300 dpi), and below 200 a home sheet does; below an image's own dpi `cardgen png`
scales the picture up. The warnings name each picture, the resolution it prints at, and
the pixel size it needs. An SVG picture is drawn as vectors; a bitmap inside one is not
measured.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from cardgen.catalogue import Card
from cardgen.catalogue.face_languages import FRENCH_AND_ENGLISH, FaceLanguages
from cardgen.deck.load import Deck
from cardgen.render.faces import picture_area
from cardgen.render.layout import CardSize, design_size, pt

#: Pixels an inch that print sharp: what print shops ask for, and enough at home.
SHOP_PPI = 300
HOME_PPI = 200
POINTS_PER_INCH = 72.0


@dataclass(frozen=True)
class CoarsePicture:
    """A picture that prints below ``least_ppi`` in a box ``area_pt`` (on paper)."""

    path: Path
    whose: str  # "card 'rain-check'", "the deck's back", "card 'x', its back"
    card: str | None  # the card it belongs to; None for the deck's back
    pixels: tuple[int, int]
    ppi: float
    least_ppi: int
    area_pt: tuple[float, float]

    @property
    def needed(self) -> tuple[int, int]:
        """The pixel size that prints at ``least_ppi`` in the same box."""
        factor = self.least_ppi / self.ppi
        return (math.ceil(self.pixels[0] * factor - 1e-6),
                math.ceil(self.pixels[1] * factor - 1e-6))

    def message(self, size: CardSize, what: str) -> str:
        """One line: whose picture, its resolution, and the size it needs."""
        width, height = self.needed
        return (f"{self.whose}: picture '{self.path.name}' ({self.pixels[0]}×{self.pixels[1]} "
                f"px) prints at {self.ppi:.0f} ppi on a {size.name} mm card, under the "
                f"{self.least_ppi} ppi {what}; give it at least {width}×{height} px")


def _pixels(path: Path) -> tuple[int, int] | None:
    """The PNG's pixel size, read from its header; None for a vector picture."""
    if path.suffix.lower() != ".png":
        return None
    from PIL import Image

    with Image.open(path) as image:
        return image.size


def _measure(path: Path, whose: str, card: str | None, area: tuple[float, float],
             least_ppi: int) -> CoarsePicture | None:
    pixels = _pixels(path)
    if pixels is None:
        return None
    points_per_pixel = min(area[0] / pixels[0], area[1] / pixels[1])  # fitted, centred
    ppi = POINTS_PER_INCH / points_per_pixel
    if ppi >= least_ppi - 1e-6:
        return None
    return CoarsePicture(path, whose, card, pixels, ppi, least_ppi, area)


def coarse_pictures(deck: Deck, least_ppi: int, size: CardSize | None = None,
                    bleed_mm: float = 0.0, lang: FaceLanguages = FRENCH_AND_ENGLISH,
                    players: int | None = None) -> list[CoarsePicture]:
    """Each picture of ``deck`` (cards in deck order, once each, then its backs) that
    prints below ``least_ppi`` on cards of ``size`` with ``bleed_mm`` of bleed."""
    size = size or design_size()
    found: list[CoarsePicture] = []
    seen: set[str] = set()
    cards: list[Card] = [card for card, _ in deck.card_list(players)]
    for card in cards:
        if card.picture is None or card.id in seen:
            continue
        seen.add(card.id)
        coarse = _measure(card.picture, f"card '{card.id}'", card.id,
                          picture_area(card, lang, size), least_ppi)
        if coarse is not None:
            found.append(coarse)
    width, height = size.points
    area = (width + 2 * pt(bleed_mm), height + 2 * pt(bleed_mm))  # a back covers it all
    backs: dict[Path, tuple[str, str | None]] = {
        path: ("the deck's back", None) for path in deck.back.values()}
    for card in cards:
        if isinstance(card.back, Path):
            backs.setdefault(card.back, (f"card '{card.id}', its back", card.id))
    for path, (whose, card_id) in backs.items():
        coarse = _measure(path, whose, card_id, area, least_ppi)
        if coarse is not None:
            found.append(coarse)
    return found
