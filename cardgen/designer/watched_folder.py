"""The folders `cardgen watch` watches, and how it tells that they went and came back.

watchfiles (notify), asked to watch a folder recursively, follows symbolic links: a link
to / in the deck's folder had it walk the whole disk and stop on the first folder it may
not read. A deck's files never lie through such a link (a path that leads out of the
deck's folder is refused when the deck is read), so each real folder is watched on its
own, none reached through a link, and a folder made or removed is a reason to watch
anew. A folder deleted and made again is another folder to the system, which watches
the old one: it is told apart by its identity (its device and inode).
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from threading import Event

#: How often a folder that is gone is looked for again.
LOOK_AGAIN_S = 0.5

#: A folder as the system knows it: its device and inode.
Identity = tuple[int, int]


def identity(folder: Path) -> Identity | None:
    """The folder's identity, or None when there is no folder there."""
    try:
        status = os.stat(folder)
    except OSError:
        return None
    return (status.st_dev, status.st_ino) if stat.S_ISDIR(status.st_mode) else None


def real_folders(folder: Path, out: Path) -> list[Path]:
    """``folder`` and the folders under it, reached without following a link. Left out:
    hidden folders, those watchfiles leaves out, the output folder ``out`` (its files are
    no change), and folders this user may not read."""
    import watchfiles

    skipped = watchfiles.DefaultFilter.ignore_dirs  # (.git, node_modules …)
    found = []
    for root, names, _ in os.walk(folder, followlinks=False):
        here = Path(root)
        found.append(here)
        names[:] = [name for name in names
                    if not name.startswith(".") and name not in skipped
                    and here / name != out and os.access(here / name, os.R_OK | os.X_OK)]
    return sorted(found)


def wait_for(folder: Path, stop: Event | None) -> bool:
    """Wait until there is a folder at ``folder`` again: True, or False once ``stop`` is
    set. Ctrl-C goes to the caller."""
    while identity(folder) is None:
        if stop is not None and stop.wait(LOOK_AGAIN_S):
            return False
        if stop is None:
            time.sleep(LOOK_AGAIN_S)
    return True
