"""A cardgen plugin: the effect ``steal-random``, its player takes one card at random
from the hand of the next player.

The package holds the effect's facts (``effects.toml``), its words in every language
(the gettext catalogues of ``locale/``) and its example situations
(``effect_examples/``), which cardgen reads without running any code; what the effect
does in play is in :mod:`cardgen_steal_random.effect`, which cardgen's engine imports
through the entry point ``cardgen.effects``. This module stays empty so that reading the
facts runs nothing.
"""
