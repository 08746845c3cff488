"""A deck's own rule text: Markdown with jinja2 tags, read into the rulebook's block syntax.

The built-in templates are written directly in the block syntax of :mod:`.markup`
(reportlab markup such as ``<b>`` inside Markdown-like lines). A user's file is plain
Markdown instead; before jinja2 compiles it, :func:`to_block_syntax` rewrites its
literal text — never its ``{{ }}``, ``{% %}`` or ``{# #}`` tags — as follows:

- ``#`` to ``######`` headings (levels past 3 become 3), paragraphs, ``-``, ``*`` or ``+``
  bullets, ``1.`` steps, ``>`` quotes (drawn as example boxes) and ``| a | b |`` tables;
- ``**bold**``, ``*italic*``, ``***both***`` (``_`` works like ``*``, but not inside a word);
- ``<`` and ``&`` print as written (the text is not HTML), a backslash before a
  punctuation mark prints the mark as written (``\\*``, ``\\#``, ``\\@``);
- a line ``---`` (a Markdown rule) is a blank line;
- a line starting with ``@`` is one of the built-ins' directives (``@cards``, ``@gallery``,
  ``@card ID`` … ``@end``, ``@table``, ``@pagebreak``, ``@quickref``); any other is refused.

Every line stays on its own line, so the line numbers jinja2 reports are the file's.
"""

from __future__ import annotations

import re

from cardgen.errors import CardgenError

#: jinja2's tags, kept out of the rewriting (a tag may span lines).
_TAG = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)
#: A whole tag, or (group 1) an opening mark that no closing mark follows before the
#: next opening mark of its kind (outside a quoted string).
_TAG_OR_OPENER = re.compile(
    r"""\{\{(?:'[^'\n]*'|"[^"\n]*"|(?!\{\{).)*?\}\}"""
    r"""|\{%(?:'[^'\n]*'|"[^"\n]*"|(?!\{%).)*?%\}"""
    r"|\{#.*?#\}|(\{[{%#])", re.DOTALL)
_CLOSERS = {"{{": "}}", "{%": "%}", "{#": "#}"}
_HELD = re.compile("\ue000(\\d+)\ue001")
_MARK = re.compile("\ue002(\\d+)\\.(\\d+)\ue003")
_TAIL_TAG = re.compile("\ue000(\\d+)\ue001\\s*$")  # a held tag at the end of a line
_HEADING = re.compile(r"^(#{1,6})(?:\s+(.*?))?(?:\s+#+)?\s*$")
_BULLET = re.compile(r"^[-*+]\s+(.*)$")
_STEP = re.compile(r"^(\d+)[.)]\s+(.*)$")
_RULE_LINE = re.compile(r"^(?:(?:-\s*){3,}|(?:\*\s*){3,}|(?:_\s*){3,})$")
_DIRECTIVE = re.compile(r"^@(\w+)\b")
DIRECTIVES = ("card", "end", "table", "cards", "gallery", "pagebreak", "quickref")
_ESCAPABLE = re.compile(r"\\([!-/:-@\[-`{-~])")
_CELL_BORDER = re.compile(r"(?<!\\)\|")  # "\|" is a bar inside a cell
_DELIMITER = re.compile(r"\*+|_+")
_TAGS = {1: ("<i>", "</i>"), 2: ("<b>", "</b>"), 3: ("<b><i>", "</i></b>")}


class RuleTextError(CardgenError):
    """A deck's own rule text that cannot be used; the message names the file and line."""


def to_block_syntax(source: str, label: str, file_index: int | None = None) -> str:
    """``source`` (Markdown with jinja2 tags) with its literal text in the block syntax.

    With a ``file_index``, each line of text also carries an invisible mark of its file
    and line (see :func:`origins`), so that an error found in the rendered text can
    name the line of the file it came from.
    """
    _check_tags_closed(source.replace("\r\n", "\n"), label)
    held: list[str] = []

    def hold(match: re.Match[str]) -> str:
        held.append(match.group(0))
        return f"\ue000{len(held) - 1}\ue001"

    text = _TAG.sub(hold, source.replace("\r\n", "\n"))
    lines = []
    number = 1  # the line in the file: tags held away may have spanned lines
    for line in text.split("\n"):
        converted = _block_line(line, label, number)
        if file_index is not None:
            converted = _marked(converted, f"\ue002{file_index}.{number}\ue003", held)
        lines.append(converted)
        number += 1 + sum(held[int(i)].count("\n") for i in _HELD.findall(line))
    return _HELD.sub(lambda match: held[int(match.group(1))], "\n".join(lines))


def _check_tags_closed(source: str, label: str) -> None:
    """Refuse a ``{{``, ``{%`` or ``{#`` never closed: jinja2 would report it past the
    file's end, in terms of the marks this module adds."""
    for match in _TAG_OR_OPENER.finditer(source):
        opener = match.group(1)
        if opener is not None:
            line = source.count("\n", 0, match.start()) + 1
            raise RuleTextError(
                f"{label}, line {line}: '{opener}' opened on line {line} is never closed "
                f"with '{_CLOSERS[opener]}'; close it, or write {{{{ '{opener}' }}}} to "
                "print the mark itself")


