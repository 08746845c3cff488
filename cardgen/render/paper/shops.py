"""Print shop profiles: what one shop takes, read from a TOML file.

A profile (``cardgen/data/shops/NAME.toml``, or a user's file given by path) sets at
once everything a shop's specification fixes: the trim size, the bleed, the safe area,
the resolution, RGB or CMYK (with the total ink limit and the printing condition), a
PDF or images, and the order of the pages. `cardgen sheets DECK --shop NAME` writes
the PDF such a shop takes, `cardgen png DECK --shop NAME` its images. A file is
checked like a deck file: a key it does not know, a missing one or a value out of range
is one line naming the file and what to write instead.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal, get_args

from cardgen.catalogue.locale import labels, languages, with_words
from cardgen.catalogue.texts import Text
from cardgen.errors import CardgenError
from cardgen.files.toml import parse_toml, read_toml_file
from cardgen.render.layout import CardSize, layout, parse_card_size

Order = Literal["faces-then-backs", "front-back", "back-front"]
ORDER_CHOICES: tuple[Order, ...] = get_args(Order)
#: The options of `sheets` and `png` a profile sets, so that neither may be given with
#: --shop: the file is always the one the profile promises.
SET_BY_PROFILE = ("--paper", "--size", "--bleed", "--dpi", "--print-shop", "--order",
                  "--backs", "--fold", "--back-offset", "--printer", "--low-ink")
Format = Literal["pdf", "png"]
Colour = Literal["rgb", "cmyk"]
#: The one PDF/X level cardgen writes: CMYK only, no transparency, fonts embedded.
PDFX_1A = "PDF/X-1a:2003"
MIN_DPI, MAX_DPI = 50, 1200

REQUIRED = ("name", "format", "trim_mm", "bleed_mm", "safe_mm", "dpi", "colour", "order")
#: product and upload, what `cardgen shops` says of a built-in shop (their words are in
#: templates/locale/), are optional in a profile of one's own, which it never lists.
OPTIONAL = ("ink_limit_percent", "pdfx", "output_intent", "pixels", "product", "upload",
            "text_as_outlines")
INTENT_KEYS = ("identifier", "condition", "registry", "info")


@dataclass(frozen=True)
class OutputIntent:
    """The printing condition a CMYK file is made for, as PDF/X names it: a
    characterization registered at ``registry`` (no ICC profile is embedded)."""

    identifier: str  # OutputConditionIdentifier, e.g. "CGATS TR 001"
    condition: str   # OutputCondition, for a person
    registry: str    # RegistryName, e.g. "http://www.color.org"
    info: str        # Info


@dataclass(frozen=True)
class ShopProfile:
    """One shop's specification, in cardgen's units (millimetres, percent)."""

    id: str
    label: str  # the file, for messages
    name: str
    product: Text
    format: Format
    size: CardSize
    bleed_mm: float
    safe_mm: float
    dpi: int
    colour: Colour
    order: Order
    upload: Text
    ink_limit_percent: float | None = None
    pdfx: str | None = None
    output_intent: OutputIntent | None = None
    pixels: tuple[int, int] | None = None
    text_as_outlines: bool = False  # the printer asks for fonts converted to outlines

    def summary(self, lang: str = "en") -> str:
        """What the profile writes, in a line: format, colour, size and order."""
        words = labels("shops", lang)
        what = self.pdfx or ("PDF" if self.format == "pdf" else words["images"])
        colour = (f"CMYK ≤ {self.ink_limit_percent:g} %" if self.colour == "cmyk"
                  else "RGB")
        size = f"{self.size.name} mm + {self.bleed_mm:g} mm {words['bleed']}"
        if self.format == "png":
            width, height = self.pixels or (0, 0)
            return f"{what}, {colour}, {size}, {width}×{height} px {words['at']} {self.dpi} dpi"
        return f"{what}, {colour}, {size}, {words['pages']} {self.order}"


def profile_clash(typed: Sequence[str]) -> str | None:
    """What to leave out when the options ``typed`` with --shop set what the profile sets."""
    given = [name for name in SET_BY_PROFILE if name in typed]
    if not given:
        return None
    return (f"--shop sets the size, bleed, resolution, colour and page order; leave out "
            f"{', '.join(given)} (or write a profile of your own and give its path to --shop)")


def builtin_shops() -> tuple[str, ...]:
    folder = resources.files("cardgen.data").joinpath("shops")
    return tuple(sorted(entry.name.removesuffix(".toml") for entry in folder.iterdir()
                        if entry.name.endswith(".toml")))


def load_shop(ref: str) -> ShopProfile:
    """A built-in profile by name, or the profile file at path ``ref``."""
    names = builtin_shops()
    if ref.lower() in names:
        name = ref.lower()
        label = f"cardgen/data/shops/{name}.toml"
        raw = resources.files("cardgen.data").joinpath("shops", f"{name}.toml").read_bytes()
        data = with_words(f"shops/{name}.toml", parse_toml(raw, label, "shop profile"))
        return profile_from(data, name, label)
    path = Path(ref)
    if path.suffix.lower() != ".toml" and not path.exists():
        close = difflib.get_close_matches(ref.lower(), names, n=1)
        hint = f"did you mean '{close[0]}'? " if close else ""
        raise CardgenError(f"'{ref}' is not a shop cardgen knows; {hint}(the shops are "
                           f"{', '.join(names)}: see `cardgen shops`), or give the path to "
                           "a .toml profile of your own")
    return profile_from(read_toml_file(path, ref, "shop profile"), path.stem, ref)


def profile_from(data: dict[str, Any], shop_id: str, label: str) -> ShopProfile:
    """Check a profile's table and build it; a problem is one CardgenError line."""
    def refuse(problem: str) -> CardgenError:
        return CardgenError(f"{label}: {problem}")

    unknown = sorted(set(data) - set(REQUIRED) - set(OPTIONAL))
    if unknown:
        raise refuse(f"unknown key(s) {', '.join(unknown)}; a shop profile has "
                     f"{', '.join(sorted(REQUIRED + OPTIONAL))}")
    missing = [key for key in REQUIRED if key not in data]
    if missing:
        raise refuse(f"missing {', '.join(missing)}; a shop profile needs "
                     f"{', '.join(REQUIRED)} (see the profiles `cardgen shops` lists)")
    fmt = _choice(data, "format", ("pdf", "png"), refuse)
    colour = _choice(data, "colour", ("rgb", "cmyk"), refuse)
    order = _choice(data, "order", ORDER_CHOICES, refuse)
    size = _size(data["trim_mm"], refuse)
    top = layout().sheet.max_bleed_mm
    bleed = _number(data, "bleed_mm", 0, top, refuse)
    safe = _number(data, "safe_mm", 0, min(size.width_mm, size.height_mm) / 4, refuse)
    dpi = int(_number(data, "dpi", MIN_DPI, MAX_DPI, refuse))
    ink = (_number(data, "ink_limit_percent", 100, 400, refuse)
           if "ink_limit_percent" in data else None)
    if colour == "cmyk" and (ink is None or fmt != "pdf"):
        raise refuse("a CMYK profile writes a PDF (format = \"pdf\") and needs "
                     "ink_limit_percent, the shop's total ink limit")
    pdfx = data.get("pdfx")
    intent = _intent(data.get("output_intent"), refuse) if "output_intent" in data else None
    if pdfx is not None and (pdfx != PDFX_1A or colour != "cmyk" or intent is None):
        raise refuse(f"pdfx can only be \"{PDFX_1A}\", in a CMYK profile with an "
                     "[output_intent] table")
    pixels = _pixels(data, size, bleed, dpi, refuse) if fmt == "png" else None
    outlines = data.get("text_as_outlines", False)
    if not isinstance(outlines, bool) or (outlines and fmt != "pdf"):
        raise refuse("text_as_outlines must be true or false, and true only in a PDF "
                     "profile (format = \"pdf\"): an image has no fonts")
    # The text and pictures of a face keep the design's safe margin inside the trim,
    # scaled up with a larger card; a PDF's faces widen it to the shop's safe area
    # (cardgen/render/facetext.py, shop_safe_area), images keep the design's.
    kept = layout().card.safe_margin_mm * max(size.scale, 1.0)
    if fmt == "png" and safe > kept + 1e-9:
        raise refuse(f"safe_mm = {safe:g}, but at {size.name} mm the faces keep their text "
                     f"{kept:.2f} mm inside the trim; give a safe_mm of at most {kept:.2f}")
    return ShopProfile(
        id=shop_id, label=label, name=_string(data, "name", refuse),
        product=_text(data, "product", refuse), format=fmt, size=size,  # type: ignore[arg-type]
        bleed_mm=bleed, safe_mm=safe, dpi=dpi, colour=colour,  # type: ignore[arg-type]
        order=order, upload=_text(data, "upload", refuse),  # type: ignore[arg-type]
        ink_limit_percent=ink, pdfx=pdfx, output_intent=intent, pixels=pixels,
        text_as_outlines=outlines)


