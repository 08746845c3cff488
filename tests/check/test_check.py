"""`cardgen check` on real deck files built to have each problem (tests/decks/)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from helpers.paths import DECKS, EXAMPLES

from cardgen.check import check_deck
from cardgen.deck.load import load_deck
from cardgen.errors import DeckError


def report_for(name: str, players: int | None = None) -> tuple[list[str], list[str]]:
    report = check_deck(load_deck(str(DECKS / name)), players)
    return [p.message for p in report.errors], [p.message for p in report.warnings]


def test_unknown_card_is_named_with_a_suggestion_and_names_are_accepted() -> None:
    errors, _ = report_for("unknown-card.toml")
    assert len(errors) == 1
    assert "unknown-card.toml" in errors[0]
    assert "unknown card 'gren-7'" in errors[0]
    assert "did you mean 'green-7'?" in errors[0]
    deck = load_deck(str(DECKS / "unknown-card.toml"))
    assert deck.counts["vache-folle"] == 1  # found by its French name
    assert deck.counts["vache"] == 2  # found by its English name, "Cow"


def test_two_keys_naming_the_same_card_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "twice.toml"
    path.write_text('name = "Twice"\nbase = "classic"\n[cards]\nvache-folle = 1\n'
                    '"Mad Cow" = 2\n')
    errors = [p.message for p in check_deck(load_deck(str(path))).errors]
    assert errors == [f"{path}: 'vache-folle' and 'Mad Cow' both name card 'vache-folle'; "
                      "keep one"]


def test_declared_total_that_differs_says_both_numbers() -> None:
    errors, _ = report_for("wrong-total.toml")
    assert errors == [
        f"{DECKS / 'wrong-total.toml'}: 'total' says 110 cards but the counts add up to "
        "109; fix a count or the total"
    ]


def test_negative_fractional_text_and_absurd_counts_are_each_refused() -> None:
    started = time.perf_counter()
    errors, _ = report_for("bad-counts.toml")
    assert time.perf_counter() - started < 5  # a billion copies are refused, not allocated
    assert len(errors) == 4
    assert "card 'red-1' has count -2; a count cannot be negative" in errors[0]
    assert "card 'red-2' has count 2.5; a count is a whole number" in errors[1]
    assert "card 'red-3' has count 'two'" in errors[2]
    assert "card 'red-4' has count 1000000000, more than the 500 copies" in errors[3]


def test_deck_too_small_to_deal_to_every_player() -> None:
    errors, _ = report_for("too-small.toml")
    assert len(errors) == 1
    assert "20 cards cannot deal 7 to each of 4 players and turn a starting card " \
           "(that takes 29)" in errors[0]
    # For two players the same deck is big enough.
    assert report_for("too-small.toml", players=2) == ([], [])


def test_deck_with_no_card_that_can_start() -> None:
    errors, _ = report_for("no-starter.toml")
    assert errors and all("can start a round" in e for e in errors)


def test_custom_card_with_an_effect_that_does_not_exist() -> None:
    errors, _ = report_for("bad-effect.toml")
    assert len(errors) == 1
    assert "card 'thunder' has effect 'lightning', which does not exist" in errors[0]
    assert "neither cardgen nor an installed plugin brings it" in errors[0]
    assert "`cardgen effects` lists the effects there are" in errors[0]


def test_missing_translations_are_warnings_naming_the_language() -> None:
    errors, warnings = report_for("missing-translation.toml")
    assert errors == []
    assert len(warnings) == 2
    assert "card 'soleil' has no name in English; add name.en" in warnings[0]
    assert "card 'soleil' has no caption in English; add caption.en" in warnings[1]
    card = load_deck(str(DECKS / "missing-translation.toml")).cards["soleil"]
    assert card.name.en == "Soleil"  # falls back on the other language meanwhile


def test_malformed_file_reports_the_line() -> None:
    with pytest.raises(DeckError) as caught:
        load_deck(str(DECKS / "malformed.toml"))
    message = str(caught.value)
    assert message.startswith(f"{DECKS / 'malformed.toml'}: line 6, column 9:")
    assert "fix the TOML syntax there" in message
    assert "\n" not in message


def test_unknown_fields_and_rules_are_refused_with_the_valid_ones_listed() -> None:
    errors, _ = report_for("unknown-fields.toml")
    assert len(errors) == 2
    assert "unknown field(s) colour; a deck may have back, base, card, cards" in errors[0]
    assert "rule 'stack-draw' is not an optional rule cardgen knows (did you mean " \
           "'stack-draws'?)" in errors[1]


def test_custom_card_deck_is_valid_and_holds_its_card() -> None:
    deck = load_deck(str(DECKS / "custom-card.toml"))
    assert check_deck(deck).valid
    card = deck.cards["lighthouse"]
    assert (card.effect, card.family, card.points, card.names_color) == (
        "wild", "custom", 50, True)
    assert deck.total() == 110


def test_missing_file_and_unknown_builtin_are_one_line_errors(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match=r"no such deck file; check the path"):
        load_deck(str(tmp_path / "nope.toml"))
    with pytest.raises(DeckError, match=r"'classik' is neither a built-in deck"):
        load_deck("classik")


def test_a_deck_cannot_be_its_own_base(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text('name = "A"\nbase = "b.toml"\n')
    (tmp_path / "b.toml").write_text('name = "B"\nbase = "a.toml"\n')
    with pytest.raises(DeckError, match="leads back to this deck"):
        load_deck(str(tmp_path / "a.toml"))


def test_three_player_removal_of_more_than_the_deck_holds(tmp_path: Path) -> None:
    path = tmp_path / "greedy.toml"
    path.write_text('name = "Greedy"\nbase = "classic"\n[remove_for_players.3]\nwild = 9\n')
    errors = [p.message for p in check_deck(load_deck(str(path))).errors]
    assert errors == [f"{path}: [remove_for_players.3] takes out 9 'wild' but the deck "
                      "holds 4"]


def test_the_party_example_passes_its_own_check_at_every_player_count() -> None:
    # `cardgen check examples/party.toml --players N` plays 200 games and passes for N = 3
    # to 8 (measured when the deck was tuned); the first 30 of those games keep this quick.
    deck = load_deck(str(EXAMPLES / "party.toml"))
    assert (deck.min_players, deck.max_players) == (3, 8)
    for players in range(3, 9):
        report = check_deck(deck, players, games=30)
        assert report.problems == [], (players, report.problems)
        assert report.games_played == 30
    assert deck.total(5) == 113 and deck.total(6) == 112 and deck.total(8) == 111
