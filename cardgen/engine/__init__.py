"""The rules engine: plays a deck by its rules, checked at every step.

The round's machinery sits at the top of the package; the official rules every game
starts from are :mod:`cardgen.engine.official`; the cards, the answers out of turn and
the options come in one package per card family, named as the data files group them, and
each family registers through the public API (:mod:`cardgen.engine.api`), as a plugin
does. ``docs/where.md`` (written by ``tests/project/test_where.py``) gives the file of
every card, option and rule id.

- :mod:`~cardgen.engine.cards`: a deck's cards as kinds and their lookup tables;
  :mod:`~cardgen.engine.variant` adds the rules in force (the static side of a game);
- :mod:`~cardgen.engine.state`: one round in progress, its legal actions, ``play``; it
  stands on three layers, each in its own module: :mod:`~cardgen.engine.table` (hands,
  piles, the log), :mod:`~cardgen.engine.turns` (the turn order) and
  :mod:`~cardgen.engine.stack` (the pending effects, the decision waited for and the
  small types every layer shares);
- :mod:`~cardgen.engine.actions`: actions as small values that print and parse;
- :mod:`~cardgen.engine.hooks`: what a card does and what a seat may do out of turn, as
  registries the card families fill (the rules' own hooks are
  :class:`~cardgen.engine.official.rules.OfficialRules`);
- :mod:`~cardgen.engine.api`: what an effect or an option declares and may do, what a
  family keeps for a round that a situation file may set (its round fields), and the
  loading of every module of the entry-point group ``cardgen.effects``;
- :mod:`~cardgen.engine.game`: rounds, scores (:mod:`~cardgen.engine.official.scoreboard`),
  whole games and their transcripts; :mod:`~cardgen.engine.observation`: what a seat sees;
- the families, entry points of ``cardgen.effects`` in ``pyproject.toml``:
  :mod:`cardgen.engine.classic` (the standard cards, the +4 and its challenge, the UNO
  call, the official options), :mod:`cardgen.engine.unplugged`,
  :mod:`cardgen.engine.extra` (the encyclopedia's extra cards and Uno Wizz),
  :mod:`cardgen.engine.house`, and :mod:`cardgen.engine.options` (the options several
  sources share, one module per mechanic). No module at the top of the engine names one.

What plays many games (the bots, ``simulate``, Ray batches) is :mod:`cardgen.play`; the
situation files of ``cardgen explain`` are :mod:`cardgen.situation`: both stand beside
the engine and use it. The bots are imported from there
(``from cardgen.play.players import make_players``), never from here.

Imports run one way, type annotations included: each module imports only modules below
it (``tests/project/test_shape.py`` checks it); in the engine none waits for a function
call. The round calls the rules' hooks and the hooks are given the round, as any hook design
does; the round knows them only by the protocols it declares
(``CardEffect``, ``Responder``, ``RoundRules`` in :mod:`~cardgen.engine.state`), and the
modules that implement them import the round.
Likewise the rules see a game only as its
:class:`~cardgen.engine.official.scoreboard.Scoreboard`, and a variant's card tables as
:class:`~cardgen.engine.cards.CardTables`.

Importing this package loads every entry point of ``cardgen.effects``
(:func:`~cardgen.engine.api.load_families`): cardgen's families and any plugin installed.

>>> from cardgen.deck.load import load_deck
>>> from cardgen.engine import Variant, play_game
>>> from cardgen.play.players import make_players
>>> variant = Variant.from_deck(load_deck("classic"), 4)
>>> result = play_game(variant, make_players("random", 4, seed=1), seed=1)
>>> result.finished, result.problems
(True, [])
"""

from cardgen.engine.actions import Action, Play, parse_action
from cardgen.engine.api import load_families
from cardgen.engine.errors import (
    ActionSyntaxError,
    EngineError,
    IllegalAction,
    NotImplementedYet,
    PluginError,
    SituationError,
)
from cardgen.engine.game import Game, GameResult, play_game, play_round, replay
from cardgen.engine.official.scoreboard import RoundResult
from cardgen.engine.state import DrawPenalty, RoundState
from cardgen.engine.variant import Variant

load_families()

__all__ = [
    "Action", "ActionSyntaxError", "DrawPenalty", "EngineError", "Game", "GameResult",
    "IllegalAction", "NotImplementedYet", "Play", "PluginError", "RoundResult", "RoundState",
    "SituationError", "Variant", "parse_action", "play_game", "play_round", "replay",
]
