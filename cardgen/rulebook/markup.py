"""The block syntax of the rulebook templates, read into a list of blocks.

A rendered template is reportlab paragraph markup (``<b>``, ``<i>``, entities) arranged
in lines, with a few line prefixes for structure::

    # Chapter             ## Section            ### Sub-section
    - a bullet            1. a numbered step    > an example, in a box
    (a blank line ends a paragraph; a line starting with two spaces continues an item)
    @table 3 1 1          | a | b | c |         |---|   (the rows above it are a header)
    (rows with no @table line above them get even columns)
    @card ID              … the card's rule …   @end    (its picture beside the text)
    @cards                @gallery              @pagebreak
    @quickref             (everything after it is the one-page quick reference)

The parser knows nothing of reportlab; :mod:`cardgen.rulebook.document` lays the
blocks out. Values from deck data reach the text escaped (see ``templates.py``), so
none of these prefixes can come from a deck file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from cardgen.errors import CardgenError


class TemplateSyntaxError(CardgenError):
    """A rendered rulebook template breaks the block syntax: a bug in cardgen's templates."""


@dataclass(frozen=True)
class Heading:
    level: int  # 1 = chapter, 2 = section, 3 = sub-section
    text: str


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class ItemList:
    items: tuple[str, ...]
    numbered: bool


@dataclass(frozen=True)
class Example:
    paragraphs: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    widths: tuple[float, ...]  # relative column widths
    rows: tuple[tuple[str, ...], ...]
    header_rows: int


@dataclass(frozen=True)
class CardBlock:
    """A card's picture with its rule beside it."""

    card_id: str
    body: tuple[Block, ...]


@dataclass(frozen=True)
class Directive:
    """A part the layout builds from deck data: the card table, the gallery, a page break."""

    name: str


@dataclass(frozen=True)
class QuickReference:
    body: tuple[Block, ...]


Block = Heading | Paragraph | ItemList | Example | Table | CardBlock | Directive | QuickReference

DIRECTIVES = ("cards", "gallery", "pagebreak")
_ITEM = re.compile(r"^(-|\d+\.)\s+(.*)$")


def block_texts(blocks: Sequence[Block]) -> Iterator[str]:
    """Every text a reader sees in ``blocks``, as paragraph markup: those inside card
    blocks and the quick reference too."""
    for block in blocks:
        if isinstance(block, Heading | Paragraph):
            yield block.text
        elif isinstance(block, ItemList):
            yield from block.items
        elif isinstance(block, Example):
            yield from block.paragraphs
        elif isinstance(block, Table):
            yield from (cell for row in block.rows for cell in row)
        elif isinstance(block, CardBlock | QuickReference):
            yield from block_texts(block.body)


@dataclass
class _Reader:
    source: str
    lines: list[str]
    origins: Sequence[str | None] = ()  # per line: "file, line N" that printed it, if known
    pos: int = 0
    blocks: list[Block] = field(default_factory=list)

    def error(self, message: str, at: int | None = None) -> TemplateSyntaxError:
        at = self.pos if at is None else at
        origin = self.origins[at] if at < len(self.origins) else None
        if origin is not None:
            return TemplateSyntaxError(f"{origin}: {message}")
        # The message starts with the file, as every error of a deck's files does.
        return TemplateSyntaxError(f"{self.source}, rendered line {at + 1}: {message}")


def parse(text: str, source: str = "?", origins: Sequence[str | None] = ()) -> list[Block]:
    """Read a rendered template into blocks; ``origins`` gives, for each line of
    ``text``, the file and line it comes from, for the error messages."""
    reader = _Reader(source, text.splitlines(), origins)
    blocks = _parse_until(reader, end=None)
    return blocks


def _parse_until(reader: _Reader, end: str | None, opened_at: int = 0) -> list[Block]:
    blocks: list[Block] = []
    lines = reader.lines
    while reader.pos < len(lines):
        line = lines[reader.pos].rstrip()
        stripped = line.strip()
        if not stripped:
            reader.pos += 1
            continue
        if stripped == "@end":
            if end is None:
                raise reader.error("@end without an @card above it")
            reader.pos += 1
            return blocks
        if stripped.startswith("#"):
            marks = len(stripped) - len(stripped.lstrip("#"))
            if marks > 3 or not stripped[marks:].startswith(" "):
                raise reader.error(f"a heading is '#', '##' or '###' and a space: {stripped!r}")
            blocks.append(Heading(marks, stripped[marks:].strip()))
            reader.pos += 1
        elif stripped.startswith("@"):
            blocks.append(_directive(reader, stripped, end))
        elif stripped.startswith(">"):
            blocks.append(_example(reader))
        elif stripped.startswith("|"):  # a table with no @table line: even columns
            blocks.append(_table(reader, ""))
        elif _ITEM.match(stripped):
            blocks.append(_items(reader))
        else:
            blocks.append(_paragraph(reader))
    if end is not None:
        raise reader.error(f"{end} block is not closed by @end; add a line @end after "
                           "the card's text", at=opened_at)
    return blocks


