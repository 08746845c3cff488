"""`cardgen sheets --cutter silhouette`: the registration marks measured in the PDF, and
the cut file's outlines compared with the faces the PDF places, to a tenth of a mm."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from reportlab.lib.units import mm

from cardgen.cli import main
from cardgen.render.layout import layout

SVG = "{http://www.w3.org/2000/svg}"
MM = mm  # points in a millimetre


def _sheets(tmp_path: Path, *args: str) -> tuple[Path, list[str]]:
    out = tmp_path / "cut.pdf"
    result = CliRunner().invoke(main, ["sheets", *args, "--cutter", "silhouette",
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out, result.output.splitlines()


def _outlines(svg: Path) -> list[tuple[float, ...]]:
    """(x, y, width, height) of every cut outline, in mm from the top-left corner."""
    root = ET.parse(svg).getroot()
    assert root.get("width", "").endswith("mm")
    rects = list(root.iter(f"{SVG}rect"))
    assert all(rect.get("rx") == rect.get("ry") == "3" for rect in rects)
    return sorted(tuple(float(rect.get(k, "nan")) for k in ("x", "y", "width", "height"))
                  for rect in rects)


def _trims(page: pdfplumber.page.Page, bleed_mm: float) -> list[tuple[float, ...]]:
    """(x, y, width, height) of every face's trim on the page, in mm from its top left."""
    faces = {(round(r["x0"], 3), round(r["top"], 3), round(r["x1"], 3), round(r["bottom"], 3))
             for r in page.rects if r["width"] > 40 * MM and r["height"] > 40 * MM}
    return sorted((x0 / MM + bleed_mm, top / MM + bleed_mm, (x1 - x0) / MM - 2 * bleed_mm,
                   (bottom - top) / MM - 2 * bleed_mm) for x0, top, x1, bottom in faces)


def _assert_same(outlines: list[tuple[float, ...]], trims: list[tuple[float, ...]]) -> None:
    assert len(outlines) == len(trims)
    for outline, trim in zip(outlines, trims, strict=True):
        assert outline == pytest.approx(trim, abs=0.1)


def test_the_silhouette_marks_are_studios_type_1_at_10_mm(tmp_path: Path) -> None:
    out, _ = _sheets(tmp_path, "classic")
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        width, height = page.width / MM, page.height / MM
        filled = sorted((round(r["x0"] / MM, 2), round(r["top"] / MM, 2),
                         round(r["width"] / MM, 2), round(r["height"] / MM, 2))
                        for r in page.rects if r["width"] < 25 * MM and r["fill"])
        assert filled == sorted([
            (10.0, 10.0, 5.0, 5.0),  # the square, top left
            (round(width - 30, 2), 10.0, 20.0, 0.5),  # the L at the top right
            (round(width - 10.5, 2), 10.0, 0.5, 20.0),
            (10.0, round(height - 10.5, 2), 20.0, 0.5),  # the L at the bottom left
            (10.0, round(height - 30, 2), 0.5, 20.0),
        ])
        # No cut marks: the machine cuts.
        assert not [line for line in page.lines
                    if line["linewidth"] == pytest.approx(layout().sheet.mark_line_pt)]
        # Every face inside the marks, clear of them.
        for x, y, w, h in _trims(page, 0.0):
            assert x >= 16 and y >= 16 and x + w <= width - 16 and y + h <= height - 16


def test_the_cut_file_outlines_every_face_to_a_tenth_of_a_millimetre(tmp_path: Path) -> None:
    out, lines = _sheets(tmp_path, "classic", "--size", "63x88")
    assert lines == [f"wrote {out}", f"wrote {tmp_path / 'cut-cut.svg'}",
                     f"wrote {tmp_path / 'cut-cut-last.svg'}"]
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == 14  # 8 poker cards a page, on their side: 13 x 8 + 4
        _assert_same(_outlines(tmp_path / "cut-cut.svg"), _trims(pdf.pages[0], 0.0))
        _assert_same(_outlines(tmp_path / "cut-cut-last.svg"), _trims(pdf.pages[13], 0.0))
        assert len(_outlines(tmp_path / "cut-cut-last.svg")) == 4


def test_a_short_last_page_has_a_cut_file_of_its_own(tmp_path: Path) -> None:
    out, lines = _sheets(tmp_path, "house", "--bleed", "1", "--backs")
    assert f"wrote {tmp_path / 'cut-cut-last.svg'}" in lines
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == 26  # 109 cards, 9 a page, each page with its backs
        _assert_same(_outlines(tmp_path / "cut-cut.svg"), _trims(pdf.pages[0], 1.0))
        _assert_same(_outlines(tmp_path / "cut-cut-last.svg"), _trims(pdf.pages[24], 1.0))
        assert len(_outlines(tmp_path / "cut-cut-last.svg")) == 1
        # The backs carry no registration marks: the machine cuts the face page.
        assert not [r for r in pdf.pages[25].rects if r["width"] < 25 * MM and r["fill"]]


