"""Validating a deck's composition before anyone prints it.

:func:`check_composition` gathers every problem the deck file already had with the ones
that depend on the number of players, and says whether the deck can be dealt. The full
check, which also measures the faces' texts and plays sanity games, is
:func:`cardgen.check.check_deck`, above the engine and the renderer it uses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from cardgen.catalogue import Card
from cardgen.deck.load import Deck, Problem
from cardgen.typography import LATIN_MAX


@dataclass
class Report:
    deck: Deck
    players: int | None
    problems: list[Problem] = field(default_factory=list)
    #: sanity games asked for and finished, over every player count checked
    games_requested: int = 0
    games_played: int = 0
    #: Ctrl-C stopped the sanity games: the verdict covers the games finished before it
    interrupted: bool = False

    @property
    def valid(self) -> bool:
        return not any(p.level == "error" for p in self.problems)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.level == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.level == "warning"]

    def as_dict(self) -> dict[str, Any]:
        return {
            "deck": self.deck.id,
            "source": self.deck.source,
            "players": self.players,
            "valid": self.valid,
            "total": self.deck.total(self.players),
            "errors": [p.as_dict() for p in self.errors],
            "warnings": [p.as_dict() for p in self.warnings],
            "games_requested": self.games_requested,
            "games_played": self.games_played,
            "partial": self.interrupted,
        }

    def adder(self, level: Literal["error", "warning"]) -> Callable[..., None]:
        """A function that adds a problem of ``level`` ("error" or "warning") about the
        deck, its message headed by the deck's file."""
        def add(message: str, card: str | None = None) -> None:
            self.problems.append(Problem(level, f"{self.deck.source}: {message}", card))
        return add

    def partial_line(self) -> str:
        """The line that marks an interrupted check as partial."""
        if not self.games_played:
            return ("PARTIAL: interrupted (Ctrl-C) before any of the "
                    f"{self.games_requested} sanity games finished")
        return (f"PARTIAL: interrupted (Ctrl-C) after {self.games_played} of "
                f"{self.games_requested} sanity games; the verdict covers those only")


def check_composition(deck: Deck, players: int | None = None,
                      langs: tuple[str, ...] | None = None) -> Report:
    """Check a deck for ``players`` players (None: for every count it claims to serve):
    whether it can be dealt and started, and whether its fonts can print its texts.
    Its words are checked in ``langs`` (None: each language its cards are named in):
    a word missing there, and a name without its plural."""
    report = Report(deck, players, list(deck.problems))
    error, warning = report.adder("error"), report.adder("warning")
    outside = players_outside(deck, players)
    if outside:
        error(outside)
        return report
    for n in checked_counts(deck, players):
        total = deck.total(n)
        needed = n * deck.hand_size + 1
        if total < needed:
            error(f"{total} cards cannot deal {deck.hand_size} to each of {n} players and "
                  f"turn a starting card (that takes {needed}); add cards, lower "
                  "'players.max' or 'hand_size'")
        cards = deck.card_list(n)
        if cards and not any(card.can_start for card, _ in cards):
            error(f"no card of the deck (for {n} players) can start a round; add number "
                  "cards or other cards that may be turned up first")
    if deck.total(players) == 0:
        error("the deck holds no card; list some under [cards]")
    _unprintable_texts(deck, players, warning)
    if langs is not None:
        _missing_words(deck, langs, warning)
    _missing_plurals(deck, players, langs, warning)
    return report


def checked_counts(deck: Deck, players: int | None) -> list[int]:
    """The player counts a check covers: the one asked, else the deck's smallest and
    largest table."""
    return list(dict.fromkeys([players] if players is not None
                              else [deck.min_players, deck.max_players]))


def players_outside(deck: Deck, players: int | None) -> str | None:
    """What to do when ``players`` is outside the deck's range (None when it is not):
    a question the deck cannot answer, not a fault of the deck."""
    if players is None or deck.min_players <= players <= deck.max_players:
        return None
    widen = ("" if deck.source.startswith("built-in deck")
             else ", or widen 'players' in the deck file")
    return (f"the deck is for {deck.min_players} to {deck.max_players} players, not "
            f"{players}; choose --players from {deck.min_players} to {deck.max_players}{widen}")


def _unprintable_texts(deck: Deck, players: int | None,
                       warning: Callable[[str, str | None], None]) -> None:
    """Characters the cards' fonts have no glyph for print as empty boxes: say which."""
    for card, _ in deck.card_list(players):
        for part, text in (("name", card.name), ("caption", card.caption)):
            both = " ".join(text.values())
            if all(ord(c) <= LATIN_MAX for c in both):
                continue  # (the fonts, and reportlab, are read only for other scripts)
            from cardgen.typography import unprintable

            missing = unprintable(both)
            if missing:
                warning(f"card '{card.id}': its {part} has characters the fonts cannot "
                        f"print ({' '.join(missing)}), which would come out as empty "
                        "boxes; write them with other characters", card.id)


def _missing_words(deck: Deck, langs: tuple[str, ...],
                   warning: Callable[[str, str | None], None]) -> None:
    """The words the deck lacks in each language asked (printing there would refuse)."""
    from cardgen.deck.languages import missing_words

    for lang in langs:
        missing = missing_words(deck, lang)
        if missing:
            warning(f"no '{lang}' text for {', '.join(missing)}; add {lang} = \"…\" to each "
                    f"of these, or print with --fallback-en to use their English text", None)


def _missing_plurals(deck: Deck, players: int | None, langs: tuple[str, ...] | None,
                     warning: Callable[[str, str | None], None]) -> None:
    """A card named in a language without its plural there reads "2 Lluvia de
    calabazas" where the rulebook counts its copies (the name stands in): ask for it, in
    one line per [[card]] table, when the table's copies take a plural. A name without
    letters ("+2") reads the same after any count."""
    from cardgen.catalogue.locale import takes_plural

    copies: dict[str, int] = {}
    cards: dict[str, Card] = {}
    for card, count in deck.card_list(players):
        copies[card.entry] = copies.get(card.entry, 0) + count
        cards.setdefault(card.entry, card)
    for entry, card in cards.items():
        lacking = [lang for lang in (langs if langs is not None else tuple(card.name))
                   if lang in card.plural_missing and takes_plural(copies[entry], lang)
                   and any(c.isalpha() for c in card.name.get(lang, ""))]
        if not lacking:
            continue
        counted = " / ".join(dict.fromkeys(f"\"{copies[entry]} {card.name[lang]}\""
                                           for lang in lacking))
        wanted = ", ".join(f"{lang} = \"…\"" for lang in lacking)
        warning(f"card '{card.id}' has no plural in {', '.join(lacking)}, so the rulebook "
                f"counts {counted}; add plural = {{ {wanted} }} to its [[card]]", card.id)
