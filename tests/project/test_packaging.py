"""cardgen as an installed program: what the wheel holds, where `build` writes, and
every font of every PDF it writes embedded, so that the files print on any machine.

The wheel installed into a fresh environment outside the checkout is exercised end to
end by .ci/wheel-check.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
import tomllib
import zipfile
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers.paths import ROOT
from helpers.pdf_fonts import not_embedded
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

import cardgen
from cardgen.catalogue.locale import languages
from cardgen.cli import main

EXAMPLES = ROOT / "examples"


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_the_font_check_sees_reportlabs_default_helvetica() -> None:
    # What every rulebook carried before: a canvas left with reportlab's initial font.
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    canvas.drawString(100, 100, "x")
    canvas.save()
    assert not_embedded(buffer.getvalue()) == ["/Helvetica"]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """`cardgen build` run without --out from an empty folder: (the folder, its output)."""
    folder = tmp_path_factory.mktemp("empty")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        result = CliRunner().invoke(main, ["build"])
    assert result.exit_code == 0, result.output
    return folder, result.output


@pytest.mark.slow  # a whole build (41 files): see docs/development.md
def test_build_writes_into_output_of_the_folder_it_runs_from(built: tuple[Path, str]) -> None:
    cwd, output = built
    assert [p.name for p in cwd.iterdir()] == ["output"]
    written = sorted(p.name for p in (cwd / "output").iterdir())
    assert sorted(line.removeprefix("wrote output/") for line in output.splitlines()) \
        == written
    # One card list, two rulebooks and the sheets of each built-in deck.
    for deck in ("classic", "unplugged", "house", "attack", "nomercy", "flip"):
        assert {f"{deck}-cards.json", f"{deck}-rulebook-fr.pdf", f"{deck}-rulebook-en.pdf",
                f"{deck}-sheets-a4.pdf"} <= set(written)


@pytest.mark.slow  # the same build; each PDF kind's own tests check their fonts quickly
def test_every_font_of_every_pdf_build_writes_is_embedded(built: tuple[Path, str]) -> None:
    pdfs = sorted((built[0] / "output").glob("*.pdf"))
    # A rulebook of each built-in deck in each language, 6 full sheets, 5 sheets of specials.
    assert len(pdfs) == 6 * len(languages()) + 11
    for pdf in pdfs:
        assert not_embedded(pdf.read_bytes()) == [], pdf.name


@pytest.mark.slow  # a whole build; tests/rulebook/test_rulebook.py checks Letter quickly
def test_build_on_letter_paper_puts_every_sheet_and_rulebook_page_on_letter(
        tmp_path: Path) -> None:
    """A user in North America builds everything at once on the paper they have."""
    result = CliRunner().invoke(main, ["build", "--paper", "letter", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pdfs = sorted(tmp_path.glob("*.pdf"))
    assert {p.name for p in pdfs} >= {"classic-sheets-letter.pdf",
                                      "unplugged-specials-letter.pdf",
                                      "house-rulebook-en.pdf"}
    assert len(pdfs) == 6 * len(languages()) + 11
    for pdf in pdfs:
        sizes = {(round(float(page.mediabox.width)), round(float(page.mediabox.height)))
                 for page in PdfReader(pdf).pages}
        assert sizes == {(612, 792)}, (pdf.name, sizes)  # 8.5 x 11 in, every page


def test_a_deck_files_sheets_and_rulebooks_embed_every_font(tmp_path: Path) -> None:
    # The example deck has an SVG picture: reportlab starts every drawing in Helvetica.
    sheets = tmp_path / "party.pdf"
    run("sheets", str(EXAMPLES / "party.toml"), "--backs", "-o", str(sheets))
    assert not_embedded(sheets.read_bytes()) == []
    for lang in ("fr", "en"):
        book = tmp_path / f"party-{lang}.pdf"
        run("rulebook", str(EXAMPLES / "party.toml"), "--lang", lang, "--paper", "letter",
            "-o", str(book))
        assert not_embedded(book.read_bytes()) == [], book.name


def test_text_in_an_svg_picture_is_set_in_an_embedded_font(tmp_path: Path) -> None:
    (tmp_path / "sign.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="90">'
        '<text x="5" y="30" font-family="Helvetica" font-weight="bold">Stop</text>'
        '<g><text x="5" y="60" font-family="Times" font-style="italic">Go</text></g></svg>',
        encoding="utf-8")
    shutil.copy(EXAMPLES / "party.toml", tmp_path / "party.toml")
    deck = (tmp_path / "party.toml").read_text(encoding="utf-8")
    assert 'picture = "rain-check.svg"' in deck
    (tmp_path / "party.toml").write_text(deck.replace("rain-check.svg", "sign.svg"),
                                         encoding="utf-8")
    sheets = tmp_path / "sheets.pdf"
    run("sheets", str(tmp_path / "party.toml"), "--only", "specials", "-o", str(sheets))
    assert not_embedded(sheets.read_bytes()) == []  # was Helvetica-Bold and Times-Italic
    text = "".join(page.extract_text() for page in PdfReader(sheets).pages)
    assert "Stop" in text and "Go" in text


def test_the_pdf_the_png_export_rasterises_embeds_every_font(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # pdfium would put a font of its own machine in place of one the PDF lacks.
    from cardgen.render import png

    rasterised: list[bytes] = []
    real = png.faces_pdf

    def keep(*args: Any, **kwargs: Any) -> bytes:
        rasterised.append(real(*args, **kwargs))
        return rasterised[-1]

    monkeypatch.setattr(png, "faces_pdf", keep)
    run("png", str(EXAMPLES / "party.toml"), "-o", str(tmp_path), "--dpi", "50")
    assert rasterised
    for pdf in rasterised:
        assert not_embedded(pdf) == []


def test_version_is_the_installed_distributions() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    version = declared["project"]["version"]
    assert metadata.version("cardgen") == version == cardgen.__version__
    assert run("--version") == f"cardgen, version {version}\n"


def _installed_name(relative: Path, package_dirs: dict[str, str]) -> str:
    """Where a file of the checkout lands in the wheel (package-dir maps top folders)."""
    for package, folder in package_dirs.items():
        if relative.parts[0] == folder:
            return "/".join([*package.split("."), *relative.parts[1:]])
    return relative.as_posix()


@pytest.mark.slow  # builds a wheel; .ci/wheel-check installs and runs one too
def test_the_wheel_holds_every_module_and_data_file(tmp_path: Path) -> None:
    source = tmp_path / "source"
    # A copy, so that setuptools' build/ folder never lands in the checkout.
    left_out = shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "output", "*.egg-info", "__pycache__", ".*cache",
        ".hypothesis", ".benchmarks")

    def ignore(folder: str, names: list[str]) -> set[str]:
        # cardgen's own tests/ stay out; an example plugin's tests are part of it.
        return left_out(folder, names) | ({"tests"} if Path(folder) == ROOT else set())

    shutil.copytree(ROOT, source, ignore=ignore)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                    "-w", str(tmp_path / "wheel"), str(source)],
                   check=True, capture_output=True)
    (wheel,) = (tmp_path / "wheel").glob("cardgen-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        entry_points = next(archive.read(n) for n in names if n.endswith("entry_points.txt"))
    setuptools_config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]
    package_dirs = {"cardgen": "cardgen", **setuptools_config["setuptools"]["package-dir"]}
    expected = {
        _installed_name(path.relative_to(ROOT), package_dirs)
        for folder in package_dirs.values()
        for path in (ROOT / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert {"cardgen/render/paper/sheets.py", "cardgen/engine/game.py", "cardgen/data/layout.toml",
            "cardgen/data/decks/classic.toml", "cardgen/templates/locale/fr/rulebook/classic.md.j2",
            "cardgen/fonts/DejaVuSans.ttf", "cardgen/fonts/DejaVu-LICENSE.txt",
            # `cardgen examples` and `cardgen new` read these from the installed package.
            "cardgen/examples/night-train.toml", "cardgen/examples/rain-check.svg",
            "cardgen/templates/newdeck/deck.toml.j2", "cardgen/templates/newdeck/comet.svg",
            "cardgen/templates/locale/cardgen.pot",
            "cardgen/templates/locale/fr/LC_MESSAGES/cardgen.po"} <= expected
    assert sorted(expected - names) == []
    assert sorted(n for n in names - expected if ".dist-info/" not in n) == []
    assert b"cardgen = cardgen.cli:main" in entry_points
