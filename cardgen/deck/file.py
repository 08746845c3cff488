"""Finding a deck: a built-in name or a file's path, and the base deck it names.

Only what stops a deck from being read at all is raised here, as a one-line
:class:`~cardgen.errors.DeckError`: a name that is neither a built-in deck nor a file,
a file that is not TOML.
"""

from __future__ import annotations

import difflib
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from cardgen.catalogue.locale import with_words
from cardgen.errors import DeckError
from cardgen.files.problems import did_you_mean
from cardgen.files.toml import read_toml_file


def builtin_names() -> list[str]:
    """The built-in decks, in the order they are listed and built."""
    order = ["classic", "unplugged", "house"]
    found = sorted(
        p.name.removesuffix(".toml")
        for p in resources.files("cardgen.data").joinpath("decks").iterdir()
        if p.name.endswith(".toml")
    )
    return [n for n in order if n in found] + [n for n in found if n not in order]


def read_deck_file(ref: str) -> tuple[dict[str, Any], str, Path | None]:
    """Read a deck given as a built-in name or a path.

    Gives the file's table, its label for messages (the path as the user gave it, or
    "built-in deck 'classic'") and the folder its own files are read from (None for
    a built-in deck, which has none).
    """
    if ref in builtin_names():
        label = f"built-in deck '{ref}'"
        with resources.files("cardgen.data").joinpath("decks", f"{ref}.toml").open("rb") as handle:
            try:
                data = tomllib.load(handle)
            except tomllib.TOMLDecodeError as exc:  # a bug in cardgen's own data
                raise DeckError(f"{label}: {exc}") from None
        # Its name and description are words of the catalogues (templates/locale/).
        return with_words(f"decks/{ref}.toml", data), label, None
    path = Path(ref)
    if not _exists(path):
        hint = ", ".join(builtin_names())
        if path.suffix == "" and _exists(path.with_suffix(".toml")):
            raise DeckError(f"{ref}: no such deck file; did you mean '{ref}.toml'?")
        if path.suffix == "" and "/" not in ref and "\\" not in ref:
            close = difflib.get_close_matches(ref.lower(), builtin_names(), n=1)
            if close:
                raise DeckError(f"'{ref}' is neither a built-in deck nor a deck file; did you "
                                f"mean '{close[0]}'? (the built-in decks are {hint})")
            raise DeckError(f"'{ref}' is neither a built-in deck ({hint}) nor a deck file; "
                            "give a built-in name or the path to a .toml file")
        raise DeckError(f"{ref}: no such deck file; check the path "
                        f"(the built-in decks are {hint})")
    return read_toml_file(path, ref, "deck", DeckError), ref, path.parent


def base_ref(base: str, label: str, folder: Path | None) -> str:
    """What to load for ``base = "..."`` in the deck file ``label`` in ``folder``.

    A built-in name stays as it is; a file's path is taken from the deck file's folder.
    A name that is neither is a DeckError.
    """
    if base in builtin_names() or folder is None:
        return base
    if not (folder / base).exists() and Path(base).suffix == "":
        raise DeckError(f"{label}: base '{base}' is neither a built-in deck "
                        "nor a deck file"
                        f"{did_you_mean(base, builtin_names())}; use "
                        f"{', '.join(builtin_names())} or a deck file's path")
    return str(folder / base)


def deck_slug(ref: str) -> str:
    """The deck's id: a built-in name as it is, a file's name without its folder or
    ``.toml``."""
    return ref if "/" not in ref and not ref.endswith(".toml") else Path(ref).stem


def _exists(path: Path) -> bool:
    """Whether ``path`` names something; a name no file can have (a NUL byte, too long)
    names nothing."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False
