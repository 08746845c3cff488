"""An effect as ``cardgen/data/effects.toml`` describes it: the facts it gives a card,
its parameters with their limits or words, and the caption it writes for a card of a
deck that gives none. The catalogue (:mod:`cardgen.catalogue`) reads every card's
``params`` through :func:`read_params`."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardgen.catalogue.texts import Text
from cardgen.errors import CatalogueError
from cardgen.files.problems import toml_value

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
    #: The caption of a card that gives none, with {param} and {s} in it (else description).
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
            text = text.replace("{s}", "" if params.get("amount") == 1 else "s")
            return text[:1].upper() + text[1:]

        return Text({lang: filled(lang) for lang in template})


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


def effect_from_data(eid: str, data: Mapping[str, Any]) -> EffectFacts:
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
    where = f"cardgen/data/effects.toml: effect '{eid}'"
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
        if left - set(params) - ({"s"} if "amount" in params else set()):
            raise CatalogueError(f"{where}: a caption names {', '.join(sorted(left))}, "
                                 f"but the parameters are {', '.join(params) or 'none'}")
    return effect
