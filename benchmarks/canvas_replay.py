"""The floor of `cardgen sheets`: reportlab alone making the same PDF.

Run by benchmarks/sheets.py in a fresh interpreter, like the command: it imports
reportlab's canvas and nothing of cardgen, registers the fonts the drawing uses, and
replays the canvas calls that `cardgen sheets` made (recorded by sheets.py), so it
draws the same cards and marks into the same bytes. What the command takes beyond this
is cardgen's own cost: its imports, reading the deck, laying out and fitting text.

    python benchmarks/canvas_replay.py RECORDING.pickle OUT.pdf
"""

import pickle
import sys

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas


def main() -> None:
    with open(sys.argv[1], "rb") as handle:
        recording = pickle.load(handle)
    for name, path in recording["fonts"].items():
        pdfmetrics.registerFont(TTFont(name, path))
    rl_config.useA85 = 0
    objects = {0: Canvas(sys.argv[2], **recording["canvas"])}
    for target, method, args, kwargs, refs, result in recording["calls"]:
        args = [objects[arg] if index in refs else arg for index, arg in enumerate(args)]
        value = getattr(objects[target], method)(*args, **kwargs)
        if result is not None:
            objects[result] = value


if __name__ == "__main__":
    main()
