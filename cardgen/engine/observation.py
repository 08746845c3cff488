"""What one seat can see of a round.

A player decides from a :class:`SeatView` only: its own hand, how many cards the others
hold, the discard pile, the colour in force (a wild's colour is public), the direction,
who is at UNO, the draw pending against someone, and any hand that was shown to this
seat (a +4 challenge, C-22). With two-faced cards (FL-06) it also sees the side in
force, the other side of every other seat's hand and of the draw pile's top card, but
never the other side of its own hand. The view reads the live round; it copies nothing until
asked, so handing one to a bot on every decision costs nothing. A dealer who names a
first wild's colour before looking at his cards (U-10) sees no hand while he names it.

A bot that looks ahead asks its view for :meth:`SeatView.sample_world`: a whole round
the seat cannot tell from the real one, its hidden cards dealt anew, to try actions on.
"""

from __future__ import annotations

import random
from itertools import chain
from typing import Any

from cardgen.catalogue import Card
from cardgen.engine.actions import seat_name
from cardgen.engine.stack import COLOR
from cardgen.engine.state import RoundState, RoundVariant, shuffle


class SeatView:
    __slots__ = ("_state", "seat")

    def __init__(self, state: RoundState, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def variant(self) -> RoundVariant:
        return self._state.variant

    @property
    def hand_hidden(self) -> bool:
        """U-10: the dealer names a first wild's colour before looking at his hand."""
        state = self._state
        if not state.rules.start_color_blind or self.seat != state.dealer:
            return False
        return state.phase == COLOR

    @property
    def hand_kinds(self) -> list[int]:
        return [] if self.hand_hidden else list(self._state.hands[self.seat])

    @property
    def hand_size(self) -> int:
        return len(self._state.hands[self.seat])

    def hand_size_of(self, seat: int) -> int:
        """How many cards ``seat`` holds (one of :attr:`hand_sizes`, without the tuple)."""
        return len(self._state.hands[seat])

    @property
    def hand(self) -> tuple[Card, ...]:
        if self.hand_hidden:
            return ()
        kinds = self._state.variant.kinds
        return tuple(kinds[k] for k in self._state.hands[self.seat])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self._state.hands)

    @property
    def discard(self) -> tuple[Card, ...]:
        kinds = self._state.variant.kinds
        return tuple(kinds[k] for k in self._state.discard)

    @property
    def top_kind(self) -> int:
        return self._state.discard[-1]

    @property
    def color_index(self) -> int:
        return self._state.color

    @property
    def color(self) -> str | None:
        c = self._state.color
        return self._state.variant.colors[c] if c >= 0 else None

    @property
    def direction(self) -> int:
        return self._state.direction

    @property
    def turn(self) -> int:
        return self._state.turn

    @property
    def draw_pile_size(self) -> int:
        return len(self._state.draw_pile)

    @property
    def at_uno(self) -> tuple[bool, ...]:
        return tuple(self._state.at_uno)

    @property
    def pending(self) -> list[dict[str, Any]]:
        """The draws pending, oldest first (a bluff stays hidden until challenged)."""
        return [
            {"card": self._state.variant.kinds[e.kind].id, "author": e.penalty.author,
             "amount": e.penalty.amount, "target": e.penalty.target,
             "skipped": e.penalty.skipped, "challengeable": e.penalty.challengeable}
            for e in self._state.stack if e.penalty is not None
        ]

    @property
    def revealed(self) -> dict[int, tuple[Card, ...]]:
        kinds = self._state.variant.kinds
        return {other: tuple(kinds[k] for k in hand)
                for other, hand in self._state.revealed.get(self.seat, {}).items()}

    @property
    def side(self) -> str | None:
        """FL-02: the side in force, "light" or "dark"; None for one-faced cards."""
        state = self._state
        return ("light", "dark")[state.side] if state.variant.two_faced else None

    def other_side_of_hand(self, seat: int) -> tuple[Card, ...]:
        """FL-06: the faces of ``seat``'s cards that the others see (their side not in
        force), in the hand's order; nothing for this seat's own hand, or one-faced
        cards."""
        state = self._state
        variant = state.variant
        if seat == self.seat or not variant.two_faced:
            return ()
        other, kinds = variant.other_face, variant.kinds
        return tuple(kinds[other[k]] for k in state.hands[seat])

    @property
    def draw_pile_top_other_side(self) -> Card | None:
        """FL-06: the face the draw pile's top card shows everyone (the side not in
        force), None when the pile is empty or the cards have one face."""
        state = self._state
        variant = state.variant
        if not variant.two_faced or not state.draw_pile:
            return None
        return variant.kinds[variant.other_face[state.draw_pile[-1]]]

    def next_seat(self, steps: int = 1) -> int:
        return self._state.next_seat(self.seat, steps)

    def as_dict(self) -> dict[str, Any]:
        shown = self._faces_dict() if self._state.variant.two_faced else {}
        return {**self._plain_dict(), **shown}

    def _faces_dict(self) -> dict[str, Any]:
        """What two-faced cards show this seat (FL-06)."""
        top = self.draw_pile_top_other_side
        return {
            "side": self.side,
            "other_sides": {seat_name(s): [c.id for c in self.other_side_of_hand(s)]
                            for s in range(len(self._state.hands)) if s != self.seat},
            "draw_pile_top_other_side": top.id if top is not None else None,
        }

    def _plain_dict(self) -> dict[str, Any]:
        return {
            "seat": seat_name(self.seat),
            "hand": [c.id for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "top": self.discard[-1].id,
            "color": self.color,
            "direction": "clockwise" if self.direction == 1 else "counter-clockwise",
            "draw_pile": self.draw_pile_size,
            "at_uno": [seat_name(s) for s, flag in enumerate(self.at_uno) if flag],
            "pending": self.pending,
            "revealed": {seat_name(s): [c.id for c in cards]
                         for s, cards in self.revealed.items()},
        }

    def hand_seen(self) -> list[int]:
        """:attr:`hand_kinds` for a bot that reads it on every decision and never changes
        it: the live hand, not a copy (empty while hidden, as :attr:`hand_hidden` says).
        A method, not a property: CPython 3.11 calls a method much faster."""
        return [] if self.hand_hidden else self._state.hands[self.seat]

    def sample_world(self, rng: random.Random) -> RoundState:
        """A copy of the round as this seat may imagine it, to try actions on (a search):
        what the seat sees stays as it is; what it cannot see is drawn anew from ``rng``.
        The cards of the other hands and of the draw pile (its own hand too while it is
        hidden, U-10) are shuffled together and dealt back, each hand keeping its size
        and the pile its length; a +4 of another seat still open to a challenge is a
        bluff or not by its author's new hand; what was shown to other seats is
        forgotten; chance steps to come (reshuffles …) follow a source seeded from
        ``rng``. None of it reads the real hidden cards: two rounds the seat cannot
        tell apart give the same world for the same ``rng``.

        The hidden cards are the hands and the draw pile. A family that keeps cards of
        its own out of sight in its round data (``extra``) has them copied as they are.
        With two-faced cards the seat sees the other side of the other hands and of the
        draw pile's top (FL-06), and a face is behind one kind only (FL-01 pairs them
        one to one): those cards are known and stay where they are; only its own hand
        while hidden and the rest of the draw pile are dealt anew.
        """
        world = self._state.copy(rng=random.Random(rng.getrandbits(64)))
        world.events = None
        me = self.seat
        two_faced = world.variant.two_faced
        hidden = [world.hands[s] for s in range(world.n)
                  if (s != me and not two_faced) or (s == me and self.hand_hidden)]
        # FL-06: the draw pile's top shows its other face; the cards under it do not.
        pile = world.draw_pile[:-1] if two_faced else world.draw_pile
        # Sorted first, so that the deal depends on which cards are hidden, not where.
        pool = sorted(chain(*hidden, pile))
        shuffle(rng, pool)
        at = 0
        for hand in hidden:  # in place: a family may hold a hand by identity
            hand[:] = pool[at:at + len(hand)]
            at += len(hand)
        world.draw_pile[:len(pile)] = pool[at:]
        seen = world.revealed.get(me)
        world.revealed = {me: seen} if seen is not None else {}
        for entry in world.stack:
            penalty = entry.penalty
            if (penalty is not None and penalty.challengeable and penalty.author is not None
                    and penalty.author != me):
                penalty.bluff = world.rules.is_bluff(world, penalty.author, entry.prev_color)
        return world
