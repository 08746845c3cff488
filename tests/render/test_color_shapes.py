"""The colours told by shape (issue 32): rendered without their hue, two faces of the same
value in two colours differ by the shape beside their corner index; with the shapes
turned off (the deck field, the switch) they do not, which proves the measure can fail."""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from helpers.cli import refused, run_in
from PIL import Image, ImageChops
from reportlab.pdfgen.canvas import Canvas

from cardgen.catalogue import Card, catalogue
from cardgen.deck.load import load_deck
from cardgen.render.colour import FaceStyle, face_style
from cardgen.render.faces import draw_face, face_kind
from cardgen.render.layout import design_size, layout

DPI = 100
PX_PER_MM = DPI / 25.4


def coloured_faces(cards: Iterable[Card]) -> dict[str, list[Card]]:
    """The coloured number and action faces (and a deck's own coloured cards), grouped by
    value: the card id with its colour taken out ("red-5" and "blue-5" -> "-5")."""
    groups: dict[str, list[Card]] = defaultdict(list)
    for card in cards:
        if card.color is None or face_kind(card) not in ("number", "action", "captioned",
                                                          "picture", "typographic"):
            continue
        groups[card.id.replace(card.color, "")].append(card)
    return {value: faces for value, faces in groups.items() if len(faces) > 1}


def corners(cards: list[Card], style: FaceStyle) -> list[Image.Image]:
    """The top-left corner (index and shape, 14 x 22 mm) of each face, in greyscale."""
    buffer = io.BytesIO()
    width, height = design_size().points
    canvas = Canvas(buffer, pagesize=(width, height))
    with face_style(style):
        for card in cards:
            draw_face(canvas, card, 0, 0)
            canvas.showPage()
    canvas.save()
    pdf = pdfium.PdfDocument(buffer.getvalue())
    box = (0, 0, round(14 * PX_PER_MM), round(22 * PX_PER_MM))
    return [page.render(scale=DPI / 72).to_pil().convert("L").crop(box) for page in pdf]


def marks(corner: Image.Image, low_ink: bool) -> Image.Image:
    """What stands out of the face's background without its hue: the white marks on a
    colour, or the black ones on a low-ink face's white."""
    return corner.point(lambda v: 255 if (v < 60 if low_ink else v > 200) else 0)


def differing_pixels(a: Image.Image, b: Image.Image) -> int:
    histogram = ImageChops.difference(a, b).histogram()
    return sum(histogram) - histogram[0]


def shape_area_px() -> float:
    side = layout().card.color_shapes.size_mm * PX_PER_MM
    return side * side


def pairs_apart(groups: dict[str, list[Card]], style: FaceStyle) -> dict[str, int]:
    """For each two colours of one value, the pixels where their greyscale marks differ;
    the fewest over every pair, by value."""
    fewest: dict[str, int] = {}
    flat = [card for faces in groups.values() for card in faces]
    drawn = dict(zip((card.id for card in flat), corners(flat, style), strict=True))
    for value, faces in groups.items():
        counts = [differing_pixels(marks(drawn[a.id], style.low_ink),
                                   marks(drawn[b.id], style.low_ink))
                  for i, a in enumerate(faces) for b in faces[i + 1:]]
        fewest[value] = min(counts)
    return fewest


def deck_cards(ref: str) -> list[Card]:
    deck = load_deck(ref)
    return [card for card, _ in deck.card_list()]


def new_deck_cards(tmp_path: Path) -> list[Card]:
    code, output = run_in(["new", "mine"], tmp_path)
    assert code == 0, output
    return deck_cards(str(tmp_path / "mine" / "mine.toml"))


