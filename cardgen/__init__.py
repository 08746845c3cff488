"""cardgen: print-and-play UNO decks, their rulebooks and a rules engine to check them."""

__version__ = "0.1.0"
