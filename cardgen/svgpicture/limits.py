"""How much one SVG picture may ask of cardgen, with the measurements behind each cap.

A picture comes from strangers (a deck shared as a zip) and svglib, which turns it into
a drawing, does whatever the file asks: it copies a ``<use>`` target as often as it is
named, sets every positioned glyph apart, matches every style rule against every shape.
The caps below keep any picture to about two seconds and a couple of hundred MB, in
every command; a picture over one is refused, with the cap, before svglib starts.

Measured with svglib 2.3.2 and reportlab 5.1 (convert, then draw once into a PDF):
5,000 rects take 1.0 s, 5,000 paths 1.3 s, 5,000 groups 1.5 s, 5,000 tspans 3.0 s,
5,000 glyphs each with its own x 1.3 s; 10,000 style selectors against 1,000 shapes 9.3 s.
"""

from __future__ import annotations

#: The largest picture file cardgen reads, and the most all the files one SVG picture
#: pulls in (itself, the SVG and bitmap files it refers to) may add up to.
MAX_PICTURE_BYTES = 20_000_000

#: The largest bitmap cardgen decodes, in pixels: a face printed at 600 dpi needs about
#: 1300 x 1900, a photo from a phone about 12 million; a "decompression bomb" (a few
#: kilobytes of PNG) has billions. For an SVG picture, the bitmaps it draws, each
#: counted as often as its <use> copies draw it.
MAX_PICTURE_PIXELS = 40_000_000

# The work of a picture is held to one budget, about 1.5 s of converting and drawing
# it once: each of the four measures below alone may take all of it, and a picture
# that has some of each takes its share of each (half the shapes and half the path
# data, say). Measured per unit, convert, checks and one drawing into a PDF, on a
# busy machine of two cores: a rect 0.5 ms, a tspan of one glyph 0.8 ms (two shapes);
# a character of arcs 8.8 µs (of straight lines 3.2 µs); a style selector tried
# on a shape 1 µs; an attribute looked up through a shape's parents 0.2 µs.

#: Shapes (every element, and each glyph of a text: svglib sets a glyph with its own
#: x or y as a string of its own) once every <use> is expanded into a copy.
MAX_SHAPES = 3_000

#: Characters of path data (``d`` and ``points``) once the <use> copies are made.
MAX_PATH_DATA = 150_000

#: Style selectors times shapes: cssselect2 tries each selector of a <style> on each
#: shape (a rule's selectors counted by their commas).
MAX_STYLE_WORK = 500_000

#: Attributes (a style's declarations each counted) times the shapes under them: svglib
#: looks an inherited attribute up through every parent, a scan of its attributes each
#: (twenty nested groups of a thousand style declarations over 1,000 shapes took 3.5 s).
MAX_ATTRIBUTE_SPREAD = 5_000_000

#: How deep shapes nest, <use> copies included: svglib, reportlab and the checks walk
#: a drawing recursively, three or four Python calls a level; real drawings nest a
#: dozen levels, and 50 keeps far under Python's recursion limit.
MAX_DEPTH = 50

#: The largest number a drawing may hold, and its composed transforms reach, in
#: points: 1e7 pt is 3.5 km. reportlab cannot write a number of 1e21 or more into a
#: PDF, and writes "nan" and "inf" as they are, which a PDF reader cannot read.
MAX_COORDINATE = 1e7
#: The smallest size of a picture, in points: one of 1e-300 is scaled up a million
#: billion billion times to fill its box.
MIN_SIZE = 0.01
