"""`cardgen play`: a person at the terminal plays a deck against the bots.

The game is the engine's own (:class:`~cardgen.engine.Game`, one round after the other
through :func:`~cardgen.engine.play_round`); the person is one more player whose
``choose`` asks at the keyboard (:mod:`.human`). What is shown and said lives in
the area ``play`` of ``templates/locale/`` (:mod:`cardgen.table.words`), the engine's log
lines too, said again in the person's language (:mod:`cardgen.table.narrator`); why a
card is refused is worked out from the round by :mod:`.why`; ``save`` writes the round
so far as a situation file (:mod:`.save`) that ``cardgen explain`` replays.
"""
