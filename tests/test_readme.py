"""The README works as written: every deck snippet is a deck `check` accepts, every
situation snippet passes `cardgen explain`, every `cardgen …` line of its shell blocks
runs (in a fresh folder, after the README's own `cardgen examples examples`), and every
field the deck reader accepts is documented in its deck-file section.

A command too slow for the test suite is listed in SLOW with the reason; its command
line is still parsed by Click, so a renamed option fails here all the same.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest
from cli_helpers import run_in

from cardgen import catalogue as catalogue_module
from cardgen.catalogue import CARD_FIELDS
from cardgen.cli import main
from cardgen.deck.load import DECK_FIELDS, load_deck
from cardgen.check import check_deck

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")

#: Commands of the README the suite does not run, each with why.
SLOW = {
    "cardgen balance unplugged": "800 games, then pairs until its 20 kinds settle: about "
                                 "45 s on two cores (benchmarks/balance.py)",
    "cardgen balance examples/party.toml --players 3,5 -o party-balance.pdf --lang fr":
        "two player counts, each with its baseline and every kind played until settled",
    "cardgen balance classic --rule stack-draws --rule seven-swaps --json":
        "the deck, its baseline, its kinds and two options, each played until settled",
    "cardgen watch my-deck/my-deck.toml --out build":
        "runs until Ctrl-C; tests/test_watch.py runs it for real, in a thread",
}


def code_blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", README, flags=re.S | re.M)


def command_lines() -> list[str]:
    """Every line of a shell block that runs cardgen, as written (comments left out)."""
    lines = []
    for block in code_blocks("sh"):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if words[:1] == ["cardgen"]:
                lines.append(shlex.join(words))
    return lines


def inline_commands() -> list[str]:
    """The `cardgen …` spans of the prose that give real arguments (no DECK, N, [ or …
    placeholder, and more than a bare command name), not already in a shell block."""
    found = []
    for span in re.findall(r"`(cardgen [^`]+)`", README):
        words = span.split()
        if len(words) < 3 and not words[1].startswith("-") or \
                re.search(r"[A-Z\[…]", span) or span in command_lines() or span in found:
            continue
        found.append(span)
    return found


def synopses() -> list[str]:
    """The first cell of each row of the command table: `cardgen NAME [--option …]`."""
    return re.findall(r"^\| `(cardgen [a-z]+[^`]*)` \|", README, flags=re.M)


def section(title: str) -> str:
    """The README's text from the heading ``## title`` to the next ``## `` heading."""
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start:end]


def test_the_readme_shows_commands_and_marks_only_real_ones_slow() -> None:
    lines = command_lines() + inline_commands()
    assert {"cardgen --version", "cardgen cards classic"} <= set(inline_commands())
    assert "cardgen examples examples" in lines and "cardgen new my-deck" in lines
    assert set(SLOW) <= set(lines)  # a slow entry the README dropped is taken out here


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh folder in which the README's `cardgen examples examples` has run."""
    cwd = tmp_path_factory.mktemp("reader")
    code, output = run_in(["examples", "examples"], cwd)
    assert code == 0, output
    return cwd


def test_every_deck_snippet_is_a_deck_check_accepts(folder: Path) -> None:
    decks = [block for block in code_blocks("toml") if "[hands]" not in block]
    assert len(decks) >= 2  # the deck file and the [rulebook] table
    for number, block in enumerate(decks):
        # A snippet showing one table gets a name and a base to be a deck; it sits among the
        # examples, whose pictures and rule texts it names.
        text = block if re.search(r"^name = ", block, flags=re.M) else \
            'name = "Snippet"\nbase = "classic"\n' + block
        path = folder / "examples" / f"snippet-{number}.toml"
        path.write_text(text, encoding="utf-8")
        report = check_deck(load_deck(str(path)))
        assert [p.message for p in report.problems] == [], block


def test_every_situation_snippet_passes_explain(folder: Path) -> None:
    situations = [block for block in code_blocks("toml") if "[hands]" in block]
    assert situations
    for number, block in enumerate(situations):
        (folder / f"situation-{number}.toml").write_text(block, encoding="utf-8")
        code, output = run_in(["explain", f"situation-{number}.toml"], folder)
        assert code == 0, output


@pytest.mark.parametrize("line", [line for line in command_lines() + inline_commands()
                                  if line != "cardgen examples examples"])
def test_every_command_line_of_the_readme_runs(folder: Path, line: str) -> None:
    args = shlex.split(line)[1:]
    if line in SLOW:
        name, *rest = args
        command = main.get_command(click.Context(main), name)
        assert command is not None, line
        command.make_context(name, list(rest))  # parsed, not run
        return
    # A line on the folder `cardgen new my-deck` writes, run alone (pytest -k), gets it.
    if any(arg.startswith("my-deck/") for arg in args) and not (folder / "my-deck").exists():
        run_in(["new", "my-deck"], folder)
    code, output = run_in(args, folder)
    assert code == 0, f"{line}\n{output}"


def test_every_option_of_the_command_table_exists() -> None:
    table = synopses()
    assert len(table) == len(main.commands)  # one row for each command, none left out
    for synopsis in table:
        name = synopsis.split()[1]
        command = main.get_command(click.Context(main), name)
        assert command is not None, synopsis
        options = {opt for param in command.params for opt in param.opts}
        named = set(re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", synopsis))
        assert named - options == set(), synopsis


def test_every_field_the_deck_reader_accepts_is_documented() -> None:
    documented = section("Writing a deck file")
    missing = sorted(field for field in DECK_FIELDS | CARD_FIELDS
                     if f"`{field}`" not in documented and f"`[{field}]`" not in documented
                     and f"`[[{field}]]`" not in documented
                     and f"`[{field}.N]`" not in documented)
    assert missing == []


def test_every_placeholder_a_card_text_takes_is_documented() -> None:
    source = Path(catalogue_module.__file__).read_text(encoding="utf-8")
    placeholders = set(re.findall(r'replace\("(\{\w+\})"', source))
    assert {"{color}", "{Color}", "{color_f}", "{value}"} <= placeholders
    documented = section("Writing a deck file")
    assert sorted(p for p in placeholders if f"`{p}`" not in documented) == []
