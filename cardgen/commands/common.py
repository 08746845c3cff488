"""What the commands share besides their options: reading a deck a command can use, the
style its faces are drawn in, and the ``--size WxH`` callback."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

import click

from cardgen.commands.params import fallback_en
from cardgen.errors import CardgenError

if TYPE_CHECKING:  # the deck and its checks are imported when a command reads one
    from cardgen.catalogue.face_languages import FaceLanguages
    from cardgen.deck.load import Deck
    from cardgen.render.layout import CardSize


def usable_deck(ref: str, players: int | None, lang: FaceLanguages | None = None) -> Deck:
    """A deck with no errors for this many players, or the first error as a CardgenError;
    with ``lang``, able to say every word in it (or with English standing in, under
    ``--fallback-en``), else a CardgenError naming what is missing."""
    from cardgen.check import check_deck
    from cardgen.deck.languages import deck_in
    from cardgen.deck.load import load_deck

    deck = load_deck(ref)
    if lang is not None:
        deck = deck_in(deck, lang, fallback_en(click.get_current_context(silent=True)),
                       note=lambda line: click.echo(line, err=True))
    report = check_deck(deck, players)
    if not report.valid:
        more = len(report.errors) - 1
        suffix = f" (and {more} more problem(s): run `cardgen check {ref}`)" if more else ""
        raise CardgenError(report.errors[0].message + suffix)
    for warning in report.warnings:  # printed anyway; on stderr, so --json stays clean
        click.echo(f"warning: {warning.message}", err=True)
    return deck


def deck_faces(deck: Deck, no_color_shapes: bool = False, low_ink: bool = False
               ) -> AbstractContextManager[None]:
    """The style ``deck``'s faces are drawn in within this block: its colour shapes
    unless the deck file or ``--no-color-shapes`` leaves them out, low ink or not."""
    from cardgen.render.colour import FaceStyle, face_style  # reportlab: when drawing

    return face_style(FaceStyle(color_shapes=deck.color_shapes and not no_color_shapes,
                                low_ink=low_ink))


def design_size_name() -> str:
    """The default of a ``--size WxH`` option: the size the faces are designed at."""
    from cardgen.render.layout import design_size

    return design_size().name


def card_size(ctx: click.Context, param: click.Parameter, value: str) -> CardSize:
    """The callback of a ``--size WxH`` option."""
    from cardgen.render.layout import parse_card_size

    try:
        return parse_card_size(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
