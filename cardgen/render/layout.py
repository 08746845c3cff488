"""The geometry and colours of faces and sheets, read from ``cardgen/data/layout.toml``.

Lengths keep their unit in their name (``width_mm``); :func:`pt` converts millimetres
to the points reportlab draws in.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cache
from importlib import resources
from typing import Any, TypeVar

from reportlab.lib.units import mm

from cardgen.catalogue import Text
from cardgen.errors import CatalogueError


def pt(millimetres: float) -> float:
    """Millimetres in PDF points."""
    return float(millimetres * mm)


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
class Captioned:
    disc_center_y_mm: float
    disc_diameter_mm: float
    icon_size_mm: float
    name_top_mm: float
    name_height_mm: float
    name_size_pt: float
    name_min_size_pt: float
    caption_box_bottom_mm: float
    caption_box_height_mm: float
    caption_box_radius_mm: float
    caption_padding_mm: float
    caption_size_pt: float
    caption_min_size_pt: float
    caption_leading: float
    title_size_pt: float
    title_min_size_pt: float


@dataclass(frozen=True)
class CardLayout:
    width_mm: float
    height_mm: float
    safe_margin_mm: float
    frame_inset_mm: float
    frame_radius_mm: float
    frame_line_mm: float
    corner: Corner
    oval: Oval
    captioned: Captioned


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
    mark_line_pt: float
    ruler_length_mm: float
    margin_text_size_pt: float
    margin_text_y_mm: float
    text: Mapping[str, Text]


@dataclass(frozen=True)
class PngLayout:
    default_dpi: int
    tts_columns: int
    tts_rows: int
    tts_card_width_px: int


@dataclass(frozen=True)
class Layout:
    card: CardLayout
    colors: Mapping[str, str]
    card_backgrounds: Mapping[str, str]
    sheet: SheetLayout
    papers: Mapping[str, Paper]
    png: PngLayout


T = TypeVar("T")


def _plain(cls: type[T], table: Mapping[str, Any], **nested: Any) -> T:
    """Build a dataclass from a TOML table whose keys are exactly its fields."""
    names = {f.name for f in fields(cls)} - set(nested)  # type: ignore[arg-type]
    given = set(table) - set(nested)
    if names != given:
        raise CatalogueError(f"cardgen/data/layout.toml: [{cls.__name__}] expects "
                             f"{', '.join(sorted(names))}; got {', '.join(sorted(given))}")
    return cls(**{k: table[k] for k in names}, **nested)


@cache
def layout() -> Layout:
    """The shipped layout, read once."""
    with resources.files("cardgen.data").joinpath("layout.toml").open("rb") as handle:
        raw = tomllib.load(handle)
    card = raw["card"]
    sheet = raw["sheet"]
    return Layout(
        card=_plain(CardLayout, card, corner=_plain(Corner, card["corner"]),
                    oval=_plain(Oval, card["oval"]),
                    captioned=_plain(Captioned, card["captioned"])),
        colors=dict(raw["colors"]),
        card_backgrounds=dict(raw.get("card_backgrounds", {})),
        sheet=_plain(SheetLayout, sheet,
                     text={k: Text(v["fr"], v["en"]) for k, v in sheet["text"].items()}),
        papers={name: _plain(Paper, p) for name, p in raw["paper"].items()},
        png=_plain(PngLayout, raw["png"]),
    )
