"""The command line's own words, read as a user reads them (issue 42, item 6): the help
names every language cardgen writes, shows no empty range, `png` counts faces and the
back apart, `cards` says points in the table's language, and `new --lang` writes its
deck's names in the languages asked."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from helpers.cli import run_in

from cardgen.catalogue.locale import languages

TINY = """name = "Tiny"
players = { min = 2, max = 2 }
[cards]
red-1 = 10
blue-2 = 10
"""


def test_rulebook_help_names_every_language_of_the_catalogues(tmp_path: Path) -> None:
    code, output = run_in(["rulebook", "--help"], tmp_path)
    assert code == 0
    said = " ".join(output.split())
    assert "in French or in English" not in said
    assert f"It writes {', '.join(languages())}:" in said
    assert set(languages()) >= {"fr", "en", "de", "es", "it"}


def test_sheets_help_shows_no_empty_range(tmp_path: Path) -> None:
    code, output = run_in(["sheets", "--help"], tmp_path)
    assert code == 0 and "None]" not in output and "[x<=" not in output and "[x>=" not in output


def test_png_counts_the_faces_and_the_back_apart(tmp_path: Path) -> None:
    (tmp_path / "tiny.toml").write_text(TINY, encoding="utf-8")
    code, output = run_in(["png", "tiny.toml", "--dpi", "50", "-o", "out"], tmp_path)
    assert code == 0, output
    assert output.splitlines()[0] == "wrote 2 face images and the back (back.png) into out"
    assert sorted(p.name for p in (tmp_path / "out").glob("*.png") if "tts" not in p.name) \
        == ["back.png", "blue-2.png", "red-1.png"]


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("en", "1 point ", "20 points"), ("de", "1 Punkt ", "20 Punkte"),
    ("es", "1 punto ", "20 puntos"), ("it", "1 punto ", "20 punti"),
    ("fr", "1 point ", "20 points")])
def test_cards_says_points_in_the_tables_language(tmp_path: Path, lang: str, one: str,
                                                  many: str) -> None:
    code, output = run_in(["cards", "classic", "--lang", lang], tmp_path)
    assert code == 0 and "pts" not in output
    red_one = next(line for line in output.splitlines() if " red-1 " in line)
    red_two = next(line for line in output.splitlines() if " red-draw-two " in line)
    assert one in red_one and many in red_two, output


@pytest.mark.parametrize(("lang", "name", "plural"), [
    ("de", "Komet", "Kometen"), ("es", "Cometa", "Cometas"), ("it", "Cometa", "Comete")])
def test_new_lang_writes_the_decks_names_in_that_language(tmp_path: Path, lang: str,
                                                          name: str, plural: str) -> None:
    code, output = run_in(["new", "mine", "--lang", lang], tmp_path)
    assert code == 0, output
    deck = tomllib.loads((tmp_path / "mine" / "mine.toml").read_text(encoding="utf-8"))
    card = deck["card"][0]
    assert (card["name"][lang], card["plural"][lang]) == (name, plural)
    assert {"fr", "en", lang} <= set(card["caption"]) and lang in deck["description"]
    assert lang in deck["name"]
    # Nothing left for --fallback-en to fill in: the cards list reads in that language.
    code, output = run_in(["cards", "mine/mine.toml", "--lang", lang], tmp_path)
    assert code == 0 and f"  {name}" in output, output
