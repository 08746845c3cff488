"""Deck files: reading them, resolving their base deck, and what they contain.

A deck is a TOML file (the built-in ones live in ``cardgen/data/decks/``; users write
their own in the same format, see docs/your-deck.md). Reading a deck never stops at the
first problem: everything found is kept in :attr:`Deck.problems`, so that
``cardgen check`` can report every problem at once. Only a file that cannot be read
at all (missing, not TOML) raises :class:`~cardgen.errors.DeckError`.

:func:`load_deck` reads a deck in steps, one per field of the file, in the order their
problems are reported. The steps live with what they read: finding the file and its
base (:mod:`cardgen.deck.file`), the cards and their counts (:mod:`cardgen.deck.cards`),
the rule text (:mod:`cardgen.deck.rule_texts`); the problems go to a
:class:`~cardgen.files.problems.Report`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.catalogue import LANGS, Card, Text, catalogue
from cardgen.catalogue.fields.back import deck_back
from cardgen.catalogue.locale import text_languages
from cardgen.catalogue.option_facts import OPTION_FACTS, combination_problems
from cardgen.deck.cards import MAX_COPIES, card_counts, own_cards, removals
from cardgen.deck.dark_colors import deck_dark_colors
from cardgen.deck.faces import read_faces
from cardgen.deck.file import base_ref, builtin_names, deck_slug, read_deck_file
from cardgen.deck.rule_texts import RuleText, rulebook_field
from cardgen.errors import DeckError
from cardgen.files.problems import Problem, Report, did_you_mean, toml_value

# What the rest of cardgen imports from here (some of it is defined in the deck* modules).
__all__ = ["DECK_FIELDS", "HAND_SIZE", "MAX_CARDS", "MAX_COPIES", "TARGET", "Deck", "Problem",
           "RuleText", "builtin_names", "load_deck"]

#: A deck may not hold more cards than this: the check refuses a count of a billion
#: before anything is allocated for it.
MAX_CARDS = 5000
HAND_SIZE = 7
#: C-31: the score that ends a game, unless the deck file sets its own ``target``.
TARGET = 500
#: The targets a deck may set: a game to 1 point is one round, past 10 000 it never ends.
TARGETS = range(1, 10_001)

DECK_FIELDS = frozenset(
    {"name", "description", "base", "total", "players", "rules", "rulebook", "cards",
     "card", "remove_for_players", "hand_size", "target", "devices", "back",
     "color_shapes", "launcher", "dark_faces", "dark_colors"}
)
#: O-29: the hand sizes a deck may deal (the Olympique dealer's range).
HAND_SIZES = range(7, 16)
#: Devices some boxes add (X-09 … X-12): out of the engine, described in the rulebook.
DEVICES = ("robot", "totem", "dice", "timer")


@dataclass
class Deck:
    """A resolved deck: its cards with their counts, and what it plays with."""

    id: str
    name: Text
    source: str  # the file it came from, as the user named it, for messages
    base: str | None
    description: Text | None
    counts: dict[str, int]  # card id -> copies, in catalogue order
    cards: dict[str, Card]  # every card the deck may name: the catalogue plus its own
    min_players: int
    max_players: int
    rules: tuple[str, ...]
    rulebook: str
    removals: dict[int, dict[str, int]]  # players -> card id -> copies taken out
    declared_total: int | None
    problems: list[Problem] = field(default_factory=list)
    custom_ids: tuple[str, ...] = ()
    rule_texts: dict[str, RuleText] = field(default_factory=dict)  # lang -> its own text
    hand_size: int = HAND_SIZE  # cards dealt to each player (C-04; 7 to 15, O-29)
    target: int = TARGET  # the score that ends the game (C-31)
    devices: tuple[str, ...] = ()  # devices the box adds, for the rulebook (X-09 … X-12)
    back: dict[str, Path] = field(default_factory=dict)  # lang -> its own back picture
    #: whether the faces show each colour's shape beside its corner indices (the default)
    color_shapes: bool = True
    #: AT-01: how often a press of the launcher gives 0, 1, 2 … cards (None: the rules'
    #: default, cardgen.engine.attack.launcher.DEFAULT_LAUNCHER)
    launcher: tuple[int, ...] | None = None
    #: a two-faced deck's pairs: light card id -> its dark face's id (FL-01); none for a
    #: one-faced deck
    dark_faces: dict[str, str] = field(default_factory=dict)
    #: the colours its dark faces may have (``dark_colors``)
    dark_colors: tuple[str, ...] = ()

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.level == "error"]

    def counts_for(self, players: int | None = None) -> dict[str, int]:
        """The counts once the cards this many players leave out are taken away."""
        counts = dict(self.counts)
        for card_id, removed in self.removals.get(players or 0, {}).items():
            counts[card_id] = max(0, counts.get(card_id, 0) - removed)
        return {cid: n for cid, n in counts.items() if n > 0}

    def total(self, players: int | None = None) -> int:
        return sum(self.counts_for(players).values())

    def card_list(self, players: int | None = None) -> list[tuple[Card, int]]:
        """The cards as dealt, with their counts: a two-faced deck's light faces."""
        return [(self.cards[cid], n) for cid, n in self.counts_for(players).items()]

    @property
    def two_faced(self) -> bool:
        return bool(self.dark_faces)

    def face_pairs(self) -> list[tuple[Card, Card]]:
        """A two-faced deck's (light face, dark face) pairs, light faces in deck order."""
        return [(self.cards[light], self.cards[self.dark_faces[light]])
                for light in self.counts if light in self.dark_faces]

    def dark_face_cards(self) -> dict[str, Card]:
        """Light card id -> the dark face printed behind it (empty: one-faced cards)."""
        return {light: self.cards[dark] for light, dark in self.dark_faces.items()}


