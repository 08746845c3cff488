"""The options several commands share, each declared once here, and the parameter types
every command uses.

A command stacks the decorators it needs (``@lang_option()``, ``@json_option()`` …);
each keeps the same name, spelling and choices everywhere, so `--lang FR` means the same
in every command and a change to an option is made in one place.
"""

from __future__ import annotations

import difflib
import math
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

# What an option's choices, default or help are read from (the catalogues of
# templates/locale/, options.toml, layout.toml …) is imported and read when a command
# needs it, not when cardgen starts: `cardgen --help` would wait for all of it.

F = TypeVar("F", bound=Callable[..., Any])


def choice(values: Sequence[str]) -> click.Choice[str]:
    """The one choice type of the command line: read in any case (`--paper A4`,
    `--lang FR`, `--flip Long` are what people type), given to the command as written
    in ``values``."""
    return click.Choice(tuple(values), case_sensitive=False)


class DataChoice(click.Choice[str]):
    """A choice among names cardgen's data gives (the papers of layout.toml, the
    built-in decks), read in any case like :func:`choice`; the names are asked for when
    the option is read or its help shown, not when cardgen starts."""

    def __init__(self, names: Callable[[], Sequence[str]]) -> None:
        super().__init__((), case_sensitive=False)
        self.names = names

    @property
    def choices(self) -> Any:  # (a tuple; click types it Sequence or tuple by version)
        return tuple(self.names())

    @choices.setter
    def choices(self, value: Any) -> None:
        pass  # asked for each time, never fixed


class DataOption(click.Option):
    """An option whose default or help comes from cardgen's data (the card sizes of
    layout.toml, the example decks): functions, called when the command's help is shown
    or the option read, so that starting cardgen reads none of it."""

    def __init__(self, *args: Any, default_from: Callable[[], Any] | None = None,
                 help_from: Callable[[], str] | None = None, **attrs: Any) -> None:
        self.default_from, self.help_from = default_from, help_from
        super().__init__(*args, **attrs)

    @property
    def help(self) -> str | None:
        return self.help_from() if self.help_from is not None else self.given_help

    @help.setter
    def help(self, value: str | None) -> None:
        self.given_help = value

    def get_default(self, ctx: click.Context, call: bool = True) -> Any:
        if self.default_from is not None:
            return self.default_from()
        return super().get_default(ctx, call)


class LanguagesHelp(click.Command):
    """A command whose help names the languages cardgen speaks: ``{languages}`` in its
    text becomes the codes of templates/locale/ ("fr, en, de, es, it") when the help is
    shown, so a language added by its folder is named without a change here. (Its first
    sentence, the line of `cardgen --help`, names none: that list reads no data.)"""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from cardgen.catalogue.locale import languages

        written = self.help
        self.help = (written or "").replace("{languages}", ", ".join(languages()))
        try:
            super().format_help_text(ctx, formatter)
        finally:
            self.help = written


class OutputPath(click.Path):
    """A path to write to, refusing an empty name.

    ``Path("")`` is the current folder, so without this check ``-o ''`` would write
    into it (or over it) instead of being the mistake it almost always is.
    """

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value.strip():
            what = "folder" if not self.file_okay else "file"
            self.fail(f"the name is empty; give a {what} name", param, ctx)
        return super().convert(value, param, ctx)


class FiniteFloat(click.FloatRange):
    """A number of an option, refusing nan and inf (and any value out of its range).

    Python's float() reads "nan", "inf" and "1e999" (inf), and a nan passes every range
    check, since it compares false with any bound: such a number went on to a report
    that said "±nan" and to JSON that is not JSON.
    """

    name = "number"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a number cardgen can use; give a finite number "
                      "like 2.5", param, ctx)
        return super().convert(number, param, ctx)

    def _describe_range(self) -> str:
        """No range when it has no bounds (Click would show "[x<=None]"): the option's
        help says its range where the range comes from data."""
        if self.min is None and self.max is None:
            return ""
        return super()._describe_range()


