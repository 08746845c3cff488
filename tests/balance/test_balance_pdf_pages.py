"""The balance PDF fills its pages (issue 24): no page but the last ends with a large
empty foot, and packing the charts loses none of them nor lets words stick out or overlap.

The study is Uno Unplugged at 3 and 4 players, eleven of its kinds measured: their
charts are taller than what a page has left, and one player count follows another.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

from cardgen.balance.charts import write_pdf
from cardgen.balance.report import labels
from cardgen.balance.study import Plan, run_study
from cardgen.deck.load import load_deck

# Slow (balance studies behind every PDF page it measures): run by `python -m pytest -m slow`.
pytestmark = pytest.mark.slow

MM = 72 / 25.4
#: The margins write_pdf lays its pages out in.
TOP = BOTTOM = 16 * MM
SIDE = 18 * MM
#: The largest share of a page's usable height that may stay empty at its foot.
MOST_EMPTY = 0.2


@pytest.fixture(scope="module")
def report() -> dict:
    kinds = ("pingouin", "fouine", "echange", "reverse", "coup-de-bol", "wild-draw-four",
             "skip", "wild", "non", "draw-two", "boomerang")
    return run_study(Plan(load_deck("unplugged"), load_deck("classic"), players=(3, 4),
                          games=10, seed="pages", only=kinds, max_pairs=400, workers=2))


@pytest.fixture(scope="module", params=["en", "fr"])
def pdf(request: pytest.FixtureRequest, report: dict,
        tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    path = tmp_path_factory.mktemp("pages") / f"{request.param}.pdf"
    write_pdf(report, path, request.param)
    return request.param, path


def empty_foot(page: pdfplumber.page.Page) -> float:
    """The share of the page's usable height under the lowest thing drawn on it."""
    drawn = page.chars + page.lines + page.rects + page.curves
    lowest = max(thing["bottom"] for thing in drawn)
    return (page.height - BOTTOM - lowest) / (page.height - TOP - BOTTOM)


def test_no_page_but_the_last_is_left_with_a_large_empty_foot(pdf: tuple[str, Path]) -> None:
    with pdfplumber.open(pdf[1]) as doc:
        feet = [round(empty_foot(page), 2) for page in doc.pages]
    assert len(feet) > 2, feet
    assert all(foot < MOST_EMPTY for foot in feet[:-1]), feet


def test_every_word_stays_inside_the_margins_and_none_overlaps_another(
        pdf: tuple[str, Path]) -> None:
    with pdfplumber.open(pdf[1]) as doc:
        for number, page in enumerate(doc.pages, 1):
            words = page.extract_words()
            outside = [w["text"] for w in words
                       if w["x0"] < SIDE - 1 or w["x1"] > page.width - SIDE + 1
                       or w["top"] < TOP - 1 or w["bottom"] > page.height - BOTTOM + 1]
            assert not outside, (number, outside)
            overlapping = [(a["text"], b["text"]) for i, a in enumerate(words)
                           for b in words[i + 1:]
                           if a["x0"] < b["x1"] - 0.5 and b["x0"] < a["x1"] - 0.5
                           and a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5]
            assert not overlapping, (number, overlapping)


def test_every_chart_keeps_its_heading_legend_and_verdicts(pdf: tuple[str, Path],
                                                           report: dict) -> None:
    lang, path = pdf
    words = labels(lang)
    with pdfplumber.open(path) as doc:
        lines = [line for page in doc.pages for line in (page.extract_text() or "").splitlines()]
    text = " ".join(lines)
    tables = len(report["tables"])
    for heading in ("pdf_seats", "pdf_strength", "pdf_turns"):
        # a long heading wraps: look for its first words
        assert text.count(" ".join(words[heading].split()[:5])) == tables, heading
    assert text.count(words["pdf_length_share"]) == tables  # the histogram of lengths
    within = words["short_within"].format(tolerance="5")
    legend = f"{words['higher']} {words['lower']} {within} {words['short_unsettled']}"
    assert text.count(legend) >= tables
    verdicts = {within, *(words[key] for key in (
        "higher", "lower", "longer", "shorter", "short_breaks_game", "short_unclear",
        "short_unsettled"))}
    bars = Counter(k["name"][lang] for table in report["tables"] for k in table["kinds"]
                   if "effect" in k)
    for name, count in bars.items():
        # each kind has a bar in both effect charts, its verdict beside it
        beside = [line for line in lines
                  if any(line == f"{name} {verdict}" for verdict in verdicts)]
        assert len(beside) == 2 * count, name
