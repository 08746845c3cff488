"""A deck's own rule text, rendered in the same sandbox as the built-in templates.

A deck file names a Markdown file per language (``[rulebook] en = "party.en.md"``).
The file sees the same variables as the built-in templates and may stand alone or
``{% extends "classic" %}`` (or ``house``, ``unplugged``) and override its blocks; it
may ``{% include %}`` or ``{% import %}`` other files of the deck's folder, and the
built-in ``_shared`` macros. Its Markdown is read into the block syntax by
:mod:`.markdown` as it is loaded.

Whatever goes wrong — a jinja2 syntax error, an unknown variable, something the
sandbox refuses, a missing file or one outside the deck's folder — becomes one
:class:`~.markdown.RuleTextError` naming the file, the line and what to do.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, Environment, TemplateSyntaxError, UndefinedError, nodes
from jinja2.exceptions import SecurityError

from cardgen.deck.load import RuleText
from cardgen.errors import CardgenError
from cardgen.files.toml import read_regular_file
from cardgen.rulebook.budget import BudgetedSandbox, collect, time_limit
from cardgen.rulebook.markdown import RuleTextError, origins, to_block_syntax
from cardgen.rulebook.namedcards import DeckNames, check_named_cards
from cardgen.rulebook.templates import sandbox, template_folder

#: The built-in texts a rule text may extend or import by their short names.
BUILTIN_TEXTS = ("classic", "house", "unplugged", "_shared")
_VARIABLES_HINT = "a rule text can use only the variables the README lists"
#: A rule text is a few pages of Markdown; a file far larger is not the one meant.
MAX_RULE_TEXT_BYTES = 1_000_000


class _Refused(CardgenError):
    """The loader will not give a template; the render adds where it was asked for."""


class OwnTextLoader(BaseLoader):
    """Built-in texts by short name (``classic`` is ``classic.<lang>.md.j2``), and the
    files of one deck's folder, never a file outside it."""

    def __init__(self, text: RuleText, lang: str) -> None:
        self.text = text
        self.lang = lang
        self.labels: dict[str, str] = {}  # the file name jinja2 sees -> how messages name it
        self.user_files: set[str] = set()
        self.user_labels: list[str] = []  # by the index their lines are marked with
        self.sources: dict[str, str] = {}  # a deck file's name -> its source, as jinja2 reads it

    def get_source(self, environment: Environment, template: str
                   ) -> tuple[str, str, Callable[[], bool]]:
        builtin = builtin_file(template, self.lang)
        if builtin is not None:
            self.labels[str(builtin)] = f"templates/rulebook/{builtin.name}"
            return builtin.read_text(encoding="utf-8"), str(builtin), lambda: True
        path = self._file(template)
        label = str(Path(self.text.folder_label) / template)
        shown = template.removeprefix("./")
        try:
            raw = read_regular_file(path, repr(shown), "rule text", MAX_RULE_TEXT_BYTES,
                                    _Refused)
            if len(raw) > MAX_RULE_TEXT_BYTES:
                raise _Refused(f"{shown!r} is larger than {MAX_RULE_TEXT_BYTES // 1000} kB; a "
                               "rule text is a few pages of Markdown: check the file")
            source = raw.decode("utf-8-sig")  # a byte-order mark is fine
        except UnicodeDecodeError:
            raise _Refused(f"{shown!r} is not UTF-8 text; save it as UTF-8") from None
        self.labels[str(path)] = label
        self.user_files.add(str(path))
        self.user_labels.append(label)
        converted = to_block_syntax(source, label, len(self.user_labels) - 1)
        self.sources[template] = converted
        return converted, str(path), lambda: True

    def _file(self, template: str) -> Path:
        root = self.text.folder
        try:
            path = (root / template).resolve()
            inside, found = path.is_relative_to(root), path.is_file()
        except (OSError, ValueError, RuntimeError):  # a name no file system takes (too
            path, inside, found = root, True, False     # long, a NUL in it), a loop of links
        if not inside:
            raise _Refused(f"{template!r} is outside the deck file's folder; a rule text may "
                           "only use files next to the deck file (or in a folder below it)")
        if not found:
            close = difflib.get_close_matches(template, BUILTIN_TEXTS, n=1)
            hint = (f"did you mean '{close[0]}'?" if close else "extend or import classic, "
                    "house, unplugged or _shared, or name a file next to the deck file")
            raise _Refused(f"there is no built-in text or file {template!r}; {hint}")
        return path


