"""How long the sheets take and how big they are (run: python benchmarks/sheets.py).

Prints, for the whole Unplugged deck with backs and for its specials alone: the time
to render in this process (best of 5), the PDF's size, and the size with reportlab's
default ASCII85 wrapping as a reference made in the same run; then the time of the
whole `cardgen sheets` command, interpreter start-up included. Targets from the
issue: well under a second for the whole command, under 1 MB for the PDF.
"""

from __future__ import annotations

import time

from command_timing import command_time
from reportlab import rl_config

from cardgen.decks import load_deck
from cardgen.render import sheets
from cardgen.render.sheets import SheetOptions, render_sheets


def best_of(runs: int, options: SheetOptions) -> tuple[float, int]:
    deck = load_deck("unplugged")
    render_sheets(deck, options)  # fonts and data loaded once, as in a real run
    times, size = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        size = len(render_sheets(deck, options))
        times.append(time.perf_counter() - start)
    return min(times), size


def size_with_ascii85(options: SheetOptions) -> int:
    """The same PDF with reportlab's default ASCII85 stream wrapping."""
    original = sheets._binary_streams
    saved = rl_config.useA85

    class _Keep:
        def __enter__(self) -> None:
            rl_config.useA85 = 1

        def __exit__(self, *exc: object) -> None:
            rl_config.useA85 = saved

    sheets._binary_streams = _Keep  # type: ignore[assignment]
    try:
        return len(render_sheets(load_deck("unplugged"), options))
    finally:
        sheets._binary_streams = original


def main() -> None:
    cases = {
        "unplugged, all 145 cards, with backs": SheetOptions(backs=True),
        "unplugged, 36 specials": SheetOptions(only="specials"),
    }
    for label, options in cases.items():
        seconds, size = best_of(5, options)
        a85 = size_with_ascii85(options)
        print(f"{label}: render {seconds * 1000:.0f} ms, {size / 1024:.0f} kB "
              f"(with ASCII85: {a85 / 1024:.0f} kB, {a85 / size:.2f}x)")
    whole = command_time(["sheets", "unplugged", "--backs"])
    print(f"`cardgen sheets unplugged --backs` as a command: {whole * 1000:.0f} ms")


if __name__ == "__main__":
    main()
