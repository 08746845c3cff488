"""The card catalogue: what a card is, and every card cardgen knows.

The cards themselves are data (``cardgen/data/cards.toml``), as are the effects they
can have (``effects.toml``). The modules here hold one job each: what a card and a
colour are (:mod:`.card`), cards made from a [[card]] table with its fields checked
(:mod:`.card_table`, which deck files go through too), the families a card may belong
to (:mod:`.families`), finding a card by id or name (:mod:`.lookup`) and the catalogue
read from the data files (:mod:`.shipped`). The names below are what the rest of
cardgen imports.
"""

from __future__ import annotations

from cardgen.catalogue.card import Card, Color
from cardgen.catalogue.effect_facts import FACT_DEFAULTS, EffectFacts
from cardgen.catalogue.fields.table import CARD_FIELDS, build_cards, pictogram_names
from cardgen.catalogue.lookup import Catalogue, closest_card, normalize
from cardgen.catalogue.shipped import catalogue
from cardgen.catalogue.texts import LANGS, Text

__all__ = ["CARD_FIELDS", "FACT_DEFAULTS", "LANGS", "Card", "Catalogue", "Color", "EffectFacts",
           "Text", "build_cards", "catalogue", "closest_card", "normalize", "pictogram_names"]
