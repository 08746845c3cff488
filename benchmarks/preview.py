"""How long `cardgen preview` takes for one card (run: python benchmarks/preview.py).

Two figures, medians of --runs: the whole command in a fresh interpreter (imports, the
deck read and checked, the face drawn and rasterised, the PNG written), wall and user
CPU time; and the work itself in a warm process, the deck read, drawn and written again
as `cardgen watch` does after each change. The aim: well under a second.

    python benchmarks/preview.py [--deck examples/night-train.toml] [--card tunnel] [--smoke]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from command_timing import CARDGEN, ROOT, medians, timed

from cardgen.deck.load import load_deck
from cardgen.render.preview import preview_cards, write_preview


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deck", default=str(ROOT / "examples" / "night-train.toml"))
    parser.add_argument("--card", default="tunnel")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--smoke", action="store_true",
                        help="tiny sizes, a few seconds: the benchmark works, no figures")
    args = parser.parse_args()
    if args.smoke:
        args.runs = 1
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "one.png"
        command = [*CARDGEN, "preview", args.deck, args.card, "--no-open", "-o", str(out)]
        whole = medians(args.runs, {"command": lambda: timed(command)})["command"]
        warm = []
        for _ in range(args.runs + 1):
            start = time.perf_counter()
            deck = load_deck(args.deck)
            write_preview(preview_cards(deck, [args.card]), out)
            warm.append(time.perf_counter() - start)
        print(f"cardgen preview {Path(args.deck).name} {args.card}, one card, "
              f"medians of {args.runs}:")
        print(f"  whole command:     {whole.wall:.3f} s wall, {whole.user:.3f} s user CPU")
        print(f"  in a warm process: {statistics.median(warm[1:]):.3f} s "
              f"(first, fonts read: {warm[0]:.3f} s)")


if __name__ == "__main__":
    main()
