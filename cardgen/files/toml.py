"""Reading a user's TOML file (a deck, a situation) with one-line errors that say where.

A file written by hand, copied from a chat or saved by a Windows editor may carry a
byte-order mark, CRLF line ends or UTF-16 text; the first two are fine, the last gets
a message that says how to save it. Whatever the bytes, the answer is a value or one
:class:`~cardgen.errors.CardgenError` line, never a traceback.
"""

from __future__ import annotations

import codecs
import functools
import os
import re
import stat
import sys
import tomllib
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError

#: A deck or situation file is a few kilobytes; past this it is not the file meant.
MAX_FILE_BYTES = 1_000_000
#: Tables and lists nest a few levels in any real file; deeper is refused before the
#: code reading the file walks it.
MAX_DEPTH = 16


def read_toml_file(path: Path, label: str, what: str,
                   error: type[CardgenError] = CardgenError) -> dict[str, Any]:
    """Parse ``path``; any problem is an ``error`` naming ``label`` and what to do.

    ``what`` names the kind of file for the messages ("deck", "situation").
    """
    raw = read_regular_file(path, label, what, MAX_FILE_BYTES, error, inside=".toml file")
    if len(raw) > MAX_FILE_BYTES:
        raise error(f"{label}: is larger than {MAX_FILE_BYTES // 1_000_000} MB; a {what} "
                    "file is a few kilobytes of text: check that this is the right file")
    return parse_toml(raw, label, what, error)


def read_regular_file(path: Path, label: str, what: str, limit: int,
                      error: type[CardgenError] = CardgenError, inside: str = "file"
                      ) -> bytes:
    """At most ``limit + 1`` bytes of ``path``, which must be a regular file.

    A FIFO would wait for a writer forever and a device may never end, so anything but
    a regular file is refused before it is opened; the caller compares the length with
    ``limit`` to say the file is too large in its own words.
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise error(f"{label}: no such {what} file; check the path") from None
    except (OSError, ValueError) as exc:  # a loop of links, a name too long, a NUL byte
        reason = getattr(exc, "strerror", None) or "not a usable file name"
        raise error(f"{label}: cannot be read ({reason}); check the path") from None
    if stat.S_ISDIR(mode):
        raise error(f"{label}: is a folder, not a {what} file; give the path to the "
                    f"{inside} inside it")
    if not stat.S_ISREG(mode):
        raise error(f"{label}: is not a regular file (a FIFO, a device or a socket); give "
                    f"the path of a {what} file")
    try:
        with path.open("rb") as handle:
            return handle.read(limit + 1)
    except OSError as exc:
        raise error(f"{label}: cannot be read ({exc.strerror}); check its permissions") from None


def parse_toml(raw: bytes, label: str, what: str,
               error: type[CardgenError] = CardgenError) -> dict[str, Any]:
    """The table ``raw`` holds, read as UTF-8 TOML (a byte-order mark is allowed)."""
    text = _decode(raw, label, what, error)
    if not text.strip():
        raise error(f"{label}: the file is empty; write the {what} in it "
                    "(docs/your-deck.md shows an example)")
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise _too_deep(label, what, error) from None
    except tomllib.TOMLDecodeError as exc:
        # tomllib says "... (at line 3, column 7)": lead with the line, keep its words.
        message = str(exc)
        where = re.search(r"\(at line (\d+), column (\d+)\)", message)
        if where:
            message = message[: where.start()].strip()
            raise error(f"{label}: line {where.group(1)}, column {where.group(2)}: "
                        f"{message}; fix the TOML syntax there") from None
        raise error(f"{label}: {message}; fix the TOML syntax") from None
    except ValueError:  # (after TOMLDecodeError, which is one too)
        raise _too_long_number(text, label, error) from None
    if _depth(data, MAX_DEPTH + 1) > MAX_DEPTH:
        raise _too_deep(label, what, error)
    if _holds_unprintable_int(data):
        raise _too_long_number(text, label, error)
    return data


def _decode(raw: bytes, label: str, what: str, error: type[CardgenError]) -> str:
    if _looks_utf16(raw):
        raise error(f"{label}: is saved as UTF-16 text; save the {what} as UTF-8 "
                    "(in most editors: Save As, Encoding: UTF-8)")
    try:
        text = raw.decode("utf-8-sig")  # "-sig": a leading byte-order mark is dropped
    except UnicodeDecodeError as exc:
        raise error(f"{label}: not a text file in UTF-8 (byte {exc.start + 1} is not "
                    f"UTF-8); save the {what} as UTF-8 TOML") from None
    return text


def _looks_utf16(raw: bytes) -> bool:
    """A UTF-16 byte-order mark, or text whose every other byte is zero (ASCII in UTF-16)."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return True
    if len(raw) < 2 or len(raw) % 2 or b"\x00" not in raw[:2]:
        return False
    try:
        text = raw.decode("utf-16-le" if raw[1] == 0 else "utf-16-be")
    except UnicodeDecodeError:
        return False
    return all(char.isprintable() or char.isspace() for char in text)


def _too_long_number(text: str, label: str, error: type[CardgenError]) -> CardgenError:
    """The error of an integer past Python's limit on the digits of int(str) (4,300 by
    default). In decimal tomllib lets it out as a bare ValueError; in hexadecimal, octal
    or binary it is read, and any message that printed it would fail. Its line is the
    line of the longest run of digits."""
    runs = list(re.finditer(r"[0-9A-Fa-f_]{64,}", text))
    longest = max(runs, key=lambda run: len(run[0]), default=None)
    where = f"line {text.count(chr(10), 0, longest.start()) + 1}: " if longest else ""
    return error(f"{label}: {where}a number is too long (more than "
                 f"{sys.get_int_max_str_digits():,} digits); write it with a few digits")


def _holds_unprintable_int(value: Any) -> bool:
    """Whether ``value`` holds an integer too long to be turned into text."""
    limit = sys.get_int_max_str_digits()
    if isinstance(value, int):
        return limit > 0 and abs(value) >= _power_of_ten(limit)
    if isinstance(value, dict):
        return any(_holds_unprintable_int(child) for child in value.values())
    if isinstance(value, list):
        return any(_holds_unprintable_int(child) for child in value)
    return False


@functools.cache
def _power_of_ten(digits: int) -> int:
    return int(10**digits)


def _too_deep(label: str, what: str, error: type[CardgenError]) -> CardgenError:
    return error(f"{label}: tables or lists nested more than {MAX_DEPTH} levels deep; a "
                 f"{what} needs only a few levels: check the brackets")


def _depth(value: Any, limit: int) -> int:
    """How deeply ``value`` nests (a scalar is 0), counted no further than ``limit``."""
    if limit <= 0:
        return 0
    if isinstance(value, dict):
        children: Any = value.values()
    elif isinstance(value, list):
        children = value
    else:
        return 0
    return 1 + max((_depth(child, limit - 1) for child in children), default=0)


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string: every character as it is (an emoji, a right-to-left
    script), quotes, backslashes and control characters escaped. (``json.dumps`` writes
    an emoji as two surrogate escapes, which TOML forbids.)"""
    escaped = "".join(
        "\\" + char if char in '"\\'
        else f"\\u{ord(char):04X}" if ord(char) < 0x20 or ord(char) == 0x7F
        else char for char in text)
    return f'"{escaped}"'
