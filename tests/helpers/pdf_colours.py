"""Reading a PDF back as a print shop's preflight does: every colour set by every content
stream (pages and the forms they place), every image, every graphics state, every font.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pikepdf

COLOUR_SPACE_OPERATORS = {"cs", "CS"}
COLOUR_OPERATORS = {"g", "G", "rg", "RG", "k", "K", "sc", "SC", "scn", "SCN"}


@dataclass
class Found:
    """What the streams of a PDF use."""

    operators: set[str] = field(default_factory=set)  # colour operators met
    colour_spaces: set[str] = field(default_factory=set)  # of cs/CS and of images
    max_ink: float = 0.0  # percent, the highest total of any colour set or image pixel
    images: list[Any] = field(default_factory=list)
    graphics_states: list[Any] = field(default_factory=list)
    fonts: list[Any] = field(default_factory=list)


def _ink(operator: str, values: list[float], space: str) -> float:
    if operator in ("g", "G") or (operator.lower().startswith("sc") and space == "/DeviceGray"):
        return (1 - values[0]) * 100
    if operator in ("k", "K") or (operator.lower().startswith("sc") and len(values) == 4):
        return sum(values) * 100
    return 300.0  # RGB: never within a CMYK limit


def _image_ink(image: Any) -> float:
    pil = pikepdf.PdfImage(image).as_pil_image()
    if pil.mode != "CMYK":
        return 0.0
    # The highest sum of the four channels over every pixel, by its histogram of sums.
    channels = pil.split()
    from PIL import ImageMath

    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"],
                                  c=channels[0], m=channels[1], y=channels[2], k=channels[3])
    return float(total.getextrema()[1]) / 255 * 100


def scan(pdf: pikepdf.Pdf) -> Found:
    found = Found()
    seen: set[tuple[int, int]] = set()
    for page in pdf.pages:
        _scan_stream(page.obj, page.obj.get("/Resources", pikepdf.Dictionary()), found, seen)
    return found


def _scan_stream(stream: Any, resources: Any, found: Found,
                 seen: set[tuple[int, int]]) -> None:
    space = {"fill": "/DeviceGray", "stroke": "/DeviceGray"}
    for font in resources.get("/Font", {}).values():
        found.fonts.append(font)
    for instruction in pikepdf.parse_content_stream(stream):
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            found.images.append(instruction.iimage)
            continue
        operator = str(instruction.operator)
        operands = list(instruction.operands)
        if operator in COLOUR_SPACE_OPERATORS:
            name = str(operands[0])
            found.colour_spaces.add(name)
            space["fill" if operator == "cs" else "stroke"] = name
        elif operator in COLOUR_OPERATORS:
            found.operators.add(operator)
            which = space["fill" if operator.islower() else "stroke"]
            found.max_ink = max(found.max_ink,
                                _ink(operator, [float(v) for v in operands], which))
        elif operator == "gs":
            found.graphics_states.append(resources.ExtGState[operands[0]])
        elif operator == "Do":
            xobject = resources.XObject[operands[0]]
            key = xobject.objgen
            if key in seen:
                continue
            seen.add(key)
            if xobject.Subtype == "/Image":
                found.images.append(xobject)
                found.colour_spaces.add(str(xobject.get("/ColorSpace")))
                found.max_ink = max(found.max_ink, _image_ink(xobject))
            else:
                _scan_stream(xobject, xobject.get("/Resources", resources), found, seen)


def embedded(font: Any) -> bool:
    """Whether the font's program is in the file (for a Type0 font, its descendant's)."""
    if font.Subtype == "/Type0":
        return all(embedded(inner) for inner in font.DescendantFonts)
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(
        key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def drawn_forms(page: Any) -> Iterator[bytes]:
    """The decoded content of each form the page places, in order."""
    for instruction in pikepdf.parse_content_stream(page):
        if str(instruction.operator) == "Do":
            yield page.Resources.XObject[instruction.operands[0]].read_bytes()
