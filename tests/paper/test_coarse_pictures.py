"""A picture too coarse for print is named, with the resolution it prints at (measured
here on the PDF it went into) and the pixel size it needs: for home sheets, shop files,
images, and in `cardgen check`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from PIL import Image

from cardgen.cli import main

DECK = """name = { fr = "Grossier", en = "Coarse" }
base = "classic"
[cards]
blot = 1
[[card]]
id = "blot"
effect = "downpour"
params = { amount = 1 }
points = 20
name = { fr = "Tache", en = "Blot" }
picture = "blot.png"
"""


def _deck(folder: Path, pixels: int) -> Path:
    Image.new("RGB", (pixels, pixels), (200, 30, 30)).save(folder / "blot.png")
    (folder / "coarse.toml").write_text(DECK, encoding="utf-8")
    return folder / "coarse.toml"


def _run(args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, args)
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def _drawn_ppi(pdf: Path, pixels: int) -> float:
    """The resolution the 60 px picture has on the first page that shows it."""
    with pdfplumber.open(pdf) as document:
        for page in document.pages:
            for image in page.images:
                if image["srcsize"] == (pixels, pixels):
                    return pixels / (image["width"] / 72)
    raise AssertionError("the picture is on no page")


# The home sheets in the quick set (test_the_shop_images_and_check_name_it_too covers a
# shop); the two print shops' files in the slow set.
@pytest.mark.parametrize(("args", "least", "size"), [
    ([], 200, "53x79"),
    pytest.param(["--shop", "european-3mm"], 300, "63x88", marks=pytest.mark.slow),
    pytest.param(["--shop", "drivethrucards"], 300, "63.5x88.9", marks=pytest.mark.slow),
])
def test_sheets_name_a_60_px_picture_with_the_resolution_it_prints_at(
        tmp_path: Path, args: list[str], least: int, size: str) -> None:
    deck, out = _deck(tmp_path, 60), tmp_path / "out.pdf"
    code, _, said = _run(["sheets", str(deck), *args, "-o", str(out)])
    assert code == 0
    found = re.search(r"card 'blot': picture 'blot.png' \(60×60 px\) prints at (\d+) ppi on a "
                      rf"{size} mm card, under the {least} ppi .*; give it at least "
                      r"(\d+)×(\d+) px", said)
    assert found, said
    ppi = _drawn_ppi(out, 60)
    assert int(found[1]) == round(ppi)
    assert int(found[2]) == int(found[3]) == pytest.approx(60 * least / ppi, abs=1)


def test_the_shop_images_and_check_name_it_too(tmp_path: Path) -> None:
    deck = _deck(tmp_path, 60)
    code, _, said = _run(["png", str(deck), "--shop", "thegamecrafter", "-o",
                          str(tmp_path / "tgc")])
    assert code == 0
    assert ("card 'blot': picture 'blot.png' (60×60 px) prints at 48 ppi on a 63.5x88.9 mm "
            "card, under the 300 ppi these 300 dpi images need; give it at least 378×378 px"
            ) in said
    code, report, _ = _run(["check", str(deck), "--games", "0", "--json"])
    assert code == 0
    (warning,) = [p for p in json.loads(report)["warnings"] if "ppi" in p["message"]]
    assert warning["card"] == "blot"
    assert "prints at 61 ppi on a 53x79 mm card, under the 300 ppi" in warning["message"]


def test_a_picture_fine_enough_is_not_named(tmp_path: Path) -> None:
    deck = _deck(tmp_path, 600)
    code, _, said = _run(["sheets", str(deck), "--shop", "european-3mm", "-o",
                          str(tmp_path / "out.pdf")])
    assert code == 0 and "ppi" not in said
