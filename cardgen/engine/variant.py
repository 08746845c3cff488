"""The static side of a game: which cards, how many players, which rules.

A :class:`Variant` is built once and never changes; every round of every game played
with it shares its tables. It is the deck's card tables (:mod:`cardgen.engine.cards`)
with the rules in force: the official rules and the optional ones composed
(:mod:`cardgen.engine.official.rules`), each card's effect and the answers out of turn
(registered through :mod:`cardgen.engine.api`), and the tables of hooks per kind that the
round (:class:`~cardgen.engine.state.RoundState`) looks up.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property

from cardgen.catalogue import Card
from cardgen.deck.load import HAND_SIZE, TARGET, Deck
from cardgen.engine.actions import Play
from cardgen.engine.errors import NotImplementedYet
from cardgen.engine.hooks import RESPONDERS, Effect, Responder, effect_for
from cardgen.engine.official.rules import OPTIONS, OfficialRules, compose_rules, missing_options
from cardgen.engine.state import PlayTable, RoundVariant


class Variant(RoundVariant):
    """A deck's cards, a player count and the rules in force, with their lookup tables."""

    rules: OfficialRules
    effect_of: tuple[Effect, ...]

    def __init__(
        self,
        cards: Sequence[tuple[Card, int]],
        players: int,
        rules: Iterable[str] = (),
        *,
        name: str = "custom",
        hand_size: int = HAND_SIZE,
        target: int = TARGET,
        launcher: tuple[int, ...] | None = None,
        dark_faces: Sequence[tuple[Card, Card]] = (),
    ) -> None:
        faces = [card for card, _ in cards] + [dark for _, dark in dark_faces]
        effects = {card.effect: effect_for(card.effect) for card in faces}
        super().__init__(cards, players, name=name, hand_size=hand_size, target=target,
                         self_deciding=frozenset(
                             e for e, handler in effects.items() if handler.decides_playability),
                         dark_faces=dark_faces)
        self.dark_faces = tuple(dark_faces)
        self.effect_of = tuple(effects[card.effect] for card in self.kinds)
        self.rule_names: tuple[str, ...] = tuple(dict.fromkeys(rules))
        #: AT-01: the deck's launcher weights (None: the rules' default)
        self.launcher = launcher
        self._hook_tables(compose_rules(self.rule_names))
        self._play_tables: dict[int, PlayTable] = {}

    def _hook_tables(self, rules: OfficialRules) -> None:
        """The rules in force and, per kind, the effect hooks the round calls; hooks
        nobody overrides are left out so that the hot path skips them."""
        self.rules = rules
        #: the kinds whose effect has no handler yet (the engine refuses to play them)
        self.unimplemented_kinds = frozenset(
            k for k, e in enumerate(self.effect_of) if not e.implemented)
        self.resolve_of = tuple(e.resolve for e in self.effect_of)
        self.on_play_of = tuple(
            e.on_play if type(e).on_play is not Effect.on_play else None for e in self.effect_of)

        self.start_kinds = self.rules.start_kinds(self, self.can_start)
        self.responders: tuple[Responder, ...] = self.rules.responders()
        # ... and those the deck's own cards need ("Non", Boomerang …), whatever the rules.
        for name in dict.fromkeys(n for e in self.effect_of for n in e.responders):
            if RESPONDERS[name] not in self.responders:
                self.responders += (RESPONDERS[name],)
        self.pending_responders = tuple(r for r in self.responders if r.window == "pending")
        #: those that may answer a card that carries no pending draw (most cards)
        self.quiet_responders = tuple(r for r in self.responders
                                      if r.window == "pending" and not r.needs_penalty)
        self.between_responders = tuple(r for r in self.responders if r.window == "between")
        #: those that may answer between turns when nobody missed an UNO call
        self.between_unmissed = tuple(r for r in self.responders
                                      if r.window == "between" and not r.needs_missed_uno)
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
        base = (deck.rulebook,) if deck.rulebook in OPTIONS else ()
        return cls(deck.card_list(players), players, (*base, *deck.rules, *rules),
                   name=deck.id, hand_size=deck.hand_size, target=deck.target,
                   launcher=deck.launcher, dark_faces=deck.face_pairs())

    def with_cards(self, cards: Sequence[tuple[Card, int]], rules: Iterable[str],
                   name: str) -> Variant:
        """Another variant of the same deck's parameters (players, hand size, target) with
        these cards and rules: what balance compares the deck with."""
        return Variant(cards, self.players, rules, name=name, hand_size=self.hand_size,
                       target=self.target, launcher=self.launcher,
                       dark_faces=self.dark_faces)

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
        return missing_options(self.rule_names)

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
            [(self.colors[i], i) for i in self.side_colors[self.side_of[kind]]]
            if card.names_color else [(None, -1)])
        targets = self.effect_of[kind].targets(self, kind, seat, n)
        calls = (False, True) if uno else (False,)
        siblings = len(colors) * len(targets) * len(calls)
        return tuple(
            Play(card.id, color, target, call, kind=kind, color_index=ci, siblings=siblings,
                 sets_color=ci if ci >= 0 else self.color_of[kind],
                 match_after=self.match_rows[kind][(ci if ci >= 0 else self.color_of[kind]) + 1])
            for color, ci in colors for target in targets for call in calls)
