"""cardgen: print-and-play UNO decks, their rulebooks and a rules engine to check them."""

from importlib.metadata import PackageNotFoundError, version

try:
    # One version, pyproject.toml's, read back from the installed distribution.
    __version__ = version("cardgen")
except PackageNotFoundError:  # imported from a checkout that was never installed
    __version__ = "0+unknown"
