"""The card kinds a designer thinks in, and the deck with one of them taken out.

The engine counts a red Skip and a blue Skip as two kinds; a designer asks about "the
Skip". A :class:`KindGroup` gathers a deck's cards of one effect and symbol, whatever
their colour. The standard number cards form one group, the yardstick the others are
measured against: an ablation replaces a group's every copy by plain number cards (a
5 of the card's colour, the colours in turn for a card without one) at the same places
in the deck, so that the same seed deals the same hands but for those cards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache

from cardgen.catalogue import Card, Text, catalogue
from cardgen.catalogue.locale import text
from cardgen.engine.variant import Variant

#: The value of the plain number cards an ablated kind becomes.
PLAIN_VALUE = 5
NUMBERS = "numbers"


@dataclass(frozen=True)
class KindGroup:
    key: str
    name: Text
    card_ids: tuple[str, ...]
    copies: int

    @property
    def ablated(self) -> bool:
        """Whether the study replaces it by number cards (all but the standard numbers)."""
        return self.key != NUMBERS

    def kinds(self, variant: Variant) -> int:
        """The group's kinds in ``variant`` as a bit mask (bit k: kind k)."""
        mask = 0
        for card_id in self.card_ids:
            if card_id in variant.kind_of:
                mask |= 1 << variant.kind_of[card_id]
        return mask


def _is_standard_number(card: Card) -> bool:
    return card.effect == "number" and card.family == "classic"


@cache
def _colour_words(lang: str) -> re.Pattern[str]:
    """The colour words of ``lang``, in either gender."""
    words = {w for c in catalogue().colors.values() for w in c.words(lang)}
    return re.compile(r"\b(" + "|".join(sorted(words, key=len, reverse=True)) + r")\b",
                      re.IGNORECASE)


def _colourless(text: str, lang: str) -> str:
    return re.sub(r"\s{2,}", " ", _colour_words(lang).sub("", text)).strip()


def _key(card: Card) -> str:
    if _is_standard_number(card):
        return NUMBERS
    if card.color is None:
        return card.id
    parts = [p for p in card.id.split("-") if p != card.color]
    return "-".join(parts) or card.id


def kind_groups(variant: Variant) -> list[KindGroup]:
    """The deck's kinds of card, in deck order (the numbers first when it has them)."""
    found: dict[tuple[str, str, str], list[tuple[Card, int]]] = {}
    for k, card in enumerate(variant.kinds):
        if variant.side_of[k]:  # a dark face: its card is counted, and ablated, by its light one
            continue
        group = ("", "", NUMBERS) if _is_standard_number(card) else (
            card.family, card.effect, card.symbol)
        found.setdefault(group, []).append((card, variant.deck_counts[k]))
    groups = []
    for members in found.values():
        first = members[0][0]
        key = _key(first)
        if key == NUMBERS:
            name = text("balance|number_cards")
        else:
            name = Text({lang: _colourless(said, lang) for lang, said in first.name.items()})
        groups.append(KindGroup(key, name, tuple(c.id for c, _ in members),
                                sum(n for _, n in members)))
    return groups


def plain_cards(card: Card, copies: int) -> list[tuple[Card, int]]:
    """``copies`` plain number cards standing for ``card``: numbers of its colour, or of
    every colour in turn for a card without one; ids that say what they replace."""
    colours = [card.color] if card.color else list(catalogue().colors)
    counts = [copies // len(colours) + (i < copies % len(colours)) for i in range(len(colours))]
    out = []
    for colour, count in zip(colours, counts, strict=True):
        if count:
            number = catalogue()[f"{colour}-{PLAIN_VALUE}"]
            out.append((replace(number, id=f"{card.id}~{number.id}", family="custom"), count))
    return out


def ablated(variant: Variant, group: KindGroup) -> Variant:
    """``variant`` with the group's cards replaced by plain numbers, at the same places."""
    cards: list[tuple[Card, int]] = []
    for k, card in enumerate(variant.kinds):
        count = variant.deck_counts[k]
        cards.extend(plain_cards(card, count) if card.id in group.card_ids else [(card, count)])
    return variant.with_cards(cards, variant.rule_names, f"{variant.name} without {group.key}")


def replacement_mask(variant: Variant, group: KindGroup) -> int:
    """The kinds standing for ``group`` in its ablated variant, as a bit mask."""
    mask = 0
    for k, card in enumerate(variant.kinds):
        if card.id.partition("~")[0] in group.card_ids and "~" in card.id:
            mask |= 1 << k
    return mask
