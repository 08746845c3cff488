"""The balance report's first line says how long the deck's rounds last against the
baseline's as the figures under it do (issue 31): longer, shorter or about as long,
classed by one function (cardgen.balance.health.length_class) for the terminal and the
PDF, in both languages."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from helpers.paths import DECKS

from cardgen.balance.charts import write_pdf
from cardgen.balance.health import ABOUT_AS_LONG, game_health, length_class
from cardgen.balance.report import format_report
from cardgen.balance.study import Plan, run_study
from cardgen.deck.load import load_deck

#: The classic deck dealing ten cards a hand: its rounds last about a third longer.
LONG = str(DECKS / "long-rounds.toml")


def test_a_ratio_is_classed_with_one_threshold_either_way() -> None:
    assert ABOUT_AS_LONG == 0.10
    assert [length_class(r) for r in (0.5, 0.89, 0.9, 1.0, 1.1, 1.11, 1.52, 3.0)] == [
        "shorter", "shorter", "about", "about", "about", "longer", "longer", "longer"]


def test_the_health_of_a_deck_with_a_baseline_carries_its_length() -> None:
    def shape(turns: float) -> dict:
        nothing = {"estimate": 0.0}
        return {"turns": {"estimate": turns}, "blocked": nothing, "dry": nothing}

    health = game_health(shape(15.2), shape(10.0), [])
    assert health["works"]
    assert health["length"] == {"turns": 15.2, "baseline": 10.0, "ratio": 1.52,
                                "class": "longer"}
    assert "length" not in game_health(shape(15.2), None, [])  # check: no baseline


def first_page(report: dict, path: Path, lang: str) -> str:
    write_pdf(report, path, lang)
    with pdfplumber.open(path) as pdf:
        return " ".join(pdf.pages[0].extract_text().split())


def study(deck: str, against: str) -> dict:
    """40 games of each deck, and one kind measured on a few pairs (the PDF draws its
    charts from them)."""
    return run_study(Plan(load_deck(deck), load_deck(against), games=40, seed="length",
                          only=("wild",), max_pairs=30, workers=1))


@pytest.mark.slow
def test_rounds_a_third_longer_are_said_longer_in_the_terminal_and_the_pdf(
        tmp_path: Path) -> None:
    report = study(LONG, "classic")
    table = report["tables"][0]
    turns, base = (table[side]["turns"]["estimate"] for side in ("deck", "baseline"))
    assert turns > 1.2 * base  # the figures under the line
    change = f"{100 * (turns / base - 1):.1f}"
    said = (f"rounds last {change}% longer than with Classic UNO ({turns:.1f} turns against "
            f"{base:.1f})")
    text = " ".join(format_report(report).split())
    assert f"The deck works as a game: rounds do not block, the piles hold out, and {said}." \
        in text
    assert "about as long" not in text
    assert said in first_page(report, tmp_path / "en.pdf", "en")
    french = f"durent {change.replace('.', ',')} % de plus qu'avec UNO classique"
    assert french in " ".join(format_report(report, "fr").replace("\u202f", " ").split())
    assert french in first_page(report, tmp_path / "fr.pdf", "fr")


@pytest.mark.slow
def test_the_classic_deck_against_a_longer_one_is_said_shorter() -> None:
    text = " ".join(format_report(study("classic", LONG)).split())
    assert "rounds are " in text and "% shorter than with Long rounds (" in text


@pytest.mark.slow
def test_the_classic_deck_against_itself_lasts_about_as_long(tmp_path: Path) -> None:
    report = study("classic", "classic")
    assert report["tables"][0]["health"]["length"]["class"] == "about"
    said = "rounds last about as long as with Classic UNO"
    assert said in " ".join(format_report(report).split())
    assert said in first_page(report, tmp_path / "classic.pdf", "en")
    assert "à peu près autant qu'avec UNO classique" in " ".join(
        format_report(report, "fr").split())
