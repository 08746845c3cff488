"""Situations: a moment of a round written as data, for ``cardgen explain``.

A situation file (TOML) sets the table — hands, the top card and the colour in force,
the direction, whose turn it is, the draw pile, seats already out, the game in progress
around the round, the outcome of chance steps — optionally lists actions to take (each
may name its seat: ``P2: play red-5``), and optionally states what should then be true,
or that the last action is refused. ``explain`` prints the legal actions at each step
and the state each action leads to; the rule tests are written this way. The format is
documented in docs/playing.md ("Situation files").

- :mod:`.setup` reads the file into a round (and a game) and checks every value;
- :mod:`.expect` reads the [expect] table and compares it with what happened;
- :mod:`.run` takes the actions and scores the round;
- :mod:`.report` turns states into data and text.
"""

from cardgen.situation.report import Explanation, Step, format_explanation, state_dict
from cardgen.situation.run import explain, load_situation
from cardgen.situation.setup import build_situation, build_state

__all__ = ["Explanation", "Step", "build_situation", "build_state", "explain",
           "format_explanation", "load_situation", "state_dict"]
