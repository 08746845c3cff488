"""The official rules every game starts from, part of the engine's core: the hooks of
:class:`~cardgen.engine.official.rules.OfficialRules` (:mod:`.rules`, with those of the
challenge and the UNO call in :mod:`.answers`), the registry of the options built on them,
and the scores a game's rules read and write (:mod:`.scoreboard`). No card family is
named here: the cards, the answers out of turn and the options are plugins
(:mod:`cardgen.engine.api`), the built-in ones included."""