#: Makes the one-line error of a problem in the profile being read.
Refuse = Callable[[str], CardgenError]


def _string(data: dict[str, Any], key: str, refuse: Refuse) -> str:
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise refuse(f"{key} must be a text in quotes")
    return value


def _text(data: dict[str, Any], key: str, refuse: Refuse) -> Text:
    if key not in data:
        return Text()
    value = data[key]
    if (not isinstance(value, dict) or not {"fr", "en"} <= set(value) <= set(languages())
            or not all(isinstance(v, str) and v.strip() for v in value.values())):
        raise refuse(f"{key} must be a text in both languages: {key} = "
                     "{ fr = \"…\", en = \"…\" }")
    return Text(value)


def _choice(data: dict[str, Any], key: str, choices: tuple[str, ...], refuse: Refuse) -> str:
    value = data[key]
    if value not in choices:
        raise refuse(f"{key} = {value!r} is not one of {', '.join(choices)}")
    return str(value)


def _number(data: dict[str, Any], key: str, low: float, high: float, refuse: Refuse) -> float:
    value = data[key]
    if (isinstance(value, bool) or not isinstance(value, int | float)
            or not math.isfinite(value) or not low <= value <= high):
        raise refuse(f"{key} must be a number from {low:g} to {high:g}")
    return float(value)


