"""The command line. It only wires options to the functions that do the work.

Every error a user can cause is a :class:`~cardgen.errors.CardgenError`; the group
below turns it into Click's ``Error: …`` line with exit code 1, never a traceback.
"""

from __future__ import annotations

import difflib
import errno
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from cardgen.balance.command import balance
from cardgen.catalogue.option_facts import OPTION_FACTS, RELATION_LABELS
from cardgen.commands.discover import effects, pictograms
from cardgen.commands.iteration import preview, watch
from cardgen.commands.params import OutputPath, whole_writes_to_stdout
from cardgen.commands.shops import shops
from cardgen.commands.start import examples, new
from cardgen.deck.check import check_deck, players_outside
from cardgen.deck.load import Deck, builtin_names, load_deck
from cardgen.errors import INTERRUPTED, CardgenError
from cardgen.render.layout import CardSize, design_size, layout, parse_card_size

# Drawing, rulebook and engine modules are imported inside their commands: they pull in
# most of reportlab, and `cardgen cards` or `check` should not wait for that.

# Choices read in any case: `--paper A4` and `--lang FR` are what people type.
LANG = click.Choice(["fr", "en"], case_sensitive=False)
FACE_LANG = click.Choice(["both", "fr", "en"], case_sensitive=False)
PAPER = click.Choice(tuple(layout().papers), case_sensitive=False)


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
            # A file we write names itself (and outputs.py reports it as a CardgenError);
            # an error without a file name is standard output failing (a full disk, a
            # closed terminal). A broken pipe (`| head`) is click's to handle quietly.
            if exc.filename is not None or exc.errno == errno.EPIPE:
                raise
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 -- nothing more can reach it
            raise click.ClickException(
                f"cannot write to standard output: {exc.strerror or exc}; write the "
                "report into a file on a disk with free space") from None


@click.group(cls=CardgenGroup)
@click.version_option(package_name="cardgen", prog_name="cardgen")
def main() -> None:
    """Print-and-play UNO decks: card sheets, rulebooks, and a rules engine to check them.

    DECK is a built-in deck (see `cardgen variants`) or the path to a deck file.
    """


def _emit_json(value: Any) -> None:
    click.echo(json.dumps(value, ensure_ascii=False, indent=2))


def _usable_deck(ref: str, players: int | None) -> Deck:
    """A deck with no errors for this many players, or the first error as a CardgenError."""
    deck = load_deck(ref)
    report = check_deck(deck, players)
    if not report.valid:
        more = len(report.errors) - 1
        suffix = f" (and {more} more problem(s): run `cardgen check {ref}`)" if more else ""
        raise CardgenError(report.errors[0].message + suffix)
    for warning in report.warnings:  # printed anyway; on stderr, so --json stays clean
        click.echo(f"warning: {warning.message}", err=True)
    return deck


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def variants(as_json: bool) -> None:
    """List the built-in decks with their player range and card count."""
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
        _emit_json(rows)
        return
    for row in rows:
        players = f"{row['min_players']}-{row['max_players']} players"
        click.echo(f"{row['id']:<12} {row['total']:>4} cards  {players:<13} {row['name']['en']}")


@main.command()
@click.argument("deck")
@click.option("--players", type=click.IntRange(2, 10), help="Number of players (some decks "
              "take cards out for small tables).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--lang", type=LANG, default="en", show_default=True,
              help="Language of the table.")
def cards(deck: str, players: int | None, as_json: bool, lang: str) -> None:
    """List the cards of DECK with their counts and points."""
    loaded = _usable_deck(deck, players)
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
        _emit_json(rows)
        return
    width = max(len(r["id"]) for r in rows)
    for row in rows:
        click.echo(f"{row['count']:>3} x {row['id']:<{width}}  {row['points']:>3} pts  "
                   f"{row['name'][lang]}")
    click.echo(f"{sum(r['count'] for r in rows)} {'cartes' if lang == 'fr' else 'cards'}")


@main.command()
@click.argument("deck")
@click.option("--players", type=click.IntRange(2, 10), help="Check for this many players "
              "(default: the smallest and largest table the deck claims).")
