"""What a command prints: JSON, lines fitted to 100 columns, and a standard output that
never drops the end of a report."""

from __future__ import annotations

import io
import json
import os
import re
import sys
import textwrap
from typing import Any

import click


class _WholeWrites(io.RawIOBase):
    """A file descriptor written until every byte is out, or an OSError.

    Python's buffered writer takes a short write (a full disk, a file-size quota) as
    done and drops the rest without a word; a report cut short is worse than none.
    """

    def __init__(self, descriptor: int) -> None:
        super().__init__()
        self._descriptor = descriptor

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._descriptor

    def isatty(self) -> bool:  # a terminal stays one: colours, progress bars
        return os.isatty(self._descriptor)

    def write(self, data: Any) -> int:
        view = memoryview(data).cast("B")
        done = 0
        while done < len(view):
            done += os.write(self._descriptor, view[done:])
        return done


def whole_writes_to_stdout() -> None:
    """Route standard output through :class:`_WholeWrites` when it is a real file.

    Under a test runner standard output is a buffer in memory, which takes every byte.
    """
    stream = sys.stdout
    binary = getattr(stream, "buffer", None)
    if binary is None or isinstance(getattr(binary, "raw", binary), _WholeWrites):
        return
    try:
        descriptor = stream.fileno()
    except (OSError, ValueError):
        return
    stream.flush()
    raw = _WholeWrites(descriptor)
    # Unbuffered stays unbuffered (python -u, PYTHONUNBUFFERED): each line goes out as it
    # is written, which a program reading the output line by line waits for.
    kept = raw if isinstance(binary, io.RawIOBase) else io.BufferedWriter(raw)
    sys.stdout = io.TextIOWrapper(kept,
                                  encoding=stream.encoding, errors=stream.errors,
                                  line_buffering=bool(stream.line_buffering),
                                  write_through=getattr(stream, "write_through", False))


def emit_json(value: Any) -> None:
    click.echo(json.dumps(value, ensure_ascii=False, indent=2))


#: The columns a report's lines are fitted in (`cardgen check`, as the balance report).
REPORT_WIDTH = 100


def fitted(text: str, width: int = REPORT_WIDTH) -> list[str]:
    """``text`` as lines of at most ``width`` columns, broken at spaces, never inside a
    `command` to type. A line's continuations hang under it: under the text of a bullet
    ("- "), else 4 columns further in than the line, so each message's start stands out.
    A word wider than ``width`` (a long path) is left whole rather than cut."""
    lines = []
    for line in text.splitlines() or [""]:
        lead = len(line) - len(line.lstrip(" "))
        hang = lead + (2 if line[lead:].startswith("- ") else 4)
        # A command's spaces, hidden from textwrap as NULs, and given back after.
        kept = re.sub(r"`[^`]*`", lambda span: span[0].replace(" ", "\0"), line)
        lines += [part.replace("\0", " ") for part in textwrap.wrap(
            kept, width, subsequent_indent=" " * hang, break_long_words=False,
            break_on_hyphens=False)] or [""]
    return lines


def echo_fitted(text: str, err: bool = False) -> None:
    for line in fitted(text):
        click.echo(line, err=err)
