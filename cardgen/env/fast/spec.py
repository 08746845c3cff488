"""What the compiled tables play, as arrays: a variant's cards, matching, scoring and
action index turned into the NumPy tables the kernel reads, and the test of whether a
spec is one the kernel covers at all.

The kernel is a second implementation of the official rules (C-04 … C-31 of
docs/rules.md) for decks whose cards have only the official effects: numbers, wild,
Reverse, Skip, a draw card and a wild draw card (their amounts are the deck's), with no
option. Anything else (another effect, an option, a two-faced deck, a victim to choose)
is played by the Python engine; :func:`unsupported` says why.
"""

from __future__ import annotations

import numpy as np

from cardgen.engine import Variant
from cardgen.engine.actions import CHALLENGE, DRAW, KEEP, PASS, Catch, NameColor, Play
from cardgen.engine.game import MAX_ROUNDS
from cardgen.engine.official.rules import OfficialRules
from cardgen.env.actions import ActionIndex
from cardgen.env.observations import ObservationWriter

#: The effects the kernel plays, by their code in its tables.
EFFECTS = {"number": 0, "wild": 1, "reverse": 2, "skip": 3, "draw": 4, "wild-draw": 5}
#: What an action index does, in the kernel's ``action_of`` table (column 0).
PLAY, DRAW_ACT, KEEP_ACT, PASS_ACT, CHALLENGE_ACT, COLOR_ACT, CATCH_ACT = range(7)
#: The slots of the kernel's constants (``consts``), by name.
CONSTS = ("players", "kinds", "colors", "actions", "hand_size", "target", "turn_cap",
          "max_rounds", "deck", "points", "obs", "full", "pass", "challenge", "draw",
          "keep", "color0", "catch0", "o_top", "o_color", "o_sizes", "o_uno", "o_scores",
          "o_direction", "o_phase", "o_pending", "o_pile", "o_hands")
C = {name: i for i, name in enumerate(CONSTS)}


def unsupported(variant: Variant, *, opponents: str | None = None) -> str | None:
    """Why the compiled tables cannot play this spec (None: they can)."""
    if opponents is not None:
        return "bots at the other seats play through the engine"
    if type(variant.rules) is not OfficialRules or variant.rule_names:
        return "options are played by the engine"
    if variant.two_faced or variant.launcher is not None or variant.special_kinds:
        return "the deck has cards of its own kind"
    for card in variant.kinds:
        if card.effect not in EFFECTS:
            return f"the effect '{card.effect}' is played by the engine"
        if card.effect in ("draw", "wild-draw") and (
                card.param("choose_victim", False) or card.param("skip", "victim") != "victim"):
            return f"'{card.id}' names its victim"
        if card.effect == "wild-draw" and card.can_start:
            return f"'{card.id}' may start a round"
        if card.names_color != (card.effect in ("wild", "wild-draw")):
            return f"'{card.id}' names a colour unlike the official wilds"
    if [r.name for r in variant.responders] != ["challenge", "uno-catch"]:
        return "the deck answers out of turn in ways of its own"
    if len(variant.deck) > 32000:
        return "the deck is too large"
    dealt = variant.players * variant.hand_size
    if sum(1 for kind in variant.deck if kind in variant.start_kinds) <= dealt:
        return "a deal may leave no card to start with (the engine says so)"
    return None


class FastSpec:
    """The tables of one spec (variant, seats, observation layout, rewards)."""

    def __init__(self, variant: Variant, index: ActionIndex, writer: ObservationWriter,
                 *, points: bool) -> None:
        kinds, colors = len(variant.kinds), len(variant.colors)
        players = variant.players
        self.deck = np.array(variant.deck, np.int16)
        #: [top kind, colour in force + 1, kind] -> 1 where kind may go on it (C-12)
        self.match = np.zeros((kinds, colors + 1, kinds), np.uint8)
        for top, rows in enumerate(variant.match_rows):
            for color, row in enumerate(rows):
                self.match[top, color, sorted(row)] = 1
        #: per kind: effect code, colour, points, draw amount, may start
        self.card = np.zeros((kinds, 5), np.int64)
        for kind, card in enumerate(variant.kinds):
            default = 4 if card.effect == "wild-draw" else 2
            self.card[kind] = (EFFECTS[card.effect], variant.color_of[kind],
                               variant.points_of[kind], int(card.param("amount", default))
                               if card.effect in ("draw", "wild-draw") else 0,
                               kind in variant.start_kinds)
        #: [colour, kind] -> 1 where the kind counts as the colour (a +4's bluff, C-20)
        self.counts_as = np.zeros((colors, kinds), np.uint8)
        for color, row in enumerate(variant.counts_as):
            self.counts_as[color, sorted(row)] = 1
        self._actions(variant, index, players)
        self.consts = np.zeros(len(CONSTS), np.int64)
        at = writer.layout
        values = dict(players=players, kinds=kinds, colors=colors, actions=index.size,
                      hand_size=variant.hand_size, target=variant.target,
                      turn_cap=variant.turn_cap, max_rounds=MAX_ROUNDS, deck=len(self.deck),
                      points=points, obs=writer.size, full=writer.hands >= 0,
                      o_top=at["top"].start, o_color=at["color"].start,
                      o_sizes=at["hand_sizes"].start, o_uno=at["at_uno"].start,
                      o_scores=at["scores"].start, o_direction=at["direction"].start,
                      o_phase=at["phase"].start, o_pending=at["pending"].start,
                      o_pile=at["draw_pile"].start, o_hands=max(writer.hands, 0))
        values.update(self.special)
        for name, value in values.items():
            self.consts[C[name]] = int(value)

    def _actions(self, variant: Variant, index: ActionIndex, players: int) -> None:
        """The action index both ways: what each index does (``action_of``: what, kind,
        colour named or seat caught, UNO call) and the indices of each kind's plays with
        a hand of two cards or not (``plays``, ``play_count``)."""
        table = variant.play_table(players)[0]
        widest = max(len(plays) for with_uno in table for plays in with_uno)
        self.plays = np.zeros((2, len(variant.kinds), widest), np.int64)
        self.play_count = np.zeros((2, len(variant.kinds)), np.int64)
        self.action_of = np.full((index.size, 4), -1, np.int64)
        for uno, with_uno in enumerate(table):
            for kind, plays in enumerate(with_uno):
                self.play_count[uno, kind] = len(plays)
                for j, play in enumerate(plays):
                    at = index.fixed[play]
                    self.plays[uno, kind, j] = at
                    self.action_of[at] = (PLAY, play.kind, play.color_index, play.uno)
        for action, at in index.fixed.items():
            if isinstance(action, Play):
                pass  # (above)
            elif isinstance(action, NameColor):
                self.action_of[at] = (COLOR_ACT, -1, variant.colors.index(action.color), 0)
            elif isinstance(action, Catch):
                self.action_of[at] = (CATCH_ACT, -1, action.seat, 0)
            else:
                what = {DRAW: DRAW_ACT, KEEP: KEEP_ACT, PASS: PASS_ACT,
                        CHALLENGE: CHALLENGE_ACT}[action]
                self.action_of[at, 0] = what
        #: the first index of each block the kernel writes into a mask (colours and
        #: catches are blocks in seat and colour order, see cardgen.env.actions)
        self.special = {"draw": index.fixed[DRAW], "keep": index.fixed[KEEP],
                        "pass": index.fixed[PASS], "challenge": index.fixed[CHALLENGE],
                        "color0": index.fixed[variant.name_color_actions[0]],
                        "catch0": index.fixed[variant.catch_actions[0]]}
