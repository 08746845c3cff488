"""What a user writes, read and checked: a deck file and its base (:mod:`.file`), resolved
into a :class:`~cardgen.deck.load.Deck` by :func:`~cardgen.deck.load.load_deck`; its
cards and counts (:mod:`.cards`), its rule-text fields, warnings, and the composition
check (:mod:`.check`). The files it names are read by :mod:`cardgen.files`; a card's own
fields (back, corner, picture) by :mod:`cardgen.catalogue`.
"""
