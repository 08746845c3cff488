"""The one family of errors cardgen reports to its users.

Every error a user can cause (a bad deck file, an unknown card, an unwritable path)
is a :class:`CardgenError`. Its message is one line that names the file and says
what to do. The command line prints it as ``Error: …`` and exits 1. Only the command
line knows about Click: ``cli.py`` and the command modules of ``cardgen/commands/``.
"""

from __future__ import annotations

#: The exit code of a run stopped by Ctrl-C (128 + SIGINT, as shells report it): a
#: script tells it apart from a failed check (1).
INTERRUPTED = 130


class CardgenError(ValueError):
    """A problem the user can fix; the message is shown as is."""


class DeckError(CardgenError):
    """A deck file that cannot be read or resolved (syntax, unknown base, bad table)."""


class CatalogueError(CardgenError):
    """The shipped catalogue itself is inconsistent: a bug in cardgen's data files."""


class OutputError(CardgenError):
    """An output path that cannot be written."""
