"""The README and the pages of docs/ work as written: every deck snippet is a deck `check`
accepts, every situation snippet passes `cardgen explain`, every Python snippet runs,
every `cardgen …` line of their shell blocks runs (in a fresh folder, after the README's
own `cardgen examples examples`), and every field the deck reader accepts is documented
in the deck-file section of docs/your-deck.md.

A `cardgen` command a test cannot run is listed in NOT_RUN with the reason; its command
line is still parsed by Click, so a renamed option fails here all the same. A shell line
that runs another program (pip, a benchmark, the test suite) must start as one of
OTHER_PROGRAMS says; the files and options it names are checked, not run.
"""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import click
import pytest
from helpers.cli import run_in
from helpers.paths import ROOT

from cardgen.catalogue import CARD_FIELDS, catalogue
from cardgen.catalogue.fields import table as card_table
from cardgen.check import check_deck
from cardgen.cli import main
from cardgen.deck.load import DECK_FIELDS, load_deck
from cardgen.render.paper.printers import CONFIG_DIR_VARIABLE

#: Pages with no command to run: where.md is written by tests/project/test_where.py, and rules.md
#: names commands only in passing (`cardgen check`).
NO_COMMANDS = {"where.md", "rules.md"}
PAGES = [ROOT / "README.md"] + sorted(page for page in (ROOT / "docs").glob("*.md")
                                      if page.name not in NO_COMMANDS)
TEXTS = {page.relative_to(ROOT).as_posix(): page.read_text(encoding="utf-8")
         for page in PAGES}
DECK_PAGE = "docs/your-deck.md"
COMMAND_PAGE = "docs/commands.md"

#: `cardgen` commands of the pages the suite does not run, each with why.
NOT_RUN = {
    "cardgen rate flip --players 2 --bots heuristic,search-100 --rounds 200 --workers 1 "
    "--seed fs3": "200 rounds of a search bot: four minutes on one core (docs/balance.md "
                  "gives its figures)",
    "cardgen simulate nomercy --games 100000 --players 4 --player random --workers 2 --json":
        "10^5 whole games: minutes on two cores (docs/development.md gives its figures)",
    "cardgen simulate flip --games 3000 --player random --workers 2":
        "3,000 random-bot games of UNO Flip: a minute on two cores (docs/development.md)",
    "cardgen balance unplugged --players 4 -o bu.pdf": "the default study with its 20 kinds "
                                                      "settled: 25 s on two idle cores",
    "cardgen balance unplugged --players 4": "the same study (docs/balance.md times it)",
    "cardgen balance unplugged": "800 games, then pairs until its 20 kinds settle: about "
                                 "45 s on two cores (benchmarks/balance.py)",
    "cardgen balance examples/party.toml --players 3,5 -o party-balance.pdf --lang fr":
        "two player counts, each with its baseline and every kind played until settled",
    "cardgen balance classic --option stack-draws --option seven-swaps --json":
        "the deck, its baseline, its kinds and two options, each played until settled",
    "cardgen watch my-deck/my-deck.toml --out build":
        "runs until Ctrl-C; tests/designer/test_watch.py runs it for real, in a thread",
    "cardgen play classic --players 3 --seed 7":
        "waits for a person at the terminal; tests/terminal/test_play_terminal.py plays it in a "
        "pseudo-terminal",
    "cardgen play classic --players 3 --humans 2":
        "waits for two people at the terminal; tests/terminal/test_play_hotseat.py plays it in "
        "a pseudo-terminal",
    "cardgen serve classic --players 4 --host 0.0.0.0":
        "serves a table until Ctrl-C, to the network; tests/serve/test_serve_command.py runs "
        "it on 127.0.0.1 and stops it",
    "cardgen simulate classic --players 4 --games 2000":
        "a benchmark's workload (about 20 s); benchmarks/engine_speed.py times it",
    "cardgen simulate classic --players 4 --games 400":
        "a benchmark's workload; benchmarks/engine_speed.py times it",
    "cardgen simulate classic --games 400 --workers 1":
        "a run compared before and after a change of the engine (docs/performance.md)",
    "cardgen check examples/plugins/pass-left/deck/pass-left.toml --games 20":
        "needs the example plugin installed; tests/project/test_example_plugin.py installs it "
        "and runs it",
    "cardgen sheets examples/plugins/pass-left/deck/pass-left.toml":
        "needs the example plugin installed; tests/project/test_example_plugin.py runs it",
    "cardgen rulebook examples/plugins/pass-left/deck/pass-left.toml --lang fr":
        "needs the example plugin installed; tests/project/test_example_plugin.py runs it",
    "cardgen play examples/plugins/pass-left/deck/pass-left.toml --players 3":
        "needs the example plugin installed, and waits for a person at the terminal",
    "cardgen simulate classic --games 400":
        "a run compared before and after a change of the engine (docs/performance.md)",
    # the bots' strengths (issue 44)
    "cardgen rate classic --players 2 --bots heuristic,strong --rounds 400 --workers 2":
        "400 rounds of a search bot: minutes; tests/play/test_strengths.py rates 12 rounds",
    "cardgen rate classic --players 4 --bots random,easy,heuristic,strong --rounds 400":
        "400 rounds of a search bot: minutes; tests/play/test_strengths.py rates 12 rounds",
    "cardgen play classic --bots strong":
        "waits for a person at the terminal; tests/play/test_strengths.py seats the bots",
    "cardgen play classic --bots easy,heuristic,expert":
        "waits for a person at the terminal; tests/play/test_strengths.py seats the bots",
    "cardgen balance classic --players 2 --skill random,heuristic":
        "two whole studies; tests/balance/test_balance_skill.py runs a small one",
    "cardgen balance examples/party.toml --skill heuristic,strong --games 40 --max-games 200":
        "a study with a search bot: hours of CPU (docs/balance.md says so)",
}

