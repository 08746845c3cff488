"""Uno Unplugged (seed 000): its cards (:mod:`.cards`), its answers out of turn, Non,
Boomerang and Dérivation (:mod:`.reactions`), and its table rules."""
