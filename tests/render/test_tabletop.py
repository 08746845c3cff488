"""`cardgen tts`: the Tabletop Simulator saved object read back as TTS reads it (every
copy's id pointing into a sheet's grid, the sheets' pixel sizes, the names), the cells'
pixels, per-card backs, the same bytes twice, and the refusals in one line."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest
from click.testing import CliRunner
from helpers.own_backs import OWN_BACK_CARDS
from PIL import Image, ImageChops

from cardgen.cli import main
from cardgen.deck.load import load_deck

GREEN = (0x2A, 0x8F, 0x4A)


def tts(*args: str) -> Any:
    return CliRunner().invoke(main, ["tts", *args, "--workers", "1"])


def local(url: str) -> Path:
    """The file a ``file:///`` address names."""
    parsed = urlparse(url)
    assert parsed.scheme == "file"
    return Path(unquote(parsed.path))


@pytest.fixture(scope="module")
def classic_fr(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tts") / "classic-tts"
    done = tts("classic", "-o", str(out), "--lang", "fr")
    assert done.exit_code == 0, done.output
    return out


def saved(folder: Path, name: str) -> dict[str, Any]:
    state: dict[str, Any] = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    return state


def test_every_copy_has_an_id_in_a_sheets_grid(classic_fr: Path) -> None:
    """108 cards: 69 on sheet 1 (ids 100 to 168) and 39 on sheet 2 (200 to 238); the last
    cell (index 69) of each 10 x 7 sheet is the hidden card's, never a card's."""
    (deck,) = saved(classic_fr, "classic")["ObjectStates"]
    assert deck["Name"] == "DeckCustom"
    total = sum(count for _, count in load_deck("classic").card_list())
    assert len(deck["DeckIDs"]) == total == 108
    assert [card["CardID"] for card in deck["ContainedObjects"]] == deck["DeckIDs"]
    assert {card["Name"] for card in deck["ContainedObjects"]} == {"Card"}
    assert sorted(deck["CustomDeck"]) == ["1", "2"]
    for card_id in deck["DeckIDs"]:
        sheet = deck["CustomDeck"][str(card_id // 100)]
        assert 0 <= card_id % 100 < sheet["NumWidth"] * sheet["NumHeight"] - 1
    assert deck["DeckIDs"][0] == 100 and deck["DeckIDs"][68] == 168
    assert deck["DeckIDs"][69] == 200 and deck["DeckIDs"][-1] == 238
    for card in deck["ContainedObjects"]:  # a card drawn from the deck keeps its sheet
        key = str(card["CardID"] // 100)
        assert card["CustomDeck"] == {key: deck["CustomDeck"][key]}


def test_the_sheets_are_the_grid_of_the_back_images_size(classic_fr: Path) -> None:
    """Each sheet is NumWidth x NumHeight cards of the back image's size, within the
    4096 pixels TTS takes on a side; the back, alone, is one card."""
    (deck,) = saved(classic_fr, "classic")["ObjectStates"]
    for sheet in deck["CustomDeck"].values():
        assert (sheet["NumWidth"], sheet["NumHeight"]) == (10, 7)
        assert sheet["BackIsHidden"] is True and sheet["UniqueBack"] is False
        with Image.open(local(sheet["BackURL"])) as back:
            width, height = back.size
        with Image.open(local(sheet["FaceURL"])) as face:
            assert face.size == (10 * width, 7 * height)
        assert max(face.size) <= 4096
        assert local(sheet["FaceURL"]).parent == classic_fr.resolve()
    assert (width, height) == (392, 585)


def test_the_cells_hold_the_copies_and_the_last_one_the_back(classic_fr: Path) -> None:
    """The two copies of Rouge 1 (cells 1 and 2) are the same picture; the last cell is
    the back image, pixel for pixel."""
    back = Image.open(classic_fr / "classic-tts-back.png").convert("RGB")
    width, height = back.size
    sheet = Image.open(classic_fr / "classic-tts-1.png").convert("RGB")

    def cell(index: int) -> Image.Image:
        x, y = index % 10 * width, index // 10 * height
        return sheet.crop((x, y, x + width, y + height))

    assert ImageChops.difference(cell(69), back).getbbox() is None
    assert ImageChops.difference(cell(1), cell(2)).getbbox() is None
    assert ImageChops.difference(cell(0), cell(1)).getbbox() is not None


def test_the_cards_are_named_in_the_language_chosen(classic_fr: Path) -> None:
    state = saved(classic_fr, "classic")
    (deck,) = state["ObjectStates"]
    names = Counter(card["Nickname"] for card in deck["ContainedObjects"])
    expected = Counter({card.name["fr"]: count
                        for card, count in load_deck("classic").card_list()})
    assert names == expected
    assert (names["+4 (Super Joker)"], names["7 rouge"], names["0 bleu"]) == (4, 2, 1)
    assert deck["Nickname"] == load_deck("classic").name["fr"]
    assert state["SaveName"] == ""  # (a saved object is named by its file)


def test_the_same_deck_gives_the_same_bytes(classic_fr: Path, tmp_path: Path) -> None:
    """Written again into the same folder: every file the same bytes (no date, no
    random id); into another folder: the images the same, the JSON but its paths."""
    before = {path.name: path.read_bytes() for path in classic_fr.iterdir()}
    assert tts("classic", "-o", str(classic_fr), "--lang", "fr").exit_code == 0
    assert {path.name: path.read_bytes() for path in classic_fr.iterdir()} == before
    other = tmp_path / "elsewhere"
    assert tts("classic", "-o", str(other), "--lang", "fr").exit_code == 0
    again = {path.name: path.read_bytes() for path in other.iterdir()}
    assert sorted(again) == sorted(before) == [
        "classic-tts-1.png", "classic-tts-2.png", "classic-tts-back.png", "classic.json"]
    assert all(again[name] == before[name] for name in again if name.endswith(".png"))
    moved = again["classic.json"].decode().replace(other.resolve().as_uri(),
                                                  classic_fr.resolve().as_uri())
    assert moved.encode() == before["classic.json"]


def test_cards_with_backs_of_their_own_get_unique_backs(tmp_path: Path) -> None:
    """A card with its own back picture and one printed without a back: TTS's UniqueBack,
    a sheet of backs laid out as the faces; the own card's back cell is its picture."""
    (tmp_path / "green.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="59mm" height="85mm" '
        'viewBox="0 0 59 85"><rect width="59" height="85" fill="#2a8f4a"/></svg>',
        encoding="utf-8")
    (tmp_path / "deck.toml").write_text('''name = "Backs"
base = "classic"

[cards]
own = 1
bare = 1
''' + OWN_BACK_CARDS, encoding="utf-8")
    out = tmp_path / "out"
    done = tts(str(tmp_path / "deck.toml"), "-o", str(out))
    assert done.exit_code == 0, done.output
    deck_id = load_deck(str(tmp_path / "deck.toml")).id
    (deck,) = saved(out, deck_id)["ObjectStates"]
    sheets = deck["CustomDeck"]
    assert all(sheet["UniqueBack"] is True for sheet in sheets.values())
    assert len({sheet["BackURL"] for sheet in sheets.values()}) == len(sheets)
    names = [card["Nickname"] for card in deck["ContainedObjects"]]
    own = deck["DeckIDs"][names.index("Green back")]
    bare = deck["DeckIDs"][names.index("No back")]
    plain = deck["DeckIDs"][names.index("Red 0")]

    def back_pixel(card_id: int) -> tuple[int, ...]:
        sheet = sheets[str(card_id // 100)]
        with Image.open(local(sheet["BackURL"])) as image:
            rgb = image.convert("RGB")
            width, height = rgb.width // 10, rgb.height // 7
            index = card_id % 100
            # (a tenth of the way in: the default back's dark border, not its emblem)
            return tuple(rgb.getpixel((index % 10 * width + width // 10,
                                       index // 10 * height + height // 2)))

    assert back_pixel(own) == GREEN
    assert back_pixel(bare) == (255, 255, 255)  # printed without a back: a blank one
    assert back_pixel(plain) not in (GREEN, (255, 255, 255))


def test_a_bad_deck_is_one_line_and_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "deck.toml").write_text('name = "Bad"\nbase = "classic"\n\n[cards]\n'
                                        'nothing-such = 2\n', encoding="utf-8")
    done = tts(str(tmp_path / "deck.toml"), "-o", str(tmp_path / "out"))
    assert done.exit_code == 1
    lines = done.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "deck.toml" in lines[0]
    assert not (tmp_path / "out").exists()


def test_a_file_name_for_the_folder_is_refused(tmp_path: Path) -> None:
    done = tts("classic", "-o", str(tmp_path / "classic.json"))
    assert done.exit_code == 2
    assert "`cardgen tts` writes a folder" in done.output
    assert not (tmp_path / "classic.json").exists()