#: Shell lines that run another program than cardgen, by how they start, with why the
#: suite does not run them.
OTHER_PROGRAMS = {
    "python3 -m venv ": "a fresh machine's install and test run; .ci/run does the same",
    "pip install ": "installs packages; the extras it names are checked against "
                    "pyproject.toml",
    "python -m pytest": "the test suite itself; the test file it names is checked",
    "python benchmarks/": "a benchmark: it runs for minutes, some against RLCard; the "
                          "script and the options given are checked, and "
                          "tests/project/test_benchmarks_run.py runs each in smoke mode",
    "python tests/": "writes a test's reference files again, after a deliberate change; "
                     "the script is checked",
    "python training/": "the training example: it learns for minutes; the script and the "
                        "options given are checked, and tests/env/test_training_example.py "
                        "runs its short form",
}


def code_blocks(language: str, text: str | None = None) -> list[str]:
    """The blocks of one language of one text, or of every page."""
    texts = [text] if text is not None else list(TEXTS.values())
    return [block for page in texts
            for block in re.findall(rf"^ *```{language}\n(.*?)^ *```", page,
                                    flags=re.S | re.M)]


def shell_lines() -> list[str]:
    """Every line of every page's shell blocks, as written (comments left out)."""
    lines = []
    for block in code_blocks("sh"):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if words and shlex.join(words) not in lines:
                lines.append(shlex.join(words))
    return lines


def command_lines() -> list[str]:
    """Every line of a shell block that runs cardgen, once each."""
    return [line for line in shell_lines() if line.split()[0] == "cardgen"]


