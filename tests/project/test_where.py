"""The map of the code base: which module runs each command, what each data file and
template holds, where every card's effect, option, answer out of turn and action verb
lives, and which tests hold every rule id.

A heading of ``cardgen/data/effects.toml`` or ``cardgen/data/options.toml`` names the
module that plays the entries below it (``# --- Rapido: engine/options/rapido.py ---``).
The tests check that each registered effect and option lives in the module its heading
names, that answers and verbs live in a module some heading names (or in the round's
machinery, at the top of ``engine/``), and that ``docs/where.md`` is the map those facts
give. Run as a script, ``python tests/project/test_where.py`` writes it again.
"""

from __future__ import annotations

import ast
import inspect
import re
from collections import defaultdict
from collections.abc import Callable, Mapping
from pathlib import Path

import cardgen.engine  # noqa: F401  (every family registers itself on import)
from cardgen.catalogue import catalogue
from cardgen.catalogue.option_facts import OPTION_FACTS
from cardgen.engine.actions import registered_verbs
from cardgen.engine.hooks import EFFECTS, RESPONDERS
from cardgen.engine.official.rules import OPTIONS

# (no helpers import: this file also runs as a script, outside pytest)
ROOT = Path(__file__).resolve().parents[2]

PACKAGE = ROOT / "cardgen"
WHERE = ROOT / "docs" / "where.md"
HEADING = re.compile(r"^# --- (?P<title>.+): (?P<module>engine/[\w/]+\.py) -*$")
TABLE = re.compile(r"^\[(?P<name>[a-z0-9-]+)\]$")
RULE_ID = re.compile(r"^### ([A-Z]-\d\d) · (.+)$", re.MULTILINE)
#: The bullet of a docs/rules.md entry saying how the rule is covered, with its wrapped lines.
COVERED = r"^- (\*\*(?:Test|Out of engine scope|Decided in).*(?:\n(?![-#\n]).*)*)"
COLORS = ("red", "yellow", "green", "blue")
#: Modules of answers and verbs that no card or option owns, so no heading names them.
UNHEADED = {"engine/classic/uno_call.py"}  # the UNO call and its catch (C-24)


def headed_entries(text: str) -> dict[str, str]:
    """Each top-level table of a data file -> the module its heading names ("" if none)."""
    found: dict[str, str] = {}
    module = ""
    for line in text.splitlines():
        heading, table = HEADING.match(line), TABLE.match(line)
        if heading:
            module = heading["module"]
        elif table:
            found[table["name"]] = module
    return found


def _headed(data_file: str) -> dict[str, str]:
    return headed_entries((PACKAGE / "data" / data_file).read_text(encoding="utf-8"))


def where(thing: object) -> tuple[str, int]:
    """The module (under cardgen/) and line of a class or function."""
    path = Path(inspect.getsourcefile(thing) or "").relative_to(PACKAGE).as_posix()  # type: ignore[arg-type]
    lines, first = inspect.getsourcelines(thing)  # type: ignore[arg-type]
    keyword = "class " if inspect.isclass(thing) else "def "
    offset = next(i for i, line in enumerate(lines) if line.lstrip().startswith(keyword))
    return path, first + offset


def misplaced(headed: Mapping[str, str], found: Mapping[str, str], what: str) -> list[str]:
    """Entries whose data heading and code disagree, in words a reader can act on."""
    problems = [f"{what} '{name}' has no entry in its data file" for name in found
                if name not in headed]
    problems += [f"{what} '{name}' is listed but not registered" for name in headed
                 if name not in found]
    problems += [f"{what} '{name}' lives in {found[name]}, its heading names "
                 f"{headed[name] or 'no module'}" for name in found
                 if name in headed and headed[name] != found[name]]
    return problems


def _own(thing: object) -> bool:
    """Code of cardgen's, not of a plugin installed beside it (the example's, in CI)."""
    return Path(inspect.getsourcefile(thing) or "").is_relative_to(PACKAGE)  # type: ignore[arg-type]


def effect_places() -> dict[str, tuple[str, int]]:
    return {name: where(type(handler)) for name, handler in EFFECTS.items()
            if _own(type(handler))}


def option_places() -> dict[str, tuple[str, int]]:
    return {name: where(rules) for name, rules in OPTIONS.items() if _own(rules)}


def answer_places() -> dict[str, tuple[str, int]]:
    return {name: where(type(responder)) for name, responder in RESPONDERS.items()
            if _own(type(responder))}


def verb_places() -> dict[str, tuple[str, int]]:
    return {verb: where(parser) for verb, parser in registered_verbs().items()
            if _own(parser)}


def test_every_effect_lives_in_the_module_its_heading_names() -> None:
    found = {name: path for name, (path, _) in effect_places().items()}
    assert misplaced(_headed("effects.toml"), found, "effect") == []


