"""The card side of a variant: a deck's cards as kinds and the tables looked up in play.

Cards are *kinds* numbered 0, 1, 2, … (a deck holds some copies of each kind), so a hand
is a list of small integers and the questions the hot path asks ("may this card go on
that one?", "what does it score?") are list lookups prepared here, once per variant.

:class:`CardTables` knows nothing of rules: it is the lowest layer of a variant, below
the round (:mod:`cardgen.engine.table` …) and below the rules, which all read it. The
full :class:`~cardgen.engine.variant.Variant` adds the rules in force.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from cardgen.catalogue import Card, catalogue
from cardgen.deck.load import HAND_SIZE
from cardgen.engine.actions import Catch, NameColor
from cardgen.engine.errors import EngineError

#: A round stops and is reported as not terminating after this many actions. Random
#: players make long rounds (they draw as often as they play): the longest of 9 000
#: random classic games (2 to 10 players) took about 22 000 actions.
TURN_CAP = 200_000


class CardTables:
    """A deck's cards for a player count, as kinds, with their lookup tables."""

    def __init__(
        self,
        cards: Sequence[tuple[Card, int]],
        players: int,
        *,
        name: str = "custom",
        hand_size: int = HAND_SIZE,
        target: int = 500,
        self_deciding: frozenset[str] = frozenset(),
        dark_faces: Sequence[tuple[Card, Card]] = (),
    ) -> None:
        """``self_deciding``: the effects whose cards say themselves whether they may be
        played (the matching table leaves them out; see Effect.decides_playability).
        ``dark_faces``: a two-faced deck's pairs (light face, dark face), its light faces
        among ``cards`` (docs/rules.md FL-01)."""
        if not 2 <= players <= 10:
            raise EngineError(f"{name}: UNO is played by 2 to 10 players, not {players}")
        self.name = name
        self.players = players
        self.hand_size = hand_size
        self.target = target
        self.turn_cap = TURN_CAP
        self._card_tables(cards, dark_faces)
        self._face_tables(dark_faces)
        self._match_tables(self_deciding)
        self.catch_actions: tuple[Catch, ...] = tuple(Catch(s) for s in range(players))

    def _card_tables(self, cards: Sequence[tuple[Card, int]],
                     dark_faces: Sequence[tuple[Card, Card]]) -> None:
        """The cards as kinds, and what each kind is: colour, symbol, points … A
        two-faced deck's dark faces are kinds too, after the light ones, none of them in
        the deck as it is dealt (light side up)."""
        light_colors = tuple(catalogue().colors)
        # (a one-faced deck's card of a dark colour, refused by the deck check, still
        # finds its colour here)
        dark_colors = tuple(dict.fromkeys(
            card.color for card in (*(c for c, _ in cards), *(d for _, d in dark_faces))
            if card.color is not None and card.color not in light_colors))
        self.colors: tuple[str, ...] = light_colors + dark_colors
        color_index = {c: i for i, c in enumerate(self.colors)}
        self.name_color_actions: tuple[NameColor, ...] = tuple(
            NameColor(c, color_index=i) for i, c in enumerate(self.colors))
        #: side (0 light, 1 dark) -> the colours a wild of that side names (FL-03)
        self.side_colors: tuple[range, range] = (
            range(len(light_colors)), range(len(light_colors), len(self.colors)))
        present = [(card, count) for card, count in cards if count > 0]
        light_ids = {card.id for card, _ in present}
        present += [(dark, 0) for light, dark in dark_faces if light.id in light_ids]
        self.kinds: tuple[Card, ...] = tuple(card for card, _ in present)
        self.kind_of: dict[str, int] = {card.id: k for k, card in enumerate(self.kinds)}
        #: every card of the deck as its kind, copies included, in order of kind
        self.deck: tuple[int, ...] = tuple(
            k for k, (_, count) in enumerate(present) for _ in range(count))
        self.deck_counts: Counter[int] = Counter(self.deck)
        kinds = self.kinds
        self.color_of: tuple[int, ...] = tuple(
            color_index[c.color] if c.color is not None else -1 for c in kinds)
        symbols = {s: i for i, s in enumerate(dict.fromkeys(c.symbol for c in kinds))}
        self.symbol_of: tuple[int, ...] = tuple(symbols[c.symbol] for c in kinds)
        self.points_of: tuple[int, ...] = tuple(c.points for c in kinds)
        #: the kinds whose card says it may be turned up as a round's first card (C-11)
        self.can_start = frozenset(k for k, c in enumerate(kinds) if c.can_start)
        #: the kinds that may be a round's first card: the rules in force may narrow
        #: ``can_start`` (see Variant)
        self.start_kinds = self.can_start
        #: colour -> the kinds that are "a card of that colour" for the +4 rule (C-20)
        self.counts_as: tuple[frozenset[int], ...] = tuple(
            frozenset(k for k, c in enumerate(kinds)
                      if self.color_of[k] == i and c.counts_as_color)
            for i in range(len(self.colors)))

    def _face_tables(self, dark_faces: Sequence[tuple[Card, Card]]) -> None:
        """What a Flip reads (FL-02): each kind's other face and side, and the deck as
        the dark side shows it (what the card invariants count once it is in force)."""
        self.two_faced = bool(dark_faces)
        kind_of = self.kind_of
        other = list(range(len(self.kinds)))
        for light, dark in dark_faces:
            if light.id in kind_of:
                other[kind_of[light.id]] = kind_of[dark.id]
                other[kind_of[dark.id]] = kind_of[light.id]
        self.other_face: tuple[int, ...] = tuple(other)
        dark_kinds = {kind_of[dark.id] for light, dark in dark_faces if light.id in kind_of}
        self.side_of: tuple[int, ...] = tuple(
            1 if k in dark_kinds else 0 for k in range(len(self.kinds)))
        self.flipped_deck: tuple[int, ...] = tuple(sorted(other[k] for k in self.deck))
        self.flipped_counts: Counter[int] = Counter(self.flipped_deck)

    def _match_tables(self, self_deciding: frozenset[str]) -> None:
        """Which kinds may go on which: the hot path's one lookup (C-12)."""
        kinds = self.kinds
        self.special_kinds: tuple[int, ...] = tuple(
            k for k, c in enumerate(kinds) if c.effect in self_deciding)
        self.special_kind_set = frozenset(self.special_kinds)
        symbol_count = len(set(self.symbol_of))
        # The playable kinds for each (colour in force, top card): a card goes on the colour
        # in force, on the same symbol (number, +2, …), or anywhere if it is an any_card
        # card. A card with no colour of its own on top (a wild) has no symbol to match
        # (C-12). Cards that decide for themselves are left out of the table.
        self._symbol_count = symbol_count
        self.top_symbol: tuple[int, ...] = tuple(
            -1 if c.any_card else self.symbol_of[k] for k, c in enumerate(kinds))
        table: list[frozenset[int]] = []
        for color in range(-1, len(self.colors)):
            for top_sym in range(-1, symbol_count):
                table.append(frozenset(
                    k for k, c in enumerate(kinds)
                    if k not in self.special_kind_set
                    and (c.any_card or (color >= 0 and self.color_of[k] == color)
                         or (top_sym >= 0 and self.symbol_of[k] == top_sym))))
        self._match = tuple(table)
        #: kind on top -> colour in force + 1 -> the playable kinds (the table above by row)
        self.match_rows: tuple[tuple[frozenset[int], ...], ...] = tuple(
            tuple(self.matching(color, k) for color in range(-1, len(self.colors)))
            for k in range(len(kinds)))

    def matching(self, color: int, top: int) -> frozenset[int]:
        """The kinds that go on ``top`` with ``color`` in force (-1: no colour yet)."""
        return self._match[(color + 1) * (self._symbol_count + 1) + self.top_symbol[top] + 1]

    def kind(self, card_id: str) -> int:
        try:
            return self.kind_of[card_id]
        except KeyError:
            raise EngineError(f"card '{card_id}' is not in the deck {self.name}") from None

    def is_number(self, kind: int, value: int) -> bool:
        """Whether ``kind`` is a number card showing ``value``."""
        card = self.kinds[kind]
        return card.effect == "number" and card.value == value


@lru_cache(maxsize=512)
def kinds_where(tables: CardTables, *effects: str) -> frozenset[int]:
    """The kinds of ``tables`` whose card has one of ``effects``: ``kinds_where(variant,
    "cancel")`` are the Nons, ``kinds_where(variant, "draw", "wild-draw")`` the +2s, +4s
    and their kin. Asked often by the answers out of turn, so kept per variant."""
    return frozenset(k for k, card in enumerate(tables.kinds) if card.effect in effects)
