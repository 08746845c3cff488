"""Print-and-cut sheets: card faces imposed on pages at their exact size, with cut marks.

Where each card and mark goes is :mod:`cardgen.render.paper.imposition`'s: a centred grid of
faces as large as the paper allows, with gutters or sharing their cut lines, upright or
on their side. Cut marks extend every trim line of a face into the margins and gutters,
never over a face or its bleed. Optional back pages follow each face page, each back
behind its face once the paper is turned over its long or its short edge. The margins
tell the user how to print and carry a 50 mm ruler to check that nothing was scaled.

The PDF is byte-identical for the same input: reportlab's invariant mode leaves out
dates and random ids, and streams are compressed but not ASCII85-wrapped.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any, Literal

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from cardgen.catalogue import Card
from cardgen.catalogue.face_languages import FaceLanguages
from cardgen.deck.load import Deck
from cardgen.errors import CardgenError
from cardgen.outputs import atomic_path
from cardgen.render.forms import FaceForms
from cardgen.render.layout import design_size, layout, pt
from cardgen.render.paper import cutter
from cardgen.render.paper.imposition import (
    FoldSheet,
    Grid,
    mark_segments,
    mirror_for,
)
from cardgen.render.paper.options import Only, SheetOptions
from cardgen.render.textfit import Paragraph, fit, set_at
from cardgen.typography import registered

MARGIN_FONT = "Sans"
MARGIN_BOLD = "Sans-Bold"


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

def _draw_marks(canvas: Any, segments: Sequence[tuple[float, float, float, float]]) -> None:
    canvas.saveState()
    canvas.setStrokeColor(HexColor(layout().colors["cut_mark"]))
    canvas.setLineWidth(layout().sheet.mark_line_pt)
    for x1, y1, x2, y2 in segments:
        canvas.line(x1, y1, x2, y2)
    canvas.restoreState()


def _texts(keys: Sequence[str], lang: FaceLanguages, **values: str) -> list[str]:
    """The margin texts ``keys`` as one paragraph per language (one when they agree)."""
    found = []
    for code in lang.codes:
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
    """(distance from the paper's edge, width) of the text band in a side margin, or in
    the top and bottom margins when the cards take the page's width."""
    sheet = layout().sheet
    outer = pt(sheet.margin_text_y_mm)
    room = grid.left if grid.text_at == "sides" else grid.page_height - grid.top
    inner = room - grid.bleed - pt(sheet.mark_gap_mm + sheet.mark_length_mm + 1.0)
    if grid.text_limit:
        inner = min(inner, grid.text_limit)
    return outer, max(inner - outer, pt(3))


def _draw_margin_text(canvas: Any, grid: Grid, lines: list[tuple[str, str]],
                      side: Literal["left", "right"]) -> None:
    """Lines set along the page's height, in a side margin (read bottom to top on the left),
    or across the top of the page when the grid puts its text at the ends."""
    sheet = layout().sheet
    outer, band = _margin_band(grid)
    ends = grid.text_at == "ends"
    length = grid.right - grid.left if ends else grid.top - grid.bottom
    least = sheet.margin_text_min_size_pt
    fitted = fit([Paragraph(text, font) for font, text in lines], length, band,
                 sheet.margin_text_size_pt, least, 1.2)
    if fitted.size < least:  # too narrow for one text under the other: run them on
        run_on = [Paragraph("  ·  ".join(text for _, text in lines), MARGIN_FONT)]
        fitted = fit(run_on, length, band, sheet.margin_text_size_pt, least, 1.2)
        if fitted.size < least:  # the room left before the cut marks takes the rest
            fitted = set_at(run_on, length, least, 1.2)
    canvas.saveState()
    canvas.setFillColor(HexColor(layout().colors["margin_text"]))
    # Turned a quarter, the first line sits by the paper's edge and the next ones
    # step towards the grid.
    if ends:
        canvas.translate(grid.left, grid.page_height - outer)
    elif side == "left":
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
    """A ruler of ruler_length_mm with a tick every millimetre: in the right margin, or
    in the bottom one when the grid puts its text at the ends."""
    sheet = layout().sheet
    outer, band = _margin_band(grid)
    total = int(sheet.ruler_length_mm)
    canvas.saveState()
    canvas.setStrokeColor(HexColor(layout().colors["cut_mark"]))
    canvas.setLineWidth(0.3)
    canvas.setFont(registered(MARGIN_FONT), 5)
    if grid.text_at == "ends":
        y = outer + band * 0.15
        x0 = grid.left + (grid.right - grid.left - pt(sheet.ruler_length_mm)) / 2
        canvas.line(x0, y, x0 + pt(total), y)
        for tick in range(total + 1):
            canvas.line(x0 + pt(tick), y, x0 + pt(tick), y + _tick_reach(tick))
            if tick % 10 == 0:
                canvas.drawCentredString(x0 + pt(tick), y + pt(3.4), str(tick))
        canvas.drawString(x0 + pt(total) + pt(2.0), y + pt(3.4), "mm")
    else:
        x = grid.page_width - outer - band * 0.15
        y0 = grid.bottom + (grid.top - grid.bottom - pt(sheet.ruler_length_mm)) / 2
        canvas.line(x, y0, x, y0 + pt(total))
        for tick in range(total + 1):
            canvas.line(x - _tick_reach(tick), y0 + pt(tick), x, y0 + pt(tick))
            if tick % 10 == 0:
                canvas.drawRightString(x - pt(3.4), y0 + pt(tick) - 1.8, str(tick))
        canvas.drawRightString(x - pt(3.4), y0 + pt(total) + pt(2.5), "mm")
    canvas.restoreState()


def _tick_reach(tick: int) -> float:
    """How long a ruler's tick is: longest every centimetre, then every 5 mm."""
    return pt(3.0) if tick % 10 == 0 else pt(2.0) if tick % 5 == 0 else pt(1.0)


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
               colour_space: str | None = None, kind: type = Canvas) -> Any:
    """A canvas that writes the same bytes for the same drawing, and asks for no scaling;
    with ``colour_space="cmyk"`` it refuses any colour drawn in RGB (a print shop's file).
    ``kind``: a subclass of reportlab's Canvas (the outlined text of :mod:`.outlines`)."""
    # The initial font must be an embedded one, not Helvetica.
    canvas = kind(target, pagesize=page_size, invariant=1, pageCompression=1,
                    initialFontName=registered(MARGIN_FONT), enforceColorSpace=colour_space)
    canvas.setTitle(title)
    canvas.setCreator("cardgen")
    canvas.setViewerPreference("PrintScaling", "None")
    return canvas


