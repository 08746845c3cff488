"""Drawing cards: one face (faces.py), print-and-cut sheets (sheets.py), PNG images (png.py).

Nothing here knows about Click; geometry and colours come from ``cardgen/data/layout.toml``
and the pictograms from ``cardgen/data/pictograms.toml``.
"""
