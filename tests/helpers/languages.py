"""Helpers for the tests of cardgen's languages: a locale folder of the test's own with a
language added, and a search for words another language forgot to translate."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from babel.messages.pofile import read_po, write_po

from helpers.paths import ROOT

LOCALE = ROOT / "templates" / "locale"


def catalogue_of(lang: str, root: Path = LOCALE) -> dict[str, tuple[str, str]]:
    """msgctxt -> (msgid, msgstr) of ``lang``'s catalogue under ``root``."""
    with (root / lang / "LC_MESSAGES" / "cardgen.po").open("rb") as handle:
        return {m.context: (m.id, m.string) for m in read_po(handle) if m.id}


def locale_with(tmp_path: Path, lang: str, changed: dict[str, str],
                copied_from: str = "en") -> Path:
    """A copy of templates/locale/ with the language ``lang`` added: ``copied_from``'s
    folder, its catalogue's texts replaced by ``changed`` (msgctxt -> text). Point
    cardgen at it with CARDGEN_LOCALE_DIR."""
    root = tmp_path / "locale"
    shutil.copytree(LOCALE, root)
    shutil.copytree(root / copied_from, root / lang)
    path = root / lang / "LC_MESSAGES" / "cardgen.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=None)
    for message in catalog:
        if message.context in changed:
            message.string = changed[message.context]
    with path.open("wb") as handle:
        write_po(handle, catalog, width=0)
    return root


def leftover_words(text: str, lang: str, min_letters: int = 6) -> list[str]:
    """The French and English words of the catalogues that ``text`` (an output in
    ``lang``) still holds where ``lang``'s catalogue says something else: what a
    translation left in the source language. Short words (fewer than ``min_letters``
    letters, like "UNO" or "+2") are left out, as languages share them."""
    own = catalogue_of(lang)
    found = []
    for source in ("fr", "en"):
        for context, (_msgid, said) in catalogue_of(source).items():
            translated = own.get(context, ("", ""))[1]
            plain = re.sub(r"\{\w+\}", "", said).strip(" .:;,")
            # (in any case: German's "Violette 5" names the card whose colour its
            # prose says "violette", as French does)
            if (len(re.sub(r"\W", "", plain)) >= min_letters
                    and plain.lower() not in translated.lower() and plain in text):
                found.append(f"{context}: {plain!r}")
    return sorted(set(found))
