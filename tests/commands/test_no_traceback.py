"""Values that used to stop cardgen with a traceback (issue 29): each is now one line that
names the file or the option and says what to give instead."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers.cli import refused, run_in
from helpers.paths import ROOT

SHOPS = ROOT / "cardgen" / "data" / "shops"
LONG = "9" * 5000  # past the 4,300 digits Python turns from text into an int


# --- a TOML integer too long for Python to read ---------------------------------------


def test_a_deck_with_a_number_too_long_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "deck.toml").write_text(f'name = "Long"\nbase = "classic"\ntotal = {LONG}\n',
                                        encoding="utf-8")
    assert refused(["check", "deck.toml", "--games", "0"], tmp_path) == (
        "deck.toml: line 3: a number is too long (more than 4,300 digits); write it with "
        "a few digits")


def test_a_situation_with_a_number_too_long_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "s.toml").write_text(f"players = 2\nseed = 0x{'f' * 5000}\n", encoding="utf-8")
    assert refused(["explain", "s.toml"], tmp_path) == (
        "s.toml: line 2: a number is too long (more than 4,300 digits); write it with a "
        "few digits")


def test_a_shop_profile_with_a_number_too_long_is_one_line(tmp_path: Path) -> None:
    text = (SHOPS / "makeplayingcards.toml").read_text(encoding="utf-8")
    text, found = re.subn(r"(?m)^dpi = \d+", f"dpi = {LONG}", text)
    assert found == 1
    (tmp_path / "shop.toml").write_text(text, encoding="utf-8")
    line = text[:text.index(LONG)].count("\n") + 1
    assert refused(["png", "classic", "--shop", "shop.toml", "-o", "out"], tmp_path) == (
        f"shop.toml: line {line}: a number is too long (more than 4,300 digits); write it "
        "with a few digits")


@pytest.mark.parametrize("number", [f"0b{'1' * 20000}", f"-{LONG}"])
def test_a_long_number_in_any_spelling_is_one_line(tmp_path: Path, number: str) -> None:
    (tmp_path / "deck.toml").write_text(f'name = "Long"\nbase = "classic"\n\n[cards]\n'
                                        f'wild = {number}\n', encoding="utf-8")
    assert refused(["cards", "deck.toml"], tmp_path).startswith(
        "deck.toml: line 5: a number is too long (more than 4,300 digits)")


# --- a number option that is not finite -------------------------------------------------


def _usage_error(args: list[str], cwd: Path) -> str:
    """Run cardgen; it must stop with a usage error (exit 2) and write nothing."""
    before = sorted(cwd.rglob("*"))
    code, output = run_in(args, cwd)
    assert code == 2, output
    assert sorted(cwd.rglob("*")) == before
    return output.splitlines()[-1]


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e999", "NaN"])
def test_balance_refuses_a_tolerance_that_is_not_finite(tmp_path: Path, value: str) -> None:
    """nan passed the 0.5 to 50 range (it compares false with both), and the study ran:
    "±nan" in the table, NaN in the JSON, a traceback drawing the PDF's chart."""
    assert _usage_error(["balance", "classic", "--tolerance", value, "--games", "10",
                         "-o", "r.pdf"], tmp_path) == (
        f"Error: Invalid value for '--tolerance': '{value}' is not a number cardgen can "
        "use; give a finite number like 2.5")


@pytest.mark.parametrize("command", [["sheets", "classic", "-o", "s.pdf"],
                                     ["png", "classic", "-o", "pngs"]])
@pytest.mark.parametrize("value", ["nan", "inf", "1e999"])
def test_a_bleed_that_is_not_finite_is_a_usage_error(tmp_path: Path, command: list[str],
                                                     value: str) -> None:
    assert _usage_error([*command, "--bleed", value], tmp_path) == (
        f"Error: Invalid value for '--bleed': '{value}' is not a number cardgen can use; "
        "give a finite number like 2.5")


@pytest.mark.parametrize("value", ["nan,0", "0,inf", "1e999,1"])
def test_a_back_offset_that_is_not_finite_is_a_usage_error(tmp_path: Path,
                                                           value: str) -> None:
    assert _usage_error(["sheets", "classic", "--backs", "--back-offset", value,
                         "-o", "s.pdf"], tmp_path) == (
        f"Error: Invalid value for '--back-offset': '{value}' is not two finite numbers; "
        "give X,Y in millimetres, like 1.5,-2")


# --- a seat or a count of thousands of digits in a situation ------------------------------

SITUATION = ('players = 2\ndealer = "P0"\ntop = "red-1"\nactions = [{actions}]\n\n'
             '[hands]\nP0 = ["red-2"]\nP1 = ["red-3"]\n')


@pytest.mark.parametrize(("text", "answer"), [
    (SITUATION.format(actions=f'"referee P1 draws {LONG}"'),
     "write a referee penalty as 'referee P2 draws 2'"),
    (SITUATION.format(actions=f'"vote P1 {LONG}"'),
     "write a table-talk vote as 'vote P2 3'"),
    (SITUATION.format(actions=f'"P0: catch P{LONG}"'), "seats are written P0, P1, …"),
    (SITUATION.format(actions="").replace('dealer = "P0"', f'dealer = "P{LONG}"'),
     "is not a seat; write seats as P0, P1, …"),
    (SITUATION.format(actions="").replace('P1 = ["red-3"]', f'P{LONG} = ["red-3"]'),
     "give a hand to each of the seats P0 … P1, and no other (an empty hand is [])"),
])
def test_a_seat_or_count_of_thousands_of_digits_is_one_line(tmp_path: Path, text: str,
                                                            answer: str) -> None:
    """Written in a situation file, as `save` writes them: int() gave up past 4,300 digits."""
    (tmp_path / "s.toml").write_text(text, encoding="utf-8")
    message = refused(["explain", "s.toml"], tmp_path)
    assert message.startswith("s.toml: ") and answer in message


# --- an error of the system that names no file ---------------------------------------------


def test_an_os_error_without_a_file_is_not_blamed_on_standard_output(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only standard output's own failures are said to be standard output's: a watcher's
    "Permission denied" that named no file used to read "cannot write to standard output"."""
    import errno

    import cardgen.designer.examples

    def denied(folder: Path) -> list[Path]:
        raise PermissionError(errno.EACCES, "Permission denied (os error 13) about [\"/proc\"]")

    monkeypatch.setattr(cardgen.designer.examples, "copy_examples", denied)
    assert refused(["examples", "ex"], tmp_path) == (
        'Permission denied (os error 13) about ["/proc"]; check the path and its permissions')
