"""Property tests: whatever a deck or situation file holds, every command answers.

Random bytes and random TOML documents (some shaped like decks and situations, so that
they get past the first checks) are fed to every command that reads one: check, cards,
sheets, png, rulebook, simulate and explain. Each must exit 0, 1 or 2, print no
traceback, and write nothing when it fails. Click's CliRunner runs them in-process and
the examples are few, so the suite stays quick.
"""

from __future__ import annotations

import codecs
import math
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers.paths import EXAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.catalogue import CARD_FIELDS
from cardgen.catalogue.option_facts import OPTION_FACTS
from cardgen.cli import main
from cardgen.deck.load import DECK_FIELDS
from cardgen.situation.expect import EXPECT_FIELDS
from cardgen.situation.setup import SITUATION_FIELDS

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])

# --- a tiny TOML writer: everything inline, so any nesting can be written -------------------


def toml_string(text: str) -> str:
    escapes = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}
    return '"' + "".join(
        escapes.get(c) or (f"\\u{ord(c):04x}" if ord(c) < 0x20 or ord(c) == 0x7F else c)
        for c in text) + '"'


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else repr(value)  # repr gives inf, -inf, 1e+16
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{toml_string(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


def toml_document(table: dict[str, Any]) -> str:
    return "".join(f"{toml_string(k)} = {toml_value(v)}\n" for k, v in table.items())


# --- strategies -------------------------------------------------------------------------------

CARD_IDS = ["red-1", "wild", "wild-draw-four", "blue-skip", "vache", "Mad Cow", "rain-check"]
WORDS = sorted({*DECK_FIELDS, *CARD_FIELDS, *SITUATION_FIELDS, *EXPECT_FIELDS, *CARD_IDS,
                *list(OPTION_FACTS)[:6], "classic", "house", "unplugged", "min", "max",
                "fr", "en", "P0", "P1", "P2", "3", "4", "10", "number", "red", "clockwise",
                "draw", "play red-1", "rain-check.svg", "../x.png", "amount"})

keys = st.one_of(st.sampled_from(WORDS), st.text(max_size=8))
scalars = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.integers(min_value=-3, max_value=12),
    st.floats(allow_nan=True),
    st.booleans(),
    st.sampled_from(WORDS),
    st.text(max_size=12),
    st.dates(),
    st.times(),
    st.datetimes(),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=12,
)
documents = st.dictionaries(keys, values, max_size=8)
#: Documents that get past "unknown field" and "no name": a real base and a name, then
#: random values under the fields the deck reader looks at.
card_shaped = st.fixed_dictionaries(
    {"id": st.sampled_from(["sun", "moon-{color}", "Bad Id", "wild"]) | values,
     "effect": st.sampled_from(["wild", "number", "downpour", "skip", "levitate"]) | values},
    optional={field: st.sampled_from(WORDS) | values
              for field in sorted(CARD_FIELDS - {"id", "effect"})},
)
deck_shaped = st.fixed_dictionaries(
    {"name": st.sampled_from(["Party", "Fête"]), "base": st.sampled_from(["classic", "house"])},
    optional={
        **{field: values for field in sorted(DECK_FIELDS - {"name", "base"})},
        "cards": st.dictionaries(st.sampled_from([*CARD_IDS, "sun", "moon-red"]) | keys,
                                 st.integers(-2, 600) | values, max_size=4),
        "card": st.lists(card_shaped, max_size=2),
    },
)
situation_shaped = st.fixed_dictionaries(
    {"hands": st.dictionaries(st.sampled_from(["P0", "P1", "P2", "P9", "x"]),
                              st.lists(st.sampled_from(CARD_IDS) | scalars, max_size=3)
                              | values, min_size=1, max_size=3)},
    optional={field: values for field in sorted(SITUATION_FIELDS - {"hands"})},
)
#: Raw bytes, alone or after the prefixes editors write (byte-order marks, a good start).
raw_bytes = st.tuples(
    st.sampled_from([b"", codecs.BOM_UTF8, codecs.BOM_UTF16_LE, b'name = "x"\n']),
    st.binary(max_size=120),
).map(b"".join)

# --- running a command --------------------------------------------------------------------

DECK_COMMANDS = [
    ["check", "{deck}", "--games", "1", "--workers", "1"],
    ["cards", "{deck}"],
    ["sheets", "{deck}", "--only", "specials", "-o", "out.pdf"],
    ["png", "{deck}", "--dpi", "20", "-o", "out-png"],
    ["rulebook", "{deck}", "--lang", "en", "-o", "out.pdf"],
    ["simulate", "{deck}", "--games", "1", "--players", "3"],
]
SITUATION_COMMANDS = [["explain", "{deck}"]]


@contextmanager
def in_empty_folder() -> Iterator[Path]:
    old = Path.cwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            yield Path(folder)
        finally:
            os.chdir(old)


def answers(content: bytes, commands: list[list[str]], name: str = "input.toml") -> None:
    """Each command on a file holding ``content``: a clean answer, nothing left on failure."""
    with in_empty_folder() as folder:
        (folder / name).write_bytes(content)
        # The example's picture, so that a deck naming it may get as far as drawing.
        (folder / "rain-check.svg").write_bytes((EXAMPLES / "rain-check.svg").read_bytes())
        before = sorted(folder.iterdir())
        for command in commands:
            args = [a.format(deck=name) for a in command]
            result = CliRunner().invoke(main, args)
            where = f"{args}\n{content!r}\n{result.output}"
            assert result.exception is None or isinstance(result.exception, SystemExit), (
                where + f"\n{result.exception!r}")
            assert result.exit_code in (0, 1, 2), where
            assert "Traceback" not in result.output, where
            if result.exit_code != 0:
                assert sorted(folder.iterdir()) == before, where  # nothing written
            else:
                for path in set(folder.iterdir()) - set(before):
                    path.unlink() if path.is_file() else _remove(path)


def _remove(folder: Path) -> None:
    for path in folder.iterdir():
        path.unlink()
    folder.rmdir()


# --- the properties -------------------------------------------------------------------------


@SETTINGS
@given(raw_bytes)
def test_any_bytes_as_a_deck_or_a_situation(content: bytes) -> None:
    answers(content, DECK_COMMANDS + SITUATION_COMMANDS)


@SETTINGS
@given(documents)
def test_any_toml_document_as_a_deck_or_a_situation(table: dict[str, Any]) -> None:
    answers(toml_document(table).encode(), DECK_COMMANDS + SITUATION_COMMANDS)


# Slow: 40 decks through every deck command; the quick set keeps the situation-shaped
# documents, the raw bytes and the TOML documents.
@pytest.mark.slow
@settings(SETTINGS, max_examples=40)
@given(deck_shaped)
def test_any_deck_shaped_document(table: dict[str, Any]) -> None:
    answers(toml_document(table).encode(), DECK_COMMANDS)


@settings(SETTINGS, max_examples=40)
@given(situation_shaped)
def test_any_situation_shaped_document(table: dict[str, Any]) -> None:
    answers(toml_document(table).encode(), SITUATION_COMMANDS)


def test_the_writer_writes_toml_that_reads_back() -> None:
    import tomllib

    table = {"a b": [1, 2.5, "x\u007f\n\"", {"c": True}], "d": {"e": []},
             "f": float("inf"), "g": date(2024, 2, 29)}
    assert tomllib.loads(toml_document(table)) == table
