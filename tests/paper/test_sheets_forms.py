"""The sheets draw each distinct face once and start only what they use."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from pypdf import PdfReader

from cardgen.deck.load import load_deck
from cardgen.render.paper.sheets import SheetOptions, render_sheets


def _forms(pdf: bytes) -> tuple[set[int], list[int]]:
    """(every form object, the forms each page places, page by page)."""
    reader = PdfReader(io.BytesIO(pdf))
    placed, found = [], set()
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject", {})
        refs = {xobjects.raw_get(name).idnum for name in xobjects}
        found |= refs
        data = page.get_contents().get_data()
        placed.append(sum(data.count(f"{name} Do".encode()) for name in xobjects))
    return found, placed


def test_each_distinct_face_and_the_back_is_one_form_placed_per_copy() -> None:
    deck = load_deck("classic")
    found, placed = _forms(render_sheets(deck, SheetOptions(backs=True)))
    assert len(found) == len(deck.card_list()) + 1  # 54 faces and the back
    assert sum(placed) == 2 * deck.total()  # every copy, face and back
    assert placed[:2] == [9, 9]


def test_the_sheets_command_loads_no_rulebook_and_only_the_fonts_it_draws(
        tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from cardgen.cli import main\n"
        "from reportlab.pdfbase import pdfmetrics\n"
        f"main(['sheets', 'classic', '-o', {str(tmp_path / 'c.pdf')!r}], "
        "standalone_mode=False)\n"
        "print(sorted(m for m in sys.modules if m.startswith(('reportlab.platypus', "
        "'cardgen.rulebook'))))\n"
        "print(sorted(f for f in pdfmetrics.getRegisteredFontNames()))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    modules, fonts = done.stdout.splitlines()[-2:]
    assert modules == "[]"
    # Classic faces: bold numerals and labels, icons; the margins in Sans. No captions.
    assert fonts == "['Icons', 'Sans', 'Sans-Bold']"
