"""The budget a deck's own rule text runs on: bounded time, sizes and output.

A rule text is a jinja2 template from whoever shared the deck folder. The sandbox
already keeps it from reaching Python's internals; this module keeps it from running
for ever or filling the memory. Each value an expression builds (a string, a list, a
number) is held to a size, checked *before* the operation when the operation could
make it huge at once (``'x' * 10**8``, ``9 ** 9 ** 9``, a ``replace`` that multiplies a
string), and the whole render to a time and an output size. Whatever trips a limit is a
:class:`BudgetError`, which names the limit; the caller adds the file and the line.

A rule text is also Markdown, not reportlab markup: the filters that mark a string as
safe markup (``safe``, ``urlize``, ``xmlattr``, ``tojson``) give plain text here, which
is escaped like any other value, so no tag, picture, font or link reaches reportlab.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sized
from typing import Any

from jinja2 import BaseLoader, nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment
from jinja2.utils import generate_lorem_ipsum

from cardgen.errors import CardgenError

#: The longest string, list or mapping an expression may build (a rulebook is a few
#: tens of thousands of characters in all).
MAX_VALUE_SIZE = 200_000
#: The most bits a number may have: far more than any count or score needs.
MAX_NUMBER_BITS = 4_096
#: The most characters a whole rule text may print (the built-in texts print 18,000 to
#: 27,000; a text of this size is laid out in about 5 seconds).
MAX_OUTPUT_CHARS = 500_000
#: How long a render may take; the built-in rulebooks take a few hundredths of that.
MAX_SECONDS = 5.0
#: The most paragraphs ``lipsum()`` may make.
MAX_LIPSUM_PARAGRAPHS = 20


class BudgetError(CardgenError):
    """A rule text went past one of the limits above."""


def _too_large(size: int, what: str = "a value") -> BudgetError:
    return BudgetError(f"this would build {what} of {size:,} items or characters, more than "
                       f"the {MAX_VALUE_SIZE:,} a rule text may; print less")


def checked(value: Any) -> Any:
    """``value``, if it is within the size limits."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > MAX_NUMBER_BITS:
            raise BudgetError(f"this number has more than {MAX_NUMBER_BITS:,} bits; a rule "
                              "text needs no number that large")
    elif isinstance(value, Sized) and not isinstance(value, range) and (
            len(value) > MAX_VALUE_SIZE):
        raise _too_large(len(value))
    return value


def _size(value: Any) -> int:
    return len(value) if isinstance(value, Sized) and not isinstance(value, range) else 1


def _bits(value: Any) -> int:
    return abs(int(value)).bit_length() if isinstance(value, int) else 64


def _projected_binop(name: str, left: Any, right: Any) -> None:
    """Refuse an operation whose result would break a limit, before it is computed."""
    if name == "**" and isinstance(left, int) and isinstance(right, int) and right > 0:
        if _bits(left) * right > MAX_NUMBER_BITS:
            raise BudgetError(f"this power has more than {MAX_NUMBER_BITS:,} bits; a rule "
                              "text needs no number that large")
    elif name == "*":
        if isinstance(left, int) and isinstance(right, int):
            if _bits(left) + _bits(right) > MAX_NUMBER_BITS:
                raise BudgetError(f"this product has more than {MAX_NUMBER_BITS:,} bits")
        elif isinstance(right, int) or isinstance(left, int):
            sequence, count = (left, right) if isinstance(right, int) else (right, left)
            if _size(sequence) * max(count, 0) > MAX_VALUE_SIZE:
                raise _too_large(_size(sequence) * count)
    elif (name == "+" and isinstance(left, Sized) and isinstance(right, Sized)
          and _size(left) + _size(right) > MAX_VALUE_SIZE):
        raise _too_large(_size(left) + _size(right))


