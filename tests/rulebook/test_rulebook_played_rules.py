"""A rulebook says what its deck plays: the rule text of a deck whose `rules` turn on an
optional rule never states the official rule that option replaces; and its tables print
their headers whole. Everything is read back from the PDF `cardgen rulebook` writes."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from cardgen.cli import main


def flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def book(tmp_path: Path, lang: str, rules: list[str], base: str = "classic") -> Path:
    deck = tmp_path / "table.toml"
    deck.write_text(f'name = "Table"\nbase = "{base}"\nrules = {json.dumps(rules)}\n',
                    encoding="utf-8")
    pdf = tmp_path / f"table-{lang}.pdf"
    result = CliRunner().invoke(main, ["rulebook", str(deck), "--lang", lang, "-o", str(pdf)])
    assert result.exit_code == 0, result.output
    return pdf


def pages(pdf: Path) -> list[str]:
    with pdfplumber.open(pdf) as document:
        return [flat(page.extract_text() or "") for page in document.pages]


NO_STACKING = {
    "en": "They cannot defend themselves: a +2 cannot be answered with another +2.",
    "fr": "Il ne peut pas se défendre : on ne répond pas à un +2 par un autre +2.",
}


@pytest.mark.parametrize(("lang", "plus2", "plus4", "quickref"), [
    ("en",
     "The next player draws 2 cards and misses their turn — unless they stack: instead of "
     "drawing, they may lay on it a +2 of any colour or a Wild Draw Four.",
     "The next player draws 4 cards and misses their turn — unless they lay another Wild "
     "Draw Four on it (never a +2): the total then passes to the next player, as with a +2. "
     "A Wild Draw Four laid this way cannot be",  # the picture beside it cuts in
     "Stacking: hit by a +2, lay a +2 or a Wild Draw Four instead of drawing; hit by a "
     "Wild Draw Four, only a Wild Draw Four."),
    ("fr",
     "Le joueur suivant pioche 2 cartes et passe son tour — sauf s'il cumule : au lieu de "
     "piocher, il peut poser dessus un +2 de n'importe quelle couleur ou un +4 (Super Joker).",
     "Le joueur suivant pioche 4 cartes et passe son tour — sauf s'il pose dessus un autre "
     "+4 (Super Joker), jamais un +2 : le total passe alors au joueur suivant, comme pour "
     "un +2. Un +4 (Super Joker) posé ainsi ne",  # the picture beside it cuts in
     "Cumul : touché par un +2, posez un +2 ou un +4 (Super Joker) au lieu de piocher ; "
     "touché par un +4 (Super Joker), seulement un +4 (Super Joker)."),
])
def test_a_deck_that_stacks_draws_says_so_in_its_card_rules_and_quick_reference(
        tmp_path: Path, lang: str, plus2: str, plus4: str, quickref: str) -> None:
    text = pages(book(tmp_path, lang, ["stack-draws"]))
    whole = " ".join(text)
    assert NO_STACKING[lang] not in whole
    assert plus2 in whole
    assert plus4 in whole
    assert quickref in text[-1]  # the quick reference is the last page


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_classic_deck_still_forbids_stacking(tmp_path: Path, lang: str) -> None:
    whole = " ".join(pages(book(tmp_path, lang, [])))
    assert NO_STACKING[lang] in whole
    assert "Stacking: hit by" not in whole and "Cumul : touché" not in whole


@pytest.mark.parametrize(("lang", "rules", "says", "never"), [
    ("en", ["rapido"],  # rapido is made of stack-same-kind and draw-and-pass
     ["unless they lay on it a +2 of any colour (only a +2 answers a +2)",
      "unless they lay on it a Skip of any colour: the",  # the picture cuts in
      "draw the top card of the draw pile and keep it: your turn is over, even if that "
      "card could be played"],
     ["They cannot defend themselves", "If that card can be played, you may lay it at once."]),
    ("fr", ["draw-until-playable"],
     ["piochez une carte à la fois, 3 au plus",
      "Piochez une carte à la fois, 3 au plus, jusqu'à en avoir une jouable"],
     ["Si elle peut être jouée, vous pouvez la poser tout de suite."]),
    ("en", ["jump-in", "seven-swaps"],
     ["unless another player jumps in out of turn",
      "the optional rules of this deck give some numbers an effect of their own",
      "Numbers 0–9 76 face value See the optional rules."],
     ["A number card has no effect", "face value No effect."]),
    ("fr", ["jump-in-identical", "zero-rotates"],
     ["sauf si un autre joueur intervient hors de son tour",
      "les règles optionnelles de ce paquet donnent à certains chiffres un effet propre",
      "Chiffres 0 à 9 76 leur valeur Voir les règles optionnelles."],
     ["Une carte chiffrée n'a aucun effet", "leur valeur Aucun effet."]),
])
def test_the_text_follows_the_other_rules_the_deck_turns_on(
        tmp_path: Path, lang: str, rules: list[str], says: list[str],
        never: list[str]) -> None:
    whole = " ".join(pages(book(tmp_path, lang, rules)))
    for piece in says:
        assert piece in whole, piece
    for piece in never:
        assert piece not in whole, piece


# --- table headers ------------------------------------------------------------------------


@pytest.mark.parametrize("deck", ["classic", "unplugged", "house"])
def test_the_french_quick_reference_prints_its_headers_whole(tmp_path: Path,
                                                             deck: str) -> None:
    """"Nombre" used to break as "Nombr" / "e", and "leur valeur" over two lines."""
    pdf = tmp_path / f"{deck}.pdf"
    result = CliRunner().invoke(main, ["rulebook", deck, "--lang", "fr", "-o", str(pdf)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(pdf) as document:
        words = document.pages[-1].extract_words()
    points = next(w for w in words if w["text"] == "Points")  # the card table's header
    header = [w["text"] for w in words if abs(float(w["top"]) - float(points["top"])) < 2]
    assert header == ["Carte", "Nombre", "Points", "Effet"]
    assert not [w for w in words if w["text"] in ("Nombr", "e")]
    value = [w for w in words if w["text"] in ("leur", "valeur")]
    assert [w["text"] for w in value][:2] == ["leur", "valeur"]
    assert round(float(value[0]["top"])) == round(float(value[1]["top"]))
