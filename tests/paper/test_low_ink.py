"""`--low-ink` (issue 33): white faces and backs that take at most half the ink of the
full faces on a page, in the same places, their shapes still shown."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from helpers.cli import run_in
from PIL import Image, ImageChops, ImageStat

DPI = 50


def ink(image: Image.Image) -> float:
    """The ink a page takes, as a share of a page covered in full: the mean of
    (1-R) + (1-G) + (1-B) over every pixel, divided by 3 (an RGB approximation of CMY
    coverage, black counted as the three of them)."""
    return sum(1 - mean / 255 for mean in ImageStat.Stat(image.convert("RGB")).mean) / 3


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
    full, low = (page_images(pdf) for pdf in both)
    assert len(full) == len(low)
    # The first page of faces (nine red cards) and the first page of backs.
    for page in (0, 1):
        assert ink(low[page]) <= 0.5 * ink(full[page]), page
    # Over the whole deck as well: every page of faces and backs.
    assert sum(map(ink, low)) <= 0.5 * sum(map(ink, full))


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
