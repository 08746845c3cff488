"""Balance by skill: the study run once per strength of bot, and what skill changes.

``cardgen balance DECK --skill heuristic,strong`` runs the balance study
(:func:`~cardgen.balance.study.run_study`) with each strength's bots at every seat,
with the same seeds and the same sequential verdicts, and sets each kind's verdicts
side by side. A kind that helps its holder at the strongest level only is called out:
it "helps its holder only in skilled hands" (and the other way round). The skill
figure says how much the deck rewards skill: the strongest bot's win share against
the weakest at the same table on this deck, beside the same on the deck it is set
against (:mod:`cardgen.play.ratings` plays those rounds).
"""

from __future__ import annotations

import textwrap
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from cardgen.balance.ablation import Progress
from cardgen.balance.report import (
    deck_names,
    labels,
    localised,
    pct,
    points,
    settled_words,
    settling_text,
)
from cardgen.balance.study import Plan, run_study
from cardgen.deck.load import Deck
from cardgen.engine.variant import Variant
from cardgen.play.ratings import pair_shares, play_rated_rounds

#: The columns of the by-skill table's sentences.
WIDTH = 100
#: Rounds of the strongest bot against the weakest, on each deck, for the skill figure.
SKILL_ROUNDS = 200


def skill_share(deck: Deck, players: int, weak: str, strong: str, rounds: int,
                seed: str, workers: int, progress: Progress | None) -> dict[str, Any]:
    """``strong``'s win share against ``weak`` (two of each round the table), among the
    rounds one of them won, with its 95 % interval."""
    variant = Variant.from_deck(deck, players)
    outcomes = []
    for outcome in play_rated_rounds(variant, [weak, strong], rounds, f"{seed}:skill",
                                     workers):
        outcomes.append(outcome)
        if progress is not None:
            progress.advance(1)
    (share,) = pair_shares(outcomes, [weak, strong])
    won = share.wins if share.first == strong else share.rounds - share.wins
    low, high = ((share.low, share.high) if share.first == strong
                 else (1 - share.high, 1 - share.low))
    return {"share": won / share.rounds if share.rounds else 0.5, "low": low, "high": high,
            "rounds": share.rounds}


def change(verdicts: list[str]) -> str | None:
    """What skill does to a kind whose settled verdicts (weakest first) differ: the key
    of its words, or None when they agree (an unsettled verdict says nothing)."""
    settled = [v for v in verdicts if v not in ("unsettled", "")]
    if len(set(settled)) < 2:
        return None
    if verdicts[-1] == "higher" and verdicts[0] != "higher":
        return "skill_only_skilled"
    if verdicts[0] == "higher" and verdicts[-1] != "higher":
        return "skill_only_unskilled"
    return "skill_changes"


def run_skill_study(plan: Plan, skills: list[str], rounds: int = SKILL_ROUNDS,
                    progress: Progress | None = None) -> dict[str, Any]:
    """The study at each of ``skills`` (weakest first), the kinds' verdicts side by side,
    and the skill figure at each player count."""
    start = time.perf_counter()
    studies = {skill: run_study(replace(plan, player=skill), progress) for skill in skills}
    weak, strong = skills[0], skills[-1]
    tables = []
    for index, n in enumerate(plan.players):
        if progress is not None:
            progress.stage(f"{strong} against {weak}", rounds * 2)
        figure = {"deck": skill_share(plan.deck, n, weak, strong, rounds, plan.seed,
                                      plan.workers, progress),
                  "against": skill_share(plan.against, n, weak, strong, rounds, plan.seed,
                                         plan.workers, progress)}
        kinds = []
        first = studies[weak]["tables"][index]
        for kind in first["kinds"]:
            if "effect" not in kind:
                continue
            by_skill = {}
            for skill in skills:
                found = next(k for k in studies[skill]["tables"][index]["kinds"]
                             if k["key"] == kind["key"])
                by_skill[skill] = found["effect"]["holder_win"]
            kinds.append({"key": kind["key"], "name": kind["name"], "by_skill": by_skill,
                          "change": change([by_skill[s]["verdict"] for s in skills])})
        tables.append({"players": n, "skill_figure": figure, "kinds": kinds})
    return {"deck": plan.deck.id, "against": plan.against.id,
            "names": studies[weak]["names"], "skills": skills, "rounds": rounds,
            "seconds": round(time.perf_counter() - start, 1),
            "settling": studies[weak]["settling"], "tables": tables, "studies": studies}


