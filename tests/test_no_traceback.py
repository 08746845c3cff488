"""Values that used to stop cardgen with a traceback (issue 29): each is now one line that
names the file or the option and says what to give instead."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import refused

SHOPS = Path(__file__).resolve().parents[1] / "cardgen" / "data" / "shops"
LONG = "9" * 5000  # past the 4,300 digits Python turns from text into an int


# --- a TOML integer too long for Python to read ---------------------------------------


def test_a_deck_with_a_number_too_long_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "deck.toml").write_text(f'name = "Long"\nbase = "classic"\ntotal = {LONG}\n',
                                        encoding="utf-8")
    assert refused(["check", "deck.toml", "--games", "0"], tmp_path) == (
        "deck.toml: line 3: a number is too long (more than 4,300 digits); write it with "
        "a few digits")


def test_a_situation_with_a_number_too_long_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "s.toml").write_text(f"players = 2\nseed = 0x{'f' * 5000}\n", encoding="utf-8")
    assert refused(["explain", "s.toml"], tmp_path) == (
        "s.toml: line 2: a number is too long (more than 4,300 digits); write it with a "
        "few digits")


def test_a_shop_profile_with_a_number_too_long_is_one_line(tmp_path: Path) -> None:
    text = (SHOPS / "makeplayingcards.toml").read_text(encoding="utf-8")
    text, found = re.subn(r"(?m)^dpi = \d+", f"dpi = {LONG}", text)
    assert found == 1
    (tmp_path / "shop.toml").write_text(text, encoding="utf-8")
    line = text[:text.index(LONG)].count("\n") + 1
    assert refused(["png", "classic", "--shop", "shop.toml", "-o", "out"], tmp_path) == (
        f"shop.toml: line {line}: a number is too long (more than 4,300 digits); write it "
        "with a few digits")


@pytest.mark.parametrize("number", [f"0b{'1' * 20000}", f"-{LONG}"])
def test_a_long_number_in_any_spelling_is_one_line(tmp_path: Path, number: str) -> None:
    (tmp_path / "deck.toml").write_text(f'name = "Long"\nbase = "classic"\n\n[cards]\n'
                                        f'wild = {number}\n', encoding="utf-8")
    assert refused(["cards", "deck.toml"], tmp_path).startswith(
        "deck.toml: line 5: a number is too long (more than 4,300 digits)")
