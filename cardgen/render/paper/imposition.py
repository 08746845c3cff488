"""Where the cards of a sheet go: the grid of slots on a page, where each back lands for
the edge the printer flips the paper on, and where the cut marks go.

This is geometry only, in points, with (0, 0) at the page's lower-left corner; the
drawing is :mod:`cardgen.render.paper.sheets`'s.

A grid either keeps a gutter between cards, each with its own bleed (``separate``
cut lines: a cut a little off leaves no colour of the neighbour), or lets neighbours
share their cut lines, the bleed only around the block (``shared``): with a wide bleed
the second holds more cards a page. The margin text and the ruler go in the side
margins, or at the top and bottom when the cards need the page's width.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any, Literal

from cardgen.errors import CardgenError
from cardgen.render.layout import CardSize, design_size, layout, pt

Flip = Literal["long", "short"]
FLIP_CHOICES: tuple[Flip, ...] = ("long", "short")
CutLines = Literal["auto", "shared", "separate"]
CUT_LINE_CHOICES: tuple[CutLines, ...] = ("auto", "shared", "separate")
TextAt = Literal["sides", "ends"]
Segment = tuple[float, float, float, float]


@dataclass(frozen=True)
class Grid:
    """Where faces go on one page, in points; slots are numbered row by row from the top."""

    page_width: float
    page_height: float
    columns: int
    rows: int
    slot_width: float  # a face's trim as it lies on the page: on its side, width and
    slot_height: float  # height are the card's height and width
    turned: bool
    gutter: float
    bleed: float
    left: float  # the grid's lower-left corner
    bottom: float
    shared: bool = False  # neighbours share their cut lines (no gutter, no bleed between)
    text_at: TextAt = "sides"  # where the margin text and the ruler go
    text_limit: float = 0.0  # if not 0, the margin text keeps within this of the edge

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def slot(self, index: int) -> tuple[float, float]:
        """Lower-left trim corner of slot ``index``."""
        column, row = index % self.columns, index // self.columns
        return (self.left + column * (self.slot_width + self.gutter),
                self.bottom + (self.rows - 1 - row) * (self.slot_height + self.gutter))

    def back_slot(self, index: int, offset: tuple[float, float], flip: Flip = "long"
                  ) -> tuple[float, float]:
        """Where the back of slot ``index`` goes on the back page: behind its face once the
        paper is turned over its long edge (mirrored left to right on a portrait page)
        or its short edge (mirrored top to bottom), then shifted by ``offset``."""
        x, y = self.slot(index)
        if flip == "long":
            x = self.page_width - x - self.slot_width
        else:
            y = self.page_height - y - self.slot_height
        return x + offset[0], y + offset[1]

    def visible(self, index: int, cards: int) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of what shows of slot ``index``'s face on a page of ``cards``
        faces when neighbours share their cut lines: its trim, and its bleed on the sides
        no other face touches (where a neighbour would paint over it)."""
        column, row = index % self.columns, index // self.columns

        def open_side(r: int, c: int) -> float:
            taken = 0 <= r < self.rows and 0 <= c < self.columns and r * self.columns + c < cards
            return 0.0 if taken else self.bleed

        x, y = self.slot(index)
        return (x - open_side(row, column - 1), y - open_side(row + 1, column),
                x + self.slot_width + open_side(row, column + 1),
                y + self.slot_height + open_side(row - 1, column))

    def back_visible(self, index: int, cards: int, offset: tuple[float, float],
                     flip: Flip) -> tuple[float, float, float, float]:
        """:meth:`visible` for the back of slot ``index``, on the back page."""
        x0, y0, x1, y1 = mirror_for(self, flip)(self.visible(index, cards))
        return (min(x0, x1) + offset[0], min(y0, y1) + offset[1],
                max(x0, x1) + offset[0], max(y0, y1) + offset[1])

    def back_half_turn(self, flip: Flip) -> bool:
        """Whether a back is drawn upside down relative to its face, so that its top
        lies behind the face's top: turning the paper over its short edge swaps top and
        bottom; a card lying on its side has its top towards the long edge instead."""
        return (flip == "short") != self.turned

    def column_edges(self) -> list[float]:
        return [self.left + c * (self.slot_width + self.gutter) + d
                for c in range(self.columns) for d in (0.0, self.slot_width)]

    def row_edges(self) -> list[float]:
        return [self.bottom + r * (self.slot_height + self.gutter) + d
                for r in range(self.rows) for d in (0.0, self.slot_height)]

    @property
    def right(self) -> float:
        return self.left + self.columns * self.slot_width + (self.columns - 1) * self.gutter

    @property
    def top(self) -> float:
        return self.bottom + self.rows * self.slot_height + (self.rows - 1) * self.gutter

    def place(self, canvas: Any, x: float, y: float, draw: Callable[[float, float], None],
              half_turn: bool = False) -> None:
        """Call ``draw`` with a card's lower-left trim corner so that it fills the slot at
        (x, y): upright, or turned a quarter (its top to the left); ``half_turn`` turns
        it half a turn more."""
        if not self.turned and not half_turn:
            draw(x, y)
            return
        canvas.saveState()
        if self.turned:
            canvas.translate(x + self.slot_width, y)
            canvas.rotate(90)
        else:
            canvas.translate(x, y)
        if half_turn:
            width, height = ((self.slot_height, self.slot_width) if self.turned
                             else (self.slot_width, self.slot_height))
            canvas.translate(width, height)
            canvas.rotate(180)
        draw(0.0, 0.0)
        canvas.restoreState()


