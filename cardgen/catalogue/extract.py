"""Brings new words into the gettext catalogues, for cardgen's built-in data or for a
plugin's package::

    python -m cardgen.catalogue.extract
    python -m cardgen.catalogue.extract --plugin examples/plugins/pass-left/cardgen_pass_left

Words come from two places. A developer writes a new card's (effect's, option's…) words
in its data file the way a deck does, ``name = { en = "Rain Check", fr = "Averse" }``,
English required: each such table is moved out of the file into the template
(``cardgen.pot``) and every language's catalogue under the key ``<file>|<path>``
(``cards.toml|card.rain-check.name``, a list of tables entered by its ``id``), the
languages it gives translated, the others left empty so that they say it in English
and a translator sees it. And an entry written into the template by hand (a word of
``play``, ``balance``…: its msgctxt and English msgid) is added to every catalogue that
lacks it. Nothing else is written: a run with nothing new changes no byte.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.catalogue.locale import DOMAIN, SOURCE_LANG, catalogue_path, languages, locale_root
from cardgen.catalogue.texts import LANGS
from cardgen.errors import CatalogueError

#: What a plugin's package may hold words in (its other files are deck-like examples).
PLUGIN_FILES = ("effects.toml", "options.toml")
_PLACEHOLDER = re.compile(r"\{\w+\}")
_HEADER = """\
Project-Id-Version: {domain} VERSION
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: 8bit
"""


@dataclass
class Extracted:
    """What one run did: the keys moved from data files, and each catalogue's entries
    left for a translator (new and empty, or marked fuzzy)."""

    moved: list[str] = field(default_factory=list)
    to_translate: dict[str, int] = field(default_factory=dict)
    written: list[Path] = field(default_factory=list)


def word_tables(data: Any, langs: set[str], path: tuple[str, ...] = ()
                ) -> Iterator[tuple[str, dict[str, str]]]:
    """Each table of words in ``data``, by its dotted key: a table whose keys are all
    language codes and whose values are text (a list of words joined by commas)."""
    if isinstance(data, Mapping):
        if data and set(data) <= langs and all(
                isinstance(v, str) or (isinstance(v, list) and all(isinstance(w, str) for w in v))
                for v in data.values()):
            yield ".".join(path), {lang: v if isinstance(v, str) else ", ".join(v)
                                   for lang, v in data.items()}
            return
        for key, value in data.items():
            yield from word_tables(value, langs, (*path, str(key)))
    elif isinstance(data, list):
        for item in data:
            if isinstance(item, Mapping) and isinstance(item.get("id"), str):
                yield from word_tables(item, langs, (*path, item["id"]))
            elif isinstance(item, Mapping) and any(word_tables(item, langs)):
                raise CatalogueError(f"a table of {'.'.join(path)} has words but no 'id', "
                                     "which their key needs")


def _is_word_line(line: str, langs: set[str]) -> bool:
    """Whether ``line`` is one ``key = { en = "…", … }`` of words (and nothing else)."""
    if "{" not in line or line.lstrip().startswith("#"):
        return False
    try:
        parsed: Any = tomllib.loads(line)
    except tomllib.TOMLDecodeError:
        return False
    while isinstance(parsed, dict) and len(parsed) == 1 and not set(parsed) <= langs:
        parsed = next(iter(parsed.values()))  # down a dotted key: words.true = { … }
    return next(word_tables(parsed, langs), ("not words", {}))[0] == ""


def take_words(path: Path, label: str, langs: set[str]) -> tuple[dict[str, dict[str, str]], str]:
    """The words written in the data file ``path`` (key -> text by language) and the
    file's text without them."""
    text = path.read_text(encoding="utf-8")
    try:
        found = {f"{label}|{key}": said for key, said in word_tables(tomllib.loads(text), langs)}
    except tomllib.TOMLDecodeError as error:
        raise CatalogueError(f"{path}: not valid TOML ({error})") from None
    except CatalogueError as error:
        raise CatalogueError(f"{path}: {error}") from None
    if not found:
        return {}, text
    kept = "".join(line for line in text.splitlines(keepends=True)
                   if not _is_word_line(line, langs))
    left = [key for key, _ in word_tables(tomllib.loads(kept), langs)]
    if left:
        raise CatalogueError(f"{path}: the words of {', '.join(left)} share a line with "
                             "other values; give each table of words a line of its own, "
                             "like name = { en = \"…\", fr = \"…\" }")
    for key, said in found.items():
        if not said.get(SOURCE_LANG, "").strip():
            raise CatalogueError(f"{path}: the words of {key.split('|', 1)[1]} have no "
                                 f"English ({SOURCE_LANG} = \"…\"), which is the msgid every "
                                 "language falls back on")
    return found, kept


