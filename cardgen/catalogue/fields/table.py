"""Cards made from a [[card]] table: :func:`build_cards` reads and checks each field of
the table (the built-in ``cardgen/data/cards.toml`` and a deck file's own cards have the
same format) and makes one :class:`~cardgen.catalogue.card.Card` per colour and value."""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from cardgen.catalogue.card import Card, Color
from cardgen.catalogue.effect_facts import (
    FACT_DEFAULTS,
    EffectFacts,
    known_plugins,
    read_params,
)
from cardgen.catalogue.fields.back import CardBack, card_back
from cardgen.catalogue.fields.corner import CornerIndex, read_corner
from cardgen.catalogue.fields.families import read_family
from cardgen.catalogue.fields.texts import read_plural, read_text
from cardgen.catalogue.texts import Text
from cardgen.files.picture import check_picture
from cardgen.files.problems import toml_value

#: The fields a [[card]] table may hold; anything else is refused by name.
CARD_FIELDS = frozenset(
    {"id", "colors", "values", "effect", "family", "symbol", "points", "pictogram",
     "picture", "params", "name", "plural", "caption", "color", "value", "corner", "back"}
    | set(FACT_DEFAULTS)
)


@cache
def pictogram_names() -> tuple[str, ...]:
    """The pictograms a card may name: the tables of data/pictograms.toml."""
    with resources.files("cardgen.data").joinpath("pictograms.toml").open("rb") as handle:
        return tuple(tomllib.load(handle))


def build_cards(
    entry: Mapping[str, Any],
    colors: Mapping[str, Color],
    effects: Mapping[str, EffectFacts],
    *,
    default_family: str,
    base_dir: Path | None = None,
    taken_symbols: frozenset[str] = frozenset(),
) -> tuple[list[Card], list[str]]:
    """Build the card(s) a [[card]] table describes.

    The cards of one table are one kind: without a ``symbol`` they share one, made from
    the table's id (``"{color}-cat"`` -> ``"cat"``), so they match each other as the
    four +2 do and the rulebook, ``balance`` and ``check`` count them as one kind. A
    symbol in ``taken_symbols`` (other cards' kinds) is not reused: the table's id, as
    written, stands in.

    Returns the cards and the problems found (messages without the file name, which
    the caller adds). A table with problems may still give cards, built with
    fallbacks, so that every problem of a file can be reported in one pass. The
    table is checked field by field, in the order below (which is the order of the
    messages); a field the cards cannot be built without stops the reading there.
    """
    problems: list[str] = []
    raw_id = entry.get("id")
    label = f"card '{raw_id}'" if isinstance(raw_id, str) else "a [[card]] entry"
    _check_field_names(entry, label, problems)
    if not isinstance(raw_id, str) or not re.fullmatch(r"[a-z0-9{}?+-]+", raw_id or "-"):
        problems.append(f"{label} needs an 'id' made of lowercase letters, digits and dashes")
        return [], problems
    effect = _effect(entry.get("effect"), effects, label, problems)
    if effect is None:
        return [], problems
    family = read_family(entry.get("family", default_family), default_family, label, problems)
    color_ids = _color_ids(entry, colors, label, problems)
    if color_ids is None:
        return [], problems
    values = _values(entry, effect, label, problems)
    if values is None:
        return [], problems
    if not _id_tells_apart(raw_id, color_ids, values, label, problems):
        return [], problems
    points = _points(entry.get("points"), effect, label, problems)
    facts = _facts(entry, effect, label, problems)
    params = read_params(entry.get("params", {}), effect, label, problems)
    if "name" not in entry:
        problems.append(f"{label} has no name; give it one in both languages, e.g. "
                        'name = { fr = "…", en = "…" }')
    name = read_text(entry.get("name", raw_id), f"{label} name", problems, fallback=raw_id)
    if "name" in entry and not all(said.strip() for said in name.values()):
        problems.append(f"{label} has an empty name; write it in both languages, e.g. "
                        'name = { fr = "Averse", en = "Rain Check" }')
        name = Text({lang: said.strip() or raw_id for lang, said in name.items()})
    plural = read_plural(entry.get("plural"), label, problems, entry.get("name"))
    if "caption" in entry:
        caption = read_text(entry["caption"], f"{label} caption", problems)
    else:
        caption = effect.auto_caption(params)
    pictogram = _pictogram(entry.get("pictogram"), label, problems)
    picture = _picture(entry.get("picture"), base_dir, label, problems)
    corner = read_corner(entry.get("corner"), label, pictogram_names(), problems)
    back = card_back(entry.get("back"), base_dir, label, problems)
    recipe = _Recipe(
        id=raw_id, effect=effect.id, family=family, color_ids=color_ids, values=values,
        symbol=str(entry["symbol"]) if "symbol" in entry
        else _kind_symbol(raw_id, effect.id, taken_symbols), points=points,
        name=name, plural=plural, caption=caption, pictogram=pictogram, picture=picture,
        params=tuple(sorted(params.items())), facts=facts, corner=corner, back=back,
    )
    return _cards_of(recipe, colors), problems


