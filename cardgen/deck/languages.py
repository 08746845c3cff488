"""A deck in the language a command asks for: every word of it there, or said missing.

The built-in cards and decks speak every language of ``templates/locale/``; a deck
file's own cards and its name speak the languages the file gives (French and English
stand in for each other). Asked for another language, a deck that lacks some of its
words is refused in one line naming them, unless the English ones may stand in
(``--fallback-en``), and a line says which.

A plugin's effect whose words lack a language is said in English there, with a line
naming it: the plugin is not the deck's to fix.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from cardgen.catalogue import Card, Text
from cardgen.catalogue.face_languages import FaceLanguages
from cardgen.deck.load import Deck
from cardgen.errors import DeckError


def missing_words(deck: Deck, lang: str) -> list[str]:
    """What ``deck`` cannot say in ``lang``: "the deck's name", "rain-check (name,
    caption)" …, in the order of the file."""
    missing = [f"the deck's {what}" for what in ("name", "description")
               if (text := getattr(deck, what)) is not None and lang not in text]
    for card in deck.cards.values():
        if card.id not in deck.counts:
            continue
        fields = [what for what in ("name", "caption") if lang not in getattr(card, what)]
        if fields:
            missing.append(f"{card.id} ({', '.join(fields)})")
    return missing


def deck_in(deck: Deck, lang: FaceLanguages, fallback_en: bool = False,
            note: Callable[[str], None] = lambda line: None) -> Deck:
    """``deck`` able to say everything in each language of ``lang``: as it is, or with
    English standing in where ``fallback_en`` lets it; ``note`` is told, in one line a
    language, where English stands in (for the deck's words or a plugin's effect)."""
    for code in lang.codes:
        missing = missing_words(deck, code)
        if missing and not fallback_en:
            raise DeckError(f"{deck.source}: no '{code}' text for {', '.join(missing)}; add "
                            f"{code} = \"…\" to each of these names and captions, or give "
                            "--fallback-en to print their English text")
        if missing:
            note(f"note: {deck.source}: no '{code}' text for {', '.join(missing)}; "
                 "their English text is used")
            deck = _with_english(deck, code)
        effects = plugin_effects_without(deck, code)
        if effects:
            note(f"note: the plugin effect(s) {', '.join(effects)} have no '{code}' words; "
                 "their English words are used")
    return deck


def plugin_effects_without(deck: Deck, lang: str) -> list[str]:
    """The effects of ``deck``'s cards, brought by a plugin, whose words lack ``lang``."""
    from cardgen.catalogue.effect_facts import plugin_language_gaps

    gaps = plugin_language_gaps()
    used = {card.effect for card in deck.cards.values() if card.id in deck.counts}
    return sorted(effect for effect in used if lang in gaps.get(effect, ()))


def _with_english(deck: Deck, lang: str) -> Deck:
    def filled(text: Text) -> Text:
        return text if lang in text else Text({**text, lang: text["en"]})

    def card(one: Card) -> Card:
        return dataclasses.replace(one, name=filled(one.name), caption=filled(one.caption),
                                   plural=filled(one.plural))

    description = deck.description
    return dataclasses.replace(
        deck, name=filled(deck.name),
        description=filled(description) if description is not None else None,
        cards={card_id: card(one) for card_id, one in deck.cards.items()})
