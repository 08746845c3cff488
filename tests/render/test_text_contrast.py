"""Words set on a card's colour read on it (issue 42): the names of a deck's own cards
and of the built-in captioned ones, and the letters in their corners, rendered and
measured in WCAG's contrast ratio against the card's colour, printed in colour and in
greyscale. White on yellow (1.8) or on green (3.4) is too faint: there the words take a
dark outline, as the corner marks do, and the outline is what the eye reads."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from cardgen.catalogue import Card
from cardgen.deck.load import load_deck
from cardgen.render.colour import contrast_ratio, luma_grey
from cardgen.render.faces import background_hex, draw_face, face_kind
from cardgen.render.layout import design_size

DPI = 300
LEAST = 4.5  # WCAG 2's ratio for body text
#: The share of a letter's box that must reach the ratio: its fill or its outline, not a
#: stray pixel of anti-aliasing.
SHARE = 0.03

OWN_CARDS = '''
name = "Contrast"
base = "classic"

[cards]
red-snail = 1
yellow-snail = 1
green-snail = 1
blue-snail = 1
red-cat = 1
yellow-cat = 1
green-cat = 1
blue-cat = 1
grey-owl = 1

[[card]]
id = "{color}-snail"
colors = ["red", "yellow", "green", "blue"]
effect = "skip"
points = 20
name = { fr = "Escargot {color}", en = "{Color} Snail" }

[[card]]
id = "{color}-cat"
colors = ["red", "yellow", "green", "blue"]
effect = "skip"
points = 20
pictogram = "skip"
name = { fr = "Chat {color}", en = "{Color} Cat" }

[[card]]
id = "grey-owl"
effect = "wild"
points = 50
names_color = false
name = { fr = "Hibou", en = "Owl" }
'''


def _hex(pixel: tuple[int, ...]) -> str:
    return "#{:02X}{:02X}{:02X}".format(*pixel[:3])


def _faces(tmp_path: Path) -> list[Card]:
    """The deck's own cards, every colour and kind, and the built-in captioned faces."""
    path = tmp_path / "contrast.toml"
    path.write_text(OWN_CARDS, encoding="utf-8")
    deck = load_deck(str(path))
    assert not deck.errors, deck.errors
    own = [card for card, _ in deck.card_list() if card.family == "custom"]
    assert len(own) == 9
    built_in = [card for card, _ in load_deck("house").card_list()
                if face_kind(card) == "captioned"]
    seen: dict[str, Card] = {}
    for card in built_in:  # one captioned face of each background
        seen.setdefault(background_hex(card), card)
    return own + list(seen.values())


def _box(char: dict[str, object]) -> tuple[int, int, int, int]:
    """The letter's box, in pixels at DPI."""
    return tuple(round(float(char[k]) * DPI / 72)  # type: ignore[return-value]
                 for k in ("x0", "top", "x1", "bottom"))


def _on_background(image: Image.Image, char: dict[str, object], background: str) -> bool:
    """Whether the letter is set on the card's colour (not in the caption box or on a
    white disc): most of its box's edge is that colour."""
    x0, top, x1, bottom = _box(char)
    edge = [image.getpixel((x, y)) for x in range(x0, x1) for y in (top, bottom - 1)]
    edge += [image.getpixel((x, y)) for y in range(top, bottom) for x in (x0, x1 - 1)]
    return sum(_hex(p) == background.upper() for p in edge) > len(edge) / 2


def _rendered(card: Card) -> tuple[Image.Image, list[dict[str, object]]]:
    """The face at DPI, and the letters set on its background."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=design_size().points)
    draw_face(canvas, card, 0, 0)
    canvas.save()
    data = buffer.getvalue()
    image = pdfium.PdfDocument(data)[0].render(scale=DPI / 72).to_pil().convert("RGB")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        chars = [c for c in pdf.pages[0].chars if c["text"].strip()
                 and _on_background(image, c, background_hex(card))]
    return image, chars


def _contrast(image: Image.Image, char: dict[str, object], background: str,
              greyscale: bool) -> float:
    """The ratio SHARE of the letter's box reaches against the background."""
    pixels = list(image.crop(_box(char)).get_flattened_data())
    if greyscale:
        background = luma_grey(background)
        ratios = sorted((contrast_ratio(luma_grey(_hex(p)), background) for p in pixels),
                        reverse=True)
    else:
        ratios = sorted((contrast_ratio(_hex(p), background) for p in pixels), reverse=True)
    return ratios[int(len(ratios) * SHARE)]


@pytest.mark.parametrize("greyscale", [False, pytest.param(True, marks=pytest.mark.slow)],
                         ids=["colour", "greyscale"])
def test_names_and_corner_letters_read_on_every_card_colour(tmp_path: Path,
                                                            greyscale: bool) -> None:
    faint = []
    for card in _faces(tmp_path):
        image, chars = _rendered(card)
        background = background_hex(card)
        assert len(chars) >= 4, card.id  # a name in two languages, at least
        for char in chars:
            ratio = _contrast(image, char, background, greyscale)
            if ratio < LEAST:
                faint.append(f"{card.id} {char['text']!r} {ratio:.2f}")
    assert not faint, faint


def test_the_measure_finds_white_on_yellow_faint() -> None:
    """The figures the docstring quotes, as the measure computes them."""
    assert contrast_ratio("#FFFFFF", "#F2B705") == pytest.approx(1.82, abs=0.01)
    assert contrast_ratio("#FFFFFF", "#2E9E48") == pytest.approx(3.44, abs=0.01)
    assert luma_grey("#D7261E") == luma_grey("#1C64C8") == "#5A5A5A"
