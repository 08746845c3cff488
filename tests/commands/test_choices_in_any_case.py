"""Every choice of the command line is read in any case, as the docs promise: people type
`--paper A4`, `--lang FR`, `--flip Long` (issue 31, item 9: these were refused)."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from helpers.cli import run_in

from cardgen.cli import COMMANDS


@pytest.mark.parametrize("args", [
    ["effects", "--lang", "FR"],
    ["shops", "--lang", "FR"],
    ["options", "--lang", "Fr"],
    ["cards", "classic", "--lang", "EN"],
    ["simulate", "classic", "--games", "2", "--player", "Random,HEURISTIC"],
])
def test_a_choice_typed_in_capitals_is_taken(tmp_path: Path, args: list[str]) -> None:
    code, output = run_in(args, tmp_path)
    assert code == 0, output


def test_sheet_choices_in_capitals_write_the_same_file(tmp_path: Path) -> None:
    lower = ["sheets", "unplugged", "--only", "specials", "--backs", "--flip", "short",
             "--cut-lines", "shared", "--bleed", "2", "--paper", "a4", "-o", "lower.pdf"]
    upper = ["sheets", "unplugged", "--only", "Specials", "--backs", "--flip", "Short",
             "--cut-lines", "Shared", "--bleed", "2", "--paper", "A4", "-o", "upper.pdf"]
    for args in (lower, upper):
        code, output = run_in(args, tmp_path)
        assert code == 0, output
    assert (tmp_path / "lower.pdf").read_bytes() == (tmp_path / "upper.pdf").read_bytes()


def test_print_shop_order_and_cutter_in_capitals_are_taken(tmp_path: Path) -> None:
    code, output = run_in(["sheets", "unplugged", "--only", "specials", "--print-shop",
                           "--order", "Front-Back", "-o", "shop.pdf"], tmp_path)
    assert code == 0, output
    code, output = run_in(["sheets", "unplugged", "--only", "specials", "--cutter",
                           "Silhouette", "-o", "cut.pdf"], tmp_path)
    assert code == 0, output


def test_new_takes_its_base_in_any_case(tmp_path: Path) -> None:
    code, output = run_in(["new", "mine", "--base", "Unplugged", "--lang", "FR"], tmp_path)
    assert code == 0, output
    assert 'base = "unplugged"' in (tmp_path / "mine" / "mine.toml").read_text("utf-8")


def test_every_choice_of_every_command_ignores_case() -> None:
    """One choice type for the whole command line: no option is left case-sensitive."""
    strict = [f"cardgen {command.name} {param.opts[0]}" for command in COMMANDS
              for param in command.params
              if isinstance(param.type, click.Choice) and param.type.case_sensitive]
    assert strict == []