def test_every_option_lives_in_the_module_its_heading_names() -> None:
    found = {name: path for name, (path, _) in option_places().items()}
    assert misplaced(_headed("options.toml"), found, "option") == []


def test_answers_and_verbs_live_where_a_heading_or_the_machinery_leads() -> None:
    named = {*_headed("effects.toml").values(), *_headed("options.toml").values(), *UNHEADED}
    places = {**{f"answer '{k}'": v for k, v in answer_places().items()},
              **{f"verb '{k}'": v for k, v in verb_places().items()}}
    stray = [f"{what} in {path}" for what, (path, _) in places.items()
             if path not in named and path.count("/") > 1]
    assert stray == []


def test_the_check_names_what_is_out_of_place() -> None:
    text = "[a]\n# --- Two: engine/b.py ---\n[b]\n[b.words]\n[c]\n"
    assert headed_entries(text) == {"a": "", "b": "engine/b.py", "c": "engine/b.py"}
    assert misplaced({"b": "engine/b.py", "c": "engine/b.py"},
                     {"b": "engine/b.py", "c": "engine/x.py", "d": "engine/d.py"}, "effect") == [
        "effect 'd' has no entry in its data file",
        "effect 'c' lives in engine/x.py, its heading names engine/b.py"]


def test_docs_where_md_is_up_to_date() -> None:
    assert WHERE.read_text(encoding="utf-8") == where_md(), (
        "docs/where.md is stale: run `python tests/project/test_where.py` and commit the result")


# --- docs/where.md ---------------------------------------------------------------------


def _link(place: tuple[str, int]) -> str:
    path, line = place
    return f"[{path}:{line}](../cardgen/{path}#L{line})"


