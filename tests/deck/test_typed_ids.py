"""What a user types by hand and gets wrong: a card id with its number spelt out
(`red-seven`) is told the id it means wherever ids are typed, and a deck file given to
`cardgen explain` is told what it is and what `explain` wants (issue 20)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.cli import refused, run_in, unwrapped
from helpers.paths import DECKS

FAMILY = DECKS / "family"


@pytest.mark.parametrize(("key", "meant"), [
    ("red-seven", "red-7"), ("blue-zero", "blue-0"), ("sept-rouge", "red-7"),
    ("yellow_nine", "yellow-9"),
])
def test_a_count_with_a_number_spelt_out_suggests_the_id(tmp_path: Path, key: str,
                                                        meant: str) -> None:
    (tmp_path / "deck.toml").write_text(f'name = "T"\nbase = "classic"\n[cards]\n{key} = 3\n',
                                        encoding="utf-8")
    code, out = run_in(["check", "deck.toml", "--games", "0"], tmp_path)
    assert code == 1
    assert (f"error: deck.toml: unknown card '{key}'; did you mean '{meant}'? (`cardgen cards` "
            "lists the ids)") in unwrapped(out).splitlines()


def test_a_removal_with_a_number_spelt_out_suggests_the_id(tmp_path: Path) -> None:
    (tmp_path / "deck.toml").write_text(
        'name = "T"\nbase = "classic"\n[remove_for_players.3]\nblue-seven = 1\n',
        encoding="utf-8")
    code, out = run_in(["check", "deck.toml", "--games", "0"], tmp_path)
    assert code == 1
    assert "unknown card 'blue-seven'; did you mean 'blue-7'?" in out


def test_a_situations_hand_with_red_seven_suggests_red_7(tmp_path: Path) -> None:
    (tmp_path / "s.toml").write_text(
        'players = 2\ntop = "red-3"\n[hands]\nP0 = ["red-seven"]\nP1 = ["blue-7"]\n',
        encoding="utf-8")
    assert refused(["explain", "s.toml"], tmp_path) == (
        "s.toml: hands.P0: 'red-seven' is not a card of the deck classic; did you mean "
        "'red-7'? (`cardgen cards classic` lists them)")


@pytest.mark.parametrize("expect", ["", 'expect_refused = "not allowed"\n'])
def test_an_action_naming_red_seven_is_a_mistake_in_the_file(tmp_path: Path,
                                                             expect: str) -> None:
    """Never an illegal action (which an expect_refused would take as expected)."""
    (tmp_path / "s.toml").write_text(
        f'players = 2\ntop = "red-3"\nturn = "P0"\nactions = ["P0: play red-seven"]\n{expect}'
        '[hands]\nP0 = ["red-7"]\nP1 = ["blue-7"]\n', encoding="utf-8")
    assert refused(["explain", "s.toml"], tmp_path) == (
        "s.toml: action 1 'P0: play red-seven': 'red-seven' is not a card of the deck "
        "classic; did you mean 'red-7'? (`cardgen cards classic` lists them)")


def test_a_rule_texts_card_block_with_red_seven_suggests_red_7(tmp_path: Path) -> None:
    (tmp_path / "deck.toml").write_text(
        'name = "T"\nbase = "classic"\n[rulebook]\nen = "rules.en.md"\nfr = "rules.en.md"\n',
        encoding="utf-8")
    (tmp_path / "rules.en.md").write_text("# Sevens\n\n@card red-seven\nA seven.\n@end\n",
                                          encoding="utf-8")
    message = refused(["rulebook", "deck.toml", "--lang", "en"], tmp_path)
    assert "'@card red-seven' names no card of this deck; did you mean 'red-7'?" in message


def test_a_deck_file_given_to_explain_is_told_it_is_a_deck_file(tmp_path: Path) -> None:
    for name in ("family.toml", "feather.svg", "rules.fr.md", "rules.en.md"):
        (tmp_path / name).write_bytes((FAMILY / name).read_bytes())
    assert refused(["explain", "family.toml"], tmp_path) == (
        "family.toml is a deck file, not a situation; `cardgen explain` takes a moment of a "
        "round written as TOML ([hands], top, actions, see \"Situation files\" in "
        "docs/playing.md): write one with deck = \"family.toml\" beside it, or run `cardgen check "
        "family.toml` or `cardgen simulate family.toml` to play the deck")
