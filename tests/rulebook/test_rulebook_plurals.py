"""Card names after a count agree with it: "8 Inversions", "4 Wilds", "2 Fouines".

A card's name stays what it is; the card data gives a plural per language where it
differs (``plural = { fr = "Inversions {color_f}", en = "{Color} Reverses" }``), and the
rulebook uses it after any count but 1 (French: 0 and 1 take the singular). The texts
are read back from the rulebook PDFs with pypdf.
"""

from __future__ import annotations

import re
from functools import cache
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.catalogue import catalogue
from cardgen.deck.load import load_deck
from cardgen.rulebook import rulebook_pdf
from cardgen.rulebook.context import template_context


def flat(text: str) -> str:
    """Extracted text with every run of whitespace (non-breaking included) as one space."""
    return " ".join(text.replace("\u00a0", " ").split())


@cache
def text_of(ref: str, lang: str) -> str:
    reader = PdfReader(BytesIO(rulebook_pdf(load_deck(ref), lang)))
    return flat(" ".join(page.extract_text() for page in reader.pages))


# --- the built-in rulebooks --------------------------------------------------------

PLURALS = [
    ("classic", "fr", ["8 +2, 8 Inversions et 8 Passe ton tour, réparties à parts égales",
                       "4 Jokers et 4 +4 (Super Jokers)."]),
    ("classic", "en", ["8 +2, 8 Reverses and 8 Skips, spread evenly",
                       "4 Wilds and 4 Wild Draw Fours."]),
    ("house", "fr", ["8 +2, 8 Inversions et 8 Passe ton tour, réparties à parts égales",
                     "4 Jokers et 4 +4 (Super Jokers).",
                     "quatre +4 (Super Jokers). La première",
                     "(quatre +4 (Super Jokers) font 16)",
                     "deux Inversions s'annulent"]),
    ("house", "en", ["8 +2, 8 Reverses and 8 Skips, spread evenly",
                     "4 Wilds and 4 Wild Draw Fours.",
                     "(four Wild Draw Fours make 16)"]),
    ("unplugged", "fr", ["8 +2, 8 Inversions colorées et 8 Passe ton tour ;",
                         "5 Jokers, 4 +4 (Super Jokers), 5 +4 ? et 1 +8 ;",
                         "5 Non !, 2 Fouines, 4 Boomerangs, 3 Dérivations, 1 Inversion, "
                         "4 Coups de bol, 4 Échanges, 1 Vache, 1 Vache folle, 1 Générosité, "
                         "1 Trésor, 1 Effet Plus, 2 Pingouins.",
                         "les 8 Inversions colorées (rouge, jaune, verte, bleue) changent",
                         # 1 takes the singular in French
                         "1 Échange, 1 Vache, 1 +8, 1 Boomerang, 1 Non !, 1 Dérivation."]),
    ("unplugged", "en", ["8 +2, 8 Reverses and 8 Skips;",
                         "5 Wilds, 4 Wild Draw Fours, 5 +4? and 1 +8;",
                         "5 No!, 2 Snoops, 4 Boomerangs, 3 Detours, 1 Switch, 4 Lucky Breaks, "
                         "4 Swaps, 1 Cow, 1 Mad Cow, 1 Generosity, 1 Treasure, 1 Plus Effect, "
                         "2 Penguins.",
                         "1 Swap, 1 Cow, 1 +8, 1 Boomerang, 1 No!, 1 Detour."]),
]


@pytest.mark.parametrize(("deck", "lang", "phrases"), PLURALS,
                         ids=[f"{d}-{lang}" for d, lang, _ in PLURALS])
def test_names_after_a_count_are_plural(deck: str, lang: str, phrases: list[str]) -> None:
    text = text_of(deck, lang)
    for phrase in phrases:
        assert phrase in text


#: Names that have a plural, as the running text writes them (without their colour).
#: (A name that begins a longer one may not stand for it: "4 Wild Draw Fours" is right.)
NAMES = {
    "fr": r"(?P<name>Inversion colorée|Inversion(?! colorée)|Joker|Fouine|Boomerang"
          r"|Dérivation|Coup de bol|Échange|Vache folle|Vache(?! folle)|Trésor|Pingouin"
          r"|\+4 \(Super Joker\))",
    "en": r"(?P<name>Wild Draw Four|Wild(?! Draw)|Reverse|Skip|Snoop|Boomerang|Detour"
          r"|Lucky Break|Swap|Penguin)",
}
#: A count other than one in a sentence, followed by one of those names in the singular:
#: in a list ("… : 4 Joker et …", "les 8 Inversion colorée (…") or after a number
#: word ("deux Inversion s'annulent", "four Wild Draw Four make 16"). The card table
#: and the page numbers, where a figure may stand before a name, are not sentences.
SINGULARS = {
    "fr": r"(?:(?:[:,] |\bet |\bles )(?:[2-9]|\d\d+)|\b(?:deux|trois|quatre|plusieurs)) "
          + NAMES["fr"] + r"(?![\w)])",
    "en": r"(?:(?:[:,] |\band |\bthe )(?:[02-9]|\d\d+)|\b(?:two|three|four|several)) "
          + NAMES["en"] + r"(?![\w-])(?! cards?\b)",
}