def format_skill_report(result: dict[str, Any], lang: str = "en") -> str:
    """The by-skill table: each kind's verdict at each strength, and the skill figure."""
    words = labels(lang)
    deck, _ = deck_names(result, lang)
    skills = result["skills"]
    tolerance = result["settling"]["tolerance"]
    lines: list[str] = []
    for table in result["tables"]:
        lines += ["", *textwrap.wrap(words["skill_heading"].format(
            deck=deck, players=table["players"], skills=", ".join(skills)), WIDTH)]
        for kind in table["kinds"]:
            lines.append(f"  {kind['name'][lang]}")
            for skill in skills:
                said = settled_words(kind["by_skill"][skill], words, tolerance, lang=lang)
                estimate = kind["by_skill"][skill]["estimate"]
                lines.append(f"    {skill:<10} {pct(estimate, signed=True, lang=lang):>8}  "
                             f"{said}")
            if kind["change"] is not None:
                lines.append(f"    → {words[kind['change']]}")
        lines += ["", *textwrap.wrap(_figure_sentence(result, table, lang), WIDTH)]
    lines += ["", words["skill_time"].format(
        seconds=localised(f"{result['seconds']:.0f}", lang))]
    return "\n".join(lines)


def _figure_sentence(result: dict[str, Any], table: dict[str, Any], lang: str) -> str:
    """How much the deck rewards skill at ``table``'s player count, in words."""
    deck, against = deck_names(result, lang)
    figure, skills = table["skill_figure"], result["skills"]
    return labels(lang)["skill_figure"].format(
        strong=skills[-1], weak=skills[0], deck=deck, against=against,
        share=pct(figure["deck"]["share"], lang=lang),
        low=pct(figure["deck"]["low"], lang=lang),
        high=pct(figure["deck"]["high"], lang=lang),
        base=pct(figure["against"]["share"], lang=lang), rounds=figure["deck"]["rounds"])


#: The by-skill chart: the room left of the rows for the kinds' names, right of them for
#: each strength's verdict, a strength's line within a kind's row, and the room a row
#: keeps between one kind and the next.
NAMES_WIDTH, SAID_WIDTH, LINE_HEIGHT, ROW_GAP = 110.0, 130.0, 10.0, 6.0


def _said_short(figure: dict[str, Any], words: dict[str, str], tolerance: str) -> str:
    """A verdict short enough to stand at the end of its strength's line."""
    return {"higher": words["higher"], "lower": words["lower"],
            "within": words["short_within"].format(tolerance=tolerance),
            "breaks-game": words["short_breaks_game"]}.get(figure["verdict"],
                                                           words["short_unsettled"])


