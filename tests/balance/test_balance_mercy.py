"""The balance report of a deck with the Mercy rule (NM-09) says how often it knocks
someone out and when, in the terminal and in the PDF; a deck without it says nothing of
it. Read back from the user's side: the command's output and the PDF's text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from cardgen.cli import main

# Slow (a balance study of No Mercy and one of the classic deck, 2 s each).
pytestmark = pytest.mark.slow

SMALL = ["--games", "10", "--max-games", "30", "--workers", "1", "--seed", "m"]
MM = 72 / 25.4


def balance(*args: str) -> str:
    result = CliRunner().invoke(main, ["balance", *args, *SMALL])
    assert result.exit_code == 0, result.output
    return result.stdout  # the progress goes to stderr


def test_balance_of_no_mercy_says_how_often_and_when_the_mercy_rule_knocks_out(
        tmp_path: Path) -> None:
    pdf = tmp_path / "nomercy.pdf"
    figures = json.loads(balance("nomercy", "--json", "-o", str(pdf)))["tables"][0]["deck"][
        "mercy"]
    text = " ".join(balance("nomercy").split())  # the same seed: the same figures
    assert figures["limit"] == 25
    assert 0 < figures["knocked"]["estimate"] <= 1
    assert figures["knock_outs"]["estimate"] >= figures["knocked"]["estimate"]
    q1, q2, q3 = figures["first_quartiles"]
    assert 0 <= q1 <= q2 <= q3
    knocked = f"{100 * figures['knocked']['estimate']:.1f}%"
    first = f"{figures['first_turn']['estimate']:.1f}"
    assert "The Mercy rule (25 cards)" in text
    assert f"rounds in which it knocks someone out: {knocked} [" in text
    assert f"turn of a round's first knock-out: {first} [" in text
    assert f"half by turn {q2}, three quarters by turn {q3};" in text
    with pdfplumber.open(pdf) as doc:
        pages = [" ".join((page.extract_text() or "").split()) for page in doc.pages]
        words = [w for page in doc.pages for w in page.extract_words()
                 if w["x1"] > page.width - 18 * MM + 1]
    said = " ".join(pages)
    for line in ("The Mercy rule (25 cards)", f"rounds in which it knocks someone out: {knocked}",
                 "When the Mercy rule first knocks someone out", "first knock-out",
                 "end of the round", "mean turn of the first knock-out (95 % interval)"):
        assert line in said, line
    assert words == []  # nothing of the new chart sticks out past the right margin
    assert re.search(r"players it knocks out a round: \d+\.\d \[", said)


def test_balance_of_a_deck_without_the_mercy_rule_says_nothing_of_it() -> None:
    text = balance("classic", "--players", "3")
    assert "Mercy" not in text
    assert "mercy" not in json.loads(balance("classic", "--players", "3", "--json"))[
        "tables"][0]["deck"]


def test_a_deck_of_ones_own_with_the_rule_and_no_knock_out_says_so(tmp_path: Path) -> None:
    """The classic deck with the Mercy rule turned on: the careful bots seldom reach 25
    cards, and when nobody does the report says so instead of a first knock-out's turn."""
    deck = tmp_path / "mercy.toml"
    deck.write_text('name = "m"\nbase = "classic"\nrules = ["mercy-rule"]\n', encoding="utf-8")
    pdf = tmp_path / "m.pdf"
    figures = json.loads(balance(str(deck), "--players", "3", "--json", "-o", str(pdf)))[
        "tables"][0]["deck"]["mercy"]
    assert figures["knocked"]["estimate"] == 0 and figures["first_counts"] == []
    text = " ".join(balance(str(deck), "--players", "3").split())
    assert "The Mercy rule (25 cards) rounds in which it knocks someone out: 0.0%" in text
    assert "Nobody was knocked out in these rounds." in text
    assert "first knock-out" not in text
    with pdfplumber.open(pdf) as doc:
        said = " ".join(" ".join((page.extract_text() or "").split()) for page in doc.pages)
    assert "Nobody was knocked out in these rounds." in said
    assert "When the Mercy rule first knocks someone out" not in said
