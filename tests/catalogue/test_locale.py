"""cardgen's words as gettext catalogues (templates/locale/): every language complete,
every entry translated with the placeholders of its source, a new language folder
picked up by the commands, and no word left behind in the old places."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pdfplumber
import pytest
from babel.messages.pofile import read_po
from helpers.languages import LOCALE, catalogue_of, leftover_words, locale_with
from helpers.paths import ROOT

LANGUAGES = sorted(path.parent.parent.name for path in LOCALE.glob("*/LC_MESSAGES/cardgen.po"))
#: The forms a colour takes in a text ("{Color} Reverse", "Inversion {color_f}") are one
#: placeholder: each language picks the form its grammar needs.
COLOUR_FORMS = {"color", "color_f", "color_m", "color_n", "Color"}


def _keys(path: Path) -> set[tuple[str, str]]:
    with path.open("rb") as handle:
        return {(m.context or "", m.id) for m in read_po(handle) if m.id}


def _placeholders(text: str) -> set[str]:
    return {"color" if name in COLOUR_FORMS else name for name in re.findall(r"\{(\w+)\}", text)}


def test_french_and_english_are_there() -> None:
    assert {"fr", "en"} <= set(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalogue_has_every_key_of_the_template(lang: str) -> None:
    template = _keys(LOCALE / "cardgen.pot")
    own = _keys(LOCALE / lang / "LC_MESSAGES" / "cardgen.po")
    assert sorted(template - own) == [], f"{lang} lacks these (msgctxt, msgid)"
    assert sorted(own - template) == [], f"{lang} has these the template does not"


@pytest.mark.parametrize("name", ["cardgen.pot", *(f"{lang}/LC_MESSAGES/cardgen.po"
                                                  for lang in LANGUAGES)])
def test_each_key_is_in_a_catalogue_once(name: str) -> None:
    """msgfmt (and so Poedit, Weblate) refuses a catalogue that defines a msgctxt twice,
    as two branches that each add the same word leave it."""
    with (LOCALE / name).open("rb") as handle:
        contexts = [m.context for m in read_po(handle) if m.id and m.context]
    assert sorted({c for c in contexts if contexts.count(c) > 1}) == []


def test_the_catalogues_hold_the_same_keys() -> None:
    """Whichever catalogue gained a key, every other one must have it too."""
    keys = {lang: _keys(LOCALE / lang / "LC_MESSAGES" / "cardgen.po") for lang in LANGUAGES}
    every = set().union(*keys.values())
    assert {lang: sorted(every - own)[:5] for lang, own in keys.items() if every - own} == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_is_translated_with_the_placeholders_of_its_source(lang: str) -> None:
    with (LOCALE / lang / "LC_MESSAGES" / "cardgen.po").open("rb") as handle:
        messages = [m for m in read_po(handle) if m.id]
    contexts = [m.context for m in messages]
    assert all(contexts) and len(set(contexts)) == len(contexts), "one msgctxt per entry"
    assert [m.context for m in messages if m.fuzzy] == []
    # (A space is a text: French separates thousands with a narrow no-break space.)
    assert [m.context for m in messages if not m.string] == []
    assert [(m.context, m.string) for m in messages
            if _placeholders(m.string) != _placeholders(m.id)] == []


def test_the_placeholder_check_sees_a_wrong_one() -> None:
    assert _placeholders("{Color} Reverse") == _placeholders("Inversion {color_f}")
    assert _placeholders("{count} cards") != _placeholders("{n} cartes")


def test_english_says_its_msgids() -> None:
    """The msgid is the English text: what Poedit and Weblate show a translator."""
    assert [context for context, (msgid, said) in catalogue_of("en").items()
            if msgid != said] == []


def test_no_word_is_left_in_the_old_places() -> None:
    """The words live in templates/locale/ only: no labels.toml, no { fr, en } table in
    the built-in data (the effects' example decks are deck files, and keep theirs)."""
    assert sorted(p.relative_to(ROOT).as_posix()
                  for p in (ROOT / "templates").glob("*/labels.toml")) == []
    pairs = []
    for path in sorted((ROOT / "cardgen" / "data").rglob("*.toml")):
        if "effect_examples" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
        if re.search(r"\b(fr|en|fr_f|what_fr)\s*=", "\n".join(lines)):
            pairs.append(path.name)
        tomllib.loads(text)
    assert pairs == []
    assert sorted(p.name for p in (ROOT / "templates" / "rulebook").glob("*.md.j2")) == []


def _cardgen(args: list[str], root: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CARDGEN_LOCALE_DIR": str(root)}
    return subprocess.run([sys.executable, "-c", "from cardgen.cli import main; main()", *args],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_a_new_language_folder_is_picked_up(tmp_path: Path) -> None:
    """A folder copied from English and translated is a language: --lang takes it, and
    what the commands print comes from its catalogue, faces paired with another too."""
    root = locale_with(tmp_path, "xx", {
        "options.toml|lowest-score.description": "Xx lowest score in xx",
        "cards.toml|card.wild.name": "Xxwild",
        "cards.toml|card.boomerang.caption": "Xx boomerang caption.",
        "commands|cards_total": "{count} xx-cards",
    })
    options = _cardgen(["options", "--lang", "xx"], root, tmp_path)
    assert options.returncode == 0, options.stderr
    assert re.search(r"^lowest-score +Xx lowest score in xx$", options.stdout, re.MULTILINE)
    cards = _cardgen(["cards", "classic", "--lang", "XX"], root, tmp_path)
    assert "Xxwild" in cards.stdout and cards.stdout.endswith("108 xx-cards\n")
    face = _cardgen(["preview", "unplugged", "boomerang", "--lang", "xx+fr", "--no-open",
                     "-o", "wild.pdf"], root, tmp_path)
    assert face.returncode == 0, face.stderr
    with pdfplumber.open(tmp_path / "wild.pdf") as pdf:
        words = pdf.pages[0].extract_text()
    assert "Xx boomerang caption." in words and "Contre un +2" in words
    # Without the folder, the language is unknown.
    unknown = _cardgen(["options", "--lang", "xx"], LOCALE, tmp_path)
    assert unknown.returncode == 2 and "'xx' is not one of" in unknown.stderr


def test_leftover_words_finds_a_word_not_translated() -> None:
    english = catalogue_of("en")["options.toml|lowest-score.description"][1]
    assert leftover_words(f"Le début. {english}", "fr") == [
        f"options.toml|lowest-score.description: {english.strip(' .')!r}"]
    french = catalogue_of("fr")["options.toml|lowest-score.description"][1]
    assert leftover_words(french, "fr") == []
