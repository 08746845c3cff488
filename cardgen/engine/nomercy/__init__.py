"""UNO Show 'Em No Mercy (Mattel HVW18, docs/rules.md NM-01 …): its cards (`.cards`),
its table rules (`.rules`: stacking by value, drawing until one can play, the Mercy
rule and its scoring), each open to any deck.
"""
