"""What the command modules share besides Click itself: parameter types, and a standard
output that never drops the end of a report."""

from __future__ import annotations

import io
import math
import os
import sys
from typing import Any

import click


class OutputPath(click.Path):
    """A path to write to, refusing an empty name.

    ``Path("")`` is the current folder, so without this check ``-o ''`` would write
    into it (or over it) instead of being the mistake it almost always is.
    """

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value.strip():
            what = "folder" if not self.file_okay else "file"
            self.fail(f"the name is empty; give a {what} name", param, ctx)
        return super().convert(value, param, ctx)


class FiniteFloat(click.FloatRange):
    """A number of an option, refusing nan and inf (and any value out of its range).

    Python's float() reads "nan", "inf" and "1e999" (inf), and a nan passes every range
    check, since it compares false with any bound: such a number went on to a report
    that said "±nan" and to JSON that is not JSON.
    """

    name = "number"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a number cardgen can use; give a finite number "
                      "like 2.5", param, ctx)
        return super().convert(number, param, ctx)


class NewDeckName(click.Path):
    """The NAME of `cardgen new`: a folder whose name the deck's files can hold.

    A name they cannot (a control character, only spaces, too long …) is a usage error,
    said before anything is written, like any other bad value on the command line.
    """

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        from cardgen.designer.deck_name import deck_name_problem

        if isinstance(value, str):
            problem = deck_name_problem(value)
            if problem is not None:
                self.fail(problem, param, ctx)
        return super().convert(value, param, ctx)


class StandardOutputError(OSError):
    """Standard output failed (a full disk, a file-size quota, a closed terminal): the
    one OSError the command line may report as standard output's."""


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
        try:
            while done < len(view):
                done += os.write(self._descriptor, view[done:])
        except OSError as exc:  # said to be standard output's, not some file's
            raise StandardOutputError(exc.errno, exc.strerror) from None
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
