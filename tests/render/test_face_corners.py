"""The corner indices of a deck's own cards, read back from the sheets in each language:
chosen with the card's ``corner`` field, and by default the initials of the name in the
face's language (never the English initials on a French face)."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest

from cardgen.catalogue.face_languages import FaceLanguages
from cardgen.deck.load import load_deck
from cardgen.render.paper.sheets import SheetOptions, render_sheets

DECK = """
name = { fr = "Famille", en = "Family" }
base = "classic"
[cards]
magic-kiss = 1
kiss-chosen = 1
peek-eye = 1
cat-red = 1
[[card]]
id = "magic-kiss"
effect = "wild-draw"
points = 20
params = { amount = 1 }
name = { fr = "Bisou magique", en = "Magic Kiss" }
[[card]]
id = "kiss-chosen"
effect = "wild"
points = 20
corner = { fr = "BX", en = "KX" }
name = { fr = "Bisou choisi", en = "Chosen Kiss" }
[[card]]
id = "peek-eye"
effect = "peek"
points = 20
corner = { pictogram = "eye" }
name = { fr = "Regard", en = "Glance" }
[[card]]
id = "cat-{color}"
colors = ["red"]
effect = "peek"
points = 20
name = { fr = "Chat {color}", en = "{Color} Cat" }
"""


def _corner_words(tmp_path: Path, lang: str) -> list[list[str]]:
    """For each face in order, the words set large (corner indices) along its top edge,
    left to right."""
    (tmp_path / "family.toml").write_text(DECK, encoding="utf-8")
    deck = load_deck(str(tmp_path / "family.toml"))
    assert not deck.errors, deck.errors
    pdf = render_sheets(deck, SheetOptions(only="specials", lang=FaceLanguages.parse(lang)))
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[0]
        faces = sorted((r for r in page.rects if r["width"] > 100 and r["height"] > 150),
                       key=lambda r: (round(r["top"]), r["x0"]))
        found = []
        for face in faces:
            band = page.crop((face["x0"], face["top"], face["x1"], face["top"] + 34))  # 12 mm
            words = band.extract_words(extra_attrs=["size", "fontname"])
            found.append([w["text"] for w in sorted(words, key=lambda w: w["x0"])
                          if w["size"] > 7 and "FontAwesome" not in w["fontname"]])
    return found


def test_french_faces_show_french_initials_and_the_chosen_french_corner(
        tmp_path: Path) -> None:
    assert _corner_words(tmp_path, "fr") == [["BM", "BM"], ["BX", "BX"], [], ["C", "C"]]


def test_english_faces_show_english_initials_and_the_chosen_english_corner(
        tmp_path: Path) -> None:
    assert _corner_words(tmp_path, "en") == [["MK", "MK"], ["KX", "KX"], [], ["C", "C"]]


def test_a_face_in_both_languages_has_a_french_and_an_english_corner(
        tmp_path: Path) -> None:
    """French on the left, English on the right, as the names read top to bottom."""
    assert _corner_words(tmp_path, "both") == [["BM", "MK"], ["BX", "KX"], [], ["C", "C"]]


def test_a_corner_pictogram_is_drawn_in_both_top_corners(tmp_path: Path) -> None:
    (tmp_path / "family.toml").write_text(DECK, encoding="utf-8")
    deck = load_deck(str(tmp_path / "family.toml"))
    pdf = render_sheets(deck, SheetOptions(only="specials", lang=FaceLanguages.parse("fr")))
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[0]
        icons = [c for c in page.chars if "FontAwesome" in c["fontname"]]
    # The third face (peek-eye) is the only one with an icon glyph, once per corner.
    assert len(icons) == 2 and icons[0]["text"] == icons[1]["text"]


@pytest.mark.parametrize(("corner", "message"), [
    ('"ABCD"', "corner.fr must be 1 to 3 characters, got 'ABCD'"),
    ('{ fr = "" }', "corner.fr must be 1 to 3 characters, got ''"),
    ('{ pictogram = "unicorn" }', "has corner pictogram 'unicorn'; use one of ban, "),
    ('{ xx = "X" }', "'corner' must be a short text or a table"),  # xx: no language
    ("3", "'corner' must be a short text or a table"),
])
def test_a_corner_that_cannot_be_drawn_is_refused_naming_the_card(
        tmp_path: Path, corner: str, message: str) -> None:
    (tmp_path / "deck.toml").write_text(DECK.replace(
        'corner = { fr = "BX", en = "KX" }', f"corner = {corner}"), encoding="utf-8")
    errors = [p.message for p in load_deck(str(tmp_path / "deck.toml")).errors]
    assert len(errors) == 1 and "card 'kiss-chosen'" in errors[0], errors
    assert message in errors[0], errors


SMALL_WORDS = """
name = { fr = "Citrouilles", en = "Pumpkins", es = "Calabazas", it = "Zucche", de = "Kürbisse" }
base = "classic"
[cards]
pumpkin-rain = 1
[[card]]
id = "pumpkin-rain"
effect = "wild"
points = 50
name = { fr = "Pluie d'étoiles", en = "Rain of Pumpkins", es = "Lluvia de calabazas", it = "Pioggia di zucche", de = "Regen von Kürbissen" }
"""


@pytest.mark.parametrize(("lang", "initials"), [
    ("es", "LC"), ("it", "PZ"), ("de", "RK"), ("en", "RP"), ("fr", "PÉ")])
def test_corner_initials_leave_out_the_small_words_of_each_language(
        tmp_path: Path, lang: str, initials: str) -> None:
    """Articles and prepositions ("de", "di", "von", "of", an elided "d'") do not count:
    "Lluvia de calabazas" shows "LC", never "LD"."""
    (tmp_path / "pumpkins.toml").write_text(SMALL_WORDS, encoding="utf-8")
    deck = load_deck(str(tmp_path / "pumpkins.toml"))
    pdf = render_sheets(deck, SheetOptions(only="specials", lang=FaceLanguages.parse(lang)))
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[0]
        face = next(r for r in page.rects if r["width"] > 100 and r["height"] > 150)
        band = page.crop((face["x0"], face["top"], face["x1"], face["top"] + 34))
        words = [w["text"] for w in band.extract_words(extra_attrs=["size"]) if w["size"] > 7]
    assert words == [initials, initials]
