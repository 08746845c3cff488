"""A name in any script is kept whole (issue 42): every file cardgen writes for the user
that holds a name the user gave (printers.toml, a print shop folder's manifest.csv, the
Tabletop Simulator saved object) reads back, by the reader the user's tools use, as the
very name written: emoji, right-to-left scripts, quotes, backslashes, line breaks. A
printer's name that no file should hold (a control character) is refused in one line."""

from __future__ import annotations

import csv
import json
import tomllib
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.cli import main
from cardgen.errors import CardgenError
from cardgen.render.paper.printers import (
    CONFIG_DIR_VARIABLE,
    Printer,
    check_name,
    load_printers,
    save_printers,
)
from cardgen.render.paper.shopimages import ShopImage, write_manifest
from cardgen.render.tabletop.saved_object import saved_object, saved_object_bytes

#: Any text a file can hold (a lone surrogate cannot be written in UTF-8 at all), with the
#: hard cases made likely.
NAMES = st.text(st.characters(exclude_categories=("Cs",)), max_size=30) | st.sampled_from([
    "home 🖨 laser", "مكتب الطابعة", "מדפסת", "👨\u200d👩\u200d👧 printer", 'say "hi"',
    "back\\slash", "two\nlines", "tab\there", "del\x7f", "\u202eevil", "é" * 40])
SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


@given(name=NAMES)
@SETTINGS
def test_a_printer_of_any_name_is_kept_whole_or_refused_in_one_line(
        tmp_path: Path, name: str) -> None:
    try:
        check_name(name)
    except CardgenError as error:
        assert "\n" not in str(error) and "\r" not in str(error)
        assert (not name.strip() or len(name) > 40 or any(
            unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in name))
        return
    path = tmp_path / "printers.toml"
    printer = Printer(name, (-1.3, 0.4), "short")
    save_printers({name: printer, "office": Printer("office", (0.0, 0.5), "long")}, path)
    assert tomllib.loads(path.read_text(encoding="utf-8"))["printer"][name]["flip"] == "short"
    assert load_printers(path)[name] == printer


@given(name=NAMES)
@SETTINGS
def test_a_card_of_any_name_is_listed_whole_in_the_shop_manifest(
        tmp_path: Path, name: str) -> None:
    image = ShopImage("001-face.png", "face", "comet", name, 2, "", None)  # type: ignore[arg-type]
    path = write_manifest(tmp_path, [image])
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[1] == list(image.row())


@given(title=NAMES, name=NAMES)
@SETTINGS
def test_a_deck_and_cards_of_any_name_are_kept_whole_for_tabletop_simulator(
        title: str, name: str) -> None:
    state = saved_object(title, [name, name], [Path("faces-1.png")], [Path("back.png")],
                         (10, 7), False)
    read = json.loads(saved_object_bytes(state).decode("utf-8"))
    deck = read["ObjectStates"][0]
    assert deck["Nickname"] == title
    assert [card["Nickname"] for card in deck["ContainedObjects"]] == [name, name]


def test_a_printer_named_with_an_emoji_is_kept_and_applied(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """The issue's run: the printer is kept, `cardgen printers` lists it, and
    `--printer` applies it again."""
    monkeypatch.setenv(CONFIG_DIR_VARIABLE, str(tmp_path / "config"))
    name = "home 🖨 laser"
    runner = CliRunner()
    first = runner.invoke(main, ["sheets", "classic", "--printer", name, "--back-offset",
                                 "0.5,0", "--backs", "-o", str(tmp_path / "a.pdf")])
    assert first.exit_code == 0, first.output
    listed = runner.invoke(main, ["printers"])
    assert listed.exit_code == 0, listed.output
    assert f"{name}: --back-offset 0.5,0 --flip long" in listed.output
    again = runner.invoke(main, ["sheets", "classic", "--printer", name, "--backs",
                                 "-o", str(tmp_path / "b.pdf")])
    assert again.exit_code == 0, again.output
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_a_printer_name_with_a_line_break_is_refused_in_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["sheets", "classic", "--printer", "two\nlines",
                                       "--back-offset", "0.5,0", "--backs", "-o",
                                       str(tmp_path / "x.pdf")],
                                env={CONFIG_DIR_VARIABLE: str(tmp_path / "config")})
    assert result.exit_code != 0
    assert result.output.count("\n") == 1, result.output
    assert "two\\u000Alines" in result.output
    assert not (tmp_path / "config" / "printers.toml").exists()
