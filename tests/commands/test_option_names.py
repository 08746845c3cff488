"""Options are called options everywhere (issue 23); the old spellings of the command
line, `cardgen rules` and `--rule NAME`, keep working and mean the same."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cardgen.cli import main


def _run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_cardgen_rules_is_cardgen_options() -> None:
    listed = json.loads(_run("options", "--json"))
    assert {entry["name"] for entry in listed} >= {"stack-draws", "olympique"}
    assert _run("rules", "--json") == _run("options", "--json")
    assert _run("rules", "--lang", "fr") == _run("options", "--lang", "fr")


def test_rule_and_option_turn_on_the_same_options() -> None:
    common = ("simulate", "classic", "--players", "4", "--games", "3", "--seed", "7", "--json")
    with_option = json.loads(_run(*common, "--option", "stack-draws", "--option", "teams"))
    with_rule = json.loads(_run(*common, "--rule", "stack-draws", "--rule", "teams"))
    assert with_option == with_rule
    assert with_option != json.loads(_run(*common))  # the options changed the games


def test_only_the_new_name_is_listed_in_the_help() -> None:
    listing = _run("--help").split("Commands:")[1]
    commands = [line.split()[0] for line in listing.splitlines() if line.strip()]
    assert "options" in commands and "rules" not in commands