@click.option("--games", type=click.IntRange(0, 100_000), default=200, show_default=True,
              help="Sanity games to play per player count (0: composition only).")
@click.option("--workers", type=click.IntRange(1, 64), default=os.cpu_count() or 1,
              show_default="the number of cores",
              help="Processes for the sanity games (same results for any number).")
@click.option("--cluster", metavar="ADDRESS", help="Play the sanity games on a Ray cluster "
              "(an address, ray://HOST:10001 or 'local'; the results do not change).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def check(deck: str, players: int | None, games: int, workers: int, cluster: str | None,
          as_json: bool) -> None:
    """Check that DECK is complete and playable. Exit 1 if it is not.

    Ctrl-C stops the sanity games: the report of those finished is printed, marked
    PARTIAL, and the exit code is 130.
    """
    loaded = load_deck(deck)
    outside = players_outside(loaded, players)
    if outside:  # the question does not fit the deck: a usage error, the deck is not judged
        raise click.BadParameter(f"{loaded.source}: {outside}", param_hint="'--players'")
    counts = 1 if players is not None else len({loaded.min_players, loaded.max_players})
    from cardgen.balance.quick import SanityBalance

    fairness = SanityBalance(loaded)  # the sanity games also say which cards stand out
    report = check_deck(loaded, players)  # the composition alone, in milliseconds
    if games and report.valid and cluster is not None:  # out of reach: said before playing
        from cardgen.play.cluster import connect

        connect(cluster, workers)
    if games and report.valid:  # no games, and no bar, for a deck that cannot be dealt
        # The bar goes to stderr (drawn only on a terminal), so --json output stays clean.
        with click.progressbar(length=games * counts, label="sanity games",
                               file=sys.stderr) as bar:
            report = check_deck(loaded, players, games=games, workers=workers,
                                progress=bar.update, on_game=fairness.add, cluster=cluster)
    if as_json:
        _emit_json({**report.as_dict(), "balance": fairness.as_dict()})
    else:
        if report.interrupted:
            click.echo(report.partial_line())
        for problem in report.problems:
            click.echo(f"{problem.level}: {problem.message}", err=problem.level == "error")
        for line in fairness.lines():
            click.echo(line)
        verdict = "valid" if report.valid else "NOT valid"
        click.echo(f"{report.deck.source}: {report.deck.total(players)} cards, {verdict} "
                   f"({len(report.errors)} error(s), {len(report.warnings)} warning(s))"
                   + (" so far" if report.interrupted else ""))
    if report.interrupted:
        sys.exit(INTERRUPTED)
    if not report.valid:
        sys.exit(1)


@main.command("options")
@click.option("--lang", type=LANG, default="en", show_default=True,
              help="Language of the descriptions.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a list.")
def list_options(lang: str, as_json: bool) -> None:
    """List the options a deck or `--option NAME` can turn on (also `cardgen rules`)."""
    if as_json:
        _emit_json([{"name": r.name, "ids": list(r.ids), "description": r.description.as_dict(),
                     "needs": {need: list(met) for need, met in r.met_by().items()},
                     "includes": list(r.includes), "conflicts": list(r.conflicts)}
                    for r in OPTION_FACTS.values()])
        return
    width = max(len(name) for name in OPTION_FACTS)
    for rule in OPTION_FACTS.values():
        click.echo(f"{rule.name:<{width}}  {rule.description[lang]}")
        # What a combination needs and refuses, under the line (names are the same in
        # both languages: they are what --rule and a deck's rules take).
        relations = {
            "needs": [need + (f" ({RELATION_LABELS['or'][lang]} {', '.join(met[1:])})"
                              if met[1:] else "") for need, met in rule.met_by().items()],
            "includes": list(rule.includes),
            "conflicts": [c for c in rule.conflicts if c not in rule.includes],
        }
        for relation, names in relations.items():
            if names:
                colon = " :" if lang == "fr" else ":"  # French sets a space before it
                click.echo(f"{'':<{width}}    {RELATION_LABELS[relation][lang]}{colon} "
                           f"{', '.join(names)}")


