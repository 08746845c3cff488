"""Fields of a deck's own card that do not do what they seem to: a coloured card whose
effect goes on any card (it plays as a wild: `check` says so, `any_card = false` binds it
to its colour), and a `symbol` on a card that is not a number (issue 20)."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers.cli import unwrapped
from helpers.paths import DECKS
from pypdf import PdfReader

from cardgen.cli import main
from cardgen.deck.load import load_deck
from cardgen.rulebook import rulebook_pdf
from cardgen.situation import explain

FAMILY = DECKS / "family"
CAT_WARNING = (
    "card 'red-cat' (and yellow-cat, green-cat, blue-cat, of the same [[card]]) is "
    "coloured, but its effect 'peek' goes on any card, so it plays as a wild whatever its "
    "colour; add any_card = false to bind it to its colour (it then goes on its colour or "
    "on a card of its kind), or any_card = true to keep it so")


def family_copy(folder: Path, *edits: tuple[str, str]) -> Path:
    """The family deck in ``folder``, its deck file edited."""
    for name in ("feather.svg", "rules.fr.md", "rules.en.md"):
        (folder / name).write_bytes((FAMILY / name).read_bytes())
    text = (FAMILY / "family.toml").read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text
        text = text.replace(old, new)
    (folder / "family.toml").write_text(text, encoding="utf-8")
    return folder / "family.toml"


BOUND = ('effect = "peek"', 'effect = "peek"\nany_card = false')


def check(path: Path) -> tuple[int, list[str]]:
    result = CliRunner().invoke(main, ["check", str(path), "--games", "0"])
    return result.exit_code, unwrapped(result.output).splitlines()


def test_check_warns_that_a_coloured_peek_card_plays_as_a_wild() -> None:
    code, lines = check(FAMILY / "family.toml")
    assert code == 0
    assert f"warning: {FAMILY / 'family.toml'}: {CAT_WARNING}" in lines
    assert lines[-1].endswith("117 cards, valid (0 error(s), 1 warning(s))")


@pytest.mark.parametrize("value", ["false", "true"])
def test_saying_any_card_either_way_silences_the_warning(tmp_path: Path, value: str) -> None:
    code, lines = check(family_copy(tmp_path, ('effect = "peek"',
                                               f'effect = "peek"\nany_card = {value}')))
    assert code == 0
    assert lines[-1].endswith("valid (0 error(s), 0 warning(s))")


def situation(folder: Path, top: str, expect: str) -> Path:
    path = folder / "situation.toml"
    path.write_text(
        f'deck = "family.toml"\nplayers = 2\ntop = "{top}"\nturn = "P0"\n'
        f'actions = ["P0: play red-cat @P1"]\n{expect}\n'
        '[hands]\nP0 = ["red-cat", "yellow-5"]\nP1 = ["green-3", "yellow-4"]\n',
        encoding="utf-8")
    return path


def test_c12_an_unbound_red_cat_goes_on_a_blue_3_as_a_wild_does(tmp_path: Path) -> None:
    family_copy(tmp_path)
    result = explain(situation(tmp_path, "blue-3", '[expect]\ntop = "red-cat"'))
    assert result.checked and result.failures == []


def test_c12_a_red_cat_bound_to_its_colour_is_refused_on_a_blue_3(tmp_path: Path) -> None:
    family_copy(tmp_path, BOUND)
    result = explain(situation(tmp_path, "blue-3", 'expect_refused = "is not allowed for P0 now"'))
    assert result.checked and result.failures == []


def test_c12_a_red_cat_bound_to_its_colour_goes_on_a_red_3(tmp_path: Path) -> None:
    family_copy(tmp_path, BOUND)
    result = explain(situation(tmp_path, "red-3", '[expect]\ntop = "red-cat"\ncolor = "red"'))
    assert result.checked and result.failures == []


def section(deck: Path, lang: str, title: str, after: str) -> str:
    pdf = rulebook_pdf(load_deck(str(deck)), lang, "a4")
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(BytesIO(pdf)).pages).split())
    start = text.index(title)
    return text[start:text.index(after, start)]


@pytest.mark.parametrize(("lang", "title", "after", "bound", "anywhere"), [
    ("en", "Cat, 4 colours", "Sneeze", "It goes on its colour or on a Cat of another colour.",
     "any card"),
    ("fr", "Chat, 4 couleurs", "Atchoum",
     "Elle se pose sur sa couleur ou sur une carte Chat d'une autre couleur.",
     "n'importe quelle carte"),
])
def test_the_rulebook_says_where_the_cat_goes(tmp_path: Path, lang: str, title: str,
                                              after: str, bound: str, anywhere: str) -> None:
    unbound = section(FAMILY / "family.toml", lang, title, after)
    assert anywhere in unbound and bound not in unbound
    text = section(family_copy(tmp_path, BOUND), lang, title, after)
    assert bound in text and anywhere not in text


def test_a_red_wild_bound_to_red_is_never_said_to_go_on_anything(tmp_path: Path) -> None:
    deck = tmp_path / "red-wild.toml"
    deck.write_text(
        'name = "Red wild"\nbase = "classic"\n[cards]\nred-wild = 2\n[[card]]\n'
        'id = "red-wild"\ncolor = "red"\neffect = "wild"\nany_card = false\npoints = 50\n'
        'name = { fr = "Joker rouge", en = "Red Wild" }\n'
        'plural = { fr = "Jokers rouges", en = "Red Wilds" }\n', encoding="utf-8")
    text = section(deck, "en", "2 cards · 50 points", "Challenging")
    assert "Call the colour. It goes only on a card of its colour." in text
    assert "any card" not in text and "anything" not in text


def own_card(tmp_path: Path, fields: str) -> Path:
    deck = tmp_path / "deck.toml"
    deck.write_text(
        'name = "Test"\nbase = "classic"\n[cards]\nred-halt = 1\n[[card]]\nid = "red-halt"\n'
        'color = "red"\neffect = "skip"\npoints = 20\n'
        f'name = {{ fr = "Halte", en = "Halt" }}\n{fields}\n', encoding="utf-8")
    return deck


def test_a_symbol_on_a_card_that_is_not_a_number_is_warned_about(tmp_path: Path) -> None:
    deck = own_card(tmp_path, 'symbol = "halt"')
    code, lines = check(deck)
    assert code == 0
    assert (f"warning: {deck}: card 'red-halt' sets symbol = 'halt', which does not show on "
            "its face (only a number card's does): no other card has that symbol, so it "
            "changes nothing in play either; remove 'symbol' unless that is what you "
            "want") in lines


def test_a_symbol_shared_with_builtin_cards_says_which_it_matches(tmp_path: Path) -> None:
    deck = own_card(tmp_path, 'symbol = "skip"')
    code, lines = check(deck)
    assert code == 0
    assert (f"warning: {deck}: card 'red-halt' sets symbol = 'skip', which does not show on "
            "its face (only a number card's does): it goes on blue-skip, green-skip, "
            "red-skip, yellow-skip as on a card of its own kind, and the rulebook and "
            "balance count them as one kind; remove 'symbol' unless that is what you "
            "want") in lines


def test_a_number_cards_symbol_is_not_warned_about(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text('name = "Test"\nbase = "classic"\n[cards]\nred-11 = 1\n[[card]]\n'
                    'id = "red-11"\ncolor = "red"\neffect = "number"\nvalue = 11\n'
                    'symbol = "11"\nname = { fr = "11 rouge", en = "Red 11" }\n',
                    encoding="utf-8")
    code, lines = check(deck)
    assert code == 0 and lines[-1].endswith("(0 error(s), 0 warning(s))")
