"""Finding a card: the :class:`Catalogue` (colours, effects and cards by id) answers
"which card is this?" for an id or a name in any language, and :func:`closest_card`
guesses the card a mistyped key meant, for "did you mean" hints."""

from __future__ import annotations

import difflib
import re
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from cardgen.catalogue.card import Card, Color
from cardgen.catalogue.effect_facts import EffectFacts
from cardgen.catalogue.locale import with_words


def normalize(key: str) -> str:
    """The form ids and names are compared in: no accents, no case, no spaces or dashes.

    >>> normalize("Vache folle") == normalize("vache-folle") == "vachefolle"
    True
    """
    decomposed = unicodedata.normalize("NFKD", key)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    return re.sub(r"[^a-z0-9+?]", "", plain)


@dataclass(frozen=True)
class Catalogue:
    """Colours, effects and cards by id: the shipped ones (:func:`cardgen.catalogue.catalogue`)."""

    colors: Mapping[str, Color]
    effects: Mapping[str, EffectFacts]
    cards: Mapping[str, Card]
    #: The colours of the dark faces of two-faced decks (UNO Flip's pink, teal …): kept
    #: apart from ``colors``, which a one-faced deck's wilds, legends and texts list.
    dark_colors: Mapping[str, Color] = field(default_factory=dict)
    #: The dark colours decks define themselves (``dark_colors`` tables, docs/your-deck.md),
    #: added as such decks are read (:mod:`cardgen.deck.dark_colors`); the dark wild's
    #: disc keeps to the shipped four.
    own_dark_colors: dict[str, Color] = field(default_factory=dict)

    def color(self, color_id: str) -> Color:
        """A colour of either side by its id."""
        found = self.colors.get(color_id) or self.own_dark_colors.get(color_id)
        return found if found is not None else self.dark_colors[color_id]

    def all_dark_colors(self) -> dict[str, Color]:
        """The shipped dark colours and those decks defined, by id."""
        return {**self.dark_colors, **self.own_dark_colors}

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    def lookup(self, key: str, extra: Iterable[Card] = ()) -> list[Card]:
        """The cards an id or a name (French or English, any case or accents) points to."""
        wanted = normalize(key)
        found = {}
        for card in [*self.cards.values(), *extra]:
            if wanted in (normalize(card.id), *(normalize(said) for said in card.name.values())):
                found[card.id] = card
        return list(found.values())

    def suggest(self, key: str, extra: Iterable[Card] = ()) -> str | None:
        """The closest id to a mistyped key, for "did you mean" hints."""
        return closest_card(key, [*self.cards.values(), *extra])


@cache
def _number_words() -> dict[str, str]:
    """Number word -> digit, in every language ("seven" -> "7"): the catalogues' list."""
    with resources.files("cardgen.data").joinpath("cards.toml").open("rb") as handle:
        words = with_words("cards.toml", tomllib.load(handle))["number_words"]
    return {normalize(word): str(n) for said in words.values() for n, word in enumerate(said)}


def closest_card(key: str, cards: Iterable[Card]) -> str | None:
    """The id of the card of ``cards`` closest to a mistyped ``key`` (by id or name), for
    "did you mean" hints; numbers may be spelt out ("red-seven" -> "red-7")."""
    by_form: dict[str, str] = {}
    for card in cards:
        for form in (card.id, *card.name.values()):
            by_form.setdefault(normalize(form), card.id)
    words = _number_words()
    digits = "-".join(words.get(normalize(w), w) for w in re.split(r"[\s_-]+", key))
    for wanted in dict.fromkeys((normalize(digits), normalize(key))):
        close = difflib.get_close_matches(wanted, list(by_form), n=1, cutoff=0.6)
        if close:
            return by_form[close[0]]
    return None
