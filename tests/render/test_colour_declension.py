"""A language whose adjectives decline asks for the colour's form its noun needs: a
German face reads "Roter Fluch" (masculine), "Blaues Feuer" (neuter), "Rote Hexe"
(feminine), and the plural "Rote Flüche" in the list of `cardgen cards` and the rulebook,
never the noun-form "Rot Fluch" of ``{color}``."""

from __future__ import annotations

import io
from pathlib import Path

import pypdf
import pytest
from helpers.cli import run_in

from cardgen.catalogue.face_languages import FaceLanguages
from cardgen.deck.load import load_deck
from cardgen.render.paper.sheets import SheetOptions, render_sheets

DECK = """
name = { fr = "Sorts", en = "Spells", de = "Zauber", es = "Hechizos", it = "Incantesimi" }
base = "classic"
[cards]
red-hex = 2
blue-fire = 1
red-witch = 1
[[card]]
id = "{color}-hex"
colors = ["red"]
effect = "skip"
points = 20
name = { fr = "Sort {color}", en = "{Color} Hex", de = "{color_m} Fluch", es = "Maleficio {color}", it = "Maleficio {color}" }
plural = { fr = "Sorts {color}", en = "{Color} Hexes", de = "{color_m} Flüche", es = "Maleficios {color}", it = "Malefici {color}" }
[[card]]
id = "{color}-fire"
colors = ["blue"]
effect = "reverse"
points = 20
name = { fr = "Feu {color}", en = "{Color} Fire", de = "{color_n} Feuer", es = "Fuego {color}", it = "Fuoco {color}" }
plural = { fr = "Feux {color}", en = "{Color} Fires", de = "{color_n} Feuer", es = "Fuegos {color}", it = "Fuochi {color}" }
[[card]]
id = "{color}-witch"
colors = ["red"]
effect = "skip"
points = 20
name = { fr = "Sorcière {color_f}", en = "{Color} Witch", de = "{color_f} Hexe", es = "Bruja {color_f}", it = "Strega {color_f}" }
plural = { fr = "Sorcières {color_f}", en = "{Color} Witches", de = "{color_f} Hexen", es = "Brujas {color_f}", it = "Streghe {color_f}" }
"""


def _deck(tmp_path: Path) -> Path:
    path = tmp_path / "spells.toml"
    path.write_text(DECK, encoding="utf-8")
    return path


def _face_text(tmp_path: Path) -> str:
    pdf = render_sheets(load_deck(str(_deck(tmp_path))),
                        SheetOptions(only="specials", lang=FaceLanguages.parse("de")))
    return " ".join(" ".join(page.extract_text().split())
                    for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


def test_german_faces_read_roter_fluch_blaues_feuer_and_rote_hexe(tmp_path: Path) -> None:
    said = _face_text(tmp_path)
    assert "Roter Fluch" in said and "Blaues Feuer" in said and "Rote Hexe" in said, said
    assert "Rot Fluch" not in said and "Blau Feuer" not in said


def test_german_card_list_says_the_declined_names(tmp_path: Path) -> None:
    code, output = run_in(["cards", str(_deck(tmp_path)), "--lang", "de"], tmp_path)
    assert code == 0, output
    assert "Roter Fluch" in output and "Blaues Feuer" in output


@pytest.mark.slow
def test_german_rulebook_says_the_declined_names(tmp_path: Path) -> None:
    code, output = run_in(["rulebook", str(_deck(tmp_path)), "--lang", "de", "-o", "book.pdf"],
                          tmp_path)
    assert code == 0, output
    book = " ".join(" ".join(page.extract_text().split())
                    for page in pypdf.PdfReader(tmp_path / "book.pdf").pages)
    assert "Roter Fluch" in book and "Rote Hexe" in book, book
