"""Card faces, measured in the PDFs they draw: size, safe zone, text, fonts, kinds."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest
from helpers.paths import DECKS, EXAMPLES
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.platypus import SimpleDocTemplate

from cardgen.catalogue import Card, catalogue
from cardgen.catalogue.face_languages import FaceLanguages
from cardgen.deck.load import load_deck
from cardgen.errors import CardgenError
from cardgen.render.faces import draw_back, draw_face, face_kind
from cardgen.render.layout import layout
from cardgen.render.paper.sheets import _binary_streams, new_canvas
from cardgen.render.pictograms import pictograms
from cardgen.rulebook.pictures import CardFace

CARD_W, CARD_H = 53 * mm, 79 * mm
GAP = 6 * mm


def _faces_pdf(cards: list[Card | None], lang: str = "both", columns: int = 6) -> bytes:
    """The given faces on one page, in a grid with wide gaps (None draws the back)."""
    rows = (len(cards) + columns - 1) // columns
    buffer = io.BytesIO()
    with _binary_streams():
        canvas = new_canvas(buffer, (columns * (CARD_W + GAP) + GAP,
                                     rows * (CARD_H + GAP) + GAP), "test")
        for index, card in enumerate(cards):
            x = GAP + (index % columns) * (CARD_W + GAP)
            y = GAP + (rows - 1 - index // columns) * (CARD_H + GAP)
            if card is None:
                draw_back(canvas, x, y)
            else:
                draw_face(canvas, card, x, y, lang=FaceLanguages.parse(lang))
        canvas.save()
    return buffer.getvalue()


def _face_boxes(page: pdfplumber.page.Page) -> list[dict[str, float]]:
    """The faces' background rectangles: the only rectangles as large as a card."""
    return [r for r in page.rects if r["width"] > 40 * mm and r["height"] > 60 * mm]


def _deck_cards(*refs: str) -> list[Card]:
    seen: dict[str, Card] = {}
    for ref in refs:
        for card, _ in load_deck(ref).card_list():
            seen.setdefault(card.id, card)
    return list(seen.values())


def test_every_pictogram_the_catalogue_names_is_mapped() -> None:
    named = {c.pictogram for c in catalogue().cards.values() if c.pictogram}
    assert named <= set(pictograms())


def test_face_kinds_follow_the_card_data() -> None:
    cat = catalogue()
    assert face_kind(cat["red-7"]) == "number"
    assert face_kind(cat["blue-skip"]) == "action"
    assert face_kind(cat["wild-draw-four"]) == "wild"
    assert face_kind(cat["vache"]) == "captioned"
    party = load_deck(str(EXAMPLES / "party.toml"))
    assert face_kind(party.cards["rain-check"]) == "picture"  # it names rain-check.svg
    lighthouse = load_deck(str(DECKS / "custom-card.toml"))
    assert face_kind(lighthouse.cards["lighthouse"]) == "typographic"  # no picture


def test_every_card_is_53_by_79_mm_and_its_text_stays_in_the_safe_zone() -> None:
    cards = list(catalogue().cards.values())
    with pdfplumber.open(io.BytesIO(_faces_pdf(cards, columns=10))) as pdf:
        page = pdf.pages[0]
        boxes = _face_boxes(page)
        assert len(boxes) == len(cards)
        safe = layout().card.safe_margin_mm * mm
        for box in boxes:
            assert box["width"] == pytest.approx(CARD_W, abs=0.1 * mm)
            assert box["height"] == pytest.approx(CARD_H, abs=0.1 * mm)
        for char in page.chars:
            if not char["text"].strip():
                continue
            inside = [b for b in boxes if b["x0"] <= char["x0"] and char["x1"] <= b["x1"]
                      and b["top"] <= char["top"] and char["bottom"] <= b["bottom"]]
            assert inside, f"{char['text']!r} at {char['x0']:.0f},{char['top']:.0f} is off a face"
            box = inside[0]
            assert char["x0"] >= box["x0"] + safe - 0.5
            assert char["x1"] <= box["x1"] - safe + 0.5
            assert char["top"] >= box["top"] + safe - 0.5
            assert char["bottom"] <= box["bottom"] - safe + 0.5


