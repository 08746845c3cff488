"""`cardgen sheets --alignment-test`, read back from the PDF as a printer lays it: the
front's vernier seen through the paper against the back's scales."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from reportlab.lib.units import mm

from cardgen.cli import main
from cardgen.render.paper.alignment import TICK_LINE_PT, render_alignment_test


def _ticks(page: pdfplumber.page.Page, vertical: bool) -> list[dict[str, float]]:
    return [line for line in page.lines if line["linewidth"] == pytest.approx(TICK_LINE_PT)
            and (line["width"] == 0) == vertical]


def _meetings(data: bytes, flip: str) -> list[list[tuple[float, float]]]:
    """On each axis (X, then Y), for each vernier tick 0 to 9 in turn, the main tick
    nearest it and how far off it is, in mm, as seen through the paper from the back."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        front, back = pdf.pages
        width, height = back.width, back.height
        found = []
        for vertical in (True, False):  # the X scale has upright ticks, the Y scale flat
            def value(line: dict[str, float], page: str) -> float:
                """The position along the scale's own direction, in the back page's
                coordinates: X to the right, Y up (pdfplumber's top runs down)."""
                if vertical:
                    x = line["x0"]
                    return width - x if page == "front" and flip == "long" else x
                top = line["top"]
                return -(height - top) if page == "front" and flip == "short" else -top

            main = _ticks(back, vertical)
            zero = max(main, key=lambda line: line["height"] if vertical else line["width"])
            mains = [(value(line, "back") - value(zero, "back")) / mm for line in main]
            assert all(abs(m - round(m)) < 0.01 for m in mains)
            vernier = sorted((value(line, "front") - value(zero, "back")) / mm
                             for line in _ticks(front, vertical))
            assert len(vernier) == 10  # 0 to 9: no tenth tick to meet along with the zero
            found.append([(round(nearest), abs(v - nearest)) for v in vernier
                          for nearest in [min(mains, key=lambda m, v=v: abs(v - m))]])
        return found


def _reading(data: bytes, flip: str) -> tuple[float, float]:
    """What a user reads on each axis, following the steps printed on the page to the
    letter: the vernier tick k that meets a main tick M gives the tenths, and M - k
    (k ticks back from M) the whole millimetres."""
    readings = []
    for meetings in _meetings(data, flip):
        misses = [miss for _, miss in meetings]
        tick = misses.index(min(misses))
        met = meetings[tick][0]
        readings.append(round(met - tick + tick / 10, 1))
    return readings[0], readings[1]


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_back_laid_where_it_should_reads_zero(flip: str, paper: str) -> None:
    assert _reading(render_alignment_test(paper, flip, (0.0, 0.0)), flip) == (0.0, 0.0)  # type: ignore[arg-type]


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("drift", [(1.3, -0.4), (-7.6, 9.2), (0.5, 0.0), (-0.1, -10.0)])
def test_a_drifting_back_reads_the_back_offset_that_cancels_it(
        flip: str, drift: tuple[float, float]) -> None:
    """A printer that lays the back ``drift`` mm off (X right, Y up on the back page)
    is simulated by printing the back page shifted by it; the scales then read the
    shift that undoes it, to give as --back-offset."""
    reading = _reading(render_alignment_test("a4", flip, drift), flip)  # type: ignore[arg-type]
    assert reading == (-drift[0] + 0.0, -drift[1] + 0.0)


def test_the_command_writes_two_pages_for_the_flip_asked(tmp_path: Path) -> None:
    out = tmp_path / "test.pdf"
    result = CliRunner().invoke(main, ["sheets", "--alignment-test", "--paper", "letter",
                                       "--flip", "short", "-o", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    assert len(reader.pages) == 2
    assert float(reader.pages[0].mediabox.width) == pytest.approx(215.9 * mm, abs=0.1)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"
    text = reader.pages[1].extract_text()
    assert "--back-offset X,Y" in text and "Tenez la feuille" in text
    for font in reader.pages[1]["/Resources"]["/Font"].values():
        assert "/FontFile2" in font.get_object()["/FontDescriptor"].get_object()


@pytest.mark.parametrize(("args", "message"), [
    (["sheets", "classic", "--alignment-test"], "leave DECK out"),
    (["sheets", "--alignment-test", "--bleed", "3"], "leave out --bleed"),
    (["sheets"], "give a DECK to print (or --alignment-test)"),
])
def test_the_alignment_test_refuses_what_it_does_not_use(tmp_path: Path, args: list[str],
                                                         message: str) -> None:
    result = CliRunner().invoke(main, [*args, "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2 and message in result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("drift", [0.95, 1.05, -0.05, 2.0, -0.95, 0.05, -2.95, 2.95])
def test_a_zero_beside_a_millimetre_mark_reads_within_a_twentieth(flip: str,
                                                                   drift: float) -> None:
    """A drift half-way between two tenths lets two neighbouring ticks meet equally
    well; either reading is within 0.05 mm, never a millimetre off (the old vernier's
    tenth tick met with the zero and read one whole millimetre more)."""
    data = render_alignment_test("a4", flip, (drift, -drift))  # type: ignore[arg-type]
    reading = _reading(data, flip)
    assert reading[0] == pytest.approx(-drift, abs=0.051)
    assert reading[1] == pytest.approx(drift, abs=0.051)


@pytest.mark.slow
def test_every_drift_of_up_to_3_mm_reads_right_and_one_tick_meets_at_each_tenth() -> None:
    for step in range(-60, 61):
        drift = step / 20  # -3.0 to 3.0 mm by 0.05
        data = render_alignment_test("a4", "long", (drift, 0.0))
        assert _reading(data, "long")[0] == pytest.approx(-drift, abs=0.051), drift
        if step % 2 == 0:  # a whole tenth: one tick meets, every other is 0.1 mm off
            misses = sorted(miss for _, miss in _meetings(data, "long")[0])
            assert misses[0] < 0.01 and misses[1] > 0.09, (drift, misses)
