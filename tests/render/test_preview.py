"""`cardgen preview`: the chosen faces on one page or image, read back."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import click
import pdfplumber
import pytest
from helpers.cli import refused, run_in
from helpers.paths import EXAMPLES
from PIL import Image


@pytest.fixture
def night_train(tmp_path: Path) -> Path:
    for name in ("night-train.toml", "night-train.fr.md", "night-train.en.md"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    return tmp_path


def _labels(pdf: Path) -> list[str]:
    """The ids set under the faces, in reading order."""
    with pdfplumber.open(pdf) as document:
        assert len(document.pages) == 1
        words = document.pages[0].extract_words(extra_attrs=["size"])
    return [w["text"] for w in sorted(words, key=lambda w: (round(w["top"]), w["x0"]))
            if w["size"] == pytest.approx(7.0)]


def test_the_default_faces_are_the_decks_own_cards(night_train: Path) -> None:
    code, output = run_in(["preview", "night-train.toml", "-o", "p.pdf", "--no-open"],
                          night_train)
    assert (code, output) == (0, "wrote p.pdf (3 faces)\n")
    assert _labels(night_train / "p.pdf") == ["tunnel", "inspector", "buffet-car"]


def test_cards_are_named_by_id_or_by_name(night_train: Path) -> None:
    code, output = run_in(["preview", "night-train.toml", "Contrôleur", "red-7",
                           "-o", "p.pdf", "--no-open"], night_train)
    assert code == 0, output
    assert _labels(night_train / "p.pdf") == ["inspector", "red-7"]


def test_a_deck_without_cards_of_its_own_shows_every_face(tmp_path: Path) -> None:
    code, output = run_in(["preview", "classic", "-o", "all.pdf", "--no-open"], tmp_path)
    assert (code, output) == (0, "wrote all.pdf (54 faces)\n")
    labels = _labels(tmp_path / "all.pdf")
    assert len(labels) == 54 and labels[0] == "red-0"


def test_a_png_preview_is_one_image_at_150_dpi(night_train: Path) -> None:
    code, output = run_in(["preview", "night-train.toml", "tunnel", "--no-open"],
                          night_train)
    assert (code, output) == (0, "wrote night-train-preview.png (1 face)\n")
    with Image.open(night_train / "night-train-preview.png") as image:
        # one 53 x 79 mm face, 4 mm around it and a line of 12.6 pt for its id
        width_mm, height_mm = 53 + 8, 79 + 8 + 12.6 * 25.4 / 72
        assert image.size == (round(width_mm / 25.4 * 150), round(height_mm / 25.4 * 150))
        assert image.mode == "RGB"
        assert image.getpixel((image.width // 2, 2)) == (255, 255, 255)  # the margin


def test_the_same_deck_gives_the_same_bytes(night_train: Path) -> None:
    for name in ("a.png", "b.png", "a.pdf", "b.pdf"):
        assert run_in(["preview", "night-train.toml", "-o", name, "--no-open"],
                      night_train)[0] == 0
    assert (night_train / "a.png").read_bytes() == (night_train / "b.png").read_bytes()
    assert (night_train / "a.pdf").read_bytes() == (night_train / "b.pdf").read_bytes()


def test_every_font_of_a_preview_is_embedded(night_train: Path) -> None:
    run_in(["preview", "night-train.toml", "-o", "p.pdf", "--no-open"], night_train)
    with pdfplumber.open(night_train / "p.pdf") as document:
        fonts = {c["fontname"] for c in document.pages[0].chars}
    assert fonts and all("+" in name for name in fonts), fonts  # subset tags: embedded


def test_an_unknown_card_is_refused_with_a_suggestion(night_train: Path) -> None:
    message = refused(["preview", "night-train.toml", "tunel", "--no-open"], night_train)
    assert message == ("night-train.toml: unknown card 'tunel'; did you mean 'tunnel'? "
                       "(`cardgen cards` lists the ids)")


def test_an_output_neither_png_nor_pdf_is_a_usage_error(night_train: Path) -> None:
    code, output = run_in(["preview", "night-train.toml", "-o", "p.jpg"], night_train)
    assert code == 2
    assert output.splitlines()[-1] == ("Error: Invalid value for '-o' / '--output': "
                                       "'p.jpg': a preview is a .png image or a .pdf page; "
                                       "name it p.png or p.pdf")


def test_the_preview_opens_in_the_viewer_only_where_there_is_a_display(
        night_train: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr(click, "launch", lambda url, **_: opened.append(url) or 0)
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("DISPLAY", ":0")
    assert run_in(["preview", "night-train.toml"], night_train)[0] == 0
    assert opened == ["night-train-preview.png"]
    run_in(["preview", "night-train.toml", "--no-open"], night_train)
    monkeypatch.setenv("CI", "true")  # a CI runner has no one to look at it
    code, output = run_in(["preview", "night-train.toml"], night_train)
    assert output.endswith("(no display to open it on: open the file yourself)\n")
    assert opened == ["night-train-preview.png"]


def test_a_preview_pdf_page_holds_the_faces_at_their_size(tmp_path: Path) -> None:
    from cardgen.catalogue.face_languages import FaceLanguages
    from cardgen.deck.load import load_deck
    from cardgen.render.preview import preview_cards, preview_pdf

    cards = preview_cards(load_deck("unplugged"), ["non", "vache"])
    with pdfplumber.open(io.BytesIO(preview_pdf(cards, FaceLanguages("fr")))) as document:
        faces = [r for r in document.pages[0].rects if r["width"] > 100]
    assert [round(f["width"] * 25.4 / 72, 2) for f in faces] == [53.0, 53.0]
    assert [round(f["height"] * 25.4 / 72, 2) for f in faces] == [79.0, 79.0]


def test_preview_says_when_a_text_would_print_too_small(tmp_path: Path) -> None:
    """The warning check gives, on the way to the picture a designer looks at."""
    from click.testing import CliRunner
    from test_text_sizes import DECK

    from cardgen.cli import main

    (tmp_path / "deck.toml").write_text(DECK, encoding="utf-8")
    result = CliRunner().invoke(main, ["preview", str(tmp_path / "deck.toml"), "-o",
                                       str(tmp_path / "p.pdf"), "--no-open"])
    assert result.exit_code == 0
    assert result.stderr.startswith(f"warning: {tmp_path / 'deck.toml'}: card 'chatterbox': "
                                    "its caption would print at 4.4 pt")
    assert result.stdout == f"wrote {tmp_path / 'p.pdf'} (1 face)\n"


def test_a_preview_draws_the_faces_at_the_size_asked(night_train: Path) -> None:
    code, output = run_in(["preview", "night-train.toml", "tunnel", "--size", "63x88",
                           "-o", "p.pdf", "--no-open"], night_train)
    assert code == 0, output
    with pdfplumber.open(night_train / "p.pdf") as document:
        faces = [r for r in document.pages[0].rects if r["width"] > 100]
    assert [(round(f["width"] * 25.4 / 72, 2), round(f["height"] * 25.4 / 72, 2))
            for f in faces] == [(63.0, 88.0)]
