"""`cardgen check` says one thing (issue 31): a deck whose sanity games do not work as a
game at a player count it allows is NOT valid, and the error says which counts fail
and what to change; the JSON agrees."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from helpers.cli import unwrapped
from helpers.paths import DECKS

from cardgen.cli import main

# Whole sanity games, a few seconds' worth.
pytestmark = pytest.mark.slow

#: Works at 2 and 3 players; at 4, its largest table, the piles run dry (see the file).
STORM = DECKS / "breaks-at-four.toml"


def check(*args: str) -> tuple[int, str, str]:
    """``cardgen check STORM --games 40``: its exit code, stdout (unwrapped) and stderr."""
    result = CliRunner().invoke(main, ["check", str(STORM), "--games", "40", "--workers",
                                       "1", *args])
    assert "Traceback" not in result.output
    return result.exit_code, unwrapped(result.stdout), unwrapped(result.stderr)


def test_a_deck_broken_at_its_largest_table_is_not_valid_and_says_what_to_lower() -> None:
    code, out, err = check()
    assert code == 1
    # the summary and the verdict say the same thing
    assert "THE DECK DOES NOT WORK AS A GAME" in out
    assert f"{STORM}: 112 cards, NOT valid (1 error(s), 0 warning(s))" in out
    assert ", valid (" not in out
    [error] = [line for line in err.splitlines() if line.startswith("error:")]
    assert error.startswith(f"error: {STORM}: with 4 players the deck does not work as a game "
                            "(")
    assert "both piles run dry in " in error
    # 3 players, between the two tables checked, was played to find the largest that works
    assert error.endswith(": lower 'players.max' to 3 (the games work from 2 to 3 players), "
                          "or add cards or take out cards that make players draw")
    # the shortage the error states is not also a warning
    assert "warning:" not in err


def test_the_json_report_agrees_with_the_text() -> None:
    result = CliRunner().invoke(main, ["check", str(STORM), "--games", "40", "--workers",
                                       "1", "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["valid"] is False
    [error] = report["errors"]
    assert error["level"] == "error" and error["card"] is None
    assert "with 4 players the deck does not work as a game" in error["message"]
    assert "lower 'players.max' to 3" in error["message"]
    assert [(t["players"], t["health"]["works"]) for t in report["balance"]] == [
        (2, True), (4, False)]
    assert report["games_requested"] == report["games_played"] == 3 * 40  # 2, 4, then 3


def test_one_table_asked_for_gets_the_advice_without_a_search() -> None:
    code, _, err = check("--players", "4")
    assert code == 1
    [error] = [line for line in err.splitlines() if line.startswith("error:")]
    assert error.endswith("): add cards or take out cards that make players draw, or lower "
                          "'players.max' below 4")
    code, out, _ = check("--players", "3")
    assert code == 0
    assert f"{STORM}: 112 cards, valid (0 error(s), 0 warning(s))" in out