def _pdf_output(ctx: click.Context, param: click.Parameter, value: Path | None
                ) -> Path | None:
    """A PDF's file name ends in .pdf: out.png would hold a PDF no image viewer opens."""
    if value is not None and value.suffix.lower() != ".pdf":
        hint = " (`cardgen png` writes images)" if value.suffix.lower() == ".png" else ""
        raise click.BadParameter(f"'{value}': this command writes a PDF; give a file "
                                 f"name ending in .pdf, like {value.stem or 'out'}.pdf{hint}")
    return value


def _png_folder(ctx: click.Context, param: click.Parameter, value: Path | None
                ) -> Path | None:
    """`png -o` names a folder of images: a folder called out.pdf is a trap."""
    if value is not None and value.suffix.lower() in (".pdf", ".png"):
        raise click.BadParameter(f"'{value}': `cardgen png` writes a folder of images; give "
                                 f"a folder name, like {value.stem}-png (`cardgen sheets "
                                 "-o FILE.pdf` writes a PDF)")
    return value


@main.command()
@click.argument("deck")
@click.option("--lang", type=LANG, help="Language of the rulebook: fr or en (required).")
@click.option("--paper", type=PAPER, default="a4",
              show_default=True, help="Paper size.")
@click.option("-o", "--output", "output", type=OutputPath(dir_okay=False, path_type=Path),
              callback=_pdf_output,
              help="PDF file to write (default: DECK-rulebook-LANG.pdf here).")
def rulebook(deck: str, lang: str | None, paper: str, output: Path | None) -> None:
    """Write the rulebook of DECK as a PDF, in French or in English.

    The rule text is the deck file's own when its [rulebook] table names a file for
    the language, otherwise the built-in text it names (classic by default).
    """
    if lang is None:  # Click would list the choices one a line
        raise click.UsageError("Missing option '--lang': give --lang fr or --lang en")
    loaded = _usable_deck(deck, None)
    from cardgen import rulebook as rulebook_module

    path = output or Path(rulebook_module.rulebook_filename(loaded, lang))
    rulebook_module.write_rulebook(loaded, lang, path, paper)
    click.echo(f"wrote {path}")


def _back_offset(ctx: click.Context, param: click.Parameter, value: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in value.split(","))
    except ValueError:
        raise click.BadParameter(f"'{value}' is not X,Y in millimetres, like 1.5,-2") from None
    return x, y


