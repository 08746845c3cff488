"""Fields of a deck's own ``[[card]]`` table that do not do what they seem to do.

A coloured card whose effect goes on any card plays as a wild, whatever colour it is
printed in; a ``symbol`` on a card that is not a number shows nowhere on its face. Each
is a warning naming the card, and saying what to write instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardgen.catalogue import Card
from cardgen.files.problems import Report


def warn_misleading_fields(entry: Mapping[str, Any], cards: Sequence[Card],
                           symbols: Mapping[str, list[str]], report: Report) -> None:
    """Warn about the table ``entry`` that made ``cards``; ``symbols`` gives the ids of
    the other cards (the catalogue's and the deck's own) that carry each symbol."""
    if not cards:
        return
    first = cards[0]
    others = f" (and {', '.join(c.id for c in cards[1:])}, of the same [[card]])" \
        if len(cards) > 1 else ""
    if first.color is not None and first.any_card and "any_card" not in entry:
        report.warning(
            f"card '{first.id}'{others} is coloured, but its effect '{first.effect}' goes on "
            "any card, so it plays as a wild whatever its colour; add any_card = false to "
            "bind it to its colour (it then goes on its colour or on a card of its kind), "
            "or any_card = true to keep it so", first.id)
    if "symbol" in entry and first.effect != "number":
        matched = sorted({cid for c in cards for cid in symbols.get(c.symbol, [])
                          if cid not in {card.id for card in cards}})
        if matched:
            shown = ", ".join(matched[:4]) + (", …" if len(matched) > 4 else "")
            effect = (f"it goes on {shown} as on a card of its own kind, and the rulebook "
                      "and balance count them as one kind")
        else:
            effect = "no other card has that symbol, so it changes nothing in play either"
        report.warning(
            f"card '{first.id}'{others} sets symbol = '{entry['symbol']}', which does not "
            f"show on its face (only a number card's does): {effect}; remove 'symbol' "
            "unless that is what you want", first.id)