def _summary(path: Path) -> str:
    """The first sentence of a module's docstring, on one line."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    text = " ".join(doc.split("\n\n")[0].split())
    text = re.sub(r":(?:mod|class|func|meth|data):`~?([^`]+)`", r"`\1`", text).replace("``", "`")
    return re.split(r"(?<=\.)\s", text)[0]


def _commands() -> list[str]:
    """Each command of ``cardgen --help``, the module that wires it, and what it does."""
    from cardgen.cli import COMMANDS

    lines = ["| command | what it does | file |", "|---|---|---|"]
    for command in sorted(COMMANDS, key=lambda c: c.name or ""):
        function = inspect.unwrap(command.callback)  # type: ignore[arg-type]
        path = Path(inspect.getsourcefile(function) or "").relative_to(PACKAGE).as_posix()
        line = inspect.getsourcelines(function)[1]
        lines.append(f"| `cardgen {command.name}` | {command.get_short_help_str(200)} | "
                     f"{_link((path, line))} |")
    return lines


def _first_comment(path: Path) -> str:
    """The first sentence of the comment that opens a data file or a template."""
    words: list[str] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        opening = re.match(r"\s*(#|\{#-?|<#-?)", line)
        if number and not line.lstrip().startswith("#") and not opening and not words:
            break
        text = re.sub(r"^\s*(#|\{#-?|<#-?)\s?", "", line) if number == 0 else line
        text = re.sub(r"-?[#][}>]\s*$", "", text.lstrip("# ")).strip()
        if not text:
            break  # a blank line ends the opening paragraph
        words += text.split()
        sentence = re.split(r"(?<=\.)\s", " ".join(words))
        if len(sentence) > 1 or " ".join(words).endswith("."):
            return sentence[0]
    return " ".join(words).rstrip(" :(") + "."


def _data_files() -> list[str]:
    """Every data file of ``cardgen/data/`` and every template, by its opening comment."""
    lines = ["| file | what it holds |", "|---|---|"]
    examples = PACKAGE / "data" / "effect_examples"
    files = sorted(path for path in (PACKAGE / "data").rglob("*.toml")
                   if not path.is_relative_to(examples)) + sorted(
        path for path in (ROOT / "templates").rglob("*")
        if path.suffix in (".toml", ".j2"))
    for path in files:
        shown = path.relative_to(ROOT).as_posix()
        lines.append(f"| [{shown}](../{shown}) | {_first_comment(path)} |")
    shown = examples.relative_to(ROOT).as_posix()
    lines.append(f"| `{shown}/` | A situation file per effect and per value of "
                 "each of its switches, with the decks they need: the effects' oracles, "
                 "written out by `cardgen effects --examples DIR`. |")
    return lines


def _layout() -> list[str]:
    lines = ["| module | what it holds |", "|---|---|"]
    for folder in ("engine", "play", "situation"):
        for path in sorted((PACKAGE / folder).rglob("*.py"),
                           key=lambda p: (p.parent.as_posix(), p.name != "__init__.py", p.name)):
            relative = path.relative_to(PACKAGE)
            shown = relative.as_posix().removesuffix("__init__.py")
            lines.append(f"| `{shown}` | {_summary(path)} |")
    return lines


def _cards() -> list[str]:
    effects = effect_places()
    rows: dict[str, tuple[str, str, str]] = {}
    for card in catalogue().cards.values():
        words = card.id.split("-")
        key = "-".join(["{colour}", *words[1:]]) if words[0] in COLORS else card.id
        name = card.name.en if key == card.id else re.sub(r"^\w+ ", "", card.name.en)
        rows.setdefault(key, (name, card.family, card.effect))
    lines = ["| card | name | family | effect | file |", "|---|---|---|---|---|"]
    for key, (name, family, effect) in rows.items():
        lines.append(f"| `{key}` | {name} | {family} | `{effect}` | {_link(effects[effect])} |")
    return lines


def _options() -> list[str]:
    places = option_places()
    lines = ["| option | rule ids | file |", "|---|---|---|"]
    for name in OPTION_FACTS:
        ids = ", ".join(OPTION_FACTS[name].ids)
        lines.append(f"| `{name}` | {ids} | {_link(places[name])} |")
    return lines


def _named(title: str, places: dict[str, tuple[str, int]]) -> list[str]:
    lines = [f"| {title} | file |", "|---|---|"]
    lines += [f"| `{name}` | {_link(place)} |" for name, place in sorted(places.items())]
    return lines


def _tests_by_rule() -> dict[str, list[str]]:
    """Rule id -> the tests named by it: ``test_c07_…`` functions and situation files."""
    found: dict[str, list[str]] = defaultdict(list)
    named: Callable[[str], str] = lambda stem: f"{stem[0].upper()}-{stem[1:3]}"  # noqa: E731
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        shown = path.relative_to(ROOT / "tests").as_posix()
        for test in re.findall(r"^\s*def test_([a-z]\d\d_\w+)", text, re.MULTILINE):
            found[named(test)].append(f"`{shown}::test_{test}`")
    for path in sorted((ROOT / "tests" / "situations").rglob("*.toml")):
        if re.match(r"[a-z]\d\d_", path.name):
            relative = path.relative_to(ROOT / "tests").as_posix()
            found[named(path.name)].append(f"`{relative}`")
    return found


def _rule_ids() -> list[str]:
    """Each rule id with the tests named by it, or else the line of its entry in
    docs/rules.md that says how it is covered (a test named otherwise, out of scope …)."""
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    starts = [(m[1], m[2], m.start()) for m in RULE_ID.finditer(rules)]
    ends = [start for _, _, start in starts[1:]] + [len(rules)]
    tests = _tests_by_rule()
    lines = ["| rule | tests |", "|---|---|"]
    for (rule_id, title, start), end in zip(starts, ends, strict=True):
        covered = re.search(COVERED, rules[start:end], re.MULTILINE)
        held = ", ".join(tests.get(rule_id, [])) or " ".join(covered[1].split() if covered else [])
        lines.append(f"| {rule_id} · {title} | {held} |")
    return lines


def where_md() -> str:
    parts = [
        "# Where things are",
        "",
        "Written by `python tests/project/test_where.py` from the command table, the data files' "
        "opening comments, the engine's registries and the headings of "
        "`cardgen/data/effects.toml` and `cardgen/data/options.toml`; the same test fails "
        "when this file is stale. Paths are under `cardgen/`.",
        "",
        "## Commands",
        "",
        "`cardgen/cli.py` is the group and the table of commands; each command's options "
        "and wiring are in a module of `commands/`, its shared options in "
        "`commands/params.py`.",
        "",
        *_commands(),
        "",
        "## Data files and templates",
        "",
        "Cards, effects, options, decks, layout and shop profiles are TOML under "
        "`cardgen/data/`; the words of the reports and the rulebooks' texts are under "
        "`templates/`.",
        "",
        *_data_files(),
        "",
        "## Layout",
        "",
        "The round's machinery sits at the top of `engine/`; the rules come in one package "
        "per card family (`classic/`, `unplugged/`, `extra/`, `house/`) and the options "
        "several sources share in `options/`, one module per mechanic. What plays many "
        "games is `play/`; the situation files of `cardgen explain` are `situation/`.",
        "",
        *_layout(),
        "",
        "## Cards: card → effect → file",
        "",
        "`{colour}` stands for each of red, yellow, green and blue.",
        "",
        *_cards(),
        "",
        "## Options",
        "",
        *_options(),
        "",
        "## Answers out of turn",
        "",
        *_named("answer", answer_places()),
        "",
        "## Action verbs",
        "",
        *_named("verb", verb_places()),
        "",
        "## Rule ids → tests",
        "",
        "Tests named by a rule id: `test_c07_…` functions and situation files `c07_….toml` "
        "(run by `tests/situation/test_situations.py`).",
        "",
        *_rule_ids(),
    ]
    return "\n".join(parts) + "\n"


if __name__ == "__main__":
    WHERE.write_text(where_md(), encoding="utf-8")
    print(f"wrote {WHERE.relative_to(ROOT)}")
