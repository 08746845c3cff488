"""svglib, fenced: an SVG picture turned into a reportlab drawing, reading nothing itself.

svglib's renderer is given the picture's tree (parsed by :mod:`.document`, so svglib
never opens the file), cardgen's fonts (:mod:`.fonts`), and a way to follow references
that goes through :class:`~.sources.Sources`: every file, bitmap and ``data:`` image it
draws is checked there (svglib's own ``external_reference_root`` is set as well, should
a reference ever reach it).

svglib logs what it leaves out of a drawing; its log never reaches the terminal, in any
command: cardgen's own messages say what matters.
"""

from __future__ import annotations

import logging
from typing import Any

from svglib.svglib import DELAYED, NodeTracker, SvgRenderer

from cardgen.svgpicture.document import Document
from cardgen.svgpicture.fonts import CardgenFonts, embedded_fonts_only
from cardgen.svgpicture.refused import PictureRefused
from cardgen.svgpicture.sources import Sources

_svglib_log = logging.getLogger("svglib")
_svglib_log.addHandler(logging.NullHandler())
_svglib_log.propagate = False
# Its renderer's own logger, set above DEBUG: svglib lists each element's unused
# attributes for a debug line unless this logger's level says it is off, and that list
# parses the style of every <g> above the element again (a 10 KB style over a thousand
# shapes took 6 s; twenty nested, 70 s).
logging.getLogger("svglib.svglib").setLevel(logging.CRITICAL)

_FONTS = CardgenFonts()


def convert(sources: Sources) -> Any:
    """The drawing of ``sources.picture``, or PictureRefused."""
    assert sources.picture is not None
    job = _Job(sources)
    try:
        drawing = job.renderer(sources.picture).render(sources.picture.root)
    except PictureRefused:
        raise
    except Exception as exc:  # svglib raises errors of many kinds on odd attributes
        raise PictureRefused(f"is an SVG picture svglib cannot draw ({one_line(exc)}); save "
                             "it again as plain SVG from a drawing program, or use a PNG") \
            from None
    if drawing is not None:
        embedded_fonts_only(drawing)
    return drawing


def one_line(exc: BaseException) -> str:
    """An exception's message as a short phrase (some span lines, or kilobytes)."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 120 else text[:119] + "…"


class _Job:
    """One conversion: its renderers, one per SVG file."""

    def __init__(self, sources: Sources) -> None:
        self.sources = sources
        self.use_expansions: Any = None  # svglib's counter, shared like svglib shares it
        self._renderers: dict[Document, _FencedRenderer] = {}

    def renderer(self, document: Document) -> _FencedRenderer:
        if document not in self._renderers:
            self._renderers[document] = _FencedRenderer(document, self)
        return self._renderers[document]


class _FencedRenderer(SvgRenderer):
    """svglib's renderer for one file of a picture, following references only through
    the picture's :class:`~.sources.Sources`."""

    def __init__(self, document: Document, job: _Job) -> None:
        super().__init__(str(document.path), font_map=_FONTS,
                         external_reference_root=str(job.sources.files.folder))
        self._document = document
        self._job = job
        self._defined = False
        if job.use_expansions is None:
            job.use_expansions = self._use_expansions
        self._use_expansions = job.use_expansions

    def xlink_href_target(self, node: NodeTracker, group: Any | None = None) -> Any:
        """What svglib draws for a <use> or an <image>: an element and the renderer of
        its file, a Pillow image, DELAYED (an id not drawn yet) or None."""
        target = self._job.sources.target(self._document, node)
        if target is None:
            return None
        if target.bitmap_key is not None:
            return self._job.sources.bitmap(target.bitmap_key)
        assert target.document is not None
        if target.document is self._document:
            return self._same_file(target.fragment, node, group)
        other = self._job.renderer(target.document)
        if target.fragment is None:
            return other, NodeTracker.from_xml_root(target.document.root)
        element = other.definition(target.fragment)
        return None if element is None else (other, element)

    def _same_file(self, fragment: str | None, node: NodeTracker, group: Any | None) -> Any:
        # As svglib does: an element drawn already, or one the file draws later (svglib
        # then draws this <use> when it comes to it).
        if fragment is None:
            return None  # the file itself, whole
        if fragment in self.definitions:
            return self, self.definitions[fragment]
        self.waiting_use_nodes[fragment].append((node, group))
        return DELAYED

    def definition(self, fragment: str) -> Any:
        """The element of this file with id ``fragment``, once the file is drawn (as
        svglib does for another file's element: it draws that file whole, once)."""
        if not self._defined:
            self._defined = True
            self.render(self._document.root)
        return self.definitions.get(fragment)