class NewDeckName(click.Path):
    """The NAME of `cardgen new`: a folder whose name the deck's files can hold.

    A name they cannot (a control character, only spaces, too long …) is a usage error,
    said before anything is written, like any other bad value on the command line.
    """

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        from cardgen.designer.deck_name import deck_name_problem

        if isinstance(value, str):
            problem = deck_name_problem(value)
            if problem is not None:
                self.fail(problem, param, ctx)
        return super().convert(value, param, ctx)


class Language(DataChoice):
    """A language of templates/locale/ (``--lang de``), read in any case; with ``faces``,
    also two joined by + (``--lang de+en``: German above English on each face) and
    ``both`` (French and English), given to the command as :class:`FaceLanguages`. The
    languages are found when the option is read, so a language is added by adding its
    folder."""

    def __init__(self, faces: bool = False) -> None:
        super().__init__(self._languages)
        self.faces = faces

    def _languages(self) -> tuple[str, ...]:
        from cardgen.catalogue.face_languages import BOTH
        from cardgen.catalogue.locale import languages

        return (BOTH, *languages()) if self.faces else languages()

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        from cardgen.catalogue.face_languages import FaceLanguageError, FaceLanguages

        if not self.faces:
            return super().convert(value, param, ctx)
        if isinstance(value, FaceLanguages):
            return value
        # One language or both: Click's choice, with its message listing them.
        spelled = value if "+" in value else super().convert(value, param, ctx)
        try:
            return FaceLanguages.parse(spelled)
        except FaceLanguageError as problem:
            self.fail(str(problem), param, ctx)


def lang_option(help: str, default: str | None = "en", faces: bool = False) -> Callable[[F], F]:
    """``--lang``: a language of templates/locale/; with ``faces``, also two joined by +
    (``de+en``) or both (French and English on each face), read into
    :class:`FaceLanguages`."""
    return click.option("--lang", type=Language(faces), default=default,
                        show_default=default is not None, help=help)


def typed_options(ctx: click.Context) -> tuple[str, ...]:
    """The options given on the command line (``--back-offset`` …), in the order they were
    given; -o, which says only where to write, left out."""
    options = {param.name for param in ctx.command.params
               if isinstance(param, click.Option) and param.name != "output"}
    return tuple(f"--{name.replace('_', '-')}" for name in ctx.params if name in options
                 and ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE)


