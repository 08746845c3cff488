"""What cards a deck holds: its own ``[[card]]`` tables, its ``[cards]`` counts, and the
cards ``[remove_for_players]`` takes out for small tables.

Each step adds what is wrong to the deck's :class:`~cardgen.files.problems.Report` and
goes on with what it could read. A card is named by its id or by its name in French or
English (:func:`resolve_card`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from cardgen.catalogue import LANGS, Card, Catalogue, build_cards, catalogue, normalize
from cardgen.catalogue.card import Color
from cardgen.deck.warnings import warn_misleading_fields
from cardgen.files.problems import Report, toml_value

#: One card kind may not have more copies than this: the check refuses a count of a
#: billion before anything is allocated for it.
MAX_COPIES = 500


def own_cards(entries: Any, cat: Catalogue, folder: Path | None, report: Report,
              dark_colors: Mapping[str, Color]) -> tuple[list[Card], set[str]]:
    """Build the cards the deck's ``[[card]]`` tables (``entries``) define, in the
    catalogue's colours and the ``dark_colors`` the deck may use.

    Gives the cards built and the ids of the tables no card could be built from (their
    problems are reported already, so their counts are not checked again).
    """
    own: list[Card] = []
    broken_ids: set[str] = set()
    if not isinstance(entries, list):
        report.error("cards of its own are written as [[card]] tables")
        entries = []
    # The kinds already named: a table's cards take a symbol of their own (one kind).
    taken = {card.symbol for card in cat.cards.values()}
    tables: list[tuple[Mapping[str, Any], list[Card]]] = []
    for entry in entries:
        if not isinstance(entry, Mapping):
            report.error("each [[card]] must be a table")
            continue
        colors = {**cat.colors, **dark_colors}
        built, card_problems = build_cards(entry, colors, cat.effects,
                                           default_family="custom", base_dir=folder,
                                           taken_symbols=frozenset(taken))
        taken.update(card.symbol for card in built)
        entry_id = entry.get("id") if isinstance(entry.get("id"), str) else None
        for message in card_problems:
            report.error(message, entry_id)
        if not built and entry_id is not None:
            broken_ids.add(entry_id)
        kept = []
        for card in built:
            if card.id in cat.cards:
                report.error(f"card '{card.id}' is already a built-in card; give your card "
                             "another id", card.id)
                continue
            _warn_missing_translations(entry, card, report)
            kept.append(card)
        own.extend(kept)
        tables.append((entry, kept))
    symbols: dict[str, list[str]] = {}
    for card in [*cat.cards.values(), *own]:
        symbols.setdefault(card.symbol, []).append(card.id)
    for entry, kept in tables:
        warn_misleading_fields(entry, kept, symbols, report)
    return own, broken_ids


def _warn_missing_translations(entry: Mapping[str, Any], card: Card, report: Report) -> None:
    """Warn when the table gives a card's name or caption in one language only."""
    for lang in LANGS:
        for what in ("name", "caption"):
            text = entry.get(what)
            if isinstance(text, Mapping) and lang not in text:
                report.warning(f"card '{card.id}' has no {what} in "
                               f"{'French' if lang == 'fr' else 'English'}; add "
                               f"{what}.{lang} (the other language is used meanwhile)",
                               card.id)


def card_counts(table: Any, inherited: Mapping[str, int], cards: Mapping[str, Card],
                own: list[Card], broken_ids: set[str], report: Report,
                behind: Collection[Any] = ()) -> dict[str, int]:
    """The copies of each card: the ``[cards]`` table over the base deck's counts.

    ``cards`` is every card the deck may name, in the order the counts are given back
    in; cards with no copies are left out. A card of its own printed ``behind`` another
    (a dark face, counted by its light one) is not missed.
    """
    counts = dict(inherited)
    if not isinstance(table, Mapping):
        report.error("[cards] must be a table of card id = number of copies")
        table = {}
    named_by: dict[str, str] = {}  # card id -> the [cards] key that set its count
    for key, count in table.items():
        if key in broken_ids:
            continue
        card = resolve_card(key, cards, own, report)
        if card is None:
            continue
        if card.id in named_by:
            report.error(f"'{named_by[card.id]}' and '{key}' both name card '{card.id}'; "
                         "keep one", card.id)
            continue
        named_by[card.id] = key
        problem = _count_problem(key, count)
        if problem:
            report.error(problem, card.id)
            continue
        counts[card.id] = count
    for card in own:
        if card.id not in counts and card.id not in behind:
            report.warning(f"card '{card.id}' is defined but has no count in [cards], so the "
                           "deck holds none; add it to [cards]", card.id)
    order = list(cards)
    return {cid: counts[cid] for cid in sorted(counts, key=order.index) if counts[cid] > 0}


