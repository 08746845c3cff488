"""Print-and-cut sheets: card faces imposed on pages at their exact size, with cut marks.

A page holds a centred grid of faces (nine 53 x 79 mm faces on A4 or on Letter) as
large as the paper allows, separated by gutters; faces lie on their side when more of
them fit that way. Cut marks extend every trim line into the margins and gutters, never
over a face or its bleed. Optional back pages follow each face page, mirrored for printing
double-sided with a flip on the long edge. The margins tell the user how to print
and carry a 50 mm ruler to check that nothing was scaled.

The PDF is byte-identical for the same input: reportlab's invariant mode leaves out
dates and random ids, and streams are compressed but not ASCII85-wrapped.
"""

from __future__ import annotations

import contextlib
import io
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any, Literal

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from cardgen.catalogue import Card
from cardgen.decks import Deck
from cardgen.errors import CardgenError
from cardgen.outputs import atomic_path
from cardgen.render.faces import LANG_CHOICES, Lang
from cardgen.render.forms import FaceForms
from cardgen.render.layout import CardSize, design_size, layout, pt
from cardgen.render.textfit import Paragraph, fit
from cardgen.typography import registered

Only = Literal["all", "specials"]
ONLY_CHOICES: tuple[Only, ...] = ("all", "specials")
MARGIN_FONT = "Sans"
MARGIN_BOLD = "Sans-Bold"
#: How far a back may be shifted to make up for a printer's drift, in mm.
MAX_BACK_OFFSET_MM = 10.0