@dataclass(frozen=True)
class _Recipe:
    """A [[card]] table once read: what its cards share, and the colours and values
    that make one card each (``{color}`` and ``{value}`` in its texts are filled in)."""

    id: str
    effect: str
    family: str
    color_ids: list[str | None]
    values: list[int | None]
    symbol: str | None  # None: a number card's value
    points: int | None  # None: a number card scores its value
    name: Text
    plural: Text  # "" in a language the data gives no plural for: the name is used
    caption: Text
    pictogram: str | None
    picture: Path | None
    params: tuple[tuple[str, Any], ...]
    facts: Mapping[str, bool]
    corner: CornerIndex | None
    back: CardBack = None


def _cards_of(recipe: _Recipe, colors: Mapping[str, Color]) -> list[Card]:
    """The cards of a recipe: one per colour and value, colours first."""
    cards = []
    for color_id in recipe.color_ids:
        color = colors[color_id] if color_id is not None else None
        for value in recipe.values:
            card_id = _fill(recipe.id.replace("{color}", color_id or ""), None, value)
            symbol = recipe.symbol
            entry = _fill(_without_color(recipe.id), None, value) \
                if "{color}" in recipe.id else card_id
            if symbol is None:  # a number matches the same number (C-12), whatever its id
                symbol = str(value)
            cards.append(Card(
                id=card_id,
                effect=recipe.effect,
                family=recipe.family,
                color=color_id,
                value=value,
                symbol=_fill(symbol, None, value),
                points=recipe.points if recipe.points is not None else int(value or 0),
                name=_fill_text(recipe.name, color, value),
                plural=_fill_text(recipe.plural, color, value, plural=True),
                caption=_fill_text(recipe.caption, color, value),
                pictogram=recipe.pictogram,
                picture=recipe.picture,
                back=recipe.back,
                params=recipe.params,
                corner=recipe.corner,
                entry=entry,
                **recipe.facts,
            ))
    return cards


def _fill(template: str, color: Color | None, value: int | None,
          plural: bool = False, lang: str = "en") -> str:
    """``template`` with the colour's word in ``lang`` and the value put in."""
    if color is not None:  # ({color}, {color_f}, {color_m}, {color_n}, {Color}: card.py)
        for placeholder, word in color.forms(lang, plural).items():
            template = template.replace(placeholder, word)
    if value is not None:
        template = template.replace("{value}", str(value))
    return template


def _fill_text(text: Text, color: Color | None, value: int | None,
               plural: bool = False) -> Text:
    """``text`` for the card of this colour and value, each language with its own colour
    words; with ``plural``, a plural name (French colour words then agree: "Inversions
    {color_f}" -> "Inversions vertes")."""
    return Text({lang: _fill(said, color, value, plural, lang) for lang, said in text.items()})


def _without_color(table_id: str) -> str:
    """A table's id with ``{color}`` and the dash that joins it taken out:
    ``"{color}-cat"`` and ``"cat-{color}"`` -> ``"cat"``."""
    return "-".join(part for part in table_id.replace("{color}", "").split("-") if part)


def _kind_symbol(table_id: str, effect: str, taken: frozenset[str]) -> str | None:
    """The symbol a table's cards share when it gives none: its id without the colour
    (``"{color}-cat"`` -> ``"cat"``), or the id as written when another kind has that
    one. None for a number card, whose symbol is its value."""
    if effect == "number":
        return None
    key = _without_color(table_id)
    return key if key and key not in taken else table_id


def _id_tells_apart(raw_id: str, color_ids: list[str | None], values: list[int | None],
                    label: str, problems: list[str]) -> bool:
    """Whether an entry of several colours (or values) puts ``{color}`` (``{value}``) in
    its id: without it, its cards would share one id and fold into one card."""
    for placeholder, many, example in (("{color}", len(color_ids) > 1, "red"),
                                       ("{value}", len(values) > 1, "10")):
        if many and placeholder not in raw_id:
            count = len(color_ids) if placeholder == "{color}" else len(values)
            problems.append(
                f"{label} makes {count} cards that would all be called '{raw_id}'; put "
                f"{placeholder} in its id, e.g. id = \"{placeholder}-{raw_id}\" (one card "
                f"each: {example}-{raw_id} …; a rule text still names them all '{raw_id}')")
            return False
    return True


def _check_field_names(entry: Mapping[str, Any], label: str, problems: list[str]) -> None:
    """Report the fields of ``entry`` that a [[card]] table does not have."""
    unknown = sorted(set(entry) - CARD_FIELDS)
    if unknown:
        problems.append(
            f"{label} has unknown field(s) {', '.join(unknown)}; "
            f"the fields are {', '.join(sorted(CARD_FIELDS))}"
        )