def _projected_call(function: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Refuse a string method or filter call that would make a huge string at once."""
    name = getattr(function, "__name__", "")
    subject = getattr(function, "__self__", None)
    if not isinstance(subject, str) and args and isinstance(args[0], str):
        subject, args = args[0], args[1:]  # a filter: the value comes first
    if not isinstance(subject, str):
        numbers = [value for value in (*args, *kwargs.values()) if isinstance(value, int)]
        if any(value > MAX_VALUE_SIZE for value in numbers) and name in _WIDTHS:
            raise _too_large(max(numbers))
        return
    if name in ("replace", "do_replace") and len(args) >= 2:
        old, new = str(args[0]), str(args[1])
        found = subject.count(old) if old else len(subject) + 1
        if len(subject) + found * max(len(new) - len(old), 0) > MAX_VALUE_SIZE:
            raise _too_large(len(subject) + found * len(new))
    elif name in _WIDTHS:
        widths = [value for value in (*args, *kwargs.values())
                  if isinstance(value, int) and not isinstance(value, bool)]
        if widths and len(subject) + max(widths) > MAX_VALUE_SIZE:
            raise _too_large(len(subject) + max(widths))
        if name in ("indent", "do_indent", "expandtabs") and widths:
            lines = subject.count("\n") + subject.count("\t") + 1
            if len(subject) + lines * max(widths) > MAX_VALUE_SIZE:
                raise _too_large(len(subject) + lines * max(widths))


#: Calls whose integer arguments are widths or counts the result grows with.
_WIDTHS = frozenset({"center", "ljust", "rjust", "zfill", "expandtabs", "indent", "do_indent",
                     "do_center", "wordwrap", "do_wordwrap", "truncate", "do_truncate",
                     "batch", "do_batch", "slice", "do_slice", "lipsum"})


def _plain(value: Any, *args: Any, **kwargs: Any) -> str:
    """What ``safe``, ``urlize``, ``xmlattr`` and ``tojson`` give in a rule text: the
    value as plain text, escaped like any other."""
    return str(value)


def _lipsum(n: int = 5, html: bool = False, min: int = 20, max: int = 100) -> str:
    if n > MAX_LIPSUM_PARAGRAPHS or max > 1_000 or min > max:
        raise BudgetError(f"lipsum() makes at most {MAX_LIPSUM_PARAGRAPHS} paragraphs of "
                          "1,000 words; ask for fewer")
    return generate_lorem_ipsum(n, False, min, max)


class _BudgetedCodeGenerator(CodeGenerator):
    """Compiles ``a ~ b`` so that the joined string is held to the size limit too."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.joined(")
        super().visit_Concat(node, frame)
        self.write(")")


class BudgetedSandbox(SandboxedEnvironment):
    """The sandbox a deck's own rule text runs in (see the module's docstring)."""

    code_generator_class = _BudgetedCodeGenerator
    intercepted_binops = frozenset({"*", "**", "+"})

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.globals["lipsum"] = _lipsum
        for name in ("safe", "urlize", "xmlattr", "tojson"):
            self.filters[name] = _plain
        self.filters = {name: _guarded(filter_) for name, filter_ in self.filters.items()}

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        _projected_binop(operator, left, right)
        return checked(super().call_binop(context, operator, left, right))

    def call(__self, __context: Context, __obj: Any, *args: Any,  # noqa: N805
             **kwargs: Any) -> Any:
        _projected_call(__obj, args, kwargs)
        return checked(super().call(__context, __obj, *args, **kwargs))

    def joined(self, value: Any) -> Any:
        return checked(value)


def _guarded(filter_: Callable[..., Any]) -> Callable[..., Any]:
    """``filter_``, refusing a call that would make a huge value, and a huge result."""
    passes = getattr(filter_, "jinja_pass_arg", None)
    first = 1 if passes is not None else 0  # the context or environment comes first

    def guarded(*args: Any, **kwargs: Any) -> Any:
        _projected_call(filter_, args[first:], kwargs)
        return checked(filter_(*args, **kwargs))

    guarded.__name__ = getattr(filter_, "__name__", "filter")
    if passes is not None:
        guarded.jinja_pass_arg = passes  # type: ignore[attr-defined]
    return guarded


def budgeted_sandbox(loader: BaseLoader, **options: Any) -> BudgetedSandbox:
    return BudgetedSandbox(loader=loader, **options)


def collect(chunks: Iterable[str]) -> str:
    """The rendered text, held to :data:`MAX_OUTPUT_CHARS`."""
    parts: list[str] = []
    total = 0
    for chunk in chunks:
        total += len(chunk)
        if total > MAX_OUTPUT_CHARS:
            raise BudgetError(f"the text prints more than {MAX_OUTPUT_CHARS:,} characters; a "
                              "rulebook is a few tens of thousands: print less")
        parts.append(chunk)
    return "".join(parts)


