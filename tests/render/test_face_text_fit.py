"""How the names and captions of faces are sized, read back from the PDF: a colour set
looks alike, and a face in one language uses its caption box for that language."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pdfplumber
import pytest

from cardgen.catalogue import catalogue
from cardgen.catalogue.face_languages import FaceLanguages
from cardgen.catalogue.texts import Text
from cardgen.deck.load import load_deck
from cardgen.render.facetext import in_every_colour
from cardgen.render.paper.sheets import SheetOptions, render_sheets

CATS = """
name = "Chats"
base = "classic"
[cards]
"cat-red" = 1
"cat-yellow" = 1
"cat-green" = 1
"cat-blue" = 1
[[card]]
id = "cat-{color}"
colors = ["red", "yellow", "green", "blue"]
effect = "peek"
points = 20
{picture}
name = { fr = "Chat {color}", en = "{Color} Cat" }
caption = { fr = "Regardez la main du joueur {color}.", en = "Look at the {color} player's hand." }
"""


def _text_by_face(pdf: bytes) -> list[dict[str, tuple[float, int]]]:
    """For each face of the first page, in reading order: font -> (size, line count)."""
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[0]
        faces = sorted((r for r in page.rects if r["width"] > 100 and r["height"] > 150),
                       key=lambda r: (round(r["top"]), r["x0"]))
        found = []
        for face in faces:
            chars = page.crop((face["x0"], face["top"], face["x1"], face["bottom"])).chars
            by_font: dict[str, tuple[float, int]] = {}
            for font in {c["fontname"] for c in chars if "FontAwesome" not in c["fontname"]}:
                mine = [c for c in chars if c["fontname"] == font and c["size"] < 40]
                if mine:
                    by_font[font.split("+")[1]] = (
                        round(max(c["size"] for c in mine), 2),
                        len({round(c["top"]) for c in mine}))
            found.append(by_font)
    return found


def _cats(tmp_path: Path, picture: str = "") -> Path:
    path = tmp_path / "cats.toml"
    path.write_text(CATS.replace("{picture}", picture), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", ["fr", "en", "both"])
@pytest.mark.parametrize("picture", ["", 'pictogram = "eye"'])
def test_the_cards_of_one_definition_in_four_colours_share_sizes_and_line_counts(
        tmp_path: Path, lang: str, picture: str) -> None:
    """A typographic face ("Chat rouge" set large) and a captioned one (name under the
    disc): the four colours' names and captions have one size and one line count."""
    deck = load_deck(str(_cats(tmp_path, picture)))
    faces = _text_by_face(render_sheets(deck, SheetOptions(only="specials",
                                                           lang=FaceLanguages.parse(lang))))
    assert len(faces) == 4
    assert all(face == faces[0] for face in faces), faces


def test_without_its_set_chat_rouge_would_wrap_where_chat_jaune_does_not(
        tmp_path: Path) -> None:
    """The case the fitting together is for: each name fitted alone differs."""
    from cardgen.render.facetext import Box, name_block
    from cardgen.render.layout import design_size

    deck = load_deck(str(_cats(tmp_path)))
    width, height = design_size().points
    box = Box(width, height, 0.0, 3 * 72 / 25.4)
    alone = []
    for card_id in ("cat-red", "cat-yellow"):
        card = deck.cards[card_id]
        lonely = dataclasses.replace(card, color=None)  # the same text, no set
        block = name_block(lonely, box, FaceLanguages.parse("both"), title=True)
        alone.append((block.fitted.size, [len(lines) for _, lines in block.fitted.blocks]))
    assert alone[0] != alone[1], alone


