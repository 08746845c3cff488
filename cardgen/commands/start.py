"""The commands a designer starts with: ``cardgen new`` and ``cardgen examples``.

They only wire options to :mod:`cardgen.designer.new_deck` and :mod:`cardgen.designer.examples`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from cardgen.commands.params import DataChoice, DataOption, NewDeckName, lang_option

if TYPE_CHECKING:
    from cardgen.catalogue.face_languages import FaceLanguages


def _base_decks() -> list[str]:
    """The built-in decks, listed when `new` needs them (its help, its --base)."""
    from cardgen.deck.file import builtin_names

    return builtin_names()


def _from_help() -> str:
    """The help of --from, naming the examples."""
    from cardgen.designer.examples import example_names

    return ("Copy this example deck, with its rule texts and pictures, instead: "
            f"{', '.join(example_names())}.")


@click.command()
@click.argument("name", type=NewDeckName(path_type=Path))
@click.option("--base", type=DataChoice(_base_decks), default="classic",
              show_default=True, help="The built-in deck to start from.")
@lang_option("The languages to write a rule text in (a language without one gets the "
             "base deck's built-in text).", default="both", faces=True)
@click.option("--from", "example", metavar="EXAMPLE", cls=DataOption,
              help_from=_from_help)
@click.pass_context
def new(ctx: click.Context, name: Path, base: str, lang: FaceLanguages,
        example: str | None) -> None:
    """Write the folder NAME: a deck file with every field explained, a rule text per
    language and a picture, ready to check and build."""
    from cardgen.designer.new_deck import deck_from_example, new_deck

    if example is not None:
        given = [f"--{option}" for option in ("base", "lang")
                 if ctx.get_parameter_source(option) == click.core.ParameterSource.COMMANDLINE]
        if given:
            raise click.UsageError(f"--from copies the example as it is; leave out "
                                   f"{', '.join(given)}", ctx)
        written = deck_from_example(name, example)
    else:
        written = new_deck(name, base, lang.codes)
    for path in written:
        click.echo(f"wrote {path}")
    click.echo(f"next: cardgen check {written[0]}")


@click.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
def examples(folder: Path) -> None:
    """Copy the example decks, their rule texts and pictures into FOLDER (never over a
    file that is there already)."""
    from cardgen.designer.examples import copy_examples, example_names

    for path in copy_examples(folder):
        click.echo(f"wrote {path}")
    click.echo(f"example decks: {', '.join(example_names())}")
