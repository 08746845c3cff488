"""Shop profiles as data: the listing, a user's own profile and its mistakes, the image
shops' pixel sizes, the page orders of --print-shop, and the CMYK chosen per colour."""

from __future__ import annotations

import json
from pathlib import Path

import pikepdf
import pytest
from helpers.cli import refused, run_in
from helpers.paths import ROOT
from helpers.pdf_colours import drawn_forms
from PIL import Image

from cardgen.catalogue import catalogue
from cardgen.render.colour import design_cmyk, rgb_to_cmyk, within_limit
from cardgen.render.layout import layout
from cardgen.render.paper.shops import builtin_shops

SHOPS = ROOT / "cardgen" / "data" / "shops"


def test_shops_lists_every_profile_with_its_command_and_what_to_upload(
        tmp_path: Path) -> None:
    code, output = run_in(["shops", "--json"], tmp_path)
    assert code == 0, output
    listed = {shop["id"]: shop for shop in json.loads(output)}
    assert set(listed) == {"drivethrucards", "thegamecrafter", "makeplayingcards",
                           "european-3mm"} == set(builtin_shops())
    assert listed["drivethrucards"]["command"] == "cardgen sheets DECK --shop drivethrucards"
    assert listed["thegamecrafter"]["command"] == "cardgen png DECK --shop thegamecrafter"
    assert "PDF/X-1a:2003, CMYK ≤ 240 %" in listed["drivethrucards"]["writes"]
    assert "825×1125 px at 300 dpi" in listed["thegamecrafter"]["writes"]
    assert "822×1122 px at 300 dpi" in listed["makeplayingcards"]["writes"]
    code, french = run_in(["shops", "--lang", "fr"], tmp_path)
    assert code == 0 and "à envoyer : le PDF tel quel" in french
    assert "3.175 mm de fond perdu" in french and "bleed" not in french


@pytest.mark.parametrize(("shop", "pixels"), [("thegamecrafter", (825, 1125)),
                                              ("makeplayingcards", (822, 1122))])
