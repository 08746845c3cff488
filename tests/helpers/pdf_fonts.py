"""The fonts of a PDF, read back: which ones it carries the glyphs of, so a test can
prove every font cardgen writes is embedded (a PDF that prints on any machine)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

from pypdf import PdfReader

FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")


def _fonts(resources: Any) -> Iterator[Any]:
    """The fonts a page's (or a form's) resources use, forms included."""
    resources = resources.get_object() if resources is not None else {}
    for font in resources.get("/Font", {}).values():
        yield font.get_object()
    for xobject in resources.get("/XObject", {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form":
            yield from _fonts(xobject.get("/Resources"))


def fonts_of(pdf: bytes) -> dict[str, bool]:
    """Every font of the PDF by name, and whether the PDF carries its glyphs."""
    found = {}
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for font in _fonts(page.get("/Resources")):
            if font["/Subtype"] == "/Type3":  # glyphs drawn by the PDF itself
                found[str(font.get("/Name", "Type3"))] = True
                continue
            described = (font["/DescendantFonts"][0].get_object()
                         if font["/Subtype"] == "/Type0" else font)
            descriptor = described.get("/FontDescriptor")
            found[str(font["/BaseFont"])] = descriptor is not None and any(
                key in descriptor.get_object() for key in FONT_FILES)
    return found


def not_embedded(pdf: bytes) -> list[str]:
    fonts = fonts_of(pdf)
    assert fonts, "a PDF of cardgen's always has text"
    return sorted(name for name, embedded in fonts.items() if not embedded)
