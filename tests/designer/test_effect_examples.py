"""The examples of the effects (cardgen/data/effect_examples/, issue 31): every effect of
effects.toml has one, every value of every switch has its own, every example holds when
the engine runs it, and `cardgen effects --examples DIR` writes them where `cardgen
explain` runs them.

The examples of `draw` and `wild-draw` are written on another branch: until it is
merged, the tests of those two effects fail and name the files missing.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from helpers.cli import run_in

from cardgen.catalogue import catalogue
from cardgen.designer.effect_examples import files_to_copy
from cardgen.situation import explain
from cardgen.situation.examples import effect_example_files, effect_examples_folder, examples_of

EFFECTS = list(catalogue().effects)
EXAMPLES = effect_example_files()


def switch_files(effect: str) -> list[str]:
    """The example each value of each switch of ``effect`` must have."""
    words = catalogue().effects[effect].words
    return [f"{effect}--{param}-{value}.toml"
            for param, values in words.items() for value in values]


@pytest.mark.parametrize("effect", EFFECTS)
def test_every_effect_has_an_example_and_one_per_switch_value(effect: str) -> None:
    wanted = switch_files(effect)
    have = examples_of(effect)
    missing = [name for name in wanted if name not in have]
    if not have:
        missing.insert(0, f"{effect}--<case>.toml (at least one)")
    assert missing == [], f"{effect}: missing in cardgen/data/effect_examples/: " \
                          f"{', '.join(missing)}"


def _as_toml(value: str) -> str:
    """A switch's value as a deck file writes it: true and false bare, text quoted."""
    return value if value in ("true", "false") else f'"{value}"'


def test_every_example_names_a_known_effect_and_says_so_first() -> None:
    for path in EXAMPLES:
        effect = path.name.split("--", 1)[0]
        assert effect in EFFECTS, path.name
        with path.open("rb") as handle:
            description = tomllib.load(handle)["description"]
        words = catalogue().effects[effect].words
        switch = [f"{effect}, {param} = {_as_toml(value)}: "
                  for param, values in words.items() for value in values
                  if path.name == f"{effect}--{param}-{value}.toml"]
        start = switch[0] if switch else f"{effect}: "
        assert description.startswith(start), path.name


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_example_holds(path: Path) -> None:
    result = explain(path)
    assert result.checked > 0, f"{path.name} expects nothing"
    assert result.failures == [], path.name


def test_effects_examples_writes_them_all_and_explain_runs_them(tmp_path: Path) -> None:
    code, output = run_in(["effects", "--examples", "my-examples"], tmp_path)
    assert code == 0, output
    folder = tmp_path / "my-examples"
    written = sorted(p.relative_to(folder) for p in folder.rglob("*.toml"))
    assert written == sorted(files_to_copy())
    for name in files_to_copy():
        assert f"wrote my-examples/{name}\n" in output
        assert (folder / name).read_bytes() == (effect_examples_folder() / name).read_bytes()
    assert "try one: cardgen explain my-examples/peek--" in output.splitlines()[-1]
    for path in [folder / p.name for p in EXAMPLES]:
        assert explain(path).failures == [], path.name
    for name in ["peek--look-at-a-hand.toml", "pass-hands--direction-right.toml",
                 "spin-wheel--the-next-player-spins.toml"]:
        code, output = run_in(["explain", f"my-examples/{name}"], tmp_path)
        assert code == 0 and "as expected" in output, output


def test_effects_examples_writes_nothing_over_a_file_or_through_a_link(
        tmp_path: Path) -> None:
    folder = tmp_path / "out"
    (folder / "decks").mkdir(parents=True)
    (folder / "decks" / "wizz.toml").symlink_to(tmp_path / "nowhere.toml")
    code, output = run_in(["effects", "--examples", "out"], tmp_path)
    assert code == 1 and "already exists (a symbolic link)" in output, output
    assert not (tmp_path / "nowhere.toml").exists()
    assert [p.name for p in folder.rglob("*")] == ["decks", "wizz.toml"]


def test_the_listing_names_each_effects_examples(tmp_path: Path) -> None:
    code, output = run_in(["effects"], tmp_path)
    assert code == 0
    assert ("    examples (cardgen effects --examples FOLDER): pass-hands--direction-left.toml, "
            "pass-hands--direction-right.toml") in output.splitlines()
    code, output = run_in(["effects", "--lang", "fr"], tmp_path)
    assert "    exemples (cardgen effects --examples DOSSIER) : peek--look-at-a-hand.toml" \
        in output.splitlines()
    code, output = run_in(["effects", "--json"], tmp_path)
    rows = {row["id"]: row for row in json.loads(output)}
    assert rows["peek"]["examples"] == ["peek--look-at-a-hand.toml"]
    assert all(rows[e]["examples"] == examples_of(e) for e in EFFECTS)


DOCS = Path(__file__).resolve().parents[2] / "docs" / "your-deck.md"
START, END = "<!-- effect-examples:start -->\n", "<!-- effect-examples:end -->\n"


def examples_table() -> str:
    """The table of docs/your-deck.md: each effect of effects.toml and its examples."""
    rows = ["| effect | examples |", "|---|---|"]
    for effect in EFFECTS:
        names = ", ".join(f"`{name}`" for name in examples_of(effect)) or "(none yet)"
        rows.append(f"| `{effect}` | {names} |")
    return "\n".join(rows) + "\n"


def test_the_docs_list_every_effects_examples() -> None:
    text = DOCS.read_text(encoding="utf-8")
    before, rest = text.split(START)
    table, after = rest.split(END)
    if table != examples_table():
        DOCS.write_text(before + START + examples_table() + END + after, encoding="utf-8")
        pytest.fail("docs/your-deck.md: the table of the effects' examples was out of date; "
                    "it has been written again: review and commit it")
