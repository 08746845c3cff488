"""The fields of a ``[[card]]`` table, each read and checked on its own: the table as a
whole (:mod:`.table`, for ``cardgen/data/cards.toml`` and a deck file's own cards
alike), its texts by language (:mod:`.texts`), its ``corner``, its ``back`` and its
``family``."""
