"""What an agent observes: one vector of what its seat can see, laid out in named slices.

Seats are counted from the observer (0 is itself, 1 the next seat clockwise …), so a
policy learnt in one seat plays in any. Nothing another seat holds face down is in it:
the hand is the observer's own, the others are counts. With two-faced cards (UNO Flip,
FL-06) every seat sees the other side of the others' hands and of the draw pile's top,
and so does the observation (two more slices; one-faced decks keep their layout). Only
the full-information view
(``full_information=True``, for oracle-guided training and centralised critics) adds
every seat's hand.

One writer serves the AEC environment (a fresh vector per observation) and the vector
environment (a row of a preallocated array, written in place): :meth:`ObservationWriter.
write_into` takes any buffer of C floats and the offset of the row.
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from cardgen.engine import Game, RoundState, Variant
from cardgen.engine.state import COLOR

#: A flat buffer of C floats set item by item: an ``array("f")`` or a memoryview cast to
#: "f" (typeshed types a memoryview's items as int whatever its format).
FloatBuffer = Any

#: The round's phases, in the engine's order: its turn, the card just drawn, an answer
#: out of turn, naming a colour, the round over, a choice a card asks for.
PHASES = ("turn", "drawn", "respond", "color", "over", "choose")


def observation_layout(variant: Variant, players: int, *,
                       full_information: bool = False) -> dict[str, slice]:
    """The slices of the observation vector, by name, for ``variant`` at ``players``;
    ``full_information`` adds ``hands``, every seat's hand from the observer on. A
    two-faced deck adds ``other_sides`` and ``draw_pile_top_other_side`` (FL-06)."""
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
    if variant.two_faced:  # FL-06: the faces of the others' cards turned to this seat
        sizes += [("other_sides", (players - 1) * kinds),  # counts per kind, seat 1 on
                  ("draw_pile_top_other_side", kinds)]     # one-hot (none: empty pile)
    if full_information:  # how many of each kind each seat holds, seat after seat
        sizes.append(("hands", players * kinds))
    layout: dict[str, slice] = {}
    start = 0
    for name, size in sizes:
        layout[name] = slice(start, start + size)
        start += size
    return layout


class BlankCache:
    """The blank vectors of one table's seats (zeros and the scores, which change only
    between rounds), and the seats, scores and target they were made for. The vector
    environment keeps one per table: its tables' scores differ."""

    __slots__ = ("blanks", "made_for")

    def __init__(self) -> None:
        self.blanks: list[array[float]] = []
        self.made_for: tuple[tuple[int, ...], list[int], int] = ((), [], 0)


