"""Rebuilding a deck's outputs whenever its files change (`cardgen watch`).

The deck file's folder is watched with watchfiles (its own rule texts, their includes
and its pictures live there: a path out of it is refused when the deck is read). After
every change the deck is read again and its preview, its sheets and both rulebooks are
written; each step's result, or the error that stopped it, is told in one line, and the
watching goes on. The outputs (and their temporary files) never count as a change.

Watching outlives any state of its inputs and outputs: a broken deck or picture, an
output folder that became a file, even a problem no one foresaw, is one line and the
watching goes on; a folder deleted is waited for, and rebuilt from when it comes back
(:mod:`cardgen.designer.watched_folder`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.check import check_deck
from cardgen.deck.file import builtin_names
from cardgen.deck.load import Deck, load_deck
from cardgen.designer.watched_folder import identity, real_folders, wait_for
from cardgen.errors import CardgenError
from cardgen.outputs import prepare_folder

if TYPE_CHECKING:
    from threading import Event

#: Changes closer together than this are one change (an editor saves in several writes).
DEBOUNCE_MS = 300
#: How often, with no change, the watcher checks that its folder is still the one watched.
CHECK_MS = 500


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
    from cardgen.render.colour import FaceStyle, face_style
    from cardgen.render.paper.options import SheetOptions
    from cardgen.render.paper.sheets import write_sheets
    from cardgen.render.preview import preview_cards, write_preview

    deck = load_deck(ref)
    for message in _usable(deck):
        warn(f"warning: {message}")
    preview, sheets, book_fr, book_en = (options.out / name
                                         for name in output_names(deck.id, options.paper))
    prepare_folder(options.out)  # (it may have become a file since the last rebuild)
    with face_style(FaceStyle(color_shapes=deck.color_shapes)):  # as the deck file says
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
    except OSError as exc:  # a file that changed under the rebuild, say
        where = f"{exc.filename}: " if exc.filename else ""
        tell(f"error: {where}{exc.strerror or exc}; fix it and save again (watching goes on)")
        return
    except Exception as exc:  # noqa: BLE001 - one bad state of a file must not end watch
        said = " ".join(str(exc).split())
        tell(f"error: the rebuild stopped on {type(exc).__name__}: {said}; this is cardgen's "
             "bug, please report it (watching goes on)")
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
    through (hidden ones). Outputs written beside the deck are told by their names, and
    so are they when the output folder holds the deck's folder (``--out ..``, or a link to
    /): every file of the deck is under it."""
    if path.name.startswith(".") or path == out:
        return True
    if out != folder and out not in folder.parents and out in path.parents:
        return True
    return path.parent == out and path.name.endswith(("-preview.png", ".pdf"))


def watch(ref: str, options: WatchOptions, tell: Callable[[str], None],
          stop: Event | None = None) -> None:
    """Build once, then again after every change of the deck's folder, until ``stop``
    is set or Ctrl-C; every outcome goes to ``tell`` as one line."""
    folder = deck_folder(ref)
    tell(f"watching {folder} (Ctrl-C stops)")
    _Watcher(ref, options, tell, folder, stop).run()  # (its first build once it watches)


class _Watcher:
    """Watches the deck's folder through every coming and going of it and of its
    folders, rebuilding after each change (see :mod:`cardgen.designer.watched_folder`)."""

    def __init__(self, ref: str, options: WatchOptions, tell: Callable[[str], None],
                 folder: Path, stop: Event | None) -> None:
        self.ref, self.options, self.tell = ref, options, tell
        self.folder, self.stop = folder, stop
        self.polling = False  # once notify has failed here, the folders are polled
        #: Rebuild as soon as the watching has started: at first, and again once the
        #: folder came back or a folder of it was made, whose files were not watched
        #: until then. A change made during that build is seen.
        self.fresh = True

    def run(self) -> None:
        seen = identity(self.folder)
        while self.stop is None or not self.stop.is_set():
            if identity(self.folder) is None:
                self.tell(f"{self.folder} is gone; waiting for it to come back (Ctrl-C "
                          "stops)")
                if not wait_for(self.folder, self.stop):
                    return
                self.tell(f"{self.folder} is back")
                self.fresh = True
            elif identity(self.folder) != seen:  # another folder moved into its place
                self.fresh = True
            seen = identity(self.folder)
            self._watch_folders()

    def _rebuild(self) -> None:
        self.fresh = False
        _rebuild(self.ref, self.options, self.tell)

    def _watch_folders(self) -> None:
        """Rebuild after every change of the deck's real folders, until ``stop``, or
        until the folder is gone or another, or a folder under it was made or removed
        (:meth:`run` then watches anew). Notify may fail where polling works (a file
        system without notifications, no inotify watches left): then it polls."""
        import watchfiles

        folder, out = self.folder, self.options.out.resolve()
        seen, folders = identity(folder), real_folders(folder, out)
        usual = watchfiles.DefaultFilter()  # leaves out .git, editors' swap files …

        def wanted(change: watchfiles.Change, name: str) -> bool:
            return usual(change, name) and not _is_ours(Path(name), out, folder)

        changes: Generator[set[tuple[watchfiles.Change, str]], None, None] = \
            watchfiles.watch(*folders, watch_filter=wanted, debounce=DEBOUNCE_MS,
                             stop_event=self.stop, recursive=False, rust_timeout=CHECK_MS,
                             yield_on_timeout=True, force_polling=self.polling,
                             raise_interrupt=True)  # the command says it stopped
        try:
            for batch in changes:
                # A watched folder removed ends its watch, even if one is made again at
                # once under the same name (and, often, the same inode): watch anew.
                if identity(folder) != seen or any(
                        change == watchfiles.Change.deleted and Path(name) in folders
                        for change, name in batch):
                    self.fresh = True  # (its files may be others now)
                    return
                if batch:
                    names = sorted({Path(name).name for _, name in batch})
                    self.tell(f"changed: {', '.join(names)}")
                if batch or self.fresh:
                    self._rebuild()
                if batch and real_folders(folder, out) != folders:
                    self.fresh = True  # (the files of a folder made were not watched)
                    return
        except FileNotFoundError:  # a folder went away as the watching started
            return
        except (OSError, RuntimeError) as exc:
            self._cannot_watch(" ".join(str(exc).split()))
        finally:
            changes.close()  # notify's watches end now, not when the generator is collected

    def _cannot_watch(self, why: str) -> None:
        if self.polling:  # polling failed too: say so, and try again in a moment
            self.tell(f"error: cannot watch {self.folder} ({why}); trying again")
            time.sleep(CHECK_MS / 1000)
            return
        self.tell(f"error: cannot be told of changes in {self.folder} ({why}); looking at "
                  "its files every few tenths of a second instead")
        self.polling = True
