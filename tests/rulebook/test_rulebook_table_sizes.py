"""The cards a deck file leaves in the box at some table sizes ([remove_for_players.N])
are in its rulebook, in French and in English, where the book speaks of the number of
players: beside the classic text's "Two players", or in a chapter of their own when the
deck's own text says nothing of them. Each book is built by the real command and read
back with pdfplumber."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from helpers.cli import run_in

DECK = """\
name = {{ fr = "Petite table", en = "Small table" }}
base = "{base}"
players = {{ min = 2, max = 10 }}
{rulebook}
[remove_for_players.2]
wild = 2
blue-reverse = 1

[remove_for_players.3]
wild-draw-four = 1
"""

#: What each book says at two and at three players, for a classic deck of 108 cards.
TWO = {"en": "Leave these cards in the box: 2 Wilds, 1 Blue Reverse. You play with the "
             "remaining 105 cards.",
       "fr": "Laissez ces cartes dans la boîte : 2 Jokers, 1 Inversion bleue. Vous jouez "
             "avec les 105 cartes qui restent."}
THREE = {"en": "Leave these cards in the box: 1 Wild Draw Four. You play with the remaining "
               "107 cards.",
         "fr": "Laissez ces cartes dans la boîte : 1 +4 (Super Joker). Vous jouez avec les "
               "107 cartes qui restent."}
HEADING = {"en": "With {n} players", "fr": "À {n} joueurs"}


def book_text(folder: Path, lang: str, base: str = "classic", rulebook: str = "",
              extra: str = "") -> str:
    (folder / "small.toml").write_text(DECK.format(base=base, rulebook=rulebook) + extra,
                                       encoding="utf-8")
    code, output = run_in(["rulebook", "small.toml", "--lang", lang, "-o", "book.pdf"], folder)
    assert code == 0, output
    with pdfplumber.open(folder / "book.pdf") as pdf:
        text = " ".join(page.extract_text() or "" for page in pdf.pages)
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def in_order(text: str, *parts: str) -> bool:
    """Whether the parts are in the text one after the other (after the contents page,
    which lists the headings first)."""
    at = text.index(parts[0])
    for part in parts[1:]:
        found = text.find(part, at)
        if found < 0:
            return False
        at = found
    return True


#: The base game's small-table rules, and what follows them, in each built-in text.
PLACES = {
    ("classic", "en"): ("The rules stay the same, with three changes", "Playing in teams"),
    ("classic", "fr"): ("Les règles ne changent pas, à trois détails près", "En équipes"),
    ("house", "en"): ("With two players, the classic two-player changes apply",
                      "The optional rules of this deck"),
    ("house", "fr"): ("À deux, les changements des règles classiques s'appliquent",
                      "Les règles optionnelles de ce paquet"),
}


#: the texts checked in the quick set (a rulebook each); the other two are in the slow set
QUICK_PLACES = {("classic", "en"), ("house", "fr")}


@pytest.mark.parametrize(("base", "lang"), [
    place if place in QUICK_PLACES else pytest.param(*place, marks=pytest.mark.slow)
    for place in sorted(PLACES)])
def test_the_cards_left_out_at_two_and_three_players_are_beside_the_two_player_rules(
        tmp_path: Path, base: str, lang: str) -> None:
    text = book_text(tmp_path, lang, base)
    two_players, after = PLACES[base, lang]
    # The house deck has 109 cards, one more than the classic one.
    two, three = TWO[lang], THREE[lang]
    if base == "house":
        two, three = two.replace("105", "106"), three.replace("107", "108")
    # Before, neither sentence was anywhere in the book.
    assert text.count(two) == 1 and text.count(three) == 1
    assert in_order(text, two_players, two, HEADING[lang].format(n=3), three, after)


RULEBOOK = """\
[rulebook]
base = "classic"
fr = "own.md"
en = "own.md"
"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_text_of_the_decks_own_that_never_mentions_them_gets_them_in_a_chapter(
        tmp_path: Path, lang: str) -> None:
    (tmp_path / "own.md").write_text("# Our game\n\nPlay nicely.\n\n@cards\n\n@gallery\n",
                                     encoding="utf-8")
    text = book_text(tmp_path, lang, rulebook=RULEBOOK)
    chapter = {"en": "Cards left in the box", "fr": "Les cartes laissées dans la boîte"}[lang]
    assert in_order(text, "Play nicely.", chapter, HEADING[lang].format(n=2), TWO[lang],
                    HEADING[lang].format(n=3), THREE[lang])


def test_a_text_that_places_them_itself_has_them_once_where_it_put_them(
        tmp_path: Path) -> None:
    (tmp_path / "own.md").write_text(
        "# Our game\n\nPlay nicely.\n\n{% import \"_shared\" as shared with context %}\n"
        "{{ shared.table_sizes() }}\n\n# The end\n\nGood night.\n", encoding="utf-8")
    text = book_text(tmp_path, "en", rulebook=RULEBOOK)
    assert "Cards left in the box" not in text
    assert text.count(TWO["en"]) == 1 and text.count(THREE["en"]) == 1
    assert in_order(text, "Play nicely.", "With 2 players", TWO["en"], "With 3 players",
                    THREE["en"], "Good night.")



def test_a_table_size_that_takes_no_copy_out_is_not_mentioned(tmp_path: Path) -> None:
    text = book_text(tmp_path, "en", extra="\n[remove_for_players.4]\nwild = 0\n")
    # Before, the book had a section "With 4 players" saying "Leave these cards in the
    # box: You play with the remaining 108 cards.", with no card in it.
    assert "With 4 players" not in text
    assert THREE["en"] in text
