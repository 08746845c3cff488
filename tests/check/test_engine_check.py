"""`cardgen check` plays sanity games: decks built to have a problem must show it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from click.testing import CliRunner
from helpers.cli import unwrapped

from cardgen.check import check_deck
from cardgen.cli import main
from cardgen.deck.load import load_deck
from cardgen.engine import Variant
from cardgen.play.simulate import sanity_problems


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def messages(report_problems: list) -> list[str]:  # type: ignore[type-arg]
    return [p.message for p in report_problems]


def test_classic_plays_clean() -> None:
    report = check_deck(load_deck("classic"), 4, games=40)
    assert report.valid and report.warnings == []


# Red 1s and blue 2s never go on each other: once red is in force the blue cards can
# never leave a hand, so no round ends.
NEVER_ENDS = """
name = "Never ends"
players = { min = 2, max = 2 }
[cards]
red-1 = 8
blue-2 = 8
"""


def test_deck_that_cannot_finish_is_an_error(tmp_path: Path) -> None:
    deck = write(tmp_path, NEVER_ENDS)
    report = check_deck(load_deck(deck), 2, games=10)
    assert not report.valid
    assert any("cannot finish with 2 players" in m for m in messages(report.errors))


def test_card_never_playable_is_reported(tmp_path: Path) -> None:
    deck = write(tmp_path, """
name = "With a dud"
base = "classic"
[cards]
dud = 2
[[card]]
id = "dud"
effect = "number"
value = 42
points = 42
can_start = false
name = { fr = "Raté", en = "Dud" }
plural = { fr = "Ratés", en = "Duds" }
""")
    report = check_deck(load_deck(deck), 4, games=20)
    dud = [p for p in report.warnings if p.card == "dud"]
    assert dud and "never played" in dud[0].message
    assert not any(p.card and p.card != "dud" for p in report.warnings)


def test_draw_pile_running_dry_is_reported(tmp_path: Path) -> None:
    # 71 number cards for 10 players: 70 in the hands, one on the pile, none to draw.
    counts = {f"{c}-{v}": 1 if v == 0 else 2
              for c in ("red", "yellow", "green", "blue") for v in range(10)}
    counts.update({"blue-9": 0, "blue-8": 0, "blue-7": 1})
    listing = "\n".join(f"{card} = {n}" for card, n in counts.items())
    deck = write(tmp_path, f"""
name = "Numbers only"
[cards]
{listing}
""")
    report = check_deck(load_deck(deck), 10, games=20)
    # Dry in more than 5% of the rounds: the game does not work at that table (issue 31),
    # said once, as an error, and not also as a warning.
    [error] = messages(report.errors)
    assert "with 10 players the deck does not work as a game (both piles run dry in " in error
    assert not any("ran dry" in m for m in messages(report.warnings))


def test_decks_the_engine_cannot_play_yet_are_said_so() -> None:
    # Every effect of the catalogue gets a handler in the end; this one is made up.
    classic = load_deck("classic").card_list(5)
    odd = replace(classic[0][0], id="odd", effect="levitate")
    variant = Variant([*classic, (odd, 1)], 5, name="odd-deck")
    [(level, message, card)] = sanity_problems(variant, 10)
    assert level == "warning" and card is None
    assert message.startswith("sanity games for 5 players not played: its cards odd have "
                              "effects the rules engine does not play yet (levitate)")


def test_check_command_games_option(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(main, ["check", "classic", "--players", "3", "--games", "5"])
    assert ok.exit_code == 0, ok.output
    deck = write(tmp_path, NEVER_ENDS)
    bad = runner.invoke(main, ["check", deck, "--games", "3"])
    assert bad.exit_code == 1
    assert "cannot finish" in unwrapped(bad.output)
    assert "Traceback" not in bad.output
    skipped = runner.invoke(main, ["check", deck, "--games", "0"])
    assert skipped.exit_code == 0