def _fit(room: tuple[float, float], slot: tuple[float, float], gutter: float
         ) -> tuple[int, int]:
    """(columns, rows) of slots that fit ``room`` (width, height), with gutters between."""
    return (max(0, int((room[0] + gutter) // (slot[0] + gutter))),
            max(0, int((room[1] + gutter) // (slot[1] + gutter))))


def _candidates(paper: str, bleed_mm: float, size: CardSize, cut_lines: CutLines,
                room_inset: tuple[float, float] | None, gutter_mm: float | None
                ) -> Iterator[Grid]:
    """Every way to lay the cards out, in order of preference: separate cut lines before
    shared ones, the text at the sides before the ends, upright before on the side."""
    sheet = layout().sheet
    paper_size = layout().papers[paper]
    page_w, page_h = pt(paper_size.width_mm), pt(paper_size.height_mm)
    width, height = size.points
    bleed = pt(bleed_mm)
    marks = bleed + pt(sheet.mark_gap_mm + sheet.mark_length_mm)
    # Towards a bare edge the marks may shorten (mark_segments keeps them off the edge).
    short_marks = bleed + pt(sheet.mark_gap_mm + sheet.min_edge_mark_mm)
    text, edge = pt(sheet.side_text_mm), pt(sheet.paper_edge_mm)
    styles = {"separate": (False,), "shared": (True,), "auto": (False, True)}[cut_lines]
    for shared in styles:
        # Separate: both neighbours' bleeds, the marks' clearance on each side, and the
        # plain gutter; shared: the cards touch.
        # A cutting machine's gap (``gutter_mm``) need only hold both bleeds.
        gutter = 0.0 if shared else pt(sheet.gutter_mm) + 2 * bleed if gutter_mm is None \
            else max(pt(gutter_mm), 2 * bleed)
        places: tuple[TextAt, ...] = ("sides", "ends") if room_inset is None else ("sides",)
        for text_at in places:
            for turned in (False, True):
                slot = (height, width) if turned else (width, height)
                if room_inset is not None:  # a cutting machine's marks fix the room
                    room = (page_w - 2 * room_inset[0] - 2 * bleed,
                            page_h - 2 * room_inset[1] - 2 * bleed)
                elif text_at == "sides":
                    room = (page_w - 2 * (marks + text), page_h - 2 * (short_marks + edge))
                else:
                    room = (page_w - 2 * (short_marks + edge), page_h - 2 * (marks + text))
                columns, rows = _fit(room, slot, gutter)
                grid_w = columns * slot[0] + (columns - 1) * gutter
                grid_h = rows * slot[1] + (rows - 1) * gutter
                yield Grid(page_w, page_h, columns, rows, slot[0], slot[1], turned,
                           gutter, bleed, (page_w - grid_w) / 2, (page_h - grid_h) / 2,
                           shared, text_at)


def grid_for(paper: str, bleed_mm: float, size: CardSize | None = None,
             cut_lines: CutLines = "separate",
             room_inset: tuple[float, float] | None = None,
             gutter_mm: float | None = None) -> Grid:
    """As many faces as fit the paper, with room for the cut marks and margin text, centred.

    Faces lie on their side when more of them fit that way (poker cards on A4: 8, not 6);
    ``auto`` cut lines are shared only when that fits more. ``room_inset`` (points from
    the side and the top edges) is the room a cutting machine's marks leave, if any, and
    ``gutter_mm`` its gap between cards (at least both bleeds).
    """
    size = size or design_size()
    cut_lines = "separate" if bleed_mm == 0 and cut_lines == "auto" else cut_lines
    best: Grid | None = None
    for grid in _candidates(paper, bleed_mm, size, cut_lines, room_inset, gutter_mm):
        if best is None or grid.per_page > best.per_page:
            best = grid
    if best is None or best.per_page == 0:
        raise CardgenError(f"a {size.name} mm card with {bleed_mm:g} mm of bleed does not "
                           f"fit on {paper} paper with its cut marks; give a smaller --size "
                           f"or --bleed")
    return best


def filled_rows(grid: Grid, cards: int) -> Grid:
    """The same grid cut down to the top rows that ``cards`` faces fill."""
    rows = max(1, min(grid.rows, -(-cards // grid.columns)))
    return replace(grid, rows=rows, bottom=grid.bottom
                   + (grid.rows - rows) * (grid.slot_height + grid.gutter))


def mark_segments(grid: Grid, cards: int, shift: tuple[float, float] = (0.0, 0.0),
                  mirror: Callable[[Segment], Segment] | None = None,
                  taken: Callable[[int, int], bool] | None = None) -> list[Segment]:
    """Every cut mark as (x1, y1, x2, y2) for a page of ``cards`` faces: trim lines
    extended into the margins and gutters, never over a face or its bleed, and only
    beside a slot that holds a face (a short last page has no marks around its empty
    slots). ``mirror`` maps a mark of the face page to the back page. ``taken(row,
    column)`` says which slots hold a card when they are not the first ``cards`` slots
    row by row (a fold-over page fills one half and its mirror)."""
    sheet = layout().sheet
    if taken is None:
        grid = filled_rows(grid, cards)
    gap, length = pt(sheet.mark_gap_mm), pt(sheet.mark_length_mm)
    clear = grid.bleed + gap  # a mark starts this far from a face's trim line
    shortest = pt(sheet.min_gutter_mark_mm)
    width, height, step_x, step_y = (grid.slot_width, grid.slot_height,
                                     grid.slot_width + grid.gutter,
                                     grid.slot_height + grid.gutter)

    def filled(row: int, column: int) -> bool:
        inside = 0 <= row < grid.rows and 0 <= column < grid.columns
        if taken is not None:
            return inside and taken(row, column)
        return inside and row * grid.columns + column < cards

    segments: list[Segment] = []
    for column in range(grid.columns):
        for x in (grid.left + column * step_x, grid.left + column * step_x + width):
            if filled(0, column):
                segments.append((x, grid.top + clear, x, grid.top + clear + length))
            if filled(grid.rows - 1, column):
                segments.append((x, grid.bottom - clear - length, x, grid.bottom - clear))
            for row in range(grid.rows - 1):  # in the gutter below row ``row``
                low = grid.top - (row + 1) * height - row * grid.gutter - grid.gutter + clear
                high = low + grid.gutter - 2 * clear
                if high - low >= shortest and (filled(row, column) or filled(row + 1, column)):
                    segments.append((x, low, x, high))
    for row in range(grid.rows):
        top = grid.top - row * step_y
        for y in (top - height, top):
            if filled(row, 0):
                segments.append((grid.left - clear - length, y, grid.left - clear, y))
            if filled(row, grid.columns - 1):
                segments.append((grid.right + clear, y, grid.right + clear + length, y))
            for column in range(grid.columns - 1):
                low = grid.left + column * step_x + width + clear
                high = low + grid.gutter - 2 * clear
                if high - low >= shortest and (filled(row, column) or filled(row, column + 1)):
                    segments.append((low, y, high, y))
    segments = [off_the_edge(grid, segment) for segment in segments]
    dx, dy = shift
    moved = [(x1 + dx, y1 + dy, x2 + dx, y2 + dy) for x1, y1, x2, y2 in
             (segments if mirror is None else map(mirror, segments))]
    return moved


def off_the_edge(grid: Grid, segment: Segment) -> Segment:
    """``segment`` cut short where it comes nearer the paper's edge than paper_edge_mm
    (a mark, or the fold line, pointing at the edge)."""
    sheet = layout().sheet
    edge = pt(sheet.paper_edge_mm) + sheet.mark_line_pt / 2  # the line's ink too
    x1, y1, x2, y2 = segment

    def within(value: float, side: float) -> float:
        return min(max(value, edge), side - edge)

    return (within(x1, grid.page_width), within(y1, grid.page_height),
            within(x2, grid.page_width), within(y2, grid.page_height))


def mirror_for(grid: Grid, flip: Flip) -> Callable[[Segment], Segment]:
    """The map of a face page's point onto the back page for a paper turned over the
    ``flip`` edge, applied to both ends of a segment."""
    if flip == "long":
        return lambda s: (grid.page_width - s[0], s[1], grid.page_width - s[2], s[3])
    return lambda s: (s[0], grid.page_height - s[1], s[2], grid.page_height - s[3])


FoldLine = Literal["vertical", "horizontal"]
FOLD_LINES: tuple[FoldLine, ...] = ("vertical", "horizontal")


@dataclass(frozen=True)
class FoldSheet:
    """A fold-over page: faces on one half of ``grid``, each back in the slot mirrored
    across the fold line, which runs down the page's middle (``vertical``: faces on the
    left) or across it (``horizontal``: faces on the top). The grid is centred, so its
    halves mirror each other across the page's middle line, where the fold goes."""

    grid: Grid
    line: FoldLine

    @property
    def per_page(self) -> int:
        """The cards a page holds: half its slots."""
        return self.grid.per_page // 2

    @property
    def flip(self) -> Flip:
        """The duplex flip the fold is like: over a vertical line x is mirrored as when
        a portrait page turns over its long edge, over a horizontal one y is."""
        return "long" if self.line == "vertical" else "short"

    def face_slot(self, card: int) -> int:
        """The grid slot of the page's ``card``-th face, row by row in its half."""
        if self.line == "horizontal":
            return card
        half = self.grid.columns // 2
        return (card // half) * self.grid.columns + card % half

    def back_slot(self, card: int) -> int:
        """The grid slot mirrored across the fold from the ``card``-th face's."""
        slot = self.face_slot(card)
        row, column = divmod(slot, self.grid.columns)
        if self.line == "vertical":
            return row * self.grid.columns + self.grid.columns - 1 - column
        return (self.grid.rows - 1 - row) * self.grid.columns + column

    def taken(self, cards: int) -> Callable[[int, int], bool]:
        """Whether slot (row, column) holds a face or a back on a page of ``cards``."""
        used = {slot for card in range(cards)
                for slot in (self.face_slot(card), self.back_slot(card))}
        return lambda row, column: row * self.grid.columns + column in used

    def fold_segment(self) -> Segment:
        """The fold line, from one cut mark's far end to the other across the page."""
        sheet = layout().sheet
        reach = self.grid.bleed + pt(sheet.mark_gap_mm + sheet.mark_length_mm)
        grid = self.grid
        if self.line == "vertical":
            x = grid.page_width / 2
            return off_the_edge(grid, (x, grid.bottom - reach, x, grid.top + reach))
        y = grid.page_height / 2
        return off_the_edge(grid, (grid.left - reach, y, grid.right + reach, y))


def _halved(grid: Grid, line: FoldLine) -> Grid:
    """``grid`` with an even number of columns (or rows), centred again, so that its
    halves mirror each other across the page's middle."""
    columns = grid.columns - grid.columns % 2 if line == "vertical" else grid.columns
    rows = grid.rows - grid.rows % 2 if line == "horizontal" else grid.rows
    grid_w = columns * grid.slot_width + (columns - 1) * grid.gutter
    grid_h = rows * grid.slot_height + (rows - 1) * grid.gutter
    return replace(grid, columns=columns, rows=rows, left=(grid.page_width - grid_w) / 2,
                   bottom=(grid.page_height - grid_h) / 2)


def fold_sheet_for(paper: str, bleed_mm: float, size: CardSize | None = None) -> FoldSheet:
    """The fold-over page holding the most cards: cards upright or on their side, the
    fold down or across the page. Neighbours keep the plain gutter, or both their bleeds
    if wider, as a cutting machine's cards do: the cuts go through two layers at once
    from the marks round the block, and the fold runs in the gutter between the halves,
    a bleed's width from each card (a fold that far off still shows no white)."""
    size = size or design_size()
    best: FoldSheet | None = None
    for grid in _candidates(paper, bleed_mm, size, "separate", None, layout().sheet.gutter_mm):
        for line in FOLD_LINES:
            sheet = FoldSheet(_halved(grid, line), line)
            if best is None or sheet.per_page > best.per_page:
                best = sheet
    if best is None or best.per_page == 0:
        raise CardgenError(f"a {size.name} mm card with {bleed_mm:g} mm of bleed and its "
                           f"back do not fit on {paper} paper folded in two; give a smaller "
                           "--size or --bleed, or a larger --paper")
    return best