class ObservationWriter:
    """Fills the observation vector of a seat (see :func:`observation_layout`)."""

    def __init__(self, variant: Variant, players: int, *,
                 full_information: bool = False) -> None:
        self.layout = observation_layout(variant, players, full_information=full_information)
        self.size = max(part.stop for part in self.layout.values())
        self.players = players
        at = self.layout  # where each slice starts, by name (no_color: the last of "color")
        self.top, self.color = at["top"].start, at["color"].start
        self.no_color = at["color"].stop - 1
        self.hand_sizes, self.at_uno = at["hand_sizes"].start, at["at_uno"].start
        self.scores, self.direction = at["scores"].start, at["direction"].start
        self.phase, self.pending = at["phase"].start, at["pending"].start
        self.draw_pile = at["draw_pile"].start
        # the same, in one tuple: the slots written at every observation
        self.slots = (self.top, self.color, self.no_color, self.direction, self.phase,
                      self.draw_pile)
        self.kinds = len(variant.kinds)
        self.hands = at["hands"].start if full_information else -1
        two_faced = variant.two_faced  # FL-06: what the others' other side shows
        self.other_face = variant.other_face if two_faced else None
        self.other_sides = at["other_sides"].start if two_faced else -1
        self.pile_top_other_side = at["draw_pile_top_other_side"].start if two_faced else -1
        self.blind_start = variant.rules.start_color_blind  # U-10, see write_into
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
        self.cache = BlankCache()  # the AEC environment's one table
        self.float32 = np.dtype(np.float32)

    def write(self, state: RoundState, seat: int, game: Game,
              seats: tuple[int, ...]) -> np.ndarray:
        """A fresh vector of what ``seat`` (a seat of the round) sees."""
        cache = self.cache
        if cache.made_for != (seats, game.scores, game.target):
            self._make_blanks(cache, game, seats)
        values = cache.blanks[seat][:]
        self._fill(values, 0, state, seat)
        return np.frombuffer(values, self.float32)

    def write_into(self, values: FloatBuffer, offset: int, state: RoundState, seat: int,
                   game: Game, seats: tuple[int, ...], cache: BlankCache) -> None:
        """Write what ``seat`` sees into ``values[offset:offset + size]`` (a flat
        memoryview of C floats, a row of the vector environment's array); ``cache``
        holds the blanks of the table."""
        if cache.made_for != (seats, game.scores, game.target):
            self._make_blanks(cache, game, seats)
        values[offset:offset + self.size] = cache.blanks[seat]
        self._fill(values, offset, state, seat)

    def _fill(self, values: FloatBuffer, at: int, state: RoundState,
              seat: int) -> None:
        """Everything but the blank (zeros and scores), from ``values[at]`` on."""
        hands, phase = state.hands, state.phase
        top, color, no_color, direction, phases, draw_pile = self.slots
        # U-10: a dealer who names a first wild's colour before looking at his cards
        # does not see them while he names it.
        if not (phase == COLOR and self.blind_start and seat == state.dealer):
            for kind in hands[seat]:  # the hand's slice comes first: index = kind
                values[at + kind] += 1.0
        values[at + top + state.discard[-1]] = 1.0
        values[at + (color + state.color if state.color >= 0 else no_color)] = 1.0
        values[at + direction] = state.direction
        values[at + phases + phase] = 1.0
        values[at + draw_pile] = len(state.draw_pile)
        n, at_uno = state.n, state.at_uno
        for slot, other in self.size_slots[n][seat]:
            values[at + slot] = len(hands[other])
        if True in at_uno:  # (rarely: a seat that called UNO and holds one card)
            for offset, other in enumerate(self.seats_from[n][seat]):
                values[at + self.at_uno + offset] = at_uno[other]
        if state.stack:  # (most often empty between decisions)
            for entry in reversed(state.stack):
                if entry.penalty is not None:
                    values[at + self.pending] = entry.penalty.amount
                    values[at + self.pending + 1] = (entry.penalty.target - seat) % n
                    break
        if self.other_face is not None:
            self._fill_other_sides(values, at, state, seat)
        if self.hands >= 0:  # the full-information view: every hand, from the observer on
            for offset, other in enumerate(self.seats_from[n][seat]):
                start = at + self.hands + offset * self.kinds
                for kind in hands[other]:
                    values[start + kind] += 1.0

    def _fill_other_sides(self, values: FloatBuffer, at: int, state: RoundState,
                          seat: int) -> None:
        """FL-06: the other side of each other seat's hand (counts per kind, seat after
        seat from the next one on) and of the draw pile's top; never of its own hand."""
        other = self.other_face
        assert other is not None
        for offset, holder in enumerate(self.seats_from[state.n][seat][1:]):
            start = at + self.other_sides + offset * self.kinds
            for kind in state.hands[holder]:
                values[start + other[kind]] += 1.0
        if state.draw_pile:
            values[at + self.pile_top_other_side + other[state.draw_pile[-1]]] = 1.0

    def _make_blanks(self, cache: BlankCache, game: Game, seats: tuple[int, ...]) -> None:
        n, totals, target = len(seats), game.scores, game.target
        cache.blanks = []
        for observer in range(n):
            blank = array("f", bytes(4 * self.size))
            for offset, other in enumerate(self.seats_from[n][observer]):
                blank[self.scores + offset] = totals[seats[other]] / target
            cache.blanks.append(blank)
        cache.made_for = (seats, list(totals), target)
