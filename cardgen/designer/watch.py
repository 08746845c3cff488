"""Rebuilding a deck's outputs whenever its files change (`cardgen watch`).

The deck file's folder is watched with watchfiles (its own rule texts, their includes
and its pictures live there: a path out of it is refused when the deck is read). After
every change the deck is read again and its preview, its sheets and both rulebooks are
written; each step's result, or the error that stopped it, is told in one line, and the
watching goes on. The outputs (and their temporary files) never count as a change.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.check import check_deck
from cardgen.deck.file import builtin_names
from cardgen.deck.load import Deck, load_deck
from cardgen.errors import CardgenError

if TYPE_CHECKING:
    from threading import Event

#: Changes closer together than this are one change (an editor saves in several writes).
DEBOUNCE_MS = 300


@dataclass(frozen=True)
class WatchOptions:
    out: Path  # the folder the outputs are written into
    paper: str = "a4"


def _usable(deck: Deck) -> list[str]:
    """The deck's warnings; its first error (with how many more) as a CardgenError."""
    report = check_deck(deck)
    if not report.valid:
        more = len(report.errors) - 1
        suffix = f" (and {more} more problem(s): run `cardgen check {deck.source}`)" \
            if more else ""
        raise CardgenError(report.errors[0].message + suffix)
    return [warning.message for warning in report.warnings]


def output_names(deck_id: str, paper: str) -> list[str]:
    """The files a rebuild writes, in the order it writes them."""
    return [f"{deck_id}-preview.png", f"{deck_id}-sheets-{paper}.pdf",
            f"{deck_id}-rulebook-fr.pdf", f"{deck_id}-rulebook-en.pdf"]


def rebuild(ref: str, options: WatchOptions, warn: Callable[[str], None]) -> list[Path]:
    """Read the deck again and write its preview, sheets and rulebooks; the paths written.
    Each warning of the deck's check goes to ``warn``.

    Raises CardgenError (the first problem) when the deck or one of its texts is wrong.
    """
    from cardgen import rulebook
    from cardgen.render.paper.sheets import SheetOptions, write_sheets
    from cardgen.render.preview import preview_cards, write_preview

    deck = load_deck(ref)
    for message in _usable(deck):
        warn(f"warning: {message}")
    preview, sheets, book_fr, book_en = (options.out / name
                                         for name in output_names(deck.id, options.paper))
    options.out.mkdir(parents=True, exist_ok=True)
    write_preview(preview_cards(deck), preview)
    write_sheets(deck, sheets, SheetOptions(paper=options.paper))
    rulebook.write_rulebook(deck, "fr", book_fr, options.paper)
    rulebook.write_rulebook(deck, "en", book_en, options.paper)
    return [preview, sheets, book_fr, book_en]


def _rebuild(ref: str, options: WatchOptions, tell: Callable[[str], None]) -> None:
    """Rebuild, and tell what was written or what stopped it, in one line."""
    started = time.perf_counter()
    try:
        written = rebuild(ref, options, tell)
    except CardgenError as exc:
        tell(f"error: {exc}")
        return
    seconds = time.perf_counter() - started
    tell(f"rebuilt {', '.join(str(p) for p in written)} ({seconds:.1f} s)")


def deck_folder(ref: str) -> Path:
    """The folder to watch: the deck file's. A built-in deck never changes."""
    if ref in builtin_names():
        raise CardgenError(f"'{ref}' is a built-in deck, which never changes; give the "
                           "path of a deck file to watch")
    path = Path(ref)
    if not path.is_file():
        load_deck(ref)  # says what is wrong with the name, as every command does
        raise CardgenError(f"{ref}: not a deck file; give the path of a .toml file")
    return path.resolve().parent


def _is_ours(path: Path, out: Path, folder: Path) -> bool:
    """An output, the folder of the outputs, or a temporary file the outputs are written
    through (hidden ones). Outputs written beside the deck are told by their names."""
    if path.name.startswith(".") or path == out:
        return True
    if out != folder and out in path.parents:
        return True
    return path.parent == out and path.name.endswith(("-preview.png", ".pdf"))


def watch(ref: str, options: WatchOptions, tell: Callable[[str], None],
          stop: Event | None = None) -> None:
    """Build once, then again after every change of the deck's folder, until ``stop``
    is set or Ctrl-C; every outcome goes to ``tell`` as one line."""
    import watchfiles

    folder = deck_folder(ref)
    out = options.out.resolve()
    tell(f"watching {folder} (Ctrl-C stops)")
    _rebuild(ref, options, tell)

    usual = watchfiles.DefaultFilter()  # leaves out .git, editors' swap files …

    def wanted(change: watchfiles.Change, name: str) -> bool:
        return usual(change, name) and not _is_ours(Path(name), out, folder)

    changes: Iterable[set[tuple[watchfiles.Change, str]]] = watchfiles.watch(
        folder, watch_filter=wanted, debounce=DEBOUNCE_MS, stop_event=stop,
        raise_interrupt=True)  # the command says it stopped, in one line
    for batch in changes:
        names = sorted({Path(name).name for _, name in batch})
        tell(f"changed: {', '.join(names)}")
        _rebuild(ref, options, tell)