def skill_chart(table: dict[str, Any], skills: list[str], tolerance: float,
                lang: str) -> Any:
    """Each kind a row and, in it, one line per strength (weakest at the top): a dot at
    the effect on the holder's chance to win, its interval, its verdict's colour, and
    the verdict in words at the right. A kind whose verdict changes is named in bold."""
    from reportlab.graphics.shapes import Circle, Line, Rect, String
    from reportlab.lib.colors import HexColor

    from cardgen.balance import charts

    words = labels(lang)
    kinds = table["kinds"]
    figures = [k["by_skill"][s] for k in kinds for s in skills] or [
        {"estimate": 0.0, "low": 0.0, "high": 0.0, "verdict": "unsettled"}]
    low = min(-1.1 * tolerance, *(f["low"] for f in figures)) * 100
    high = max(1.1 * tolerance, *(f["high"] for f in figures)) * 100
    step = next(s for s in (1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0) if (high - low) / s <= 8)
    low, high = (step * (low // step), step * -(-high // step))
    row = ROW_GAP + LINE_HEIGHT * len(skills)
    plot = row * max(1, len(kinds))
    drawing = charts.new_drawing(charts.WIDTH, plot + 44)
    left, right, bottom = NAMES_WIDTH, charts.WIDTH - SAID_WIDTH, 24.0
    top = bottom + plot

    def sx(value: float) -> float:
        return float(left + (value * 100 - low) / (high - low) * (right - left))

    colour = {"higher": charts.UP_COLOUR, "lower": charts.DOWN_COLOUR,
              "within": charts.FLAT_COLOUR}
    said_points = points(tolerance, lang)
    for i, kind in enumerate(kinds):
        y_row = top - i * row
        if i % 2:  # every other row shaded, so a line is read with its kind
            drawing.add(Rect(0, y_row - row, charts.WIDTH, row, strokeWidth=0,
                             fillColor=HexColor("#F2F2F2")))
        drawing.add(String(left - 4, y_row - row / 2 - 3, kind["name"][lang],
                           fontName="Sans-Bold" if kind["change"] else charts.FONT,
                           fontSize=8, textAnchor="end"))
        for j, skill in enumerate(skills):
            figure = kind["by_skill"][skill]
            y = y_row - ROW_GAP / 2 - (j + 0.5) * LINE_HEIGHT
            charts.draw_error_bar(drawing, (sx(figure["low"]), y), (sx(figure["high"]), y),
                              (0, 2.5))
            drawing.add(Circle(sx(figure["estimate"]), y, 3, strokeWidth=0.5,
                               fillColor=colour.get(figure["verdict"],
                                                    charts.UNSETTLED_COLOUR)))
            drawing.add(String(right + 8, y - 2.5, f"{skill}: "
                               f"{_said_short(figure, words, said_points)}",
                               fontName=charts.FONT, fontSize=7))
    for value in (0.0, -tolerance, tolerance):
        drawing.add(Line(sx(value), bottom, sx(value), top, strokeWidth=0.6 if not value else 0.5,
                         strokeDashArray=None if not value else [2, 2]))
    drawing.add(Line(left, bottom, right, bottom, strokeWidth=0.5))
    tick = low
    while tick <= high + 1e-9:
        x = sx(tick / 100)
        drawing.add(Line(x, bottom, x, bottom - 3, strokeWidth=0.5))
        drawing.add(String(x, bottom - 11, localised(f"{tick:g}", lang), fontName=charts.FONT,
                           fontSize=7, textAnchor="middle"))
        tick += step
    drawing.add(String((left + right) / 2, 2, words["pdf_strength_axis"],
                       fontName=charts.FONT, fontSize=7, textAnchor="middle"))
    charts.draw_legend(drawing, [(words["higher"], charts.UP_COLOUR),
                             (words["lower"], charts.DOWN_COLOUR),
                             (words["short_within"].format(tolerance=said_points),
                              charts.FLAT_COLOUR),
                             (words["short_unsettled"], charts.UNSETTLED_COLOUR)],
                   charts.WIDTH - 4, top + 8)
    return drawing


def called_out(table: dict[str, Any], lang: str) -> list[str]:
    """The sentences naming each kind whose verdict changes with skill, and what skill
    does to it; one sentence saying none does when none does."""
    words = labels(lang)
    found = [words["skill_kind_said"].format(kind=kind["name"][lang],
                                             said=words[kind["change"]])
             for kind in table["kinds"] if kind["change"] is not None]
    return found or [words["skill_no_change"]]


def write_skill_pdf(result: dict[str, Any], path: Path, lang: str = "en") -> None:
    """The study by skill as a PDF (all or nothing): for each player count, the chart of
    each kind's effect at each strength, the kinds skill changes in words, and how much
    the deck rewards skill against the baseline."""
    from xml.sax.saxutils import escape

    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

    from cardgen.balance import charts
    from cardgen.outputs import atomic_path
    from cardgen.typography import register_fonts

    register_fonts()
    words = labels(lang)
    deck, _ = deck_names(result, lang)
    skills = result["skills"]
    weakest = result["studies"][skills[0]]
    tolerance = result["settling"]["tolerance"]
    story: list[Any] = []
    for table in result["tables"]:
        story += [Paragraph(escape(words["skill_pdf_title"].format(deck=deck)),
                            charts.text_style(16, True, 6)),
                  Paragraph(escape(words["skill_heading"].format(
                      deck=deck, players=table["players"], skills=", ".join(skills))),
                      charts.text_style(9, space=8)),
                  skill_chart(table, skills, tolerance, lang),
                  Paragraph(settling_text("pdf_caption", weakest, words, lang),
                            charts.text_style(8)),
                  Spacer(1, 3 * mm),
                  Paragraph(escape(words["skill_pdf_changes"]), charts.text_style(11, True))]
        story += [Paragraph(escape(line), charts.text_style(9, space=2))
                  for line in called_out(table, lang)]
        story += [Spacer(1, 3 * mm),
                  Paragraph(escape(words["skill_pdf_figure"]), charts.text_style(11, True)),
                  Paragraph(escape(_figure_sentence(result, table, lang)).replace(
                      "\u202f", "\xa0"), charts.text_style(9)),
                  Spacer(1, 6 * mm)]
    story.append(Paragraph(escape(words["skill_time"].format(
        seconds=localised(f"{result['seconds']:.0f}", lang))), charts.text_style(7)))
    with atomic_path(path) as temp:
        SimpleDocTemplate(str(temp), pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm,
                          topMargin=16 * mm, bottomMargin=16 * mm,
                          title=words["skill_pdf_title"].format(deck=deck), author="cardgen",
                          creator="cardgen", invariant=1,
                          initialFontName=charts.FONT).build(story)
