"""The situation files that show what each effect does (``cardgen/data/effect_examples/``),
and copying them out for a designer (``cardgen effects --examples DIR``).

Each file is named ``<effect>--<case>.toml``; a switch of an effect (a parameter with
words in effects.toml) has one file per value, ``<effect>--<param>-<value>.toml``. The
decks the examples name (``deck = "decks/<name>.toml"``, from the situation's folder)
are in its ``decks/`` folder, and are copied with them in the same layout, so that every
copied example runs with ``cardgen explain``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from cardgen.outputs import prepare_folder, refuse_names_taken, write_new_file

#: What separates an example's effect from its case in the file's name.
SEPARATOR = "--"


def effect_examples_folder() -> Path:
    return Path(__file__).resolve().parent.parent / "data" / "effect_examples"


def effect_example_files() -> list[Path]:
    """Every example situation, sorted by name (the decks they name are not among them)."""
    return sorted(effect_examples_folder().glob(f"*{SEPARATOR}*.toml"))


def examples_of(effect: str) -> list[str]:
    """The file names of the examples of ``effect``."""
    return [path.name for path in effect_example_files()
            if path.name.split(SEPARATOR, 1)[0] == effect]


def _deck_file(situation: Path) -> Path | None:
    """The deck file inside the examples' folder that ``situation`` names, if any."""
    with situation.open("rb") as handle:
        deck = tomllib.load(handle).get("deck")
    if not isinstance(deck, str) or not deck.endswith(".toml"):
        return None  # a built-in deck
    path = (situation.parent / deck).resolve()
    return path if path.is_relative_to(effect_examples_folder().resolve()) else None


def files_to_copy() -> list[Path]:
    """The example situations, then the deck files they name, each path relative to the
    examples' folder."""
    folder = effect_examples_folder().resolve()
    situations = [path.resolve() for path in effect_example_files()]
    decks = sorted({deck for path in situations if (deck := _deck_file(path)) is not None})
    return [path.relative_to(folder) for path in [*situations, *decks]]


def copy_effect_examples(folder: Path) -> list[Path]:
    """Copy every example and the decks it names into ``folder`` (made if need be),
    keeping the layout; refuse, before writing anything, when one of the names is taken
    there already, by a file or by a symbolic link (even one leading nowhere)."""
    names = files_to_copy()
    refuse_names_taken(folder, names, "cardgen effects --examples")
    source = effect_examples_folder()
    written = []
    for name in names:
        prepare_folder(folder / name.parent)
        write_new_file(folder / name, (source / name).read_bytes())
        written.append(folder / name)
    return written
