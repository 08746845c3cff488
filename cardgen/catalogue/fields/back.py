"""The backs a deck file asks for: the deck's own back picture (``back = "back.svg"``, or
one per language when it carries text), and a card's ``back``: a picture of its own, or
``false`` for a card printed without a back (a card to glue, a reference card).

Back pictures are SVG or PNG files next to the deck file and go through the same checks
as card pictures (:mod:`cardgen.files.picture`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from cardgen.catalogue.locale import text_languages
from cardgen.catalogue.texts import LANGS
from cardgen.files.picture import check_picture
from cardgen.files.problems import Report, toml_value

#: A card's back: None for the deck's, NO_BACK for none, or a picture of its own.
NO_BACK: Literal["none"] = "none"
CardBack = Path | Literal["none"] | None


def _picture(value: Any, folder: Path | None, label: str, what: str
             ) -> tuple[Path | None, str | None]:
    """The checked path of the back picture ``value``, or what is wrong with it."""
    if not isinstance(value, str) or not value.lower().endswith((".svg", ".png")):
        return None, (f"{label}: '{what}' must be the name of an .svg or .png file next to "
                      f"the deck file (got {toml_value(value)})")
    path, problem = check_picture(value, folder or Path.cwd(), label)
    return (None, problem) if problem else (path, None)


def card_back(value: Any, folder: Path | None, label: str, problems: list[str]) -> CardBack:
    """A ``[[card]]``'s ``back``: absent (the deck's back), ``false`` (no back) or the
    name of a picture; problems are added to ``problems``."""
    if value is None:
        return None
    if value is False:
        return NO_BACK
    if value is True:
        problems.append(f"{label}: 'back = true' says nothing; leave 'back' out for the "
                        "deck's back, or write back = false for none")
        return None
    path, problem = _picture(value, folder, label, "back")
    if problem:
        problems.append(problem)
    return path


def deck_back(value: Any, inherited: Mapping[str, Path], folder: Path | None,
              report: Report) -> dict[str, Path]:
    """The deck file's ``back``: language -> picture, for every language (empty: the
    built-in back). A plain name serves both languages; a table names one per language."""
    if value is None:
        return dict(inherited)
    if isinstance(value, Mapping):
        missing = [lang for lang in LANGS if lang not in value]
        unknown = sorted(set(value) - set(text_languages()))
        if missing or unknown:
            report.error("'back' as a table names one picture per language, like back = "
                         '{ fr = "dos.svg", en = "back.svg" }')
            return dict(inherited)
        found = {lang: _picture(value[lang], folder, f"the deck's back ({lang})",
                                f"back.{lang}") for lang in value}
    else:
        one = _picture(value, folder, "the deck's back", "back")
        found = {lang: one for lang in text_languages()}
    problems = sorted({problem for _, problem in found.values() if problem})
    for problem in problems:
        report.error(problem)
    if problems:
        return dict(inherited)
    return {lang: path for lang, (path, _) in found.items() if path is not None}