def _catalogue(path: Path, domain: str, lang: str | None) -> Any:
    import polib

    if path.is_file():
        try:
            return polib.pofile(str(path), encoding="utf-8", wrapwidth=0)
        except (OSError, ValueError) as error:
            raise CatalogueError(f"{path}: cannot be read as a gettext catalogue ({error})"
                                 ) from None
    made = polib.POFile(wrapwidth=0)
    made.header = f"The words of {domain}" + (f" in '{lang}'." if lang else ": the template.")
    made.metadata = dict(line.split(": ", 1) for line in
                         _HEADER.format(domain=domain).splitlines())
    if lang is not None:
        made.metadata["Language"] = lang
        made.metadata["Plural-Forms"] = ("nplurals=2; plural=(n > 1);" if lang == "fr"
                                         else "nplurals=2; plural=(n != 1);")
    return made


def _put(catalog: Any, context: str, msgid: str, said: str | None, lang: str | None,
         note: str = "", after: str = "") -> bool:
    """Add or update one entry; returns whether the catalogue changed. ``said`` is the
    text in the catalogue's language (None: none given, the entry waits for a translator).
    A new entry goes after the entry ``after`` (the one before it in the template), else
    after the last one of its file or area."""
    import polib

    entry = catalog.find(context, by="msgctxt")
    if entry is None:
        entry = polib.POEntry(msgctxt=context, msgid=msgid, msgstr=said or "", comment=note)
        if _PLACEHOLDER.search(msgid):
            entry.flags.append("python-brace-format")
        file_label = context.split("|", 1)[0] + "|"
        same = [i for i, e in enumerate(catalog) if e.msgctxt == after] or \
            [i for i, e in enumerate(catalog) if (e.msgctxt or "").startswith(file_label)]
        catalog.insert(same[-1] + 1 if same else len(catalog), entry)
        return True
    before = (entry.msgid, entry.msgstr, entry.fuzzy)
    if entry.msgid != msgid:
        entry.msgid = msgid
        if said is None and lang is not None and entry.msgstr:  # the English changed
            entry.flags.append("fuzzy")
    if said is not None:
        entry.msgstr = said
        if entry.fuzzy:
            entry.flags.remove("fuzzy")
    return (entry.msgid, entry.msgstr, entry.fuzzy) != before


