"""One card defined once is one kind: a [[card]] table with `colors = [...]` is one
section of the rulebook, one row of `balance`, one kind of `check`'s summary, and its
cards match each other as the four +2 do (tests/decks/family/, issue 20)."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest
from helpers.paths import DECKS
from pypdf import PdfReader

from cardgen.balance.kinds import kind_groups
from cardgen.catalogue import build_cards, catalogue
from cardgen.deck.load import load_deck
from cardgen.engine import Variant
from cardgen.rulebook import rulebook_pdf
from cardgen.rulebook.context import template_context
from cardgen.situation import explain

FAMILY = str(DECKS / "family" / "family.toml")
CATS = ["red-cat", "yellow-cat", "green-cat", "blue-cat"]


def bookmarks(pdf: bytes) -> list[str]:
    def walk(items: list[object]) -> list[str]:
        titles: list[str] = []
        for item in items:
            if isinstance(item, list):
                titles += walk(item)
            else:
                titles.append(" ".join(str(item.title).split()))  # type: ignore[attr-defined]
        return titles
    return walk(PdfReader(BytesIO(pdf)).outline)


def test_a_table_with_four_colours_is_one_kind_in_the_rulebook_context() -> None:
    kinds = template_context(load_deck(FAMILY), "en")["kinds"]
    cats = [k for k in kinds if set(k["ids"]) & set(CATS)]
    assert len(cats) == 1
    assert cats[0]["ids"] == CATS and cats[0]["count"] == 4 and cats[0]["name"] == "Cat"
    assert cats[0]["per_color"] == 1


@pytest.mark.parametrize(("lang", "title", "one_colour"),
                         [("fr", "Chat, 4 couleurs", "Chat rouge"),
                          ("en", "Cat, 4 colours", "Red Cat")])
def test_the_rulebook_gives_the_four_cats_one_section(lang: str, title: str,
                                                      one_colour: str) -> None:
    titles = bookmarks(rulebook_pdf(load_deck(FAMILY), lang, "a4"))
    assert titles.count(title) == 1
    assert not [t for t in titles if one_colour in t or t in ("Cat", "Chat")]


def test_balance_and_checks_summary_count_the_four_cats_as_one_kind() -> None:
    groups = kind_groups(Variant.from_deck(load_deck(FAMILY), 4))
    cats = [g for g in groups if set(g.card_ids) & set(CATS)]
    assert len(cats) == 1
    assert (cats[0].key, cats[0].name.fr, cats[0].name.en) == ("cat", "Chat", "Cat")
    assert cats[0].card_ids == tuple(CATS) and cats[0].copies == 4


def test_the_cats_of_one_table_share_a_symbol_the_others_keep_their_own() -> None:
    deck = load_deck(FAMILY)
    assert {deck.cards[c].symbol for c in CATS} == {"cat"}
    assert deck.cards["sneeze"].symbol == "sneeze"
    assert deck.cards["wild-draw-one"].symbol == "wild-draw-one"


def test_a_table_whose_id_without_colour_is_a_builtin_symbol_keeps_its_own() -> None:
    """`{color}-wild` would make "wild": the built-in Wild's kind. Its id stands in."""
    cat = catalogue()
    entry = {"id": "{color}-wild", "colors": ["red", "blue"], "effect": "skip", "points": 20,
             "name": {"fr": "Joker {color}", "en": "{Color} Wild"}}
    cards, problems = build_cards(entry, cat.colors, cat.effects, default_family="custom",
                                  taken_symbols=frozenset(c.symbol for c in cat.cards.values()))
    assert problems == []
    assert [c.symbol for c in cards] == ["{color}-wild", "{color}-wild"]


def test_c12_a_cat_goes_on_a_cat_of_another_colour(tmp_path: Path) -> None:
    """C-12 (same symbol): cats bound to their colour still go on one another."""
    text = Path(FAMILY).read_text(encoding="utf-8").replace(
        'effect = "peek"', 'effect = "peek"\nany_card = false')
    (tmp_path / "family.toml").write_text(text, encoding="utf-8")
    for name in ("feather.svg", "rules.fr.md", "rules.en.md"):
        (tmp_path / name).write_bytes((Path(FAMILY).parent / name).read_bytes())
    situation = tmp_path / "c12.toml"
    situation.write_text(
        'deck = "family.toml"\nplayers = 2\ntop = "blue-cat"\nturn = "P0"\n'
        'actions = ["P0: play red-cat @P1"]\n[hands]\nP0 = ["red-cat", "red-5"]\n'
        'P1 = ["green-3", "yellow-4"]\n[expect]\ntop = "red-cat"\ncolor = "red"\n',
        encoding="utf-8")
    result = explain(situation)
    assert result.checked and result.failures == []


def test_a_card_of_four_colours_whose_id_names_no_colour_is_refused_not_folded(
        tmp_path: Path) -> None:
    """A designer's "canon" in four colours once became one blue card, the deck "valid":
    three colours lost without a word. Its id must say where the colour goes."""
    from helpers.cli import run_in, unwrapped

    deck = tmp_path / "canon.toml"
    deck.write_text('name = "Canon"\nbase = "classic"\n\n[cards]\ncanon = 1\n\n[[card]]\n'
                    'id = "canon"\neffect = "skip"\ncolors = ["red", "yellow", "green", '
                    '"blue"]\npoints = 20\nname = { fr = "Canon", en = "Cannon" }\n',
                    encoding="utf-8")
    code, output = run_in(["check", str(deck), "--games", "0"], tmp_path)
    assert code == 1
    assert ("card 'canon' makes 4 cards that would all be called 'canon'; put {color} in "
            'its id, e.g. id = "{color}-canon"') in unwrapped(output)
    fixed = deck.read_text(encoding="utf-8").replace('id = "canon"', 'id = "{color}-canon"')
    deck.write_text(fixed.replace("canon = 1", "red-canon = 1\nblue-canon = 2"),
                    encoding="utf-8")
    code, output = run_in(["cards", str(deck)], tmp_path)
    assert code == 0 and "red-canon" in output and "  2 x blue-canon" in output
