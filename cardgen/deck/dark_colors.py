"""A two-faced deck's own dark colours: ``dark_colors`` may list, beside the shipped
pink, teal, orange and purple, a colour of the deck's own as a table, its id, its
rgb and its name (one word, or a word by language):

    dark_colors = ["pink", { id = "navy", rgb = "#1B2A6B", name = { en = "navy", fr = "marine" } }]

Each is checked (one line a problem) and added to the catalogue's ``own_dark_colors``
(by id: the last deck read that defines one wins) before the deck's cards are built, so
that ``colors = ["navy"]`` builds its cards and the faces, the rulebook and the table
find its rgb and its name. A word stands for every gender and the plural; a language
not given says English's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from cardgen.catalogue import catalogue
from cardgen.catalogue.card import Color
from cardgen.catalogue.locale import languages
from cardgen.catalogue.texts import Text
from cardgen.files.problems import Report, toml_value

_ID = re.compile(r"[a-z][a-z0-9-]*")
_RGB = re.compile(r"#[0-9A-Fa-f]{6}")
_FIELDS = frozenset({"id", "rgb", "name"})
EXAMPLE = '{ id = "navy", rgb = "#1B2A6B", name = "navy" }'


def deck_dark_colors(value: Any, inherited: tuple[str, ...],
                     report: Report) -> dict[str, Color]:
    """The dark colours a deck may use: the shipped ones, its base's and those its
    ``dark_colors`` defines as tables, which are added to the catalogue (where the faces,
    the rulebook and the table look a colour up). Another deck's own colours are not
    among them; the rest of the field is checked with the deck's faces."""
    cat = catalogue()
    found = {**cat.dark_colors, **{c: cat.color(c) for c in inherited}}
    for entry in value if isinstance(value, list) else ():
        if isinstance(entry, Mapping):
            color = _own_color(entry, report)
            if color is not None:
                cat.own_dark_colors[color.id] = found[color.id] = color
    return found


def color_id(entry: Any) -> Any:
    """A ``dark_colors`` entry's colour id: the entry itself, or a table's ``id``."""
    return entry.get("id") if isinstance(entry, Mapping) else entry


def _own_color(entry: Mapping[str, Any], report: Report) -> Color | None:
    cat = catalogue()
    cid, rgb, name = entry.get("id"), entry.get("rgb"), entry.get("name")
    extra = sorted(set(entry) - _FIELDS)
    problems = []
    if extra:
        problems.append(f"has no field {', '.join(extra)} (a colour has id, rgb and name)")
    if not isinstance(cid, str) or not _ID.fullmatch(cid):
        problems.append(f"has the id {toml_value(cid)}; give a word in lower case, "
                        'e.g. "navy"')
    elif cid in cat.colors or cid in cat.dark_colors:
        problems.append(f"is named '{cid}', a colour cardgen ships; name the built-in "
                        f'colour as "{cid}", or give yours another id')
    if not isinstance(rgb, str) or not _RGB.fullmatch(rgb):
        problems.append(f'has the rgb {toml_value(rgb)}; give it as "#RRGGBB", e.g. "#1B2A6B"')
    words = _words(name)
    if words is None:
        problems.append(f"has the name {toml_value(name)}; give a word, or a word by "
                        'language, e.g. { en = "navy", fr = "marine" }')
    if problems:
        for problem in problems:
            report.error(f"a colour of 'dark_colors' {problem}: {EXAMPLE}")
        return None
    assert isinstance(cid, str) and isinstance(rgb, str) and words is not None
    return Color(cid, words, words, rgb.upper(), words, words)


def _words(name: Any) -> Text | None:
    """The colour's word in every language: the one given, or each given and English's
    (else the first given) where none is."""
    if isinstance(name, str) and name.strip():
        return Text(dict.fromkeys(languages(), name.strip()))
    if not isinstance(name, Mapping) or not name or not all(
            isinstance(lang, str) and isinstance(word, str) and word.strip()
            for lang, word in name.items()):
        return None
    unknown = set(name) - set(languages())
    if unknown:
        return None
    fallback = name.get("en") or next(iter(name.values()))
    return Text({lang: str(name.get(lang, fallback)).strip() for lang in languages()})