def test_image_shops_get_rgb_pngs_at_their_pixel_size(tmp_path: Path, shop: str,
                                                      pixels: tuple[int, int]) -> None:
    code, output = run_in(["png", "house", "--shop", shop, "--workers", "2"], tmp_path)
    assert code == 0, output
    folder = tmp_path / f"house-{shop}"
    images = sorted(folder.glob("*.png"))
    assert (folder / "back.png") in images and len(images) > 40
    assert not list(folder.glob("*-tts-*"))  # a shop takes faces, not a TTS sheet
    for path in images:
        with Image.open(path) as image:
            assert (image.size, image.mode) == (pixels, "RGB"), path.name
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_a_profile_of_ones_own_sets_the_size_bleed_and_order(tmp_path: Path) -> None:
    own = (SHOPS / "european-3mm.toml").read_text(encoding="utf-8")
    own = own.replace("trim_mm = [63, 88]", "trim_mm = [56, 87]").replace(
        'order = "front-back"', 'order = "faces-then-backs"')
    (tmp_path / "uno.toml").write_text(own, encoding="utf-8")
    code, output = run_in(["sheets", "house", "--shop", "uno.toml", "-o", "uno.pdf"],
                          tmp_path)
    assert code == 0, output
    with pikepdf.open(tmp_path / "uno.pdf") as pdf:
        pages = len(pdf.pages)
        assert [round(float(v) / 72 * 25.4, 2) for v in pdf.pages[0].MediaBox] == [
            0, 0, 62, 93]
        backs = {b"".join(drawn_forms(page)) for page in pdf.pages[pages // 2:]}
        assert len(backs) == 1
        assert backs.isdisjoint(b"".join(drawn_forms(p)) for p in pdf.pages[:pages // 2])


@pytest.mark.parametrize(("change", "message"), [
    (("colour = ", "color = "), "uno.toml: unknown key(s) color; a shop profile has bleed_mm, "
     "colour, dpi, format, ink_limit_percent, name, order, output_intent, pdfx, pixels, "
     "product, safe_mm, text_as_outlines, trim_mm, upload"),
    (('order = "front-back"', 'order = "backs-first"'), "uno.toml: order = 'backs-first' is "
     "not one of faces-then-backs, front-back, back-front"),
    (("bleed_mm = 3 ", "bleed_mm = 9 "), "uno.toml: bleed_mm must be a number from 0 to 5"),
    (("trim_mm = [63, 88]", "trim_mm = [88, 63]"), "uno.toml: trim_mm: '88x63': faces are "
     "portrait; give the width (the shorter side) first, like 63x88"),
    (("ink_limit_percent = 300", "ink_limit_percent = 30"),
     "uno.toml: ink_limit_percent must be a number from 100 to 400"),
    (('identifier = "FOGRA39"', 'id = "FOGRA39"'), "uno.toml: [output_intent] must have "
     "exactly identifier, condition, registry, info, each a text (identifier: a printing "
     "condition registered at the ICC, such as \"FOGRA39\")"),
])
def test_a_bad_profile_is_refused_in_one_line_naming_the_file(
        tmp_path: Path, change: tuple[str, str], message: str) -> None:
    text = (SHOPS / "european-3mm.toml").read_text(encoding="utf-8")
    assert change[0] in text
    (tmp_path / "uno.toml").write_text(text.replace(change[0], change[1], 1),
                                       encoding="utf-8")
    assert refused(["sheets", "classic", "--shop", "uno.toml"], tmp_path) == message


def test_an_image_profile_asking_more_safe_area_than_the_faces_keep_is_refused(
        tmp_path: Path) -> None:
    """A PDF's faces move in to a shop's safe area; images keep the design's margin."""
    text = (SHOPS / "thegamecrafter.toml").read_text(encoding="utf-8")
    (tmp_path / "uno.toml").write_text(text.replace("safe_mm = 3.175", "safe_mm = 6", 1),
                                       encoding="utf-8")
    assert refused(["png", "classic", "--shop", "uno.toml"], tmp_path) == (
        "uno.toml: safe_mm = 6, but at 63.5x88.9 mm the faces keep their text 3.38 mm "
        "inside the trim; give a safe_mm of at most 3.38")


def test_a_misspelt_or_missing_shop_is_refused_with_what_to_give(tmp_path: Path) -> None:
    assert refused(["sheets", "classic", "--shop", "drivethru"], tmp_path) == (
        "'drivethru' is not a shop cardgen knows; did you mean 'drivethrucards'? (the "
        "shops are drivethrucards, european-3mm, makeplayingcards, thegamecrafter: see "
        "`cardgen shops`), or give the path to a .toml profile of your own")
    assert refused(["sheets", "classic", "--shop", "mine.toml"], tmp_path) == (
        "mine.toml: no such shop profile file; check the path")
    assert refused(["sheets", "classic", "--shop", "thegamecrafter"], tmp_path) == (
        "The Game Crafter takes images: run `cardgen png classic --shop thegamecrafter`")
    assert refused(["png", "classic", "--shop", "drivethrucards"], tmp_path) == (
        "DriveThruCards takes a PDF: run `cardgen sheets classic --shop drivethrucards`")


def test_options_the_profile_sets_are_usage_errors(tmp_path: Path) -> None:
    code, output = run_in(["sheets", "classic", "--shop", "drivethrucards", "--size",
                           "56x87"], tmp_path)
    assert code == 2 and "leave out --size" in output
    code, output = run_in(["sheets", "classic", "--order", "front-back"], tmp_path)
    assert code == 2 and "add --print-shop, or leave --order out" in output
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(("order", "faces_at"), [
    ("faces-then-backs", "first half"), ("front-back", "odd pages"),
    ("back-front", "even pages")])
def test_print_shop_order_option_places_the_backs(tmp_path: Path, order: str,
                                                 faces_at: str) -> None:
    code, output = run_in(["sheets", "house", "--print-shop", "--order", order, "-o",
                           "shop.pdf"], tmp_path)
    assert code == 0, output
    with pikepdf.open(tmp_path / "shop.pdf") as pdf:
        drawn = [b"".join(drawn_forms(page)) for page in pdf.pages]
    half = len(drawn) // 2
    backs = {"first half": drawn[half:], "odd pages": drawn[1::2],
             "even pages": drawn[0::2]}[faces_at]
    faces = {"first half": drawn[:half], "odd pages": drawn[0::2],
             "even pages": drawn[1::2]}[faces_at]
    assert len(set(backs)) == 1 and not set(backs) & set(faces)
    assert len(set(faces)) > 20


def test_every_colour_drawn_has_a_cmyk_chosen_within_240_percent() -> None:
    chosen = design_cmyk()
    drawn = {*layout().colors.values(), *layout().card_backgrounds.values(),
             *(colour.rgb for colour in catalogue().colors.values())}
    assert {rgb.upper() for rgb in drawn} <= set(chosen)
    assert all(sum(cmyk) <= 240 for cmyk in chosen.values())
    # The UNO colours read as themselves: red is magenta and yellow, blue cyan and magenta.
    red, blue = chosen["#D7261E"], chosen["#1C64C8"]
    assert red[1] >= 90 and red[2] >= 90 and red[0] == 0
    assert blue[0] >= 80 and blue[2] == 0


def test_the_ink_limit_lowers_colour_and_keeps_black() -> None:
    assert within_limit((60, 40, 40, 100), 240) == (60, 40, 40, 100)
    cyan, magenta, yellow, black = within_limit((80, 80, 80, 100), 200)
    assert black == 100 and cyan + magenta + yellow == pytest.approx(100)
    assert rgb_to_cmyk(0, 0, 0, 240) == (0, 0, 0, 100)
    assert sum(rgb_to_cmyk(40 / 255, 0, 0, 240)) == pytest.approx(240)



def test_a_profile_whose_pixels_do_not_match_its_size_is_refused(tmp_path: Path) -> None:
    text = (SHOPS / "thegamecrafter.toml").read_text(encoding="utf-8")
    (tmp_path / "tgc.toml").write_text(text.replace("[825, 1125]", "[825, 1100]"),
                                       encoding="utf-8")
    assert refused(["png", "classic", "--shop", "tgc.toml"], tmp_path) == (
        "tgc.toml: pixels = [825, 1100], but trim_mm plus bleed_mm at 300 dpi makes "
        "825×1125 pixels; correct one or the other")
    (tmp_path / "tgc.toml").write_text(text, encoding="utf-8")
    assert refused(["sheets", "classic", "--shop", "tgc.toml"], tmp_path) == (
        "The Game Crafter takes images: run `cardgen png classic --shop tgc.toml`")
