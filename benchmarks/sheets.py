"""`cardgen sheets` against its floor (run: python benchmarks/sheets.py [--runs N] [--smoke]).

The floor is reportlab alone making the same PDF in a fresh interpreter
(benchmarks/canvas_replay.py): every canvas call the command makes is recorded here,
in this process (benchmarks/canvas_recording.py), and replayed there with nothing of
cardgen imported; the replayed PDF must hold the same objects as the command's (but for
the names of the font subsets), so both draw the same cards and marks. The
command and its floor run alternately, whole processes, interpreter start-up included;
the figures are medians. The issue's aim: the command within 1.6x its floor. The
command as it was at --against REV (by default the code before issue 12) is timed in
the same rounds, for comparison.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import pickle
import re
import sys
import tempfile
import zlib
from pathlib import Path

from canvas_recording import recording
from command_timing import CARDGEN, ENV, REFERENCE, Timing, checkout, has_revision, medians, timed

from cardgen.cli import main as cardgen_main

HERE = Path(__file__).resolve().parent
#: (deck, options) of the cases measured
CASES = [("classic", []), ("unplugged", []), ("unplugged", ["--backs"])]
PDF_OBJECT = re.compile(rb"\n\d+ 0 obj\n(.*?)\nendobj", re.S)
SUBSET_NAME = re.compile(rb"\b[A-Z]{6}\+")


def record(args: list[str], out: Path, recording_file: Path) -> None:
    """Run `cardgen sheets ARGS` here, logging its calls to reportlab's canvas into
    ``recording_file``."""
    with recording() as log, contextlib.redirect_stdout(io.StringIO()):
        cardgen_main(["sheets", *args, "-o", str(out)], standalone_mode=False)
    if not any(method == "__init__" and target == "Canvas" for target, method, *_ in log.calls):
        raise SystemExit(f"`cardgen sheets {' '.join(args)}` made no canvas that was seen")
    recording_file.write_bytes(pickle.dumps({"fonts": log.fonts, "calls": log.calls}))


def drawn(pdf: bytes) -> list[bytes]:
    """The PDF's objects, streams decompressed, without their lengths and with the
    subset names left out: cardgen names its font subsets after what they hold
    (cardgen/typography.py), reportlab alone names them all AAAAAA+."""
    objects = []
    for body in PDF_OBJECT.findall(pdf):
        head, is_stream, data = body.partition(b"stream\n")
        if is_stream and b"/FlateDecode" in head:
            data = zlib.decompressobj().decompress(data)
        objects.append(SUBSET_NAME.sub(b"+", re.sub(rb"/Length \d+", b"", head) + data))
    return objects


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5, help="runs of each (median)")
    parser.add_argument("--against", default=REFERENCE,
                        help="git revision whose command is timed alongside, for comparison")
    parser.add_argument("--smoke", action="store_true",
                        help="one run of the classic deck: the benchmark works, no figures")
    given = parser.parse_args()
    runs, cases = (1, CASES[:1]) if given.smoke else (given.runs, CASES)
    against = given.against if has_revision(given.against) else None
    if against is None:
        print(f"{given.against} is not in this clone: the command as it was is not timed")
    print(f"whole processes, median of {runs} alternating runs; wall time (user CPU)")
    with tempfile.TemporaryDirectory() as folder:
        old_env = against and {**ENV, "PYTHONPATH": str(checkout(against, Path(folder) / "old"))}
        for deck, flags in cases:
            base = Path(folder) / f"{deck}{''.join(flags)}"
            recording, made, floor_pdf = (base.with_suffix(s) for s in (".pickle", ".rec.pdf",
                                                                         ".floor.pdf"))
            record([deck, *flags], made, recording)
            command = [*CARDGEN, "sheets", deck, *flags, "-o", str(base.with_suffix(".pdf"))]
            floor = [sys.executable, str(HERE / "canvas_replay.py"), str(recording),
                     str(floor_pdf)]
            old = [*command[:-1], str(base.with_suffix(".old.pdf"))]
            timings = {"command": lambda c=command: timed(c), "floor": lambda f=floor: timed(f)}
            if old_env:
                timings["old"] = lambda o=old, e=old_env: timed(o, e)
            found: dict[str, Timing] = medians(runs, timings)
            if made.read_bytes() != base.with_suffix(".pdf").read_bytes():
                raise SystemExit(f"{deck}: the command made another PDF when recorded")
            if drawn(floor_pdf.read_bytes()) != drawn(made.read_bytes()):
                raise SystemExit(f"{deck}: the floor did not draw the command's PDF")
            cmd, ref = found["command"], found["floor"]
            print(f"`cardgen sheets {' '.join([deck, *flags])}`: {cmd.wall * 1000:.0f} ms "
                  f"({cmd.user * 1000:.0f} ms); reportlab alone: {ref.wall * 1000:.0f} ms "
                  f"({ref.user * 1000:.0f} ms); ratio {cmd.wall / ref.wall:.2f}x "
                  f"(user CPU {cmd.user / ref.user:.2f}x); {made.stat().st_size / 1024:.0f} kB",
                  end="")
            if "old" in found:
                before = found["old"]
                print(f"; at {against}: {before.wall * 1000:.0f} ms "
                      f"({before.user * 1000:.0f} ms), "
                      f"{base.with_suffix('.old.pdf').stat().st_size / 1024:.0f} kB", end="")
            print()


if __name__ == "__main__":
    main()
