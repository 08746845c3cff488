"""A designer's tools: a new deck folder, the shipped examples, what effects and
pictograms exist, and watching a deck while it is written."""
