"""What a user writes, read and checked: a deck file and its base (:mod:`.file`), resolved
into a :class:`~cardgen.deck.load.Deck` by :func:`~cardgen.deck.load.load_deck`; its
cards and counts (:mod:`.cards`), backs, corners, pictures, rule-text fields, the problems
found (:mod:`.report`), warnings, and the composition check (:mod:`.check`).

This file imports nothing, so that the card data (:mod:`cardgen.catalogue`) may use the
small readers here without loading the whole deck reader.
"""