def test_cutter_refuses_shared_cut_lines(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    result = CliRunner().invoke(main, ["sheets", "classic", "--cutter", "silhouette",
                                       "--cut-lines", "shared", "--bleed", "2",
                                       "-o", str(out)])
    assert result.exit_code == 1
    assert result.output == ("Error: a cutting machine cuts each card on its own outline; "
                             "leave out --cut-lines shared\n")
    assert list(tmp_path.iterdir()) == []


def test_the_dxf_cut_file_holds_the_same_outlines_with_quarter_arc_corners(
        tmp_path: Path) -> None:
    ezdxf = pytest.importorskip("ezdxf")  # in the test extra: 'cardgen[test]'
    out, lines = _sheets(tmp_path, "classic", "--cut-file", "dxf")
    assert lines == [f"wrote {out}", f"wrote {tmp_path / 'cut-cut.dxf'}"]  # 108 = 12 x 9
    drawing = ezdxf.readfile(tmp_path / "cut-cut.dxf")
    assert drawing.units == ezdxf.units.MM
    with pdfplumber.open(out) as pdf:
        height = pdf.pages[0].height / MM
        outlines = []
        for polyline in drawing.modelspace().query("LWPOLYLINE"):
            assert polyline.closed
            points = list(polyline.get_points("xyb"))
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            # Four straight sides and four quarter arcs of 3 mm (bulge tan 22.5°).
            assert [round(p[2], 6) for p in points] == [0, 0.414214] * 4
            assert max(xs) - min(xs) - (points[1][0] - points[0][0]) == pytest.approx(6.0)
            outlines.append((min(xs), height - max(ys), max(xs) - min(xs), max(ys) - min(ys)))
        _assert_same(sorted(outlines), _trims(pdf.pages[0], 0.0))
    again = tmp_path / "again.pdf"
    CliRunner().invoke(main, ["sheets", "classic", "--cutter", "silhouette", "--cut-file",
                              "dxf", "-o", str(again)])
    assert (tmp_path / "again-cut.dxf").read_bytes() == (tmp_path / "cut-cut.dxf").read_bytes()


def test_a_dxf_without_ezdxf_says_what_to_install(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ezdxf", None)  # as if it were not installed
    out = tmp_path / "x.pdf"
    result = CliRunner().invoke(main, ["sheets", "classic", "--cutter", "silhouette",
                                       "--cut-file", "dxf", "-o", str(out)])
    assert result.exit_code == 1
    assert result.output == ("Error: a DXF cut file needs the ezdxf library: pip install "
                             "'cardgen[dxf]', or use --cut-file svg\n")
    assert list(tmp_path.iterdir()) == []


def test_the_command_says_what_the_marks_cost_in_pages(tmp_path: Path) -> None:
    """On Letter with 3 mm of bleed, eight 53 x 79 cards fit inside the marks where nine
    fit with cut marks (sharing their cut lines): 14 pages instead of 12."""
    out = tmp_path / "letter.pdf"
    result = CliRunner().invoke(main, ["sheets", "classic", "--cutter", "silhouette",
                                       "--paper", "letter", "--bleed", "3", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stderr == ("--bleed 3 mm: 14 pages of faces instead of 12 without bleed; "
                             "--cutter silhouette: 14 pages instead of 12 with cut marks "
                             "(the cards stay inside its marks)\n")
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == 14


def test_the_dxf_cut_file_is_the_same_bytes_in_processes_of_any_hash_seed(
        tmp_path: Path) -> None:
    """Two runs of the command, as two people run it: each Python process orders its
    sets by its own hash seed, which ezdxf's class table once followed."""
    pytest.importorskip("ezdxf")
    import os
    import subprocess
    files = []
    for seed in ("0", "4"):  # two seeds that ordered the classes apart
        out = tmp_path / f"seed{seed}.pdf"
        subprocess.run([sys.executable, "-m", "cardgen.cli", "sheets", "classic", "--cutter",
                        "silhouette", "--cut-file", "dxf", "-o", str(out)], check=True,
                       capture_output=True, env={**os.environ, "PYTHONHASHSEED": seed})
        files.append((tmp_path / f"seed{seed}-cut.dxf").read_bytes())
    assert files[0] == files[1]
