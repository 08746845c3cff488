"""The steps of reading a deck file (cardgen/deck/, deckcards.py, catalogue.build_cards)
that no other test pins: how one [[card]] table becomes cards, and the exact messages of
the count checks, in the order load_deck reports them."""

from __future__ import annotations

from pathlib import Path

from cardgen.catalogue import build_cards, catalogue, pictogram_names
from cardgen.deck.load import load_deck


def deck_file(folder: Path, text: str) -> str:
    path = folder / "deck.toml"
    path.write_text('name = "Steps"\nbase = "classic"\n' + text)
    return str(path)


def test_one_card_table_gives_a_card_per_colour_and_value_colours_first() -> None:
    cat = catalogue()
    entry = {"id": "star-{value}-{color}", "effect": "number", "colors": ["red", "blue"],
             "values": [1, 2], "name": {"fr": "Étoile {color} {value}", "en": "{Color} star"}}
    cards, problems = build_cards(entry, cat.colors, cat.effects, default_family="custom")
    assert problems == []
    assert [(c.id, c.symbol, c.points, c.color, c.value) for c in cards] == [
        ("star-1-red", "1", 1, "red", 1), ("star-2-red", "2", 2, "red", 2),
        ("star-1-blue", "1", 1, "blue", 1),
        ("star-2-blue", "2", 2, "blue", 2)]  # a number's symbol is its value (C-12)
    assert (cards[0].name.fr, cards[0].name.en) == ("Étoile rouge 1", "Red star")
    assert {c.family for c in cards} == {"custom"}


def test_problems_of_one_card_table_come_field_by_field() -> None:
    cat = catalogue()
    entry = {"id": "moon", "effect": "wild", "family": "space", "points": 2000,
             "reaction": "yes", "pictogram": "nope", "colour": "red"}
    cards, problems = build_cards(entry, cat.colors, cat.effects, default_family="custom")
    assert problems[0].startswith("card 'moon' has unknown field(s) colour; the fields are ")
    assert problems[1:] == [
        "card 'moon' has family 'space'; use one of attack, classic, extra, flip, house, nomercy, unplugged, custom",
        "card 'moon': points must be a whole number from 0 to 1000",
        "card 'moon': 'reaction' must be true or false",
        "card 'moon' has no name; give it one in both languages, e.g. "
        'name = { fr = "…", en = "…" }',
        f"card 'moon' has pictogram 'nope'; use one of {', '.join(pictogram_names())} "
        "(or a 'picture' file)"]
    # The problems are not fatal: the card is built with the fallbacks.
    assert [(c.family, c.points, c.reaction, c.pictogram, c.name.en) for c in cards] == [
        ("custom", 0, False, None, "moon")]


def test_counts_problems_in_the_order_load_deck_reports_them(tmp_path: Path) -> None:
    ref = deck_file(tmp_path, 'total = 3\n'
                    '[[card]]\nid = "red-1"\neffect = "wild"\npoints = 50\nname = "Red"\n'
                    '[[card]]\nid = "joker"\neffect = "wild"\npoints = 50\n'
                    'name = { fr = "Rouge 2", en = "Red 2" }\n'
                    '[[card]]\nid = "spare"\neffect = "wild"\npoints = 50\nname = "Spare"\n'
                    '[cards]\n"Red 2" = 1\njoker = 1\nwild = 500\n'
                    '[remove_for_players.3]\njoker = 2\n')
    assert [(p.level, p.message) for p in load_deck(ref).problems] == [
        ("error", f"{ref}: card 'red-1' is already a built-in card; give your card another id"),
        ("error", f"{ref}: 'Red 2' could mean joker, red-2; use the card's id"),
        ("warning", f"{ref}: card 'spare' is defined but has no count in [cards], so the deck "
                    "holds none; add it to [cards]"),
        ("error", f"{ref}: [remove_for_players.3] takes out 2 'joker' but the deck holds 1"),
        ("error", f"{ref}: 'total' says 3 cards but the counts add up to 605; fix a count or "
                  "the total"),
    ]


def test_a_deck_of_more_than_5000_cards_is_refused(tmp_path: Path) -> None:
    counts = "".join(f"{color}-{value} = 500\n" for color in ("red", "blue")
                     for value in range(1, 7))
    ref = deck_file(tmp_path, "[cards]\n" + counts)
    assert [p.message for p in load_deck(ref).errors] == [
        f"{ref}: the deck holds 6084 cards, more than the 5000 cardgen handles; check the "
        "counts"]
