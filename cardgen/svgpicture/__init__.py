"""SVG pictures of a deck, read inside the deck's folder and within a budget, then drawn.

A deck shared by strangers names its pictures; an SVG picture names more files, and
asks svglib for as much work as it likes. Each step has its module:

- :mod:`.files`: the fence: a reference leads to a regular file inside the deck's
  folder, or is refused; all the files of a picture weigh at most 20 MB;
- :mod:`.document`: each SVG file parsed strictly, then into the tree svglib draws;
- :mod:`.sources`: where each ``<use>`` and ``<image>`` leads, bitmaps in
  :mod:`.bitmaps`;
- :mod:`.budget`: the measuring walk: shapes, path data, attribute look-ups, style
  selectors, pixels and nesting once every ``<use>`` is expanded, against the budget
  of :mod:`.limits`;
- :mod:`.convert`: svglib's renderer, following references only through the sources,
  with cardgen's fonts (:mod:`.fonts`) and its own count of the work;
- :mod:`.sanity`: every number of the drawing finite and sane, and a trial drawing;
- :mod:`.load`: the drawing made once and kept while its files stay the same;
- :mod:`.pdf`: the drawing put on a PDF canvas, bitmaps included.

A picture refused at any step raises :class:`~.refused.PictureRefused`, whose problem
is one line: the deck's check and every output report the same one.

This package imports nothing itself: svglib and lxml load only when a picture is drawn
(import :func:`~.load.picture_drawing` from its module).
"""
