"""`cardgen build`: every built-in deck's printable outputs, in one folder."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from cardgen.catalogue.locale import languages
from cardgen.deck.load import builtin_names, load_deck
from cardgen.outputs import prepare_folder, write_atomic
from cardgen.pools import start_pool
from cardgen.render.paper.options import SheetOptions
from cardgen.render.paper.sheets import has_specials, sheets_filename, write_sheets
from cardgen.rulebook import rulebook_filename, write_rulebook


def card_list_json(deck_ref: str) -> bytes:
    """The deck's card list as JSON, for spreadsheets and other tools."""
    deck = load_deck(deck_ref)
    rows = [
        {"id": card.id, "count": count, "points": card.points, "color": card.color,
         "name": card.name.as_dict(), "caption": card.caption.as_dict()}
        for card, count in deck.card_list()
    ]
    return (json.dumps(rows, ensure_ascii=False, indent=1) + "\n").encode()


#: One output of a build: what to write ("cards", "rulebook" or "sheets"), the deck, and
#: the language of a rulebook or the part of the deck on the sheets ("all", "specials").
Job = tuple[str, str, str]


@dataclass(frozen=True)
class BuildSettings:
    out: Path
    paper: str = "a4"
    large_print: bool = False
    color_shapes: bool = True


def build_jobs() -> list[Job]:
    """Every output of a build, in the order the command names them."""
    jobs: list[Job] = []
    for name in builtin_names():
        jobs.append(("cards", name, ""))
        jobs += [("rulebook", name, lang) for lang in languages()]
        # Full sheets, and the specials alone where a standard box lacks some.
        jobs.append(("sheets", name, "all"))
        if has_specials(load_deck(name)):
            jobs.append(("sheets", name, "specials"))
    return jobs


def build_all(settings: BuildSettings, workers: int = 1) -> Iterator[Path]:
    """Write every built-in deck's outputs into ``settings.out``, sheets and rulebooks on
    its paper, the rulebooks in large print if asked; yield each path once it is
    written (in the order of :func:`build_jobs`, however many ``workers`` share them),
    so the command can say so as it goes."""
    prepare_folder(settings.out)
    jobs = build_jobs()
    if workers <= 1:
        _start_worker(settings)
        yield from map(_write, jobs)
        return
    with start_pool(min(workers, len(jobs)), _start_worker, settings) as pool:
        # One job at a time: a rulebook takes a second or more, the round trip nothing.
        yield from pool.imap(_write, jobs, chunksize=1)


_settings: list[BuildSettings] = []


def _start_worker(settings: BuildSettings) -> None:
    _settings[:] = [settings]


def _write(job: Job) -> Path:
    from cardgen.render.colour import FaceStyle, face_style

    settings = _settings[0]
    what, name, part = job
    if what == "cards":
        path = settings.out / f"{name}-cards.json"
        write_atomic(path, card_list_json(name))
        return path
    deck = load_deck(name)
    # The built-in decks all show their shapes: the switch alone turns them off.
    with face_style(FaceStyle(color_shapes=settings.color_shapes)):
        if what == "rulebook":
            return write_rulebook(deck, part, settings.out / rulebook_filename(
                deck, part, settings.large_print), settings.paper, settings.large_print)
        options = SheetOptions(paper=settings.paper, only="specials" if part == "specials"
                               else "all")
        return write_sheets(deck, settings.out / sheets_filename(deck, options), options)
