"""The deck's own cards that its rule text says nothing about, given a section anyway.

A rule text covers a card with an ``@card ID`` block (the built-in texts do so for every
special card of the deck). A card of the deck file's own that no block covers gets one
from ``templates/locale/<lang>/rulebook/_own_cards.md.j2``: its name, copies and points, its
caption and what its effect does. Its ``@card`` ids are checked here too, so that a
typo in a rule text is reported with the text's name instead of deep in the layout.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from cardgen.catalogue import Card, closest_card
from cardgen.deck.load import Deck
from cardgen.rulebook.markup import (
    Block,
    CardBlock,
    Directive,
    QuickReference,
    TemplateSyntaxError,
    parse,
)


def card_blocks(blocks: Sequence[Block]) -> Iterator[CardBlock]:
    for block in blocks:
        if isinstance(block, CardBlock):
            yield block
        elif isinstance(block, QuickReference):
            yield from card_blocks(block.body)


def card_named(deck: Deck, key: str) -> Card | None:
    """The card an ``@card`` line names: a card's id ("red-canon"), or its kind's id
    ("canon", as the kind's ``k.id`` gives it), which shows the kind's first card the deck
    holds (the first it may name, when it holds none)."""
    if key in deck.cards:
        return deck.cards[key]
    held = (card for card, _ in deck.card_list())
    return next((card for card in (*held, *deck.cards.values()) if card.entry == key), None)


def check_card_ids(blocks: Sequence[Block], deck: Deck, source: str,
                   line_of: Callable[[str], int | None] = lambda line: None) -> None:
    """Every ``@card ID`` names a card of the deck; ``line_of`` finds the line that says
    so in the text's file, when the id is written there as it is."""
    for block in card_blocks(blocks):
        card_id = html.unescape(block.card_id)
        if card_named(deck, card_id) is None:
            line = line_of(f"@card {card_id}")
            where = f"{source}, line {line}" if line else source
            raise TemplateSyntaxError(f"{where}: {no_such_card(card_id, deck.cards.values())}")


def no_such_card(card_id: str, cards: Iterable[Card]) -> str:
    """What is wrong with an ``@card`` line whose id names none of ``cards``."""
    close = closest_card(card_id, cards)
    hint = f"did you mean '{close}'?" if close else "`cardgen cards` lists the ids"
    return f"'@card {card_id}' names no card of this deck; {hint}"


def missing_kinds(blocks: Sequence[Block], context: dict[str, Any]) -> list[dict[str, Any]]:
    """The kinds of the deck's own cards that no ``@card`` block covers."""
    covered = {html.unescape(block.card_id) for block in card_blocks(blocks)}
    return [kind for kind in context["custom"] if not covered & {*kind["ids"], kind["id"]}]


def with_own_card_sections(blocks: list[Block], text: str, source: str) -> list[Block]:
    """``blocks`` with the sections rendered in ``text`` before the gallery (or the quick
    reference, or at the end when the text has neither)."""
    sections = parse(text, source)
    for at, block in enumerate(blocks):
        if isinstance(block, QuickReference) or block == Directive("gallery"):
            return blocks[:at] + sections + blocks[at:]
    return blocks + sections
