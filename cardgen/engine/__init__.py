"""The rules engine: plays a deck by its rules, checked at every step.

- :mod:`~cardgen.engine.cards`: a deck's cards as kinds and their lookup tables;
  :mod:`~cardgen.engine.variant` adds the rules in force (the static side of a game);
- :mod:`~cardgen.engine.state`: one round in progress, its legal actions, ``play``; it
  stands on three layers, each in its own module: :mod:`~cardgen.engine.table` (hands,
  piles, the log), :mod:`~cardgen.engine.seats` (the turn order) and
  :mod:`~cardgen.engine.stack` (the pending effects and the decision waited for), with
  the small shared types in :mod:`~cardgen.engine.pending`;
- :mod:`~cardgen.engine.actions`: actions as small values that print and parse;
- :mod:`~cardgen.engine.effects`: one handler per card effect;
- :mod:`~cardgen.engine.responses`: what may be done out of turn;
- :mod:`~cardgen.engine.rules`: the official rules as hooks, optional rules over them,
  one module per family: :mod:`~cardgen.engine.classic_options` (the official variants),
  Uno Unplugged (:mod:`~cardgen.engine.unplugged`, :mod:`~cardgen.engine.reactions`),
  the house sheet (:mod:`~cardgen.engine.house`, :mod:`~cardgen.engine.stacking`,
  :mod:`~cardgen.engine.jump_ins`, :mod:`~cardgen.engine.hand_moves`) and the
  encyclopedia's families (:mod:`~cardgen.engine.draw_options`, :mod:`~cardgen.engine.strict_four`,
  :mod:`~cardgen.engine.runs`, :mod:`~cardgen.engine.cursed`,
  :mod:`~cardgen.engine.rapido`, :mod:`~cardgen.engine.extra_cards`,
  :mod:`~cardgen.engine.olympique`, :mod:`~cardgen.engine.wizz`,
  :mod:`~cardgen.engine.partners`);
- :mod:`~cardgen.engine.game`: rounds, scores (:mod:`~cardgen.engine.scoreboard`), whole
  games and their transcripts;
- :mod:`~cardgen.engine.players`: the random and heuristic bots, which see a round
  through :mod:`~cardgen.engine.observation`;
- :mod:`~cardgen.engine.simulate` and :mod:`~cardgen.engine.situation`: what
  ``cardgen simulate`` and ``cardgen explain`` run.

Imports run one way, type annotations included: each module imports only modules below
it, and none imports inside a function (``tests/test_shape.py`` checks both). The round
calls the rules' hooks and the hooks are given the round, as any hook design does; the
round knows them only by the protocols it declares (``CardEffect``, ``Responder``,
``RoundRules`` in :mod:`~cardgen.engine.state`), and the modules that implement them
import the round. Likewise the rules see a game only as its
:class:`~cardgen.engine.scoreboard.Scoreboard`, and a variant's card tables as
:class:`~cardgen.engine.cards.CardTables`.

>>> from cardgen.decks import load_deck
>>> variant = Variant.from_deck(load_deck("classic"), 4)
>>> result = play_game(variant, make_players("random", 4, seed=1), seed=1)
>>> result.finished, result.problems
(True, [])
"""

from cardgen.engine import (  # noqa: F401  (they register their rules and card effects)
    classic_options,
    cursed,
    draw_options,
    extra_cards,
    hand_moves,
    house,
    jump_ins,
    olympique,
    partners,
    rapido,
    reactions,
    runs,
    stacking,
    strict_four,
    unplugged,
    wizz,
)
from cardgen.engine.actions import Action, Play, parse_action
from cardgen.engine.errors import (
    ActionSyntaxError,
    EngineError,
    IllegalAction,
    NotImplementedYet,
    SituationError,
)
from cardgen.engine.game import Game, GameResult, play_game, play_round, replay
from cardgen.engine.players import HeuristicPlayer, RandomPlayer, make_players
from cardgen.engine.scoreboard import RoundResult
from cardgen.engine.state import DrawPenalty, RoundState
from cardgen.engine.variant import Variant

__all__ = [
    "Action", "ActionSyntaxError", "DrawPenalty", "EngineError", "Game", "GameResult",
    "HeuristicPlayer", "IllegalAction", "NotImplementedYet", "Play", "RandomPlayer",
    "RoundResult", "RoundState", "SituationError", "Variant", "make_players", "parse_action",
    "play_game", "play_round", "replay",
]
