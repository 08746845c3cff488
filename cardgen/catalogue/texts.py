"""A short text in both of cardgen's languages, the unit of every name and caption."""

from __future__ import annotations

from dataclasses import dataclass

LANGS = ("fr", "en")
#: The end of Latin Extended-B: each of the fonts cards are printed in has a glyph for
#: every character up to here (tests/deck/test_deck_audit.py checks it), so a text within it
#: needs no font read to know it prints.
LATIN_MAX = 0x24F


@dataclass(frozen=True)
class Text:
    """A short text in French and in English."""

    fr: str
    en: str

    def __getitem__(self, lang: str) -> str:
        if lang == "fr":
            return self.fr
        if lang == "en":
            return self.en
        raise KeyError(lang)

    def as_dict(self) -> dict[str, str]:
        return {"fr": self.fr, "en": self.en}