def _size(value: Any, refuse: Refuse) -> CardSize:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)):
        raise refuse("trim_mm must be the card's width and height in millimetres, like "
                     "[63.5, 88.9]")
    try:
        return parse_card_size(f"{value[0]}x{value[1]}")
    except ValueError as exc:
        raise refuse(f"trim_mm: {exc}") from None


def _intent(value: Any, refuse: Refuse) -> OutputIntent:
    if (not isinstance(value, dict) or set(value) != set(INTENT_KEYS)
            or not all(isinstance(v, str) and v.strip() for v in value.values())):
        raise refuse(f"[output_intent] must have exactly {', '.join(INTENT_KEYS)}, each a "
                     "text (identifier: a printing condition registered at the ICC, such "
                     "as \"FOGRA39\")")
    return OutputIntent(**value)


def _pixels(data: dict[str, Any], size: CardSize, bleed: float, dpi: int,
            refuse: Refuse) -> tuple[int, int]:
    """The image size the shop names, which must be the trim plus bleed at its dpi."""
    made = (round((size.width_mm + 2 * bleed) / 25.4 * dpi),
            round((size.height_mm + 2 * bleed) / 25.4 * dpi))
    value = data.get("pixels")
    if value is None:
        return made
    if not isinstance(value, list) or list(value) != list(made):
        raise refuse(f"pixels = {value!r}, but trim_mm plus bleed_mm at {dpi} dpi makes "
                     f"{made[0]}×{made[1]} pixels; correct one or the other")
    return made