def load_deck(ref: str, _chain: tuple[str, ...] = ()) -> Deck:
    """Read and resolve a deck: a built-in name ("classic") or the path to a deck file.

    ``_chain`` holds the decks whose base is being read, to refuse a loop of bases.
    """
    data, label, folder = read_deck_file(ref)
    report = Report(label)
    _check_field_names(data, report)
    base = _base_deck(data.get("base"), ref, folder, _chain, report)

    start = _starting_point(base)
    # (the deck's own dark colours before the cards that use them)
    dark = deck_dark_colors(data.get("dark_colors"), start.dark_colors, report)
    own, broken_ids = own_cards(data.get("card", []), catalogue(), folder, report, dark)
    cards = dict(start.cards)  # every card the deck may name: its base's, then its own
    for card in own:
        cards[card.id] = card
    name = _deck_name(data.get("name"), ref, report)
    description = _deck_text(data.get("description"), "description", report)
    faces = data.get("dark_faces")
    behind = list(faces.values()) if isinstance(faces, Mapping) else ()
    counts = card_counts(data.get("cards", {}), start.counts, cards, own, broken_ids, report,
                         behind)

    min_players, max_players = _players(
        data.get("players"), (start.min_players, start.max_players), report)
    rules = _rules(data.get("rules"), start.rules, report)
    rulebook, rule_texts = rulebook_field(
        data.get("rulebook"), (start.rulebook, start.rule_texts), folder, report)
    taken_out = removals(data.get("remove_for_players", {}), start.removals, cards, own,
                         counts, report)
    declared = _declared_total(data.get("total"), report)
    hand_size = _hand_size(data.get("hand_size"), start.hand_size, report)
    target = _target(data.get("target"), start.target, rules, report)
    devices = _devices(data.get("devices"), start.devices, report)
    back = deck_back(data.get("back"), start.back, folder, report)
    color_shapes = _color_shapes(data.get("color_shapes"), start.color_shapes, report)
    launcher = _launcher(data.get("launcher"), start.launcher, report)
    dark_faces, dark_colors = read_faces(data, (start.dark_faces, start.dark_colors), cards,
                                         counts, dark, report)
    # A card dropped for an error (an effect not installed …) would only make the total
    # look wrong as well: one error, not its knock-on.
    _check_total(sum(counts.values()), None if broken_ids else declared, report)

    return Deck(
        id=deck_slug(ref), name=name, source=label, base=data.get("base"),
        description=description if description is not None else start.description,
        counts=counts, cards=cards,
        min_players=min_players, max_players=max_players, rules=rules, rulebook=rulebook,
        removals=taken_out, declared_total=declared, problems=report.problems,
        custom_ids=tuple(c.id for c in own) + start.custom_ids,
        rule_texts=rule_texts, hand_size=hand_size, target=target, devices=devices, back=back,
        color_shapes=color_shapes, launcher=launcher, dark_faces=dark_faces,
        dark_colors=dark_colors,
    )


