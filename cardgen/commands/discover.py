"""The commands that list what cardgen knows: the built-in decks (``variants``), a deck's
cards (``cards``), the options (``options``), and what a card of one's own can reuse
(``effects``, ``pictograms``, from :mod:`cardgen.designer.discover`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from cardgen.commands.common import usable_deck
from cardgen.commands.params import (
    fallback_option,
    json_option,
    lang_option,
    output_option,
    players_option,
)
from cardgen.commands.stdout import emit_json

# What each command lists is imported when it runs: `cardgen --help` reads none of it.


@click.command()
@json_option()
def variants(as_json: bool) -> None:
    """List the built-in decks with their player range and card count."""
    from cardgen.deck.load import builtin_names, load_deck

    rows: list[dict[str, Any]] = []
    for name in builtin_names():
        deck = load_deck(name)
        rows.append({
            "id": name,
            "name": deck.name.as_dict(),
            "min_players": deck.min_players,
            "max_players": deck.max_players,
            "total": deck.total(),
            "rules": list(deck.rules),
        })
    if as_json:
        emit_json(rows)
        return
    for row in rows:
        players = f"{row['min_players']}-{row['max_players']} players"
        click.echo(f"{row['id']:<12} {row['total']:>4} cards  {players:<13} {row['name']['en']}")


@click.command()
@click.argument("deck")
@players_option("Number of players (some decks take cards out for small tables).")
@json_option()
@lang_option("Language of the table.")
@fallback_option()
def cards(deck: str, players: int | None, as_json: bool, lang: str) -> None:
    """List the cards of DECK with their counts and points."""
    from cardgen.catalogue.face_languages import FaceLanguages
    from cardgen.catalogue.locale import labels as area_words

    loaded = usable_deck(deck, players, FaceLanguages(lang))
    rows: list[dict[str, Any]] = [
        {
            "id": card.id,
            "count": count,
            "points": card.points,
            "color": card.color,
            "value": card.value,
            "effect": card.effect,
            "family": card.family,
            "name": card.name.as_dict(),
            "caption": card.caption.as_dict(),
        }
        for card, count in loaded.card_list(players)
    ]
    if as_json:
        emit_json(rows)
        return
    from cardgen.catalogue.locale import takes_plural

    words = area_words("commands", lang)
    points = [words["card_points" if takes_plural(r["points"], lang) else "card_point"]
              .format(points=f"{r['points']:>3}") for r in rows]
    width, said = max(len(r["id"]) for r in rows), max(len(p) for p in points)
    for row, worth in zip(rows, points, strict=True):
        click.echo(f"{row['count']:>3} x {row['id']:<{width}}  {worth:<{said}}  "
                   f"{row['name'][lang]}")
    click.echo(words["cards_total"].format(count=sum(r["count"] for r in rows)))


@click.command("options")
@lang_option("Language of the descriptions.")
@json_option("Print JSON instead of a list.")
def list_options(lang: str, as_json: bool) -> None:
    """List the options a deck or `--option NAME` can turn on (also `cardgen rules`)."""
    from cardgen.catalogue.locale import typography
    from cardgen.catalogue.option_facts import OPTION_FACTS, relation_label

    if as_json:
        emit_json([{"name": r.name, "ids": list(r.ids), "description": r.description.as_dict(),
                     "needs": {need: list(met) for need, met in r.met_by().items()},
                     "includes": list(r.includes), "conflicts": list(r.conflicts)}
                    for r in OPTION_FACTS.values()])
        return
    width = max(len(name) for name in OPTION_FACTS)
    for rule in OPTION_FACTS.values():
        click.echo(f"{rule.name:<{width}}  {rule.description[lang]}")
        # What a combination needs and refuses, under the line (names are the same in
        # both languages: they are what --option and a deck's rules take).
        relations = {
            "needs": [need + (f" ({relation_label('or', lang)} {', '.join(met[1:])})"
                              if met[1:] else "") for need, met in rule.met_by().items()],
            "includes": list(rule.includes),
            "conflicts": [c for c in rule.conflicts if c not in rule.includes],
        }
        for relation, names in relations.items():
            if names:
                colon = (" " if typography(lang).before_colon else "") + ":"  # as French
                click.echo(f"{'':<{width}}    {relation_label(relation, lang)}{colon} "
                           f"{', '.join(names)}")


@click.command()
@lang_option("Language of the descriptions.")
@json_option("Print JSON instead of a list.")
@click.option("--examples", "examples_folder", metavar="FOLDER",
              type=click.Path(file_okay=False, path_type=Path),
              help="Write every effect's example situations (and the decks they name) "
                   "into FOLDER, never over a file, for `cardgen explain`.")
def effects(lang: str, as_json: bool, examples_folder: Path | None) -> None:
    """List the effects a card of your own can reuse (effect = "…"), with their
    parameters, limits, facts and examples."""
    from cardgen.designer.discover import effect_lines, effect_rows

    if examples_folder is not None:
        from cardgen.designer.effect_examples import copy_effect_examples

        written = copy_effect_examples(examples_folder)
        for path in written:
            click.echo(f"wrote {path}")
        first = next(path for path in written if path.name.startswith("peek--"))
        click.echo(f"try one: cardgen explain {first}")
        return
    if as_json:
        emit_json(effect_rows())
        return
    for line in effect_lines(lang):
        click.echo(line)
    from cardgen.catalogue.effect_facts import plugin_language_gaps

    lacking = sorted(eid for eid, langs in plugin_language_gaps().items() if lang in langs)
    if lacking:
        click.echo(f"note: the plugin effect(s) {', '.join(lacking)} have no '{lang}' words; "
                   "their English words are used", err=True)


@click.command()
@output_option("Also write a PDF page showing each pictogram with its name.")
def pictograms(output: Path | None) -> None:
    """List the pictograms a card can show (pictogram = "…")."""
    from cardgen.designer.discover import labels, pictogram_list

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
