"""What the rulebook templates may read about a deck, in one language.

The templates receive plain data (dicts, lists, strings, numbers) and three small
look-up functions, never the :class:`~cardgen.deck.Deck` itself: the sandbox then has
nothing to reach through, and a template only sees what this module chose to give.
Every count, point value and name comes from the deck, so the rule text, the card
table and the faces can never disagree.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.catalogue import Card, catalogue
from cardgen.catalogue.locale import takes_plural
from cardgen.catalogue.option_facts import OPTION_FACTS
from cardgen.deck.file import base_ref
from cardgen.deck.load import Deck, load_deck
from cardgen.errors import CardgenError
from cardgen.rulebook.templates import labels, spaced


@dataclass(frozen=True)
class Kind:
    """The cards of a deck that share one symbol: "+2" in four colours, or one Non."""

    symbol: str
    cards: tuple[tuple[Card, int], ...]

    @property
    def first(self) -> Card:
        return self.cards[0][0]

    @property
    def count(self) -> int:
        return sum(n for _, n in self.cards)

    @property
    def is_number(self) -> bool:
        return self.first.effect == "number"


def kinds_of(card_list: list[tuple[Card, int]]) -> list[Kind]:
    """Group a deck's cards by symbol, in the deck's order."""
    groups: dict[str, list[tuple[Card, int]]] = {}
    for card, count in card_list:
        groups.setdefault(card.symbol, []).append((card, count))
    return [Kind(symbol, tuple(cards)) for symbol, cards in groups.items()]


def generic_name(card: Card, lang: str, plural: bool = False) -> str:
    """A card's name without its colour: "Coup de bol rouge" -> "Coup de bol"; with
    ``plural``, its plural ("Coups de bol rouges" -> "Coups de bol")."""
    name = card.plural[lang] if plural else card.name[lang]
    if card.color is None:
        return name
    color = catalogue().color(card.color)
    words = color.words(lang, plural)
    pattern = r"\b(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    stripped = re.sub(pattern + r")\b", "", name, flags=re.IGNORECASE)
    stripped = " ".join(stripped.split())
    return stripped or name


def _one_line(text: str) -> str:
    """Deck texts may span lines; the templates' block syntax is line-based."""
    return " ".join(text.split())


def kind_summary(kind: Kind, lang: str) -> dict[str, Any]:
    """One kind of card as the templates see it."""
    cat = catalogue()
    first = kind.first
    captions = {card.caption[lang] for card, _ in kind.cards}
    if len(captions) == 1:
        caption = captions.pop()
    else:  # "Goes on red or on a 7": say what the kind does, not what each card says
        caption = cat.effects[first.effect].description[lang] if first.effect in cat.effects \
            else first.caption[lang]
    points = {card.points for card, _ in kind.cards}
    colors = [card.color for card, _ in kind.cards if card.color is not None]
    per_color = {n for card, n in kind.cards if card.color is not None}
    return {
        "symbol": kind.symbol,
        # The id of its [[card]] table ("canon" for "{color}-canon"): how a rule text
        # names the kind, as the deck file does; each card's own is in "ids".
        "id": first.entry,
        "ids": [card.id for card, _ in kind.cards],
        "name": _one_line(generic_name(first, lang)),
        # The name after a count other than one ("8 Inversions"): use counted() for it.
        "plural": _one_line(generic_name(first, lang, plural=True)),
        "names": [_one_line(card.name[lang]) for card, _ in kind.cards],
        "effect": first.effect,
        "family": first.family,
        "count": kind.count,
        "points": points.pop() if len(points) == 1 else None,
        "caption": _one_line(caption),
        # What the effect does, in the effect's words: the rulebook adds it ("In play: …")
        # to a card whose caption says something else.
        "description": _one_line(cat.effects[first.effect].description[lang]
                                 if first.effect in cat.effects
                                 and not _caption_says_effect(first, caption, lang)
                                 else caption),
        "colors": [cat.color(c).name[lang] for c in colors],
        "per_color": per_color.pop() if len(per_color) == 1 and len(colors) > 1 else None,
        "any_card": first.any_card,
        "reaction": first.reaction,
        "can_start": first.can_start,
        "can_finish": first.can_finish,
        "is_number": kind.is_number,
        "custom": first.family == "custom",
        "amount": first.param("amount"),
    }