def deck_title(deck: Deck, lang: FaceLanguages) -> str:
    """The deck's name in ``lang``, or in both languages when they differ."""
    return lang.said(deck.name)


def render_sheets(deck: Deck, options: SheetOptions) -> bytes:
    """The sheets of ``deck`` as PDF bytes."""
    options.check()
    cards = sheet_cards(deck, options.only, options.players)
    if options.fold:
        return _render_fold(deck, options, cards)
    grid = options.grid()
    pages = [cards[i:i + grid.per_page] for i in range(0, len(cards), grid.per_page)]
    total = len(pages) * (2 if options.backs else 1)
    name = deck_title(deck, options.lang)
    short = options.flip == "short"
    buffer = io.BytesIO()
    with _binary_streams():
        canvas = new_canvas(buffer, (grid.page_width, grid.page_height), name)
        forms = FaceForms(canvas, lang=options.lang, bleed_mm=options.bleed_mm,
                          size=options.size, deck_back=deck.back,
                          dark_faces=deck.dark_face_cards())
        if options.backs:
            canvas.setViewerPreference(
                "Duplex", "DuplexFlipShortEdge" if short else "DuplexFlipLongEdge")
        number = 0
        for page_cards in pages:
            number += 1
            for index, card in enumerate(page_cards):
                draw = partial(forms.face, card)
                if grid.shared:
                    with _clipped(canvas, grid.visible(index, len(page_cards))):
                        grid.place(canvas, *grid.slot(index), draw)
                else:
                    grid.place(canvas, *grid.slot(index), draw)
            if options.cutter is not None:
                cutter.draw_marks(canvas, options.cutter, (grid.page_width, grid.page_height))
            else:
                _draw_marks(canvas, mark_segments(grid, len(page_cards)))
            duplex = "duplex_short" if short else "duplex"
            advice = _texts(("faces", duplex) if options.backs else ("faces",),
                            options.lang)
            _page_margins(canvas, grid, name, number, total, advice, options.lang)
            canvas.showPage()
            if options.backs:
                number += 1
                _draw_backs(canvas, grid, forms, page_cards, options)
                _page_margins(canvas, grid, name, number, total,
                              _texts(("backs_short" if short else "backs", "faces"),
                                     options.lang, page=str(number - 1)), options.lang)
                canvas.showPage()
        canvas.save()
    return buffer.getvalue()