def _starting_point(base: Deck | None) -> Deck:
    """What a deck's fields start from: its base deck; without one, the catalogue's cards
    with none counted, 2 to 10 players, no optional rule and the classic rule text."""
    if base is not None:
        return base
    return Deck(id="", name=Text(fr="", en=""), source="", base=None, description=None, counts={},
                cards=dict(catalogue().cards), min_players=2, max_players=10, rules=(),
                rulebook="classic", removals={}, declared_total=None)


def _check_field_names(data: Mapping[str, Any], report: Report) -> None:
    """Report the top-level fields of the deck file that a deck does not have."""
    unknown = sorted(set(data) - DECK_FIELDS)
    if unknown:
        report.error(f"unknown field(s) {', '.join(unknown)}; a deck may have "
                     f"{', '.join(sorted(DECK_FIELDS))}")


def _base_deck(base: Any, ref: str, folder: Path | None, chain: tuple[str, ...],
               report: Report) -> Deck | None:
    """The deck the ``base`` field names, loaded, its problems added to ``report``.

    None when there is no base or it is not a name (reported). A base that cannot be
    read, or that leads back to this deck, is a DeckError.
    """
    if base is None:
        return None
    if not isinstance(base, str):
        report.error("'base' must be the name of a built-in deck or a deck file path")
        return None
    base_path = base_ref(base, report.label, folder)
    if base_path in chain or base_path == ref:
        raise DeckError(f"{report.label}: base '{base}' leads back to this deck; "
                        "a deck cannot be its own base")
    try:
        loaded = load_deck(base_path, (*chain, ref))
    except DeckError as exc:
        raise DeckError(f"{report.label}: its base deck cannot be used: {exc}") from None
    report.problems.extend(loaded.problems)
    return loaded


def _deck_name(value: Any, ref: str, report: Report) -> Text:
    """The deck's name; without one (reported), the file's name stands in."""
    name = _deck_text(value, "name", report)
    if name is not None and not all(said.strip() for said in name.values()):
        report.error("the deck's 'name' is empty; write one, e.g. name = \"My deck\" or "
                     'name = { fr = "Mon jeu", en = "My deck" }')
        name = None
    if name is None:
        if value is None:
            report.error("the deck has no 'name'; add name = \"…\" at the top")
        name = Text(fr=deck_slug(ref), en=deck_slug(ref))
    return name


def _deck_text(value: Any, what: str, report: Report) -> Text | None:
    """A text field (``what``) by language: one text for every language, or a table of
    ``fr``, ``en`` (either stands in for the other) and any other language of
    templates/locale/. None if not given or not text."""
    if value is None:
        return None
    if isinstance(value, str):
        return Text({lang: value for lang in text_languages()})
    if isinstance(value, Mapping) and any(isinstance(value.get(lang), str) for lang in LANGS):
        fr, en = value.get("fr"), value.get("en")
        others = {lang: said for lang, said in value.items()
                  if lang not in LANGS and lang in text_languages() and isinstance(said, str)}
        return Text(fr=str(fr if fr is not None else en), en=str(en if en is not None else fr),
                    **others)
    report.error(f"'{what}' must be text, or a table with fr and en texts")
    return None


def _players(value: Any, inherited: tuple[int, int], report: Report) -> tuple[int, int]:
    """The smallest and largest table the ``players`` field allows, over the base's."""
    min_players, max_players = inherited
    if value is None:
        return inherited
    if (isinstance(value, Mapping) and set(value) <= {"min", "max"}
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value.values())):
        min_players = value.get("min", min_players)
        max_players = value.get("max", max_players)
        if not 2 <= min_players <= max_players <= 10:
            report.error(f"players run from {min_players} to {max_players}; UNO is played by "
                         "2 to 10, with min no more than max")
    else:
        report.error("'players' must be a table like { min = 2, max = 10 }")
    return min_players, max_players