@dataclass(frozen=True)
class SheetOptions:
    """What `cardgen sheets` asks for; lengths in millimetres."""

    paper: str = "a4"
    bleed_mm: float = 0.0
    only: Only = "all"
    backs: bool = False
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    lang: Lang = "both"
    players: int | None = None
    size: CardSize = field(default_factory=design_size)
    print_shop: bool = False  # one card a page for a print shop (cardgen.render.printshop)

    def check(self) -> None:
        """Refuse options that cannot give a good sheet, with what to use instead."""
        papers = layout().papers
        if self.paper not in papers:
            raise CardgenError(f"paper '{self.paper}' is unknown; use one of "
                               f"{', '.join(papers)}")
        top = layout().sheet.max_bleed_mm
        if not 0 <= self.bleed_mm <= top or math.isnan(self.bleed_mm):
            raise CardgenError(f"--bleed {self.bleed_mm:g} mm is out of range; give a bleed "
                               f"from 0 to {top:g} mm")
        if any(not abs(v) <= MAX_BACK_OFFSET_MM for v in self.back_offset_mm):
            raise CardgenError("--back-offset must be two shifts of at most "
                               f"{MAX_BACK_OFFSET_MM:g} mm each, like 1.5,-2")
        if self.only not in ONLY_CHOICES:
            raise CardgenError(f"--only '{self.only}' is unknown; use all or specials")
        if self.lang not in LANG_CHOICES:
            raise CardgenError(f"--lang '{self.lang}' is unknown; use fr, en or both")


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

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def slot(self, index: int) -> tuple[float, float]:
        """Lower-left trim corner of slot ``index``."""
        column, row = index % self.columns, index // self.columns
        return (self.left + column * (self.slot_width + self.gutter),
                self.bottom + (self.rows - 1 - row) * (self.slot_height + self.gutter))

    def top_rows_for(self, cards: int) -> Grid:
        """The same grid cut down to the top rows that ``cards`` faces fill, so a short
        last page carries cut marks only where there is something to cut."""
        rows = max(1, min(self.rows, -(-cards // self.columns)))
        return replace(self, rows=rows, bottom=self.bottom
                       + (self.rows - rows) * (self.slot_height + self.gutter))

    def back_slot(self, index: int, offset: tuple[float, float]) -> tuple[float, float]:
        """Where the back of slot ``index`` goes: mirrored left to right, then shifted."""
        x, y = self.slot(index)
        return self.page_width - x - self.slot_width + offset[0], y + offset[1]

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

    def place(self, canvas: Any, x: float, y: float, draw: Callable[[float, float], None]
              ) -> None:
        """Call ``draw`` with a card's lower-left trim corner so that it fills the slot at
        (x, y): upright, or turned a quarter (its top to the left)."""
        if not self.turned:
            draw(x, y)
            return
        canvas.saveState()
        canvas.translate(x + self.slot_width, y)
        canvas.rotate(90)
        draw(0.0, 0.0)
        canvas.restoreState()


def _fit(room: tuple[float, float], slot: tuple[float, float], gutter: float
         ) -> tuple[int, int]:
    """(columns, rows) of slots that fit ``room`` (width, height), with gutters between."""
    return (int((room[0] + gutter) // (slot[0] + gutter)),
            int((room[1] + gutter) // (slot[1] + gutter)))


def grid_for(paper: str, bleed_mm: float, size: CardSize | None = None) -> Grid:
    """As many faces as fit the paper, with room for the cut marks and margin text, centred.

    Faces lie on their side when more of them fit that way (poker cards on A4: 8, not 6).
    """
    sheet = layout().sheet
    size = size or design_size()
    paper_size = layout().papers[paper]
    page_w, page_h = pt(paper_size.width_mm), pt(paper_size.height_mm)
    width, height = size.points
    bleed = pt(bleed_mm)
    # Both neighbours' bleeds, the marks' clearance on each side, and the plain gutter.
    gutter = pt(sheet.gutter_mm) + 2 * bleed
    marks = bleed + pt(sheet.mark_gap_mm + sheet.mark_length_mm)
    room = (page_w - 2 * (marks + pt(sheet.side_text_mm)),
            page_h - 2 * (marks + pt(sheet.paper_edge_mm)))
    upright, turned = _fit(room, (width, height), gutter), _fit(room, (height, width), gutter)
    on_side = turned[0] * turned[1] > upright[0] * upright[1]
    columns, rows = turned if on_side else upright
    if columns * rows == 0:
        raise CardgenError(f"a {size.name} mm card with {bleed_mm:g} mm of bleed does not "
                           f"fit on {paper} paper with its cut marks; give a smaller --size "
                           f"or --bleed")
    slot_w, slot_h = (height, width) if on_side else (width, height)
    grid_w = columns * slot_w + (columns - 1) * gutter
    grid_h = rows * slot_h + (rows - 1) * gutter
    return Grid(page_w, page_h, columns, rows, slot_w, slot_h, on_side, gutter, bleed,
                (page_w - grid_w) / 2, (page_h - grid_h) / 2)


def sheet_cards(deck: Deck, only: Only = "all", players: int | None = None) -> list[Card]:
    """Every copy to print, in deck order; ``specials`` keeps the cards a standard box lacks."""
    cards = [card for card, count in deck.card_list(players) for _ in range(count)
             if only == "all" or not card.is_standard]
    if not cards:
        what = "special cards (every card is in a standard box)" if only == "specials" \
            else "cards"
        hint = "; print it with --only all" if only == "specials" else ""
        raise CardgenError(f"{deck.source}: the deck has no {what} to print{hint}")
    return cards


def has_specials(deck: Deck, players: int | None = None) -> bool:
    """True when the deck holds cards that a standard 108-card box lacks."""
    return any(not card.is_standard for card, _ in deck.card_list(players))


# --- marks and margins ---------------------------------------------------------------

def _mark_segments(grid: Grid, shift: tuple[float, float] = (0.0, 0.0)
                   ) -> list[tuple[float, float, float, float]]:
    """Every cut mark as (x1, y1, x2, y2): trim lines extended into margins and gutters."""
    sheet = layout().sheet
    gap, length = pt(sheet.mark_gap_mm), pt(sheet.mark_length_mm)
    clear = grid.bleed + gap  # a mark starts this far from a face's trim line
    shortest = pt(sheet.min_gutter_mark_mm)
    width, height = grid.slot_width, grid.slot_height
    dx, dy = shift
    segments = []
    for x in grid.column_edges():
        segments.append((x, grid.top + clear, x, grid.top + clear + length))
        segments.append((x, grid.bottom - clear - length, x, grid.bottom - clear))
        for row in range(grid.rows - 1):  # in the gutters between rows
            low = grid.bottom + row * (height + grid.gutter) + height + clear
            high = low + grid.gutter - 2 * clear
            if high - low >= shortest:
                segments.append((x, low, x, high))
    for y in grid.row_edges():
        segments.append((grid.left - clear - length, y, grid.left - clear, y))
        segments.append((grid.right + clear, y, grid.right + clear + length, y))
        for column in range(grid.columns - 1):
            low = grid.left + column * (width + grid.gutter) + width + clear
            high = low + grid.gutter - 2 * clear
            if high - low >= shortest:
                segments.append((low, y, high, y))
    return [(x1 + dx, y1 + dy, x2 + dx, y2 + dy) for x1, y1, x2, y2 in segments]


def _draw_marks(canvas: Any, segments: Sequence[tuple[float, float, float, float]]) -> None:
    canvas.saveState()
    canvas.setStrokeColor(HexColor(layout().colors["cut_mark"]))
    canvas.setLineWidth(layout().sheet.mark_line_pt)
    for x1, y1, x2, y2 in segments:
        canvas.line(x1, y1, x2, y2)
    canvas.restoreState()


def _texts(keys: Sequence[str], lang: Lang, **values: str) -> list[str]:
    """The margin texts ``keys`` as one paragraph per language (one when they agree)."""
    langs = ("fr", "en") if lang == "both" else (lang,)
    found = []
    for code in langs:
        parts = []
        for key in keys:
            part = layout().sheet.text[key][code]
            for name, value in values.items():
                part = part.replace("{" + name + "}", value)
            parts.append(part)
        paragraph = " ".join(parts)
        if paragraph not in found:
            found.append(paragraph)
    return found


def _margin_band(grid: Grid) -> tuple[float, float]:
    """(x from the page's left edge, width) of the text band in a side margin."""
    sheet = layout().sheet
    outer = pt(sheet.margin_text_y_mm)
    inner = grid.left - grid.bleed - pt(sheet.mark_gap_mm + sheet.mark_length_mm + 1.0)
    return outer, max(inner - outer, pt(3))


def _draw_margin_text(canvas: Any, grid: Grid, lines: list[tuple[str, str]],
                      side: Literal["left", "right"]) -> None:
    """Lines set along the page's height, in a side margin (read bottom to top on the left)."""
    sheet = layout().sheet
    outer, band = _margin_band(grid)
    length = grid.top - grid.bottom
    fitted = fit([Paragraph(text, font) for font, text in lines], length, band,
                 sheet.margin_text_size_pt, 4.0, 1.2)
    canvas.saveState()
    canvas.setFillColor(HexColor(layout().colors["margin_text"]))
    # Turned a quarter, the first line sits by the paper's edge and the next ones
    # step towards the grid.
    if side == "left":
        canvas.translate(outer, grid.bottom)
        canvas.rotate(90)
    else:
        canvas.translate(grid.page_width - outer, grid.top)
        canvas.rotate(-90)
    baseline = -fitted.size * 0.9
    for font, block in fitted.blocks:
        canvas.setFont(font, fitted.size)
        for line in block:
            canvas.drawString(0, baseline, line)
            baseline -= fitted.leading
    canvas.restoreState()


def _draw_ruler(canvas: Any, grid: Grid) -> None:
    """A ruler of ruler_length_mm in the right margin, with a tick every millimetre."""
    sheet = layout().sheet
    outer, band = _margin_band(grid)
    x = grid.page_width - outer - band * 0.15
    y0 = grid.bottom + (grid.top - grid.bottom - pt(sheet.ruler_length_mm)) / 2
    total = int(sheet.ruler_length_mm)
    canvas.saveState()
    canvas.setStrokeColor(HexColor(layout().colors["cut_mark"]))
    canvas.setLineWidth(0.3)
    canvas.line(x, y0, x, y0 + pt(total))
    canvas.setFont(registered(MARGIN_FONT), 5)
    for tick in range(total + 1):
        reach = pt(3.0) if tick % 10 == 0 else pt(2.0) if tick % 5 == 0 else pt(1.0)
        canvas.line(x - reach, y0 + pt(tick), x, y0 + pt(tick))
        if tick % 10 == 0:
            canvas.drawRightString(x - pt(3.4), y0 + pt(tick) - 1.8, str(tick))
    canvas.drawRightString(x - pt(3.4), y0 + pt(total) + pt(2.5), "mm")
    canvas.restoreState()


# --- pages ---------------------------------------------------------------------------

@contextlib.contextmanager
def _binary_streams() -> Iterator[None]:
    """Compressed streams without the ASCII85 wrapping (15 % of the size, for nothing)."""
    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = saved


def new_canvas(target: Any, page_size: tuple[float, float], title: str,
               colour_space: str | None = None) -> Any:
    """A canvas that writes the same bytes for the same drawing, and asks for no scaling;
    with ``colour_space="cmyk"`` it refuses any colour drawn in RGB (a print shop's file)."""
    # The initial font must be an embedded one, not Helvetica.
    canvas = Canvas(target, pagesize=page_size, invariant=1, pageCompression=1,
                    initialFontName=registered(MARGIN_FONT), enforceColorSpace=colour_space)
    canvas.setTitle(title)
    canvas.setCreator("cardgen")
    canvas.setViewerPreference("PrintScaling", "None")
    return canvas


def deck_title(deck: Deck, lang: Lang) -> str:
    """The deck's name in ``lang``, or in both languages when they differ."""
    if lang == "both" and deck.name.en != deck.name.fr:
        return f"{deck.name.fr} / {deck.name.en}"
    return deck.name.en if lang == "en" else deck.name.fr


def render_sheets(deck: Deck, options: SheetOptions) -> bytes:
    """The sheets of ``deck`` as PDF bytes."""
    options.check()
    cards = sheet_cards(deck, options.only, options.players)
    grid = grid_for(options.paper, options.bleed_mm, options.size)
    pages = [cards[i:i + grid.per_page] for i in range(0, len(cards), grid.per_page)]
    total = len(pages) * (2 if options.backs else 1)
    offset = (pt(options.back_offset_mm[0]), pt(options.back_offset_mm[1]))
    name = deck_title(deck, options.lang)
    buffer = io.BytesIO()
    with _binary_streams():
        canvas = new_canvas(buffer, (grid.page_width, grid.page_height), name)
        forms = FaceForms(canvas, lang=options.lang, bleed_mm=options.bleed_mm,
                          size=options.size)
        if options.backs:
            canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge")
        number = 0
        for page_cards in pages:
            number += 1
            for index, card in enumerate(page_cards):
                grid.place(canvas, *grid.slot(index), partial(forms.face, card))
            filled = grid.top_rows_for(len(page_cards))
            _draw_marks(canvas, _mark_segments(filled))
            advice = _texts(("faces", "duplex") if options.backs else ("faces",),
                            options.lang)
            _page_margins(canvas, grid, name, number, total, advice)
            canvas.showPage()
            if options.backs:
                number += 1
                for index in range(len(page_cards)):
                    grid.place(canvas, *grid.back_slot(index, offset), forms.back)
                _draw_marks(canvas, _mark_segments(filled, offset))
                _page_margins(canvas, grid, name, number, total,
                              _texts(("backs", "faces"), options.lang, page=str(number - 1)))
                canvas.showPage()
        canvas.save()
    return buffer.getvalue()


def _page_margins(canvas: Any, grid: Grid, name: str, number: int, total: int,
                  advice: list[str]) -> None:
    page = " · ".join(_texts(("page",), "en", n=str(number), total=str(total)))
    _draw_margin_text(canvas, grid, [(MARGIN_BOLD, f"{name} — {page}")]
                      + [(MARGIN_FONT, line) for line in advice], "left")
    _draw_ruler(canvas, grid)


def sheets_filename(deck: Deck, options: SheetOptions) -> str:
    """``<deck>-sheets-a4.pdf``, or ``<deck>-specials-a4.pdf`` for the specials alone;
    the size when not the default, and ``<deck>-print-shop-63x88.pdf`` for a print shop."""
    what = "specials" if options.only == "specials" else "sheets"
    if options.print_shop:
        only = "-specials" if options.only == "specials" else ""
        return f"{deck.id}{only}-print-shop-{options.size.name}.pdf"
    backs = "-backs" if options.backs else ""
    size = "" if options.size == design_size() else f"-{options.size.name}"
    return f"{deck.id}-{what}{backs}{size}-{options.paper}.pdf"


def paper_names() -> tuple[str, ...]:
    return tuple(layout().papers)


def write_sheets(deck: Deck, path: Path, options: SheetOptions) -> Path:
    """Write the sheets PDF to ``path`` (all or nothing) and return the path."""
    data = render_sheets(deck, options)
    with atomic_path(path) as temp:
        temp.write_bytes(data)
    return path