def _draw_backs(canvas: Any, grid: Grid, forms: FaceForms, page_cards: Sequence[Card],
                options: SheetOptions) -> None:
    """The backs of a page's faces, each where it lands behind its face once the paper is
    turned over, shifted by --back-offset, with the face page's marks mirrored."""
    offset = (pt(options.back_offset_mm[0]), pt(options.back_offset_mm[1]))
    half_turn = grid.back_half_turn(options.flip)
    for index, card in enumerate(page_cards):
        slot = grid.back_slot(index, offset, options.flip)
        draw = partial(forms.back, card=card)
        if grid.shared:
            with _clipped(canvas, grid.back_visible(index, len(page_cards), offset,
                                                    options.flip)):
                grid.place(canvas, *slot, draw, half_turn)
        else:
            grid.place(canvas, *slot, draw, half_turn)
    if options.cutter is None:  # the machine cuts from the face page's marks
        _draw_marks(canvas, mark_segments(grid, len(page_cards), offset,
                                          mirror_for(grid, options.flip)))


def _render_fold(deck: Deck, options: SheetOptions, cards: Sequence[Card]) -> bytes:
    """Fold-over pages: the faces on one half, each back mirrored across the fold line
    on the other, upside down where folding across turns it (as a duplex short flip)."""
    fold = options.fold_sheet()
    grid = fold.grid
    pages = [cards[i:i + fold.per_page] for i in range(0, len(cards), fold.per_page)]
    name = deck_title(deck, options.lang)
    half_turn = grid.back_half_turn(fold.flip)
    advice = _texts(("faces", "fold"), options.lang)
    buffer = io.BytesIO()
    with _binary_streams():
        canvas = new_canvas(buffer, (grid.page_width, grid.page_height), name)
        forms = FaceForms(canvas, lang=options.lang, bleed_mm=options.bleed_mm,
                          size=options.size, deck_back=deck.back,
                          dark_faces=deck.dark_face_cards())
        for number, page_cards in enumerate(pages, start=1):
            for index, card in enumerate(page_cards):
                grid.place(canvas, *grid.slot(fold.face_slot(index)), partial(forms.face, card))
                grid.place(canvas, *grid.slot(fold.back_slot(index)),
                           partial(forms.back, card=card), half_turn)
            _draw_marks(canvas, mark_segments(grid, len(page_cards),
                                              taken=fold.taken(len(page_cards))))
            _draw_fold_line(canvas, fold)
            _page_margins(canvas, grid, name, number, len(pages), advice, options.lang)
            canvas.showPage()
        canvas.save()
    return buffer.getvalue()


