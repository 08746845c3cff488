"""The measuring walk: how much drawing a picture asks for, found before svglib starts.

A ``<use>`` is drawn as a copy of what it names, so a 2 KB file of uses that name
groups of uses names millions of shapes; the walk counts what svglib would draw, each
element once per context it is drawn in, with memoisation (so the walk itself stays as
small as the file) and with the elements under way kept apart (a reference to one of
them is a loop, which svglib would follow for ever or quietly drop). svglib draws a
``<use>`` target, ``#id`` or ``file.svg#id``, as part of the file that names it, and
an ``<image>`` of an SVG file as part of that file: that file is the context of what
the walk counts under it, as it is the file svglib then looks ids and paths up in.
A clip path is converted again for each element it clips, and counts as often.

What is counted is held to the budget of :mod:`.limits`; a picture over it is refused
with what was counted. svglib's renderer counts what it really does too
(:mod:`.convert`), for anything this walk does not foresee.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from cardgen.svgpicture.document import Document
from cardgen.svgpicture.limits import (
    MAX_ATTRIBUTE_SPREAD,
    MAX_DEPTH,
    MAX_PATH_DATA,
    MAX_PICTURE_PIXELS,
    MAX_SHAPES,
    MAX_STYLE_WORK,
)
from cardgen.svgpicture.refused import PictureRefused
from cardgen.svgpicture.sources import REFERRING, Sources, Target, local_name

#: Elements whose characters svglib may set one string each (a glyph with its own x).
TEXTS = ("text", "tspan", "textPath", "tref")
#: Attributes that hold path data.
PATH_DATA = ("d", "points")
#: A clip path svglib looks up (only the attribute: svglib reads no other form).
_CLIP = re.compile(r"url\(#([^)]*)\)")
_FIX = "simplify it (fewer, merged shapes) or save it as PNG"


@dataclass
class Cost:
    """What drawing an element asks for, all its copies included."""

    shapes: int = 0
    path_data: int = 0  # characters
    attribute_spread: int = 0  # attributes times the shapes under them
    style_selectors: int = 0  # selectors of <style> rules, each as often as drawn
    pixels: int = 0  # of bitmaps, each as often as it is drawn
    height: int = 0  # levels of elements under it

    def add(self, other: Cost) -> None:
        self.shapes += other.shapes
        self.path_data += other.path_data
        self.attribute_spread += other.attribute_spread
        self.style_selectors += other.style_selectors
        self.pixels += other.pixels
        self.height = max(self.height, other.height + 1)

    def share(self) -> float:
        """The part of the budget it takes (over 1: too much), style selectors aside."""
        return (self.shapes / MAX_SHAPES + self.path_data / MAX_PATH_DATA
                + self.attribute_spread / MAX_ATTRIBUTE_SPREAD)


def measure(sources: Sources) -> Cost:
    """The cost of the whole picture (``sources.picture``), or PictureRefused."""
    assert sources.picture is not None
    return _Walk(sources).picture(sources.picture)


def too_much(cost: Cost) -> PictureRefused:
    """The refusal of a picture over the budget, naming what it asks for."""
    parts = [f"{cost.shapes:,} shapes"]
    caps = [f"{MAX_SHAPES:,} shapes"]
    if cost.path_data:
        parts.append(f"{cost.path_data:,} characters of path data")
        caps.append(f"{MAX_PATH_DATA:,} characters of path data")
    if cost.attribute_spread > MAX_ATTRIBUTE_SPREAD / 10:
        parts.append(f"attributes looked up {cost.attribute_spread:,} times")
        caps.append(f"{MAX_ATTRIBUTE_SPREAD:,} look-ups")
    if cost.style_selectors:
        parts.append(f"{cost.style_selectors:,} style selectors")
        caps.append(f"{MAX_STYLE_WORK:,} selectors times shapes")
    return PictureRefused(
        f"is more than cardgen draws in one picture: {', '.join(parts)}, once its <use> "
        f"copies are made (each glyph of a text a shape); cardgen draws at most "
        f"{' or '.join(caps)}, or a mix; {_FIX}")


class _Walk:
    def __init__(self, sources: Sources) -> None:
        self.sources = sources
        self.costs: dict[tuple[Document, Any], Cost] = {}
        self.under_way: set[tuple[Document, Any]] = set()
        #: documents svglib draws whole once, to find the ids another file names in them
        self.defining: list[Document] = []

    def picture(self, picture: Document) -> Cost:
        total = Cost()
        total.add(self.element(picture.root, picture, 1))
        drawn = 0
        while drawn < len(self.defining):  # drawing one may name another
            document = self.defining[drawn]
            total.add(self.element(document.root, document, 1))
            self._check(total)
            drawn += 1
        if total.share() + total.style_selectors * total.shapes / MAX_STYLE_WORK > 1:
            raise too_much(total)
        return total

    def element(self, element: Any, context: Document, depth: int) -> Cost:
        if depth > MAX_DEPTH:
            raise self._too_deep()
        key = (context, element)
        cost = self.costs.get(key)
        if cost is None:
            if key in self.under_way:
                raise self._loop(element, context)
            # Each element measured is drawn at least once: past twice the cap (ids given
            # twice can make the walk measure what is not drawn), the picture is too big.
            if len(self.costs) > 2 * MAX_SHAPES:
                raise too_much(Cost(shapes=len(self.costs)))
            self.under_way.add(key)
            cost = self._measured(element, context, depth)
            self.under_way.discard(key)
            self.costs[key] = cost
            self._check(cost)
        if depth + cost.height > MAX_DEPTH:
            raise self._too_deep()
        return cost

    def _measured(self, element: Any, context: Document, depth: int) -> Cost:
        name = local_name(element)
        attributes = element.attrib
        cost = Cost(shapes=1, path_data=sum(len(attributes.get(a) or "") for a in PATH_DATA))
        if name in TEXTS:
            cost.shapes += len(element.text or "") + sum(len(child.tail or "")
                                                         for child in element)
        if name == "style":
            text = element.text or ""
            cost.style_selectors += text.count("{") + text.count(",")
        for child in element:
            if isinstance(child.tag, str):  # not an entity or a processing instruction
                cost.add(self.element(child, context, depth + 1))
        if name in REFERRING:
            target = self.sources.target(context, element)
            if target is not None:
                cost.add(self._target(target, name, context, depth + 1))
        clip = _CLIP.match(attributes.get("clip-path") or "")
        if clip:
            for clip_path in context.ids.get(clip.group(1), []):
                cost.add(self.element(clip_path, context, depth + 1))
        # Every shape under the element looks its inherited attributes up through it.
        looked_up = len(attributes) + (attributes.get("style") or "").count(";")
        cost.attribute_spread += looked_up * cost.shapes
        return cost

    def _target(self, target: Target, name: str, context: Document, depth: int) -> Cost:
        if target.bitmap_key is not None:
            return Cost(shapes=1, pixels=target.pixels)
        assert target.document is not None
        document = target.document
        if document is not context and target.fragment is not None \
                and document not in self.defining:
            self.defining.append(document)
        # A <use> copies its target into the file that names it; an <image> draws the
        # other file as it is.
        drawn_in = document if name == "image" else context
        if target.fragment is None:
            if document is context:  # a file naming itself whole: svglib skips it
                return Cost()
            return self.element(document.root, drawn_in, depth)
        cost = Cost()
        for candidate in document.ids.get(target.fragment, []):  # svglib keeps the last
            found = self.element(candidate, drawn_in, depth)
            if found.shapes > cost.shapes:
                cost = found
        return cost

    def _check(self, cost: Cost) -> None:
        if cost.share() > 1:
            raise too_much(cost)
        if cost.pixels > MAX_PICTURE_PIXELS:
            raise PictureRefused(
                f"draws {cost.pixels:,} pixels of bitmaps or more once its <use> copies "
                f"are made, more than the {MAX_PICTURE_PIXELS:,} cardgen draws in one "
                "picture; scale its images down, or use each fewer times")

    @staticmethod
    def _loop(element: Any, context: Document) -> PictureRefused:
        element_id = element.get("id")
        what = f"'#{element_id}'" if element_id else "the whole file"
        return PictureRefused(f"refers to itself in a loop ({what} of '{context.name}' is "
                              "drawn inside itself); remove the <use> that closes the loop")

    @staticmethod
    def _too_deep() -> PictureRefused:
        return PictureRefused(f"nests its shapes (with their <use> copies) more than "
                              f"{MAX_DEPTH} deep, more than cardgen draws; {_FIX}")
