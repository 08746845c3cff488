"""The wording of the rule texts: French and English say the same thing, in the
project's own words, read back from `cardgen rules` and from the rulebooks' PDFs."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from cardgen.cli import main


def flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def rules_listing(lang: str) -> str:
    result = CliRunner().invoke(main, ["rules", "--lang", lang])
    assert result.exit_code == 0, result.output
    return flat(result.output)


@cache
def book_text(deck: str, lang: str, folder: str) -> str:
    pdf = Path(folder) / f"{deck}-{lang}.pdf"
    result = CliRunner().invoke(main, ["rulebook", deck, "--lang", lang, "-o", str(pdf)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(pdf) as document:
        return flat(" ".join(page.extract_text() or "" for page in document.pages))


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("books"))


def test_runs_go_one_up_or_one_down_in_both_languages() -> None:
    """docs/rules.md O-15: the same number, or one up or one down in the same colour."""
    assert ("runs Runs: after a number, chain the same number or the next one up or down "
            "in its colour.") in rules_listing("en")
    french = rules_listing("fr")
    assert ("runs Suites : après un chiffre, enchaîner le même chiffre, ou le chiffre juste "
            "au-dessus ou juste en dessous dans sa couleur.") in french
    assert "ou le suivant de même couleur" not in french


@pytest.mark.parametrize(("lang", "says", "never"), [
    ("fr", ["no-black-finish Interdit de finir sur une carte noire : on la pose, on pioche "
            "une carte et « UNO ! » compte comme annoncé.",
            "teams Jeu par équipes de deux, partenaires assis en alternance."],
     ["on la joue, on pioche et on annonce UNO", "assises en alternance"]),
    ("en", ["dealer names the colour of a first Wild before looking at their hand",
            "then the player on their left starts.",
            "takes the +4 back into their hand, draws 4 and their turn is over."],
     [" his ", "Joker"]),
])
def test_the_optional_rules_wording(lang: str, says: list[str], never: list[str]) -> None:
    listing = rules_listing(lang)
    for piece in says:
        assert piece in listing, piece
    for piece in never:
        assert piece not in listing, piece


@pytest.mark.parametrize(("deck", "lang", "says", "never"), [
    ("classic", "fr",
     ["seuls les ex æquo tirent une nouvelle carte.",
      "Une carte noire — Joker ou +4 (Super Joker) — se pose sur n'importe quelle carte."],
     ["retirent", "(Joker ou +4 (Super Joker))"]),
    ("unplugged", "fr",
     ["Coup de bol 4 20 Sur sa couleur : posez ensuite, une par une, autant de cartes de "
      "cette couleur que vous voulez."],
     ["pose ensuite une à une", "retirent"]),
    # each rulebook is a build: two of the five are in the slow set
    pytest.param("unplugged", "en",
                 ["Lucky Break 4 20 On its colour: then lay as many cards of that colour as "
                  "you like, one at a time."], [], marks=pytest.mark.slow),
    pytest.param("house", "fr",
                 ["Pour la première manche, les joueurs choisissent le donneur comme ils le "
                  "veulent.",
                  "même couleur et même valeur (chiffre ou symbole), ou la même carte noire"],
                 ["les autres joueurs choisissent", "même figure", "retirent"],
                 marks=pytest.mark.slow),
    ("house", "en",
     ["For the first round, the players choose the dealer as they like.",
      "same colour and same value (number or symbol), or the same black card"],
     ["the other players choose"]),
])
def test_the_rulebooks_wording(folder: str, deck: str, lang: str, says: list[str],
                               never: list[str]) -> None:
    text = book_text(deck, lang, folder)
    for piece in says:
        assert piece in text, piece
    for piece in never:
        assert piece not in text, piece
