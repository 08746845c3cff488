"""Effects as plugins (issue 34): cardgen's own families load through the entry-point
group a plugin uses, the engine's core names none of them, a deck naming an effect that
is not installed is told what to install, and a plugin that fails inside a hook stops
the game with an error naming the plugin and the card."""

from __future__ import annotations

import ast
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest
from helpers.cli import run_in

from cardgen.engine import api
from cardgen.engine.hooks import plugin_code as plugin_guard
from cardgen.engine.hooks import EFFECTS, register_effect
from cardgen.engine.hooks.plugin_code import loading
from cardgen.errors import CardgenError
from cardgen.situation import explain

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "cardgen" / "engine"
FAMILIES = ("classic", "unplugged", "extra", "house", "nomercy", "options", "attack", "flip")
EXAMPLES = ROOT / "cardgen" / "data" / "effect_examples"


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_engine_core_names_no_family() -> None:
    core = [*ENGINE.glob("*.py"), *(ENGINE / "official").glob("*.py")]
    named = {f"{path.relative_to(ROOT)}: {module}" for path in core
             for module in _imports(path)
             if any(module.startswith(f"cardgen.engine.{family}") for family in FAMILIES)}
    assert named == set()


def test_every_module_of_a_family_is_an_entry_point_of_the_group() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    group = declared["project"]["entry-points"][api.GROUP]
    on_disk = {f"cardgen.engine.{path.parent.name}.{path.stem}"
               for family in FAMILIES for path in (ENGINE / family).glob("*.py")
               if path.stem != "__init__"}
    assert set(group.values()) == on_disk
    # ... and the installed metadata holds them (an editable install made before the
    # group changed does not: `pip install -e .` again).
    assert set(api.load_families()) >= set(group)


def test_the_families_import_the_engine_from_the_api_only() -> None:
    # (the events a round says are public too: a family and a plugin emit them)
    core = {f"cardgen.engine.{path.stem}" for path in ENGINE.glob("*.py")} - {
        "cardgen.engine.api", "cardgen.engine.events", "cardgen.engine.__init__"}
    core |= {"cardgen.engine", "cardgen.engine.official.rules",
             "cardgen.engine.official.scoreboard", "cardgen.engine.official.answers"}
    reaching = {f"{path.relative_to(ROOT)}: {module}"
                for family in FAMILIES for path in (ENGINE / family).glob("*.py")
                for module in _imports(path) if module in core}
    assert reaching == set()


def test_a_deck_naming_a_plugin_effect_not_installed_names_the_package(
        tmp_path: Path) -> None:
    (tmp_path / "deck.toml").write_text(
        'name = "Mine"\nbase = "classic"\n[cards]\nmine = 1\n'
        '[[card]]\nid = "mine"\neffect = "pass-one-left"\nname = "Mine"\n',
        encoding="utf-8")
    code, output = run_in(["check", "deck.toml"], tmp_path)
    assert code == 1
    said = " ".join(output.split())  # (the report wraps its lines)
    assert said.count("pass-one-left") == 1, output
    assert ("error: deck.toml: card 'mine' has effect 'pass-one-left', which is not "
            "installed: it comes with the plugin cardgen-pass-left (pip install "
            "cardgen-pass-left)") in said, output


@pytest.fixture
def broken_pass_hands() -> object:
    """The effect pass-hands, as a plugin "cardgen-broken" would register it, failing
    (the name is freed for the test: a real plugin may not take a built-in's name)."""
    kept = EFFECTS["pass-hands"]
    owner = plugin_guard._owners.pop(("effect", "pass-hands"))

    with loading("cardgen-broken"):
        @register_effect
        class Broken(api.Effect):
            name = "pass-hands"

            def resolve(self, state: api.RoundState, entry: api.Pending) -> None:
                raise KeyError("left")

    yield Broken
    EFFECTS["pass-hands"] = kept
    api.REGISTERED_BY["pass-hands"] = "cardgen"
    plugin_guard._owners[("effect", "pass-hands")] = owner


def test_a_plugin_failing_in_a_hook_stops_the_game_naming_plugin_and_card(
        broken_pass_hands: object) -> None:
    with pytest.raises(CardgenError) as raised:  # (explain adds the file and the action)
        explain(EXAMPLES / "pass-hands--direction-left.toml")
    assert str(raised.value).endswith(
        "action 1 (P1): the plugin cardgen-broken failed in the resolve hook of effect "
        "'pass-hands' for card 'pass-left': KeyError: 'left'")


def test_a_plugin_failing_in_a_hook_is_one_line_at_the_command_line(
        broken_pass_hands: object, tmp_path: Path) -> None:
    code, output = run_in(["explain", str(EXAMPLES / "pass-hands--direction-left.toml")],
                          tmp_path)
    assert code == 1
    assert output.splitlines()[-1] == (
        f"Error: {EXAMPLES / 'pass-hands--direction-left.toml'}: action 1 (P1): "
        "the plugin cardgen-broken failed in the resolve hook of effect 'pass-hands' "
        "for card 'pass-left': KeyError: 'left'")


@dataclass(frozen=True, slots=True)
class _OldAnswer(api.Answer):
    """An answer written the older way: its words as tables by language, French and
    English only, and none for the other seats."""

    verb: ClassVar[str] = "pick-old"
    said_as: ClassVar[dict[str, str]] = {"en": "pick {card}", "fr": "choisir {card}"}
    card: str = ""

    def __str__(self) -> str:
        return f"pick-old {self.card}"


@dataclass(frozen=True, slots=True)
class _WordlessAnswer(api.Answer):
    """An answer with no words at all."""

    verb: ClassVar[str] = "pick-bare"
    card: str = ""

    def __str__(self) -> str:
        return f"pick-bare {self.card}"


def test_an_answer_s_old_tables_are_still_read_with_english_standing_in() -> None:
    values = {"card": "Rote 5"}
    assert api.answer_words(_OldAnswer("red-5"), "fr", {"card": "5 rouge"})[0] == \
        "choisir 5 rouge"
    own, others = api.answer_words(_OldAnswer("red-5"), "de", values)
    # The others are never told the card (nor the answer's text, which names it).
    assert (own, others) == ("pick Rote 5", "geheim antworten")


def test_an_answer_without_words_is_shown_as_typed_and_kept_secret_from_the_others() -> None:
    assert api.answer_words(_WordlessAnswer("red-5"), "it", {"card": "5 rosso"}) == (
        "pick-bare red-5", "rispondere in segreto")
