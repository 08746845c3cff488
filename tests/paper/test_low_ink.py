"""`--low-ink` (issue 33): white faces and backs that take at most half the ink of the
full faces on a page, in the same places, their shapes still shown; a deck's own back
picture lightened too (issue 42). The ink is measured as Ghostscript's ink_cov device
counts it (the figures docs/printing.md gives)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from helpers.cli import run_in
from PIL import Image, ImageChops

DPI = 50


def ink_cov(pdf: Path) -> list[float]:
    """The ink of each page as Ghostscript's ink_cov device counts it: the sum of its
    cyan, magenta, yellow and black coverage, in percent."""
    if shutil.which("gs") is None:
        pytest.skip("Ghostscript (gs) measures the ink")
    out = subprocess.run(["gs", "-q", "-o", "-", "-sDEVICE=ink_cov", str(pdf)],
                         capture_output=True, text=True, check=True).stdout
    return [sum(float(v) for v in line.split()[:4]) for line in out.splitlines()
            if "CMYK" in line]


def page_images(pdf: Path) -> list[Image.Image]:
    return [page.render(scale=DPI / 72).to_pil() for page in pdfium.PdfDocument(pdf)]


def sheets(tmp_path: Path, name: str, *args: str) -> Path:
    code, output = run_in(["sheets", "classic", "--backs", *args, "-o", f"{name}.pdf"],
                          tmp_path)
    assert code == 0, output
    return tmp_path / f"{name}.pdf"


@pytest.fixture(scope="module")
def both(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("low-ink")
    return sheets(folder, "full"), sheets(folder, "low", "--low-ink")


def test_a_low_ink_page_takes_at_most_half_the_ink_of_the_full_faces(
        both: tuple[Path, Path]) -> None:
    """The figures of docs/printing.md: the first page of faces (nine red cards) 42 %,
    the first page of backs 22 %, every page of faces 45 %, the whole deck 30 %."""
    full, low = (ink_cov(pdf) for pdf in both)
    assert len(full) == len(low)
    assert low[0] / full[0] == pytest.approx(0.42, abs=0.01)
    assert low[1] / full[1] == pytest.approx(0.22, abs=0.01)
    assert sum(low[0::2]) / sum(full[0::2]) == pytest.approx(0.45, abs=0.01)
    assert sum(low) / sum(full) == pytest.approx(0.30, abs=0.01)
    assert sum(low[0::2]) <= 0.5 * sum(full[0::2])  # --help: less than half the ink


def test_a_decks_own_back_picture_is_lightened_in_low_ink(tmp_path: Path) -> None:
    """A back picture of dark blue and yellow: its page of backs takes about a quarter
    (low_ink.picture_ink) of the ink it takes in full, as cardgen's own back does."""
    (tmp_path / "back.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="59mm" height="85mm" '
        'viewBox="0 0 59 85"><rect width="59" height="85" fill="#2A5D8F"/>'
        '<circle cx="29.5" cy="42.5" r="20" fill="#F2B705"/></svg>', encoding="utf-8")
    (tmp_path / "own.toml").write_text('name = "Own"\nbase = "classic"\n'
                                       'back = "back.svg"\n', encoding="utf-8")
    pages = []
    for name, extra in (("full", ()), ("low", ("--low-ink",))):
        code, output = run_in(["sheets", "own.toml", "--backs", *extra, "-o",
                               f"{name}.pdf"], tmp_path)
        assert code == 0, output
        pages.append(ink_cov(tmp_path / f"{name}.pdf")[1])
    full, low = pages
    assert low <= 0.3 * full, (low, full)


def test_a_low_ink_page_keeps_the_layout_of_the_full_one(both: tuple[Path, Path]) -> None:
    """The same pages, the same cut marks, the same margin text: only the faces change."""
    full, low = (pdfplumber.open(pdf) for pdf in both)
    with full, low:
        assert len(full.pages) == len(low.pages)
        for a, b in zip(full.pages[:2], low.pages[:2], strict=True):
            assert [(round(line["x0"], 2), round(line["top"], 2)) for line in a.lines] == \
                [(round(line["x0"], 2), round(line["top"], 2)) for line in b.lines]
            assert a.extract_text() == b.extract_text()


def white_share(image: Image.Image) -> float:
    histogram = image.convert("L").point(lambda v: 255 if v > 245 else 0).histogram()
    return histogram[255] / sum(histogram)


def test_low_ink_faces_are_white_with_their_colour_kept(both: tuple[Path, Path]) -> None:
    full, low = (page_images(pdf)[0].convert("RGB") for pdf in both)
    width, height = low.size
    # The first card, well inside its trim (the first of three columns and three rows).
    card = (round(width * 0.13), round(height * 0.10), round(width * 0.33),
            round(height * 0.33))
    assert white_share(full.crop(card)) < 0.6 < 0.75 < white_share(low.crop(card))
    red, green, _ = low.crop(card).split()
    reddish = ImageChops.multiply(red.point(lambda v: 255 if v > 180 else 0),
                                  green.point(lambda v: 255 if v < 80 else 0)).histogram()
    assert reddish[255] > 0.05 * sum(reddish)  # its frame, oval and numbers