def builtin_file(name: str, lang: str) -> Path | None:
    """The built-in template a name means in ``lang``, or None."""
    folder = template_folder()
    if name in BUILTIN_TEXTS:
        return folder / f"{name}.{lang}.md.j2"
    # The built-ins import each other by full name ("_shared.en.md.j2").
    if re.fullmatch(r"[\w-]+\.(fr|en)\.md\.j2", name) and (folder / name).is_file():
        return folder / name
    return None


def render_own_text(text: RuleText, lang: str, context: dict[str, Any],
                    names: DeckNames | None = None) -> tuple[str, list[str | None]]:
    """The deck's own rule text in ``lang``, filled from ``context``, in block syntax;
    and for each of its lines, the file and line that printed it (when one did).

    With ``names``, every card the text's files name (``k.id == "…"``, ``name("…")``,
    ``@card …``) must be one of them, whether the line runs or not."""
    loader = OwnTextLoader(text, lang)
    try:
        # "./" keeps a file named like a built-in text ("classic") the deck's own.
        environment = sandbox(loader, BudgetedSandbox)
        with time_limit():
            template = environment.get_template(f"./{text.name}")
            _check_blocks(environment, loader)
            checked: set[str] = set()
            if names is not None:
                _check_names(environment, loader, names, checked)
            rendered = collect(template.generate(context))
            if names is not None:  # the files the render itself found to include
                _check_names(environment, loader, names, checked)
        return origins(rendered, loader.user_labels)
    except RuleTextError:
        raise
    except TemplateSyntaxError as exc:
        label = loader.labels.get(exc.filename or "", text.label)
        raise RuleTextError(f"{label}, line {exc.lineno}: {_one_line(exc.message or '')}; "
                            "check the {% %} and {{ }} tags up to that line") from None
    except Exception as exc:  # anything the template's code did is the file's to fix
        where = _where(exc, loader) or text.label
        raise RuleTextError(f"{where}: {_explain(exc)}") from None


def _check_blocks(environment: Environment, loader: OwnTextLoader) -> None:
    """A file that extends a text may only fill blocks that text has: jinja2 would drop
    a block of any other name (a misspelt one) without a word."""
    checked: set[str] = set()
    while todo := [name for name in loader.sources if name not in checked]:
        name = todo[0]
        checked.add(name)
        tree = environment.parse(loader.sources[name], name)
        parent = _parent(tree)
        if parent is None:
            continue
        try:
            known = _blocks(environment, loader, parent)
        except Exception:  # noqa: BLE001 - the render reports it, with its line
            continue
        label = loader.labels.get(environment.get_template(name).filename or "", name)
        for block in _outer_blocks(tree):
            if block.name not in known:
                close = difflib.get_close_matches(block.name, known, n=1, cutoff=0.5)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                shown = parent.removeprefix("./")
                raise RuleTextError(
                    f"{label}, line {block.lineno}: \"{shown}\" has no block "
                    f"'{block.name}', so its text would never print; its blocks are "
                    f"{', '.join(known)}{hint}")


def _check_names(environment: Environment, loader: OwnTextLoader, names: DeckNames,
                 checked: set[str]) -> None:
    """Check the cards each of the deck's files not in ``checked`` names (then add it),
    and those of the files it includes, imports or extends by a name written out, even
    where the render would not go."""
    while todo := [name for name in loader.sources if name not in checked]:
        name = todo[0]
        checked.add(name)
        tree = environment.parse(loader.sources[name], name)
        label = loader.labels.get(environment.get_template(name).filename or "", name)
        check_named_cards(tree, loader.sources[name], label, names)
        for other in _named_templates(tree):
            try:  # loading it puts a file of the deck's into loader.sources
                environment.get_template(other)
            except Exception:  # noqa: BLE001, S112 - the render reports it if it runs
                continue


