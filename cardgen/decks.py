"""Deck files: reading them, resolving their base deck, and what they contain.

A deck is a TOML file (the built-in ones live in ``cardgen/data/decks/``; users write
their own in the same format, see the README). Reading a deck never stops at the
first problem: everything found is kept in :attr:`Deck.problems`, so that
``cardgen check`` can report every problem at once. Only a file that cannot be read
at all (missing, not TOML) raises :class:`~cardgen.errors.DeckError`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from cardgen.catalogue import LANGS, Card, Text, build_cards, catalogue, normalize
from cardgen.errors import DeckError
from cardgen.options import OPTIONAL_RULES
from cardgen.tomlfile import read_toml_file

#: One card kind may not have more copies than this, and a deck not more cards: the
#: check refuses a count of a billion before anything is allocated for it.
MAX_COPIES = 500
MAX_CARDS = 5000
HAND_SIZE = 7

DECK_FIELDS = frozenset(
    {"name", "description", "base", "total", "players", "rules", "rulebook", "cards",
     "card", "remove_for_players", "hand_size", "devices"}
)
#: O-29: the hand sizes a deck may deal (the Olympique dealer's range).
HAND_SIZES = range(7, 16)
#: Devices some boxes add (X-09 … X-12): out of the engine, described in the rulebook.
DEVICES = ("robot", "totem", "dice", "timer")


@dataclass(frozen=True)
class Problem:
    """One thing wrong (error) or worth a look (warning) in a deck."""

    level: Literal["error", "warning"]
    message: str
    card: str | None = None

    def as_dict(self) -> dict[str, str | None]:
        return {"level": self.level, "message": self.message, "card": self.card}


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
    hand_size: int = HAND_SIZE  # cards dealt to each player (C-04; 7 to 15, O-29)
    devices: tuple[str, ...] = ()  # devices the box adds, for the rulebook (X-09 … X-12)

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
        return [(self.cards[cid], n) for cid, n in self.counts_for(players).items()]


def _hand_size(data: Mapping[str, Any], base: Deck | None,
               error: Callable[[str], None]) -> int:
    """O-29: the deck's ``hand_size``, a whole number from 7 to 15 (default: its base's)."""
    size = data.get("hand_size", base.hand_size if base else HAND_SIZE)
    if isinstance(size, bool) or not isinstance(size, int) or size not in HAND_SIZES:
        error(f"'hand_size' is {size!r}; give the cards dealt to each player, a whole number "
              f"from {HAND_SIZES[0]} to {HAND_SIZES[-1]}")
        return HAND_SIZE
    return size


def _devices(data: Mapping[str, Any], base: Deck | None,
             error: Callable[[str], None]) -> tuple[str, ...]:
    """X-09 … X-12: the devices the box adds (``devices = ["timer"]``)."""
    given = data.get("devices")
    if given is None:
        return base.devices if base else ()
    if not isinstance(given, list) or not all(d in DEVICES for d in given):
        error(f"'devices' is {given!r}; list some of {', '.join(DEVICES)}")
        return ()
    return tuple(dict.fromkeys(given))


def builtin_names() -> list[str]:
    """The built-in decks, in the order they are listed and built."""
    order = ["classic", "unplugged", "house"]
    found = sorted(
        p.name.removesuffix(".toml")
        for p in resources.files("cardgen.data").joinpath("decks").iterdir()
        if p.name.endswith(".toml")
    )
    return [n for n in order if n in found] + [n for n in found if n not in order]


def _read_toml(ref: str) -> tuple[dict[str, Any], str, Path | None]:
    """Read a deck given as a built-in name or a path; return (table, label, folder)."""
    if ref in builtin_names():
        label = f"built-in deck '{ref}'"
        with resources.files("cardgen.data").joinpath("decks", f"{ref}.toml").open("rb") as handle:
            try:
                return tomllib.load(handle), label, None
            except tomllib.TOMLDecodeError as exc:  # a bug in cardgen's own data
                raise DeckError(f"{label}: {exc}") from None
    path = Path(ref)
    if not path.is_file():
        hint = ", ".join(builtin_names())
        if path.suffix == "" and "/" not in ref:
            raise DeckError(f"'{ref}' is neither a built-in deck ({hint}) nor a deck file; "
                            "give a built-in name or the path to a .toml file")
        raise DeckError(f"{ref}: no such deck file; check the path "
                        f"(the built-in decks are {hint})")
    return read_toml_file(path, ref, "deck", DeckError), ref, path.parent


def _slug(ref: str) -> str:
    return ref if "/" not in ref and not ref.endswith(".toml") else Path(ref).stem


def load_deck(ref: str, _chain: tuple[str, ...] = ()) -> Deck:
    """Read and resolve a deck: a built-in name ("classic") or the path to a deck file."""
    data, label, folder = _read_toml(ref)
    problems: list[Problem] = []

    def error(message: str, card: str | None = None) -> None:
        problems.append(Problem("error", f"{label}: {message}", card))

    def warning(message: str, card: str | None = None) -> None:
        problems.append(Problem("warning", f"{label}: {message}", card))

    unknown = sorted(set(data) - DECK_FIELDS)
    if unknown:
        error(f"unknown field(s) {', '.join(unknown)}; a deck may have "
              f"{', '.join(sorted(DECK_FIELDS))}")

    # --- the base deck ---------------------------------------------------------
    base_ref = data.get("base")
    base: Deck | None = None
    if base_ref is not None:
        if not isinstance(base_ref, str):
            error("'base' must be the name of a built-in deck or a deck file path")
        else:
            if base_ref not in builtin_names() and folder is not None:
                base_ref = str(folder / base_ref)
            if base_ref in _chain or base_ref == ref:
                raise DeckError(f"{label}: base '{data['base']}' leads back to this deck; "
                                "a deck cannot be its own base")
            try:
                base = load_deck(base_ref, (*_chain, ref))
            except DeckError as exc:
                raise DeckError(f"{label}: its base deck cannot be used: {exc}") from None
            problems.extend(base.problems)

    cat = catalogue()
    cards: dict[str, Card] = dict(base.cards) if base else dict(cat.cards)

    # --- the deck's own cards ----------------------------------------------------
    own: list[Card] = []
    broken_ids: set[str] = set()  # own cards that could not be built: already reported
    entries = data.get("card", [])
    if not isinstance(entries, list):
        error("cards of its own are written as [[card]] tables")
        entries = []
    for entry in entries:
        if not isinstance(entry, Mapping):
            error("each [[card]] must be a table")
            continue
        built, card_problems = build_cards(entry, cat.colors, cat.effects,
                                           default_family="custom", base_dir=folder)
        for message in card_problems:
            error(message, entry.get("id") if isinstance(entry.get("id"), str) else None)
        if not built and isinstance(entry.get("id"), str):
            broken_ids.add(entry["id"])
        for card in built:
            if card.id in cat.cards:
                error(f"card '{card.id}' is already a built-in card; give your card "
                      "another id", card.id)
                continue
            for lang in LANGS:
                for what in ("name", "caption"):
                    text = entry.get(what)
                    if isinstance(text, Mapping) and lang not in text:
                        warning(f"card '{card.id}' has no {what} in "
                                f"{'French' if lang == 'fr' else 'English'}; add "
                                f"{what}.{lang} (the other language is used meanwhile)",
                                card.id)
            own.append(card)
            cards[card.id] = card

    # --- names and texts -----------------------------------------------------------
    name = _deck_text(data.get("name"), "name", error)
    if name is None:
        if data.get("name") is None:
            error("the deck has no 'name'; add name = \"…\" at the top")
        name = Text(_slug(ref), _slug(ref))
    description = _deck_text(data.get("description"), "description", error)
    if description is None and base is not None:
        description = base.description

    # --- counts ------------------------------------------------------------------
    counts: dict[str, int] = dict(base.counts) if base else {}
    table = data.get("cards", {})
    if not isinstance(table, Mapping):
        error("[cards] must be a table of card id = number of copies")
        table = {}
    named_by: dict[str, str] = {}  # card id -> the [cards] key that set its count
    for key, count in table.items():
        if key in broken_ids:
            continue
        resolved = _resolve(key, cards, own, error)
        if resolved is None:
            continue
        card = resolved
        if card.id in named_by:
            error(f"'{named_by[card.id]}' and '{key}' both name card '{card.id}'; keep one",
                  card.id)
            continue
        named_by[card.id] = key
        if not isinstance(count, int) or isinstance(count, bool):
            error(f"card '{key}' has count {count!r}; a count is a whole number of copies",
                  card.id)
            continue
        if count < 0:
            error(f"card '{key}' has count {count}; a count cannot be negative "
                  "(use 0 to take a base deck's card out)", card.id)
            continue
        if count > MAX_COPIES:
            error(f"card '{key}' has count {count}, more than the {MAX_COPIES} copies "
                  "cardgen prints of one card; check the number", card.id)
            continue
        counts[card.id] = count
    for card in own:
        if card.id not in counts:
            warning(f"card '{card.id}' is defined but has no count in [cards], so the deck "
                    "holds none; add it to [cards]", card.id)
    order = list(cards)
    counts = {cid: counts[cid] for cid in sorted(counts, key=order.index) if counts[cid] > 0}

    # --- players, rules, rulebook --------------------------------------------------
    min_players, max_players = (base.min_players, base.max_players) if base else (2, 10)
    players = data.get("players")
    if players is not None:
        if (isinstance(players, Mapping) and set(players) <= {"min", "max"}
                and all(isinstance(v, int) and not isinstance(v, bool)
                        for v in players.values())):
            min_players = players.get("min", min_players)
            max_players = players.get("max", max_players)
            if not 2 <= min_players <= max_players <= 10:
                error(f"players run from {min_players} to {max_players}; UNO is played by "
                      "2 to 10, with min no more than max")
        else:
            error("'players' must be a table like { min = 2, max = 10 }")

    rules = base.rules if base else ()
    given_rules = data.get("rules")
    if given_rules is not None:
        if not isinstance(given_rules, list) or not all(isinstance(r, str)
                                                         for r in given_rules):
            error("'rules' must be a list of optional rule names")
        else:
            rules = tuple(given_rules)
            for rule in rules:
                if rule not in OPTIONAL_RULES:
                    error(f"rule '{rule}' is not an optional rule cardgen knows"
                          f"{_did_you_mean(rule, list(OPTIONAL_RULES))}; "
                          "`cardgen rules` lists them")

    rulebook = data.get("rulebook", base.rulebook if base else "classic")
    if not isinstance(rulebook, str) or rulebook not in builtin_names():
        error(f"'rulebook' is '{rulebook}'; use the name of a built-in deck whose rule text "
              f"fits ({', '.join(builtin_names())})")
        rulebook = "classic"

    removals = dict(base.removals) if base else {}
    given_removals = data.get("remove_for_players", {})
    if not isinstance(given_removals, Mapping):
        error("[remove_for_players] must hold tables like [remove_for_players.3]")
        given_removals = {}
    for players_key, removed in given_removals.items():
        if not str(players_key).isdigit() or not isinstance(removed, Mapping):
            error(f"[remove_for_players.{players_key}] must be named by a number of players "
                  "and list card id = copies to take out")
            continue
        taken: dict[str, int] = {}
        for key, count in removed.items():
            resolved = _resolve(key, cards, own, error)
            if resolved is None:
                continue
            card = resolved
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                error(f"[remove_for_players.{players_key}]: card '{key}' has count "
                      f"{count!r}; give the whole number of copies to take out", card.id)
            elif count > counts.get(card.id, 0):
                error(f"[remove_for_players.{players_key}] takes out {count} '{card.id}' but "
                      f"the deck holds {counts.get(card.id, 0)}", card.id)
            else:
                taken[card.id] = count
        removals[int(players_key)] = taken

    declared = data.get("total")
    if declared is not None and (not isinstance(declared, int) or isinstance(declared, bool)):
        error(f"'total' is {declared!r}; it must be the whole number of cards in the deck")
        declared = None

    deck = Deck(
        id=_slug(ref), name=name, source=label, base=data.get("base"),
        description=description, counts=counts, cards=cards,
        min_players=min_players, max_players=max_players, rules=rules, rulebook=rulebook,
        removals=removals, declared_total=declared, problems=problems,
        custom_ids=tuple(c.id for c in own) + (base.custom_ids if base else ()),
        hand_size=_hand_size(data, base, error), devices=_devices(data, base, error),
    )
    total = sum(counts.values())
    if total > MAX_CARDS:
        deck.problems.append(Problem("error", f"{label}: the deck holds {total} cards, more "
                                     f"than the {MAX_CARDS} cardgen handles; check the counts"))
    if declared is not None and declared != total:
        deck.problems.append(Problem(
            "error", f"{label}: 'total' says {declared} cards but the counts add up to "
                     f"{total}; fix a count or the total"))
    return deck


def _deck_text(value: Any, what: str, error: Any) -> Text | None:
    if value is None:
        return None
    if isinstance(value, str):
        return Text(value, value)
    if isinstance(value, Mapping) and any(isinstance(value.get(lang), str) for lang in LANGS):
        fr, en = value.get("fr"), value.get("en")
        return Text(str(fr if fr is not None else en), str(en if en is not None else fr))
    error(f"'{what}' must be text, or a table with fr and en texts")
    return None


def _did_you_mean(key: str, known: list[str]) -> str:
    import difflib

    close = difflib.get_close_matches(key, known, n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _resolve(key: str, cards: Mapping[str, Card], own: list[Card], error: Any) -> Card | None:
    """Find the card a [cards] key means: an id, or a card name in French or English."""
    if key in cards:
        return cards[key]
    cat = catalogue()
    found = {c.id: c for c in cat.lookup(key, own)}
    found.update({c.id: c for c in cards.values() if normalize(key) in
                  (normalize(c.id), normalize(c.name.fr), normalize(c.name.en))})
    if len(found) == 1:
        return next(iter(found.values()))
    if len(found) > 1:
        error(f"'{key}' could mean {', '.join(sorted(found))}; use the card's id", key)
        return None
    suggestion = cat.suggest(key, own)
    hint = f"; did you mean '{suggestion}'?" if suggestion else ""
    error(f"unknown card '{key}'{hint} (`cardgen cards` lists the ids)", key)
    return None