def _count_problem(key: str, count: Any) -> str | None:
    """What is wrong with ``count`` as the number of copies of card ``key``, if anything."""
    if not isinstance(count, int) or isinstance(count, bool):
        return (f"card '{key}' has count {toml_value(count)}; a count is a whole number "
                "of copies")
    if count < 0:
        return (f"card '{key}' has count {count}; a count cannot be negative "
                "(use 0 to take a base deck's card out)")
    if count > MAX_COPIES:
        return (f"card '{key}' has count {count}, more than the {MAX_COPIES} copies "
                "cardgen prints of one card; check the number")
    return None


def removals(table: Any, inherited: Mapping[int, dict[str, int]], cards: Mapping[str, Card],
             own: list[Card], counts: Mapping[str, int], report: Report
             ) -> dict[int, dict[str, int]]:
    """The cards taken out for a number of players: ``[remove_for_players.N]`` tables over
    the base deck's, each checked against the deck's ``counts``."""
    result = dict(inherited)
    if not isinstance(table, Mapping):
        report.error("[remove_for_players] must hold tables like [remove_for_players.3]")
        table = {}
    for players_key, removed in table.items():
        if not (players_key.isascii() and players_key.isdigit()) \
                or not isinstance(removed, Mapping):
            report.error(f"[remove_for_players.{players_key}] must be named by a number of "
                         "players and list card id = copies to take out")
            continue
        result[int(players_key)] = _taken_out(f"[remove_for_players.{players_key}]", removed,
                                              cards, own, counts, report)
    return result


def _taken_out(where: str, removed: Mapping[str, Any], cards: Mapping[str, Card],
               own: list[Card], counts: Mapping[str, int], report: Report) -> dict[str, int]:
    """Card id -> copies for one ``[remove_for_players.N]`` table (named ``where``),
    leaving out what cannot be taken out."""
    taken: dict[str, int] = {}
    for key, count in removed.items():
        card = resolve_card(key, cards, own, report)
        if card is None:
            continue
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            report.error(f"{where}: card '{key}' has count {toml_value(count)}; give the "
                         "whole number of copies to take out", card.id)
        elif count > counts.get(card.id, 0):
            report.error(f"{where} takes out {count} '{card.id}' but the deck holds "
                         f"{counts.get(card.id, 0)}", card.id)
        else:
            taken[card.id] = count
    return taken


def resolve_card(key: str, cards: Mapping[str, Card], own: list[Card], report: Report
                 ) -> Card | None:
    """The card a key means: an id, or a card name in French or English; None (reported)
    when it means no card or several."""
    if key in cards:
        return cards[key]
    cat = catalogue()
    found = {c.id: c for c in cat.lookup(key, own)}
    found.update({c.id: c for c in cards.values() if normalize(key) in
                  (normalize(c.id), *(normalize(said) for said in c.name.values()))})
    if len(found) == 1:
        return next(iter(found.values()))
    if len(found) > 1:
        report.error(f"'{key}' could mean {', '.join(sorted(found))}; use the card's id", key)
        return None
    suggestion = cat.suggest(key, own)
    hint = f"; did you mean '{suggestion}'?" if suggestion else ""
    report.error(f"unknown card '{key}'{hint} (`cardgen cards` lists the ids)", key)
    return None