def _card_size(ctx: click.Context, param: click.Parameter, value: str) -> CardSize:
    try:
        return parse_card_size(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def _size_option(what: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    named = ", ".join(f"{size} ({label})" for size, label in layout().card.sizes.items())
    return click.option("--size", default=design_size().name, show_default=True,
                        metavar="WxH", callback=_card_size,
                        help=f"Trim size of {what} in mm: {named}, or any WxH.")


def _refuse_with_print_shop(ctx: click.Context, *names: str) -> None:
    """--print-shop has no pages of paper, no mirrored backs: say so rather than ignore."""
    given = [f"--{name.replace('_', '-')}" for name in names
             if ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE]
    if given:
        raise click.UsageError(f"--print-shop writes one card a page, its backs after the "
                               f"faces; leave out {', '.join(given)}", ctx)


@main.command()
@click.argument("deck", required=False)
@click.option("--paper", type=PAPER, default="a4",
              show_default=True, help="Paper size.")
@_size_option("the cards")
@click.option("--bleed", type=float, default=None, metavar="MM",
              help="Extend each face's background this far past its trim line (0 to "
              f"{layout().sheet.max_bleed_mm:g} mm; default 0, and "
              f"{layout().print_shop_bleed_mm:g} with --print-shop).")
@click.option("--print-shop", "print_shop", is_flag=True, help="One card a page at trim "
              "size plus bleed (in RGB; pages in --order), with TrimBox and BleedBox: for "
              "a shop --shop does not know.")
@click.option("--shop", metavar="NAME|FILE", help="One card a page made for this print "
              "shop (see `cardgen shops`, or a profile .toml of your own): its size, bleed, "
              "colour (CMYK, PDF/X-1a) and page order.")
@click.option("--order", type=click.Choice(["faces-then-backs", "front-back", "back-front"]),
              default="faces-then-backs", show_default=True, help="With --print-shop: every "
              "face then its backs, each front then its back, or each back then its front.")
@click.option("--only", type=click.Choice(["all", "specials"], case_sensitive=False),
              default="all", show_default=True, help="specials: only the cards a standard box "
              "lacks, to glue onto a second deck; all: the whole deck.")
@click.option("--backs", is_flag=True, help="Add a page of backs after each page of faces, "
              "mirrored for double-sided printing (flip on the long edge).")
@click.option("--back-offset", default="0,0", show_default=True, metavar="X,Y",
              callback=_back_offset, help="Shift the backs by X,Y mm to make up for a "
              "printer whose reverse side drifts.")
@click.option("--flip", type=click.Choice(["long", "short"]), default="long",
              show_default=True, help="The edge your printer turns the paper over for "
              "the backs.")
@click.option("--alignment-test", "alignment_test", is_flag=True, help="Instead of a "
              "deck, two pages to print double-sided once, to read the --back-offset "
              "your printer needs.")
@click.option("--cutter", type=click.Choice(["silhouette"]), default=None,
              help="Registration marks of this cutting machine instead of cut marks, "
              "and a cut file of the card outlines (FILE-cut.svg).")
@click.option("--cut-file", "cut_file", type=click.Choice(["svg", "dxf"]), default="svg",
              show_default=True, help="Format of the --cutter cut file (dxf needs "
              "'cardgen[dxf]').")
@click.option("--cut-lines", "cut_lines", type=click.Choice(["auto", "shared", "separate"]),
              default="auto", show_default=True, help="With a bleed, may neighbouring "
              "cards share their cut lines (auto: when more cards fit a page)?")
@click.option("--lang", type=FACE_LANG, default="both",
              show_default=True, help="Language(s) of names and captions on the faces.")
@click.option("--players", type=click.IntRange(2, 10), help="Print the deck as played by "
              "this many players (some decks leave cards out).")
@click.option("-o", "--output", "output", type=OutputPath(dir_okay=False, path_type=Path),
              callback=_pdf_output,
              help="PDF file to write (default: DECK-sheets-PAPER.pdf here).")
@click.pass_context
def sheets(ctx: click.Context, deck: str, paper: str, size: CardSize, bleed: float | None,
           print_shop: bool, shop: str | None, order: str, only: str, backs: bool,
           back_offset: tuple[float, float], flip: str, alignment_test: bool,
           cutter: str | None, cut_file: str, cut_lines: str,
           lang: str, players: int | None, output: Path | None) -> None:
    """Write print-and-cut sheets of DECK: faces with cut marks (53 x 79 mm by default),
    or with --print-shop or --shop one card a page for a print shop. Without DECK,
    --alignment-test writes two pages that measure the --back-offset a printer needs."""
    if alignment_test or deck is None:
        _alignment_test(ctx, deck, paper, flip, back_offset, lang, output)
        return
    if shop is not None:
        _sheets_for_shop(ctx, deck, shop, only, lang, players, output)
        return
    if not print_shop and ctx.get_parameter_source("order") == \
            click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError("--order sets the order of a print shop's pages: add "
                               "--print-shop, or leave --order out", ctx)
    if print_shop:
        _refuse_with_print_shop(ctx, "paper", "backs", "back_offset", "flip", "cut_lines",
                                "cutter", "cut_file")
    elif cutter is None and ctx.get_parameter_source("cut_file") == \
            click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError("--cut-file is the format of a cutting machine's cut file: "
                               "add --cutter silhouette, or leave --cut-file out", ctx)
    elif not backs and ctx.get_parameter_source("back_offset") == \
            click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError("--back-offset shifts the pages of backs: add --backs, or "
                               "leave --back-offset out", ctx)
    loaded = _usable_deck(deck, players)
    from cardgen.render.paper import sheets as sheets_module

    if bleed is None:
        bleed = layout().print_shop_bleed_mm if print_shop else 0.0
    options = sheets_module.SheetOptions(
        paper=paper, bleed_mm=bleed, only=only, backs=backs,  # type: ignore[arg-type]
        back_offset_mm=back_offset, lang=lang, players=players,  # type: ignore[arg-type]
        size=size, print_shop=print_shop, flip=flip, cut_lines=cut_lines,  # type: ignore[arg-type]
        cutter=cutter, cut_file=cut_file)  # type: ignore[arg-type]
    options.check()
    path = output or Path(sheets_module.sheets_filename(loaded, options))
    if print_shop:
        from cardgen.render.paper.printshop import ShopFile, write_print_shop

        write_print_shop(loaded, path, options, ShopFile(order))  # type: ignore[arg-type]
    else:
        sheets_module.write_sheets(loaded, path, options)
        cost = sheets_module.page_cost(loaded, options)
        if cost:
            click.echo(cost, err=True)
    click.echo(f"wrote {path}")
    if not print_shop:
        for extra in sheets_module.cut_files(loaded, path, options):
            click.echo(f"wrote {extra}")


def _alignment_test(ctx: click.Context, deck: str | None, paper: str, flip: str,
                    back_offset: tuple[float, float], lang: str, output: Path | None) -> None:
    """`cardgen sheets --alignment-test`: no deck, only the paper, flip and offset."""
    if deck is None and not ctx.params.get("alignment_test"):
        raise click.UsageError("give a DECK to print (or --alignment-test)", ctx)
    if deck is not None:
        raise click.UsageError("--alignment-test prints no deck; leave DECK out", ctx)
    given = [f"--{name.replace('_', '-')}" for name in ctx.params
             if name not in ("paper", "flip", "back_offset", "lang", "output",
                             "alignment_test")
             and ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE]
    if given:
        raise click.UsageError(f"--alignment-test takes --paper, --flip, --back-offset, "
                               f"--lang and -o; leave out {', '.join(given)}", ctx)
    from cardgen.render.paper.alignment import write_alignment_test

    path = output or Path(f"alignment-test-{paper}-{flip}.pdf")
    write_alignment_test(path, paper, flip, back_offset, lang)  # type: ignore[arg-type]
    click.echo(f"wrote {path}")


def _sheets_for_shop(ctx: click.Context, deck: str, ref: str, only: str, lang: str,
                     players: int | None, output: Path | None) -> None:
    """`cardgen sheets DECK --shop NAME`: the profile sets everything about the file."""
    from cardgen.commands.shops import shop_for

    profile = shop_for(ctx, ref, "sheets", deck, "paper", "size", "bleed", "print_shop", "order",
                       "backs", "back_offset")
    loaded = _usable_deck(deck, players)
    from cardgen.render.paper import sheets as sheets_module
    from cardgen.render.paper.printshop import ShopFile, shop_filename, write_print_shop

    options = sheets_module.SheetOptions(
        bleed_mm=profile.bleed_mm, only=only, lang=lang,  # type: ignore[arg-type]
        players=players, size=profile.size, print_shop=True)
    path = output or Path(shop_filename(loaded, options, profile))
    write_print_shop(loaded, path, options, ShopFile.of(profile))
    click.echo(f"wrote {path} for {profile.name}: {profile.summary()}")


@main.command()
@click.argument("deck")
@click.option("-o", "--output", "output", type=OutputPath(file_okay=False, path_type=Path),
              callback=_png_folder,
              help="Folder to write the images into (default: DECK-png here).")
@click.option("--dpi", type=int, default=None, help="Resolution of the face images "
              "(default 300).")
@click.option("--lang", type=FACE_LANG, default="both",
              show_default=True, help="Language(s) of names and captions on the faces.")
@click.option("--players", type=click.IntRange(2, 10), help="The deck as played by this "
              "many players.")
@_size_option("the faces")
@click.option("--bleed", type=float, default=0.0, show_default=True, metavar="MM",
              help="Add this much bleed around each face image (0 to "
              f"{layout().sheet.max_bleed_mm:g} mm), for a print shop.")
@click.option("--workers", type=click.IntRange(1, 64), default=os.cpu_count() or 1,
              show_default="the number of cores",
              help="Processes making the images (the same images for any number).")
@click.option("--shop", metavar="NAME|FILE", help="The images a print shop takes (see "
              "`cardgen shops`, or a profile .toml of your own): its size, bleed and "
              "pixels, without the Tabletop Simulator sheets.")
@click.pass_context
def png(ctx: click.Context, deck: str, output: Path | None, dpi: int | None, lang: str,
        players: int | None, size: CardSize, bleed: float, workers: int,
        shop: str | None) -> None:
    """Write one PNG per distinct face of DECK, and Tabletop Simulator deck sheets."""
    tts = True
    if shop is not None:
        from cardgen.commands.shops import shop_for

        profile = shop_for(ctx, shop, "png", deck, "size", "bleed", "dpi")
        size, bleed, dpi, tts = profile.size, profile.bleed_mm, profile.dpi, False
    loaded = _usable_deck(deck, players)
    folder = output or Path(f"{loaded.id}-{profile.id}" if shop else f"{loaded.id}-png")
    from cardgen.render import png as png_module

    try:
        result = png_module.write_pngs(loaded, folder, dpi=dpi,
                                       lang=lang,  # type: ignore[arg-type]
                                       players=players, size=size, bleed_mm=bleed,
                                       workers=workers, tts=tts)
    except KeyboardInterrupt:
        click.echo(f"interrupted (Ctrl-C): no image written into {folder}", err=True)
        sys.exit(INTERRUPTED)
    click.echo(f"wrote {len(result.faces)} face images into {folder}")
    for path, cards in zip(result.tts_sheets, result.tts_cards, strict=True):
        click.echo(png_module.tts_grid_note(path, cards))


@main.command()
@click.option("--out", "out", type=OutputPath(file_okay=False, path_type=Path),
              default=Path("output"), show_default=True, help="Folder to write into.")
@click.option("--paper", type=PAPER, default="a4",
              show_default=True, help="Paper size of the sheets and the rulebooks.")
def build(out: Path, paper: str) -> None:
    """Write every built-in deck's sheets and rulebooks into the output folder."""
    from cardgen import build as build_module

    for path in build_module.build_all(out, paper):
        click.echo(f"wrote {path}")



@main.command()
@click.argument("deck")
@click.option("--players", type=click.IntRange(2, 10), default=4, show_default=True,
              help="Number of players.")
@click.option("--games", type=click.IntRange(1, 10_000_000), default=100, show_default=True,
              help="Number of whole games to play.")
@click.option("--seed", default="0", show_default=True,
              help="Seed of the run; game i is seeded with SEED:i.")
@click.option("--player", default="heuristic", show_default=True,
              help="The bots: random, heuristic, or a comma list cycled over the seats.")
@click.option("--option", "--rule", "extra_rules", multiple=True, metavar="NAME",
              help="Turn on an option (repeat for several; see `cardgen options`).")
@click.option("--workers", type=click.IntRange(1, 64), default=os.cpu_count() or 1,
              show_default="the number of cores",
              help="Processes to share the games (the results do not change).")
@click.option("--cluster", metavar="ADDRESS", help="Play the games on a Ray cluster "
              "(an address, ray://HOST:10001 or 'local'; the results do not change).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def simulate(deck: str, players: int, games: int, seed: str, player: str,
             extra_rules: tuple[str, ...], workers: int, cluster: str | None,
             as_json: bool) -> None:
    """Play whole games of DECK with bots and report how they went.

    Exit 1 if a game broke an invariant or a round did not terminate. Ctrl-C stops the
    run: the report of the games finished is printed, marked PARTIAL, with exit code 130.
    """
    from cardgen.engine import Variant
    from cardgen.play.players import player_names
    from cardgen.play.simulate import format_report
    from cardgen.play.simulate import simulate as run

    _known_options(extra_rules)
    variant = Variant.from_deck(_usable_deck(deck, players), players, extra_rules)
    variant.require_playable()
    player_names(player)
    if games >= 50:
        with click.progressbar(length=games, label="playing", file=sys.stderr) as bar:
            report = run(variant, games=games, seed=seed, player=player, workers=workers,
                         progress=bar.update, cluster=cluster)
    else:
        report = run(variant, games=games, seed=seed, player=player, workers=workers,
                     cluster=cluster)
    if as_json:
        _emit_json(report.as_dict())
    else:
        click.echo(format_report(report))
    if report.interrupted:
        sys.exit(INTERRUPTED)
    if report.invariant_violations or report.non_terminating:
        sys.exit(1)


def _known_options(names: tuple[str, ...]) -> None:
    for name in names:
        if name not in OPTION_FACTS:
            close = difflib.get_close_matches(name, list(OPTION_FACTS), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise CardgenError(f"--rule: unknown rule(s) {name}{hint}; `cardgen rules` "
                               "lists them")


@main.command()
@click.argument("deck")
@click.option("--players", type=click.IntRange(2, 10), default=4, show_default=True,
              help="Number of players, you included.")
@click.option("--seat", type=click.IntRange(0, 9), default=0, show_default=True,
              help="Your seat (P0 deals the first round).")
@click.option("--bots", default="heuristic", show_default=True,
              help="The other players: heuristic, random, or a comma list.")
@click.option("--option", "--rule", "extra_rules", multiple=True, metavar="NAME",
              help="Turn on an option (repeat for several; see `cardgen options`).")
@click.option("--seed", default="0", show_default=True, help="Seed of the deal.")
@click.option("--lang", type=LANG, default="en", show_default=True,
              help="Language of the table and of the card names.")
@click.option("--fast", is_flag=True, help="Show the bots' moves without pausing.")
def play(deck: str, players: int, seat: int, bots: str, extra_rules: tuple[str, ...],
         seed: str, lang: str, fast: bool) -> None:
    """Play a whole game of DECK at the terminal against bots.

    Answer with a number or an action's text; `why CARD` says why a card cannot be
    played, `save FILE` writes the position for `cardgen explain`, `quit` ends the game
    (exit 0). Ctrl-C ends it too, with the scores so far (exit 130).
    """
    from cardgen.terminal.human import LeaveGame
    from cardgen.terminal.session import Session, TableSettings

    if seat >= players:
        raise click.BadParameter(f"seat {seat} does not exist at {players} players; choose "
                                 f"0 to {players - 1}", param_hint="--seat")
    _known_options(extra_rules)
    loaded = _usable_deck(deck, players)
    settings = TableSettings(deck, players, seat, extra_rules, bots, seed, lang, fast,
                             # NO_COLOR: the common convention for a terminal without colour.
                             color=sys.stdout.isatty() and not os.environ.get("NO_COLOR"))

    def read(prompt: str) -> str | None:
        try:
            return input(prompt)
        except EOFError:
            return None

    session = Session(loaded, settings, read, click.echo)
    try:
        session.run()
    except LeaveGame:
        click.echo(session.words("quit", scores=session.scores_line()))
    except KeyboardInterrupt:
        click.echo()
        click.echo(session.words("interrupted", scores=session.scores_line()))
        sys.exit(INTERRUPTED)


@main.command()
@click.argument("situation", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print every step as JSON.")
def explain(situation: Path, as_json: bool) -> None:
    """Show what the rules allow and do in SITUATION.toml, step by step.

    The file sets the table (hands, top card, colour, turn …) and may list actions to
    take and what should follow (see the README). Exit 1 if that is not what happens.
    """
    from cardgen.situation import explain as run
    from cardgen.situation import format_explanation

    result = run(situation)
    if as_json:
        _emit_json(result.as_dict())
    else:
        click.echo(format_explanation(result))
    if result.failures:
        sys.exit(1)


main.add_command(balance)
main.add_command(new)
main.add_command(examples)
main.add_command(effects)
main.add_command(pictograms)
main.add_command(preview)
main.add_command(watch)
main.add_command(shops)


if __name__ == "__main__":  # python -m cardgen.cli, e.g. with -X importtime
    main()
