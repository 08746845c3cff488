"""The options a table can play with, as listed in ``data/options.toml`` and in the
options.toml of each plugin installed (:func:`~cardgen.catalogue.effect_facts.fact_sources`).

This module names and describes them, and says which combinations make sense: what
each option needs, what it cannot be combined with, what it is made of. The engine
gives each its behaviour.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from importlib import resources

from cardgen.catalogue import Text
from cardgen.catalogue.effect_facts import fact_sources
from cardgen.catalogue.locale import labels, with_words
from cardgen.errors import CatalogueError


@dataclass(frozen=True)
class OptionFacts:
    """What an option of options.toml declares (what it does in play is the engine's
    class registered under the same name, :data:`cardgen.engine.official.rules.OPTIONS`)."""

    name: str
    ids: tuple[str, ...]  # the rule ids of docs/rules.md it implements
    description: Text
    needs: tuple[str, ...] = ()  # options it cannot be played without
    conflicts: tuple[str, ...] = ()  # options it cannot be combined with (both ways)
    includes: tuple[str, ...] = ()  # options it is made of (they meet a need)
    cards: tuple[str, ...] = ()  # the cards its description names, by a kind's key

    def met_by(self) -> dict[str, tuple[str, ...]]:
        """Each need -> the options that meet it: itself and those that include it."""
        return {need: (need, *(r.name for r in OPTION_FACTS.values() if need in r.includes))
                for need in self.needs}


def relation_label(relation: str, lang: str) -> str:
    """How ``cardgen options`` names a relation (needs, includes, conflicts) or "or"."""
    return str(labels("options", lang)[relation])


def _load() -> dict[str, OptionFacts]:
    with resources.files("cardgen.data").joinpath("options.toml").open("rb") as handle:
        raw = with_words("options.toml", tomllib.load(handle))
    for source in fact_sources():  # the options of the plugins installed
        for name, entry in source.read("options.toml").items():
            if name in raw:
                raise CatalogueError(f"{source.dist} ({source.folder / 'options.toml'}): the "
                                     f"option '{name}' exists already; a plugin's option "
                                     "needs a name of its own")
            raw[name] = entry
    rules = {
        name: OptionFacts(name, tuple(entry["ids"]), Text(**entry["description"]),
                           tuple(entry.get("needs", ())), tuple(entry.get("conflicts", ())),
                           tuple(entry.get("includes", ())), tuple(entry.get("cards", ())))
        for name, entry in raw.items()
    }
    # A conflict holds both ways. An option named beside one that includes it changes
    # nothing (a deck with stack-draws may still take --option olympique).
    pairs = {(name, other) for name, rule in rules.items() for other in rule.conflicts}
    pairs |= {(b, a) for a, b in pairs}
    return {
        name: OptionFacts(rule.name, rule.ids, rule.description, rule.needs,
                           tuple(o for o in rules if (name, o) in pairs), rule.includes,
                           rule.cards)
        for name, rule in rules.items()
    }


class _OptionFacts(Mapping[str, OptionFacts]):
    """Option name -> its facts, read on first use: `cardgen --help` and the commands
    that name no option do not wait for options.toml and its words."""

    @cached_property
    def _facts(self) -> dict[str, OptionFacts]:
        return _load()

    def __getitem__(self, name: str) -> OptionFacts:
        return self._facts[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._facts)

    def __len__(self) -> int:
        return len(self._facts)


OPTION_FACTS: Mapping[str, OptionFacts] = _OptionFacts()


def combination_problems(names: Iterable[str]) -> list[str]:
    """What is wrong with playing these known options together, each with its fix."""
    chosen = [n for n in dict.fromkeys(names) if n in OPTION_FACTS]
    problems: list[str] = []
    for i, name in enumerate(chosen):
        rule = OPTION_FACTS[name]
        for other in chosen[i + 1:]:
            if other in rule.conflicts:
                problems.append(f"the rules {name} and {other} cannot be played together; "
                                "keep one (`cardgen options` lists what conflicts with what)")
        for need, met_by in rule.met_by().items():
            if not any(option in chosen for option in met_by):
                others = [o for o in met_by if o != need]
                alternative = (f" (or {', '.join(others)}, which include"
                               f"{'s' if len(others) == 1 else ''} it)" if others else "")
                problems.append(f"the rule {name} needs {need}{alternative}; turn on {need} "
                                f"too (--option {need}, or add it to the deck's rules)")
    return problems
