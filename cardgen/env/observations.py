"""What an agent observes: one vector of what its seat can see, laid out in named slices.

Seats are counted from the observer (0 is itself, 1 the next seat clockwise …), so a
policy learnt in one seat plays in any. Nothing another seat holds face down is in it:
the hand is the observer's own, the others are counts.
"""

from __future__ import annotations

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
        self.colors = len(variant.colors)

    def write(self, state: RoundState, seat: int, game: Game,
              seats: tuple[int, ...]) -> np.ndarray:
        # Built as a Python list and turned into an array once: setting NumPy elements
        # one by one costs far more than the few dozen values a seat sees.
        at = self.layout
        values = [0.0] * self.size
        for kind in state.hands[seat]:
            values[kind] += 1.0
        values[at["top"].start + state.discard[-1]] = 1.0
        values[at["color"].start + (state.color if state.color >= 0 else self.colors)] = 1.0
        n = state.n
        sizes, uno, scores = at["hand_sizes"].start, at["at_uno"].start, at["scores"].start
        hands, at_uno, totals, target = state.hands, state.at_uno, game.scores, game.target
        for offset in range(n):
            other = (seat + offset) % n
            values[sizes + offset] = len(hands[other])
            values[uno + offset] = at_uno[other]
            values[scores + offset] = totals[seats[other]] / target
        values[at["direction"].start] = state.direction
        values[at["phase"].start + state.phase] = 1.0
        for entry in reversed(state.stack):
            if entry.penalty is not None:
                values[at["pending"].start] = entry.penalty.amount
                values[at["pending"].start + 1] = (entry.penalty.target - seat) % n
                break
        values[at["draw_pile"].start] = len(state.draw_pile)
        return np.array(values, np.float32)
