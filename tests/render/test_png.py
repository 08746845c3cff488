"""PNG export: one image per distinct face at the asked resolution, and TTS deck sheets."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from PIL import Image

from cardgen.catalogue import catalogue
from cardgen.cli import main
from cardgen.deck.load import load_deck
from cardgen.render.layout import layout
from cardgen.render.png import write_pngs


def _rgb(hex_color: str) -> tuple[int, int, int]:
    return (int(hex_color[1:3], 16), int(hex_color[3:5], 16), int(hex_color[5:7], 16))


def _close(pixel: tuple[int, ...], expected: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 6 for a, b in zip(pixel, expected, strict=False))


def test_one_image_per_distinct_face_at_the_dpi(tmp_path: Path) -> None:
    deck = load_deck("house")
    result = write_pngs(deck, tmp_path, dpi=60)
    distinct = len(deck.card_list())
    assert len(result.faces) == distinct and result.back == tmp_path / "back.png"
    assert result.back.is_file() and result.back not in result.faces
    with Image.open(tmp_path / "red-7.png") as image:
        assert abs(image.size[0] - 53 / 25.4 * 60) <= 1
        assert abs(image.size[1] - 79 / 25.4 * 60) <= 1
        # Just inside the trim: the card's own red.
        assert _close(image.getpixel((2, 2)), _rgb(catalogue().colors["red"].rgb))
    with Image.open(tmp_path / "blank.png") as image:
        assert _close(image.getpixel((2, 2)), _rgb(layout().colors["house"]))


def test_tts_sheets_hold_every_copy_and_the_back_in_the_last_cell(tmp_path: Path) -> None:
    deck = load_deck("unplugged")
    result = write_pngs(deck, tmp_path, dpi=50)
    settings = layout().png
    per_sheet = settings.tts_columns * settings.tts_rows - 1
    assert len(result.tts_sheets) == -(-deck.total() // per_sheet)  # 145 cards: 3 sheets
    with Image.open(result.tts_sheets[0]) as sheet:
        cell_w = sheet.size[0] // settings.tts_columns
        cell_h = sheet.size[1] // settings.tts_rows
        assert max(sheet.size) <= settings.tts_max_sheet_px == 4096  # what TTS takes
        assert sheet.size[1] > 4096 - cell_h  # as large as fits
        assert abs(cell_h - cell_w * 79 / 53) <= 1
        back = sheet.getpixel((cell_w * 9 + 3, cell_h * 6 + 3))
        assert _close(back, _rgb(layout().colors["back"]))
        first = sheet.getpixel((3, 3))
        assert _close(first, _rgb(catalogue().colors["red"].rgb))


def test_cli_png_refuses_a_silly_resolution(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["png", "classic", "-o", str(tmp_path / "x"),
                                       "--dpi", "5"])
    assert result.exit_code == 1
    assert "from 50 to 1200" in result.output
    assert not (tmp_path / "x").exists()


def test_cli_says_each_tts_sheets_grid_and_card_count(tmp_path: Path) -> None:
    """TTS's custom deck import asks for the grid and the number of cards of a sheet."""
    result = CliRunner().invoke(main, ["png", "classic", "-o", str(tmp_path), "--dpi", "50",
                                       "--workers", "1"])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if "-tts-" in line]
    assert lines == [
        f"wrote {tmp_path / name}: {cards} cards in a 10 x 7 grid, the back in its last cell "
        f"(Tabletop Simulator's custom deck: Width 10, Height 7, Number {cards}, Back is "
        "Hidden)" for name, cards in (("classic-tts-1.png", 69), ("classic-tts-2.png", 39))]
    for name in ("classic-tts-1.png", "classic-tts-2.png"):
        with Image.open(tmp_path / name) as sheet:
            assert max(sheet.size) <= 4096