def _caption_says_effect(card: Card, caption: str, lang: str) -> bool:
    """Whether ``caption`` already says what ``card``'s effect does: a caption made from
    the effect, or the catalogue's own caption of that card, written for what it does
    (the Skip's "The next player sits this turn out." is its effect's "The next player
    misses a turn." in other words: said once). A deck's own caption may say anything,
    a joke or a story, and keeps the effect's line beside it."""
    cat = catalogue()
    effect = cat.effects[card.effect]
    if caption == effect.auto_caption(dict(card.params))[lang] \
            or holds_sentence(caption, effect.description[lang]):
        return True
    listed = cat.cards.get(card.id)
    return listed is not None and not listed.caption.missing(lang) \
        and listed.caption[lang] == caption


def holds_sentence(text: str, sentence: str) -> bool:
    """Whether ``text`` already says ``sentence`` word for word, or nearly: four words
    in five of it found in ``text``, in its order ("This round is on you: give one card
    to every other player." holds "Give one card to every other player.")."""
    said, told = _words(text), _words(sentence)
    found = sum(block.size for block in difflib.SequenceMatcher(
        None, said, told, autojunk=False).get_matching_blocks())
    return bool(told) and found >= 0.8 * len(told)


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def template_context(deck: Deck, lang: str) -> dict[str, Any]:
    """Everything a rulebook template may use for ``deck`` in ``lang``."""
    card_list = deck.card_list()
    kinds = [kind_summary(kind, lang) for kind in kinds_of(card_list)]
    # A two-faced deck's dark faces, counted as their light faces are (FL-01).
    dark_kinds = [kind_summary(kind, lang) for kind in kinds_of(
        [(dark, deck.counts[light.id]) for light, dark in deck.face_pairs()])]
    numbers = [k for k in kinds if k["is_number"]]
    rule_rows = _rule_rows(deck, lang)
    return {
        "lang": lang,
        "deck": _deck_summary(deck, lang),
        "kinds": kinds,
        "numbers": numbers,
        "number_count": sum(k["count"] for k in numbers),
        "specials": [k for k in kinds if not k["is_number"]],
        "points_groups": _points_groups(card_list, lang),
        "custom": [k for k in kinds if k["custom"]],
        "removals": _removals(deck, lang),
        "rules": rule_rows[True],
        "other_rules": rule_rows[False],
        "plays": lambda name: name in played_with_parts(deck),
        **_kind_lookups(kinds + dark_kinds, deck.cards, lang),
        "colors": [c.name[lang] for c in catalogue().colors.values()],
        "dark_kinds": dark_kinds,
        **play_lists(kinds, dark_kinds),
        "dark_colors": [catalogue().color(c).name[lang] for c in deck.dark_colors],
        "devices": list(deck.devices),  # X-09 … X-12: described, never played
    }


#: The effects of the wild draw cards a player may lay only without a card of the colour
#: in play, and be challenged for (C-20, FL-09): the +4 and its kin, the Wild Draw Color.
BLUFF_EFFECTS = ("wild-draw", "wild-draw-color")


def play_lists(kinds: list[dict[str, Any]], dark_kinds: list[dict[str, Any]]
               ) -> dict[str, list[dict[str, Any]]]:
    """The deck's special cards the shared rule text names by what they do, so that a
    sentence names the deck's own cards, or is left out where the deck has none: a
    two-faced deck's dark faces count with its light ones (a Draw Five is a draw card of
    UNO Flip as much as a Draw One)."""
    both = list({k["name"]: k for k in [*kinds, *dark_kinds] if not k["is_number"]}.values())
    coloured = [k for k in kinds if not k["is_number"] and not k["any_card"] and k["colors"]]
    return {
        # The cards that make a player draw: a number of cards (`amount`) or up to a colour.
        "draw_kinds": [k for k in both
                       if k["amount"] is not None or k["effect"] in BLUFF_EFFECTS],
        "bluff_kinds": [k for k in both if k["effect"] in BLUFF_EFFECTS],
        # The cards that go on anything in a turn of one's own ("a black card").
        "black_kinds": [k for k in both if k["any_card"] and not k["reaction"]],
        # "A Skip on a Skip, a +2 on a +2": two coloured cards matched by their symbol,
        # the most familiar first (a Skip, then a draw card, a Reverse last).
        "symbol_examples": sorted(coloured, key=lambda k: (
            k["effect"] != "skip", k["amount"] is None, k["effect"] == "reverse"))[:2],
    }


def _deck_summary(deck: Deck, lang: str) -> dict[str, Any]:
    return {
        "id": deck.id,
        "name": _one_line(deck.name[lang]),
        "description": deck_description(deck, lang),
        "variant": deck.rulebook,
        "builtin": deck.source.startswith("built-in deck"),
        "total": deck.total(),
        "min_players": deck.min_players,
        "max_players": deck.max_players,
        "target": deck.target,  # the score that ends the game (C-31)
        "hand_size": deck.hand_size,  # the cards dealt to each player (C-04)
    }


