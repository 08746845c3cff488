"""Where the repository and the tests' own data are, wherever a test file sits."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
EXAMPLES = ROOT / "examples"
#: Deck files made for the tests (tests/decks/), and situation files (tests/situations/).
DECKS = TESTS / "decks"
SITUATIONS = TESTS / "situations"
