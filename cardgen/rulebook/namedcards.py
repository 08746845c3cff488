"""The cards a deck's own rule text names, checked before the text runs.

A rule text picks a card out by writing its id: ``{% if k.id == "tunnel" %}``,
``{{ name("tunnel") }}``, ``@card tunnel``. An id that names no card of the deck never
matches, and jinja2 would print the other branch (or nothing) without a word: the
designer's text would be missing from the book and nobody would know. So every id a
text writes as a literal is checked here, on the template's syntax tree, whether or not
the line would run for this deck, and one that names no card is an error naming the
file and the line.

What is checked, and against what:

- a comparison with a kind's ``id`` (``k.id == "…"``, ``!=``, ``in [...]``, jinja2's
  ``is eq`` test and ``selectattr("id", "eq", …)``): the ids kinds go by, which are the
  ids of the deck file's [[card]] tables ("canon" for red-canon, yellow-canon …);
- the same with a kind's ``symbol``: the cards' symbols;
- a card's id looked for in ``k.ids``: the cards' own ids;
- the keys given to ``name()``, ``plural()``, ``count()``, ``count_of()``, ``points()``,
  ``has()`` and ``kind()``: any id or key they accept;
- the id of an ``@card`` line: a card's id or a kind's.

"Of the deck" means any card the deck may name, as for ``has()``: a text may ask about
a card the deck does not hold (``{% if has("wild-draw-eight") %}``), never about one
that does not exist. ``deck.id`` is the deck's own id, not a card's, and is left alone.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from jinja2 import nodes

from cardgen.catalogue import Card
from cardgen.deck.load import Deck
from cardgen.rulebook.context import card_keys, unknown_key
from cardgen.rulebook.markdown import RuleTextError
from cardgen.rulebook.owncards import no_such_card

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
    parsed from ``source``) that names no card of the deck."""
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
