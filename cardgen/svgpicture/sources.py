"""What the references of an SVG picture lead to: its other SVG files and its bitmaps.

svglib follows a reference in two elements only, ``<use>`` and ``<image>`` (a gradient,
a clip path or a style names elements of the same file, and svglib reads no CSS
``url()`` or ``@import`` file): ``#id`` names an element of the file being drawn,
``file.svg#id`` one of another file, ``file.svg`` a whole file, ``cat.png`` a bitmap
file and ``data:image/png;base64,…`` a bitmap written in the reference itself. Every
one is resolved here, once, through the fence of :mod:`.files`; the measuring walk and
svglib's renderer both ask this object, so the renderer draws exactly what the walk
checked and measured.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.svgpicture import bitmaps
from cardgen.svgpicture.document import Document, parse_document
from cardgen.svgpicture.files import DeckFiles
from cardgen.svgpicture.refused import PictureRefused

XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
#: The elements whose reference svglib follows.
REFERRING = ("use", "image")
#: How much of a reference a message quotes (a data URL can be megabytes long).
_QUOTED = 60


def local_name(element: Any) -> str:
    """The element's name without its namespace, as svglib reads it."""
    return str(element.tag).rpartition("}")[2]


def reference_of(element: Any) -> str:
    """The reference an element holds (``xlink:href``, or SVG 2's bare ``href``)."""
    return str(element.get(XLINK_HREF) or element.get("href") or "")


@dataclass(frozen=True)
class Target:
    """Where a reference leads: an element (or the whole, ``fragment`` None) of an SVG
    ``document``, or a bitmap (``bitmap_key`` into :attr:`Sources.bitmaps`)."""

    document: Document | None = None
    fragment: str | None = None
    bitmap_key: str | Path | None = None
    pixels: int = 0


@dataclass
class Sources:
    """Every file and bitmap one picture draws from, each read and checked once."""

    files: DeckFiles
    picture: Document | None = None
    #: the real path of an SVG file -> its document
    documents: dict[Path, Document] = field(default_factory=dict)
    #: (document it is drawn in, document it is written in, reference, element name)
    #: -> where it leads
    targets: dict[tuple[Document, Document, str, str], Target] = field(default_factory=dict)
    #: the root element of each document's tree -> the document
    _roots: dict[Any, Document] = field(default_factory=dict)
    #: a data URL, or a bitmap file's real path -> its bytes, then its decoded image
    bitmap_bytes: dict[str | Path, bytes] = field(default_factory=dict)
    bitmap_said: dict[str | Path, str] = field(default_factory=dict)
    bitmaps: dict[str | Path, Any] = field(default_factory=dict)

    def open_picture(self, path: Path, name: str) -> Document:
        """The picture's own document (``path``: its path in the deck's folder)."""
        real = self.files.resolve_picture(path)
        self.picture = parse_document(self.files.read(real, None), path, name)
        self.documents[real] = self.picture
        self._roots[self.picture.root] = self.picture
        return self.picture

    def target(self, document: Document, element: Any) -> Target | None:
        """Where ``element`` of ``document`` (a <use> or an <image>) leads, or None
        when it holds no reference; PictureRefused when that is a file cardgen will not
        read, or one it cannot draw."""
        element = getattr(element, "etree_element", element)  # svglib wraps its elements
        reference = reference_of(element)
        if not reference:
            return None
        name = local_name(element)
        origin = self._roots.get(element.getroottree().getroot(), document)
        key = (document, origin, reference, name)
        if key not in self.targets:
            self.targets[key] = self._find(document, reference, name,
                                           self._said(document, origin, reference, name))
        return self.targets[key]

    def _said(self, document: Document, origin: Document, reference: str, name: str) -> str:
        """How a message names a reference: "has an <image> 'cat.png'", and where it is
        when that is not the picture itself."""
        quoted = reference if len(reference) <= _QUOTED else reference[:_QUOTED] + "…"
        said = f"has {'an' if name == 'image' else 'a'} <{name}> '{quoted}'"
        if origin is not document:  # svglib follows it from the file that copies it in
            return (f"{said} (in '{origin.name}', copied by a <use> into '{document.name}', "
                    "where its path starts)")
        return said if document is self.picture else f"{said} (in '{document.name}')"

    def _find(self, document: Document, reference: str, name: str, said: str) -> Target:
        if bitmaps.is_data_url(reference):
            if name == "use":
                raise PictureRefused(f"{said}: a <use> repeats SVG elements; draw an "
                                     "embedded image with an <image>")
            data = bitmaps.data_url_bytes(reference, said)
            self.bitmap_bytes[reference] = data
            self.bitmap_said[reference] = said
            return Target(bitmap_key=reference, pixels=bitmaps.pixels_of(data, said))
        path, _, fragment = reference.partition("#")
        if not path:  # "#id": an element of the same file
            return Target(document=document, fragment=fragment or None)
        real = self.files.resolve(path, document.path, said)
        data = self.files.read(real, said)
        if bitmaps.bitmap_kind(data) is not None:
            if name == "use":
                raise PictureRefused(f"{said}, a bitmap: a <use> repeats SVG elements; "
                                     "draw a bitmap with an <image>")
            self.bitmap_bytes[real] = data
            self.bitmap_said[real] = said
            return Target(bitmap_key=real, pixels=bitmaps.pixels_of(data, said))
        if real not in self.documents:
            # A file is one document however it is reached (two links to it are the
            # same file): its own references start from where it was first reached.
            reached = Path(os.path.normpath(document.path.parent / path))
            self.documents[real] = self._parse(data, reached, said)
            self._roots[self.documents[real].root] = self.documents[real]
        return Target(document=self.documents[real], fragment=fragment or None)

    def _parse(self, data: bytes, reached: Path, said: str) -> Document:
        assert self.picture is not None
        name = os.path.relpath(reached, self.picture.path.parent)
        try:
            return parse_document(data, reached, name)
        except PictureRefused as refused:
            raise PictureRefused(f"{said}, and '{name}' {refused.problem}") from None

    def bitmap(self, key: str | Path) -> Any:
        """The decoded image of a bitmap target, decoded on first use."""
        if key not in self.bitmaps:
            self.bitmaps[key] = bitmaps.decoded(self.bitmap_bytes[key], self.bitmap_said[key])
        return self.bitmaps[key]
