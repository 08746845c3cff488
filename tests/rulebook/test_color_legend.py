"""The rulebook's legend of the colour shapes (issue 32): what each shape means, on the
quick reference of every deck with coloured cards, each colour's swatch drawn with its
shape; none when the faces show no shapes."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from helpers.cli import run_in

from cardgen.catalogue import catalogue

SENTENCE = {"en": "Each colour also has a shape of its own",
            "fr": "Chaque couleur a aussi sa forme"}  # rulebook|shapes_note, templates/locale/


def rulebook(folder: Path, deck: str, lang: str, *args: str) -> pdfplumber.PDF:
    code, output = run_in(["rulebook", deck, "--lang", lang, *args, "-o", "book.pdf"], folder)
    assert code == 0, output
    return pdfplumber.open(folder / "book.pdf")


def fill_colours(page: pdfplumber.page.Page) -> set[tuple[float, ...]]:
    return {tuple(round(v, 3) for v in shape["non_stroking_color"])
            for shape in page.curves + page.rects
            if isinstance(shape.get("non_stroking_color"), tuple | list)}


# One rulebook in the quick set; the other two decks' in the slow set.
@pytest.mark.parametrize(("deck", "lang"), [
    ("classic", "en"), pytest.param("unplugged", "fr", marks=pytest.mark.slow),
    pytest.param("house", "en", marks=pytest.mark.slow)])
def test_the_rulebook_says_what_each_shape_means(deck: str, lang: str,
                                                 tmp_path: Path) -> None:
    with rulebook(tmp_path, deck, lang) as pdf:
        texts = [page.extract_text() or "" for page in pdf.pages]
        # Once, on the last page (the quick reference), the four colours named after it.
        assert [SENTENCE[lang] in text for text in texts].count(True) == 1
        last = " ".join(texts[-1].split())
        after = last[last.index(SENTENCE[lang]):]
        for color in catalogue().colors.values():
            assert color.name[lang] in after
        # Each colour's swatch is drawn, in the colour of its cards.
        drawn = fill_colours(pdf.pages[-1])
        for color in catalogue().colors.values():
            rgb = tuple(round(int(color.rgb[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))
            assert rgb in drawn, color.id


def test_no_legend_when_the_faces_show_no_shapes(tmp_path: Path) -> None:
    with rulebook(tmp_path, "classic", "en", "--no-color-shapes") as pdf:
        assert not any(SENTENCE["en"] in (page.extract_text() or "") for page in pdf.pages)
