"""The pages of the docs as a reader meets them."""

from __future__ import annotations

import re

from helpers.paths import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def prose(text: str) -> str:
    """The page without its code blocks and code spans, where brackets are not links."""
    text = re.sub(r"^ *```.*?^ *```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)
