"""The example decks that ship with cardgen, and copying them out for a user.

The checkout's ``examples/`` folder is installed as the data package
``cardgen.examples`` (see setup.py), so an installed cardgen can give its examples to a
user who has no checkout: ``cardgen examples DIR`` copies them all, and ``cardgen new
NAME --from EXAMPLE`` starts a deck folder from one (:mod:`cardgen.designer.new_deck`).
"""

from __future__ import annotations

import difflib
from pathlib import Path

from cardgen.datafolders import data_folder
from cardgen.errors import CardgenError
from cardgen.outputs import prepare_folder, refuse_names_taken, write_new_file

#: The files of the data package that are Python's, not examples.
_NOT_EXAMPLES = ("__init__.py",)


def example_folder() -> Path:
    return data_folder("examples")


def example_files() -> list[Path]:
    """Every file of the examples, decks, rule texts and pictures, by name."""
    return sorted(path for path in example_folder().iterdir()
                  if path.is_file() and path.name not in _NOT_EXAMPLES
                  and path.suffix != ".pyc")


def example_names() -> list[str]:
    """The example decks, by the name ``--from`` takes (``night-train``)."""
    return [path.stem for path in example_files() if path.suffix == ".toml"]


def example_deck(name: str) -> Path:
    """The deck file of the example ``name``; an unknown name is a one-line error."""
    names = example_names()
    if name.removesuffix(".toml") not in names:
        close = difflib.get_close_matches(name, names, n=1)
        hint = f"did you mean '{close[0]}'? " if close else ""
        raise CardgenError(f"--from: there is no example deck '{name}'; {hint}the examples "
                           f"are {', '.join(names)}")
    return example_folder() / f"{name.removesuffix('.toml')}.toml"


def files_of_example(name: str) -> list[Path]:
    """The files the example deck ``name`` is made of: its deck file first, then its
    rule texts and its pictures (what a copy of it needs to build)."""
    from cardgen.deck.load import load_deck

    path = example_deck(name)
    deck = load_deck(str(path))
    used = [path, *(text.folder / text.name for text in deck.rule_texts.values())]
    used += [card.picture for cid in deck.custom_ids
             if (card := deck.cards[cid]).picture is not None]
    return list(dict.fromkeys(p.resolve() for p in used))


def copy_examples(folder: Path) -> list[Path]:
    """Copy every example file into ``folder`` (made if need be); refuse, before writing
    anything, when a file of the same name is there already.

    A name taken by a symbolic link is taken too, even by a link that leads nowhere: the
    copy would be written at the link's target, which may be outside ``folder``.
    """
    files = example_files()
    refuse_names_taken(folder, [Path(path.name) for path in files], "cardgen examples")
    prepare_folder(folder)
    written = []
    for path in files:
        write_new_file(folder / path.name, path.read_bytes())
        written.append(folder / path.name)
    return written
