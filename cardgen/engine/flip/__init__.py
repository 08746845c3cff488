"""UNO Flip (Mattel GDR44): the cards that turn every card over and the dark side's
cards (docs/rules.md FL-01 …). The two faces themselves are the core's: a variant's
``other_face`` and ``side_of`` tables, the round's ``side`` and ``turn_over``."""
