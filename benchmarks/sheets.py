"""`cardgen sheets` against its floor (run: python benchmarks/sheets.py [--runs N]).

The floor is reportlab alone making the same PDF in a fresh interpreter
(benchmarks/canvas_replay.py): every canvas call the command makes is recorded here,
in this process, and replayed there with nothing of cardgen imported; the replayed PDF
must be byte-identical to the command's, so both draw the same cards and marks. The
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
import sys
import tempfile
from itertools import count
from pathlib import Path
from typing import Any

from command_timing import CARDGEN, ENV, REFERENCE, Timing, checkout, medians, timed

from cardgen.cli import main as cardgen_main
from cardgen.render.paper import sheets
from cardgen.typography import FONT_FILES, font_path

HERE = Path(__file__).resolve().parent
#: (deck, options) of the cases measured
CASES = [("classic", []), ("unplugged", []), ("unplugged", ["--backs"])]


class Recorder:
    """Forwards every call to a reportlab object and logs it; objects that calls return
    (paths, text objects) are wrapped too, so their calls are logged by reference."""

    def __init__(self, target: Any, calls: list[Any], ids: Any) -> None:
        self._target, self._calls, self._ids = target, calls, ids
        self._id = next(ids)

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._target, name)
        if not callable(method):
            return method

        def call(*args: Any, **kwargs: Any) -> Any:
            refs = [i for i, arg in enumerate(args) if isinstance(arg, Recorder)]
            real = [arg._target if isinstance(arg, Recorder) else arg for arg in args]
            logged = [arg._id if isinstance(arg, Recorder) else arg for arg in args]
            value = method(*real, **kwargs)
            entry = [self._id, name, logged, kwargs, refs, None]
            self._calls.append(entry)
            if name in ("beginPath", "beginText"):
                wrapped = Recorder(value, self._calls, self._ids)
                entry[5] = wrapped._id
                return wrapped
            return value

        return call


def record(args: list[str], out: Path, recording: Path) -> None:
    """Run `cardgen sheets ARGS` here, logging its canvas calls into ``recording``."""
    made: dict[str, Any] = {}
    canvas_class = sheets.Canvas

    def recording_canvas(target: Any, **kwargs: Any) -> Recorder:
        made["canvas"] = kwargs
        made["calls"] = []
        return Recorder(canvas_class(target, **kwargs), made["calls"], count())

    sheets.Canvas = recording_canvas  # type: ignore[assignment,misc]
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            cardgen_main(["sheets", *args, "-o", str(out)], standalone_mode=False)
    finally:
        sheets.Canvas = canvas_class  # type: ignore[misc]
    fonts = {made["canvas"].get("initialFontName", "Sans")} | {
        args[0] for _, name, args, _, _, _ in made["calls"] if name == "setFont"}
    made["fonts"] = {name: str(font_path(FONT_FILES[name])) for name in sorted(fonts)}
    recording.write_bytes(pickle.dumps(made))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5, help="runs of each (median)")
    parser.add_argument("--against", default=REFERENCE,
                        help="git revision whose command is timed alongside, for comparison")
    given = parser.parse_args()
    runs = given.runs
    print(f"whole processes, median of {runs} alternating runs; wall time (user CPU)")
    with tempfile.TemporaryDirectory() as folder:
        old_env = {**ENV, "PYTHONPATH": str(checkout(given.against, Path(folder) / "old"))}
        for deck, flags in CASES:
            base = Path(folder) / f"{deck}{''.join(flags)}"
            recording, made, floor_pdf = (base.with_suffix(s) for s in (".pickle", ".rec.pdf",
                                                                         ".floor.pdf"))
            record([deck, *flags], made, recording)
            command = [*CARDGEN, "sheets", deck, *flags, "-o", str(base.with_suffix(".pdf"))]
            floor = [sys.executable, str(HERE / "canvas_replay.py"), str(recording),
                     str(floor_pdf)]
            old = [*command[:-1], str(base.with_suffix(".old.pdf"))]
            found: dict[str, Timing] = medians(runs, {
                "command": lambda c=command: timed(c), "floor": lambda f=floor: timed(f),
                "old": lambda o=old: timed(o, old_env)})
            if not (made.read_bytes() == floor_pdf.read_bytes()
                    == base.with_suffix(".pdf").read_bytes()):
                raise SystemExit(f"{deck}: the floor did not make the command's PDF")
            cmd, ref, before = found["command"], found["floor"], found["old"]
            print(f"`cardgen sheets {' '.join([deck, *flags])}`: {cmd.wall * 1000:.0f} ms "
                  f"({cmd.user * 1000:.0f} ms); reportlab alone: {ref.wall * 1000:.0f} ms "
                  f"({ref.user * 1000:.0f} ms); ratio {cmd.wall / ref.wall:.2f}x "
                  f"(user CPU {cmd.user / ref.user:.2f}x); "
                  f"{made.stat().st_size / 1024:.0f} kB; at {given.against}: "
                  f"{before.wall * 1000:.0f} ms ({before.user * 1000:.0f} ms), "
                  f"{base.with_suffix('.old.pdf').stat().st_size / 1024:.0f} kB")


if __name__ == "__main__":
    main()