def _named_templates(tree: nodes.Template) -> list[str]:
    """The templates a template includes, imports or extends by a name written out."""
    found = []
    for node in tree.find_all((nodes.Include, nodes.Import, nodes.FromImport, nodes.Extends)):
        template = getattr(node, "template", None)
        if isinstance(template, nodes.Const) and isinstance(template.value, str):
            found.append(template.value)
    return found


def _parent(tree: nodes.Template) -> str | None:
    """The text a template extends (None: it stands alone, or names it by a variable)."""
    return next((node.template.value for node in tree.find_all(nodes.Extends)
                 if isinstance(node.template, nodes.Const)), None)


def _blocks(environment: Environment, loader: OwnTextLoader, name: str) -> list[str]:
    """Every block a text has, its own and those of the texts it extends, in order."""
    source = loader.sources.get(name)
    if source is None:  # a built-in text
        source = loader.get_source(environment, name)[0]
    tree = environment.parse(source, name)
    parent = _parent(tree)
    names = _blocks(environment, loader, parent) if parent is not None else []
    return names + [block.name for block in tree.find_all(nodes.Block)
                    if block.name not in names]


def _outer_blocks(node: nodes.Node) -> list[nodes.Block]:
    """The blocks of a template that are not inside another block: in a template that
    extends another, only these replace anything."""
    found: list[nodes.Block] = []
    for child in node.iter_child_nodes():
        if isinstance(child, nodes.Block):
            found.append(child)
        else:
            found.extend(_outer_blocks(child))
    return found


def _where(exc: BaseException, loader: OwnTextLoader) -> str | None:
    """"file, line N" of the innermost template line the error went through, the deck's
    own files first (jinja2 rewrites tracebacks to show template lines)."""
    found: dict[bool, str] = {}
    tb = exc.__traceback__
    while tb is not None:
        file_name = tb.tb_frame.f_code.co_filename
        if file_name in loader.labels:
            found[file_name in loader.user_files] = (f"{loader.labels[file_name]}, "
                                                     f"line {tb.tb_lineno}")
        tb = tb.tb_next
    return found.get(True) or found.get(False)


def _explain(exc: BaseException) -> str:
    message = _one_line(str(exc))
    if isinstance(exc, CardgenError):  # _Refused, a budget, a key: each says what to do
        return message
    if isinstance(exc, SecurityError):
        return f"the sandbox refuses this ({message}); {_VARIABLES_HINT}"
    if isinstance(exc, UndefinedError):
        # jinja2 says "'x' is undefined" or "'dict object' has no attribute 'y'".
        missing = re.fullmatch(r"'(.+)' is undefined", message)
        if missing:
            return f"'{missing.group(1)}' is not a variable; {_VARIABLES_HINT}"
        field = re.search(r"has no attribute '(.+)'$", message)
        if field:
            return f"there is no '{field.group(1)}' in that variable; {_VARIABLES_HINT}"
        return f"{message}; {_VARIABLES_HINT}"
    if isinstance(exc, RecursionError):
        return "the text includes itself (or a macro calls itself) without end; break the loop"
    return f"this expression fails ({type(exc).__name__}: {message}); fix it"


def _one_line(message: str) -> str:
    return " ".join(message.split()).rstrip(".")


def line_of(text: RuleText, line: str) -> int | None:
    """The number of the first line of the text's file that reads ``line``, if any."""
    try:
        lines = (text.folder / text.name).read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    wanted = " ".join(line.split())
    return next((n for n, found in enumerate(lines, 1) if " ".join(found.split()) == wanted),
                None)
