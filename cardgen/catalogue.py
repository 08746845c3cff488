"""The card catalogue: what a card is, and every card cardgen knows.

The cards themselves are data (``cardgen/data/cards.toml``), as are the effects they
can have (``effects.toml``). This module turns those tables into frozen
:class:`Card` objects and answers "which card is this?" for ids and for names in
either language. Deck files define their own cards with the same table format, so
they go through :func:`build_cards` too.
"""

from __future__ import annotations

import difflib
import re
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from cardgen.deckreport import toml_value
from cardgen.errors import CatalogueError
from cardgen.picturefile import check_picture

LANGS = ("fr", "en")

#: Facts every card has, with the value used when neither the card nor its effect says.
FACT_DEFAULTS: dict[str, bool] = {
    "any_card": False,
    "names_color": False,
    "can_start": True,
    "counts_as_color": True,
    "reaction": False,
    "can_finish": True,
}

FAMILIES = ("classic", "unplugged", "extra", "house", "custom")

#: The fields a [[card]] table may hold; anything else is refused by name.
CARD_FIELDS = frozenset(
    {"id", "colors", "values", "effect", "family", "symbol", "points", "pictogram",
     "picture", "params", "name", "caption", "color", "value"}
    | set(FACT_DEFAULTS)
)


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


@dataclass(frozen=True)
class Color:
    id: str
    name: Text
    name_f: str  # the French feminine form ("verte"), for names like "Inversion verte"
    rgb: str


@dataclass(frozen=True)
class Effect:
    id: str
    description: Text
    facts: Mapping[str, bool]
    params: Mapping[str, Any]
    #: The caption of a card that gives none, with {param} and {s} in it (else description).
    caption: Text | None = None
    #: Whole-number parameter -> {"min", "max", "what"}: the values a card may give.
    limits: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: True/false or text parameter -> value ("true", "left") -> its words in a caption.
    words: Mapping[str, Mapping[str, Text]] = field(default_factory=dict)

    def auto_caption(self, params: Mapping[str, Any]) -> Text:
        """The caption of a card with this effect and these parameters that has none."""
        template = self.caption or self.description

        def filled(lang: str) -> str:
            text = template[lang]
            for name, value in params.items():
                if name in self.words:
                    value = self.words[name][_word_key(value)][lang]
                text = text.replace("{" + name + "}", str(value))
            text = text.replace("{s}", "" if params.get("amount") == 1 else "s")
            return text[:1].upper() + text[1:]

        return Text(filled("fr"), filled("en"))


