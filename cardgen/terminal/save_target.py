"""Where ``save FILE`` at the table writes, what it must never write over, and how the
file it writes names the deck.

The name is read as the person typed it, ``~`` expanded (without that, a folder named
``~`` was made). A file already there is replaced only once the person says yes (the
session asks); a file of the deck being played never is, even then: the deck file, its
rule texts and its pictures. The table names the file as typed, or relative to the
current folder when it is under it, so that the `cardgen explain` line it shows can be
typed as it is.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from cardgen.deck.file import builtin_names
from cardgen.deck.load import Deck
from cardgen.outputs import checked_name


@dataclass(frozen=True)
class SaveTarget:
    path: Path  # the file to write, ``~`` expanded
    shown: str  # how the table names it to the person
    taken: bool  # something is there already: a file, a folder, a link


def save_target(typed: str) -> SaveTarget:
    """Where ``typed`` leads; an OutputError when no file can have that name (a NUL
    byte, a part longer than a file system takes)."""
    path = checked_name(os.path.expanduser(typed), "file")
    return SaveTarget(path, _shown(typed, path), os.path.lexists(path))


def _shown(typed: str, path: Path) -> str:
    """The path as typed; an absolute one (``~`` expanded included) relative to the current
    folder when the file is under it."""
    if not path.is_absolute():
        return typed
    try:
        return str(Path(os.path.abspath(path)).relative_to(os.getcwd()))
    except ValueError:
        return str(path)


def deck_files(deck: Deck, ref: str) -> list[Path]:
    """The files the deck being played is made of: its deck file (none for a built-in
    deck), its rule texts, its cards' pictures and its backs."""
    files = [] if ref in builtin_names() else [Path(ref)]
    files += [text.folder / text.name for text in deck.rule_texts.values()]
    files += [card.picture for card_id in deck.custom_ids
              if (card := deck.cards[card_id]).picture is not None]
    files += list(deck.back.values())
    return files


def is_deck_file(path: Path, files: list[Path]) -> bool:
    """Whether writing ``path`` would write one of ``files``, through links or ``..``."""
    try:
        return os.path.realpath(path) in {os.path.realpath(file) for file in files}
    except (OSError, ValueError):  # a path no file can have: the writer says why
        return False


def deck_reference(ref: str, situation: Path) -> str:
    """How the situation file ``situation`` names the deck ``ref`` (a built-in name, or a
    deck file's path as typed on the command line).

    `cardgen explain` looks for a deck file beside the situation first: a path relative
    to the situation's folder keeps working wherever the two are moved together, and
    whatever folder `explain` is run from. A built-in deck is named as such; a path that
    cannot be made relative (another drive), or that a link would read from another
    folder, is absolute.
    """
    if ref in builtin_names():
        return ref
    deck = os.path.abspath(ref)
    if situation.is_symlink():
        return deck
    try:
        relative = os.path.relpath(deck, os.path.abspath(situation.parent))
    except ValueError:
        return deck
    return deck if relative in builtin_names() else Path(relative).as_posix()
