"""Small command-line traps a new user falls into: the case of a choice, an output named
with the wrong extension, a missing --lang."""

from __future__ import annotations

from pathlib import Path

from helpers.cli import run_in
from pypdf import PdfReader


def _usage_error(args: list[str], cwd: Path) -> str:
    """Run cardgen; it must stop with a usage error (exit 2) and write nothing."""
    before = sorted(cwd.rglob("*"))
    code, output = run_in(args, cwd)
    assert code == 2, output
    assert sorted(cwd.rglob("*")) == before
    return output.splitlines()[-1]


def test_paper_and_language_are_read_in_any_case(tmp_path: Path) -> None:
    code, output = run_in(["rulebook", "classic", "--lang", "FR", "--paper", "A4",
                           "-o", "book.pdf"], tmp_path)
    assert code == 0, output
    page = PdfReader(tmp_path / "book.pdf").pages[0]
    assert round(float(page.mediabox.width)) == 595  # A4, as asked in capitals
    code, output = run_in(["sheets", "unplugged", "--only", "SPECIALS", "--lang", "En",
                           "--paper", "LETTER", "-o", "s.pdf"], tmp_path)
    assert code == 0, output
    assert round(float(PdfReader(tmp_path / "s.pdf").pages[0].mediabox.width)) == 612
    code, output = run_in(["cards", "classic", "--lang", "FR"], tmp_path)
    assert (code, output.splitlines()[-1]) == (0, "108 cartes")


def test_sheets_refuse_an_image_name_with_the_fix(tmp_path: Path) -> None:
    line = _usage_error(["sheets", "classic", "-o", "out.png"], tmp_path)
    assert line == ("Error: Invalid value for '-o' / '--output': 'out.png': this command "
                    "writes a PDF; give a file name ending in .pdf, like out.pdf "
                    "(`cardgen png` writes images)")


def test_png_refuses_a_pdf_name_for_its_folder(tmp_path: Path) -> None:
    line = _usage_error(["png", "classic", "-o", "out.pdf"], tmp_path)
    assert line == ("Error: Invalid value for '-o' / '--output': 'out.pdf': `cardgen png` "
                    "writes a folder of images; give a folder name, like out-png "
                    "(`cardgen sheets -o FILE.pdf` writes a PDF)")


def test_rulebook_without_lang_names_both_choices_on_one_line(tmp_path: Path) -> None:
    line = _usage_error(["rulebook", "classic"], tmp_path)
    assert line == "Error: Missing option '--lang': give one of fr, en, de, es, it, like --lang en"