@pytest.mark.parametrize("low_ink", [False, True], ids=["full", "low-ink"])
@pytest.mark.parametrize("deck", ["classic", "unplugged", "new"])
def test_two_colours_of_one_value_differ_by_their_shape_without_hue(
        deck: str, low_ink: bool, tmp_path: Path) -> None:
    cards = new_deck_cards(tmp_path) if deck == "new" else deck_cards(deck)
    groups = coloured_faces(cards)
    assert len(groups) >= (13 if deck == "classic" else 1)
    # An eighth of a shape's square at least (the disc and the diamond, the closest
    # pair, differ by about a sixth): a region, not a few pixels of antialiasing.
    apart = pairs_apart(groups, FaceStyle(color_shapes=True, low_ink=low_ink))
    too_close = {value: n for value, n in apart.items() if n < shape_area_px() / 8}
    assert too_close == {}
    # The same faces without their shapes: nothing but antialiasing tells them apart.
    plain = pairs_apart(groups, FaceStyle(color_shapes=False, low_ink=low_ink))
    assert max(plain.values()) < shape_area_px() / 20


def test_every_card_colour_has_a_shape_of_its_own() -> None:
    shapes = layout().card.color_shapes.shapes
    assert set(shapes) == set(catalogue().colors) | set(catalogue().dark_colors)
    outlines = {(shape.circle, len(shape.points)) for shape in shapes.values()}
    assert len(outlines) == len(shapes)  # as many outlines (corner counts) as colours
    assert len({shape.symbol for shape in shapes.values()}) == len(shapes)


def test_a_wild_shows_each_colours_shape_in_its_quarter() -> None:
    """The wild's colour choice: its oval's quarters differ from the plain wild's by the
    four shapes (white on each quarter's colour)."""
    wild = catalogue().cards["wild"]
    buffer = io.BytesIO()
    width, height = design_size().points
    canvas = Canvas(buffer, pagesize=(width, height))
    for shapes in (True, False):
        with face_style(FaceStyle(color_shapes=shapes)):
            draw_face(canvas, wild, 0, 0)
            canvas.showPage()
    canvas.save()
    with_shapes, without = (page.render(scale=DPI / 72).to_pil().convert("L")
                            for page in pdfium.PdfDocument(buffer.getvalue()))
    # Four shapes: more than twice one shape's square differs, in the middle of the face.
    assert differing_pixels(marks(with_shapes, False), marks(without, False)) > \
        2 * shape_area_px() * (layout().card.oval.height_mm * 1.1 *
                               layout().card.color_shapes.wild_share /
                               layout().card.color_shapes.size_mm) ** 2 / 4


def write_deck(folder: Path, shapes: str, name: str = "plain") -> Path:
    path = folder / f"{name}.toml"
    path.write_text(f'name = "Plain"\nbase = "classic"\ncolor_shapes = {shapes}\n',
                    encoding="utf-8")
    return path


def first_page_corner(pdf: Path) -> Image.Image:
    page = pdfium.PdfDocument(pdf)[0]
    return page.render(scale=DPI / 72).to_pil().convert("L")


def test_the_deck_field_and_the_switch_turn_the_shapes_off(tmp_path: Path) -> None:
    write_deck(tmp_path, "false")
    write_deck(tmp_path, "true", "shaped")
    assert load_deck(str(tmp_path / "plain.toml")).color_shapes is False
    for args in (["sheets", "shaped.toml", "-o", "shapes.pdf"],
                 ["sheets", "shaped.toml", "--no-color-shapes", "-o", "switch.pdf"],
                 ["sheets", "plain.toml", "-o", "field.pdf"]):
        code, output = run_in(args, tmp_path)
        assert code == 0, output
    shapes, switch, field = (first_page_corner(tmp_path / f"{name}.pdf")
                             for name in ("shapes", "switch", "field"))
    # The switch and the field draw the same page; the shapes add a region of pixels.
    assert differing_pixels(marks(switch, False), marks(field, False)) == 0
    assert differing_pixels(marks(shapes, False), marks(switch, False)) > 9 * shape_area_px()


def test_a_bad_color_shapes_value_is_refused_in_one_line(tmp_path: Path) -> None:
    write_deck(tmp_path, '"no"')
    message = refused(["sheets", "plain.toml", "-o", "out.pdf"], tmp_path)
    assert "'color_shapes' is 'no'; give true" in message
    assert "plain.toml" in message
