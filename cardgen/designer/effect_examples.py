"""Copying the situation files that show what each effect does
(:mod:`cardgen.situation.examples`) out for a designer (``cardgen effects --examples DIR``).

Each file is named ``<effect>--<case>.toml``; a switch of an effect (a parameter with
words in effects.toml) has one file per value, ``<effect>--<param>-<value>.toml``. The
decks the examples name (``deck = "decks/<name>.toml"``, from the situation's folder)
are in its ``decks/`` folder, and are copied with them in the same layout, so that every
copied example runs with ``cardgen explain``.

A plugin installed brings its examples the same way, in the ``effect_examples/`` folder
of its package of facts (:func:`~cardgen.catalogue.effect_facts.fact_sources`); they are
copied into a folder named after the plugin's distribution.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from cardgen.outputs import prepare_folder, refuse_names_taken, write_new_file
from cardgen.situation.examples import SEPARATOR, example_roots


def _deck_file(situation: Path, folder: Path) -> Path | None:
    """The deck file inside the examples' ``folder`` that ``situation`` names, if any."""
    with situation.open("rb") as handle:
        deck = tomllib.load(handle).get("deck")
    if not isinstance(deck, str) or not deck.endswith(".toml"):
        return None  # a built-in deck
    path = (situation.parent / deck).resolve()
    return path if path.is_relative_to(folder.resolve()) else None


def _files_to_copy() -> list[tuple[Path, Path]]:
    """(the file, its name in the copy) for every example, then the decks they name."""
    found = []
    for into, root in example_roots():
        folder = root.resolve()
        situations = sorted(path.resolve() for path in folder.glob(f"*{SEPARATOR}*.toml"))
        decks = sorted({deck for path in situations
                        if (deck := _deck_file(path, folder)) is not None})
        found += [(path, Path(into, path.relative_to(folder))) for path in situations + decks]
    return found


def files_to_copy() -> list[Path]:
    """The example situations, then the deck files they name, each path relative to the
    examples' folder (a plugin's under its own folder)."""
    return [name for _, name in _files_to_copy()]


def copy_effect_examples(folder: Path) -> list[Path]:
    """Copy every example and the decks it names into ``folder`` (made if need be),
    keeping the layout; refuse, before writing anything, when one of the names is taken
    there already, by a file or by a symbolic link (even one leading nowhere)."""
    files = _files_to_copy()
    refuse_names_taken(folder, [name for _, name in files], "cardgen effects --examples")
    written = []
    for path, name in files:
        prepare_folder(folder / name.parent)
        write_new_file(folder / name, path.read_bytes())
        written.append(folder / name)
    return written
