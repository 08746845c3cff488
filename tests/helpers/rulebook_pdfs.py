"""Every rulebook cardgen can make, each built once per test run and shared by the tests
that read them (tests/rulebook/test_rulebook_text.py, tests/rulebook/test_rulebook_pages.py)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from cardgen.deck.file import builtin_names
from cardgen.deck.load import load_deck
from cardgen.rulebook import rulebook_pdf
from helpers.paths import ROOT

#: A deck whose own text, standalone, uses every Markdown mark the reader knows.
OWN_TEXT = ROOT / "tests" / "decks" / "own-text" / "own-text.toml"
#: Each built-in deck, each example, and the deck with its own text.
DECKS = [*builtin_names(), *(str(p) for p in sorted((ROOT / "examples").glob("*.toml"))),
         str(OWN_TEXT)]


#: The papers every deck's book is built on here; the copy shops' larger sheets (A3,
#: Tabloid) take one deck in tests/rulebook/test_rulebook_papers.py, which keeps the
#: quick run from building every book four times.
HOME_PAPERS = ("a4", "letter")


def deck_id(ref: str) -> str:
    return Path(ref).stem


@cache
def rulebook_bytes(ref: str, lang: str, paper: str) -> bytes:
    return rulebook_pdf(load_deck(ref), lang, paper)