def _effect(effect_id: Any, effects: Mapping[str, EffectFacts], label: str,
            problems: list[str]) -> EffectFacts | None:
    """The effect ``effect_id`` names, or None (reported) when it names none."""
    effect = effects.get(effect_id) if isinstance(effect_id, str) else None
    if effect_id is None:
        problems.append(f"{label} has no 'effect'; a card needs one of cardgen's effects "
                        f"({', '.join(effects)})")
    elif effect is None and isinstance(effect_id, str) and effect_id in known_plugins():
        problems.append(f"{label} has effect '{effect_id}', which is not installed: it "
                        f"comes with the plugin {known_plugins()[effect_id]} (pip install "
                        f"{known_plugins()[effect_id]})")
    elif effect is None:  # one line: a typo, or a plugin's effect whose plugin is missing
        close = difflib.get_close_matches(str(effect_id), list(effects), n=1)
        hint = f"did you mean '{close[0]}'? " if close else ""
        problems.append(
            f"{label} has effect '{effect_id}', which does not exist: neither cardgen nor "
            f"an installed plugin brings it; {hint}if it comes from a plugin, install it "
            "(`cardgen effects` lists the effects there are)"
        )
    return effect


def _color_ids(entry: Mapping[str, Any], colors: Mapping[str, Color], label: str,
               problems: list[str]) -> list[str | None] | None:
    """The colours of 'colors' (or the one 'color'); [None] for a card of no colour.

    None (reported) when a colour is not one of ``colors``: the cards cannot be built.
    """
    color_ids = entry.get("colors")
    if color_ids is None:
        single = entry.get("color")
        color_ids = [single] if single is not None else [None]
    elif not isinstance(color_ids, list):
        problems.append(f"{label}: 'colors' must be a list of colour ids")
        color_ids = [None]
    for color_id in color_ids:
        if color_id is not None and not isinstance(color_id, str):
            problems.append(f"{label} has colour {toml_value(color_id)}; a colour is one id among "
                            f"{', '.join(colors)} (several go in 'colors')")
            return None
        if color_id is not None and color_id not in colors:
            problems.append(
                f"{label} has colour '{color_id}'; the colours are {', '.join(colors)}"
            )
            return None
    return color_ids


def _values(entry: Mapping[str, Any], effect: EffectFacts, label: str,
            problems: list[str]) -> list[int | None] | None:
    """The values of 'values' (or the one 'value'); [None] for a card of no value.

    None (reported) when a value is not a whole number from 0 to 99, or when a number
    card has none: the cards cannot be built.
    """
    values = entry.get("values")
    if values is None:
        values = [entry.get("value")]
    if not isinstance(values, list) or not all(
            v is None or (isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 99)
            for v in values):
        problems.append(f"{label}: values must be whole numbers from 0 to 99")
        return None
    if effect.id == "number" and None in values:
        problems.append(f"{label} is a number card and needs a 'value'")
        return None
    return values


def _points(points: Any, effect: EffectFacts, label: str, problems: list[str]) -> int | None:
    """The card's points; None for a number card that gives none (it scores its value)."""
    if points is None:
        if effect.id == "number":
            return None
        problems.append(f"{label} needs 'points' (its scoring value)")
        return 0
    if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= 1000:
        problems.append(f"{label}: points must be a whole number from 0 to 1000")
        return 0
    return points


def _facts(entry: Mapping[str, Any], effect: EffectFacts, label: str,
           problems: list[str]) -> dict[str, bool]:
    """Each fact of FACT_DEFAULTS: as the table says, else as its effect says, else the
    default."""
    facts = {**FACT_DEFAULTS, **effect.facts}
    for fact in FACT_DEFAULTS:
        if fact in entry:
            if isinstance(entry[fact], bool):
                facts[fact] = entry[fact]
            else:
                problems.append(f"{label}: '{fact}' must be true or false")
    return facts


def _pictogram(pictogram: Any, label: str, problems: list[str]) -> str | None:
    """The pictogram named, if cardgen draws one of that name."""
    if pictogram is not None and (not isinstance(pictogram, str)
                                  or pictogram not in pictogram_names()):
        problems.append(f"{label} has pictogram {toml_value(pictogram)}; use one of "
                        f"{', '.join(pictogram_names())} (or a 'picture' file)")
        return None
    return pictogram


def _picture(picture: Any, base_dir: Path | None, label: str,
             problems: list[str]) -> Path | None:
    """The path of the picture file named, if it passes the checks of cardgen.files.picture."""
    if picture is None:
        return None
    if not isinstance(picture, str) or not picture.lower().endswith((".svg", ".png")):
        problems.append(f"{label}: 'picture' must be the name of an .svg or .png file")
        return None
    picture_path, problem = check_picture(picture, base_dir or Path.cwd(), label)
    if problem:
        problems.append(problem)
    return picture_path
