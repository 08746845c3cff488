"""svglib, fenced: an SVG picture turned into a reportlab drawing, reading nothing itself.

svglib's renderer is given the picture's tree (parsed by :mod:`.document`, so svglib
never opens the file), cardgen's fonts (:mod:`.fonts`), and a way to follow references
that goes through :class:`~.sources.Sources`: every file, bitmap and ``data:`` image it
draws was checked, and measured, before it started (svglib's own
``external_reference_root`` is set as well, should a reference ever reach it). While it
works, the renderer counts the elements it draws and the shapes it converts: a picture
that asks for more than the measuring walk foresaw is stopped at the cap all the same.

svglib logs what it leaves out of a drawing; its log never reaches the terminal, in any
command: cardgen's own messages say what matters.
"""

from __future__ import annotations

import logging
from typing import Any

from svglib.svglib import DELAYED, NodeTracker, Svg2RlgShapeConverter, SvgRenderer

from cardgen.svgpicture.document import Document
from cardgen.svgpicture.fonts import CardgenFonts, embedded_fonts_only
from cardgen.svgpicture.limits import MAX_DEPTH, MAX_SHAPES
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

#: svglib visits an element, then converts it: a picture within the budget makes about
#: two steps a shape. Clip paths converted again for each element they clip count too,
#: and a shape filled with a gradient two steps more, and one for each eight stops of
#: the gradient (measured: a gradient fill of 3 stops takes three times a plain shape's
#: time to check and draw, one of 100 stops twenty times).
_MAX_STEPS = 2 * MAX_SHAPES
_GRADIENT_STEPS = 2
_STOPS_A_STEP = 8
#: The nesting svglib may reach: the walk's, with room for the groups svglib adds.
_MAX_NESTING = 2 * MAX_DEPTH
_FONTS = CardgenFonts()


def convert(sources: Sources) -> Any:
    """The drawing of ``sources.picture`` (measured already), or PictureRefused."""
    assert sources.picture is not None
    job = _Job(sources)
    try:
        drawing = job.renderer(sources.picture).render(sources.picture.root)
    except PictureRefused:
        raise
    except RecursionError:
        raise PictureRefused(f"nests its shapes more than cardgen draws (over {MAX_DEPTH} "
                             "levels); simplify it (ungroup) or save it as PNG") from None
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
    """One conversion: its renderers (one per SVG file) and the work they have done."""

    def __init__(self, sources: Sources) -> None:
        self.sources = sources
        self.steps = 0
        self.nesting = 0
        self.use_expansions: Any = None  # svglib's counter, shared like svglib shares it
        self._renderers: dict[Document, _FencedRenderer] = {}

    def renderer(self, document: Document) -> _FencedRenderer:
        if document not in self._renderers:
            self._renderers[document] = _FencedRenderer(document, self)
        return self._renderers[document]

    def step(self, steps: int = 1) -> None:
        self.steps += steps
        if self.steps > _MAX_STEPS:
            raise PictureRefused(
                f"is more than cardgen draws in one picture: once its <use> copies, clip "
                f"paths and gradients are made, it takes svglib over {_MAX_STEPS:,} steps "
                f"(about two a shape); simplify it (fewer, merged shapes, fewer gradient "
                "stops) or save it as PNG")


class _CountingShapes(Svg2RlgShapeConverter):
    """svglib's shape converter, each conversion counted."""

    def __init__(self, path: str, renderer: SvgRenderer, job: _Job) -> None:
        super().__init__(path, renderer.attrConverter)
        self._job = job

    def convertShape(self, name: str, node: Any, clipping: Any | None = None) -> Any:
        self._job.step()
        return super().convertShape(name, node, clipping)


class _FencedRenderer(SvgRenderer):
    """svglib's renderer for one file of a picture, following references only through
    the picture's :class:`~.sources.Sources`."""

    def __init__(self, document: Document, job: _Job) -> None:
        super().__init__(str(document.path), font_map=_FONTS,
                         external_reference_root=str(job.sources.files.folder))
        self.shape_converter = _CountingShapes(str(document.path), self, job)
        self._document = document
        self._job = job
        self._defined = False
        if job.use_expansions is None:
            job.use_expansions = self._use_expansions
        self._use_expansions = job.use_expansions

    def renderNode(self, node: NodeTracker, parent: Any | None = None) -> None:
        self._job.step()
        self._job.nesting += 1
        try:
            if self._job.nesting > _MAX_NESTING:
                raise RecursionError  # reported as too deep, as Python's own would be
            super().renderNode(node, parent)
        finally:
            self._job.nesting -= 1

    def _apply_gradient_fill(self, item: Any, grad_def: Any) -> Any:
        stops = len(grad_def.get("stops") or ())
        self._job.step(_GRADIENT_STEPS + stops // _STOPS_A_STEP)
        return super()._apply_gradient_fill(item, grad_def)

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