def _marked(line: str, mark: str, held: list[str]) -> str:
    """The mark after the line's last text or ``{{ }}``, before the ``{% %}`` tags that
    end it: after an ``{% endif %}`` it would keep jinja2 from trimming the line end."""
    end = len(line)
    while True:
        tail = _TAIL_TAG.search(line, 0, end)
        if tail is None or held[int(tail.group(1))].startswith("{{"):
            break
        end = tail.start()
    text = line[:end].rstrip()
    return text + mark + line[len(text):] if text.strip() else line


#: Characters ``str.splitlines`` also breaks lines at, besides "\n": in a rule text they
#: are stray control characters (a file's line ends at "\n"), read as spaces so that the
#: lines counted here are the lines of the file.
_OTHER_LINE_BREAKS = str.maketrans(dict.fromkeys("\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029",
                                                 " "))


def origins(rendered: str, labels: list[str]) -> tuple[str, list[str | None]]:
    """The rendered text without its marks, and for each of its lines (as
    ``str.splitlines`` counts them) "file, line N" when a line of a file printed it."""
    rendered = rendered.replace("\r\n", "\n").translate(_OTHER_LINE_BREAKS)
    found: list[str | None] = []
    for line in rendered.splitlines():
        marks = _MARK.findall(line)
        found.append(f"{labels[int(marks[-1][0])]}, line {marks[-1][1]}" if marks else None)
    return _MARK.sub("", rendered), found


def _block_line(line: str, label: str, number: int) -> str:
    stripped = line.strip()
    indent = line[:len(line) - len(line.lstrip())]
    if not stripped:
        return ""
    if _RULE_LINE.match(stripped):
        return ""
    if stripped.startswith("@"):
        directive = _DIRECTIVE.match(stripped)
        if directive is None or directive.group(1) not in DIRECTIVES:
            raise RuleTextError(
                f"{label}, line {number}: {stripped.split()[0]!r} is not a directive (they are "
                f"{', '.join('@' + d for d in DIRECTIVES)}); write \\@ for a plain @")
        return stripped  # directives carry ids and widths, not text
    heading = _HEADING.match(stripped)
    if heading:
        title = heading.group(2)
        return f"{'#' * min(len(heading.group(1)), 3)} {inline(title)}" if title else ""
    if stripped.startswith("#"):  # "#hashtag" is text, not a heading
        return indent + "&#35;" + inline(stripped[1:])
    if stripped.startswith(">"):
        return "> " + inline(stripped[1:].strip())
    if stripped.startswith("|"):
        return "|".join(inline(cell) for cell in _CELL_BORDER.split(stripped))
    bullet = _BULLET.match(stripped)
    if bullet:
        return f"{indent}- {inline(bullet.group(1))}"
    step = _STEP.match(stripped)
    if step:
        return f"{indent}{step.group(1)}. {inline(step.group(2))}"
    return indent + inline(stripped)


def _entity(match: re.Match[str]) -> str:
    return f"&#{ord(match.group(1))};"


def inline(text: str) -> str:
    """One line of Markdown text as paragraph markup: escapes, then emphasis."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    # "&gt;" and "&lt;" hold no backslash, so the escapes below see the user's text only.
    text = _ESCAPABLE.sub(_entity, text)
    return _emphasis(text)


def _emphasis(text: str) -> str:
    """``*`` and ``_`` runs of one to three as <i>, <b> and both, always well nested.

    A run opens if the next character is not a space, closes if the previous one is
    not; ``_`` never opens or closes inside a word. A closing run must match the last
    run still open, so tags can never cross; runs left open print as written.
    """
    pieces: list[str] = []
    stack: list[tuple[int, str]] = []  # (index in pieces, the run that opened)
    at = 0
    for match in _DELIMITER.finditer(text):
        pieces.append(text[at:match.start()])
        at = match.end()
        run = match.group(0)
        before = text[match.start() - 1] if match.start() > 0 else " "
        after = text[match.end()] if match.end() < len(text) else " "
        can_open = not after.isspace()
        can_close = not before.isspace()
        if run[0] == "_":
            can_open = can_open and not before.isalnum()
            can_close = can_close and not after.isalnum()
        if len(run) > 3:
            pieces.append(run)
        elif can_close and stack and stack[-1][1] == run:
            index, _ = stack.pop()
            opening, closing = _TAGS[len(run)]
            pieces[index] = opening
            pieces.append(closing)
        elif can_open:
            stack.append((len(pieces), run))
            pieces.append(run)
        else:
            pieces.append(run)
    pieces.append(text[at:])
    return "".join(pieces)
