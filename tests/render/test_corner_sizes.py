"""Both corner indices of a face are set at one size (issue 31, item 8). On a face in
both languages the first index is French and the second English: when their texts
differ in width (the party example's Rain Check: "A" for Averse, "RC"), the wider one
used to shrink alone. Every face of the built-in decks and of the examples cardgen
ships, printed in both languages, is read back with pdfplumber."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from helpers.paths import EXAMPLES

from cardgen.catalogue.face_languages import FaceLanguages
from cardgen.deck.file import builtin_names
from cardgen.deck.load import load_deck
from cardgen.render.layout import layout, pt
from cardgen.render.paper.sheets import SheetOptions, render_sheets

#: The quick set reads the first three built-in decks and the examples; the editions'
#: decks (UNO Attack, Flip, No Mercy: 392 faces more) are read by the slow test.
QUICK_DECKS = ["classic", "unplugged", "house",
               *sorted(str(path) for path in EXAMPLES.glob("*.toml"))]
SLOW_DECKS = [name for name in builtin_names() if name not in QUICK_DECKS]
#: How far from an index's centre its characters may sit, in points (half its box is
#: 4 mm at the design's size; a character's box centre sits near the index's).
NEAR = pt(5.0)


def _corner_chars(page: Any, face: dict[str, float]) -> dict[str, list[dict[str, Any]]]:
    """The characters of each corner index of ``face`` (top left, top right, bottom
    right), in the fonts indices are set in (captions near a corner are not)."""
    corner = layout().card.corner
    dx, dy = pt(corner.inset_x_mm), pt(corner.inset_y_mm)
    centres = {"top left": (face["x0"] + dx, face["top"] + dy),
               "top right": (face["x1"] - dx, face["top"] + dy),
               "bottom right": (face["x1"] - dx, face["bottom"] - dy)}
    found: dict[str, list[dict[str, Any]]] = {}
    for name, (x, y) in centres.items():
        chars = [c for c in page.chars
                 if ("Sans-Bold" in c["fontname"] or "Awesome" in c["fontname"])
                 and abs((c["x0"] + c["x1"]) / 2 - x) < NEAR
                 and abs((c["top"] + c["bottom"]) / 2 - y) < NEAR]
        if chars:
            found[name] = chars
    return found


def _faces(name: str) -> list[dict[str, Any]]:
    """Each face of the deck's sheets in both languages with text in its corners: its
    place, and each index's text and character sizes."""
    pdf = render_sheets(load_deck(name), SheetOptions(lang=FaceLanguages.parse("both")))
    faces = []
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        for number, page in enumerate(document.pages, 1):
            rects = [r for r in page.rects if r["width"] > 100 and r["height"] > 150]
            for rect in sorted(rects, key=lambda r: (round(r["top"]), r["x0"])):
                corners = _corner_chars(page, rect)
                if corners:
                    faces.append({"where": f"{Path(name).name}, page {number}, "
                                           f"x {rect['x0']:.0f}, top {rect['top']:.0f}",
                                  "texts": {c: "".join(ch["text"] for ch in chars)
                                            for c, chars in corners.items()},
                                  "sizes": {c: sorted({round(ch["size"], 2) for ch in chars})
                                            for c, chars in corners.items()}})
    return faces


@pytest.fixture(scope="module")
def faces() -> dict[str, list[dict[str, Any]]]:
    return {name: _faces(name) for name in QUICK_DECKS}


def _uneven(faces: dict[str, list[dict[str, Any]]]) -> list[Any]:
    return [(face["where"], face["texts"], face["sizes"])
            for found in faces.values() for face in found
            if len({tuple(sizes) for sizes in face["sizes"].values()}) > 1]


def test_every_bilingual_face_sets_its_two_corner_indices_at_one_size(faces: dict) -> None:
    assert not _uneven(faces)


@pytest.mark.slow
@pytest.mark.parametrize("name", SLOW_DECKS)
def test_every_bilingual_face_of_the_editions_sets_its_indices_at_one_size(name: str) -> None:
    assert not _uneven({name: _faces(name)})


def test_the_faces_read_back_are_the_ones_that_have_indices(faces: dict) -> None:
    # Every face of the classic deck whose index is a character: 76 numbers, 8 +2s,
    # 8 skips, 4 +4s (the reverses and the wilds draw theirs as shapes) ...
    assert len(faces["classic"]) == 96
    assert all(len(face["texts"]) == 2 for found in faces.values() for face in found)
    # ... and the one face whose indices differ by language: French left, English right.
    rain = [face for face in faces[str(EXAMPLES / "party.toml")]
            if face["texts"] == {"top left": "A", "top right": "RC"}]
    assert len(rain) == 1
    assert rain[0]["sizes"]["top left"] == rain[0]["sizes"]["top right"] == [15.08]
