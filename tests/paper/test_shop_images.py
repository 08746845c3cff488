"""The image folders of The Game Crafter and MakePlayingCards: a file per kind of card in
deck order, its count in its name, the backs apart, and a manifest that matches the
folder, read back from the files a real run writes."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from helpers.cli import run_in
from helpers.own_backs import OWN_BACK_CARDS
from helpers.paths import ROOT
from PIL import Image

from cardgen.deck.load import load_deck
from cardgen.render.paper.shopimages import shop_images

SHOPS = ROOT / "cardgen" / "data" / "shops"
FACE = re.compile(r"^(\d{3})-(.+)-x(\d+)\.png$")
BLUE, GREEN = (0x2A, 0x5D, 0x8F), (0x2A, 0x8F, 0x4A)

OWN_BACKS = '''name = "Backs"
base = "classic"
back = "blue.svg"

[cards]
own = 2
bare = 1
''' + OWN_BACK_CARDS


def _svg(path: Path, colour: tuple[int, int, int]) -> None:
    fill = "#{:02x}{:02x}{:02x}".format(*colour)
    path.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="70mm" height="96mm" '
                    f'viewBox="0 0 70 96"><rect width="70" height="96" fill="{fill}"/></svg>',
                    encoding="utf-8")


def _own_backs_deck(folder: Path) -> Path:
    _svg(folder / "blue.svg", BLUE)
    _svg(folder / "green.svg", GREEN)
    (folder / "deck.toml").write_text(OWN_BACKS, encoding="utf-8")
    return folder / "deck.toml"


def _small_profile(folder: Path, shop: str = "thegamecrafter") -> Path:
    """The shop's profile at 50 dpi, so that a whole deck's images take a second."""
    text = (SHOPS / f"{shop}.toml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^pixels = .*\n", "", text.replace("dpi = 300", "dpi = 50"))
    # A profile of one's own says in its own words what to upload (the built-in shops'
    # words are in the catalogues).
    text += ('\n[upload]\nen = """1. Upload the images.\n4. Set each card\'s quantity."""\n'
             'fr = """1. Envoyez les images."""\n')
    (folder / "small.toml").write_text(text, encoding="utf-8")
    return folder / "small.toml"


def _manifest(folder: Path) -> list[dict[str, str]]:
    with (folder / "manifest.csv").open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _centre(path: Path) -> tuple[int, int, int]:
    with Image.open(path) as image:
        rgb = image.convert("RGB")
        return rgb.getpixel((rgb.width // 2, rgb.height // 2))  # type: ignore[return-value]


@pytest.mark.parametrize("deck_name", ["classic", "unplugged", "house"])
def test_names_sort_into_deck_order_with_the_counts_of_the_deck(deck_name: str) -> None:
    deck = load_deck(deck_name)
    files = [image.file for image in shop_images(deck)]
    assert files == sorted(files)  # a file picker's order is the folder's order
    faces = [FACE.match(name) for name in files if not name.startswith("back")]
    assert all(faces) and len(faces) == len(deck.card_list())
    listed = deck.card_list()
    assert [(match[2], int(match[3])) for match in faces if match] == [
        (card.id, count) for card, count in listed]
    assert [int(match[1]) for match in faces if match] == list(range(1, len(listed) + 1))
    total = sum(count for _, count in listed)
    assert sum(int(match[3]) for match in faces if match) == total
    assert files[len(faces):] == ["back.png"]  # the backs sort after every face


def test_a_run_writes_the_folder_its_manifest_describes(tmp_path: Path) -> None:
    deck = _own_backs_deck(tmp_path)
    profile = _small_profile(tmp_path)
    code, output = run_in(["png", str(deck), "--shop", str(profile), "-o", "out",
                           "--workers", "2"], tmp_path)
    assert code == 0, output
    assert "for 111 cards" in output and "4. Set each card's quantity" in output
    out = tmp_path / "out"
    rows = _manifest(out)
    assert sorted(path.name for path in out.iterdir()) == sorted(
        [row["file"] for row in rows] + ["manifest.csv"])
    assert [row["file"] for row in rows] == sorted(row["file"] for row in rows)
    faces = [row for row in rows if row["side"] == "face"]
    assert sum(int(row["count"]) for row in faces) == 111
    for row in faces:  # the count in the name is the manifest's
        match = FACE.match(row["file"])
        assert match and (match[2], match[3]) == (row["card_id"], row["count"])
    by_id = {row["card_id"]: row for row in faces}
    own, bare = by_id["own"], by_id["bare"]
    assert (own["file"], own["back_file"], bare["back_file"]) == (
        "055-own-x2.png", "back-055-own-x2.png", "")
    assert by_id["red-0"]["back_file"] == "back.png"
    backs = {row["file"]: row for row in rows if row["side"] == "back"}
    assert list(backs) == ["back-055-own-x2.png", "back.png"]
    assert backs["back.png"]["count"] == "108" and backs["back-055-own-x2.png"]["count"] == "2"
    # Each back image is the back it names: the card's own green, the deck's blue.
    assert _centre(out / "back-055-own-x2.png") == GREEN
    assert _centre(out / "back.png") == BLUE
    with Image.open(out / own["file"]) as image:
        assert image.size == (138, 188)  # 63.5 x 88.9 mm + 3.175 mm of bleed at 50 dpi


def test_the_folder_is_the_same_bytes_run_after_run_and_replaces_an_earlier_one(
        tmp_path: Path) -> None:
    profile = _small_profile(tmp_path, "makeplayingcards")
    for folder in ("one", "two"):
        code, output = run_in(["png", "house", "--shop", str(profile), "-o", folder,
                               "--workers", "2"], tmp_path)
        assert code == 0, output
    one, two = tmp_path / "one", tmp_path / "two"
    assert sorted(p.name for p in one.iterdir()) == sorted(p.name for p in two.iterdir())
    assert all((one / p.name).read_bytes() == p.read_bytes() for p in two.iterdir())
    # Another deck into the same folder: no image of the first deck is left to upload by
    # mistake; a file cardgen did not write stays.
    (one / "notes.txt").write_text("mine", encoding="utf-8")
    code, output = run_in(["png", "classic", "--shop", str(profile), "-o", "one",
                           "--workers", "2"], tmp_path)
    assert code == 0, output
    left = sorted(p.name for p in one.iterdir())
    assert left == sorted([row["file"] for row in _manifest(one)] + ["manifest.csv",
                                                                     "notes.txt"])
    assert len(left) == 54 + 3
