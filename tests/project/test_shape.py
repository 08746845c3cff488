"""The shape of the code base: sizes one reader holds in mind, and imports that run one
way (the aims of issue 11), and folders a reader can sort at a glance (issue 23).

Every module of ``cardgen/`` is parsed; nothing is imported. The import graph has an
edge for every import a module makes: at its top, inside a function, or under
``if TYPE_CHECKING:`` for annotations only. No circle is allowed, not even one made of
type-only imports: the round knows the rules it calls through the protocols it declares
(see the docstring of :mod:`cardgen.engine.state`).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from helpers.paths import ROOT

PACKAGE = ROOT / "cardgen"

MAX_MODULE_LINES = 600
MAX_CLASS_LINES = 250
MAX_FUNCTION_LINES = 80
#: Modules a folder may hold besides its ``__init__.py``: more, and a reader cannot tell
#: where a thing lives from the folder's name; split it into packages by one reason each.
MAX_FOLDER_MODULES = 12
#: Folders over the limit, with the count they may not exceed while they wait (none).
WAITING_FOLDERS: dict[str, int] = {}

def _modules() -> dict[str, tuple[Path, ast.Module]]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = (path, ast.parse(path.read_text(encoding="utf-8")))
    return found


MODULES = _modules()


def _imports(name: str, path: Path, tree: ast.Module) -> list[tuple[str, bool]]:
    """(imported module of cardgen, whether only under TYPE_CHECKING) for each import."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, type_only: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for inner in child.body:
                    visit_one(inner, True)
                for inner in child.orelse:
                    visit_one(inner, type_only)
                continue
            visit_one(child, type_only)

    def visit_one(node: ast.AST, type_only: bool) -> None:
        if isinstance(node, ast.Import):
            found.extend((alias.name, type_only) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append((sub if sub in MODULES else base, type_only))
        else:
            visit(node, type_only)

    visit(tree, False)
    return [(target, type_only) for target, type_only in found
            if target in MODULES and target != name]


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return circles


def test_no_module_class_or_function_is_too_long() -> None:
    too_long = []
    for path, tree in MODULES.values():
        where = path.relative_to(PACKAGE.parent)
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_MODULE_LINES:
            too_long.append(f"{where}: {lines} lines (module)")
        for node in ast.walk(tree):
            size = (node.end_lineno or node.lineno) - node.lineno + 1 if isinstance(
                node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) else 0
            if isinstance(node, ast.ClassDef) and size > MAX_CLASS_LINES:
                too_long.append(f"{where}: class {node.name}, {size} lines")
            elif (isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                  and size > MAX_FUNCTION_LINES):
                too_long.append(f"{where}: {node.name}(), {size} lines")
    assert not too_long, "split these by responsibility:\n" + "\n".join(too_long)


def test_no_folder_holds_more_modules_than_a_reader_can_sort() -> None:
    counts: dict[str, int] = defaultdict(int)
    for path, _tree in MODULES.values():
        if path.name != "__init__.py":
            counts[path.parent.relative_to(PACKAGE.parent).as_posix()] += 1
    crowded = [f"{folder}/: {count} modules" for folder, count in sorted(counts.items())
               if count > WAITING_FOLDERS.get(folder, MAX_FOLDER_MODULES)]
    assert not crowded, "split these folders by one reason each:\n" + "\n".join(crowded)
    assert counts["cardgen/engine"] <= MAX_FOLDER_MODULES


def test_imports_form_no_circle() -> None:
    graph: dict[str, set[str]] = defaultdict(set)
    for name, (path, tree) in MODULES.items():
        graph[name]  # every module is a node
        graph[name].update(target for target, _type_only in _imports(name, path, tree))
    circles = _circles(graph)
    assert not circles, "modules that import each other:\n" + "\n".join(
        " <-> ".join(circle) for circle in circles)


def test_the_checker_finds_a_circle() -> None:
    """The graph code itself: a circle of three is found, a chain is not."""
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


#: The floors of the house, lowest first: a package imports only from its own floor or
#: from below, at a module's top or inside a function alike (issue 30). The data a deck
#: is made of comes first, then the deck, the engine that plays it, what plays many
#: games, what draws and writes, and the commands last.
FLOORS: tuple[tuple[str, ...], ...] = (
    ("errors", "outputs", "datafolders", "pools"),  # the ground: no cardgen import but errors
    ("typography",),  # the fonts cards and books are set in, and what they can print
    # the files a deck names, read safely (TOML, pictures), the problems found in them,
    # and its SVG pictures, fenced, budgeted and drawn in cardgen's fonts
    ("files", "svgpicture"),
    ("catalogue",),  # the card, effect and option data every deck is made of
    ("deck",),  # a deck file read and counted
    ("engine",),  # the rules: one round, one game
    ("play", "situation"),  # many games with bots; a round written as a file
    ("render", "rulebook", "balance", "env"),  # faces, books, studies, the RL environment
    ("table",),  # one game at a table: its settings, seats, rounds and words
    ("terminal", "serve"),  # the table at the keyboard, the table in the browser
    ("check", "build", "designer"),  # what uses several of the floors below
    ("commands", "cli"),  # the command line
)


def _floor(module: str) -> int:
    package = module.split(".")[1] if "." in module else "cardgen"
    for number, packages in enumerate(FLOORS):
        if package in packages:
            return number
    raise AssertionError(f"{module}: its package {package!r} has no floor in FLOORS; "
                         "give it one in tests/project/test_shape.py")


def test_every_import_runs_down_the_floors() -> None:
    upward = set()
    for name, (path, tree) in MODULES.items():
        if name == "cardgen":
            continue  # the package's own __init__ imports nothing of cardgen
        for target, _type_only in _imports(name, path, tree):
            if _floor(target) > _floor(name):
                upward.add(f"{name} (floor {_floor(name)}) imports {target} "
                              f"(floor {_floor(target)})")
    assert not upward, "imports that run up the floors:\n" + "\n".join(sorted(upward))


def test_the_floor_checker_names_an_upward_import() -> None:
    assert _floor("cardgen.deck.load") < _floor("cardgen.engine.state")
    assert _floor("cardgen.check") > _floor("cardgen.render.faces")


def _imports_of(package: str) -> set[tuple[str, str]]:
    """(module, imported module of cardgen) for every import of the modules of
    ``cardgen.<package>``."""
    return {(name, target) for name, (path, tree) in MODULES.items()
            if name == f"cardgen.{package}" or name.startswith(f"cardgen.{package}.")
            for target, _type_only in _imports(name, path, tree)}


def _into(imports: set[tuple[str, str]], *packages: str) -> list[str]:
    return sorted(f"{name} imports {target}" for name, target in imports
                  if target.split(".")[1] in packages)


def test_the_screens_share_the_table_and_not_each_other() -> None:
    """Issue 39: the browser's table is the terminal's table, not a copy of it and not
    borrowed from the terminal: the game at a table (its settings, seats, rounds, words)
    is cardgen/table/, which neither screen's package feeds."""
    assert not _into(_imports_of("serve"), "terminal")
    assert not _into(_imports_of("terminal"), "serve")
    assert not _into(_imports_of("table"), "terminal", "serve")


def test_a_table_is_set_once() -> None:
    defined = sorted(path.relative_to(PACKAGE.parent).as_posix()
                     for path, tree in MODULES.values() for node in ast.walk(tree)
                     if isinstance(node, ast.ClassDef) and node.name == "TableSettings")
    assert defined == ["cardgen/table/settings.py"], defined


#: The card families of the engine: what reads and writes situation files, and saves a
#: round as one, reaches them only through the engine's API (their round fields,
#: :func:`cardgen.engine.api.register_round_field`), as it would a plugin's.
FAMILIES = tuple(f"cardgen.engine.{family}"
                 for family in ("classic", "unplugged", "extra", "house", "options"))
#: Package -> the packages none of its modules imports, though the floors allow it.
KEPT_APART: dict[str, tuple[str, ...]] = {
    "cardgen.situation": FAMILIES,
    "cardgen.terminal": FAMILIES,
    # `cardgen check` runs a plugin's examples with cardgen.situation.examples; the
    # designer's watch calls the check, so the check never calls back up into it.
    "cardgen.check": ("cardgen.designer",),
}


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_situations_and_saves_know_no_card_family_and_the_check_no_designer() -> None:
    found = sorted(f"{name} imports {target}"
                   for name, (path, tree) in MODULES.items()
                   for package, apart in KEPT_APART.items() if _within(name, package)
                   for target, _type_only in _imports(name, path, tree)
                   if any(_within(target, other) for other in apart))
    assert not found, "imports that reach past the engine's API:\n" + "\n".join(found)