def _directive(reader: _Reader, stripped: str, end: str | None) -> Block:
    name, _, argument = stripped[1:].partition(" ")
    argument = argument.strip()
    reader.pos += 1
    if name in DIRECTIVES and not argument:
        return Directive(name)
    if name == "card" and argument:
        if end is not None:
            raise reader.error("an @card block cannot hold another @card")
        return CardBlock(argument, tuple(_parse_until(reader, end="@card",
                                                      opened_at=reader.pos - 1)))
    if name == "table":
        return _table(reader, argument)
    if name == "quickref" and not argument:
        if end is not None:
            raise reader.error("@quickref cannot sit inside an @card block")
        return QuickReference(tuple(_parse_until(reader, end=None)))
    raise reader.error(f"unknown directive {stripped!r}; the directives are @card ID, @end, "
                       "@table WIDTHS, @quickref and " + ", ".join(f"@{d}" for d in DIRECTIVES))


def _paragraph(reader: _Reader) -> Paragraph:
    parts = []
    lines = reader.lines
    while reader.pos < len(lines):
        stripped = lines[reader.pos].strip()
        if not stripped or stripped[0] in "#@>|" or _ITEM.match(stripped):
            break
        parts.append(stripped)
        reader.pos += 1
    return Paragraph(" ".join(parts))


def _items(reader: _Reader) -> ItemList:
    items: list[str] = []
    numbered: bool | None = None
    lines = reader.lines
    while reader.pos < len(lines):
        line = lines[reader.pos].rstrip()
        match = _ITEM.match(line.strip())
        if match and not line.startswith("  "):
            is_numbered = match.group(1) != "-"
            if numbered is not None and is_numbered != numbered:
                break
            numbered = is_numbered
            items.append(match.group(2).strip())
        elif line.startswith("  ") and line.strip() and items:
            items[-1] += " " + line.strip()
        else:
            break
        reader.pos += 1
    return ItemList(tuple(items), bool(numbered))


def _example(reader: _Reader) -> Example:
    paragraphs: list[list[str]] = [[]]
    lines = reader.lines
    while reader.pos < len(lines) and lines[reader.pos].strip().startswith(">"):
        content = lines[reader.pos].strip()[1:].strip()
        if content:
            paragraphs[-1].append(content)
        elif paragraphs[-1]:
            paragraphs.append([])
        reader.pos += 1
    return Example(tuple(" ".join(p) for p in paragraphs if p))


def _table(reader: _Reader, argument: str) -> Table:
    if not argument:  # as many even columns as the first row has cells
        first = reader.lines[reader.pos].strip().strip("|") if reader.pos < len(reader.lines) \
            else ""
        argument = " ".join("1" for _ in first.split("|")) if first else ""
    try:
        widths = tuple(float(w) for w in argument.split())
    except ValueError:
        widths = ()
    if not widths or any(w <= 0 for w in widths):
        raise reader.error(f"@table needs positive relative column widths, got {argument!r}")
    rows: list[tuple[str, ...]] = []
    header_rows = 0
    lines = reader.lines
    while reader.pos < len(lines) and lines[reader.pos].strip().startswith("|"):
        row = lines[reader.pos].strip()
        reader.pos += 1
        cells = tuple(cell.strip() for cell in row.strip("|").split("|"))
        if all(re.fullmatch(r"-+", cell) for cell in cells):
            header_rows = len(rows)
            continue
        if len(cells) != len(widths):
            reader.pos -= 1
            raise reader.error(f"this row has {len(cells)} cells but @table gave "
                               f"{len(widths)} widths")
        rows.append(cells)
    if not rows:
        raise reader.error("@table is not followed by any | row |")
    return Table(widths, tuple(rows), header_rows)
