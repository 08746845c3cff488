"""A two-faced deck's own dark colours (FL-01, docs/your-deck.md): a ``dark_colors``
table with an id, an rgb and a name builds the deck's cards of that colour, which play
and are printed in it; a mistake in one is one line."""

from __future__ import annotations

from pathlib import Path

from helpers.cli import run_in, unwrapped
from PIL import Image

from cardgen.deck.load import load_deck
from cardgen.engine import Variant

NAVY = '{ id = "navy", rgb = "#1B2A6B", name = { en = "navy", fr = "marine" } }'
OWN_DECK = f"""\
name = "Sea and sky"
players = {{ min = 2, max = 2 }}
dark_colors = ["pink", {NAVY}]

[[card]]
id = "{{color}}-{{value}}"
colors = ["navy"]
values = [5]
effect = "number"
name = {{ fr = "{{value}} {{color}}", en = "{{Color}} {{value}}" }}
plural = {{ fr = "{{value}} {{color}}", en = "{{Color}} {{value}}s" }}

[cards]
red-1 = 10
blue-1 = 10
red-flip = 1

[dark_faces]
red-1 = "pink-5"
blue-1 = "navy-5"
red-flip = "pink-flip"
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_fl01_a_deck_of_its_own_dark_colour_builds_and_plays(tmp_path: Path) -> None:
    deck = load_deck(str(write(tmp_path, OWN_DECK)))
    assert deck.errors == [] and deck.dark_colors == ("pink", "navy")
    assert deck.cards["navy-5"].name["en"] == "Navy 5"
    assert deck.cards["navy-5"].name["fr"] == "5 marine"
    variant = Variant.from_deck(deck, 2)
    assert variant.colors[-2:] == ("pink", "navy")
    assert variant.kinds[variant.other_face[variant.kind("blue-1")]].id == "navy-5"


def test_fl01_its_dark_face_is_printed_in_its_rgb(tmp_path: Path) -> None:
    write(tmp_path, OWN_DECK)
    code, out = run_in(["png", "deck.toml", "--dpi", "50", "--lang", "en", "-o", "faces"],
                       tmp_path)
    assert code == 0, out
    face = Image.open(tmp_path / "faces" / "navy-5.png").convert("RGB")
    assert face.getpixel((1, face.height // 2)) == (0x1B, 0x2A, 0x6B)  # its border


def check_file(tmp_path: Path, text: str) -> str:
    write(tmp_path, text)
    code, out = run_in(["check", "deck.toml", "--games", "0"], tmp_path)
    assert code == 1, out
    return unwrapped(out)


def test_fl01_a_dark_colour_without_its_rgb_is_one_line(tmp_path: Path) -> None:
    out = check_file(tmp_path, OWN_DECK.replace('rgb = "#1B2A6B"', 'rgb = "navy"'))
    assert "a colour of 'dark_colors' has the rgb 'navy'; give it as \"#RRGGBB\"" in out
    assert "Traceback" not in out


def test_fl01_a_dark_colour_named_as_a_shipped_one_is_one_line(tmp_path: Path) -> None:
    out = check_file(tmp_path, OWN_DECK.replace('id = "navy"', 'id = "teal"'))
    assert "a colour of 'dark_colors' is named 'teal', a colour cardgen ships" in out
