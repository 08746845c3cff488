"""No page of the docs shows a reader a figure left to fill in: a placeholder written
while a measurement ran (``STRONG2``, ``CANNY2_RATING``) is not prose."""

from __future__ import annotations

import re

import pytest
from helpers.pages import PAGES, prose

from cardgen.play.players import PLAYERS

#: A bot's name in capitals (STRONG2), or capitals joined by an underscore (an
#: identifier, which belongs in a code span): never words a reader should meet.
BOTS = "|".join(name.upper() for name in PLAYERS)
PLACEHOLDER = re.compile(rf"\b(?:(?:{BOTS})[A-Z0-9_]*|[A-Z][A-Z0-9]*_[A-Z0-9_]+)\b")


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_no_page_shows_a_placeholder(page) -> None:  # type: ignore[no-untyped-def]
    found = PLACEHOLDER.findall(prose(page.read_text(encoding="utf-8")))
    assert not found, f"{page.name}: fill in or remove {found}"


def test_a_placeholder_is_found() -> None:
    assert PLACEHOLDER.findall("strong in STRONG2 and CANNY2_RATING, not C-20 or P1 or UNO")\
        == ["STRONG2", "CANNY2_RATING"]