def test_every_colour_of_a_text_is_tried_in_each_french_form() -> None:
    variants = in_every_colour(Text("Inversion verte", "Green Reverse"), "green")
    assert Text("Inversion rouge", "Green Reverse") in variants
    assert Text("Inversion bleue", "Green Reverse") in variants
    assert Text("Inversion verte", "Blue Reverse") in variants
    mixed = in_every_colour(Text("Sur du rouge : cartes rouges.", "On red"), "red")
    assert Text("Sur du vert : cartes vertes.", "On red") in mixed  # genders mixed
    assert Text("Sur du bleu : cartes bleues.", "On red") in mixed  # a plural stays so
    assert Text("Sur du rouge : cartes rouges.", "On Blue") not in mixed  # case kept
    assert Text("Sur du rouge : cartes rouges.", "On blue") in mixed
    assert in_every_colour(Text("Vache", "Cow"), "red") == [Text("Vache", "Cow")]
    assert in_every_colour(Text("Chat rouge", "Red Cat"), None) == [Text("Chat rouge",
                                                                          "Red Cat")]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_face_in_one_language_sets_its_caption_larger_than_a_face_in_both(
        lang: str) -> None:
    """The caption box is sized for one language: the Unplugged specials' captions,
    read back, are larger on faces in one language than in both, and none is smaller
    than the layout's least size."""
    deck = load_deck("unplugged")
    both = _text_by_face(render_sheets(deck, SheetOptions(only="specials")))  # both languages
    one = _text_by_face(render_sheets(deck, SheetOptions(only="specials",
                                                         lang=FaceLanguages.parse(lang))))
    for two_langs, one_lang in zip(both, one, strict=True):
        assert one_lang["DejaVuSansCondensed"][0] > two_langs["DejaVuSansCondensed"][0]


def test_the_caption_box_of_a_face_in_one_language_is_shorter(tmp_path: Path) -> None:
    """Measured: the white caption box is shorter on a French face, and the disc larger."""
    deck = load_deck(str(_cats(tmp_path, 'pictogram = "eye"')))

    def boxes(lang: str) -> tuple[float, float]:
        pdf = render_sheets(deck, SheetOptions(only="specials", lang=FaceLanguages.parse(lang)))
        with pdfplumber.open(io.BytesIO(pdf)) as document:
            page = document.pages[0]
            white = [c for c in page.curves + page.rects
                     if c.get("non_stroking_color") in ((1, 1, 1), [1, 1, 1], (1.0, 1.0, 1.0))]
            caption = max((c for c in white if c["width"] > 100), key=lambda c: c["height"])
            disc = max((c for c in white if abs(c["width"] - c["height"]) < 1),
                       key=lambda c: c["width"])
            return caption["height"] * 25.4 / 72, disc["width"] * 25.4 / 72

    (caption_both, disc_both), (caption_fr, disc_fr) = boxes("both"), boxes("fr")
    assert caption_both == pytest.approx(31.5, abs=0.2)
    assert caption_fr == pytest.approx(23.0, abs=0.2)
    assert disc_fr > disc_both


def test_every_built_in_face_text_prints_at_its_least_size_or_larger() -> None:
    """The catalogue's names and captions fit without shrinking below the layout's
    least readable size, in both languages and in each alone (`check` measures only a
    deck's own cards: the built-in ones are held here)."""
    from cardgen.render.faces import text_blocks

    small = [(card.id, lang, block.what, block.fitted.size)
             for card in catalogue().cards.values() for lang in ("both", "fr", "en")
             for block in text_blocks(card, FaceLanguages.parse(lang))
             if block.fitted.size < block.least]
    assert not small, small


def test_a_long_hyphenated_name_breaks_after_a_hyphen_not_inside_a_word() -> None:
    """UNO Attack's German "Alle-drücken-Joker" is one word too wide for its line: it is
    set "Alle-drücken-" / "Joker", never "Alle-drücken-Joke" / "r"."""
    deck = load_deck("attack")
    pdf = render_sheets(deck, SheetOptions(lang=FaceLanguages.parse("de"), only="specials"))
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        lines = {line for page in document.pages
                 for line in (page.extract_text() or "").splitlines()}
    assert not [line for line in lines if "Joke" in line and "Joker" not in line], lines
    assert any("Alle-drücken-" in line and "Joker" not in line for line in lines)
