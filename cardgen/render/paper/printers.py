"""Printers remembered by name: the back offset and flip `--alignment-test` measured.

A printer lays the back of a sheet the same few tenths of a millimetre off every time,
so once measured, its ``--back-offset`` (and the ``--flip`` it was measured with) is
kept under a name the user chooses, in ``printers.toml`` of the user's configuration
folder (the one the system names for it, found by platformdirs; the environment variable
``CARDGEN_CONFIG_DIR`` names another, which the tests use). The file is rewritten whole
(a temporary file renamed into place), so an interrupted run leaves the old one.
"""

from __future__ import annotations

import math
import os
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.files.toml import read_toml_file, toml_string
from cardgen.outputs import atomic_path, prepare_folder
from cardgen.render.paper.imposition import Flip

#: The environment variable that names the configuration folder instead of the system's.
CONFIG_DIR_VARIABLE = "CARDGEN_CONFIG_DIR"
FILE_NAME = "printers.toml"
FLIPS = ("long", "short")
#: A printer's name: what a user types after --printer, kept short and on one line.
MAX_NAME = 40


@dataclass(frozen=True)
class Printer:
    """One printer as measured: the shift to give its backs, and the edge it flips."""

    name: str
    back_offset_mm: tuple[float, float]
    flip: Flip

    def options(self) -> str:
        """The options this printer stands for, as a user would type them."""
        x, y = self.back_offset_mm
        return f"--back-offset {x:g},{y:g} --flip {self.flip}"

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "back_offset_mm": list(self.back_offset_mm),
                "flip": self.flip}


def config_folder() -> Path:
    """The folder of cardgen's configuration for this user."""
    chosen = os.environ.get(CONFIG_DIR_VARIABLE)
    if chosen:
        return Path(chosen)
    import platformdirs  # only for the commands that keep printers

    return Path(platformdirs.user_config_dir("cardgen", appauthor=False))


def printers_file() -> Path:
    return config_folder() / FILE_NAME


#: Unicode categories a name may not hold: control characters, line and paragraph
#: separators, lone surrogates. Format characters (a right-to-left mark, the joiner of an
#: emoji sequence) are part of a name in some scripts, and kept.
_REFUSED = ("Cc", "Cs", "Zl", "Zp")


def check_name(name: str) -> str:
    """``name`` if it can name a printer; else one line saying what to give."""
    if (not name.strip() or len(name) > MAX_NAME
            or any(unicodedata.category(c) in _REFUSED for c in name)):
        shown = "".join(f"\\u{ord(c):04X}" if unicodedata.category(c) in _REFUSED else c
                        for c in name[:MAX_NAME + 10])
        raise CardgenError(f"--printer '{shown}': give a printer a name of 1 to {MAX_NAME} "
                           "characters on one line, without control characters, like "
                           "office or home-laser")
    return name


def load_printers(path: Path | None = None) -> dict[str, Printer]:
    """The printers kept in ``path`` (the user's file by default); none if it is absent.
    A file that is not what cardgen writes is one line naming it and what to do."""
    path = path or printers_file()
    if not path.exists():
        return {}
    try:
        data = read_toml_file(path, str(path), "printers file")
    except CardgenError as exc:
        raise _corrupt(path, str(exc).removeprefix(f"{path}: ")) from None
    table = data.get("printer", {})
    printers = {}
    if set(data) - {"printer"} or not isinstance(table, dict):
        raise _corrupt(path, "it holds more than [printer.NAME] tables")
    for name, entry in table.items():
        if (not isinstance(entry, dict) or set(entry) != {"back_offset_mm", "flip"}
                or entry["flip"] not in FLIPS or not _offset(entry["back_offset_mm"])):
            raise _corrupt(path, f"printer '{name}' is not a back_offset_mm = [X, Y] and a "
                           "flip = \"long\" or \"short\"")
        printers[name] = Printer(name, (entry["back_offset_mm"][0], entry["back_offset_mm"][1]),
                                 entry["flip"])
    return printers


def _offset(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool)
                    and math.isfinite(v) for v in value))


def _corrupt(path: Path, problem: str) -> CardgenError:
    return CardgenError(f"{path}: not a printers file cardgen can read ({problem}); "
                        "correct it, or delete it and measure your printers again with "
                        "`cardgen sheets --alignment-test`")


def save_printers(printers: dict[str, Printer], path: Path | None = None) -> Path:
    """Write every printer of ``printers`` to ``path`` (all or nothing), sorted by name."""
    path = path or printers_file()
    prepare_folder(path.parent)
    lines = ["# The printers cardgen remembers: `cardgen sheets --printer NAME` applies",
             "# one, `cardgen printers` lists them. Written by cardgen; safe to edit.", ""]
    for name in sorted(printers):
        printer = printers[name]
        x, y = printer.back_offset_mm
        lines += [f"[printer.{toml_string(name)}]", f"back_offset_mm = [{x!r}, {y!r}]",
                  f"flip = {toml_string(printer.flip)}", ""]
    with atomic_path(path) as temp:
        temp.write_text("\n".join(lines), encoding="utf-8")
    return path


def remember(printer: Printer) -> tuple[Printer | None, Path]:
    """Keep ``printer`` (replacing one of that name); the one it replaced, and the file."""
    printers = load_printers()
    before = printers.get(printer.name)
    printers[printer.name] = printer
    return before, save_printers(printers)


def recall(name: str) -> Printer:
    """The printer kept as ``name``; an error naming the kept ones if there is none."""
    printers = load_printers()
    if name not in printers:
        kept = f"; kept: {', '.join(sorted(printers))}" if printers else ""
        raise CardgenError(f"no printer '{name}' is kept{kept}. Measure it with `cardgen "
                           "sheets --alignment-test`, then give `--back-offset X,Y "
                           f"--printer {name}` once to keep it")
    return printers[name]


def forget(name: str) -> Path:
    """Drop the printer ``name``; an error if none is kept under that name."""
    printers = load_printers()
    recall(name)  # says which printers there are when the name is not one
    del printers[name]
    return save_printers(printers)
