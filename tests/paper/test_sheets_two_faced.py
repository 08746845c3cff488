"""Two-faced cards on paper (docs/rules.md FL-01): with --backs, each card's back is its
own dark face, laid behind its light face as any back is; read back from the PDF."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pdfplumber
import pytest
from helpers.cli import run_in
from reportlab.lib.units import mm

from cardgen.catalogue import catalogue
from cardgen.deck.load import load_deck
from cardgen.render.paper.sheets import SheetOptions, render_sheets, sheet_cards

Box = tuple[float, float, float, float]


def _faces(page: pdfplumber.page.Page) -> dict[tuple[float, ...], tuple[float, ...]]:
    """Each face's background rectangle (rounded) -> its fill colour."""
    return {tuple(round(v, 1) for v in (r["x0"], r["top"], r["x1"], r["bottom"])):
            tuple(round(c, 2) for c in r["non_stroking_color"])
            for r in page.rects if r["width"] > 40 * mm and r["height"] > 40 * mm}


def _rgb(color_id: str) -> tuple[float, ...]:
    hex_color = catalogue().color(color_id).rgb
    return tuple(round(int(hex_color[i:i + 2], 16) / 255, 2) for i in (1, 3, 5))


@pytest.mark.parametrize("flip", ["long", "short"])
def test_fl01_each_back_is_its_cards_dark_face_behind_its_light_face(flip: str) -> None:
    deck = load_deck("flip")
    data = render_sheets(deck, SheetOptions(backs=True, flip=flip))  # type: ignore[arg-type]
    cards = sheet_cards(deck)[:9]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        front, back = pdf.pages[0], pdf.pages[1]
        faces, backs = _faces(front), _faces(back)
        width, height = front.width, front.height
    assert len(faces) == len(backs) == 9
    # The faces in reading order: top to bottom, left to right, as the cards are laid.
    slots = sorted(faces, key=lambda box: (box[1], box[0]))
    for card, box in zip(cards, slots, strict=True):
        x0, top, x1, bottom = box
        behind = ((round(width - x1, 1), top, round(width - x0, 1), bottom) if flip == "long"
                  else (x0, round(height - bottom, 1), x1, round(height - top, 1)))
        # The back there, to the 0.13 mm the duplex backs reach (docs/printing.md).
        there = min(backs, key=lambda b: max(abs(u - v) for u, v in zip(b, behind, strict=True)))
        assert max(abs(u - v) for u, v in zip(there, behind, strict=True)) < 0.13 * mm
        dark = deck.dark_face_cards()[card.id]
        assert faces[box] == _rgb(card.color or "")
        assert dark.color is not None and backs[there] == _rgb(dark.color), (card.id, dark.id)


@pytest.mark.slow  # two sheets of faces and two of backs at Tabletop Simulator's size
def test_fl01_tabletop_simulator_gets_each_cards_dark_face_as_its_unique_back(
        tmp_path: Path) -> None:
    code, out = run_in(["tts", "flip", "-o", "tts"], tmp_path)
    assert code == 0, out
    saved = json.loads((tmp_path / "tts" / "flip.json").read_text(encoding="utf-8"))
    decks = saved["ObjectStates"][0]["CustomDeck"]
    assert [(d["UniqueBack"], Path(d["BackURL"]).name) for d in decks.values()] == [
        (True, "flip-tts-back-1.png"), (True, "flip-tts-back-2.png")]
