"""The extraction step, `python -m cardgen.catalogue.extract`: on the tree as it is, it
writes nothing; a built-in card's words written in its data file move into the template
and every catalogue (English said everywhere a translator has not been yet); a plugin's
catalogue is made the same way."""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import polib
import pytest

from cardgen.catalogue import locale
from cardgen.catalogue.locale import EXTRACT, with_words
from cardgen.errors import CatalogueError
from helpers.paths import ROOT

LOCALE = ROOT / "templates" / "locale"
DATA = ROOT / "cardgen" / "data"
NEW_CARD = '''
[[card]]
id = "rain-check"
effect = "skip"
family = "house"
points = 20
name = { en = "Rain Check", fr = "Averse" }
plural = { en = "Rain Checks", fr = "Averses" }
'''


def _copy(tmp_path: Path) -> tuple[Path, Path]:
    shutil.copytree(DATA, tmp_path / "data", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(LOCALE, tmp_path / "locale")
    return tmp_path / "data", tmp_path / "locale"


def _extract(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardgen.catalogue.extract", *args],
                          capture_output=True, text=True, timeout=120,
                          env={k: v for k, v in os.environ.items() if k != locale.LOCALE_ENV})


def _same_files(left: Path, right: Path) -> list[str]:
    compared = filecmp.dircmp(left, right)
    differ = [*compared.diff_files, *compared.left_only, *compared.right_only]
    return differ + [f"{name}/{d}" for name, sub in compared.subdirs.items()
                     for d in _same_files(left / name, right / name)]


def test_extracting_the_tree_as_it_is_writes_nothing(tmp_path: Path) -> None:
    data, root = _copy(tmp_path)
    done = _extract("--data", str(data), "--locale", str(root))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "nothing new: no file written\n"
    assert _same_files(LOCALE, root) == [] and _same_files(DATA, data) == []


def test_a_new_built_in_card_gets_its_words_in_every_catalogue(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data, root = _copy(tmp_path)
    cards = data / "cards.toml"
    cards.write_text(cards.read_text(encoding="utf-8") + NEW_CARD, encoding="utf-8")
    done = _extract("--data", str(data), "--locale", str(root))
    assert done.returncode == 0, done.stderr
    assert "moved into the catalogues: cards.toml|card.rain-check.name" in done.stdout
    assert "de: 2 entries to translate" in done.stdout
    # The words left the data file (they live in the catalogues only), the rest stayed.
    assert "Rain Check" not in cards.read_text(encoding="utf-8")
    assert 'id = "rain-check"' in cards.read_text(encoding="utf-8")
    languages = sorted(p.parent.parent.name for p in root.glob("*/LC_MESSAGES/cardgen.po"))
    assert languages == ["de", "en", "es", "fr", "it"]
    for path in [root / "cardgen.pot", *root.glob("*/LC_MESSAGES/cardgen.po")]:
        entry = polib.pofile(str(path)).find("cards.toml|card.rain-check.name", by="msgctxt")
        said = {"en": "Rain Check", "fr": "Averse"}.get(path.parent.parent.name, "")
        assert entry is not None and (entry.msgid, entry.msgstr) == (
            "Rain Check", "" if path.suffix == ".pot" else said), path
    # Nothing else moved: each catalogue gained the card's two entries, nothing more.
    for path in root.glob("*/LC_MESSAGES/cardgen.po"):
        before = polib.pofile(str(LOCALE / path.relative_to(root)))
        assert len(polib.pofile(str(path))) == len(before) + 2
    # cardgen reads them back: German says the English until translated.
    monkeypatch.setenv(locale.LOCALE_ENV, str(root))
    with cards.open("rb") as handle:
        read = with_words("cards.toml", tomllib.load(handle))
    card = next(c for c in read["card"] if c["id"] == "rain-check")
    assert card["name"] == {"fr": "Averse", "en": "Rain Check", "de": "Rain Check",
                            "es": "Rain Check", "it": "Rain Check"}
    # Run again: nothing new.
    assert "nothing new: no file written" in _extract("--data", str(data), "--locale",
                                                      str(root)).stdout


def test_words_sharing_a_line_with_other_values_are_refused_in_one_line(tmp_path: Path) -> None:
    data, root = _copy(tmp_path)
    effects = data / "effects.toml"
    effects.write_text(effects.read_text(encoding="utf-8") + (
        '\n[rain]\ndescription = { en = "Rain." }\n'
        'limits.amount = { min = 1, max = 2, what = { en = "drops" } }\n'), encoding="utf-8")
    done = _extract("--data", str(data), "--locale", str(root))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "a line of its own" in done.stderr
    assert _same_files(LOCALE, root) == []


def test_a_missing_entry_names_the_extraction_command() -> None:
    with pytest.raises(CatalogueError, match="python -m cardgen.catalogue.extract"):
        locale.word("play|no-such-word", "de")
    assert EXTRACT == "python -m cardgen.catalogue.extract"
    assert "migrate" not in (ROOT / "cardgen" / "catalogue" / "locale.py").read_text()


def test_a_plugin_gets_a_catalogue_of_its_own(tmp_path: Path) -> None:
    package = tmp_path / "my_plugin"
    package.mkdir()
    (package / "effects.toml").write_text(
        '[rain]\n# its words\ndescription = { en = "It rains.", fr = "Il pleut." }\n'
        'any_card = true\n', encoding="utf-8")
    done = _extract("--plugin", str(package))
    assert done.returncode == 0, done.stderr
    assert (package / "effects.toml").read_text() == "[rain]\n# its words\nany_card = true\n"
    made = {p.parent.parent.name: polib.pofile(str(p))
            for p in (package / "locale").glob("*/LC_MESSAGES/my_plugin.po")}
    assert sorted(made) == ["de", "en", "es", "fr", "it"]
    assert made["fr"].find("effects.toml|rain.description", by="msgctxt").msgstr == "Il pleut."
    assert made["de"].find("effects.toml|rain.description", by="msgctxt").msgstr == ""
    assert (package / "locale" / "my_plugin.pot").is_file()