def test_a_long_name_stands_clear_of_the_frame() -> None:
    """The party deck's "Joker Échange de main" is as wide as the safe zone at full size:
    it shrinks to keep the same padding from the sides as the caption's text."""
    cards = [c for c in _deck_cards(str(EXAMPLES / "party.toml")) if c.id == "wild-swap-hands"]
    with pdfplumber.open(io.BytesIO(_faces_pdf(cards, columns=1))) as pdf:
        page = pdf.pages[0]
        box = _face_boxes(page)[0]
        name = [c for c in page.chars if c["fontname"].endswith("Bold") and c["text"].strip()]
        assert "".join(c["text"] for c in name).startswith("JokerÉchange")
        spec = layout().card
        clear = (spec.safe_margin_mm + spec.captioned.name_side_padding_mm) * mm
        assert min(c["x0"] for c in name) >= box["x0"] + clear - 0.3
        assert max(c["x1"] for c in name) <= box["x1"] - clear + 0.3
        # and it is still set in one line, centred
        assert len({round(c["top"]) for c in name}) == 1


def test_captions_in_both_languages_with_french_glyphs() -> None:
    cat = catalogue()
    cards = [cat["fouine"], cat["tresor"], cat["non"]]
    with pdfplumber.open(io.BytesIO(_faces_pdf(cards, columns=1))) as pdf:
        page = pdf.pages[0]
        for card, box in zip(cards, sorted(_face_boxes(page), key=lambda b: b["top"]),
                             strict=True):
            text = page.crop((box["x0"], box["top"], box["x1"], box["bottom"])).extract_text()
            flat = "".join(text.split())
            for caption in (card.caption.fr, card.caption.en, card.name.fr, card.name.en):
                assert "".join(caption.split()) in flat
        assert "œ" in page.extract_text()  # "Jetez un œil", from the embedded DejaVu


def test_one_language_prints_only_that_language() -> None:
    fouine = catalogue()["fouine"]
    with pdfplumber.open(io.BytesIO(_faces_pdf([fouine], lang="fr"))) as pdf:
        text = "".join(pdf.pages[0].extract_text().split())
    assert "".join(fouine.caption.fr.split()) in text
    assert "Snoop" not in text


def test_long_caption_shrinks_and_wraps_inside_its_box(tmp_path: Path) -> None:
    long_fr = "Une règle très longue, " * 14
    long_en = "A very long rule indeed, " * 14
    (tmp_path / "long.toml").write_text(
        'name = "Long"\nbase = "classic"\n[cards]\nlong-one = 1\n'
        '[[card]]\nid = "long-one"\neffect = "skip"\ncolor = "red"\npoints = 20\n'
        'pictogram = "eye"\nname = { fr = "Une carte au nom vraiment interminable", '
        'en = "A card whose name goes on and on" }\n'
        f'caption = {{ fr = "{long_fr}", en = "{long_en}" }}\n', encoding="utf-8")
    card = load_deck(str(tmp_path / "long.toml")).cards["long-one"]
    spec = layout().card.captioned
    with pdfplumber.open(io.BytesIO(_faces_pdf([card], columns=1))) as pdf:
        page = pdf.pages[0]
        box = _face_boxes(page)[0]
        caption_top = box["bottom"] - (spec.caption_box_bottom_mm
                                       + spec.caption_box_height_mm) * mm
        caption_chars = [c for c in page.chars if c["top"] > caption_top - 1]
        printed = "".join(c["text"] for c in caption_chars if c["text"].strip())
        assert printed == (long_fr + long_en).replace(" ", "")  # nothing cut off
        assert all(c["bottom"] <= box["bottom"] - spec.caption_box_bottom_mm * mm
                   for c in caption_chars)
        assert all(c["size"] < spec.caption_size_pt for c in caption_chars)


def test_fonts_are_embedded_and_subset() -> None:
    reader = PdfReader(io.BytesIO(_faces_pdf(_deck_cards("unplugged"))))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    assert fonts
    for font in fonts.values():
        font = font.get_object()
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, font["/BaseFont"]
        assert str(font["/BaseFont"])[7] == "+", font["/BaseFont"]  # ABCDEF+Name: a subset


