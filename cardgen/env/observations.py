"""What an agent observes: one vector of what its seat can see, laid out in named slices.

Seats are counted from the observer (0 is itself, 1 the next seat clockwise …), so a
policy learnt in one seat plays in any. Nothing another seat holds face down is in it:
the hand is the observer's own, the others are counts.
"""

from __future__ import annotations

from array import array

import numpy as np

from cardgen.engine import Game, RoundState, Variant

#: The round's phases, in the engine's order: its turn, the card just drawn, an answer
#: out of turn, naming a colour, the round over, a choice a card asks for.
PHASES = ("turn", "drawn", "respond", "color", "over", "choose")


def observation_layout(variant: Variant, players: int) -> dict[str, slice]:
    """The slices of the observation vector, by name, for ``variant`` at ``players``."""
    kinds, colors = len(variant.kinds), len(variant.colors)
    sizes = [("hand", kinds),             # how many of each kind the seat holds
             ("top", kinds),              # the kind on the discard pile (one-hot)
             ("color", colors + 1),       # the colour in force (one-hot; last: none)
             ("hand_sizes", players),     # cards held, from the observer on
             ("at_uno", players),         # 1 for a seat that called UNO
             ("scores", players),         # game scores / target
             ("direction", 1),            # 1 clockwise, -1 counter-clockwise
             ("phase", len(PHASES)),      # what the round waits for (one-hot)
             ("pending", 2),              # cards a pending draw makes draw; its victim
             ("draw_pile", 1)]            # cards left to draw
    layout: dict[str, slice] = {}
    start = 0
    for name, size in sizes:
        layout[name] = slice(start, start + size)
        start += size
    return layout


class ObservationWriter:
    """Fills the observation vector of a seat (see :func:`observation_layout`)."""

    def __init__(self, variant: Variant, players: int) -> None:
        self.layout = observation_layout(variant, players)
        self.size = max(part.stop for part in self.layout.values())
        self.players = players
        at = self.layout  # where each slice starts, by name (no_color: the last of "color")
        self.top, self.color = at["top"].start, at["color"].start
        self.no_color = at["color"].stop - 1
        self.hand_sizes, self.at_uno = at["hand_sizes"].start, at["at_uno"].start
        self.scores, self.direction = at["scores"].start, at["direction"].start
        self.phase, self.pending = at["phase"].start, at["pending"].start
        self.draw_pile = at["draw_pile"].start
        # [round seats][observer] -> the seats from the observer on (its offsets)
        self.seats_from = [[[(observer + offset) % n for offset in range(n)]
                            for observer in range(n)] for n in range(players + 1)]
        # the same with the index of each seat's hand size: (index, seat)
        self.size_slots = [[[(self.hand_sizes + offset, other)
                             for offset, other in enumerate(seats)] for seats in by_observer]
                           for by_observer in self.seats_from]
        # Each vector starts as a copy of its observer's blank: zeros, and the scores,
        # which change only between rounds (the blanks are made again when they do).
        # A typed array of C floats, set item by item, then handed to NumPy without a
        # copy: turning a Python list into an array would convert every value again.
        self.blanks: list[array[float]] = []
        self.blanks_for: tuple[tuple[int, ...], list[int], int] = ((), [], 0)
        self.float32 = np.dtype(np.float32)

    def write(self, state: RoundState, seat: int, game: Game,
              seats: tuple[int, ...]) -> np.ndarray:
        if self.blanks_for != (seats, game.scores, game.target):
            self._make_blanks(game, seats)
        values = self.blanks[seat][:]
        for kind in state.hands[seat]:  # the hand's slice comes first: index = kind
            values[kind] += 1.0
        values[self.top + state.discard[-1]] = 1.0
        values[self.color + state.color if state.color >= 0 else self.no_color] = 1.0
        n, hands, at_uno = state.n, state.hands, state.at_uno
        for slot, other in self.size_slots[n][seat]:
            values[slot] = len(hands[other])
        if True in at_uno:  # (rarely: a seat that called UNO and holds one card)
            for offset, other in enumerate(self.seats_from[n][seat]):
                values[self.at_uno + offset] = at_uno[other]
        values[self.direction] = state.direction
        values[self.phase + state.phase] = 1.0
        if state.stack:  # (most often empty between decisions)
            for entry in reversed(state.stack):
                if entry.penalty is not None:
                    values[self.pending] = entry.penalty.amount
                    values[self.pending + 1] = (entry.penalty.target - seat) % n
                    break
        values[self.draw_pile] = len(state.draw_pile)
        return np.frombuffer(values, self.float32)

    def _make_blanks(self, game: Game, seats: tuple[int, ...]) -> None:
        n, totals, target = len(seats), game.scores, game.target
        self.blanks = []
        for observer in range(n):
            blank = array("f", bytes(4 * self.size))
            for offset, other in enumerate(self.seats_from[n][observer]):
                blank[self.scores + offset] = totals[seats[other]] / target
            self.blanks.append(blank)
        self.blanks_for = (seats, list(totals), target)
