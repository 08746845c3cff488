"""What a designer can reuse on a card of their own, said in words: the effects of
``cardgen/data/effects.toml`` with their parameters, limits and facts (``cardgen
effects``), and the pictogram names of ``cardgen/data/pictograms.toml`` (``cardgen
pictograms``). The words are in the catalogues of ``templates/locale/`` (area ``discover``).
"""

from __future__ import annotations

from typing import Any

from cardgen.catalogue import FACT_DEFAULTS, EffectFacts, catalogue, pictogram_names
from cardgen.catalogue.locale import labels as area_words
from cardgen.catalogue.locale import typography


def labels(lang: str) -> dict[str, Any]:
    """The words of the listings in ``lang`` (the area ``discover`` of templates/locale/)."""
    return area_words("discover", lang)


def effect_facts(effect: EffectFacts) -> dict[str, bool]:
    """Every fact a card of this effect has unless it says otherwise."""
    return {**FACT_DEFAULTS, **effect.facts}


def effect_rows() -> list[dict[str, Any]]:
    """Every effect as data (what ``--json`` prints): its description, facts and
    parameters with their defaults, limits and words, and the file names of its examples
    (``cardgen effects --examples DIR`` writes them)."""
    # (here, not at the top: the situations load the engine, which the command line's
    # start does not)
    from cardgen.situation.examples import examples_of

    rows = []
    for effect in catalogue().effects.values():
        params = []
        for name, default in effect.params.items():
            param: dict[str, Any] = {"name": name, "default": default}
            if name in effect.limits:
                limits = effect.limits[name]
                param.update(type="integer", min=limits["min"], max=limits["max"],
                             what=dict(limits["what"]))
            else:
                param["type"] = "boolean" if isinstance(default, bool) else "text"
                param["choices"] = {value: words.as_dict()
                                    for value, words in effect.words[name].items()}
            params.append(param)
        rows.append({"id": effect.id, "description": effect.description.as_dict(),
                     "facts": effect_facts(effect), "params": params,
                     "examples": examples_of(effect.id)})
    return rows


def _toml(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else \
        f'"{value}"' if isinstance(value, str) else str(value)


def _param_line(param: dict[str, Any], lang: str) -> str:
    words = labels(lang)
    default = _toml(param["default"])
    if param["type"] == "integer":
        return str(words["whole_number"]).format(
            name=param["name"], min=param["min"], max=param["max"], what=param["what"][lang],
            default=default)
    choices = words["or"].join(
        words["choice"].format(value=_toml(value if param["type"] == "text"
                                           else value == "true"),
                               words=text[lang])
        for value, text in param["choices"].items())
    key = "true_false" if param["type"] == "boolean" else "one_of"
    return str(words[key]).format(name=param["name"], choices=choices, default=default)


def effect_lines(lang: str) -> list[str]:
    """The effects as ``cardgen effects`` prints them: each one's id and what it does,
    then its parameters, its facts and its examples, indented."""
    words = labels(lang)
    colon = (" " if typography(lang).before_colon else "") + ":"  # French spaces it
    lines = []
    for row in effect_rows():
        lines.append(f"{row['id']}{colon} {row['description'][lang]}")
        params = [_param_line(param, lang) for param in row["params"]]
        lines.append(f"    {words['parameters']}{colon} "
                     + (words["separator"].join(params) if params else words["no_parameters"]))
        facts = [words[fact]["true" if value else "false"]
                 for fact, value in row["facts"].items()]
        lines.append(f"    {words['facts']}{colon} {words['separator'].join(facts)}")
        if row["examples"]:
            lines.append(f"    {words['examples']}{colon} {', '.join(row['examples'])}")
    return lines


def pictogram_list() -> list[str]:
    """The names a card's ``pictogram`` may take, in the order of pictograms.toml."""
    return list(pictogram_names())