def test_custom_cards_render_without_code_changes() -> None:
    card = load_deck(str(EXAMPLES / "party.toml")).cards["rain-check"]
    assert face_kind(card) == "picture"
    with pdfplumber.open(io.BytesIO(_faces_pdf([card]))) as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        assert "Averse" in text and "Rain Check" in text
        # The cloud's outline is drawn as vector paths, above the name.
        box = _face_boxes(page)[0]
        assert [c for c in page.curves if c["bottom"] < box["top"] + 30 * mm]


def test_a_broken_svg_picture_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "bad.svg").write_text("<svg this is not xml", encoding="utf-8")
    (tmp_path / "d.toml").write_text(
        'name = "D"\nbase = "classic"\n[cards]\nodd = 1\n[[card]]\nid = "odd"\n'
        'effect = "skip"\npoints = 20\npicture = "bad.svg"\nname = "Odd"\n', encoding="utf-8")
    card = load_deck(str(tmp_path / "d.toml")).cards["odd"]
    with pytest.raises(CardgenError, match=r"bad\.svg: .*SVG picture"):
        _faces_pdf([card])


def test_the_flowable_has_the_card_size_and_draws_in_a_document() -> None:
    face = CardFace(catalogue()["vache"], width=CARD_W / 2)
    assert face.wrap(0, 0) == pytest.approx((CARD_W / 2, CARD_H / 2))
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, invariant=1).build([CardFace(catalogue()["vache"]), face,
                                                  CardFace(None)])
    with pdfplumber.open(io.BytesIO(buffer.getvalue())) as pdf:
        assert "Vache" in pdf.pages[0].extract_text()
        widths = sorted(round(r["width"] / mm, 1) for r in _face_boxes(pdf.pages[0]))
        assert widths == [53.0, 53.0]  # the half-size face is under the size filter


def test_bleed_extends_only_the_background() -> None:
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (CARD_W + 2 * GAP, CARD_H + 2 * GAP), "bleed")
    draw_face(canvas, catalogue()["green-3"], GAP, GAP, bleed_mm=2.0)
    canvas.save()
    with pdfplumber.open(io.BytesIO(buffer.getvalue())) as pdf:
        (box,) = _face_boxes(pdf.pages[0])
    assert box["width"] == pytest.approx(57 * mm, abs=0.1 * mm)
    assert box["x0"] == pytest.approx(GAP - 2 * mm, abs=0.1 * mm)


@pytest.mark.parametrize("name", sorted(n for n, p in pictograms().items()
                                        if p.drawing == "cards"))
def test_a_card_fan_label_sits_on_its_own_plate_clear_of_the_cards(name: str) -> None:
    """+2, +4?, +8 …: the label is read on a plate of its own, not over the fanned cards."""
    from reportlab.lib.colors import HexColor

    from cardgen.render.pictograms import draw_pictogram

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (60 * mm, 60 * mm), "fan")
    draw_pictogram(canvas, name, 30 * mm, 30 * mm, 17.5 * mm, HexColor("#FFFFFF"),
                   HexColor("#1A1A1A"))  # the size of a captioned face's pictogram
    canvas.save()
    with pdfplumber.open(io.BytesIO(buffer.getvalue())) as pdf:
        page = pdf.pages[0]
        label = pictograms()[name].label
        assert "".join(c["text"] for c in page.chars) == label
        dark = [c for c in page.curves if c["fill"]
                and c["non_stroking_color"] == pytest.approx((0.102, 0.102, 0.102), abs=0.01)]
        (plate,) = dark
        for char in page.chars:  # the label inside its plate ...
            assert plate["x0"] - 0.5 <= char["x0"] and char["x1"] <= plate["x1"] + 0.5
            assert plate["top"] - 0.5 <= char["top"] and char["bottom"] <= plate["bottom"] + 0.5
        cards = [c for c in page.curves if c is not plate]
        assert len(cards) == 2 * pictograms()[name].count  # each card: fill and outline
        for card in cards:  # ... and every card of the fan wholly above it
            assert card["bottom"] < plate["top"]
