"""The rule parameters a deck file sets (`target`, `hand_size`): the engine, `simulate`
and the rulebook all play and print the deck's values, never the classic 500 and seven."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers.cli import unwrapped
from helpers.paths import DECKS
from pypdf import PdfReader

from cardgen.cli import main
from cardgen.deck.load import load_deck
from cardgen.engine import Variant, play_game
from cardgen.play.players import make_players
from cardgen.play.recipes import Recipe
from cardgen.rulebook import rulebook_pdf

FAMILY = str(DECKS / "family" / "family.toml")


def pdf_text(pdf: bytes) -> str:
    text = " ".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)
    return " ".join(text.replace("\u00a0", " ").split())


def deck_file(tmp_path: Path, body: str) -> str:
    path = tmp_path / "deck.toml"
    path.write_text('name = "Test"\nbase = "classic"\n' + body, encoding="utf-8")
    return str(path)


def test_c31_a_deck_with_target_200_ends_its_games_on_crossing_200() -> None:
    variant = Variant.from_deck(load_deck(FAMILY), 4)
    assert variant.target == 200
    assert Recipe.of(variant, "heuristic", 1).variant().target == 200  # as a worker sees it
    for seed in range(6):
        result = play_game(variant, make_players("heuristic", 4, seed), seed)
        assert result.finished
        winner = result.winners[0]
        last = result.rounds[-1]
        gained = sum(p for seat, p in last.hand_points.items() if seat != last.winner)
        assert result.scores[winner] >= 200 > result.scores[winner] - gained
        assert max(result.scores[s] for s in range(4) if s != winner) < 200


def test_c31_simulate_plays_the_decks_target() -> None:
    """Games to 200 take fewer rounds than the same cards to 500."""
    out = CliRunner().invoke(main, ["simulate", FAMILY, "--games", "30", "--json"]).output
    assert '"target": 200,' in out and '"hand_size": 7,' in out
    to_200 = int(re.search(r'"rounds": (\d+)', out).group(1))  # type: ignore[union-attr]
    text = Path(FAMILY).read_text(encoding="utf-8").replace("target = 200\n", "")
    to_500_deck = Path(FAMILY).with_name("to-500.toml")
    to_500_deck.write_text(text, encoding="utf-8")
    try:
        out = CliRunner().invoke(main, ["simulate", str(to_500_deck), "--games", "30",
                                        "--json"]).output
    finally:
        to_500_deck.unlink()
    to_500 = int(re.search(r'"rounds": (\d+)', out).group(1))  # type: ignore[union-attr]
    assert to_200 < to_500 / 1.5
    text = CliRunner().invoke(main, ["simulate", FAMILY, "--games", "1"]).output
    assert "4 players (heuristic), seed 0, 7 cards dealt, games to 200" in text


@pytest.mark.parametrize(("lang", "first_to"), [
    ("fr", "Le premier à atteindre 200 points gagne la partie."),
    ("en", "The first player to reach 200 points wins the game."),
])
def test_c31_the_rulebook_says_200_and_never_500(lang: str, first_to: str) -> None:
    text = pdf_text(rulebook_pdf(load_deck(FAMILY), lang, "a4"))
    assert first_to in text
    assert text.count("200") >= 7  # the intro, scoring, both options, teams, challenge, card
    assert "500" not in text


@pytest.mark.parametrize(("base", "lang", "dealt"), [
    ("classic", "fr", "Chacun reçoit dix cartes."),
    ("classic", "en", "Everyone starts with ten cards."),
    ("house", "en", "Everyone starts with ten cards;"),
    ("unplugged", "fr", "Chacun commence avec dix cartes."),
])
def test_c04_the_rulebook_deals_the_decks_hand_size(tmp_path: Path, base: str, lang: str,
                                                    dealt: str) -> None:
    deck = load_deck(deck_file(tmp_path, f"hand_size = 10\ntarget = 300\nrulebook = \"{base}\"\n"))
    text = pdf_text(rulebook_pdf(deck, lang, "a4"))
    assert dealt in text
    assert "sept cartes" not in text and "seven cards" not in text
    assert "500" not in text and "300" in text


@pytest.mark.parametrize(("value", "message"), [
    ("0", "'target' is 0; give the score that ends the game, a whole number of points "
          "from 1 to 10000"),
    ('"200"', "'target' is '200'; give the score that ends the game"),
    ("2.5", "'target' is 2.5;"),
])
def test_a_target_that_is_not_a_score_is_refused(tmp_path: Path, value: str,
                                                 message: str) -> None:
    path = deck_file(tmp_path, f"target = {value}\n")
    result = CliRunner().invoke(main, ["check", path, "--games", "0"])
    assert result.exit_code == 1
    assert f"error: {path}: {message}" in unwrapped(result.output)


def test_a_target_with_count_rounds_is_refused_with_the_fix(tmp_path: Path) -> None:
    path = deck_file(tmp_path, 'target = 3\nrules = ["count-rounds"]\n')
    result = CliRunner().invoke(main, ["check", path, "--games", "0"])
    assert result.exit_code == 1
    assert ("'target' counts points, but the rule count-rounds counts rounds won (the first "
            "to 5 wins); remove one of the two") in unwrapped(result.output)


def test_a_base_decks_target_is_inherited(tmp_path: Path) -> None:
    (tmp_path / "child.toml").write_text(
        f'name = "Child"\nbase = "{Path(FAMILY).as_posix()}"\n', encoding="utf-8")
    assert load_deck(str(tmp_path / "child.toml")).target == 200
    assert load_deck("classic").target == 500


def test_balance_plays_every_run_of_the_deck_with_its_target_and_hand_size(
        tmp_path: Path) -> None:
    """The ablated decks and the deck with a --rule added are the same deck: same target
    and hand size (both were dropped to 500 and 7)."""
    from cardgen.balance.study import Plan, _measured

    deck = load_deck(deck_file(tmp_path, "hand_size = 9\ntarget = 250\n"))
    variant = Variant.from_deck(deck, 4)
    measured = _measured(Plan(deck, load_deck("classic"), rules=("seven-swaps",)), variant)
    assert {m.key for m in measured} >= {"seven-swaps", "skip"}  # an option and a kind
    for m in measured:
        assert (m.variant.target, m.variant.hand_size) == (250, 9), m.variant.name
