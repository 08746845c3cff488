"""How the balance report's charts fill its pages: no page ends with a large empty foot.

reportlab moves a drawing that does not fit in what is left of a page to the next one,
whole, and its ``keepWithNext`` moves a heading along with it: a tall chart could leave
a third of a page empty. The two flowables here give the page's foot a use instead:

- a :class:`FlexibleChart` (the seats, the round lengths) is drawn shorter, down to a
  floor, to fit what is left of a page;
- a :class:`RowChart` (a bar per kind) is cut between two rows, each part keeping its
  scale, axis and legend, as a long table is.

And when what follows them went to the next page anyway, both are drawn taller, into the
room that left (see :func:`build_filled`).

Each carries the paragraphs that introduce it (a heading, a note), drawn above it, and
the caption under it, so no page ends between a chart and its words.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.graphics.shapes import Drawing
from reportlab.platypus import Flowable, SimpleDocTemplate

#: The fewest rows a part of a cut chart has: a lone bar at a page's foot reads badly.
FEWEST_ROWS = 3


def _height_of(paragraphs: Sequence[Flowable], width: float) -> float:
    """The height of paragraphs one under the other, with the space after each."""
    return float(sum(part.wrap(width, 1e6)[1] + part.getSpaceAfter() for part in paragraphs))


class _Captioned(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """A drawing under the paragraphs that introduce it (``above``: a heading, a note)
    and over those that comment on it (``below``: a caption): a page never ends
    between them."""

    def __init__(self, above: Sequence[Flowable], below: Sequence[Flowable]) -> None:
        super().__init__()
        self.above, self.below = list(above), list(below)

    def _draw_captioned(self, drawing: Drawing) -> None:
        """Draw the paragraphs above from the top of the flowable down, then the drawing,
        then the paragraphs below."""
        y = self.height
        for part in self.above:
            y -= part.wrap(self.width, 1e6)[1]
            part.drawOn(self.canv, 0, y)
            y -= part.getSpaceAfter()
        y -= drawing.height
        drawing.drawOn(self.canv, 0, y)
        for part in self.below:
            y -= part.wrap(self.width, 1e6)[1]
            part.drawOn(self.canv, 0, y)
            y -= part.getSpaceAfter()


@dataclass
class PageRoom:
    """What a first layout of the pages left, and what the second grants.

    ``left``: the room at the foot of each page (by page number); ``growable``: for each
    chart that may grow (by a key naming it in both layouts), the page it fell on and the
    most it may grow by; ``extra``: the points each is drawn taller by, the second time."""

    left: dict[int, float] = field(default_factory=dict)
    growable: dict[str, tuple[int, float]] = field(default_factory=dict)
    extra: dict[str, float] = field(default_factory=dict)

    def grant(self) -> None:
        """Share the room at the foot of each page but the last among the charts on it,
        evenly, each up to its own limit (what one cannot take goes to the others)."""
        last = max(self.left, default=0)
        for page, room in self.left.items():
            if page == last:
                continue  # the report's end: an empty foot says it is over
            on_page = sorted((growth, key) for key, (on, growth) in self.growable.items()
                             if on == page)
            for i, (growth, key) in enumerate(on_page):
                self.extra[key] = min(room / (len(on_page) - i), growth)
                room -= self.extra[key]


class FlexibleChart(_Captioned):
    """A chart drawn ``natural`` points tall, or shorter (not under ``shortest``) when
    that much is all a page has left, or taller (not over ``tallest``) by the room the
    second layout grants it."""

    def __init__(self, above: Sequence[Flowable], draw: Callable[[float], Drawing],
                 heights: tuple[float, float, float], key: str, rooms: PageRoom) -> None:
        super().__init__(above, [])
        self.draw_chart, self.key, self.rooms = draw, key, rooms
        self.shortest, self.natural, self.tallest = heights
        self.chart_height = self.natural

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        above = _height_of(self.above, avail_width)
        room = avail_height - above
        wanted = self.natural + self.rooms.extra.get(self.key, 0)
        # Too little room even for the shortest chart: ask for the natural height, which
        # sends the chart to the next page.
        self.chart_height = wanted if room < self.shortest else min(wanted, room)
        self.width, self.height = avail_width, above + self.chart_height
        return self.width, self.height

    def draw(self) -> None:
        self.rooms.growable[self.key] = (self.canv.getPageNumber(),
                                         self.tallest - self.chart_height)
        self._draw_captioned(self.draw_chart(self.chart_height))


class RowChart(_Captioned):
    """A chart of ``rows`` rows, which may be cut between two rows to end a page, and
    whose rows may be drawn up to ``row_growth`` points taller each to fill one.

    ``draw(first, count, extra)`` draws the rows ``first`` to ``first + count`` with the
    whole chart's scale, ``extra`` points taller in all; the paragraphs above go with
    the first part, those below with the last. ``key`` names the chart: each part is
    known by it and its first row."""

    def __init__(self, above: Sequence[Flowable], draw: Callable[[int, int, float], Drawing],
                 rows: int, below: Sequence[Flowable], grows: tuple[str, PageRoom, float],
                 first: int = 0) -> None:
        super().__init__(above, below)
        self.draw_rows, self.rows, self.first, self.grows = draw, rows, first, grows
        key, rooms, _ = grows
        self.key, self.rooms = f"{key}-{first}", rooms

    def new_drawing(self, rows: int) -> Drawing:
        return self.draw_rows(self.first, rows, self.rooms.extra.get(self.key, 0))

    def _height(self, width: float, rows: int, below: Sequence[Flowable]) -> float:
        """The height of the paragraphs above, ``rows`` rows and the paragraphs below."""
        return (_height_of(self.above, width) + float(self.new_drawing(rows).height)
                + _height_of(below, width))

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        self.height = self._height(avail_width, self.rows, self.below)
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """The most rows that fit, and the rest; nothing (move on) when a part would
        have fewer than FEWEST_ROWS rows."""
        for rows in range(self.rows - FEWEST_ROWS, FEWEST_ROWS - 1, -1):
            if self._height(avail_width, rows, []) <= avail_height:
                return [RowChart(self.above, self.draw_rows, rows, [], self.grows,
                                 self.first),
                        RowChart([], self.draw_rows, self.rows - rows, self.below,
                                 self.grows, self.first + rows)]
        return []

    def draw(self) -> None:
        row_growth = self.grows[2]
        self.rooms.growable[self.key] = (
            self.canv.getPageNumber(),
            row_growth * self.rows - self.rooms.extra.get(self.key, 0))
        self._draw_captioned(self.new_drawing(self.rows))


class _RoomNotingDoc(SimpleDocTemplate):  # type: ignore[misc]  # no type hints
    """A document that notes the room left at the foot of each page."""

    def __init__(self, target: Any, rooms: PageRoom, **settings: Any) -> None:
        super().__init__(target, **settings)
        self.rooms = rooms

    def afterPage(self) -> None:  # noqa: N802  (reportlab's name)
        self.rooms.left[self.page] = self.frame._y - self.frame._y1p


def build_filled(target: str, story: Callable[[PageRoom], list[Flowable]],
                 **settings: Any) -> None:
    """Lay out ``story`` twice: the first layout tells where the pages end and the room
    each leaves; the second draws the charts on each page taller, into that room.
    Growing only into room a page left changes no page's content: the pages break where
    they broke. ``settings``: those of a SimpleDocTemplate."""
    rooms = PageRoom()
    _RoomNotingDoc(io.BytesIO(), rooms, **settings).build(story(rooms))
    rooms.grant()
    _RoomNotingDoc(target, rooms, **settings).build(story(rooms))
