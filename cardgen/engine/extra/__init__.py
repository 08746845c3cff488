"""The encyclopedia's extra cards (seed 002: :mod:`.cards`) and Uno Wizz's wheel
(:mod:`.wizz`)."""
