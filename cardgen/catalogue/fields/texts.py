"""A card's texts read from its table: a text by language (or one string for every
language) and the optional plural of its name, each checked against the languages of
templates/locale/. What is wrong goes into ``problems``; the caller names the file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardgen.catalogue.locale import text_languages
from cardgen.catalogue.texts import LANGS, Text


def read_text(value: Any, what: str, problems: list[str], fallback: str = "") -> Text:
    """Read a table of texts by language (or a plain string, used for every language).

    Any language of templates/locale/ may be given; French and English stand in for each
    other, and a deck asked for another language it lacks says so (cardgen/deck/)."""
    if isinstance(value, str):
        return Text({lang: value for lang in text_languages()})
    if not isinstance(value, Mapping):
        problems.append(f"{what} must be a table with 'fr' and 'en' texts")
        return Text(fr=fallback, en=fallback)
    unknown = sorted(set(value) - set(text_languages()))
    if unknown:
        problems.append(f"{what} has unknown language(s) {', '.join(unknown)}; use "
                        f"{known_langs_words()}")
    texts = {lang: value.get(lang) for lang in text_languages() if lang in value}
    for lang, text in texts.items():
        if not isinstance(text, str):
            problems.append(f"{what}.{lang} must be text")
            texts[lang] = None
    fr, en = texts.get("fr"), texts.get("en")
    if fr is None and en is None:
        problems.append(f"{what} needs an 'fr' or 'en' text")
        return Text(fr=fallback, en=fallback)
    # A missing French or English falls back on the other one; cardgen/deck/ warns about it.
    others = {lang: text for lang, text in texts.items() if lang not in LANGS and text is not None}
    return Text(fr=fr if fr is not None else str(en), en=en if en is not None else str(fr),
                **others)


def known_langs_words() -> str:
    langs = text_languages()
    return ", ".join(langs[:-1]) + " and " + langs[-1]


def read_plural(value: Any, label: str, problems: list[str], name: Any = None) -> Text:
    """The optional 'plural' of a card: the name after a count other than one.

    A language it does not give is left out here, and the card then uses its name as it
    is (never another language's plural): ``plural = { fr = "Averses" }`` leaves the
    English "Rain Check". No plural is ever guessed from the name. Where the ``name``
    table lacks French or English, the other one stands in for it, plural included (or
    the lack of one: the missing name is what to say).
    """
    if value is None:
        return _standing_in(Text(), name)
    if isinstance(value, str):
        value = {lang: value for lang in text_languages()}
    if not isinstance(value, Mapping):
        problems.append(f"{label}: 'plural' must be a table with 'fr' and/or 'en' texts, "
                        'e.g. plural = { fr = "Averses", en = "Rain Checks" }')
        return Text()
    unknown = sorted(set(value) - set(text_languages()))
    if unknown:
        problems.append(f"{label} plural has unknown language(s) {', '.join(unknown)}; "
                        f"use {known_langs_words()}")
    texts = {}
    for lang in text_languages():
        text = value.get(lang)
        if text is not None and (not isinstance(text, str) or not text.strip()):
            problems.append(f"{label} plural.{lang} must be a text that is not empty")
            text = None
        if text is not None:
            texts[lang] = " ".join(text.split())
    return _standing_in(Text(texts), name)


def _standing_in(plural: Text, name: Any) -> Text:
    """``plural`` with French and English standing in for each other where the ``name``
    table gives one of them only, as the name does: the other's plural, or its name (a
    missing name is what `check` asks for there, not its plural)."""
    if not isinstance(name, Mapping):
        return plural
    own = dict(plural)
    for lang, other in (LANGS, LANGS[::-1]):
        if lang not in name and isinstance(name.get(other), str):
            own[lang] = plural.get(other) or name[other]
    return Text(own)
