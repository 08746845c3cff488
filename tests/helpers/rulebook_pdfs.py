"""Every rulebook cardgen can make, each built once per test worker and shared by the
tests that read them (tests/rulebook/test_rulebook_text.py reads their text and turns
their pages: one file, so that one worker builds them)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cardgen.deck.file import builtin_names
from cardgen.deck.load import load_deck
from cardgen.rulebook import rulebook_pdf
from helpers.paths import ROOT

#: A deck whose own text, standalone, uses every Markdown mark the reader knows.
OWN_TEXT = ROOT / "tests" / "decks" / "own-text" / "own-text.toml"
#: The built-in decks whose books the quick set leaves to `-m slow`: 168 cards make a
#: book of seconds, and the other decks keep each behaviour in the quick set.
SLOW_BOOKS = frozenset({"nomercy", "flip", "day-and-night"})


def deck_id(ref: str) -> str:
    return Path(ref).stem


def quick_or_slow(refs: Iterable[str]) -> list[Any]:
    """``refs`` as parameters, those of SLOW_BOOKS marked slow."""
    return [pytest.param(ref, marks=pytest.mark.slow, id=deck_id(ref))
            if deck_id(ref) in SLOW_BOOKS else ref for ref in refs]


#: Each built-in deck, each example, and the deck with its own text.
DECKS = quick_or_slow([*builtin_names(),
                       *(str(p) for p in sorted((ROOT / "examples").glob("*.toml"))),
                       str(OWN_TEXT)])


#: The papers every deck's book is built on here; the copy shops' larger sheets (A3,
#: Tabloid) take one deck in tests/rulebook/test_rulebook_papers.py, which keeps the
#: quick run from building every book four times.
HOME_PAPERS = ("a4", "letter")


@cache
def rulebook_bytes(ref: str, lang: str, paper: str) -> bytes:
    return rulebook_pdf(load_deck(ref), lang, paper)