def fallback_option() -> Callable[[F], F]:
    """``--fallback-en``: where a deck file gives no name or caption in the language
    asked, print its English one instead of refusing. Kept in the context's ``meta``,
    where :func:`cardgen.commands.common.usable_deck` reads it."""
    def remember(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
        ctx.meta[FALLBACK_EN] = value
        return value

    return click.option("--fallback-en", is_flag=True, expose_value=False, callback=remember,
                        help="Where the deck gives a card no name or caption in the "
                             "language asked, print its English text instead of stopping.")


#: The key of ``--fallback-en`` in the context's ``meta``.
FALLBACK_EN = "cardgen.fallback_en"


def fallback_en(ctx: click.Context | None) -> bool:
    """Whether ``--fallback-en`` was given to the command running in ``ctx``."""
    return bool(ctx is not None and ctx.find_root().meta.get(FALLBACK_EN))


def json_option(help: str = "Print JSON instead of a table.") -> Callable[[F], F]:
    return click.option("--json", "as_json", is_flag=True, help=help)


def players_option(help: str, default: int | None = None,
                   several: bool = False) -> Callable[[F], F]:
    """``--players N`` (2 to 10); with ``several``, a comma list like 3,5."""
    if several:
        return click.option("--players", callback=_player_counts, metavar="N[,N…]",
                            help=help)
    return click.option("--players", type=click.IntRange(2, 10), default=default,
                        show_default=default is not None, help=help)


def _player_counts(ctx: click.Context, param: click.Parameter,
                   value: str | None) -> tuple[int, ...] | None:
    if value is None:
        return None
    try:
        counts = tuple(dict.fromkeys(int(part) for part in value.split(",")))
    except ValueError:
        raise click.BadParameter(f"'{value}' is not a player count or a comma list of "
                                 "them, like 4 or 3,5") from None
    if any(not 2 <= n <= 10 for n in counts):
        raise click.BadParameter(f"'{value}': UNO is played by 2 to 10 players")
    return counts


def option_option(help: str = "Turn on an option (repeat for several; see `cardgen "
                  "options`).") -> Callable[[F], F]:
    """``--option NAME``, repeatable (``--rule``, its old name, still works); a name
    `cardgen options` does not list is refused with the nearest one."""
    return click.option("--option", "--rule", "option_names", multiple=True, metavar="NAME",
                        callback=_known_options, help=help)


def _known_options(ctx: click.Context, param: click.Parameter,
                   names: tuple[str, ...]) -> tuple[str, ...]:
    from cardgen.catalogue.option_facts import OPTION_FACTS

    for name in names:
        if name not in OPTION_FACTS:
            close = difflib.get_close_matches(name, list(OPTION_FACTS), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            # A command line that cannot be read: a usage error (exit 2), as for --players.
            raise click.BadParameter(f"unknown option '{name}'{hint}; `cardgen options` "
                                     "lists them", ctx, param)
    return names


#: The bots' strengths, weakest first, as the help texts name them (the names of
#: :data:`cardgen.play.players.PLAYERS`, not imported here to keep ``--help`` quick).
STRENGTHS = "random, easy, heuristic, canny, strong, expert"


def bots_option(name: str, help: str, default: str = "heuristic") -> Callable[[F], F]:
    """``--player`` or ``--bots``: a bot's strength (:data:`STRENGTHS`, search-N) or a
    comma list of them, in any case (`--bots Random`); an unknown name is refused before
    anything is played."""
    return click.option(name, default=default, show_default=True, help=help,
                        callback=_bot_names)


def _bot_names(ctx: click.Context, param: click.Parameter, value: str) -> str:
    from cardgen.play.players import player_names

    names = ",".join(part.strip().lower() for part in value.split(","))
    player_names(names)
    return names


def seed_option(help: str = "Seed of the run; game i is seeded with SEED:i.") -> Callable[[F], F]:
    return click.option("--seed", default="0", show_default=True, help=help)


def workers_option(help: str = "Processes to share the games (the results do not "
                   "change).") -> Callable[[F], F]:
    return click.option("--workers", type=click.IntRange(1, 64), default=os.cpu_count() or 1,
                        show_default="the number of cores", help=help)


def cluster_option(what: str = "the games") -> Callable[[F], F]:
    return click.option("--cluster", metavar="ADDRESS",
                        help=f"Play {what} on a Ray cluster: its address, ray://HOST:10001, "
                             "or 'local' (needs pip install 'cardgen[cluster]'; the results "
                             "do not change).")


def paper_option(help: str = "Paper size.") -> Callable[[F], F]:
    return click.option("--paper", type=DataChoice(_papers), default="a4",
                        show_default=True, help=help)


def _papers() -> tuple[str, ...]:
    from cardgen.render.layout import layout

    return tuple(layout().papers)


def large_print_option(help: str = "Set the rulebook in large print: the body at 16 pt, "
                       "headings, tables and card pictures in proportion.") -> Callable[[F], F]:
    """``--large-print``: the rulebook for readers with low vision (rulebook, build)."""
    return click.option("--large-print", "large_print", is_flag=True, help=help)


def color_shapes_option() -> Callable[[F], F]:
    """``--no-color-shapes``: the faces without each colour's shape (a deck file's
    ``color_shapes = false`` for one run)."""
    return click.option("--no-color-shapes", "no_color_shapes", is_flag=True,
                        help="Leave out the shape each colour shows beside the corner "
                        "indices and in the wild's quarters (colour alone).")


def low_ink_option() -> Callable[[F], F]:
    """``--low-ink``: white faces and backs for a home printer's cartridge."""
    return click.option("--low-ink", "low_ink", is_flag=True,
                        help="White faces and backs, the colours kept in the frames, "
                        "numbers and symbols: less than half the ink.")


def output_option(help: str, folder: bool = False,
                  callback: Callable[[click.Context, click.Parameter, Any], Any] | None = None
                  ) -> Callable[[F], F]:
    """``-o FILE`` (or ``-o FOLDER`` with ``folder``): where to write, never empty."""
    kind = OutputPath(file_okay=not folder, dir_okay=folder, path_type=Path)
    return click.option("-o", "--output", "output", type=kind, callback=callback, help=help)
