"""Printers remembered by name (`--printer NAME`, `cardgen printers`): what is kept in the
configuration folder, what a later run applies, and a kept file cardgen cannot read."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.render.paper.printers import (
    CONFIG_DIR_VARIABLE,
    FILE_NAME,
    config_folder,
    load_printers,
)

DECK = ["sheets", "unplugged", "--only", "specials", "--backs"]


def _run(args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, args)
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def test_a_printer_kept_with_its_offset_prints_the_same_bytes_as_the_offset_typed(
        tmp_path: Path, own_config_folder: Path) -> None:
    typed, kept, applied = (tmp_path / f"{name}.pdf" for name in ("typed", "kept", "applied"))
    assert _run([*DECK, "--back-offset", "-1.3,0.4", "--flip", "short", "-o", str(typed)])[0] == 0
    code, _, said = _run([*DECK, "--back-offset", "-1.3,0.4", "--flip", "short",
                          "--printer", "office", "-o", str(kept)])
    assert code == 0 and "printer 'office': kept --back-offset -1.3,0.4 --flip short" in said
    code, _, said = _run([*DECK, "--printer", "office", "-o", str(applied)])
    assert code == 0 and "printer 'office': --back-offset -1.3,0.4 --flip short" in said
    assert typed.read_bytes() == kept.read_bytes() == applied.read_bytes()
    assert sorted(p.name for p in own_config_folder.iterdir()) == [FILE_NAME]  # no temp left


def test_an_offset_typed_again_updates_the_printer_and_says_so(tmp_path: Path) -> None:
    out = str(tmp_path / "x.pdf")
    _run([*DECK, "--back-offset", "1,2", "--printer", "home", "-o", out])
    code, _, said = _run([*DECK, "--back-offset", "0.5,-0.25", "--printer", "home", "-o", out])
    assert code == 0
    assert ("printer 'home': updated from --back-offset 1,2 --flip long to "
            "--back-offset 0.5,-0.25 --flip long") in said
    code, listed, _ = _run(["printers", "--json"])
    assert code == 0
    assert json.loads(listed) == [{"name": "home", "back_offset_mm": [0.5, -0.25],
                                   "flip": "long"}]
    code, listed, _ = _run(["printers"])
    assert listed.splitlines()[0] == "home: --back-offset 0.5,-0.25 --flip long"


def test_forget_drops_one_printer_and_keeps_the_others(tmp_path: Path) -> None:
    out = str(tmp_path / "x.pdf")
    for name in ("home", "office"):
        _run([*DECK, "--back-offset", "1,1", "--printer", name, "-o", out])
    code, said, _ = _run(["printers", "--forget", "home"])
    assert code == 0 and "forgot printer 'home'" in said
    assert list(load_printers()) == ["office"]
    code, _, said = _run(["printers", "--forget", "home"])
    assert code == 1 and "no printer 'home' is kept; kept: office" in said


def test_a_run_that_fails_keeps_nothing(tmp_path: Path, own_config_folder: Path) -> None:
    code, _, _ = _run(["sheets", "no-such-deck", "--backs", "--back-offset", "1,1",
                       "--printer", "office", "-o", str(tmp_path / "x.pdf")])
    assert code != 0 and not (own_config_folder / FILE_NAME).exists()


def test_an_unknown_printer_and_a_flip_that_disagrees_are_refused(tmp_path: Path) -> None:
    out = str(tmp_path / "x.pdf")
    code, _, said = _run([*DECK, "--printer", "office", "-o", out])
    assert code == 1 and "no printer 'office' is kept" in said
    _run([*DECK, "--back-offset", "1,1", "--printer", "office", "-o", out])
    code, _, said = _run([*DECK, "--printer", "office", "--flip", "short", "-o", out])
    assert code == 2 and "was measured with --flip long" in said


@pytest.mark.parametrize("content", ["printer = [", "[printer.office]\nflip = 3\n",
                                     "[printer.office]\nback_offset_mm = [1, 'a']\n"
                                     "flip = \"long\"\n"])
def test_a_kept_file_cardgen_cannot_read_is_one_line_naming_it(
        tmp_path: Path, own_config_folder: Path, content: str) -> None:
    kept = own_config_folder / FILE_NAME
    kept.write_text(content, encoding="utf-8")
    code, _, said = _run(["printers"])
    assert code == 1 and said.count("\n") == 1
    assert said.startswith(f"Error: {kept}: not a printers file cardgen can read (")
    assert "delete it and measure your printers again" in said


def test_the_alignment_test_prints_with_the_printers_offset(tmp_path: Path) -> None:
    out = str(tmp_path / "x.pdf")
    _run([*DECK, "--back-offset", "2,-1", "--flip", "short", "--printer", "office",
          "-o", out])
    typed, kept = tmp_path / "typed.pdf", tmp_path / "kept.pdf"
    _run(["sheets", "--alignment-test", "--back-offset", "2,-1", "--flip", "short",
          "-o", str(typed)])
    code, _, said = _run(["sheets", "--alignment-test", "--printer", "office", "-o",
                          str(kept)])
    assert code == 0 and "printer 'office': --back-offset 2,-1 --flip short" in said
    assert typed.read_bytes() == kept.read_bytes()


@pytest.mark.skipif(sys.platform != "linux", reason="XDG_CONFIG_HOME is a Linux convention")
def test_without_cardgens_variable_the_folder_follows_xdg(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CONFIG_DIR_VARIABLE)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert config_folder() == tmp_path / "cardgen"