def _word_key(value: Any) -> str:
    """The key of [effect.words.param] a parameter's value is listed under."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class Card:
    """One kind of card (a deck holds some number of copies of it)."""

    id: str
    effect: str
    family: str
    color: str | None
    value: int | None
    symbol: str
    points: int
    name: Text
    caption: Text
    pictogram: str | None = None
    #: A picture file for a custom card (an SVG or PNG next to its deck file).
    picture: Path | None = None
    any_card: bool = False
    names_color: bool = False
    can_start: bool = True
    counts_as_color: bool = True
    reaction: bool = False
    can_finish: bool = True
    params: tuple[tuple[str, Any], ...] = field(default=())

    def param(self, name: str, default: Any = None) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        return default

    @property
    def is_standard(self) -> bool:
        """True for the cards of a standard 108-card box."""
        return self.family == "classic"


def normalize(key: str) -> str:
    """The form ids and names are compared in: no accents, no case, no spaces or dashes.

    >>> normalize("Vache folle") == normalize("vache-folle") == "vachefolle"
    True
    """
    decomposed = unicodedata.normalize("NFKD", key)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    return re.sub(r"[^a-z0-9+?]", "", plain)


def _text(value: Any, what: str, problems: list[str], fallback: str = "") -> Text:
    """Read a {fr, en} table (or a plain string, used for both languages)."""
    if isinstance(value, str):
        return Text(value, value)
    if not isinstance(value, Mapping):
        problems.append(f"{what} must be a table with 'fr' and 'en' texts")
        return Text(fallback, fallback)
    unknown = sorted(set(value) - set(LANGS))
    if unknown:
        problems.append(f"{what} has unknown language(s) {', '.join(unknown)}; use fr and en")
    texts = {lang: value.get(lang) for lang in LANGS}
    for lang, text in texts.items():
        if text is not None and not isinstance(text, str):
            problems.append(f"{what}.{lang} must be text")
            texts[lang] = None
    fr, en = texts["fr"], texts["en"]
    if fr is None and en is None:
        problems.append(f"{what} needs an 'fr' or 'en' text")
        return Text(fallback, fallback)
    # A missing language falls back on the other one; decks.py warns about it.
    return Text(fr if fr is not None else str(en), en if en is not None else str(fr))


def _fill(template: str, color: Color | None, value: int | None) -> str:
    if color is not None:
        template = (template.replace("{color_f}", color.name_f)
                    .replace("{Color}", color.name.en.capitalize()))
    if value is not None:
        template = template.replace("{value}", str(value))
    return template


def _fill_text(text: Text, color: Color | None, value: int | None) -> Text:
    fr = text.fr.replace("{color}", color.name.fr) if color else text.fr
    en = text.en.replace("{color}", color.name.en) if color else text.en
    return Text(_fill(fr, color, value), _fill(en, color, value))


@cache
def pictogram_names() -> tuple[str, ...]:
    """The pictograms a card may name: the tables of data/pictograms.toml."""
    with resources.files("cardgen.data").joinpath("pictograms.toml").open("rb") as handle:
        return tuple(tomllib.load(handle))


def build_cards(
    entry: Mapping[str, Any],
    colors: Mapping[str, Color],
    effects: Mapping[str, Effect],
    *,
    default_family: str,
    base_dir: Path | None = None,
) -> tuple[list[Card], list[str]]:
    """Build the card(s) a [[card]] table describes.

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
    family = _family(entry.get("family", default_family), default_family, label, problems)
    color_ids = _color_ids(entry, colors, label, problems)
    if color_ids is None:
        return [], problems
    values = _values(entry, effect, label, problems)
    if values is None:
        return [], problems
    points = _points(entry.get("points"), effect, label, problems)
    facts = _facts(entry, effect, label, problems)
    params = _params(entry.get("params", {}), effect, label, problems)
    if "name" not in entry:
        problems.append(f"{label} has no name; give it one in both languages, e.g. "
                        'name = { fr = "…", en = "…" }')
    name = _text(entry.get("name", raw_id), f"{label} name", problems, fallback=raw_id)
    if "name" in entry and not (name.fr.strip() and name.en.strip()):
        problems.append(f"{label} has an empty name; write it in both languages, e.g. "
                        'name = { fr = "Averse", en = "Rain Check" }')
        name = Text(name.fr.strip() or raw_id, name.en.strip() or raw_id)
    if "caption" in entry:
        caption = _text(entry["caption"], f"{label} caption", problems)
    else:
        caption = effect.auto_caption(params)
    pictogram = _pictogram(entry.get("pictogram"), label, problems)
    picture = _picture(entry.get("picture"), base_dir, label, problems)
    recipe = _Recipe(
        id=raw_id, effect=effect.id, family=family, color_ids=color_ids, values=values,
        symbol=str(entry["symbol"]) if "symbol" in entry else None, points=points,
        name=name, caption=caption, pictogram=pictogram, picture=picture,
        params=tuple(sorted(params.items())), facts=facts,
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
    symbol: str | None  # None: a number card's value, or else each card's id
    points: int | None  # None: a number card scores its value
    name: Text
    caption: Text
    pictogram: str | None
    picture: Path | None
    params: tuple[tuple[str, Any], ...]
    facts: Mapping[str, bool]


def _cards_of(recipe: _Recipe, colors: Mapping[str, Color]) -> list[Card]:
    """The cards of a recipe: one per colour and value, colours first."""
    cards = []
    for color_id in recipe.color_ids:
        color = colors[color_id] if color_id is not None else None
        for value in recipe.values:
            card_id = _fill(recipe.id.replace("{color}", color_id or ""), None, value)
            symbol = recipe.symbol
            if symbol is None:  # a number matches the same number (C-12), whatever its id
                symbol = str(value) if recipe.effect == "number" and value is not None \
                    else card_id
            cards.append(Card(
                id=card_id,
                effect=recipe.effect,
                family=recipe.family,
                color=color_id,
                value=value,
                symbol=_fill(symbol, None, value),
                points=recipe.points if recipe.points is not None else int(value or 0),
                name=_fill_text(recipe.name, color, value),
                caption=_fill_text(recipe.caption, color, value),
                pictogram=recipe.pictogram,
                picture=recipe.picture,
                params=recipe.params,
                **recipe.facts,
            ))
    return cards


def _check_field_names(entry: Mapping[str, Any], label: str, problems: list[str]) -> None:
    """Report the fields of ``entry`` that a [[card]] table does not have."""
    unknown = sorted(set(entry) - CARD_FIELDS)
    if unknown:
        problems.append(
            f"{label} has unknown field(s) {', '.join(unknown)}; "
            f"the fields are {', '.join(sorted(CARD_FIELDS))}"
        )


def _effect(effect_id: Any, effects: Mapping[str, Effect], label: str,
            problems: list[str]) -> Effect | None:
    """The effect ``effect_id`` names, or None (reported) when it names none."""
    effect = effects.get(effect_id) if isinstance(effect_id, str) else None
    if effect_id is None:
        problems.append(f"{label} has no 'effect'; a card needs one of cardgen's effects "
                        f"({', '.join(effects)})")
    elif effect is None:
        close = difflib.get_close_matches(str(effect_id), list(effects), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        problems.append(
            f"{label} has effect '{effect_id}', which does not exist{hint} "
            f"(the effects are {', '.join(effects)})"
        )
    return effect


def _family(family: Any, default_family: str, label: str, problems: list[str]) -> str:
    """The card's family; an unknown one is reported and replaced by ``default_family``."""
    if not isinstance(family, str) or family not in FAMILIES:
        problems.append(f"{label} has family '{family}'; use one of {', '.join(FAMILIES)}")
        return default_family
    return family


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


def _values(entry: Mapping[str, Any], effect: Effect, label: str,
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


def _points(points: Any, effect: Effect, label: str, problems: list[str]) -> int | None:
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


def _facts(entry: Mapping[str, Any], effect: Effect, label: str,
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


#: How a message names the kind of value a parameter takes, by its default's type.
_PARAM_KINDS = {bool: "true or false", int: "a whole number", str: "text"}


def _params(given: Any, effect: Effect, label: str, problems: list[str]) -> dict[str, Any]:
    """The effect's parameters, with those the table gives (of the right type, within
    the effect's limits or among its words) in place."""
    params = dict(effect.params)
    if not isinstance(given, Mapping):
        problems.append(f"{label}: 'params' must be a table")
        given = {}
    for key, value in given.items():
        if key not in effect.params:
            allowed = ", ".join(effect.params) or "none"
            problems.append(
                f"{label}: effect '{effect.id}' has no parameter '{key}' (it takes: {allowed})"
            )
            continue
        problem = _param_problem(effect, key, value)
        if problem:
            problems.append(f"{label}: parameter '{key}' is {toml_value(value)}; {problem}")
        else:
            params[key] = value
    return params


def _param_problem(effect: Effect, key: str, value: Any) -> str | None:
    """What is wrong with ``value`` for the parameter ``key`` of ``effect``, if anything:
    the part of the message after the value, saying what to give instead."""
    default = effect.params[key]
    example = f"(like {key} = {toml_value(default)})"
    if type(value) is not type(default):
        return f"it must be {_PARAM_KINDS.get(type(default), 'like its default')} {example}"
    limits = effect.limits.get(key)
    if limits is not None and not limits["min"] <= value <= limits["max"]:
        return (f"effect '{effect.id}' takes a whole number from {limits['min']} to "
                f"{limits['max']} ({limits['what']})")
    choices = effect.words.get(key)
    if isinstance(value, str) and choices is not None and value not in choices:
        listed = " or ".join(toml_value(c) for c in choices)
        return f"effect '{effect.id}' takes {listed}"
    return None


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
    """The path of the picture file named, if it passes the checks of picturefile."""
    if picture is None:
        return None
    if not isinstance(picture, str) or not picture.lower().endswith((".svg", ".png")):
        problems.append(f"{label}: 'picture' must be the name of an .svg or .png file")
        return None
    picture_path, problem = check_picture(picture, base_dir or Path.cwd(), label)
    if problem:
        problems.append(problem)
    return picture_path


@dataclass(frozen=True)
class Catalogue:
    colors: Mapping[str, Color]
    effects: Mapping[str, Effect]
    cards: Mapping[str, Card]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    def lookup(self, key: str, extra: Iterable[Card] = ()) -> list[Card]:
        """The cards an id or a name (French or English, any case or accents) points to."""
        wanted = normalize(key)
        found = {}
        for card in [*self.cards.values(), *extra]:
            if wanted in (normalize(card.id), normalize(card.name.fr), normalize(card.name.en)):
                found[card.id] = card
        return list(found.values())

    def suggest(self, key: str, extra: Iterable[Card] = ()) -> str | None:
        """The closest id to a mistyped key, for "did you mean" hints."""
        by_form: dict[str, str] = {}
        for card in [*self.cards.values(), *extra]:
            for form in (card.id, card.name.fr, card.name.en):
                by_form.setdefault(normalize(form), card.id)
        close = difflib.get_close_matches(normalize(key), list(by_form), n=1, cutoff=0.6)
        return by_form[close[0]] if close else None


def _read_data(name: str) -> dict[str, Any]:
    with resources.files("cardgen.data").joinpath(name).open("rb") as handle:
        return tomllib.load(handle)


def _effect_of(eid: str, data: Mapping[str, Any]) -> Effect:
    """An effect as effects.toml describes it, checked: every whole-number parameter has
    limits its default keeps to, every true/false or text parameter has its words, and
    the caption names only parameters of the effect."""
    params = data.get("params", {})
    words = {name: {value: Text(**text) for value, text in table.items()}
             for name, table in data.get("words", {}).items()}
    caption = Text(**data["caption"]) if "caption" in data else None
    effect = Effect(eid, Text(**data["description"]),
                    {k: v for k, v in data.items() if k in FACT_DEFAULTS}, params,
                    caption, data.get("limits", {}), words)
    where = f"cardgen/data/effects.toml: effect '{eid}'"
    for name, default in params.items():
        if isinstance(default, int) and not isinstance(default, bool) and (
                name not in effect.limits
                or not {"min", "max", "what"} <= set(effect.limits[name])):
            raise CatalogueError(f"{where}: parameter '{name}' needs limits "
                                 "{ min, max, what }")
        if not isinstance(default, int) or isinstance(default, bool):
            keys = {"true", "false"} if isinstance(default, bool) else {str(default)}
            if not keys <= set(words.get(name, {})):
                raise CatalogueError(f"{where}: parameter '{name}' needs its words for "
                                     f"{', '.join(sorted(keys))}")
        problem = _param_problem(effect, name, default)
        if problem:
            raise CatalogueError(f"{where}: the default {name} = {toml_value(default)}: "
                                 f"{problem}")
    for template in (caption, effect.description):
        left = set(re.findall(r"{(\w+)}", template.fr + template.en) if template else ())
        if left - set(params) - ({"s"} if "amount" in params else set()):
            raise CatalogueError(f"{where}: a caption names {', '.join(sorted(left))}, "
                                 f"but the parameters are {', '.join(params) or 'none'}")
    return effect


@cache
def catalogue() -> Catalogue:
    """The shipped catalogue, read once."""
    raw_colors = _read_data("cards.toml")
    colors = {
        cid: Color(cid, Text(c["name"]["fr"], c["name"]["en"]), c["name"]["fr_f"], c["rgb"])
        for cid, c in raw_colors["colors"].items()
    }
    effects = {eid: _effect_of(eid, e) for eid, e in _read_data("effects.toml").items()}
    cards: dict[str, Card] = {}
    for entry in raw_colors["card"]:
        built, problems = build_cards(entry, colors, effects, default_family="classic")
        if problems:
            raise CatalogueError("cardgen/data/cards.toml: " + "; ".join(problems))
        for card in built:
            if card.id in cards:
                raise CatalogueError(f"cardgen/data/cards.toml: card id '{card.id}' is repeated")
            cards[card.id] = card
    return Catalogue(colors, effects, cards)
