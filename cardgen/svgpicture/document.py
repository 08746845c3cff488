"""One SVG file of a picture, parsed: first strictly, then into the tree svglib draws.

svglib parses with lxml in "recover" mode, which silently mends broken XML or gives up
with no reason, so each file is first read by expat, strictly: a broken file is refused
with the line and column where it breaks, an image of another kind with its kind. That
first pass builds nothing, so it also counts the elements and their nesting, and
refuses a file with more than the picture may draw before lxml builds a tree of it
(five million empty elements, 20 MB, would be a tree of over half a gigabyte). The tree
is then made by lxml, never fetching anything (no network, no DTD, no entities).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.parsers import expat

from cardgen.svgpicture.limits import MAX_DEPTH, MAX_SHAPES
from cardgen.svgpicture.refused import PictureRefused

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
JPEG_SIGNATURE = b"\xff\xd8\xff"
#: What the first bytes of an image file that is not an SVG say it is.
IMAGE_SIGNATURES = {PNG_SIGNATURE: "PNG", JPEG_SIGNATURE: "JPEG", b"GIF8": "GIF",
                    b"%PDF": "PDF"}


@dataclass(eq=False)  # each parsed file is one document, compared by identity
class Document:
    """An SVG file as svglib will draw it. ``path`` is the path it was reached by (its
    relative references start from there), ``name`` how messages call it."""

    path: Path
    name: str
    root: Any  # lxml's root element
    #: every element of the tree: holding them keeps lxml's element objects (and so
    #: their identity, which the measuring walk keys on) alive
    elements: list[Any] = field(default_factory=list)
    #: id -> the elements of that id (svglib uses the last one drawn)
    ids: dict[str, list[Any]] = field(default_factory=dict)


def parse_document(data: bytes, path: Path, name: str) -> Document:
    """The document of the SVG file ``path`` (its bytes ``data``), or PictureRefused
    with a problem that follows the file's name ("… is not a usable SVG picture …")."""
    _check_strictly(data)
    from lxml import etree  # type: ignore[import-untyped]

    # The options svglib parses with (comments dropped, entities kept as they are),
    # minus recovery: the file is known to be well-formed, and a tree lxml cannot make
    # whole (a text of over 10 MB) is refused rather than cut short.
    parser = etree.XMLParser(remove_comments=True, resolve_entities=False, recover=False,
                             no_network=True, load_dtd=False, huge_tree=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise PictureRefused(f"is an SVG picture svglib cannot read ({exc.msg}); save it "
                             "again as plain SVG from a drawing program") from None
    document = Document(path=path, name=name, root=root)
    for element in root.iter():
        if not isinstance(element.tag, str):  # a processing instruction
            continue
        document.elements.append(element)
        element_id = element.get("id")
        if element_id:
            document.ids.setdefault(element_id, []).append(element)
    return document


class _TooMany(Exception):
    """Stops expat as soon as a file is known to be too big to draw."""


def _check_strictly(data: bytes) -> None:
    for signature, kind in IMAGE_SIGNATURES.items():
        if data.startswith(signature):
            fix = ("rename the file to end in .png, and its 'picture' in the deck too"
                   if kind == "PNG" else "save it again as PNG or SVG")
            raise PictureRefused(f"is a {kind} image, not an SVG picture; {fix}")
    roots: list[str] = []  # the first element's name (only the first is kept)
    count, depth = 0, 0

    def start(name: str, attributes: object) -> None:
        nonlocal count, depth
        if not roots:
            roots.append(name)
        count, depth = count + 1, depth + 1
        if count > MAX_SHAPES:
            raise _TooMany(f"has more than {MAX_SHAPES:,} elements, more than the "
                           f"{MAX_SHAPES:,} shapes cardgen draws in one picture; simplify "
                           "it (fewer, merged shapes) or save it as PNG")
        if depth > MAX_DEPTH:
            raise _TooMany(f"nests its elements more than {MAX_DEPTH} deep, more than "
                           "cardgen draws; simplify it (ungroup) or save it as PNG")

    def end(name: str) -> None:
        nonlocal depth
        depth -= 1

    parser = expat.ParserCreate()
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(data, True)
    except _TooMany as exc:
        raise PictureRefused(str(exc)) from None
    except expat.ExpatError as exc:
        reason = expat.errors.messages[exc.code]
        raise PictureRefused(
            f"is not a usable SVG picture: its XML breaks at line {exc.lineno}, column "
            f"{exc.offset + 1} ({reason}); the file may be cut short or damaged, save it "
            "again as SVG from a drawing program") from None
    root = roots[0].rpartition(":")[2] if roots else ""
    if root != "svg":
        raise PictureRefused(f"is XML but not an SVG picture (its root element is <{root}>, "
                             "not <svg>); save it again as SVG")
