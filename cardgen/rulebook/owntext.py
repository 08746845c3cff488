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

Two mistakes jinja2 would pass over in silence are looked for on each file's syntax
tree before the text runs: a block that the text it extends does not have, and a card
id that names no card of the deck (:func:`check_named_cards`). Either would leave the
designer's text out of the book without a word.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, Environment, TemplateSyntaxError, UndefinedError, nodes
from jinja2.exceptions import SecurityError

from cardgen.catalogue import Card
from cardgen.deck.load import Deck, RuleText
from cardgen.errors import CardgenError
from cardgen.files.toml import read_regular_file
from cardgen.rulebook.budget import BudgetedSandbox, collect, time_limit
from cardgen.rulebook.context import card_keys, unknown_key
from cardgen.rulebook.markdown import RuleTextError, origins, to_block_syntax
from cardgen.rulebook.owncards import no_such_card
from cardgen.rulebook.templates import sandbox, template_folder, template_label

#: The built-in texts a rule text may extend or import by their short names.
BUILTIN_TEXTS = ("classic", "house", "unplugged", "_shared")
_VARIABLES_HINT = "a rule text can use only the variables docs/rulebooks.md lists"
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
            self.labels[str(builtin)] = template_label(builtin.name.removesuffix(".md.j2"),
                                                       builtin.parent.parent.name)
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
    folder = template_folder(lang)
    if name in BUILTIN_TEXTS:
        return folder / f"{name}.md.j2"
    # The built-ins import each other by file name ("_shared.md.j2"); a name with a
    # language in it ("_shared.en.md.j2", as they were once named) means that language's.
    named = re.fullmatch(r"([\w-]+?)(?:\.([a-z]{2,3}))?\.md\.j2", name)
    if named:
        path = (template_folder(named[2]) if named[2] else folder) / f"{named[1]}.md.j2"
        if path.is_file():
            return path
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


# --- the cards a text names ----------------------------------------------------------

#: The look-up functions of the context that take card keys.
LOOKUPS = ("name", "plural", "count", "count_of", "points", "has", "kind")
#: jinja2's tests and operators for "is equal" and "is not equal".
_EQUAL_TESTS = ("eq", "equalto", "==", "sameas", "ne", "!=")
#: An ``@card`` line as a rule text's file gives it once read into the block syntax: the
#: id, then the invisible mark of the file's line (see :mod:`.markdown`).
_CARD_LINE = re.compile(r"^@card[ \t]+([^\s{}\ue002]+)[ \t]*\ue002\d+\.(\d+)\ue003$",
                        re.MULTILINE)


@dataclass(frozen=True)
class DeckNames:
    """What a rule text may write to name the cards of one deck."""

    card_ids: frozenset[str]  # every card the deck may name
    kind_ids: frozenset[str]  # what a kind's ``id`` may be
    symbols: frozenset[str]
    keys: frozenset[str]  # what name(), count() and the others take
    #: Each kind id the deck holds, in the deck's order, and a card id of it: the ids
    #: the messages offer.
    held: tuple[str, ...]
    kind_of: dict[str, str]  # a card's id -> its kind's id
    cards: tuple[Card, ...]

    @classmethod
    def of(cls, cards: Iterable[Card], held: Iterable[Card]) -> DeckNames:
        """The names of ``cards`` (every card the deck may name), of which it holds
        ``held``."""
        cards = list(cards)
        return cls(card_ids=frozenset(card.id for card in cards),
                   kind_ids=frozenset(card.entry for card in cards),
                   symbols=frozenset(card.symbol for card in cards),
                   keys=frozenset(card_keys(cards)),
                   held=tuple(dict.fromkeys(card.entry for card in held)),
                   kind_of={card.id: card.entry for card in cards}, cards=tuple(cards))


def deck_names(deck: Deck) -> DeckNames:
    """The names of the cards ``deck`` may name, and of those it holds."""
    return DeckNames.of(deck.cards.values(), (card for card, _ in deck.card_list()))


@dataclass(frozen=True)
class _Named:
    """One literal a text compares with, or gives to, something that names cards."""

    what: str  # "id", "symbol", "card" (in k.ids), "key" (a look-up's) or "@card"
    value: str
    line: int


def check_named_cards(tree: nodes.Template, source: str, label: str,
                      names: DeckNames) -> None:
    """Raise a :class:`RuleTextError` for the first literal of the template (``tree``,
    parsed from ``source``) that names no card of the deck.

    A rule text picks a card out by writing its id: ``{% if k.id == "tunnel" %}``,
    ``{{ name("tunnel") }}``, ``@card tunnel``. An id that names no card never matches,
    and jinja2 prints the other branch (or nothing) without a word. So every id a text
    writes as a literal is checked, whether or not its line would run for this deck:

    - a comparison with a kind's ``id`` (``k.id == "…"``, ``!=``, ``in [...]``, jinja2's
      ``is eq`` test and ``selectattr("id", "eq", …)``): the ids kinds go by, which are
      the ids of the deck file's [[card]] tables ("canon" for red-canon, yellow-canon …);
    - the same with a kind's ``symbol``: the cards' symbols;
    - a card's id looked for in ``k.ids``: the cards' own ids;
    - the keys given to ``name()``, ``plural()``, ``count()``, ``count_of()``,
      ``points()``, ``has()`` and ``kind()``: any id or key they accept;
    - the id of an ``@card`` line: a card's id or a kind's.

    "Of the deck" means any card the deck may name, as for ``has()``: a text may ask
    about a card the deck does not hold (``{% if has("wild-draw-eight") %}``), never
    about one that does not exist. ``deck.id`` is the deck's own id, and is left alone.
    """
    found = sorted([*_literals(tree), *_card_lines(source)], key=lambda named: named.line)
    for named in found:
        problem = _problem(named, names)
        if problem:
            raise RuleTextError(f"{label}, line {named.line}: {problem}")


