"""cardgen's words in every language: the gettext catalogues of ``templates/locale/``.

A language is a folder ``templates/locale/<code>/`` holding ``LC_MESSAGES/cardgen.po``
(every short word of the program, the built-in cards' and decks' included) and
``rulebook/`` (the long rule texts, one template per deck). Adding a folder adds the
language: nothing in the code lists them.

Each entry of a catalogue is found by its ``msgctxt``, a stable key: ``play|welcome`` is
the word ``welcome`` of the area ``play`` (what ``cardgen play`` says; the areas are
``play``, ``balance``, ``discover``, ``rulebook``, ``commands``, ``sheets``), and
``cards.toml|card.wild.name`` is the ``name`` of the card ``wild`` in the built-in data
file ``cardgen/data/cards.toml``, which :func:`with_words` puts back in the data as a
table of every language. The ``msgid`` is the English text, what a translator sees in
Poedit or Weblate. An entry a catalogue leaves untranslated (no text, or marked fuzzy)
is said in English, as gettext does; ``tests/catalogue/test_locale.py`` fails on any.

The root is ``CARDGEN_LOCALE_DIR`` when set (the tests use a root of their own).

A plugin's words are a catalogue of the same form in its own *domain*: the package named
by its entry point ``cardgen.facts`` holds ``locale/<lang>/LC_MESSAGES/<package>.po``
(and ``locale/<package>.pot``), keyed the same way (``effects.toml|<effect>.description``,
``answers|<verb>.said_as``…). :func:`word` and :func:`find_word` look a key up in any
domain, English standing in for a language the domain lacks.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardgen.catalogue.texts import LANGS, Text
from cardgen.datafolders import data_folder
from cardgen.errors import CatalogueError

#: The environment variable that points cardgen at another ``locale`` folder.
LOCALE_ENV = "CARDGEN_LOCALE_DIR"
DOMAIN = "cardgen"
#: The language of the msgids, and of every message cardgen writes for errors.
SOURCE_LANG = "en"


def locale_root() -> Path:
    """The folder holding one folder per language (and ``cardgen.pot``)."""
    given = os.environ.get(LOCALE_ENV)
    return Path(given) if given else data_folder("templates") / "locale"


def catalogue_path(lang: str, root: Path | None = None, domain: str = DOMAIN) -> Path:
    return (root or locale_root()) / lang / "LC_MESSAGES" / f"{domain}.po"


def domain_root(domain: str) -> Path:
    """The ``locale`` folder of a domain of words: cardgen's, or the one inside a
    plugin's package (found, not imported: a plugin's code runs only in the engine)."""
    root = locale_root() if domain == DOMAIN else _package_locale(domain)
    if root is None:
        raise CatalogueError(f"the words of '{domain}' are looked for in the package of "
                             "that name, which is not installed; reinstall the plugin")
    return root


@cache
def _package_locale(package: str) -> Path | None:
    from importlib.util import find_spec

    try:
        spec = find_spec(package) if package.isidentifier() else None
    except (ImportError, ValueError):
        spec = None
    places = list(spec.submodule_search_locations or []) if spec is not None else []
    return Path(places[0]) / "locale" if places else None


def languages() -> tuple[str, ...]:
    """The language codes cardgen speaks: French and English first, then the others in
    the order of their codes."""
    return _languages(locale_root())


@cache
def _languages(root: Path) -> tuple[str, ...]:
    found = sorted(path.name for path in root.iterdir()
                   if path.is_dir() and catalogue_path(path.name, root).is_file()) \
        if root.is_dir() else []
    return (*[lang for lang in LANGS if lang in found],
            *[lang for lang in found if lang not in LANGS])


def text_languages() -> tuple[str, ...]:
    """The languages a deck file may write a text in: French and English always (a
    deck's own card needs one of them), and every language of the catalogues."""
    return (*LANGS, *(lang for lang in languages() if lang not in LANGS))


def rulebook_folder(lang: str) -> Path:
    """The folder of the long rule texts in ``lang``."""
    return locale_root() / lang / "rulebook"


@dataclass(frozen=True)
class Typography:
    """How ``lang`` writes numbers and punctuation, from the area ``typography`` of its
    catalogue (each entry shows it on an example: "{text}:" is "{text}\u00a0:" in French)."""

    decimal_mark: str
    thousands_mark: str
    percent_sign: str  # what follows a number: "%", or "\u202f%" in French
    before_colon: str  # the space a language sets before : ; ! ? ("" in English)
    quotes: tuple[str, str]
    interval_separator: str  # between the two ends of an interval: ", " or " ; "


def typography(lang: str) -> Typography:
    said = labels("typography", lang)
    opening, _, closing = said["quotes"].partition("{text}")
    low = said["interval"].split("{low}", 1)[1]
    return Typography(said["decimal_mark"], said["thousands_mark"],
                      said["percent"].replace("{number}", ""),
                      said["colon"].replace("{text}", "").removesuffix(":"),
                      (opening, closing), low.split("{high}", 1)[0])


def takes_plural(n: int, lang: str) -> bool:
    """Whether a name after the count ``n`` takes the plural in ``lang``: by the
    Plural-Forms of its catalogue (French "0 carte, 1 carte, 2 cartes", English "0 cards,
    1 card, 2 cards")."""
    return _plural_rule(locale_root(), lang)(n) != 0


@cache
def _plural_rule(root: Path, lang: str) -> Callable[[int], int]:
    import polib

    header = polib.pofile(str(catalogue_path(lang, root))).metadata.get("Plural-Forms", "")
    expression = header.partition("plural=")[2].strip().rstrip(";") or "n != 1"
    try:
        return gettext.c2py(expression)
    except ValueError:
        raise CatalogueError(f"{catalogue_path(lang, root)}: its Plural-Forms header "
                             f"({header}) cannot be read; set it as Poedit does") from None


@cache
def _entries(root: Path, lang: str, domain: str = DOMAIN) -> dict[str, tuple[str, str]]:
    """msgctxt -> (msgid, msgstr) of one catalogue; msgstr is "" when untranslated. A
    plugin's catalogue that is not there has no entries (its words are said in English,
    or come from its effects.toml)."""
    import polib  # only when words are needed

    path = catalogue_path(lang, root, domain)
    if domain != DOMAIN and not path.is_file():
        return {}
    try:
        catalog = polib.pofile(str(path), encoding="utf-8")
    except (OSError, ValueError) as exc:  # polib says IOError for a broken entry
        raise CatalogueError(f"{path}: cannot be read as a gettext catalogue ({exc}); "
                             "open it in Poedit to find the broken entry") from None
    return {entry.msgctxt: (entry.msgid, "" if entry.fuzzy else entry.msgstr)
            for entry in catalog if entry.msgid and entry.msgctxt and not entry.obsolete}


def entries(lang: str) -> dict[str, tuple[str, str]]:
    """Every entry of ``lang``'s catalogue: msgctxt -> (msgid, msgstr)."""
    return _entries(locale_root(), lang)


@cache
def _words(root: Path, lang: str, domain: str = DOMAIN) -> dict[str, str]:
    source = _entries(root, SOURCE_LANG, domain)
    own = _entries(root, lang, domain) if lang != SOURCE_LANG else source
    found = {context: text or msgid for context, (msgid, text) in source.items()}
    found.update({context: text or msgid for context, (msgid, text) in own.items()})
    return found


def words(lang: str) -> dict[str, str]:
    """msgctxt -> text in ``lang`` (in English where ``lang`` has none)."""
    if SOURCE_LANG not in languages():
        raise CatalogueError(f"{locale_root()}: no English catalogue "
                             f"({SOURCE_LANG}/LC_MESSAGES/{DOMAIN}.po), which every other "
                             f"language falls back on; check {LOCALE_ENV} or reinstall cardgen")
    if lang not in languages():
        raise CatalogueError(f"there is no language '{lang}' in {locale_root()}; the "
                             f"languages are {', '.join(languages())}")
    return _words(locale_root(), lang)


def domain_words(lang: str, domain: str = DOMAIN) -> dict[str, str]:
    """msgctxt -> text in ``lang`` of a domain's catalogues (English where ``lang`` has
    none); a plugin's domain answers in any language cardgen speaks."""
    if domain == DOMAIN:
        return words(lang)
    root = _package_locale(domain)
    return _words(root, lang, domain) if root is not None else {}


def find_word(context: str, lang: str, domain: str = DOMAIN) -> str | None:
    """The entry ``context`` of ``domain`` in ``lang``, in English where ``lang`` lacks
    it, None where even English lacks it (never the key itself)."""
    return domain_words(lang, domain).get(context)


#: The command that brings new words into the catalogues (:mod:`cardgen.catalogue.extract`).
EXTRACT = "python -m cardgen.catalogue.extract"


def word(context: str, lang: str, domain: str = DOMAIN) -> str:
    """The entry ``context`` of ``domain`` (cardgen's by default) in ``lang``, in English
    where ``lang`` lacks it."""
    said = find_word(context, lang, domain)
    if said is None:
        raise CatalogueError(f"{catalogue_path(SOURCE_LANG, domain_root(domain), domain)}: "
                             f"no entry msgctxt \"{context}\"; write its English in the "
                             f"template (.pot) or in the data file, then run `{EXTRACT}`")
    return said


def text(context: str) -> Text:
    """The entry ``context`` in every language."""
    return Text({lang: word(context, lang) for lang in languages()})


def labels(area: str, lang: str) -> dict[str, Any]:
    """The words of ``area`` in ``lang``, by key; a dotted key (``any_card.true``) makes
    nested tables, as the area's words were grouped."""
    return _labels(locale_root(), area, lang)


@cache
def _labels(root: Path, area: str, lang: str) -> dict[str, Any]:
    prefix = f"{area}|"
    table: dict[str, Any] = {}
    for context, said in words(lang).items():
        if context.startswith(prefix):
            *parents, key = context[len(prefix):].split(".")
            node = table
            for parent in parents:
                node = node.setdefault(parent, {})
            node[key] = said
    return table


def with_words(file_label: str, data: dict[str, Any], domain: str = DOMAIN) -> dict[str, Any]:
    """The built-in data file ``file_label`` (``cards.toml``, ``decks/classic.toml`` …),
    read as ``data``, with its words put back from the catalogues: each entry
    ``<file_label>|a.b.c`` becomes ``data[a][b][c] = {lang: text, …}``, where a list of
    tables is entered by the ``id`` of one of them. ``number_words`` is a list of words
    separated by commas in each language. With a plugin's ``domain``, its effects.toml or
    options.toml, whose words may also still be ``{ fr = "…", en = "…" }`` tables: its
    catalogue's entries take their place."""
    prefix = f"{file_label}|"
    langs = languages()
    tables = {lang: domain_words(lang, domain) for lang in (SOURCE_LANG, *langs)}
    where = f"cardgen/data/{file_label}" if domain == DOMAIN \
        else f"{domain_root(domain).parent / file_label}"
    for context in tables[SOURCE_LANG]:
        if not context.startswith(prefix):
            continue
        *parents, key = context[len(prefix):].split(".")
        nodes: list[Any] = [data]
        for part in parents:
            nodes = [found for node in nodes for found in _step(node, part, where, context)]
        said: Any = {lang: tables[lang][context] for lang in langs}
        if key == "number_words" and not parents:
            said = {lang: [w.strip() for w in line.split(",")] for lang, line in said.items()}
        for node in nodes:
            if key in node and not isinstance(node[key], Mapping):
                raise CatalogueError(f"{where}: '{'.'.join([*parents, key])}' "
                                     "is written in the file and in the catalogues; its words "
                                     "belong in templates/locale/ only")
            node[key] = said
    return data


def _step(node: Any, part: str, where: str, context: str) -> list[Any]:
    """The tables ``part`` enters: in a list, every table of that ``id`` (UNO Flip's dark
    numbers are a second ``{color}-{value}`` table, which shares the light ones' words)."""
    if isinstance(node, list):
        found = [item for item in node if isinstance(item, dict) and item.get("id") == part]
        if found:
            return found
        raise CatalogueError(f"msgctxt \"{context}\" of the catalogues names '{part}', "
                             f"which {where} does not have")
    if not isinstance(node, dict):
        raise CatalogueError(f"msgctxt \"{context}\" of the catalogues does not fit {where}")
    return [node.setdefault(part, {})]
