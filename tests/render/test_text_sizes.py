"""Text printed too small to read: `check` warns about a face's, and the sheets' margin
instructions never shrink below the layout's least size."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pdfplumber
import pytest
from helpers.cli import run_in, unwrapped
from pypdf import PdfReader

from cardgen.deck.load import load_deck
from cardgen.render.layout import CardSize, layout
from cardgen.render.paper.sheets import SheetOptions, render_sheets

STORY_FR = ("Regardez la main d'un autre joueur, puis racontez-lui vos vacances à la mer : "
            "les mouettes, le sable, le vent, les crêpes du soir, le train de nuit, le "
            "contrôleur, le billet, la fenêtre, les mots croisés, les sandwichs, la pluie, "
            "le parapluie, la voiture-bar, le tunnel, les valises perdues à la gare et le "
            "chat du voisin qui attendait sur le quai. Puis recommencez avec le cousin, la "
            "tante et le grand-père.")
STORY_EN = ("Look at another player's hand, then tell them about your holidays by the sea: "
            "the gulls, the sand, the wind, the evening pancakes, the night train, the "
            "inspector, the ticket, the window, the crossword, the sandwiches, the rain, the "
            "umbrella, the buffet car, the tunnel, the suitcases lost at the station and "
            "the neighbour's cat waiting on the platform. Then start again with the cousin, "
            "the aunt and the grandfather.")
DECK = f"""
name = "Bavard"
base = "classic"
[cards]
chatterbox = 1
[[card]]
id = "chatterbox"
effect = "peek"
points = 20
pictogram = "eye"
name = {{ fr = "Bavard", en = "Chatterbox" }}
caption = {{ fr = "{STORY_FR}", en = "{STORY_EN}" }}
"""


def test_check_warns_about_a_caption_that_would_print_below_the_least_size(
        tmp_path: Path) -> None:
    (tmp_path / "deck.toml").write_text(DECK, encoding="utf-8")
    code, output = run_in(["check", "deck.toml", "--games", "0"], tmp_path)
    assert code == 0, output  # a warning: the deck is still valid
    assert unwrapped(output).splitlines() == [
        "warning: deck.toml: card 'chatterbox': its caption would print at 4.4 pt on "
        "faces in both languages, below the 4.5 pt the layout holds readable; shorten "
        "it, or print the faces in one language (--lang fr or --lang en)",
        "deck.toml: 109 cards, valid (0 error(s), 1 warning(s))"]


def test_the_size_check_names_the_size_the_face_really_prints_at(tmp_path: Path) -> None:
    """The warning's 4.4 pt is the caption's size in the sheets' PDF."""
    (tmp_path / "deck.toml").write_text(DECK, encoding="utf-8")
    pdf = render_sheets(load_deck(str(tmp_path / "deck.toml")), SheetOptions(only="all"))
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        sizes = {round(c["size"], 2) for page in document.pages for c in page.chars
                 if c["fontname"].endswith("DejaVuSansCondensed")}
    assert min(sizes) == 4.4


def test_a_caption_that_fits_raises_no_warning(tmp_path: Path) -> None:
    (tmp_path / "deck.toml").write_text(
        DECK.replace(STORY_FR, "Regardez une main.").replace(STORY_EN, "Look at a hand."),
        encoding="utf-8")
    code, output = run_in(["check", "deck.toml", "--games", "0"], tmp_path)
    assert output.splitlines() == ["deck.toml: 109 cards, valid (0 error(s), 0 warning(s))"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", ["53x79", "63x88", "57x89", "56x87", "41x63"])
@pytest.mark.parametrize("backs", [False, True])
def test_margin_instructions_never_shrink_below_readable_nor_reach_the_marks(
        paper: str, size: str, backs: bool) -> None:
    """Measured on the first pages: every size set on the page itself (the faces are
    forms of their own) is at least margin_text_min_size_pt, and the text stays clear of
    the cut marks, which reach mark_gap_mm + mark_length_mm out from the faces."""
    width, height = (float(side) for side in size.split("x"))
    pdf = render_sheets(load_deck("classic"), SheetOptions(
        paper=paper, size=CardSize(width, height), backs=backs))
    least = layout().sheet.margin_text_min_size_pt
    reader = PdfReader(io.BytesIO(pdf))
    for page in reader.pages[:2]:
        content = page.get_contents()
        assert content is not None
        sizes = [float(s) for s in re.findall(rb"([\d.]+) Tf", content.get_data())]
        assert sizes and min(sizes) >= least, (size, sizes)
    sheet = layout().sheet
    reach = (sheet.mark_gap_mm + sheet.mark_length_mm) * 72 / 25.4
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[0]
        faces = [r for r in page.rects if r["width"] > 100 and r["height"] > 100]
        left, top = min(r["x0"] for r in faces), min(r["top"] for r in faces)
        # The text runs in the left margin, or across the top one when the cards need
        # the page's width (the sheets' "ends" layout): either way clear of the marks.
        beside = [c for c in page.chars if c["x1"] < left]
        above = [c for c in page.chars if c["bottom"] < top]
        assert beside or above
        assert not beside or max(c["x1"] for c in beside) <= left - reach
        assert not above or max(c["bottom"] for c in above) <= top - reach
