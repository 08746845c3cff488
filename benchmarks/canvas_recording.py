"""Records what a piece of code asks of reportlab's canvas, for benchmarks/canvas_replay.py.

The calls are caught on reportlab's own classes (its Canvas, path and text objects),
not on a name in cardgen's modules, so they are caught however cardgen reaches the
canvas (a default argument bound at import, a subclass chosen at run time). Only the
outermost calls are logged: what reportlab does inside one of them (drawString making a
text object) is reportlab's, and the replay does it again. A canvas of a subclass
(the outlined text of a print shop's file) is not reportlab alone: it is refused.

    with recording() as log:
        run the code
    log.calls, log.fonts  # what canvas_replay.py replays
"""

from __future__ import annotations

import contextlib
import functools
import inspect
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.pdfgen.textobject import PDFTextObject

#: the classes whose calls are logged, by the name canvas_replay.py makes them by
TRACKED = {Canvas: "Canvas", PDFPathObject: "PDFPathObject", PDFTextObject: "PDFTextObject"}
#: an argument that is a logged object, (REF, its number), or the canvas's output file
REF, OUTPUT = "\0ref", ("\0output",)


@dataclass
class Log:
    #: (target number or class name, method, args, kwargs, number of the object returned)
    calls: list[tuple[Any, str, tuple[Any, ...], dict[str, Any], int | None]] = \
        field(default_factory=list)
    #: the TrueType fonts the drawing sets: name -> file
    fonts: dict[str, str] = field(default_factory=dict)
    numbers: dict[int, int] = field(default_factory=dict)  # id(object) -> its number
    alive: list[Any] = field(default_factory=list)  # keeps the ids above unique
    depth: int = 0

    def number(self, thing: Any) -> int:
        if id(thing) not in self.numbers:
            self.numbers[id(thing)] = len(self.alive)
            self.alive.append(thing)
        return self.numbers[id(thing)]

    def plain(self, value: Any) -> Any:
        if type(value) in TRACKED and id(value) in self.numbers:
            return (REF, self.numbers[id(value)])
        return value

    def note_font(self, name: Any) -> None:
        font = pdfmetrics.getFont(name)
        if isinstance(font, TTFont):  # reportlab's standard fonts need no file
            self.fonts[name] = font.face.filename


def _logging(log: Log, method: Any, name: str) -> Any:
    @functools.wraps(method)
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        if log.depth:
            return method(self, *args, **kwargs)
        if type(self) not in TRACKED:
            raise SystemExit(f"the drawing uses {type(self).__qualname__}, not reportlab's "
                             "own classes: reportlab alone cannot replay it")
        if name == "__init__":
            target: Any = TRACKED[type(self)]
            logged = (OUTPUT, *args[1:]) if type(self) is Canvas else \
                tuple(log.plain(arg) for arg in args)
            if "initialFontName" in kwargs:
                log.note_font(kwargs["initialFontName"])
        else:
            target = log.numbers[id(self)]
            logged = tuple(log.plain(arg) for arg in args)
        plain_kwargs = {key: log.plain(value) for key, value in kwargs.items()}
        log.depth += 1
        try:
            value = method(self, *args, **kwargs)
        finally:
            log.depth -= 1
        made = self if name == "__init__" else value
        result = log.number(made) if type(made) in TRACKED else None
        if name in ("setFont", "setFontAndSize"):
            log.note_font(args[0] if args else kwargs["psfontname"])
        log.calls.append((target, name, logged, plain_kwargs, result))
        return value

    return call


@contextlib.contextmanager
def recording() -> Iterator[Log]:
    """Log every outermost call made to reportlab's canvas, path and text objects."""
    log = Log()
    saved: list[tuple[type, str, Any]] = []
    for cls in TRACKED:
        for name in {n for k in cls.__mro__[:-1] for n in vars(k)}:
            raw = inspect.getattr_static(cls, name)  # a plain function: a method
            if inspect.isfunction(raw) and (name == "__init__" or not name.startswith("_")):
                saved.append((cls, name, vars(cls).get(name)))
                setattr(cls, name, _logging(log, raw, name))
    try:
        yield log
    finally:
        for cls, name, original in saved:
            if original is None:
                delattr(cls, name)
            else:
                setattr(cls, name, original)