def extract(data_dir: Path, files: list[Path], root: Path, domain: str = DOMAIN) -> Extracted:
    """Move the words of ``files`` (in ``data_dir``) into the catalogues of ``domain``
    under ``root``, and give every catalogue each entry of the template."""
    langs = _languages(root, domain)
    known = {*langs, *LANGS}
    done = Extracted()
    new: dict[str, dict[str, str]] = {}
    rewritten: dict[Path, str] = {}
    for path in files:
        found, kept = take_words(path, path.relative_to(data_dir).as_posix(), known)
        if found:
            new.update(found)
            rewritten[path] = kept
    template_path = root / f"{domain}.pot"
    template = _catalogue(template_path, domain, None)
    changed = {template_path: False}
    for context, said in new.items():
        changed[template_path] |= _put(template, context, said[SOURCE_LANG], "", None)
    done.moved = list(new)
    for lang in langs:
        path = catalogue_path(lang, root, domain)
        catalog = _catalogue(path, domain, lang)
        changed[path] = not path.is_file()
        before = ""
        for entry in template:
            if not entry.msgid or entry.obsolete:
                continue
            after, before = before, entry.msgctxt
            given = new.get(entry.msgctxt, {}).get(lang)
            if lang == SOURCE_LANG:
                given = entry.msgid
            elif entry.msgctxt not in new and catalog.find(entry.msgctxt, by="msgctxt"):
                continue  # an entry this run did not bring: left as the translator wrote it
            changed[path] |= _put(catalog, entry.msgctxt, entry.msgid, given, lang,
                                  entry.comment, after)
        waiting = sum(1 for e in catalog if e.msgid and (e.fuzzy or not e.msgstr))
        if waiting:
            done.to_translate[lang] = waiting
        if changed[path]:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog.save(str(path))
    if changed[template_path]:
        template_path.parent.mkdir(parents=True, exist_ok=True)
        template.save(str(template_path))
    done.written = [path for path, was in changed.items() if was]
    for path, kept in rewritten.items():  # the words are safe in the catalogues now
        path.write_text(kept, encoding="utf-8")
        done.written.append(path)
    return done


def _languages(root: Path, domain: str) -> list[str]:
    """The languages of ``domain``'s catalogues under ``root``; a plugin's new catalogue
    gets every language cardgen speaks."""
    found = sorted(p.parent.parent.name for p in root.glob(f"*/LC_MESSAGES/{domain}.po"))
    if domain != DOMAIN:
        found = sorted({*found, *languages()})
    return [*(lang for lang in LANGS if lang in found),
            *(lang for lang in found if lang not in LANGS)]


def data_files(data_dir: Path, plugin: bool) -> list[Path]:
    """The data files whose words go into the catalogues: every TOML file of cardgen's
    data (the effects' example decks are deck files, which keep their words), or a
    plugin's effects.toml and options.toml."""
    if plugin:
        return [data_dir / name for name in PLUGIN_FILES if (data_dir / name).is_file()]
    return sorted(p for p in data_dir.rglob("*.toml") if "effect_examples" not in p.parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m cardgen.catalogue.extract",
        description="Move new words from the data files into the gettext catalogues, and "
                    "give every catalogue the entries of the template.")
    parser.add_argument("--plugin", type=Path, metavar="PACKAGE_FOLDER",
                        help="a plugin's package folder (holding effects.toml): its words "
                             "go to PACKAGE_FOLDER/locale/, domain the package's name")
    parser.add_argument("--data", type=Path, help="the data folder (default: cardgen/data)")
    parser.add_argument("--locale", type=Path,
                        help="the locale folder (default: templates/locale, or "
                             "CARDGEN_LOCALE_DIR)")
    args = parser.parse_args(argv)
    if args.plugin is not None:
        data_dir = args.plugin.resolve()
        root, domain = args.locale or data_dir / "locale", data_dir.name
    else:
        data_dir = (args.data or Path(__file__).resolve().parent.parent / "data").resolve()
        root, domain = args.locale or locale_root(), DOMAIN
    if not data_dir.is_dir():
        print(f"Error: {data_dir} is not a folder", file=sys.stderr)
        return 2
    try:
        done = extract(data_dir, data_files(data_dir, args.plugin is not None), root, domain)
    except CatalogueError as error:
        print(f"Error: {error}", file=sys.stderr)
        return 2
    for key in done.moved:
        print(f"moved into the catalogues: {key}")
    for path in done.written:
        print(f"wrote {path}")
    for lang, count in done.to_translate.items():
        print(f"{lang}: {count} {'entry' if count == 1 else 'entries'} to translate "
              "(said in English until then)")
    if not done.written:
        print("nothing new: no file written")
    return 0


if __name__ == "__main__":
    sys.exit(main())

