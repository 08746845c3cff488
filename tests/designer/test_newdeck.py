"""`cardgen new` and `cardgen examples`: a designer's first folder builds as written, and
the examples reach a user who has no checkout."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from helpers.cli import refused, run_in, unwrapped
from helpers.paths import ROOT
from pypdf import PdfReader

from cardgen.catalogue import CARD_FIELDS
from cardgen.check import check_deck
from cardgen.deck.load import DECK_FIELDS, load_deck
from cardgen.designer.examples import example_files


def ok(args: list[str], cwd: Path) -> str:
    code, output = run_in(args, cwd)
    assert code == 0, output
    return output


def text_of(pdf: Path) -> str:
    return " ".join((page.extract_text() or "") for page in PdfReader(pdf).pages)


@pytest.mark.slow  # builds every sheet and both rulebooks
def test_a_new_folder_checks_and_builds_its_sheets_and_both_rulebooks(tmp_path: Path) -> None:
    output = ok(["new", "family-deck"], tmp_path)
    folder = tmp_path / "family-deck"
    assert sorted(p.name for p in folder.iterdir()) == [
        "comet.svg", "family-deck.en.md", "family-deck.fr.md", "family-deck.toml"]
    assert "next: cardgen check family-deck/family-deck.toml" in output
    deck = tomllib.loads((folder / "family-deck.toml").read_text(encoding="utf-8"))
    assert deck["card"][0]["picture"] == "comet.svg"  # the placeholder is the card's own
    assert deck["rulebook"] == {"base": "classic", "fr": "family-deck.fr.md",
                                "en": "family-deck.en.md"}

    checked = ok(["check", "family-deck.toml", "--workers", "1"], folder)
    assert checked.splitlines()[-1].endswith(
        "family-deck.toml: 110 cards, valid (0 error(s), 0 warning(s))")
    ok(["sheets", "family-deck.toml", "-o", "sheets.pdf"], folder)
    assert len(PdfReader(folder / "sheets.pdf").pages) == 13  # 110 faces, 9 a page
    ok(["rulebook", "family-deck.toml", "--lang", "fr", "-o", "fr.pdf"], folder)
    ok(["rulebook", "family-deck.toml", "--lang", "en", "-o", "en.pdf"], folder)
    french, english = text_of(folder / "fr.pdf"), text_of(folder / "en.pdf")
    # The texts' own words, and the card's name filled in from the deck by its id.
    assert "est une variante maison" in french and "2 Comètes" in french
    assert "Nos règles à nous" in french
    assert "is a home-made variant: the base game plus 2 Comets" in english
    assert "Lea lays a Comet" in english and "Our own rules" in english


@pytest.mark.slow  # builds every sheet and both rulebooks
@pytest.mark.parametrize(("base", "total"), [("unplugged", 147), ("house", 111)])
def test_a_new_folder_on_another_base_extends_that_base(tmp_path: Path, base: str,
                                                        total: int) -> None:
    ok(["new", "mine", "--base", base], tmp_path)
    folder = tmp_path / "mine"
    deck = tomllib.loads((folder / "mine.toml").read_text(encoding="utf-8"))
    assert deck["base"] == deck["rulebook"]["base"] == base
    for lang in ("fr", "en"):
        assert (folder / f"mine.{lang}.md").read_text(encoding="utf-8").startswith(
            f'{{% extends "{base}" %}}')
    checked = ok(["check", "mine.toml", "--games", "30", "--workers", "1"], folder)
    assert checked.splitlines()[-1].endswith(
        f"mine.toml: {total} cards, valid (0 error(s), 0 warning(s))")
    for lang in ("fr", "en"):
        ok(["rulebook", "mine.toml", "--lang", lang, "-o", f"{lang}.pdf"], folder)
        assert {"fr": "Comète", "en": "Comet"}[lang] in text_of(folder / f"{lang}.pdf")


def test_the_deck_file_names_every_field_the_reader_accepts(tmp_path: Path) -> None:
    ok(["new", "mine"], tmp_path)
    text = (tmp_path / "mine" / "mine.toml").read_text(encoding="utf-8")
    unnamed = sorted(field for field in DECK_FIELDS | CARD_FIELDS
                     if not re.search(rf"(?<![\w-]){field}(?![\w-])", text))
    assert unnamed == []


def test_every_example_the_deck_file_shows_in_a_comment_is_a_field_the_reader_takes(
        tmp_path: Path) -> None:
    """Uncommented, the examples change the counts (so the total no longer adds up) and
    nothing else is wrong: each is a field, a value and a card cardgen accepts."""
    ok(["new", "mine"], tmp_path)
    path = tmp_path / "mine" / "mine.toml"
    lines = path.read_text(encoding="utf-8").splitlines()
    example = re.compile(r"# ((?:[a-z_\-\d]+ = .*)|(?:\[.*\]))")
    uncommented = [m.group(1) if (m := example.fullmatch(line)) else line for line in lines]
    assert len([line for line in uncommented if line not in lines]) == 26
    path.write_text("\n".join(uncommented) + "\n", encoding="utf-8")
    problems = [problem.message.removeprefix(f"{path}: ")
                for problem in check_deck(load_deck(str(path))).problems]
    # 110 - 1 wild - 2 red 7s + one red 11 + one snail of each colour
    assert problems == ["'total' says 110 cards but the counts add up to 112; fix a count "
                        "or the total"]


def test_lang_says_which_rule_texts_the_folder_gets(tmp_path: Path) -> None:
    ok(["new", "seul", "--lang", "fr"], tmp_path)
    folder = tmp_path / "seul"
    assert sorted(p.name for p in folder.iterdir()) == ["comet.svg", "seul.fr.md", "seul.toml"]
    deck = tomllib.loads((folder / "seul.toml").read_text(encoding="utf-8"))
    assert deck["rulebook"] == {"base": "classic", "fr": "seul.fr.md"}
    checked = ok(["check", "seul.toml", "--games", "0"], folder)
    assert "the English rulebook is the built-in 'classic' text alone" in unwrapped(checked)
    ok(["rulebook", "seul.toml", "--lang", "en", "-o", "en.pdf"], folder)


def test_new_refuses_a_folder_that_is_not_empty(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine", encoding="utf-8")
    message = refused(["new", "mine"], tmp_path)
    assert message == ("mine: this folder exists and is not empty; `cardgen new` writes a "
                       "whole folder: give a new name")
    (tmp_path / "plain").write_text("a file", encoding="utf-8")
    assert refused(["new", "plain"], tmp_path) == "plain: exists and is not a folder; give a " \
        "new name"


def test_a_folder_name_with_quotes_still_gives_a_deck_file_that_reads(tmp_path: Path) -> None:
    ok(["new", 'chez "mamie"'], tmp_path)
    checked = ok(["check", 'chez "mamie"/chez "mamie".toml', "--games", "0"], tmp_path)
    assert checked.splitlines()[-1].endswith("110 cards, valid (0 error(s), 0 warning(s))")
    deck = tomllib.loads((tmp_path / 'chez "mamie"' / 'chez "mamie".toml').read_text("utf-8"))
    assert deck["name"] == {"fr": 'Chez "mamie"', "en": 'Chez "mamie"'}


def test_new_fills_an_empty_folder(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    ok(["new", "mine"], tmp_path)
    assert (tmp_path / "mine" / "mine.toml").is_file()
    assert [p.name for p in tmp_path.iterdir()] == ["mine"]  # no staging folder left


def test_new_from_an_example_copies_its_files_as_they_ship(tmp_path: Path) -> None:
    output = ok(["new", "train", "--from", "night-train"], tmp_path)
    assert output.splitlines()[0] == "wrote train/night-train.toml"
    names = sorted(p.name for p in (tmp_path / "train").iterdir())
    assert names == ["night-train.en.md", "night-train.fr.md", "night-train.toml"]
    for name in names:
        assert (tmp_path / "train" / name).read_bytes() == \
            (ROOT / "examples" / name).read_bytes()
    ok(["new", "party", "--from", "party"], tmp_path)  # a picture beside the deck
    assert sorted(p.name for p in (tmp_path / "party").iterdir()) == [
        "party.toml", "rain-check.svg"]
    ok(["check", "party/party.toml", "--games", "0"], tmp_path)


def test_new_from_an_unknown_example_names_the_examples(tmp_path: Path) -> None:
    assert refused(["new", "train", "--from", "nigth-train"], tmp_path) == (
        "--from: there is no example deck 'nigth-train'; did you mean 'night-train'? the "
        "examples are day-and-night, eleven, night-train, party, wizz")


def test_examples_copies_every_example_and_never_overwrites(tmp_path: Path) -> None:
    output = ok(["examples", "ex"], tmp_path)
    shipped = sorted(p.name for p in (ROOT / "examples").iterdir()
                     if p.is_file() and p.name != "__init__.py")
    assert sorted(p.name for p in (tmp_path / "ex").iterdir()) == shipped
    assert [p.name for p in example_files()] == shipped
    assert output.splitlines()[-1] == ("example decks: day-and-night, eleven, night-train, "
                                       "party, wizz")
    for name in shipped:
        assert (tmp_path / "ex" / name).read_bytes() == (ROOT / "examples" / name).read_bytes()
    (tmp_path / "ex" / "party.toml").write_text("# mine now", encoding="utf-8")
    message = refused(["examples", "ex"], tmp_path)
    assert message.startswith("ex/day-and-night.toml: already exists (and 8 more); `cardgen "
                              "examples` never writes over a file")
    assert (tmp_path / "ex" / "party.toml").read_text(encoding="utf-8") == "# mine now"