def inline_commands() -> list[str]:
    """The `cardgen …` spans of the prose that give real arguments (no DECK, N, [ or …
    placeholder, and more than a bare command name), not already in a shell block."""
    found: list[str] = []
    for text in TEXTS.values():
        for span in re.findall(r"`(cardgen\s[^`]+)`", text):
            words = span.split()
            span = " ".join(words)  # a span may wrap onto the next line
            if len(words) < 3 and not words[1].startswith("-") or \
                    re.search(r"[A-Z\[…]", span) or span in command_lines() or span in found:
                continue
            found.append(span)
    return found


def synopses() -> list[str]:
    """The first cell of each row of the command table: `cardgen NAME [--option …]`."""
    return re.findall(r"^\| `(cardgen [a-z]+[^`]*)` \|", TEXTS[COMMAND_PAGE], flags=re.M)


def section(title: str) -> str:
    """The deck page's text from the heading ``## title`` to the next ``## `` heading."""
    text = TEXTS[DECK_PAGE]
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end]


def test_the_pages_show_commands_and_mark_only_real_ones_not_run() -> None:
    lines = command_lines() + inline_commands()
    assert {"cardgen --version", "cardgen cards classic"} <= set(inline_commands())
    assert "cardgen examples examples" in lines and "cardgen new my-deck" in lines
    assert set(NOT_RUN) <= set(lines)  # an entry the pages dropped is taken out here


def test_every_other_program_a_page_runs_is_known_and_names_what_exists() -> None:
    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
                 ["project"]["optional-dependencies"])
    others = [line for line in shell_lines() if line.split()[0] != "cardgen"]
    assert others  # the README's fresh-machine lines at least
    for line in others:
        assert any(line.startswith(start) for start in OTHER_PROGRAMS), \
            f"{line!r}: run it in a test, or say in OTHER_PROGRAMS why it is not run"
        for named in re.findall(r"\.\[([\w,]+)\]", line):
            assert set(named.split(",")) <= extras, line
        for script in re.findall(r"(?:^|\s)((?:benchmarks|tests|training)/[\w/.-]+\.py)", line):
            source = (ROOT / script).read_text(encoding="utf-8")  # fails if it is gone
            for option in re.findall(r"(?<=\s)(--[a-z][\w-]*)", line):
                assert f'"{option}"' in source, f"{line}: {script} takes no {option}"


@pytest.fixture(scope="module")
def reader_config(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One configuration folder for every line, as a reader has: a printer a line keeps
    (`--printer office`) is there for the lines after it."""
    return tmp_path_factory.mktemp("reader-config")


@pytest.fixture(autouse=True)
def own_config_folder(reader_config: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CONFIG_DIR_VARIABLE, str(reader_config))
    return reader_config


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


@pytest.mark.parametrize("block", code_blocks("python"))
def test_every_python_snippet_runs(block: str) -> None:
    pytest.importorskip("pettingzoo")  # the snippets use cardgen.env, the [rl] extra
    exec(compile(block, "snippet", "exec"), {})


#: Lines that write every built-in deck (six decks in five languages, 41 files): the slow
#: set runs them, with tests/project/test_packaging.py's whole build; so it does the lines
#: that start worker processes (``--workers 2``).
SLOW_LINES = frozenset({"cardgen build --large-print"})


@pytest.mark.parametrize("line", [
    pytest.param(line, marks=pytest.mark.slow)
    if line in SLOW_LINES or "--workers 2" in line else line
    for line in command_lines() + inline_commands() if line != "cardgen examples examples"])
def test_every_command_line_of_the_pages_runs(folder: Path, line: str) -> None:
    args = shlex.split(line)[1:]
    if line in NOT_RUN:
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
    source = Path(card_table.__file__).read_text(encoding="utf-8")
    red = catalogue().colors["red"]
    placeholders = set(re.findall(r'replace\("(\{\w+\})"', source)) | set(red.forms("en"))
    assert {"{color}", "{Color}", "{color_f}", "{color_m}", "{color_n}", "{value}"} <= placeholders
    documented = section("Writing a deck file")
    assert sorted(p for p in placeholders if f"`{p}`" not in documented) == []
