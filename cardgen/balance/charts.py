"""The balance report as a PDF: reportlab's own charts, in the project's fonts.

For each player count, one after the other: the game's shape (a few figures with their
intervals), the seats' share of rounds won, the round lengths of the deck against the
baseline as histograms, and each kind's strength and effect on length as bars with 95 %
error bars. They flow onto the pages and fill them (see :mod:`cardgen.balance.layout`).
Words come from the area ``balance`` of ``templates/locale/``; the PDF is byte-identical for the
same report.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
from reportlab.graphics.shapes import Drawing, Line, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer

from cardgen.balance.layout import FlexibleChart, PageRoom, RowChart, build_filled
from cardgen.balance.report import (
    deck_names,
    health_lines,
    interval_text,
    labels,
    mercy_lines,
    pct,
    points,
    settling_text,
)
from cardgen.catalogue.locale import typography
from cardgen.outputs import atomic_path
from cardgen.typography import register_fonts

#: The charts' width: the page less its margins and the 6 points reportlab pads its
#: frame with on each side (wider, a chart would stick out past the right margin).
WIDTH = A4[0] - 36 * mm - 2 * 6
DECK_COLOUR = colors.HexColor("#1C64C8")
BASE_COLOUR = colors.HexColor("#B0B0B0")
UP_COLOUR = colors.HexColor("#2E9E48")
DOWN_COLOUR = colors.HexColor("#D7261E")
FLAT_COLOUR = colors.HexColor("#9A9A9A")
UNSETTLED_COLOUR = colors.HexColor("#D9D9D9")
FONT = "Sans"


def new_drawing(width: float, height: float) -> Drawing:
    """A chart's drawing, starting in the project's font: reportlab's renderer otherwise
    starts every drawing in Helvetica, a font no PDF of cardgen may leave unembedded."""
    drawing = Drawing(width, height)
    drawing.initialFontName = FONT
    return drawing


def text_style(size: float, bold: bool = False, space: float = 4) -> ParagraphStyle:
    return ParagraphStyle("b", fontName="Sans-Bold" if bold else FONT, fontSize=size,
                          leading=size * 1.3, spaceAfter=space)


def _axis_fonts(chart: Any, size: float = 7) -> None:
    for axis in (chart.categoryAxis, chart.valueAxis):
        axis.labels.fontName = FONT
        axis.labels.fontSize = size


def draw_error_bar(drawing: Drawing, a: tuple[float, float], b: tuple[float, float],
               cap: tuple[float, float]) -> None:
    """A whisker from a to b with short caps across it (cap: the caps' half extent)."""
    drawing.add(Line(a[0], a[1], b[0], b[1], strokeWidth=0.8))
    for x, y in (a, b):
        drawing.add(Line(x - cap[0], y - cap[1], x + cap[0], y + cap[1], strokeWidth=0.8))


def _nice_range(low: float, high: float, step: float) -> tuple[float, float]:
    import math

    return math.floor(low / step) * step, math.ceil(high / step) * step


#: Room right of the bars for each kind's verdict in words.
VERDICT_WIDTH = 120
#: The height of an effect chart's row (a kind's bar), and the most a row may be drawn
#: taller by to fill a page.
ROW_HEIGHT, ROW_GROWTH = 13.0, 5.0


def _verdict_word(kind: dict[str, Any], measure: str, words: dict[str, str],
                  tolerance: str = "") -> str:
    """A kind's verdict on ``measure``, short enough to stand beside its bar."""
    if measure == "holder_win" and kind.get("breaks_game"):
        return words["short_breaks_game"]
    verdict = kind["effect"][measure].get("verdict")
    if measure == "holder_win":
        return {"higher": words["higher"], "lower": words["lower"],
                "within": words["short_within"].format(tolerance=tolerance),
                "breaks-game": words["short_breaks_game"]}.get(verdict,
                                                               words["short_unsettled"])
    return {"higher": words["longer"], "lower": words["shorter"]}.get(
        verdict, words["short_unclear"])


def _effect_scale(effects: list[dict[str, Any]], scale: float,
                  band: float = 0.0) -> tuple[float, float, float]:
    """The value axis of an effect chart: its ends and its step, from every bar's interval
    and the tolerance ``band`` either side of zero (a chart cut across pages keeps one
    scale)."""
    # a little past the band, so that its dashed lines stand inside the chart
    low = min(-1.1 * band, *(e["low"] * scale for e in effects))
    high = max(1.1 * band, *(e["high"] * scale for e in effects))
    # About ten ticks whatever the range: 2 points, or 100 turns.
    step = next(s for s in (1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0)
                if (high - low) / s <= 10)
    return (*_nice_range(low, high, step), step)


def effect_rows(kinds: list[dict[str, Any]]) -> int:
    """How many rows (bars) the effect chart of these kinds has."""
    return max(1, len([k for k in kinds if "effect" in k]))


def effect_chart(kinds: list[dict[str, Any]], axis: str, lang: str,
                 measure: str = "holder_win", scale: float = 100,
                 rows: slice = slice(None), row_height: float = ROW_HEIGHT,
                 tolerance: float | None = None) -> Drawing:
    """Each ablated kind's effect (on its holder's chance to win, or on another
    ``measure``) as bars with their error bars, in the kinds' order, each with its
    verdict in words beside it, and a legend of the colours above; ``tolerance`` (the
    study's "no effect" band) is drawn dashed. ``rows`` picks the bars of one part of a
    chart cut across pages; the scale stays the whole chart's."""
    words = labels(lang)
    every = [k for k in kinds if "effect" in k]
    every_effect = [k["effect"][measure] for k in every] or [
        {"estimate": 0, "low": 0, "high": 0, "verdict": "unclear"}]
    vmin, vmax, step = _effect_scale(every_effect, scale, (tolerance or 0.0) * scale)
    shown, effects = every[rows], every_effect[rows]
    height = 16 + row_height * len(effects)
    drawing = new_drawing(WIDTH, height + 44)
    chart = HorizontalBarChart()
    chart.x, chart.y, chart.width, chart.height = 110, 24, WIDTH - 120 - VERDICT_WIDTH, height
    chart.data = [[e["estimate"] * scale for e in effects]]
    chart.valueAxis.valueMin, chart.valueAxis.valueMax = vmin, vmax
    chart.valueAxis.valueStep = step
    chart.categoryAxis.categoryNames = [k["name"][lang] for k in shown] or [""]
    chart.categoryAxis.reverseDirection = 1  # the strongest at the top
    chart.categoryAxis.joinAxisMode = "left"  # names left of the chart, not on the bars
    chart.categoryAxis.labels.boxAnchor = "e"
    chart.categoryAxis.labels.dx = -3
    chart.barWidth = 8
    for i, e in enumerate(effects):
        clear = ({"higher": UP_COLOUR, "lower": DOWN_COLOUR, "within": FLAT_COLOUR}
                 if measure == "holder_win"
                 else {"higher": DECK_COLOUR, "lower": DECK_COLOUR})  # longer is no better
        unsure = UNSETTLED_COLOUR if measure == "holder_win" else FLAT_COLOUR
        chart.bars[(0, i)].fillColor = clear.get(e.get("verdict", ""), unsure)
    chart.bars.strokeWidth = 0
    _axis_fonts(chart)
    drawing.add(chart)

    def sx(v: float) -> float:
        return float(chart.x + (v - vmin) / (vmax - vmin) * chart.width)

    band = chart.height / len(effects)
    for i, e in enumerate(effects if shown else []):
        y = chart.y + chart.height - (i + 0.5) * band
        draw_error_bar(drawing, (sx(e["low"] * scale), y), (sx(e["high"] * scale), y), (0, 3))
    said = points(tolerance, lang) if tolerance is not None else ""
    for i, kind in enumerate(shown):
        y = chart.y + chart.height - (i + 0.5) * band
        drawing.add(String(chart.x + chart.width + 6, y - 2.5,
                           _verdict_word(kind, measure, words, said), fontName=FONT,
                           fontSize=7))
    drawing.add(Line(sx(0), chart.y, sx(0), chart.y + chart.height, strokeWidth=0.6,
                     strokeColor=colors.black))
    if tolerance is not None:
        for edge in (-tolerance * scale, tolerance * scale):
            drawing.add(Line(sx(edge), chart.y, sx(edge), chart.y + chart.height,
                             strokeWidth=0.5, strokeColor=colors.black,
                             strokeDashArray=[2, 2]))
    if measure == "holder_win":
        key = [(words["higher"], UP_COLOUR), (words["lower"], DOWN_COLOUR),
               (words["short_within"].format(tolerance=said), FLAT_COLOUR),
               (words["short_unsettled"], UNSETTLED_COLOUR)]
    else:
        key = [(words["legend_clear"], DECK_COLOUR), (words["short_unclear"], FLAT_COLOUR)]
    draw_legend(drawing, key, WIDTH - 4, chart.y + chart.height + 8)
    drawing.add(String(chart.x + chart.width / 2, 4, axis,
                       fontName=FONT, fontSize=7, textAnchor="middle"))
    return drawing


def _bins(counts: list[list[tuple[int, int]]], bins: int = 24) -> tuple[list[int], int]:
    """Bin edges shared by every histogram: from 0 to about the 98th percentile."""
    merged: dict[int, int] = {}
    for series in counts:
        for turns, n in series:
            merged[turns] = merged.get(turns, 0) + n
    total, seen, top = sum(merged.values()), 0, 10
    for value in sorted(merged):
        seen += merged[value]
        if seen >= 0.98 * total:
            top = value
            break
    width = max(1, -(-top // bins))
    return [i * width for i in range(bins)], width


def _histograms(counts: list[list[tuple[int, int]]]) -> tuple[list[list[float]], list[int], int]:
    """Each series of counts (turns -> rounds) as the share of its rounds in each of the
    bins :func:`_bins` shares out, in %; with the bins' left edges and their width."""
    edges, width = _bins(counts)
    data = []
    for series in counts:
        total = sum(n for _, n in series) or 1
        shares = [0.0] * len(edges)
        for turns, n in series:
            shares[min(len(edges) - 1, turns // width)] += 100 * n / total
        data.append(shares)
    return data, edges, width


def _histogram_chart(data: list[list[float]], edges: list[int], height: float,
                     colours: tuple[colors.Color, colors.Color]) -> VerticalBarChart:
    """Bars of histograms on the same bins (``_histograms``), ``height`` tall above the
    axis's room, every other bin named and the last one "≥"; the series in ``colours``."""
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 40, 40, WIDTH - 60, height
    chart.data = data
    chart.categoryAxis.categoryNames = [
        (f"{e}" if i % 2 == 0 else "") for i, e in enumerate(edges)]
    chart.categoryAxis.categoryNames[-2:] = ["", f"≥{edges[-1]}"]  # room for the "≥"
    chart.valueAxis.valueMin = 0
    for i, colour in enumerate(colours[:len(data)]):
        chart.bars[i].fillColor = colour
    chart.bars.strokeWidth = 0
    chart.groupSpacing = 2
    _axis_fonts(chart)
    return chart


#: The heights of the seats' and the lengths' drawings: the shortest they may be drawn
#: to end a page, as tall as they are drawn when the page has room, and the tallest they
#: may be drawn to fill the room a page left.
SEATS_HEIGHTS = (120.0, 170.0, 300.0)
LENGTH_HEIGHTS = (130.0, 190.0, 320.0)


def length_chart(table: dict[str, Any], names: tuple[str, str], words: dict[str, str],
                 height: float = LENGTH_HEIGHTS[1]) -> Drawing:
    """Histograms of turns per round, the deck's beside the baseline's, ``height`` tall
    with their axis and legend."""
    series = [table["deck"]["turns_counts"]]
    if "baseline" in table:
        series.append(table["baseline"]["turns_counts"])
    data, edges, _ = _histograms(series)
    drawing = new_drawing(WIDTH, height)
    chart = _histogram_chart(data, edges, height - 60, (DECK_COLOUR, BASE_COLOUR))
    drawing.add(chart)
    drawing.add(String(chart.x + chart.width / 2, 12, words["pdf_length_axis"],
                       fontName=FONT, fontSize=7, textAnchor="middle"))
    drawing.add(String(4, chart.y + chart.height + 8, words["pdf_length_share"],
                       fontName=FONT, fontSize=7))
    draw_legend(drawing, [(names[0], DECK_COLOUR)]
            + ([(names[1], BASE_COLOUR)] if len(data) > 1 else []),
            WIDTH - 4, chart.y + chart.height + 8)
    return drawing


#: The heights of the Mercy rule's chart, as those of the lengths' above.
MERCY_HEIGHTS = (130.0, 180.0, 300.0)


def mercy_chart(table: dict[str, Any], words: dict[str, str],
                height: float = MERCY_HEIGHTS[1]) -> Drawing:
    """When the Mercy rule first knocks someone out (NM-09): histograms of the turn of a
    round's first knock-out and of the turn its round ends, on the same bins, each as a
    share of its rounds, under the mean turn of the first knock-out with its 95 %
    interval as an error bar, ``height`` tall with their axis and legend."""
    mercy = table["deck"]["mercy"]
    series = [mercy["first_counts"], table["deck"]["turns_counts"]]
    data, edges, width = _histograms(series)
    drawing = new_drawing(WIDTH, height)
    chart = _histogram_chart(data, edges, height - 76, (DOWN_COLOUR, BASE_COLOUR))
    drawing.add(chart)

    def sx(turn: float) -> float:  # a turn on the bins' scale
        return float(chart.x + min(turn / (width * len(edges)), 1.0) * chart.width)

    first = mercy["first_turn"]
    y = chart.y + chart.height + 12
    drawing.add(Line(sx(first["estimate"]), y - 3, sx(first["estimate"]), y + 3,
                     strokeWidth=1.6, strokeColor=DOWN_COLOUR))
    draw_error_bar(drawing, (sx(first["low"]), y), (sx(first["high"]), y), (0, 3))
    drawing.add(String(sx(first["high"]) + 6, y - 2.5, words["pdf_mercy_mean"],
                       fontName=FONT, fontSize=7))
    drawing.add(String(chart.x + chart.width / 2, 12, words["pdf_mercy_axis"],
                       fontName=FONT, fontSize=7, textAnchor="middle"))
    drawing.add(String(4, chart.y + chart.height + 26, words["pdf_length_share"],
                       fontName=FONT, fontSize=7))
    draw_legend(drawing, [(words["pdf_mercy_first"], DOWN_COLOUR),
                          (words["pdf_mercy_end"], BASE_COLOUR)],
                WIDTH - 4, chart.y + chart.height + 26)
    return drawing


def draw_legend(drawing: Drawing, items: list[tuple[str, Any]], right: float, y: float) -> None:
    """A colour swatch and its deck's name for each item, in a row ending at ``right``
    (a deck's name may be long: each takes the room its name needs)."""
    from reportlab.graphics.shapes import Rect
    from reportlab.pdfbase.pdfmetrics import stringWidth

    widths = [10 + stringWidth(name, FONT, 7) for name, _ in items]
    x = right - sum(widths) - 12 * (len(items) - 1)
    for (name, colour), width in zip(items, widths, strict=True):
        drawing.add(Rect(x, y, 7, 7, fillColor=colour, strokeWidth=0))
        drawing.add(String(x + 10, y + 1, name, fontName=FONT, fontSize=7))
        x += width + 12


def seats_chart(table: dict[str, Any], names: tuple[str, str], words: dict[str, str],
                height: float = SEATS_HEIGHTS[1]) -> Drawing:
    """The share of rounds won by each seat, from the dealer's left, with error bars,
    ``height`` tall with their axis and legend."""
    shapes = [table["deck"]] + ([table["baseline"]] if "baseline" in table else [])
    n = table["players"]
    drawing = new_drawing(WIDTH, height)
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 40, 30, WIDTH - 60, height - 50
    chart.data = [[p["estimate"] * 100 for p in s["positions"]] for s in shapes]
    top = max(p["high"] * 100 for s in shapes for p in s["positions"])
    chart.valueAxis.valueMin, chart.valueAxis.valueMax = 0, _nice_range(0, top + 2, 5)[1]
    # A tick every 5 points of percentage, or every 10 when a chart drawn short to end a
    # page would crowd their labels (two players: up to 60 %).
    crowded = chart.height / (chart.valueAxis.valueMax / 5) < 10
    chart.valueAxis.valueStep = 10 if crowded else 5
    chart.categoryAxis.categoryNames = [words["pdf_seat"].format(n=i + 1) for i in range(n)]
    chart.bars[0].fillColor = DECK_COLOUR
    if len(shapes) > 1:
        chart.bars[1].fillColor = BASE_COLOUR
    chart.bars.strokeWidth = 0
    chart.barSpacing, chart.groupSpacing = 0, 10
    _axis_fonts(chart)
    drawing.add(chart)
    vmax = chart.valueAxis.valueMax

    def sy(v: float) -> float:
        return float(chart.y + v / vmax * chart.height)

    band = chart.width / n
    bar = (band - chart.groupSpacing) / len(shapes)
    for s_i, s in enumerate(shapes):
        for i, p in enumerate(s["positions"]):
            x = chart.x + i * band + chart.groupSpacing / 2 + (s_i + 0.5) * bar
            draw_error_bar(drawing, (x, sy(p["low"] * 100)), (x, sy(p["high"] * 100)), (2.5, 0))
    for s_i, s in enumerate(shapes):  # each deck's fair share of the rounds won
        fair = sy(s["fair_share"] * 100)
        drawing.add(Line(chart.x, fair, chart.x + chart.width, fair, strokeWidth=0.6,
                         strokeDashArray=[3, 2],
                         strokeColor=[DECK_COLOUR, colors.black][min(s_i, 1)]))
    drawing.add(String(4, chart.y + chart.height + 10, words["pdf_seats_axis"],
                       fontName=FONT, fontSize=7))
    draw_legend(drawing, [(names[0], DECK_COLOUR)]
            + ([(names[1], BASE_COLOUR)] if len(shapes) > 1 else []),
            WIDTH - 4, chart.y + chart.height + 10)
    return drawing


def _shape_lines(table: dict[str, Any], against: str, words: dict[str, str],
                 lang: str) -> list[str]:
    share = pct(table["deck"]["fair_share"], lang=lang)
    first = interval_text(table["deck"]["positions"][0], percent=True, lang=lang)
    colon = typography(lang).before_colon + ": "  # French spaces its colon
    lines = [f"{words['first_seat']}{colon}{first} "
             f"({words['fair_share'].format(share=share)})"]
    for name, percent in (("turns", False), ("points", False), ("reshuffles", False),
                          ("blocked", True), ("no_winner", True)):
        deck = interval_text(table["deck"][name], percent=percent, lang=lang)
        if "baseline" in table:
            lines.append(words["pdf_shape_row"].format(
                name=words[name], deck=deck, against=escape(against),
                base=interval_text(table["baseline"][name], percent=percent, lang=lang),
                diff=interval_text(table["difference"][name], percent=percent, signed=True,
                                   lang=lang)))
        else:
            lines.append(f"{words[name]}{colon}{deck}")
    return lines


def _mercy_story(table: dict[str, Any], number: int, words: dict[str, str], lang: str,
                 rooms: PageRoom) -> list[Flowable]:
    """The Mercy rule's figures and chart, for a deck that plays it (none for another)."""
    if "mercy" not in table["deck"]:
        return []
    heading = text_style(11, True)
    heading.keepWithNext = 1
    lines = [Paragraph(escape(words["mercy"].format(limit=table["deck"]["mercy"]["limit"])),
                       heading)]
    lines += [Paragraph(escape(line).replace("\u202f", "\xa0"), text_style(8, space=1))
              for line in mercy_lines(table, words, lang)]
    if not table["deck"]["mercy"]["first_turn"]["n"]:
        return [*lines, Spacer(1, 4 * mm)]  # nobody knocked out: no chart of when
    return [FlexibleChart([*lines, Spacer(1, 2 * mm),
                           Paragraph(words["pdf_mercy"], heading)],
                          lambda height: mercy_chart(table, words, height),
                          MERCY_HEIGHTS, f"{number}-mercy", rooms)]


def _table_story(report: dict[str, Any], number: int, names: tuple[str, str],
                 words: dict[str, str], lang: str, rooms: PageRoom) -> list[Flowable]:
    """The part of the report on its ``number``-th player count: what flows onto the
    pages for it."""
    table = report["tables"][number]
    deck, against = (escape(name) for name in names)  # paragraph markup
    head = "heading" if "baseline" in table else "heading_alone"
    heading = text_style(11, True)
    heading.keepWithNext = 1  # a heading never ends a page without what it heads
    title = text_style(16, True, 6)
    title.keepWithNext, title.spaceBefore = 1, 10 * mm  # apart from the count before it

    def strength(first: int, count: int, extra: float) -> Drawing:
        return effect_chart(table["kinds"], words["pdf_strength_axis"], lang,
                            rows=slice(first, first + count),
                            row_height=ROW_HEIGHT + extra / count,
                            tolerance=report["settling"]["tolerance"])

    def turns(first: int, count: int, extra: float) -> Drawing:
        return effect_chart(table["kinds"], words["pdf_turns_axis"], lang, "turns", 1,
                            rows=slice(first, first + count),
                            row_height=ROW_HEIGHT + extra / count)

    rows = effect_rows(table["kinds"])
    return [
        Paragraph(words["title"].format(deck=deck), title),
        Paragraph(words[head].format(deck=deck, against=against,
                                     players=table["players"], games=report["games"],
                                     rounds=table["deck"]["rounds"],
                                     seed=report["seed"]), text_style(9, space=8)),
        *[Paragraph(escape(line).replace("\u202f", "\xa0"),
                    text_style(9, bold=not table["health"]["works"], space=2))
          for line in health_lines(table["health"],
                                   {k["key"]: k["name"][lang] for k in table["kinds"]},
                                   names[1] if "baseline" in table else "", words, lang)],
        Spacer(1, 3 * mm),
        Paragraph(words["shape"], heading),
        # reportlab breaks lines at a narrow no-break space (U+202F, which French
        # figures use: "25,0 %"), not at a no-break space (U+00A0).
        *[Paragraph(line.replace("\u202f", "\xa0"), text_style(8, space=1))
          for line in _shape_lines(table, names[1], words, lang)],
        Spacer(1, 4 * mm),
        FlexibleChart([Paragraph(words["pdf_seats"], heading)],
                      lambda height: seats_chart(table, names, words, height),
                      SEATS_HEIGHTS, f"{number}-seats", rooms),
        FlexibleChart([Paragraph(words["pdf_length" if "baseline" in table
                                       else "pdf_length_alone"]
                                 .format(deck=deck, against=against), heading)],
                      lambda height: length_chart(table, names, words, height),
                      LENGTH_HEIGHTS, f"{number}-length", rooms),
        *_mercy_story(table, number, words, lang, rooms),
        RowChart([Paragraph(words["pdf_strength"], heading),
                  Paragraph(settling_text("kinds_note", report, words, lang), text_style(8))],
                 strength, rows,
                 [Paragraph(settling_text("pdf_caption", report, words, lang), text_style(8))],
                 (f"{number}-strength", rooms, ROW_GROWTH)),
        Spacer(1, 4 * mm),
        RowChart([Paragraph(words["pdf_turns"], heading)], turns, rows, [],
                 (f"{number}-turns", rooms, ROW_GROWTH)),
    ]


def write_pdf(report: dict[str, Any], path: Path, lang: str = "en") -> None:
    """Write the report's charts to ``path`` (all or nothing). The player counts follow
    one another and their charts fill the pages (see :mod:`cardgen.balance.layout`)."""
    register_fonts()
    words = labels(lang)
    names = deck_names(report, lang)

    def story(rooms: PageRoom) -> list[Flowable]:
        flowables: list[Flowable] = []
        for number in range(len(report["tables"])):
            flowables += _table_story(report, number, names, words, lang, rooms)
        return [*flowables, Paragraph(settling_text("pdf_made_with", report, words, lang),
                                      text_style(7))]

    with atomic_path(path) as temp:
        build_filled(str(temp), story, pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm,
                     topMargin=16 * mm, bottomMargin=16 * mm,
                     title=words["title"].format(deck=names[0]),
                     author="cardgen", creator="cardgen", invariant=1,
                     # reportlab sets this font on every new page; its default,
                     # Helvetica, would be the one font of the PDF not embedded.
                     initialFontName=FONT)
