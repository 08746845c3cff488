"""A deck's ``rulebook`` field: which built-in rule text it borrows, and its own texts.

``rulebook = "classic"`` borrows a built-in text. A ``[rulebook]`` table names a
built-in ``base`` and, per language (``fr``, ``en``), a Markdown file next to the deck
file that extends it (see :mod:`cardgen.rulebook.owntext`). What a deck does not give
is inherited from its base deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.catalogue import LANGS
from cardgen.catalogue.locale import text_languages
from cardgen.deck.file import builtin_names
from cardgen.files.problems import Report, did_you_mean


@dataclass(frozen=True)
class RuleText:
    """A deck's own rule text in one language: a Markdown file in the deck file's folder."""

    folder: Path  # the deck file's folder, resolved: the text may read files in it only
    folder_label: str  # that folder as the user named it, for messages
    name: str  # the file, relative to the folder, as the deck file names it

    @property
    def label(self) -> str:
        return str(Path(self.folder_label) / self.name)


def rulebook_field(value: Any, inherited: tuple[str, dict[str, RuleText]],
                   folder: Path | None, report: Report) -> tuple[str, dict[str, RuleText]]:
    """The built-in text's name and the deck's own texts (by language) that ``value``,
    the deck's ``rulebook`` field, gives; ``inherited`` is the base deck's pair."""
    if value is None:
        return inherited
    builtins = builtin_names()
    if isinstance(value, str):
        if value in builtins:
            return value, {}
        report.error(f"'rulebook' is '{value}'; use the name of a built-in deck whose rule "
                     f"text fits ({', '.join(builtins)})")
        return "classic", {}
    if not isinstance(value, Mapping):
        report.error("'rulebook' must be a built-in text's name, like rulebook = \"classic\", "
                     "or a [rulebook] table with base, fr and en")
        return "classic", {}
    return _rulebook_table(value, inherited, folder, report)


def _rulebook_table(table: Mapping[str, Any], inherited: tuple[str, dict[str, RuleText]],
                    folder: Path | None, report: Report) -> tuple[str, dict[str, RuleText]]:
    """The pair a ``[rulebook]`` table gives: its ``base`` and the files it names."""
    builtins = builtin_names()
    unknown = sorted(set(table) - {"base", *text_languages()})
    if unknown:
        report.error(f"[rulebook] has unknown field(s) {', '.join(unknown)}; it may have "
                     f"base, {', '.join(text_languages()[:-1])} and {text_languages()[-1]}")
    base = table.get("base", inherited[0])
    if base not in builtins:
        report.error(f"[rulebook] base is {base!r}; use the name of a built-in text "
                     f"({', '.join(builtins)}){did_you_mean(str(base), builtins)}")
        base = "classic"
    texts = dict(inherited[1])
    for lang in text_languages():
        if lang in table:
            text = _rule_text_file(table[lang], lang, folder, report)
            if text is not None:
                texts[lang] = text
    for lang in LANGS:
        if texts and lang not in texts:
            language = "French" if lang == "fr" else "English"
            report.warning(f"[rulebook] has no {language} text, so the {language} rulebook "
                           f"is the built-in '{base}' text alone; add {lang} = \"FILE.md\"")
    return base, texts


def _rule_text_file(name: Any, lang: str, folder: Path | None, report: Report
                    ) -> RuleText | None:
    """The file ``[rulebook] fr/en`` names, if it is a file in the deck file's folder."""
    if folder is None:  # a built-in deck: its texts are the built-in templates
        report.error(f"[rulebook] {lang}: a built-in deck has no folder to read a rule text "
                     "from")
        return None
    if not isinstance(name, str) or not name.strip():
        report.error(f"[rulebook] {lang} must be the name of a Markdown file next to the deck "
                     f"file, like {lang} = \"rules.{lang}.md\"")
        return None
    root = folder.resolve()
    try:
        path = (root / name).resolve()
        inside, found = path.is_relative_to(root), path.is_file()
    except (OSError, ValueError, RuntimeError):  # a name no file system takes (too long,
        inside, found = True, False                 # a NUL in it), a loop of links
    if not inside:
        report.error(f"[rulebook] {lang} = {name!r} is outside the deck file's folder; put "
                     "the rule text next to the deck file (or in a folder below it)")
        return None
    if not found:
        report.error(f"[rulebook] {lang} = {name!r}: there is no such file next to the deck "
                     "file; check the file name")
        return None
    return RuleText(root, str(folder), name)
