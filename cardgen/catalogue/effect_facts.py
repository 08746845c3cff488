"""An effect as ``cardgen/data/effects.toml`` describes it: the facts it gives a card,
its parameters with their limits or words, and the caption it writes for a card of a
deck that gives none. The catalogue (:mod:`cardgen.catalogue`) reads every card's
``params`` through :func:`read_params`."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from importlib.metadata import entry_points
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from cardgen.catalogue.texts import Text
from cardgen.errors import CatalogueError
from cardgen.files.problems import toml_value

#: The entry-point group through which a plugin names the package of its facts: the
#: package holds ``effects.toml`` (and may hold ``options.toml`` and an
#: ``effect_examples/`` folder), read as cardgen's own files are.
FACTS_GROUP = "cardgen.facts"

#: Facts every card has, with the value used when neither the card nor its effect says.
FACT_DEFAULTS: dict[str, bool] = {
    "any_card": False,
    "names_color": False,
    "can_start": True,
    "counts_as_color": True,
    "reaction": False,
    "can_finish": True,
}


@dataclass(frozen=True)
class EffectFacts:
    """What an effect of effects.toml declares: its facts, parameters and words (what it
    does in play is the engine's :class:`~cardgen.engine.hooks.Effect` of the same name)."""

    id: str
    description: Text
    facts: Mapping[str, bool]
    params: Mapping[str, Any]
    #: The caption of a card that gives none, with {param} and {cards} in it (else
    #: description).
    caption: Text | None = None
    #: Whole-number parameter -> {"min", "max", "what"}: the values a card may give, and
    #: what they count in each language (a table by language code).
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
            if "{cards}" in text:  # "2 cards", "1 Karte": the count in its language's plural
                text = text.replace("{cards}", _cards(int(params.get("amount", 1)), lang))
            return text[:1].upper() + text[1:]

        return Text({lang: filled(lang) for lang in template})


def _cards(count: int, lang: str) -> str:
    """``count`` cards in ``lang`` ("1 carte", "3 cartes"), by the catalogue's plural rule
    (a plugin's words in a language without a catalogue say it the English way)."""
    from cardgen.catalogue.locale import languages, takes_plural, word

    said = lang if lang in languages() else "en"
    many = takes_plural(count, said)
    return word("play|cards_many" if many else "play|cards_one", said).replace(
        "{count}", str(count))


def _word_key(value: Any) -> str:
    """The key of [effect.words.param] a parameter's value is listed under."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


#: How a message names the kind of value a parameter takes, by its default's type.
_PARAM_KINDS = {bool: "true or false", int: "a whole number", str: "text"}


def read_params(given: Any, effect: EffectFacts, label: str, problems: list[str]) -> dict[str, Any]:
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
        problem = param_problem(effect, key, value)
        if problem:
            problems.append(f"{label}: parameter '{key}' is {toml_value(value)}; {problem}")
        else:
            params[key] = value
    return params


def param_problem(effect: EffectFacts, key: str, value: Any) -> str | None:
    """What is wrong with ``value`` for the parameter ``key`` of ``effect``, if anything:
    the part of the message after the value, saying what to give instead."""
    default = effect.params[key]
    example = f"(like {key} = {toml_value(default)})"
    if type(value) is not type(default):
        return f"it must be {_PARAM_KINDS.get(type(default), 'like its default')} {example}"
    limits = effect.limits.get(key)
    if limits is not None and not limits["min"] <= value <= limits["max"]:
        return (f"effect '{effect.id}' takes a whole number from {limits['min']} to "
                f"{limits['max']} ({limits['what']['en']})")
    choices = effect.words.get(key)
    if isinstance(value, str) and choices is not None and value not in choices:
        listed = " or ".join(toml_value(c) for c in choices)
        return f"effect '{effect.id}' takes {listed}"
    return None


def effect_from_data(eid: str, data: Mapping[str, Any],
                     source: str = "cardgen/data/effects.toml") -> EffectFacts:
    """An effect as effects.toml describes it, checked: every whole-number parameter has
    limits its default keeps to, every true/false or text parameter has its words, and
    the caption names only parameters of the effect."""
    params = data.get("params", {})
    words = {name: {value: Text(**text) for value, text in table.items()}
             for name, table in data.get("words", {}).items()}
    caption = Text(**data["caption"]) if "caption" in data else None
    effect = EffectFacts(eid, Text(**data["description"]),
                    {k: v for k, v in data.items() if k in FACT_DEFAULTS}, params,
                    caption, data.get("limits", {}), words)
    where = f"{source}: effect '{eid}'"
    for name, default in params.items():
        if isinstance(default, int) and not isinstance(default, bool) and (
                name not in effect.limits
                or not {"min", "max", "what"} <= set(effect.limits[name])):
            raise CatalogueError(f"{where}: parameter '{name}' needs limits "
                                 "{ min, max } and its words (what) in templates/locale/")
        if not isinstance(default, int) or isinstance(default, bool):
            keys = {"true", "false"} if isinstance(default, bool) else {str(default)}
            if not keys <= set(words.get(name, {})):
                raise CatalogueError(f"{where}: parameter '{name}' needs its words for "
                                     f"{', '.join(sorted(keys))}")
        problem = param_problem(effect, name, default)
        if problem:
            raise CatalogueError(f"{where}: the default {name} = {toml_value(default)}: "
                                 f"{problem}")
    for template in (caption, effect.description):
        left = set(re.findall(r"{(\w+)}", "".join(template.values())) if template else ())
        if left - set(params) - ({"cards"} if "amount" in params else set()):
            raise CatalogueError(f"{where}: a caption names {', '.join(sorted(left))}, "
                                 f"but the parameters are {', '.join(params) or 'none'}")
    return effect


# --- the facts of the plugins installed ---------------------------------------------------


@dataclass(frozen=True)
class FactSource:
    """A plugin's package of facts, named by an entry point of :data:`FACTS_GROUP`."""

    dist: str  # the distribution that declares it (what pip installs)
    package: str
    folder: Path  # the package's folder: effects.toml, options.toml, effect_examples/

    def read(self, name: str) -> dict[str, Any]:
        """The table of ``name`` (effects.toml, options.toml) in the folder, with its words
        from the plugin's catalogue (``locale/``, the domain named as the package) in
        every language cardgen speaks; {} without the file."""
        from cardgen.catalogue.locale import with_words

        path = self.folder / name
        if not path.is_file():
            return {}
        try:
            with path.open("rb") as handle:
                data = tomllib.load(handle)
        except (OSError, tomllib.TOMLDecodeError) as error:
            raise CatalogueError(f"{path}: the plugin {self.dist}'s {name} cannot be read "
                                 f"({error}); reinstall the plugin") from None
        return with_words(name, data, domain=self.package)


@cache
def fact_sources() -> tuple[FactSource, ...]:
    """The packages of facts of the plugins installed, by distribution name. The package
    is found, not imported (a plugin's code runs only when the engine loads it)."""
    found = []
    for ep in entry_points(group=FACTS_GROUP):
        dist = ep.dist.name if ep.dist is not None else ep.value
        spec = find_spec(ep.value) if "." not in ep.value else None
        places = list(spec.submodule_search_locations or []) if spec is not None else []
        if not places:
            raise CatalogueError(f"the plugin {dist} names '{ep.value}' as the package of its "
                                 f"facts ({FACTS_GROUP}), which is no top-level package "
                                 "installed; reinstall the plugin")
        found.append(FactSource(dist, ep.value, Path(places[0])))
    return tuple(sorted(found, key=lambda source: source.dist))


def plugin_effects(builtin: Mapping[str, EffectFacts]) -> dict[str, EffectFacts]:
    """The effects of every plugin installed, read from its effects.toml; an id that
    cardgen or another plugin has already is refused."""
    effects: dict[str, EffectFacts] = {}
    for source in fact_sources():
        for eid, data in source.read("effects.toml").items():
            where = f"{source.dist} ({source.folder / 'effects.toml'})"
            if eid in builtin or eid in effects:
                raise CatalogueError(f"{where}: the effect '{eid}' exists already; a plugin's "
                                     "effect needs an id of its own")
            effects[eid] = effect_from_data(eid, _in_every_language(data)[0], where)
    return effects


@cache
def plugin_language_gaps() -> dict[str, tuple[str, ...]]:
    """Effect id -> the languages cardgen speaks that the plugin's words of it lack (its
    English words stand in for them: a plugin written in French and English is still
    played, printed and explained in every language)."""
    gaps = {}
    for source in fact_sources():
        for eid, data in source.read("effects.toml").items():
            missing = _in_every_language(data)[1]
            if missing:
                gaps[eid] = missing
    return gaps


def _in_every_language(data: Any) -> tuple[Any, tuple[str, ...]]:
    """``data`` with each of its texts (a table of language codes with an English one)
    said in every language cardgen speaks, English standing in; and the languages that
    needed it."""
    from cardgen.catalogue.locale import text_languages

    langs = text_languages()
    missing: set[str] = set()

    def filled(node: Any) -> Any:
        if isinstance(node, Mapping):
            if node and "en" in node and set(node) <= set(langs) \
                    and all(isinstance(v, str) for v in node.values()):
                missing.update(lang for lang in langs if lang not in node)
                return {**{lang: node["en"] for lang in langs}, **node}
            return {key: filled(value) for key, value in node.items()}
        return node

    data = filled(data)
    return data, tuple(lang for lang in langs if lang in missing)


@cache
def known_plugins() -> dict[str, str]:
    """Effect id -> the distribution that brings it, for the plugins cardgen knows of
    (``cardgen/data/plugins.toml``): what a deck naming one that is not installed is told
    to install."""
    with resources.files("cardgen.data").joinpath("plugins.toml").open("rb") as handle:
        return {eid: str(dist) for eid, dist in tomllib.load(handle)["effects"].items()}