def _draw_fold_line(canvas: Any, fold: FoldSheet) -> None:
    """The dashed line to fold along, in the cut marks' colour and weight."""
    sheet = layout().sheet
    canvas.saveState()
    canvas.setStrokeColor(HexColor(layout().colors["cut_mark"]))
    canvas.setLineWidth(sheet.mark_line_pt)
    canvas.setDash(*sheet.fold_dash_pt)
    canvas.line(*fold.fold_segment())
    canvas.restoreState()


@contextlib.contextmanager
def _clipped(canvas: Any, box: tuple[float, float, float, float]) -> Iterator[None]:
    """Draw inside ``box`` only: where neighbours share cut lines, a face's bleed would
    cover its neighbour's edge."""
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(box[0], box[1], box[2] - box[0], box[3] - box[1])
    canvas.clipPath(path, stroke=0, fill=0)
    yield
    canvas.restoreState()


def page_cost(deck: Deck, options: SheetOptions) -> str | None:
    """One line saying how many pages a choice costs (a bleed, separate cut lines, a
    cutting machine's marks), or None when none costs any."""
    cards = len(sheet_cards(deck, options.only, options.players))

    def pages(chosen: SheetOptions) -> int:
        return -(-cards // chosen.per_page())

    chosen = pages(options)
    notes = []
    if options.bleed_mm > 0:
        bare = pages(replace(options, bleed_mm=0.0))
        if chosen > bare:
            notes.append(f"--bleed {options.bleed_mm:g} mm: {chosen} pages of faces instead "
                         f"of {bare} without bleed")
        if options.cut_lines == "separate":
            shared = pages(replace(options, cut_lines="auto"))
            if chosen > shared:
                notes.append(f"--cut-lines separate: {chosen} pages instead of {shared} "
                             "with shared cut lines")
    if options.cutter is not None:
        marked = pages(replace(options, cutter=None))
        if chosen > marked:
            notes.append(f"--cutter {options.cutter}: {chosen} pages instead of {marked} "
                         "with cut marks (the cards stay inside its marks)")
    return "; ".join(notes) or None


def _page_margins(canvas: Any, grid: Grid, name: str, number: int, total: int,
                  advice: list[str], lang: FaceLanguages) -> None:
    # "page" is the same word in French and English: one of them on a bilingual sheet.
    page = " · ".join(_texts(("page",), lang, n=str(number), total=str(total)))
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
    backs = "-backs" if options.backs else "-fold" if options.fold else ""
    size = "" if options.size == design_size() else f"-{options.size.name}"
    return f"{deck.id}-{what}{backs}{size}-{options.paper}.pdf"


def paper_names() -> tuple[str, ...]:
    return tuple(layout().papers)


def cut_files(deck: Deck, path: Path, options: SheetOptions) -> dict[Path, str]:
    """With a cutting machine, its cut files beside the sheets at ``path``: ``-cut.svg``
    (or ``.dxf``) for every full page and ``-cut-last.svg`` for a last page that holds
    fewer cards."""
    if options.cutter is None:
        return {}
    cards = len(sheet_cards(deck, options.only, options.players))
    grid = options.grid()
    make = cutter.cut_dxf if options.cut_file == "dxf" else cutter.cut_svg
    suffix = f".{options.cut_file}"
    files = {path.with_name(f"{path.stem}-cut{suffix}"):
             make(options.cutter, grid, min(cards, grid.per_page))}
    if cards > grid.per_page and cards % grid.per_page:
        files[path.with_name(f"{path.stem}-cut-last{suffix}")] = make(
            options.cutter, grid, cards % grid.per_page)
    return files


def write_sheets(deck: Deck, path: Path, options: SheetOptions) -> Path:
    """Write the sheets PDF to ``path``, and any cut files beside it (all or nothing),
    and return the path."""
    data = render_sheets(deck, options)
    extra = cut_files(deck, path, options)
    with contextlib.ExitStack() as stack:
        temp = stack.enter_context(atomic_path(path))
        temp.write_bytes(data)
        for extra_path, text in extra.items():
            stack.enter_context(atomic_path(extra_path)).write_text(text, encoding="utf-8")
    return path
