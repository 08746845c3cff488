"""`cardgen check` prints lines that fit in 100 columns (issue 24): long messages wrap at
spaces, each continuation hanging under its message, and nothing is lost in the wrap."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from helpers.cli import unwrapped
from helpers.paths import DECKS

from cardgen.balance.quick import SanityBalance
from cardgen.check import check_deck
from cardgen.cli import main
from cardgen.commands.stdout import fitted
from cardgen.deck.load import load_deck

BROKEN = DECKS / "balance-broken.toml"
WIDTH = 100


@pytest.fixture(scope="module")
def broken_output() -> str:
    """The whole output of `cardgen check` on a deck whose piles run dry from 3 players
    up: a long error, the balance summary, and a broken game's lines."""
    result = CliRunner().invoke(main, ["check", str(BROKEN), "--games", "40",
                                       "--workers", "1"])
    assert result.exit_code == 1, result.output
    return result.output.removeprefix("sanity games\n")  # the bar's label, off a terminal


@pytest.mark.slow  # sanity games at every table of a broken deck
def test_every_line_of_check_on_a_broken_deck_fits_in_100_columns(broken_output: str) -> None:
    widest = max(broken_output.splitlines(), key=len)
    assert len(widest) <= WIDTH, widest


@pytest.mark.slow  # sanity games at every table of a broken deck
def test_the_wrapped_lines_say_all_the_one_line_messages_said(broken_output: str) -> None:
    said = unwrapped(broken_output)
    assert (f"error: {BROKEN}: with 10 players the deck does not work as a game (both piles "
            "run dry in 100.0% of rounds), nor with 3 players: lower 'players.max' to 2 (the "
            "games work with 2 players), or add cards or take out cards that make players "
            "draw\n") in said
    assert ("a kind's holders against any player; `cardgen balance` measures the cause):\n"
            in said)
    assert "  THE DECK DOES NOT WORK AS A GAME" in said
    assert f"{BROKEN}: 116 cards, NOT valid (1 error(s), 0 warning(s))\n" in said
    # a command to type is never cut in two
    assert all(line.count("`") % 2 == 0 for line in broken_output.splitlines())


def test_a_continuation_hangs_under_its_message() -> None:
    line = "warning: " + "word " * 40
    first, *rest = fitted(line)
    assert first.startswith("warning: ") and rest
    assert all(part.startswith("    ") and not part.startswith("     ") for part in rest)
    bullet = "    - " + "word " * 40
    assert all(part.startswith(" " * 6) for part in fitted(bullet)[1:])


def test_the_french_summary_fits_too() -> None:
    """check speaks English, but its summary has French words (cardgen.balance.quick):
    printed the same way, they fit as well."""
    deck = load_deck(str(BROKEN))
    summary = SanityBalance(deck)
    check_deck(deck, 10, games=20, summary=summary)
    lines = [part for line in summary.lines("fr") for part in fitted(line)]
    assert any(len(line) > WIDTH for line in summary.lines("fr"))  # there was a wrap to do
    assert all(len(line) <= WIDTH for line in lines), lines
