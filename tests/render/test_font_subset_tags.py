"""Every font subset a PDF embeds carries a tag of its own (the PDF specification's
six capital letters before the '+'), the same tags run after run."""

from __future__ import annotations

import hashlib
import io
import re
import subprocess
import sys

import pikepdf
import pytest
from helpers.pdf_fonts import fonts_of
from helpers.rulebook_pdfs import rulebook_bytes

from cardgen.deck.load import load_deck
from cardgen.render.paper.sheets import SheetOptions, render_sheets


def _base_fonts(pdf: bytes) -> list[str]:
    """The BaseFont of every font the pages (and their forms) use, read with pypdf."""
    return list(fonts_of(pdf))


def _sheets() -> bytes:
    return render_sheets(load_deck("unplugged"), SheetOptions(backs=True))


@pytest.mark.parametrize("what", ["sheets", "rulebook"])
def test_every_subset_has_a_distinct_tag_named_alike_everywhere(what: str) -> None:
    pdf = _sheets() if what == "sheets" else rulebook_bytes("classic", "en", "a4")
    names = _base_fonts(pdf)
    assert len(names) >= 3
    assert all(re.fullmatch(r"[A-Z]{6}\+[A-Za-z0-9-]+", name[1:]) for name in names), names
    tags = [name[1:7] for name in names]
    assert len(set(tags)) == len(tags), names
    with pikepdf.open(io.BytesIO(pdf)) as document:
        for obj in document.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
                base = str(obj.BaseFont)
                assert str(obj.FontDescriptor.FontName) == base
                assert f"/CMapName {base} def".encode() in obj.ToUnicode.read_bytes()


#: The sheets of the test above, written by a fresh interpreter.
SHEETS_SCRIPT = """
import hashlib, sys
from cardgen.deck.load import load_deck
from cardgen.render.paper.sheets import SheetOptions, render_sheets
pdf = render_sheets(load_deck("unplugged"), SheetOptions(backs=True))
sys.stdout.write(hashlib.sha256(pdf).hexdigest())
"""


def test_the_tags_are_the_same_in_another_process() -> None:
    """Derived from the subsets, not drawn at random: a second process writes the same
    bytes (and so the same tags), and so does this one a second time."""
    other = subprocess.run([sys.executable, "-c", SHEETS_SCRIPT], capture_output=True,
                           text=True, check=True)
    first, again = _sheets(), _sheets()
    assert first == again
    assert other.stdout == hashlib.sha256(first).hexdigest()
