"""The one place a drawn colour is chosen: RGB on screen and at home, CMYK for a shop.

Faces, backs and pictograms ask :func:`paint` for every colour of the design, by the
RGB written in the layout data. Inside :func:`cmyk_printing` (a print shop's file) the
answer is the CMYK value ``cardgen/data/layout.toml`` gives that colour under
``[cmyk]``, chosen by hand, held under the shop's total ink limit. A card's own picture
has colours nobody chose: :func:`picture_cmyk` and :func:`drawing_cmyk` convert them by
formula (black generation, then the ink limit), their transparency flattened onto the
card's background, so a CMYK file holds no RGB and no transparency at all.

The look of the faces is chosen here too, by :func:`face_style`: whether each colour
also shows its shape (on by default), and whether the faces are drawn in low ink.
"""

from __future__ import annotations

import contextlib
import contextvars
import math
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from reportlab.lib.colors import CMYKColor, Color, HexColor

from cardgen.errors import CatalogueError

T = TypeVar("T")

CMYK = tuple[float, float, float, float]  # cyan, magenta, yellow, black, in percent

#: The total ink limit (percent) of the CMYK file being drawn; None: drawing in RGB.
_INK_LIMIT: contextvars.ContextVar[float | None] = contextvars.ContextVar(
    "cardgen_ink_limit", default=None)
#: Interpolation between the points of a picture's lookup table adds rounding: the
#: points keep this much under the limit so no pixel goes over it.
_LUT_MARGIN = 1.0
_LUT_POINTS = 17


@dataclass(frozen=True)
class FaceStyle:
    """How the faces drawn within :func:`face_style` look: ``color_shapes``, each card
    colour's shape beside its corner indices and in the wild's quarters (layout.toml's
    [card.color_shapes]); ``low_ink``, white faces and back with the colours kept in
    their frames, ovals, numbers and symbols (layout.toml's [card.low_ink])."""

    color_shapes: bool = True
    low_ink: bool = False


#: The style of the faces being drawn: set by the commands, read by faces and pictograms.
_FACE_STYLE: contextvars.ContextVar[FaceStyle | None] = contextvars.ContextVar(
    "cardgen_face_style", default=None)


@contextlib.contextmanager
def holding(setting: contextvars.ContextVar[T], value: T) -> Iterator[None]:
    """Within this block, ``setting`` (one of the drawing settings a command sets for
    the faces it draws) is ``value``; after it, what it was."""
    token = setting.set(value)
    try:
        yield
    finally:
        setting.reset(token)


def face_style(style: FaceStyle) -> contextlib.AbstractContextManager[None]:
    """Within this block, the faces are drawn in ``style``."""
    return holding(_FACE_STYLE, style)


def current_face_style() -> FaceStyle:
    """The style of the faces drawn now (the default: shapes on, full ink)."""
    return _FACE_STYLE.get() or FaceStyle()


def cmyk_printing(ink_limit_percent: float) -> contextlib.AbstractContextManager[None]:
    """Within this block, :func:`paint` answers in CMYK under ``ink_limit_percent``."""
    return holding(_INK_LIMIT, ink_limit_percent)


def ink_limit() -> float | None:
    """The total ink limit of the CMYK drawing under way, or None when drawing in RGB."""
    return _INK_LIMIT.get()


@cache
def design_cmyk() -> dict[str, CMYK]:
    """layout.toml's ``[cmyk]``: the CMYK (percent) of each design colour, by its RGB."""
    with resources.files("cardgen.data").joinpath("layout.toml").open("rb") as handle:
        table = tomllib.load(handle)["cmyk"]
    values: dict[str, CMYK] = {}
    for rgb, cmyk in table.items():
        if (len(cmyk) != 4 or not all(isinstance(v, int | float) and 0 <= v <= 100
                                      for v in cmyk)):
            raise CatalogueError(f"cardgen/data/layout.toml: [cmyk] \"{rgb}\" must be four "
                                 "percentages (cyan, magenta, yellow, black) from 0 to 100")
        values[rgb.upper()] = (float(cmyk[0]), float(cmyk[1]), float(cmyk[2]),
                               float(cmyk[3]))
    return values


