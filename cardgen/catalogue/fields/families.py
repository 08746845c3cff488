"""The families a card may belong to (its ``family`` field): those of the modules the
engine loads, cardgen's own and a plugin's alike, and ``custom``.

A module of the entry-point group :data:`EFFECTS_GROUP` is named ``family.mechanic``
(``classic.cards``, ``unplugged.reactions`` in cardgen's ``pyproject.toml``): its
family is the name up to the first dot, the whole name when it has none (a plugin's
``pass-one-left``). The entry points are read, not imported: the engine imports them
(:func:`cardgen.engine.api.load_families`)."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from typing import Any

#: The entry-point group of the modules that register effects, answers and options
#: (the engine's ``GROUP``).
EFFECTS_GROUP = "cardgen.effects"

#: The family of a card of a deck's own that names none.
CUSTOM = "custom"

#: The engine's package of the options several families share: it holds no card.
_OPTIONS_PACKAGE = "options"


@cache
def card_families() -> tuple[str, ...]:
    """The families a card may name: those of the entry points installed, cardgen's own
    first (as the engine loads them), then ``custom``."""
    found = sorted(entry_points(group=EFFECTS_GROUP),
                   key=lambda ep: (ep.dist is None or ep.dist.name != "cardgen", ep.name))
    families = dict.fromkeys(ep.name.partition(".")[0] for ep in found)
    families.pop(_OPTIONS_PACKAGE, None)
    return (*(family for family in families if family != CUSTOM), CUSTOM)


def read_family(family: Any, default_family: str, label: str, problems: list[str]) -> str:
    """The card's family; one no entry point brings is reported and replaced by
    ``default_family``."""
    if not isinstance(family, str) or family not in card_families():
        problems.append(f"{label} has family '{family}'; use one of "
                        f"{', '.join(card_families())}")
        return default_family
    return family
