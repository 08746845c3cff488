"""The catalogue cardgen ships, read once from its data files: the colours and cards of
``cardgen/data/cards.toml``, the effects of ``effects.toml`` and of the plugins
installed, each with its words from the catalogues of templates/locale/."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from cardgen.catalogue.card import Card, Color
from cardgen.catalogue.effect_facts import effect_from_data, plugin_effects
from cardgen.catalogue.fields.table import build_cards
from cardgen.catalogue.locale import with_words
from cardgen.catalogue.lookup import Catalogue
from cardgen.catalogue.texts import Text
from cardgen.errors import CatalogueError


def read_data(name: str) -> dict[str, Any]:
    """A built-in data file, with its words from the catalogues (templates/locale/)."""
    with resources.files("cardgen.data").joinpath(name).open("rb") as handle:
        return with_words(name, tomllib.load(handle))


@cache
def catalogue() -> Catalogue:
    """The shipped catalogue, read once."""
    raw_colors = read_data("cards.toml")
    colors = _colors(raw_colors["colors"])
    dark_colors = _colors(raw_colors.get("dark_colors", {}))
    effects = {eid: effect_from_data(eid, e) for eid, e in read_data("effects.toml").items()}
    effects |= plugin_effects(effects)  # those of the plugins installed
    cards: dict[str, Card] = {}
    for entry in raw_colors["card"]:
        built, problems = build_cards(entry, colors | dark_colors, effects,
                                      default_family="classic")
        if problems:
            raise CatalogueError("cardgen/data/cards.toml: " + "; ".join(problems))
        for card in built:
            if card.id in cards:
                raise CatalogueError(f"cardgen/data/cards.toml: card id '{card.id}' is repeated")
            cards[card.id] = card
    return Catalogue(colors, effects, cards, dark_colors)


def _colors(raw: dict[str, Any]) -> dict[str, Color]:
    return {
        cid: Color(cid, Text(c["name"]), Text(c["name_f"]), c["rgb"], Text(c["plural"]),
                   Text(c["plural_f"]), **{form: Text(c[form]) for gender in "mn"
                                            for form in (f"name_{gender}", f"plural_{gender}")
                                            if form in c})
        for cid, c in raw.items()
    }
