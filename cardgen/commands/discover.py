"""The commands that show what a card of one's own can reuse: ``cardgen effects`` and
``cardgen pictograms``. They only wire options to :mod:`cardgen.designer.discover`."""

from __future__ import annotations

import json
from pathlib import Path

import click

from cardgen.designer.discover import effect_lines, effect_rows, labels, pictogram_list


@click.command()
@click.option("--lang", type=click.Choice(["fr", "en"]), default="en", show_default=True,
              help="Language of the descriptions.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a list.")
def effects(lang: str, as_json: bool) -> None:
    """List the effects a card of your own can reuse (effect = "…"), with their
    parameters, limits and facts."""
    if as_json:
        click.echo(json.dumps(effect_rows(), ensure_ascii=False, indent=2))
        return
    for line in effect_lines(lang):
        click.echo(line)


@click.command()
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write a PDF page showing each pictogram with its name.")
def pictograms(output: Path | None) -> None:
    """List the pictograms a card can show (pictogram = "…")."""
    names = pictogram_list()
    if output is not None:
        if output.suffix.lower() != ".pdf":
            raise click.BadParameter(f"'{output}' is not a .pdf file; give a name like "
                                     "pictograms.pdf", param_hint="'-o'")
        from cardgen.designer.pictogram_page import write_pictogram_page

        title = f"{labels('fr')['pictograms_title']} · {labels('en')['pictograms_title']}"
        notes = [labels(lang)["pictograms_note"] for lang in ("fr", "en")]
        write_pictogram_page(output, names, title, notes)
    for name in names:
        click.echo(name)
    if output is not None:
        click.echo(f"wrote {output}")
