"""The visual regression check: a fixed set of faces, a sheet and rulebook pages,
rendered again and compared with the references in ``tests/visual/`` (see
``tests/visual/visual_cases.py`` for the set and the tolerance).

A meant change is recorded with ``python tests/visual/update.py``; a failure writes the
new render and a picture of the differing pixels to a temporary folder and names them.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pytest
from helpers.paths import TESTS
from PIL import Image

sys.path.insert(0, str(TESTS / "visual"))

from visual_cases import (  # noqa: E402
    CASES,
    MAX_DIFFERING_SHARE,
    Case,
    differing_share,
    reference_path,
    save_png,
)

UPDATE = "python tests/visual/update.py"


def failure_folder() -> Path:
    folder = Path(tempfile.gettempdir()) / "cardgen-visual"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_the_picture_matches_its_reference(case: Case) -> None:
    reference_file = reference_path(case)
    assert reference_file.exists(), f"{reference_file} is missing; run {UPDATE}"
    actual = case.render()
    actual_file = failure_folder() / f"{case.name}.actual.png"
    with Image.open(reference_file) as opened:
        reference = opened.convert("RGB")
    if actual.size != reference.size:
        save_png(actual, actual_file)
        pytest.fail(f"{case.name}: the new render is {actual.size[0]}x{actual.size[1]} px, "
                    f"the reference {reference.size[0]}x{reference.size[1]} px; see "
                    f"{actual_file}; if the change is meant, run {UPDATE}")
    share, diff = differing_share(actual, reference)
    if share > MAX_DIFFERING_SHARE:
        diff_file = failure_folder() / f"{case.name}.diff.png"
        save_png(actual, actual_file)
        save_png(diff, diff_file)
        pytest.fail(f"{case.name}: {share:.2%} of the pixels differ from the reference "
                    f"(at most {MAX_DIFFERING_SHARE:.2%}); the differences in red: {diff_file}, "
                    f"the new render: {actual_file}; if the change is meant, run {UPDATE}")


def test_the_comparison_sees_a_moved_line_but_not_a_shade() -> None:
    """The tolerance itself: a line of text moved is a failure, anti-aliasing is not."""
    page = Image.new("RGB", (200, 100), "white")
    page.paste((30, 30, 30), (20, 20, 180, 26))
    shaded = page.point(lambda v: max(0, v - 20))
    moved = Image.new("RGB", (200, 100), "white")
    moved.paste((30, 30, 30), (20, 30, 180, 36))
    assert differing_share(shaded, page)[0] == 0
    share, diff = differing_share(moved, page)
    assert share == pytest.approx(2 * 160 * 6 / (200 * 100))
    assert share > MAX_DIFFERING_SHARE and diff.getpixel((100, 33)) == (220, 0, 0)
