"""The geometry and colours of faces and sheets, read from ``cardgen/data/layout.toml``.

Lengths keep their unit in their name (``width_mm``); :func:`pt` converts millimetres
to the points reportlab draws in.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from functools import cache
from importlib import resources
from typing import Any, TypeVar

from cardgen.catalogue import Text
from cardgen.catalogue.face_languages import FaceLanguages
from cardgen.catalogue.locale import with_words
from cardgen.errors import CatalogueError

#: Points in a millimetre (reportlab's ``mm``, written out so that the commands that
#: read the layout without drawing do not import reportlab).
MM = 72 / 25.4


def pt(millimetres: float) -> float:
    """Millimetres in PDF points."""
    return float(millimetres * MM)


@dataclass(frozen=True)
class Corner:
    inset_x_mm: float
    inset_y_mm: float
    text_size_pt: float
    icon_size_mm: float


@dataclass(frozen=True)
class Oval:
    width_mm: float
    height_mm: float
    tilt_deg: float
    outline_mm: float
    number_size_pt: float
    icon_size_mm: float


@dataclass(frozen=True)
class ColorShape:
    """The shape that tells one card colour apart without its hue (layout.toml)."""

    circle: bool
    points: tuple[tuple[float, float], ...]  # a polygon's corners, from -1 to 1
    symbol: str  # the same shape as a character, for a terminal without colour


@dataclass(frozen=True)
class ColorShapes:
    size_mm: float
    outline_mm: float
    below_index_mm: float
    wild_share: float
    wild_reach: float
    wild_min_size_mm: float
    shapes: Mapping[str, ColorShape]  # colour id -> its shape


@dataclass(frozen=True)
class LowInk:
    frame_line_mm: float
    oval_line_mm: float
    caption_box_line_mm: float
    picture_ink: float


@dataclass(frozen=True)
class Captioned:
    disc_center_y_mm: float
    disc_diameter_mm: float
    icon_size_mm: float
    name_top_mm: float
    name_height_mm: float
    name_size_pt: float
    name_min_size_pt: float
    name_side_padding_mm: float
    caption_box_bottom_mm: float
    caption_box_height_mm: float
    caption_box_radius_mm: float
    caption_padding_mm: float
    caption_size_pt: float
    caption_min_size_pt: float
    caption_leading: float
    title_size_pt: float
    title_min_size_pt: float
    #: the lengths and sizes a face in one language uses instead (field name -> value)
    one_language: Mapping[str, float]

    def for_lang(self, lang: FaceLanguages) -> Captioned:
        """The layout of a face in ``lang`` (two languages, or one)."""
        if lang.paired:
            return self
        values: dict[str, Any] = dict(self.one_language)
        return replace(self, **values)


@dataclass(frozen=True)
class SizeLimits:
    min_side_mm: float
    max_side_mm: float
    max_ratio: float


@dataclass(frozen=True)
class CardLayout:
    width_mm: float  # the design size; see CardSize for the size a face is drawn at
    height_mm: float
    safe_margin_mm: float
    frame_inset_mm: float
    frame_radius_mm: float
    frame_line_mm: float
    min_text_contrast: float  # WCAG contrast ratio below which white words get an outline
    corner: Corner
    color_shapes: ColorShapes
    oval: Oval
    low_ink: LowInk
    captioned: Captioned
    sizes: Mapping[str, str]  # "WxH" -> what it is, for --size's help
    size_limits: SizeLimits


@dataclass(frozen=True)
class CardSize:
    """A card's trim size, in millimetres."""

    width_mm: float
    height_mm: float

    @property
    def name(self) -> str:
        """``63x88``: how --size writes it, and how file names carry it."""
        return f"{self.width_mm:g}x{self.height_mm:g}"

    @property
    def points(self) -> tuple[float, float]:
        return pt(self.width_mm), pt(self.height_mm)

    @property
    def scale(self) -> float:
        """The factor the design is drawn at: the largest that fits both sides."""
        card = layout().card
        return min(self.width_mm / card.width_mm, self.height_mm / card.height_mm)


def design_size() -> CardSize:
    """The size layout.toml's card lengths are written for, and the default size."""
    card = layout().card
    return CardSize(card.width_mm, card.height_mm)


_SIZE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*[x×X]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*")


def parse_card_size(text: str) -> CardSize:
    """``"63x88"`` as a CardSize; ValueError with what to give instead, if unusable."""
    match = _SIZE.fullmatch(text)
    if match is None:
        raise ValueError(f"'{text}' is not WIDTHxHEIGHT in millimetres; give a size "
                         f"like 63x88")
    width, height = float(match[1]), float(match[2])
    limits = layout().card.size_limits
    low, high = limits.min_side_mm, limits.max_side_mm
    if not all(math.isfinite(side) and low <= side <= high for side in (width, height)):
        raise ValueError(f"'{text}': each side of a card must be from {low:g} to {high:g} "
                         f"mm; give a size like 63x88")
    if height < width:
        raise ValueError(f"'{text}': faces are portrait; give the width (the shorter "
                         f"side) first, like {height:g}x{width:g}")
    if height > limits.max_ratio * width:
        raise ValueError(f"'{text}': a card may be at most {limits.max_ratio:g} times as "
                         f"tall as it is wide; give a size like 63x88")
    return CardSize(width, height)