def deck_description(deck: Deck, lang: str) -> str:
    """What the title page says the deck is, in one line ("" for nothing).

    A deck file that writes no description inherits its base deck's, which describes
    the base ("The official 108-card deck and its rules."). Once the deck deals other
    cards or plays other rules that sentence is false, so the rulebook says what the
    deck is based on instead ("A deck derived from “Classic UNO” (108 cards).").
    """
    if not deck.description:
        return ""
    origin = _description_origin(deck)
    if origin is not None and (origin.counts != deck.counts
                               or set(played_rules(origin)) != set(played_rules(deck))):
        base = _base_deck(deck) or origin
        text = labels(lang)["derived_deck"].format(base=_one_line(base.name[lang]),
                                                   n=base.total())
        return spaced(text, lang)
    return _one_line(deck.description[lang])


def _base_deck(deck: Deck) -> Deck | None:
    """The deck ``deck`` names as its ``base`` (None without one, or if it cannot be
    read again)."""
    if not deck.base:
        return None
    builtin = deck.source.startswith("built-in deck")
    folder = None if builtin else Path(deck.source).parent
    try:
        return load_deck(base_ref(deck.base, deck.source, folder))
    except CardgenError:
        return None


def _description_origin(deck: Deck) -> Deck | None:
    """The deck up the chain of bases whose file wrote ``deck``'s description, when the
    deck inherits it (None when the description is the deck's own)."""
    origin = None
    current = _base_deck(deck)
    while current is not None and current.description == deck.description:
        origin = current
        current = _base_deck(current)
    return origin




def counted(n: int, name: str, plural: str | None, lang: str) -> str:
    """"N name" with the name made plural when the count asks for it: "8 Inversions",
    "1 Inversion", "4 Wilds". ``plural`` None means the name does not change."""
    return f"{n} {plural if plural is not None and takes_plural(n, lang) else name}"


class UnknownCardKey(CardgenError):
    """A rule text asks about a card by a key that names no card: a misspelt id."""


def card_keys(cards: Iterable[Card]) -> set[str]:
    """Every key that names one of ``cards`` in name(), count() and the others: its id,
    its kind's id (its [[card]] table's, "canon") and its kind's key (its symbol, "+2")."""
    return {key for card in cards for key in (card.symbol, card.id, card.entry)}


def unknown_key(key: Any, known: Iterable[str]) -> str:
    """Why ``key`` names no card, with the nearest of the ``known`` keys."""
    close = difflib.get_close_matches(str(key), sorted(known), n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(repr(k) for k in close)}?" if close else ""
    return (f"no card has the id or key {key!r}{hint} (a card's id, as `cardgen cards DECK` "
            "lists them, or a kind's key like \"+2\")")


class _KindKeys:
    """What a key in a rule text means: a card's id (any card the deck may name) or a
    kind's key (its symbol, "+2"). Both always work, so giving a card a ``symbol`` never
    changes what its id finds. A key the deck and the catalogue do not know is an error
    naming the nearest keys; one they know that the deck does not hold is no kind."""

    def __init__(self, kinds: list[dict[str, Any]], cards: Mapping[str, Card]) -> None:
        self.by_key = {kind["symbol"]: kind for kind in kinds}
        for kind in kinds:
            for card_id in (*kind["ids"], kind["id"]):
                self.by_key.setdefault(card_id, kind)
        # The cards the deck may name but does not hold ("+8" in the classic deck).
        self.absent = card_keys(cards.values())

    def kind(self, key: Any) -> dict[str, Any] | None:
        """The deck's kind the key names; None for a card the deck does not hold."""
        if isinstance(key, str) and key in self.by_key:
            return self.by_key[key]
        if isinstance(key, str) and key in self.absent:
            return None
        raise UnknownCardKey(unknown_key(key, set(self.by_key) | self.absent))

    def name(self, key: str, plural: bool = False) -> str:
        """A kind's name (or plural); for a card the deck does not hold, the key as
        written, as before ids were taken: the built-in texts print "+4" where a deck
        has none, and a reader's book should not name a card it lacks in full."""
        kind = self.kind(key)
        return str(kind["plural" if plural else "name"]) if kind is not None else key


