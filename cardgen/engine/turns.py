"""The turn order of a round: the dealer, the direction of play, whose turn it is, and
the seats out of the order.

:class:`Seats` builds on the table (:mod:`cardgen.engine.table`) and is built on by the
round (:mod:`cardgen.engine.state`).
"""

from __future__ import annotations

import random

from cardgen.engine.actions import seat_name
from cardgen.engine.cards import CardTables
from cardgen.engine.events import BackInRound
from cardgen.engine.table import Table


class Seats(Table):
    """Who plays, in which order."""

    __slots__ = ("dealer", "direction", "turn", "out", "losing")

    def __init__(self, variant: CardTables, n: int, dealer: int, rng: random.Random, *,
                 log: bool) -> None:
        super().__init__(variant, n, rng, log=log)
        self.dealer = dealer
        self.direction = 1  # 1: clockwise (to the left), -1: counter-clockwise
        self.turn = 0  # whose turn it is
        self.out: list[int] = []  # seats no longer in the turn order (variants)
        self.losing: list[int] = []  # seats that will lose their next turn (lose_turn)

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places after ``seat`` in the direction of play."""
        if not self.out:
            return (seat + self.direction * steps) % self.n
        for _ in range(steps):
            seat = (seat + self.direction) % self.n
            while seat in self.out:
                seat = (seat + self.direction) % self.n
        return seat

    def draw_cards(self, seat: int, count: int) -> int:
        """As :meth:`Table.draw_cards`; a player out who is made to draw is back in the
        round (H-18, H-20: a seat out holds no card), e.g. an Effet Plus on a player who
        went out on a number."""
        got = super().draw_cards(seat, count)
        if got and self.out and seat in self.out:
            self.out.remove(seat)
            self.log(BackInRound(seat))
        return got

    def seats_from(self, start: int) -> list[int]:
        """Every seat in the turn order, in the direction of play, from ``start`` on."""
        order = [start]
        seat = start
        for _ in range(self.n - 1):
            seat = (seat + self.direction) % self.n
            if seat not in self.out:
                order.append(seat)
        return order

    def active_count(self) -> int:
        return self.n - len(self.out)

    def lose_turn(self, seat: int) -> None:
        """``seat`` loses his next turn, whenever it comes (an effect sent back to its
        author, O-04): it is passed over once, when play reaches him."""
        self.losing.append(seat)

    def seat_problems(self) -> list[str]:
        """The invariants of the turn order."""
        found = []
        if self.direction not in (1, -1):
            found.append(f"direction is {self.direction}")
        if not 0 <= self.turn < self.n:
            found.append(f"turn is seat {self.turn}")
        found.extend(f"{seat_name(seat)} is out but holds {len(self.hands[seat])} cards"
                     for seat in self.out if self.hands[seat])
        return found