def luma_grey(hex_rgb: str) -> str:
    """The grey a greyscale printer or copier prints ``hex_rgb`` as (Rec. 601 luma)."""
    red, green, blue = (int(hex_rgb[i:i + 2], 16) for i in (1, 3, 5))
    level = round(0.299 * red + 0.587 * green + 0.114 * blue)
    return f"#{level:02X}{level:02X}{level:02X}"


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2's contrast ratio of two RGB colours, from 1 (the same) to 21."""

    def luminance(hex_rgb: str) -> float:
        channels = [int(hex_rgb[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
                  for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def reads_on(text_hex: str, background_hex: str, least: float) -> bool:
    """Whether text of one colour reads on the other (``least``: the contrast ratio it
    needs), printed in colour and in greyscale alike."""
    return min(contrast_ratio(text_hex, background_hex),
               contrast_ratio(luma_grey(text_hex), luma_grey(background_hex))) >= least


def paint(hex_rgb: str) -> Color:
    """The colour to draw for the design colour ``hex_rgb`` (``#RRGGBB``)."""
    limit = _INK_LIMIT.get()
    if limit is None:
        return HexColor(hex_rgb)
    chosen = design_cmyk().get(hex_rgb.upper())
    if chosen is None:
        raise CatalogueError(f"cardgen/data/layout.toml: [cmyk] has no value for "
                             f"{hex_rgb}; add the CMYK it prints in")
    return _cmyk_color(within_limit(chosen, limit))


def within_limit(cmyk: CMYK, limit: float) -> CMYK:
    """``cmyk`` with its cyan, magenta and yellow lowered together (black kept) until the
    total ink is at most ``limit``: black carries the darkness, the hue stays."""
    cyan, magenta, yellow, black = cmyk
    colour = cyan + magenta + yellow
    if colour + black <= limit or colour == 0:
        return cmyk
    factor = max(0.0, limit - black) / colour
    return cyan * factor, magenta * factor, yellow * factor, min(black, limit)


def rgb_to_cmyk(red: float, green: float, blue: float, limit: float) -> CMYK:
    """An RGB colour (0 to 1 each) nobody chose a CMYK for: full black generation (the
    grey part of the colour printed in black alone), then the ink limit."""
    black = 1 - max(red, green, blue)
    if black >= 1:
        return 0.0, 0.0, 0.0, 100.0
    cyan, magenta, yellow = ((1 - channel - black) / (1 - black) for channel in
                             (red, green, blue))
    return within_limit((cyan * 100, magenta * 100, yellow * 100, black * 100), limit)


def _cmyk_color(cmyk: CMYK) -> CMYKColor:
    # Rounded down, so that the four written together stay within the limit.
    return CMYKColor(*(math.floor(v * 100 + 1e-9) / 10000 for v in cmyk))


def background_cmyk(hex_rgb: str, limit: float) -> CMYK:
    """The CMYK a card's background prints in: its chosen value when it is a design
    colour (it always is for a card), else the formula's."""
    chosen = design_cmyk().get(hex_rgb.upper())
    if chosen is not None:
        return within_limit(chosen, limit)
    red, green, blue = HexColor(hex_rgb).rgb()
    return rgb_to_cmyk(red, green, blue, limit)


def _mix(top: CMYK, alpha: float, under: CMYK) -> CMYK:
    """``top`` at opacity ``alpha`` over ``under``, in ink: within a limit both keep."""
    return tuple(alpha * t + (1 - alpha) * u  # type: ignore[return-value]
                 for t, u in zip(top, under, strict=True))


# --- pictures -----------------------------------------------------------------------

def picture_cmyk(image: Any, background_hex: str, limit: float) -> Any:
    """A Pillow image in CMYK under ``limit``, its transparency flattened onto the
    card's background (a print shop's file may hold no soft mask)."""
    from PIL import Image, ImageFilter

    rgba = image.convert("RGBA")
    table = ImageFilter.Color3DLUT.generate(
        _LUT_POINTS, lambda r, g, b: tuple(v / 100 for v in rgb_to_cmyk(
            r, g, b, limit - _LUT_MARGIN)), channels=4, target_mode="CMYK")
    picture = rgba.convert("RGB").filter(table)
    # Flattened in ink, onto the very CMYK the card's background prints in, so that a
    # transparent corner shows no box around the picture.
    card = tuple(round(v * 2.55) for v in background_cmyk(background_hex, limit - _LUT_MARGIN))
    return Image.composite(picture, Image.new("CMYK", rgba.size, card), rgba.getchannel("A"))


def png_source(path: Path, background_hex: str, ink: float = 1.0
               ) -> tuple[Any, str | None]:
    """What reportlab's drawImage takes for a PNG picture, and its mask: the file with its
    transparency in RGB; in CMYK, the picture converted and flattened, with no mask;
    with ``ink`` under 1, lightened to that share of its ink."""
    limit = _INK_LIMIT.get()
    if limit is None and ink >= 1.0:
        return str(path), "auto"
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    with Image.open(path) as image:
        picture = picture_lightened(image, ink) if ink < 1.0 else image
        if limit is None:
            return ImageReader(picture), "auto"
        return ImageReader(picture_cmyk(picture, background_hex, limit)), None


def picture_lightened(image: Any, ink: float) -> Any:
    """A Pillow image (RGBA) printing ``ink`` of its ink: each channel mixed with white."""
    rgba = image.convert("RGBA")
    light = rgba.convert("RGB").point(lambda v: round(255 - ink * (255 - v)))
    light.putalpha(rgba.getchannel("A"))
    return light


def drawing_lightened(drawing: Any, ink: float) -> None:
    """Lighten an SVG drawing (svglib's shapes) in place to ``ink`` of its ink, each
    fill and stroke colour and each bitmap mixed with white (the low-ink back)."""
    from reportlab.graphics.shapes import Image

    def convert(node: Any, colour_name: str) -> None:
        colour = getattr(node, colour_name, None)
        if isinstance(colour, Color) and not isinstance(colour, CMYKColor):
            red, green, blue = (1 - ink * (1 - c) for c in colour.rgb())
            setattr(node, colour_name, Color(red, green, blue, colour.alpha))

    def walk(group: Any) -> None:
        for node in group.getContents():
            convert(node, "fillColor")
            convert(node, "strokeColor")
            if isinstance(node, Image) and hasattr(node.path, "mode"):
                node.path = picture_lightened(node.path, ink)
            if hasattr(node, "getContents"):
                walk(node)

    walk(drawing)


def drawing_cmyk(drawing: Any, background_hex: str, limit: float) -> None:
    """Convert the colours of an SVG drawing (svglib's shapes) to CMYK in place, each
    partly transparent fill or stroke flattened onto the card's background, and each
    bitmap too (a Pillow image in place of the original, which is left as it was)."""
    from reportlab.graphics.shapes import Image

    card = background_cmyk(background_hex, limit)
    # A bitmap drawn many times (through <use>) is one image: converted once.
    bitmaps: dict[int, Any] = {}

    def convert_bitmap(node: Any) -> None:
        source = node.path
        if not hasattr(source, "mode"):  # no bitmap: an <image> svglib could not resolve
            return
        if id(source) not in bitmaps:
            # Flattened onto the card's colour, like a PNG picture: the shapes under a
            # transparent corner do not show through (a CMYK file holds no soft mask).
            bitmaps[id(source)] = picture_cmyk(source, background_hex, limit)
        node.path = bitmaps[id(source)]

    def convert(node: Any, colour_name: str, opacity_name: str) -> None:
        colour = getattr(node, colour_name, None)
        if not isinstance(colour, Color) or isinstance(colour, CMYKColor):
            return
        alpha = colour.alpha * (getattr(node, opacity_name, None) or 1.0)
        red, green, blue = colour.rgb()
        setattr(node, colour_name, _cmyk_color(_mix(rgb_to_cmyk(red, green, blue, limit),
                                                    alpha, card)))
        if hasattr(node, opacity_name):
            setattr(node, opacity_name, None)

    def walk(group: Any) -> None:
        for node in group.getContents():
            convert(node, "fillColor", "fillOpacity")
            convert(node, "strokeColor", "strokeOpacity")
            if isinstance(node, Image):
                convert_bitmap(node)
            if hasattr(node, "getContents"):
                walk(node)

    walk(drawing)