def _problem(named: _Named, names: DeckNames) -> str | None:
    """What is wrong with one literal, or None."""
    value = named.value
    if named.what == "key":
        return None if value in names.keys else unknown_key(value, names.keys)
    if named.what == "symbol":
        if value in names.symbols:
            return None
        return (f"no card has the symbol {value!r}, so this comparison never holds; a kind's "
                "symbol is its key, like \"+2\" or \"reverse\""
                f"{_closest(value, names.symbols)}")
    if named.what == "id" and value in names.card_ids and value not in names.kind_ids:
        kind = names.kind_of[value]
        return (f"'{value}' is one card of the kind '{kind}': k.id is '{kind}' for all its "
                f"cards, so this comparison never holds; compare it with '{kind}' (or look "
                f"for '{value}' in k.ids)")
    if named.what == "@card":  # as check_card_ids says it of a line that ran
        known = value in names.card_ids or value in names.kind_ids
        return None if known else no_such_card(value, names.cards)
    wanted = names.kind_ids if named.what == "id" else names.card_ids
    if value in wanted:
        return None
    return (f"'{value}' is not a card of this deck; its cards are {', '.join(names.held)}"
            f"{_closest(value, wanted)}")


def _closest(value: str, known: Iterable[str]) -> str:
    """" (did you mean 'x'?)" with the nearest of the ``known`` names, or ""."""
    close = difflib.get_close_matches(value, sorted(known), n=3, cutoff=0.5)
    return f" (did you mean {', '.join(repr(k) for k in close)}?)" if close else ""


def _card_lines(source: str) -> Iterator[_Named]:
    """The ids of the ``@card`` lines of a file's text (not those inside a tag, where no
    mark is: a comment's lines print nothing)."""
    for match in _CARD_LINE.finditer(source):
        yield _Named("@card", match.group(1), int(match.group(2)))


def _literals(tree: nodes.Template) -> Iterator[_Named]:
    """Every literal the template compares with a kind's id or symbol, looks for in
    ``k.ids`` or gives to a look-up function."""
    for compare in tree.find_all(nodes.Compare):
        operands = [compare.expr, *(op.expr for op in compare.ops)]
        for at, op in enumerate(compare.ops):
            left, right = operands[at], operands[at + 1]
            if op.op in ("eq", "ne"):
                yield from _against(left, right, compare.lineno)
                yield from _against(right, left, compare.lineno)
            elif op.op in ("in", "notin"):
                if _field(right) == "ids":
                    yield from (_Named("card", value, compare.lineno)
                                for value in _strings(left, many=False))
                elif _field(left) in ("id", "symbol"):  # in a list of ids, not a string
                    yield from (_Named(str(_field(left)), value, compare.lineno)
                                for value in _strings(right, single=False))
    for test in tree.find_all(nodes.Test):
        if test.name in _EQUAL_TESTS and test.args:
            yield from _against(test.node, test.args[0], test.lineno)
    for filtered in tree.find_all(nodes.Filter):
        yield from _attribute_filter(filtered)
    for call in tree.find_all(nodes.Call):
        if isinstance(call.node, nodes.Name) and call.node.name in LOOKUPS:
            for arg in call.args:
                yield from (_Named("key", value, call.lineno) for value in _strings(arg))


def _against(field: nodes.Expr, other: nodes.Expr, line: int) -> Iterator[_Named]:
    """``other``'s literal when ``field`` is a kind's id or symbol."""
    what = _field(field)
    if what in ("id", "symbol"):
        yield from (_Named(what, value, line) for value in _strings(other, many=False))


def _attribute_filter(filtered: nodes.Filter) -> Iterator[_Named]:
    """``selectattr("id", "eq", "canon")`` and ``rejectattr`` alike."""
    if filtered.name not in ("selectattr", "rejectattr") or len(filtered.args) < 3:
        return
    attribute, test = _string(filtered.args[0]), _string(filtered.args[1])
    if attribute not in ("id", "symbol"):
        return
    if test in _EQUAL_TESTS:
        found = _strings(filtered.args[2], many=False)
    elif test == "in":
        found = _strings(filtered.args[2], single=False)
    else:
        return
    yield from (_Named(attribute, text, filtered.lineno) for text in found)


def _field(node: nodes.Expr) -> str | None:
    """"id", "ids" or "symbol" when ``node`` reads that field of something (``k.id``,
    ``k["id"]``) other than ``deck``; None otherwise."""
    if isinstance(node, nodes.Getattr):
        owner, field = node.node, node.attr
    elif isinstance(node, nodes.Getitem) and isinstance(node.arg, nodes.Const):
        owner, field = node.node, node.arg.value
    else:
        return None
    if isinstance(owner, nodes.Name) and owner.name == "deck":
        return None
    return field if field in ("id", "ids", "symbol") else None


def _string(node: nodes.Expr) -> str | None:
    if isinstance(node, nodes.Const) and isinstance(node.value, str):
        return node.value
    return None


def _strings(node: nodes.Expr, many: bool = True, single: bool = True) -> list[str]:
    """The string literal ``node`` is (with ``single``), or (with ``many``) those of a
    literal list or tuple."""
    text = _string(node)
    if text is not None:
        return [text] if single else []
    if many and isinstance(node, (nodes.List, nodes.Tuple)):
        return [text for item in node.items if (text := _string(item)) is not None]
    if many and isinstance(node, nodes.Const) and isinstance(node.value, (list, tuple)):
        return [item for item in node.value if isinstance(item, str)]  # a folded literal
    return []