@pytest.mark.parametrize("deck", ["classic", "house", "unplugged"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_singular_after_a_plural_count(deck: str, lang: str) -> None:
    text = text_of(deck, lang)
    found = [match.group(0) for match in re.finditer(SINGULARS[lang], text)]
    assert found == []
    for phrase in ("8 Inversion et", "4 Joker et", "8 Inversion colorée", "2 Fouine,",
                   "4 Boomerang,", "2 Pingouin.", "deux Inversion s'annulent", "répartis",
                   "4 Wild and", "8 Reverse and", "8 Skip,", "4 Wild Draw Four.",
                   "Wild Draw Four make", "2 Snoop,", "2 Penguin."):
        assert phrase not in text


def test_the_singular_check_finds_the_old_texts() -> None:
    """The pattern above does catch a singular after a count, in each language."""
    old_fr = ("couleur : 8 +2, 8 Inversion et 8 Passe ton tour, répartis. 8 cartes noires : "
              "4 Joker et 4 +4 (Super Joker). les 8 Inversion colorée (rouge) ; deux "
              "Inversion s'annulent (quatre +4 (Super Joker) font 16) : 5 Non !, 2 Fouine, 1 "
              "Inversion")
    old_en = ("8 +2, 8 Reverse and 8 Skip, spread. 8 black cards: 4 Wild and 4 Wild Draw "
              "Four. (four Wild Draw Four make 16), two Reverse cards cancel")
    assert [m["name"] for m in re.finditer(SINGULARS["fr"], old_fr)] == [
        "Inversion", "Joker", "+4 (Super Joker)", "Inversion colorée", "Inversion",
        "+4 (Super Joker)", "Fouine"]
    assert [m["name"] for m in re.finditer(SINGULARS["en"], old_en)] == [
        "Reverse", "Skip", "Wild", "Wild Draw Four", "Wild Draw Four"]


@pytest.mark.parametrize("deck", ["classic", "house"])
def test_participle_agrees_with_the_cards(deck: str) -> None:
    """« 24 cartes d'action de couleur : … , réparties » agrees with « cartes »."""
    text = text_of(deck, "fr")
    assert "réparties à parts égales" in text
    assert "répartis à parts égales" not in text


# --- the data ------------------------------------------------------------------------

def test_plural_defaults_to_the_name() -> None:
    cat = catalogue()
    assert cat["green-reverse"].name.fr == "Inversion verte"  # the name does not change
    assert cat["green-reverse"].plural.fr == "Inversions vertes"
    assert cat["green-reverse"].plural.en == "Green Reverses"
    assert cat["wild-draw-four"].plural.en == "Wild Draw Fours"
    # no plural given: the name as it is, in each language
    assert cat["non"].plural == cat["non"].name
    assert cat["wild-draw-eight"].plural == cat["wild-draw-eight"].name
    assert cat["red-draw-two"].plural.en == "Red +2"


def test_counted_follows_each_language() -> None:
    from cardgen.rulebook.context import counted, takes_plural

    assert [takes_plural(n, "fr") for n in (0, 1, 2)] == [False, False, True]
    assert [takes_plural(n, "en") for n in (0, 1, 2)] == [True, False, True]
    assert counted(1, "Inversion", "Inversions", "fr") == "1 Inversion"
    assert counted(0, "Inversion", "Inversions", "fr") == "0 Inversion"
    assert counted(0, "Reverse", "Reverses", "en") == "0 Reverses"
    assert counted(8, "+2", None, "en") == "8 +2"


def test_context_gives_kinds_their_plural() -> None:
    context = template_context(load_deck("unplugged"), "fr")
    assert context["plural"]("reverse") == "Inversions"
    assert context["plural"]("coup-de-bol") == "Coups de bol"
    assert context["plural"]("skip") == "Passe ton tour"
    assert context["count_of"]("fouine") == "2 Fouines"
    assert context["count_of"]("inversion") == "1 Inversion"


# --- a deck file's own cards ------------------------------------------------------------

DECK = """\
name = {{ fr = "Essai", en = "Trial" }}
base = "unplugged"

[cards]
rain-check = 2
tunnel = 3
green-reverse = 3

[[card]]
id = "rain-check"
effect = "downpour"
params = {{ amount = 3 }}
points = 50
name = {{ fr = "Averse", en = "Rain Check" }}
{plural}

[[card]]
id = "tunnel"
effect = "downpour"
points = 50
name = {{ fr = "Tunnel", en = "Tunnel" }}

[remove_for_players.3]
rain-check = 2
green-reverse = 2
"""


def write_deck(tmp_path: Path, plural: str) -> Path:
    path = tmp_path / "trial.toml"
    path.write_text(DECK.format(plural=plural), encoding="utf-8")
    return path


def test_deck_file_cards_give_their_plural(tmp_path: Path) -> None:
    path = str(write_deck(tmp_path, 'plural = { fr = "Averses", en = "Rain Checks" }'))
    fr, en = text_of(path, "fr"), text_of(path, "en")
    # a card without 'plural' keeps its name: nothing is guessed
    assert "Cartes propres à ce paquet : 2 Averses, 3 Tunnel." in fr
    assert "Cards of this deck's own: 2 Rain Checks, 3 Tunnel." in en
    # the cards left in the box, with their colour (French colour words agree)
    assert "Laissez ces cartes dans la boîte : 2 Averses, 2 Inversions vertes." in fr
    assert "Leave these cards in the box: 2 Rain Checks, 2 Green Reverses." in en


def test_a_plural_in_one_language_leaves_the_other_name(tmp_path: Path) -> None:
    deck = load_deck(str(write_deck(tmp_path, 'plural = { fr = "Averses" }')))
    assert deck.cards["rain-check"].plural.fr == "Averses"
    assert deck.cards["rain-check"].plural.en == "Rain Check"


def test_a_bad_plural_is_refused_by_name(tmp_path: Path) -> None:
    # xx: a code no catalogue of templates/locale/ will take.
    deck = load_deck(str(write_deck(tmp_path, 'plural = { fr = "", xx = "Regen" }')))
    message = "\n".join(problem.message for problem in deck.errors)
    assert "card 'rain-check' plural has unknown language(s) xx" in message
    assert "card 'rain-check' plural.fr must be a text that is not empty" in message
