"""UNO Show 'Em No Mercy (Mattel HVW18, docs/rules.md NM-01 …): its cards (`.cards`),
its table rules (`.rules`: stacking by value, drawing until one can play, the Mercy
rule and its scoring) and what its rounds say (`.events`), each open to any deck.
"""