def _rules(value: Any, inherited: tuple[str, ...], report: Report) -> tuple[str, ...]:
    """The optional rules the ``rules`` list turns on, in place of the base's."""
    if value is None:
        return inherited
    if not isinstance(value, list) or not all(isinstance(r, str) for r in value):
        report.error("'rules' must be a list of optional rule names")
        return inherited
    rules = tuple(value)
    for rule in rules:
        if rule not in OPTION_FACTS:
            report.error(f"rule '{rule}' is not an optional rule cardgen knows"
                         f"{did_you_mean(rule, list(OPTION_FACTS))}; "
                         "`cardgen options` lists them")
    for problem in combination_problems(rules):
        report.error(problem)
    return rules


def _hand_size(value: Any, inherited: int, report: Report) -> int:
    """O-29: the cards dealt to each player, a whole number from 7 to 15 (the base's)."""
    if value is None:
        return inherited
    if isinstance(value, bool) or not isinstance(value, int) or value not in HAND_SIZES:
        report.error(f"'hand_size' is {toml_value(value)}; give the cards dealt to each "
                     f"player, a whole number from {HAND_SIZES[0]} to {HAND_SIZES[-1]}")
        return HAND_SIZE
    return value


#: AT-01: a press gives at most this many cards; a weight is at most this.
LAUNCHER_MOST = 20
LAUNCHER_WEIGHT = 1000


def _launcher(value: Any, inherited: tuple[int, ...] | None,
              report: Report) -> tuple[int, ...] | None:
    """AT-01: the launcher's weights, one per number of cards a press gives from 0 on
    (the base's). A press must be able to give a card, or "press until cards come out"
    (AT-07) would never end."""
    if value is None:
        return inherited
    if (not isinstance(value, list) or not 2 <= len(value) <= LAUNCHER_MOST + 1
            or any(isinstance(w, bool) or not isinstance(w, int)
                   or not 0 <= w <= LAUNCHER_WEIGHT for w in value)
            or not any(value[1:])):
        report.error(f"'launcher' is {toml_value(value)}; give how often a press gives 0, 1, "
                     f"2 … cards, a whole number from 0 to {LAUNCHER_WEIGHT} for each count "
                     f"up to {LAUNCHER_MOST}, some count above 0 not 0: "
                     "launcher = [12, 0, 0, 1, 1, 1, 1, 1, 1]")
        return inherited
    return tuple(value)


def _target(value: Any, inherited: int, rules: tuple[str, ...], report: Report) -> int:
    """C-31: the score that ends the game, a whole number of points (the base's)."""
    if value is None:
        return inherited
    if isinstance(value, bool) or not isinstance(value, int) or value not in TARGETS:
        report.error(f"'target' is {toml_value(value)}; give the score that ends the game, a "
                     f"whole number of points from {TARGETS[0]} to {TARGETS[-1]}")
        return inherited
    if "count-rounds" in rules:
        report.error("'target' counts points, but the rule count-rounds counts rounds won "
                     "(the first to 5 wins); remove one of the two")
    return value


def _devices(value: Any, inherited: tuple[str, ...], report: Report) -> tuple[str, ...]:
    """X-09 … X-12: the devices the box adds (``devices = ["timer"]``), or the base's."""
    if value is None:
        return inherited
    if not isinstance(value, list) or not all(d in DEVICES for d in value):
        report.error(f"'devices' is {toml_value(value)}; list some of {', '.join(DEVICES)}")
        return ()
    return tuple(dict.fromkeys(value))


def _color_shapes(value: Any, inherited: bool, report: Report) -> bool:
    """Whether the faces show each colour's shape (``color_shapes = false``: they do not),
    or the base's choice."""
    if value is None:
        return inherited
    if not isinstance(value, bool):
        report.error(f"'color_shapes' is {toml_value(value)}; give true (each colour's shape "
                     "beside the corner indices, the default) or false (colour alone)")
        return inherited
    return value


def _declared_total(value: Any, report: Report) -> int | None:
    """The number of cards the ``total`` field says the deck holds, if it is a number."""
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        report.error(f"'total' is {toml_value(value)}; it must be the whole number of cards "
                     "in the deck")
        return None
    return value


def _check_total(total: int, declared: int | None, report: Report) -> None:
    """Report a deck too large to handle, and a ``total`` the counts do not add up to."""
    if total > MAX_CARDS:
        report.error(f"the deck holds {total} cards, more than the {MAX_CARDS} cardgen "
                     "handles; check the counts")
    if declared is not None and declared != total:
        report.error(f"'total' says {declared} cards but the counts add up to {total}; fix a "
                     "count or the total")
