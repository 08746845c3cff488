"""X-09 … X-12: the devices some boxes add stay out of the engine but appear, in their
own section, in the rulebook of a deck that lists them (read back from the PDF)."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from pypdf import PdfReader

from cardgen.deck.load import load_deck
from cardgen.rulebook import rulebook_pdf


def text_of(ref: str, lang: str) -> str:
    reader = PdfReader(BytesIO(rulebook_pdf(load_deck(ref), lang, "a4")))
    return " ".join(" ".join(page.extract_text().replace("\u00a0", " ").split())
                    for page in reader.pages)


def test_x09_x12_a_deck_naming_devices_describes_them_in_both_languages(
        tmp_path: Path) -> None:
    path = tmp_path / "gadgets.toml"
    path.write_text('name = { fr = "Gadgets", en = "Gadgets" }\nbase = "classic"\n'
                    'devices = ["timer", "robot"]\n', encoding="utf-8")
    english = text_of(str(path), "en")
    assert "The devices of this box" in english
    assert "The robot. At any moment it may speak up and change a rule" in english
    assert "The timer. An electronic timer, at one of three speeds" in english
    assert "The totems." not in english and "The dice." not in english
    french = text_of(str(path), "fr")
    assert "Les accessoires de cette boîte" in french
    assert "Le minuteur. Un minuteur électronique" in french


def test_x09_x12_no_device_section_without_devices() -> None:
    assert "devices of this box" not in text_of("classic", "en")


def test_x09_x12_an_unknown_device_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "spinner.toml"
    path.write_text('name = "Spinner"\nbase = "classic"\ndevices = ["wheel"]\n',
                    encoding="utf-8")
    assert [p.message for p in load_deck(str(path)).errors] == [
        f"{path}: 'devices' is ['wheel']; list some of robot, totem, dice, timer"]
