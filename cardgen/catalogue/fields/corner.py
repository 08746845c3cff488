"""A card's ``corner`` field: what its corner indices show, chosen by the deck's author.

Read as ``corner = "BM"`` (a short text for both languages), ``corner = { fr = "BM",
en = "MK" }`` (one per language) or ``corner = { pictogram = "eye" }`` (a pictogram of
``cardgen/data/pictograms.toml``, the same in every language). The faces draw it
(:mod:`cardgen.render.faces`); without it they choose a default there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardgen.catalogue.locale import text_languages
from cardgen.catalogue.texts import LANGS, Text
from cardgen.files.problems import toml_value

#: More than this many characters cannot be read in a corner (they shrink to a few points).
MAX_CORNER_CHARS = 3


@dataclass(frozen=True)
class CornerIndex:
    """A short text in each language, or a pictogram's name (never both)."""

    text: Text | None = None
    pictogram: str | None = None


def read_corner(value: Any, label: str, pictograms: tuple[str, ...],
                problems: list[str]) -> CornerIndex | None:
    """The ``corner`` of a [[card]] table (None when absent or wrong: see ``problems``)."""
    if value is None:
        return None
    example = 'corner = "BM", corner = { fr = "BM", en = "MK" } or corner = { pictogram = "eye" }'
    if isinstance(value, Mapping) and set(value) == {"pictogram"}:
        name = value["pictogram"]
        if not isinstance(name, str) or name not in pictograms:
            problems.append(f"{label} has corner pictogram {toml_value(name)}; use one of "
                            f"{', '.join(pictograms)}")
            return None
        return CornerIndex(pictogram=name)
    if isinstance(value, str):
        value = {lang: value for lang in text_languages()}
    if not isinstance(value, Mapping) or not value or set(value) - set(text_languages()):
        problems.append(f"{label}: 'corner' must be a short text or a table, like {example}")
        return None
    texts: dict[str, str] = {}
    # French and English stand in for each other; another language the table leaves out
    # shows the name's initials.
    for lang in (*LANGS, *(lang for lang in value if lang not in LANGS)):
        text = value.get(lang, value.get("en" if lang == "fr" else "fr"))
        if not isinstance(text, str) or not 0 < len(text.strip()) <= MAX_CORNER_CHARS:
            problems.append(f"{label}: corner.{lang} must be 1 to {MAX_CORNER_CHARS} "
                            f"characters, got {toml_value(text)}; like {example}")
            return None
        texts[lang] = text.strip()
    return CornerIndex(text=Text(texts))