@dataclass(frozen=True)
class Paper:
    width_mm: float
    height_mm: float


@dataclass(frozen=True)
class SheetLayout:
    gutter_mm: float
    max_bleed_mm: float
    mark_length_mm: float
    mark_gap_mm: float
    min_gutter_mark_mm: float
    fold_dash_pt: Sequence[float]
    paper_edge_mm: float
    min_edge_mark_mm: float
    side_text_mm: float
    mark_line_pt: float
    ruler_length_mm: float
    margin_text_size_pt: float
    margin_text_min_size_pt: float
    margin_text_y_mm: float
    text: Mapping[str, Text]


@dataclass(frozen=True)
class PngLayout:
    default_dpi: int
    tts_columns: int
    tts_rows: int
    tts_max_sheet_px: int


@dataclass(frozen=True)
class PreviewLayout:
    gap_mm: float
    label_size_pt: float
    max_columns: int
    dpi: int


@dataclass(frozen=True)
class Layout:
    card: CardLayout
    colors: Mapping[str, str]
    card_backgrounds: Mapping[str, str]
    sheet: SheetLayout
    papers: Mapping[str, Paper]
    png: PngLayout
    print_shop_bleed_mm: float
    preview: PreviewLayout


T = TypeVar("T")


def _plain(cls: type[T], table: Mapping[str, Any], **nested: Any) -> T:
    """Build a dataclass from a TOML table whose keys are exactly its fields."""
    names = {f.name for f in fields(cls)} - set(nested)  # type: ignore[arg-type]
    given = set(table) - set(nested)
    if names != given:
        raise CatalogueError(f"cardgen/data/layout.toml: [{cls.__name__}] expects "
                             f"{', '.join(sorted(names))}; got {', '.join(sorted(given))}")
    return cls(**{k: table[k] for k in names}, **nested)


def _captioned(table: Mapping[str, Any]) -> Captioned:
    """[card.captioned], with the [card.captioned.one_language] keys it replaces."""
    one_language = dict(table.get("one_language", {}))
    unknown = set(one_language) - {f.name for f in fields(Captioned)} | (
        {"one_language"} & set(one_language))
    if unknown:
        raise CatalogueError(f"cardgen/data/layout.toml: [card.captioned.one_language] "
                             f"has {', '.join(sorted(unknown))}, which [card.captioned] "
                             "does not")
    return _plain(Captioned, table, one_language=one_language)


def _color_shapes(table: Mapping[str, Any]) -> ColorShapes:
    """[card.color_shapes]: its sizes, and a sub-table per colour."""
    shapes: dict[str, ColorShape] = {}
    sizes = {k: v for k, v in table.items() if not isinstance(v, dict)}
    for color, entry in table.items():
        if not isinstance(entry, dict):
            continue
        points = tuple((float(x), float(y)) for x, y in entry.get("points", ()))
        if bool(entry.get("circle", False)) == bool(points) or not entry.get("symbol"):
            raise CatalogueError(f"cardgen/data/layout.toml: [card.color_shapes.{color}] "
                                 "needs circle = true or points, and a symbol")
        shapes[color] = ColorShape(bool(entry.get("circle", False)), points,
                                   str(entry["symbol"]))
    return _plain(ColorShapes, sizes, shapes=shapes)


@cache
def layout() -> Layout:
    """The shipped layout, read once."""
    with resources.files("cardgen.data").joinpath("layout.toml").open("rb") as handle:
        raw = with_words("layout.toml", tomllib.load(handle))
    card = raw["card"]
    sheet = raw["sheet"]
    return Layout(
        card=_plain(CardLayout, card, corner=_plain(Corner, card["corner"]),
                    color_shapes=_color_shapes(card["color_shapes"]),
                    oval=_plain(Oval, card["oval"]),
                    low_ink=_plain(LowInk, card["low_ink"]),
                    captioned=_captioned(card["captioned"]),
                    sizes=dict(card["sizes"]),
                    size_limits=_plain(SizeLimits, card["size_limits"])),
        colors=dict(raw["colors"]),
        card_backgrounds=dict(raw.get("card_backgrounds", {})),
        sheet=_plain(SheetLayout, sheet,
                     text={k: Text(v) for k, v in sheet["text"].items()}),
        papers={name: _plain(Paper, p) for name, p in raw["paper"].items()},
        png=_plain(PngLayout, raw["png"]),
        print_shop_bleed_mm=float(raw["print_shop"]["bleed_mm"]),
        preview=_plain(PreviewLayout, raw["preview"]),
    )
