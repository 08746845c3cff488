"""cardgen: print-and-play UNO decks, their rulebooks and a rules engine to check them."""


def __getattr__(name: str) -> str:
    """``cardgen.__version__``, pyproject.toml's, read back from the installed
    distribution when first asked: importing importlib.metadata and reading it would
    cost every command a few hundredths of a second at start-up."""
    if name != "__version__":
        raise AttributeError(f"module 'cardgen' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("cardgen")
    except PackageNotFoundError:  # imported from a checkout that was never installed
        return "0+unknown"