def _kind_lookups(kinds: list[dict[str, Any]], cards: Mapping[str, Card], lang: str
                  ) -> dict[str, Callable[..., Any]]:
    """The templates' questions about a kind of card, asked by a card's id ("tunnel",
    "red-draw-two") or by a kind's key ("+2")."""
    keys = _KindKeys(kinds, cards)

    def count(*keys_asked: str) -> int:
        """Copies of the kinds these keys name (0 for a card the deck does not hold)."""
        found = {id(kind): kind for key in keys_asked if (kind := keys.kind(key))}
        return sum(kind["count"] for kind in found.values())

    def points(key: str) -> int:
        kind = keys.kind(key)
        return int(kind["points"]) if kind and kind["points"] is not None else 0

    def name(key: str) -> str:
        """The name of a kind of card without its colour ("+2", "Reverse")."""
        return keys.name(key)

    def plural(key: str) -> str:
        """The plural of a kind's name without its colour ("Inversions", "Reverses")."""
        return keys.name(key, plural=True)

    def count_of(key: str) -> str:
        """The copies of a kind and its name, plural unless the count is singular:
        count_of("reverse") -> "8 Inversions" (French), "8 Reverses" (English)."""
        return counted(count(key), name(key), plural(key), lang)

    return {"count": count, "points": points, "name": name, "plural": plural,
            "count_of": count_of, "takes_plural": lambda n: takes_plural(n, lang),
            "has": lambda key: keys.kind(key) is not None, "kind": keys.kind}


def _removals(deck: Deck, lang: str) -> list[dict[str, Any]]:
    """The cards taken out at each table size, by player count; a size that takes out
    no copy (a deck file's ``wild = 0``) has nothing to say and is left out."""
    removals = []
    for players, taken in sorted(deck.removals.items()):
        cards = [{"name": _one_line(deck.cards[cid].name[lang]),
                  "plural": _one_line(deck.cards[cid].plural[lang]), "count": n}
                 for cid, n in taken.items() if n > 0]
        if cards:
            removals.append({"players": players, "total": deck.total(players),
                             "cards": cards})
    return removals


def played_rules(deck: Deck) -> tuple[str, ...]:
    """The optional rules the deck plays, as the engine plays them: those of its rule
    text when that text is a variant with table rules of its own (Uno Unplugged's,
    U-08, U-10, U-41), then the ones its ``rules`` list turns on."""
    return tuple(name for name in dict.fromkeys((deck.rulebook, *deck.rules))
                 if name in OPTION_FACTS)


def played_with_parts(deck: Deck) -> set[str]:
    """The optional rules the deck plays and those they are made of, and what that is
    made of (``rapido`` plays ``stack-same-kind``): what ``plays()`` answers in a text."""
    taken = set(played_rules(deck))
    todo = list(taken)
    while todo:
        for part in OPTION_FACTS[todo.pop()].includes:
            if part not in taken:
                taken.add(part)
                todo.append(part)
    return taken


def _rule_rows(deck: Deck, lang: str) -> dict[bool, list[dict[str, str]]]:
    """The optional rules, split into those the deck plays (True) and the others a table
    may still add (False). A rule that is part of one the deck plays is played already,
    and one that conflicts with them cannot be added: neither is offered as another."""
    taken = played_with_parts(deck)
    conflicting = {other for name in taken for other in OPTION_FACTS[name].conflicts}
    # An option whose description names a card the deck lacks ("+4") would speak of
    # cards the reader does not have: it is not offered.
    held = card_keys([card for card, _ in deck.card_list()]
                     + [dark for _, dark in deck.face_pairs()])
    lacking = {name for name, facts in OPTION_FACTS.items() if not held.issuperset(facts.cards)}

    def row(name: str) -> dict[str, str]:
        return {"name": name, "description": OPTION_FACTS[name].description[lang]}

    return {True: [row(name) for name in played_rules(deck)],  # the text's own first
            False: [row(name) for name in OPTION_FACTS
                    if name not in taken | conflicting | lacking]}


def _points_groups(card_list: list[tuple[Card, int]], lang: str) -> list[dict[str, Any]]:
    """The special cards by value, highest first ("50: Wild, Wild Draw Four")."""
    by_points: dict[int, list[dict[str, str]]] = {}
    for group in kinds_of(card_list):
        if group.is_number:
            continue
        values = {card.points for card, _ in group.cards}
        if len(values) == 1:
            by_points.setdefault(values.pop(), []).append(
                {"symbol": group.symbol, "name": _one_line(generic_name(group.first, lang))})
        else:
            for card, _ in group.cards:
                by_points.setdefault(card.points, []).append(
                    {"symbol": card.symbol, "name": _one_line(card.name[lang])})
    return [{"points": p, "kinds": by_points[p]} for p in sorted(by_points, reverse=True)]

