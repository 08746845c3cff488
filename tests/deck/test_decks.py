"""The built-in decks hold exactly the cards of their source documents (C-01, U-01…U-04)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from helpers.paths import EXAMPLES

from cardgen.catalogue import catalogue
from cardgen.check import check_deck
from cardgen.deck.load import builtin_names, load_deck
from cardgen.engine import Variant

COLORS = ["red", "yellow", "green", "blue"]

#: The 36 cards Uno Unplugged glues onto a second standard deck (seed 000, pages 7-9).
UNPLUGGED_SPECIALS = {
    "wild-draw-four-choice": 5, "wild-draw-eight": 1, "echange": 4, "coup-de-bol-red": 1,
    "coup-de-bol-yellow": 1, "coup-de-bol-green": 1, "coup-de-bol-blue": 1, "fouine": 2,
    "vache": 1, "generosite": 1, "vache-folle": 1, "inversion": 1, "boomerang": 4,
    "derivation": 3, "non": 5, "tresor": 1, "effet-plus": 1, "pingouin": 2,
}


def test_c01_classic_deck_is_the_official_108() -> None:
    deck = load_deck("classic")
    counts = deck.counts_for()
    assert sum(counts.values()) == 108
    for color in COLORS:
        assert counts[f"{color}-0"] == 1
        for value in range(1, 10):
            assert counts[f"{color}-{value}"] == 2
        for action in ("draw-two", "reverse", "skip"):
            assert counts[f"{color}-{action}"] == 2
    assert counts["wild"] == 4
    assert counts["wild-draw-four"] == 4
    by_kind = Counter(deck.cards[c].effect for c in counts for _ in range(counts[c]))
    assert by_kind == {"number": 76, "draw": 8, "reverse": 8, "skip": 8, "wild": 4,
                       "wild-draw": 4}


def test_c02_classic_is_for_two_to_ten_players() -> None:
    deck = load_deck("classic")
    assert (deck.min_players, deck.max_players) == (2, 10)


def test_c30_classic_points() -> None:
    cat = catalogue()
    assert cat["blue-7"].points == 7
    assert cat["red-0"].points == 0
    assert {cat[f"green-{a}"].points for a in ("draw-two", "reverse", "skip")} == {20}
    assert cat["wild"].points == 50
    assert cat["wild-draw-four"].points == 50  # K-22: blank in 004, 50 in 001/002


def test_u01_unplugged_follows_its_list_145_cards() -> None:
    deck = load_deck("unplugged")
    counts = deck.counts_for()
    assert sum(counts.values()) == 145
    classic = load_deck("classic").counts_for()
    for card_id, count in classic.items():
        expected = 5 if card_id == "wild" else count  # the fifth Joker
        assert counts[card_id] == expected, card_id
    specials = {cid: n for cid, n in counts.items() if not deck.cards[cid].is_standard}
    assert specials == UNPLUGGED_SPECIALS
    assert sum(specials.values()) == 36


def test_u02_two_inversions_are_two_different_cards() -> None:
    cat = catalogue()
    assert cat["red-reverse"].effect == "reverse"
    assert cat["inversion"].effect == "swap-two-others"
    assert cat["inversion"].name.fr == "Inversion"
    assert cat["red-reverse"].id != cat["inversion"].id
    # The vignettes titled "+4" that let you choose the victim are the +4? cards.
    assert cat["wild-draw-four-choice"].param("choose_victim") is True
    assert cat["wild-draw-four"].param("choose_victim") is False


def test_u03_unplugged_is_for_three_to_ten_players() -> None:
    deck = load_deck("unplugged")
    assert (deck.min_players, deck.max_players) == (3, 10)
    report = check_deck(deck, players=2)
    assert not report.valid
    assert "3 to 10 players, not 2" in report.errors[0].message


def test_u04_three_players_take_out_exactly_six_cards() -> None:
    deck = load_deck("unplugged")
    full, three = deck.counts_for(), deck.counts_for(3)
    assert sum(three.values()) == 139
    removed = {cid: full[cid] - three.get(cid, 0) for cid in full if full[cid] != three.get(cid)}
    assert removed == {"echange": 1, "vache": 1, "wild-draw-eight": 1, "boomerang": 1,
                       "non": 1, "derivation": 1}
    # K-16: the only Vache and the only +8 go; the Vache folle stays.
    assert "vache" not in three and "wild-draw-eight" not in three
    assert three["vache-folle"] == 1


def test_u07_unplugged_specials_and_black_draws_cannot_start() -> None:
    deck = load_deck("unplugged")
    barred = {cid for cid, _ in deck.counts_for().items() if not deck.cards[cid].can_start}
    assert barred == set(UNPLUGGED_SPECIALS) | {"wild-draw-four"}


def test_u21_u32_coup_de_bol_is_not_a_card_of_its_colour() -> None:
    cat = catalogue()
    assert cat["coup-de-bol-green"].color == "green"
    assert cat["coup-de-bol-green"].counts_as_color is False
    assert cat["green-4"].counts_as_color is True


def test_u33_u34_u35_cards_that_cannot_be_the_last_one() -> None:
    cat = catalogue()
    assert {c for c in ("echange", "vache", "vache-folle") if not cat[c].can_finish} == {
        "echange", "vache", "vache-folle"}
    assert cat["inversion"].can_finish and cat["tresor"].can_finish


def test_u22_u27_u28_reactions_are_played_out_of_turn() -> None:
    reactions = {c.id for c in catalogue().cards.values() if c.reaction}
    assert {"non", "boomerang", "derivation"} <= reactions
    assert "fouine" not in reactions and "red-skip" not in reactions


def test_u47_unplugged_points_black_50_other_specials_20() -> None:
    deck = load_deck("unplugged")
    for card_id in UNPLUGGED_SPECIALS:
        card = deck.cards[card_id]
        expected = 50 if card.effect == "wild-draw" else 20
        assert card.points == expected, card_id


def test_h18_house_deck_is_classic_plus_the_blank_card() -> None:
    deck = load_deck("house")
    counts = deck.counts_for()
    assert sum(counts.values()) == 109
    assert counts["blank"] == 1
    assert {cid: n for cid, n in counts.items() if cid != "blank"} == \
        load_deck("classic").counts_for()
    assert "stack-draws" in deck.rules and "zero-rotates" in deck.rules


def test_o07_extra_cards_and_their_points() -> None:
    cat = catalogue()
    assert cat["wild-swap-hands"].points == 30
    assert cat["red-discard-all"].points == 30
    assert cat["blue-draw-two-choice"].points == 20
    assert cat["uno-card"].points == 100
    assert cat["downpour-two"].param("amount") == 2
    assert cat["wild-swap-hands"].can_start  # O-01 gives it a first-card rule


@pytest.mark.parametrize("name", builtin_names())
def test_every_builtin_deck_passes_its_own_check(name: str) -> None:
    deck = load_deck(name)
    for players in range(deck.min_players, deck.max_players + 1):
        report = check_deck(deck, players)
        assert report.valid, report.errors
        assert report.warnings == []


def test_every_card_has_both_languages_and_distinct_texts() -> None:
    for card in catalogue().cards.values():
        for text in (card.name, card.caption):
            assert text.fr.strip() and text.en.strip(), card.id
            assert "{" not in text.fr + text.en, card.id  # every placeholder filled
        if card.family != "classic" or card.effect != "number":
            assert card.caption.fr != card.caption.en, card.id


def test_french_colour_agreement_in_names() -> None:
    cat = catalogue()
    assert cat["green-reverse"].name.fr == "Inversion verte"
    assert cat["blue-skip"].name.fr == "Passe ton tour bleu"
    assert "cartes bleues" in cat["coup-de-bol-blue"].caption.fr


def test_o06_a_blank_card_must_say_which_effect_it_has(tmp_path: Path) -> None:
    path = tmp_path / "blanks.toml"
    path.write_text('name = "Blanks"\nbase = "classic"\n[cards]\nmy-blank = 3\n'
                    '[[card]]\nid = "my-blank"\npoints = 0\nname = "Blank"\n')
    errors = [p.message for p in check_deck(load_deck(str(path))).errors]
    assert len(errors) == 1
    assert errors[0].startswith(f"{path}: card 'my-blank' has no 'effect'; a card needs one "
                                "of cardgen's effects (number, draw, wild-draw,")


def test_c12_a_number_card_of_ones_own_matches_the_same_number() -> None:
    # examples/eleven.toml adds 11s without a 'symbol': a number's symbol is its value,
    # so a blue 11 goes on a red 11 (C-12) and the face's corners read "11".
    deck = load_deck(str(EXAMPLES / "eleven.toml"))
    assert deck.cards["blue-11"].symbol == deck.cards["red-11"].symbol == "11"
    assert deck.cards["red-11"].points == 11
    variant = Variant.from_deck(deck, 4)
    red, blue, red_5 = (variant.kind_of[c] for c in ("red-11", "blue-11", "red-5"))
    green = variant.colors.index("green")
    assert blue in variant.match_rows[red][variant.colors.index("red") + 1]
    assert blue in variant.match_rows[red][green + 1]  # by its number, not its colour
    assert blue not in variant.match_rows[red_5][green + 1]
