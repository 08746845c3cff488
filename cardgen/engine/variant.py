"""The static side of a game: which cards, how many players, which rules.

A :class:`Variant` is built once and never changes; every round of every game played
with it shares its tables. Cards are *kinds* numbered 0, 1, 2, … (a deck holds some
copies of each kind), so a hand is a list of small integers and the questions the hot
path asks ("may this card go on that one?", "what does it score?") are list lookups
prepared here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cached_property

from cardgen.catalogue import Card, catalogue
from cardgen.decks import HAND_SIZE, Deck
from cardgen.engine.actions import Catch, NameColor, Play
from cardgen.engine.effects import Effect, effect_for
from cardgen.engine.errors import EngineError, NotImplementedYet
from cardgen.engine.responses import RESPONDERS, Responder
from cardgen.engine.rules import RULES, OfficialRules, compose_rules, missing_rules

#: A round stops and is reported as not terminating after this many actions. Random
#: players make long rounds (they draw as often as they play): the longest of 9 000
#: random classic games (2 to 10 players) took about 22 000 actions.
TURN_CAP = 200_000

#: [seat][uno][kind] -> the actions that play that kind
PlayTable = tuple[tuple[tuple[tuple[Play, ...], ...], ...], ...]


class Variant:
    """A deck's cards, a player count and the rules in force, with their lookup tables."""

    def __init__(
        self,
        cards: Sequence[tuple[Card, int]],
        players: int,
        rules: Iterable[str] = (),
        *,
        name: str = "custom",
        hand_size: int = HAND_SIZE,
        target: int = 500,
    ) -> None:
        if not 2 <= players <= 10:
            raise EngineError(f"{name}: UNO is played by 2 to 10 players, not {players}")
        self.name = name
        self.players = players
        self.hand_size = hand_size
        self.target = target
        self.rule_names: tuple[str, ...] = tuple(dict.fromkeys(rules))
        self.turn_cap = TURN_CAP

        self._card_tables(cards)
        self._match_tables()
        self._hook_tables(compose_rules(self.rule_names))
        self.catch_actions: tuple[Catch, ...] = tuple(Catch(s) for s in range(players))
        self._play_tables: dict[int, PlayTable] = {}

    def _card_tables(self, cards: Sequence[tuple[Card, int]]) -> None:
        """The cards as kinds, and what each kind is: colour, symbol, points …"""
        self.colors: tuple[str, ...] = tuple(catalogue().colors)
        color_index = {c: i for i, c in enumerate(self.colors)}
        self.name_color_actions: tuple[NameColor, ...] = tuple(
            NameColor(c, color_index=i) for i, c in enumerate(self.colors))
        present = [(card, count) for card, count in cards if count > 0]
        self.kinds: tuple[Card, ...] = tuple(card for card, _ in present)
        self.kind_of: dict[str, int] = {card.id: k for k, card in enumerate(self.kinds)}
        #: every card of the deck as its kind, copies included
        self.deck: tuple[int, ...] = tuple(
            k for k, (_, count) in enumerate(present) for _ in range(count))
        self.deck_counts: Counter[int] = Counter(self.deck)
        kinds = self.kinds
        self.color_of: tuple[int, ...] = tuple(
            color_index[c.color] if c.color is not None else -1 for c in kinds)
        symbols = {s: i for i, s in enumerate(dict.fromkeys(c.symbol for c in kinds))}
        self.symbol_of: tuple[int, ...] = tuple(symbols[c.symbol] for c in kinds)
        self.points_of: tuple[int, ...] = tuple(c.points for c in kinds)
        #: the kinds that may be turned up as a round's first card (C-11)
        self.start_kinds = frozenset(k for k, c in enumerate(kinds) if c.can_start)
        #: colour -> the kinds that are "a card of that colour" for the +4 rule (C-20)
        self.counts_as: tuple[frozenset[int], ...] = tuple(
            frozenset(k for k, c in enumerate(kinds)
                      if self.color_of[k] == i and c.counts_as_color)
            for i in range(len(self.colors)))
        self.effect_of: tuple[Effect, ...] = tuple(effect_for(c.effect) for c in kinds)

    def _match_tables(self) -> None:
        """Which kinds may go on which: the hot path's one lookup (C-12)."""
        kinds = self.kinds
        symbol_count = len(set(self.symbol_of))
        # The playable kinds for each (colour in force, top card): a card goes on the colour
        # in force, on the same symbol (number, +2, …), or anywhere if it is an any_card
        # card. A card with no colour of its own on top (a wild) has no symbol to match
        # (C-12). Effects that decide for themselves are left out of the table.
        self._symbol_count = symbol_count
        self.top_symbol: tuple[int, ...] = tuple(
            -1 if c.any_card else self.symbol_of[k] for k, c in enumerate(kinds))
        self.special_kinds: tuple[int, ...] = tuple(
            k for k in range(len(kinds)) if self.effect_of[k].decides_playability)
        self.special_kind_set = frozenset(self.special_kinds)
        table: list[frozenset[int]] = []
        for color in range(-1, len(self.colors)):
            for top_sym in range(-1, symbol_count):
                table.append(frozenset(
                    k for k, c in enumerate(kinds)
                    if k not in self.special_kinds
                    and (c.any_card or (color >= 0 and self.color_of[k] == color)
                         or (top_sym >= 0 and self.symbol_of[k] == top_sym))))
        self._match = tuple(table)
        #: kind on top -> colour in force + 1 -> the playable kinds (the table above by row)
        self.match_rows: tuple[tuple[frozenset[int], ...], ...] = tuple(
            tuple(self.matching(color, k) for color in range(-1, len(self.colors)))
            for k in range(len(kinds)))

    def _hook_tables(self, rules: OfficialRules) -> None:
        """The rules in force and, per kind, the effect hooks the round calls; hooks
        nobody overrides are left out so that the hot path skips them."""
        self.rules: OfficialRules = rules
        #: the kinds whose effect has no handler yet (the engine refuses to play them)
        self.unimplemented_kinds = frozenset(
            k for k, e in enumerate(self.effect_of) if not e.implemented)
        self.resolve_of = tuple(e.resolve for e in self.effect_of)
        self.on_play_of = tuple(
            e.on_play if type(e).on_play is not Effect.on_play else None for e in self.effect_of)

        self.start_kinds = self.rules.start_kinds(self, self.start_kinds)
        self.responders: tuple[Responder, ...] = self.rules.responders()
        # ... and those the deck's own cards need ("Non", Boomerang …), whatever the rules.
        for name in dict.fromkeys(n for e in self.effect_of for n in e.responders):
            if RESPONDERS[name] not in self.responders:
                self.responders += (RESPONDERS[name],)
        self.pending_responders = tuple(r for r in self.responders if r.window == "pending")
        #: those that may answer a card that carries no pending draw (most cards)
        self.quiet_responders = tuple(r for r in self.pending_responders
                                      if not r.needs_penalty)
        self.between_responders = tuple(r for r in self.responders if r.window == "between")
        self.after_play = (self.rules.after_play
                           if type(self.rules).after_play is not OfficialRules.after_play
                           else None)
        self.after_resolve = (self.rules.after_resolve
                              if type(self.rules).after_resolve is not OfficialRules.after_resolve
                              else None)

    @classmethod
    def from_deck(cls, deck: Deck, players: int, rules: Iterable[str] = ()) -> Variant:
        """The variant a deck file describes for this many players, plus extra rules."""
        # A deck whose rulebook is a variant with rules of its own (Uno Unplugged) plays
        # them first, under the deck's options.
        base = (deck.rulebook,) if deck.rulebook in RULES else ()
        return cls(deck.card_list(players), players, (*base, *deck.rules, *rules),
                   name=deck.id, hand_size=deck.hand_size)

    def matching(self, color: int, top: int) -> frozenset[int]:
        """The kinds that go on ``top`` with ``color`` in force (-1: no colour yet)."""
        return self._match[(color + 1) * (self._symbol_count + 1) + self.top_symbol[top] + 1]

    def kind(self, card_id: str) -> int:
        try:
            return self.kind_of[card_id]
        except KeyError:
            raise EngineError(f"card '{card_id}' is not in the deck {self.name}") from None

    @cached_property
    def unimplemented(self) -> dict[str, list[str]]:
        """Effects with no handler yet -> the deck's cards that have them."""
        found: dict[str, list[str]] = {}
        for card, effect in zip(self.kinds, self.effect_of, strict=True):
            if not effect.implemented:
                found.setdefault(card.effect, []).append(card.id)
        return found

    @cached_property
    def rules_missing(self) -> list[str]:
        return missing_rules(self.rule_names)

    def playability_problem(self) -> str | None:
        """Why the engine cannot play this variant yet, in a sentence (None: it can)."""
        parts = []
        if self.unimplemented:
            cards = ", ".join(c for ids in self.unimplemented.values() for c in ids)
            parts.append(f"its cards {cards} have effects the rules engine does not play yet "
                         f"({', '.join(self.unimplemented)})")
        if self.rules_missing:
            parts.append(f"the optional rule(s) {', '.join(self.rules_missing)} are not in "
                         "the rules engine yet")
        problem = self.rules.players_problem(self.players)
        if problem:
            parts.append(problem)
        return "; ".join(parts) or None

    def require_playable(self) -> None:
        problem = self.playability_problem()
        if problem:
            raise NotImplementedYet(f"{self.name} cannot be played by the engine: {problem}")

    def play_table(self, n: int) -> PlayTable:
        """The interned play actions of an n-seat round: [seat][uno][kind] -> actions."""
        table = self._play_tables.get(n)
        if table is None:
            table = self._play_tables[n] = tuple(
                tuple(tuple(self._plays(k, seat, n, uno) for k in range(len(self.kinds)))
                      for uno in (False, True))
                for seat in range(n))
        return table

    def _plays(self, kind: int, seat: int, n: int, uno: bool) -> tuple[Play, ...]:
        card = self.kinds[kind]
        colors: list[tuple[str | None, int]] = (
            [(c, i) for i, c in enumerate(self.colors)] if card.names_color else [(None, -1)])
        targets = self.effect_of[kind].targets(self, kind, seat, n)
        calls = (False, True) if uno else (False,)
        siblings = len(colors) * len(targets) * len(calls)
        return tuple(
            Play(card.id, color, target, call, kind=kind, color_index=ci, siblings=siblings,
                 sets_color=ci if ci >= 0 else self.color_of[kind],
                 match_after=self.match_rows[kind][(ci if ci >= 0 else self.color_of[kind]) + 1])
            for color, ci in colors for target in targets for call in calls)
