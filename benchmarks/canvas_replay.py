"""The floor of `cardgen sheets`: reportlab alone making the same PDF.

Run by benchmarks/sheets.py in a fresh interpreter, like the command: it imports
reportlab's canvas and nothing of cardgen, registers the fonts the drawing uses, and
replays the calls to reportlab's canvas, path and text objects that `cardgen sheets`
made (recorded by benchmarks/canvas_recording.py), so it draws the same cards and marks.
What the command takes beyond this is cardgen's own cost: its imports, reading the deck,
laying out and fitting text.

    python benchmarks/canvas_replay.py RECORDING.pickle OUT.pdf
"""

import pickle
import sys

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.pdfgen.textobject import PDFTextObject

#: the names benchmarks/canvas_recording.py gives the classes and its arguments
CLASSES = {"Canvas": Canvas, "PDFPathObject": PDFPathObject, "PDFTextObject": PDFTextObject}
REF, OUTPUT = "\0ref", ("\0output",)


def main() -> None:
    with open(sys.argv[1], "rb") as handle:
        recording = pickle.load(handle)
    for name, path in recording["fonts"].items():
        pdfmetrics.registerFont(TTFont(name, path))
    rl_config.useA85 = 0
    objects: list = []

    def real(arg):
        if arg == OUTPUT:
            return sys.argv[2]
        if type(arg) is tuple and len(arg) == 2 and arg[0] == REF:
            return objects[arg[1]]
        return arg

    for target, method, args, kwargs, result in recording["calls"]:
        args = [real(arg) for arg in args]
        kwargs = {key: real(value) for key, value in kwargs.items()}
        if method == "__init__":
            value = CLASSES[target](*args, **kwargs)
        else:
            value = getattr(objects[target], method)(*args, **kwargs)
        if result is not None and result == len(objects):
            objects.append(value)


if __name__ == "__main__":
    main()