class _OutOfTime(BudgetError):
    pass


@contextlib.contextmanager
def time_limit(seconds: float = MAX_SECONDS) -> Iterator[None]:
    """Stop the block with a :class:`BudgetError` after ``seconds``.

    A timer signal interrupts a template's Python loops wherever they are; operations
    that run long inside C (a huge power, a huge string) are refused before they start
    instead. Signals reach only the main thread: elsewhere the block runs unwatched.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: Any) -> None:
        raise _OutOfTime(f"the text takes more than {seconds:g} seconds to fill in (a loop "
                         "that runs too long?); simplify it")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


#: What the layout of a rule text may hold. A real rulebook has a few dozen headings and
#: tables of a few dozen rows; these leave a hundred times that room and keep the layout
#: of the worst text allowed within seconds.
LAYOUT_LIMITS = {
    "heading": 300,  # lines starting with "#"
    "card": 300,  # @card blocks
    "pagebreak": 200,
    "table row": 1_000,
}
#: The most characters on one line of text (a paragraph is usually one line of Markdown).
MAX_LINE_CHARS = 20_000
#: The most characters in a heading, which never breaks across pages.
MAX_HEADING_CHARS = 300
#: The most columns a table may have: each needs about a centimetre of the page.
MAX_TABLE_COLUMNS = 12


def check_layout(text: str, origins: list[str | None], label: str) -> None:
    """Refuse a rendered rule text the layout could not lay out in reasonable time.

    ``origins`` gives, for each line of ``text``, the "file, line N" that printed it.
    """
    counts = dict.fromkeys(LAYOUT_LIMITS, 0)
    for at, line in enumerate(text.splitlines()):
        where = (origins[at] if at < len(origins) else None) or label
        stripped = line.strip()
        kind = ("heading" if stripped.startswith("#") else
                "card" if stripped.startswith("@card ") else
                "pagebreak" if stripped == "@pagebreak" else
                "table row" if stripped.startswith("|") else None)
        if kind is not None:
            counts[kind] += 1
            if counts[kind] > LAYOUT_LIMITS[kind]:
                raise BudgetError(f"{where}: more than {LAYOUT_LIMITS[kind]:,} "
                                  f"{kind.replace('card', '@card block')}s; a rulebook "
                                  "needs far fewer: shorten the text")
        if len(line) > MAX_LINE_CHARS:
            raise BudgetError(f"{where}: a line of {len(line):,} characters, more than the "
                              f"{MAX_LINE_CHARS:,} a paragraph may have; split it")
        if kind == "heading" and len(stripped) > MAX_HEADING_CHARS:
            raise BudgetError(f"{where}: a heading of {len(stripped):,} characters, more "
                              f"than {MAX_HEADING_CHARS}; shorten it")
        if stripped.startswith("@table "):
            _check_widths(stripped.split()[1:], where)
        if kind == "table row" and stripped.count("|") - 1 > MAX_TABLE_COLUMNS:
            raise BudgetError(f"{where}: a table of {stripped.count('|') - 1:,} columns; at "
                              f"most {MAX_TABLE_COLUMNS} fit across a page")


#: The narrowest column an ``@table`` line may ask for, as a share of the table's width:
#: a column narrower than its own padding has no room for a letter.
MIN_COLUMN_SHARE = 1 / 40


def _check_widths(words: list[str], where: str) -> None:
    try:
        widths = [float(word) for word in words]
    except ValueError:
        return  # not numbers: the block reader says so, with its own message
    if len(widths) > MAX_TABLE_COLUMNS:
        raise BudgetError(f"{where}: @table gives {len(widths)} columns; at most "
                          f"{MAX_TABLE_COLUMNS} fit across a page")
    total = sum(width for width in widths if width > 0)
    if widths and total > 0 and min(widths) > 0 and min(widths) / total < MIN_COLUMN_SHARE:
        raise BudgetError(f"{where}: @table {' '.join(words)} makes a column narrower than "
                          f"1/{round(1 / MIN_COLUMN_SHARE)} of the table, too narrow for a "
                          "letter; give the columns closer widths")
