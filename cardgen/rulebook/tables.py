"""reportlab tables whose every font is embedded.

A reportlab table sets its cells' font on the canvas before drawing them, even when every
cell is a paragraph with a font of its own; that font defaults to Helvetica, which would
then be the one font of the rulebook not embedded in the PDF. The rulebook's tables use
these instead.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Table as PlatypusTable
from reportlab.platypus import TableStyle
from reportlab.platypus.tableofcontents import defaultTableStyle

#: The cells' font, one of those cardgen.typography registers and embeds.
CELL_FONT = "Sans"

_CELL_FONT_STYLE = [("FONTNAME", (0, 0), (-1, -1), CELL_FONT)]


class Table(PlatypusTable):  # type: ignore[misc]
    """A platypus Table set in :data:`CELL_FONT` unless its style says otherwise."""

    def __init__(self, data: Any, *args: Any, style: Any = None, **kwargs: Any) -> None:
        super().__init__(data, *args, **kwargs)
        self.setStyle(_CELL_FONT_STYLE)
        if style is not None:
            self.setStyle(style)


#: The table of contents' own table style, with the cell font.
TOC_TABLE_STYLE = TableStyle(list(defaultTableStyle.getCommands()) + _CELL_FONT_STYLE)
