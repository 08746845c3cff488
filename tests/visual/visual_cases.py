"""The fixed set of pictures the visual regression check compares, and how it compares.

Each case renders one page of something cardgen makes (a face, a sheet, a rulebook page)
to a small PNG with pypdfium2, which carries its own pdfium, so a page gives the same
pixels on every machine. ``tests/visual/<name>.png`` is its reference; the test
(``tests/render/test_visual.py``) renders it again and compares, and ``python
tests/visual/update.py`` writes every reference anew when a change is meant.

A rulebook page is found by a sentence on it, not by its number, so that a page added
before it does not make every later case fail at once.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageChops
from reportlab.pdfgen.canvas import Canvas

from cardgen.catalogue.face_languages import FaceLanguages
from cardgen.deck.load import load_deck
from cardgen.render.faces import card_size_pt, draw_face
from cardgen.render.paper.sheets import SheetOptions, render_sheets
from cardgen.rulebook import rulebook_pdf
from cardgen.typography import register_fonts

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parent.parent / "examples"

#: A pixel differs when one of its channels moved by more than this (0-255): a shade
#: of anti-aliasing does not count, a glyph or an edge that moved does.
PIXEL_THRESHOLD = 48
#: A picture passes while at most this share of its pixels differ.
MAX_DIFFERING_SHARE = 0.005


@dataclass(frozen=True)
class Case:
    name: str
    render: Callable[[], Image.Image]


def _page_image(pdf: bytes, index: int, dpi: float) -> Image.Image:
    document = pdfium.PdfDocument(pdf)
    try:
        return document[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def _face(deck: str, card_id: str, dpi: float = 100) -> Callable[[], Image.Image]:
    def render() -> Image.Image:
        register_fonts()
        card = load_deck(deck).cards[card_id]
        width, height = card_size_pt()
        buffer = io.BytesIO()
        canvas = Canvas(buffer, pagesize=(width, height), invariant=1)
        draw_face(canvas, card, 0, 0, lang=FaceLanguages.parse("both"))
        canvas.showPage()
        canvas.save()
        return _page_image(buffer.getvalue(), 0, dpi)
    return render


def _sheet(deck: str, page: int = 0, dpi: float = 30) -> Callable[[], Image.Image]:
    return lambda: _page_image(render_sheets(load_deck(deck), SheetOptions()), page, dpi)


def _rulebook_page(deck: str, lang: str, *sentences: str, last: bool = False,
                   dpi: float = 40) -> Callable[[], Image.Image]:
    """The first (or ``last``) page of the rulebook whose text holds all ``sentences``."""
    def render() -> Image.Image:
        pdf = rulebook_pdf(load_deck(deck), lang, "a4")
        document = pdfium.PdfDocument(pdf)
        try:
            texts = [" ".join(page.get_textpage().get_text_range().split())
                     for page in document]
        finally:
            document.close()
        found = [i for i, text in enumerate(texts) if all(s in text for s in sentences)]
        if not found:
            raise LookupError(f"no page of the {Path(deck).stem} rulebook ({lang}) says "
                              f"{' and '.join(map(repr, sentences))}; choose other sentences "
                              "in tests/visual/visual_cases.py")
        return _page_image(pdf, found[-1] if last else found[0], dpi)
    return render


PARTY = str(EXAMPLES / "party.toml")

CASES = [
    Case("face-classic-red-7", _face("classic", "red-7")),
    Case("face-classic-wild-draw-four", _face("classic", "wild-draw-four")),
    Case("face-unplugged-vache-folle", _face("unplugged", "vache-folle")),
    Case("face-party-rain-check", _face(PARTY, "rain-check")),
    # UNO Flip's dark side: the +5's fan in the dark side's colours, not the light ones.
    Case("face-flip-teal-draw-five", _face("flip", "teal-draw-five")),
    Case("sheet-classic-a4-page-1", _sheet("classic")),
    Case("rulebook-classic-en-the-cards", _rulebook_page(
        "classic", "en", "coloured action cards")),
    Case("rulebook-classic-fr-the-cards", _rulebook_page(
        "classic", "fr", "cartes d'action de couleur")),
    Case("rulebook-unplugged-en-quick-reference", _rulebook_page(
        "unplugged", "en", "Quick reference", last=True)),
    Case("rulebook-unplugged-fr-quick-reference", _rulebook_page(
        "unplugged", "fr", "Aide-mémoire", last=True)),
    # The cards of the catalogue and the deck's own, each beside its rule.
    Case("rulebook-party-en-own-cards", _rulebook_page(
        PARTY, "en", "Rain Check", "Challenging a Wild Draw Four")),
    Case("rulebook-party-fr-own-cards", _rulebook_page(
        PARTY, "fr", "Averse", "Défier un +4")),
]


def reference_path(case: Case) -> Path:
    return HERE / f"{case.name}.png"


def save_png(image: Image.Image, path: Path) -> None:
    image.save(path, format="PNG", optimize=True)


def differing_share(actual: Image.Image, reference: Image.Image) -> tuple[float, Image.Image]:
    """The share of pixels that differ, and a picture of them: the reference faded, the
    differing pixels in red."""
    red, green, blue = ImageChops.difference(actual, reference).split()
    changed = ImageChops.lighter(ImageChops.lighter(red, green), blue).point(
        lambda v: 255 if v > PIXEL_THRESHOLD else 0)
    count = changed.histogram()[255]
    faded = Image.blend(reference, Image.new("RGB", reference.size, "white"), 0.75)
    diff = Image.composite(Image.new("RGB", reference.size, (220, 0, 0)), faded, changed)
    return count / (actual.width * actual.height), diff
