"""The optional rules a table can play with, as listed in ``data/rules.toml``.

This module only names and describes them; the engine gives each its behaviour.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

from cardgen.catalogue import Text


@dataclass(frozen=True)
class OptionalRule:
    name: str
    ids: tuple[str, ...]  # the rule ids of docs/rules.md it implements
    description: Text


def _load() -> dict[str, OptionalRule]:
    with resources.files("cardgen.data").joinpath("rules.toml").open("rb") as handle:
        raw = tomllib.load(handle)
    return {
        name: OptionalRule(name, tuple(entry["ids"]), Text(**entry["description"]))
        for name, entry in raw.items()
    }


OPTIONAL_RULES: dict[str, OptionalRule] = _load()
