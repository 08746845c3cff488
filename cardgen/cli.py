"""The command line: the ``cardgen`` group and the table of its commands.

Each command lives in a module of :mod:`cardgen.commands`, which only wires options
(declared once, in :mod:`cardgen.commands.params`) to the functions that do the work.
Every error a user can cause is a :class:`~cardgen.errors.CardgenError`; the group below
turns it into Click's ``Error: …`` line with exit code 1, never a traceback.
"""

from __future__ import annotations

import errno
import os
import sys
from typing import Any

import click

from cardgen.commands import (
    balance,
    checking,
    discover,
    iteration,
    playing,
    printing,
    shops,
    start,
    together,
)
from cardgen.commands.stdout import StandardOutputError, whole_writes_to_stdout
from cardgen.errors import INTERRUPTED, CardgenError

# Drawing, rulebook and engine modules are imported inside their commands: they pull in
# most of reportlab, and `cardgen cards` or `check` should not wait for that.

class CardgenGroup(click.Group):
    """Reports :class:`CardgenError` as a one-line error instead of a traceback, and
    accepts the old names of commands."""

    #: `cardgen rules` was the name of `cardgen options` before the word "options" was
    #: used everywhere (issue 23); command lines written with it keep working.
    OLD_NAMES = {"rules": "options"}

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return super().get_command(ctx, self.OLD_NAMES.get(cmd_name, cmd_name))

    def invoke(self, ctx: click.Context) -> Any:
        whole_writes_to_stdout()
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # a report that cannot go out whole fails here, not at exit
            return result
        except CardgenError as exc:
            raise click.ClickException(str(exc)) from None
        except KeyboardInterrupt:
            # Click would print "Aborted!" and exit 1, which a script reads as a failed
            # check. Every output is written to a temporary file first, so none is left.
            click.echo("interrupted (Ctrl-C); nothing more was written", err=True)
            sys.exit(INTERRUPTED)
        except OSError as exc:
            # A broken pipe (`| head`) is click's to handle quietly.
            if exc.errno == errno.EPIPE:
                raise
            if isinstance(exc, StandardOutputError):  # (a full disk, a closed terminal)
                sys.stdout = open(os.devnull, "w")  # noqa: SIM115 -- nothing more reaches it
                raise click.ClickException(
                    f"cannot write to standard output: {exc.strerror or exc}; write the "
                    "report into a file on a disk with free space") from None
            # A file cardgen writes is reported by outputs.py as a CardgenError; one that
            # gets here is said as the system says it, with its file when it has one
            # (an error without one used to be blamed on standard output).
            where = f"{exc.filename}: " if exc.filename is not None else ""
            raise click.ClickException(
                f"{where}{' '.join(str(exc.strerror or exc).split())}; check the path "
                "and its permissions") from None


@click.group(cls=CardgenGroup)
@click.version_option(package_name="cardgen", prog_name="cardgen")
def main() -> None:
    """Print-and-play UNO decks: card sheets, rulebooks, and a rules engine to check them.

    DECK is a built-in deck (see `cardgen variants`) or the path to a deck file.
    """


#: Every command, by the module it lives in (`cardgen --help` sorts them by name).
COMMANDS: tuple[click.Command, ...] = (
    # what cardgen knows
    discover.variants, discover.cards, discover.list_options, discover.effects,
    discover.pictograms, shops.shops, shops.printers,
    # a deck of one's own
    start.new, start.examples, iteration.preview, iteration.watch,
    # printing
    printing.sheets, printing.png, printing.rulebook, printing.build,
    # playing it together
    together.tts,
    # the engine
    checking.check, checking.simulate, checking.rate, balance.balance, playing.play,
    playing.explain,
    # the table in the browser (the serve extra)
    together.serve,
)
for command in COMMANDS:
    main.add_command(command)


if __name__ == "__main__":  # python -m cardgen.cli, e.g. with -X importtime
    main()
