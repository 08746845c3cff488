"""How long the rulebooks take (run: python benchmarks/rulebook.py [--smoke]).

Prints, for every built-in deck in both languages, the time to render its rulebook in
this process (best of 3), its pages and its size; the total for all of them (the
issue's target: a couple of seconds); and, as a reference made in the same run, the
time of the same deck's print-and-cut sheets, which draw every face of the deck once
as the rulebook's gallery does. Last, the whole `cardgen rulebook` command, interpreter
start-up included.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from io import BytesIO

from command_timing import command_time
from pypdf import PdfReader

from cardgen.deck.load import builtin_names, load_deck
from cardgen.render.paper.sheets import SheetOptions, render_sheets
from cardgen.rulebook import LANGS, rulebook_pdf


def best_of(runs: int, make: Callable[[], bytes]) -> tuple[float, bytes]:
    make()  # fonts, templates and data loaded once, as in a real run
    times, result = [], b""
    for _ in range(runs):
        start = time.perf_counter()
        result = make()
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true",
                        help="tiny sizes, a few seconds: the benchmark works, no figures")
    smoke = parser.parse_args().smoke
    # the smoke run: one deck in one language, once
    names, langs, runs = (["classic"], LANGS[:1], 1) if smoke else (builtin_names(), LANGS, 3)
    total = 0.0
    for name in names:
        deck = load_deck(name)
        sheets, _ = best_of(runs, lambda deck=deck: render_sheets(deck, SheetOptions()))
        for lang in langs:
            seconds, pdf = best_of(runs, lambda deck=deck, lang=lang: rulebook_pdf(deck, lang))
            total += seconds
            pages = len(PdfReader(BytesIO(pdf)).pages)
            print(f"{name:>10} {lang}: {seconds * 1000:5.0f} ms, {pages} pages, "
                  f"{len(pdf) / 1024:4.0f} kB  ({seconds / sheets:.1f}x the deck's sheets, "
                  f"{sheets * 1000:.0f} ms)")
    print(f"all {len(names) * len(langs)} rulebooks: {total:.2f} s")
    whole = command_time(["rulebook", "unplugged", "--lang", "fr"])
    print(f"`cardgen rulebook unplugged --lang fr` as a command: {whole * 1000:.0f} ms")


if __name__ == "__main__":
    main()
