"""SVG pictures of custom cards, drawn as vectors: the drawing of
:mod:`cardgen.svgpicture`, scaled into its box (in a CMYK file, converted)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.render.colour import drawing_cmyk, ink_limit


def draw_svg(canvas: Any, path: Path, x: float, y: float, width: float, height: float,
             background: str = "#FFFFFF") -> None:
    """Draw an SVG file scaled to fit the box (x, y, width, height), centred in it; in a
    CMYK file, its colours converted and flattened onto ``background``."""
    from cardgen.svgpicture.load import picture_drawing
    from cardgen.svgpicture.pdf import draw_drawing
    from cardgen.svgpicture.refused import PictureRefused

    # Loading a deck checks its pictures the same way: this fails only for a file that
    # changed since, or for a card drawn without its deck being checked.
    try:
        drawing = picture_drawing(path)
    except PictureRefused as refused:
        raise CardgenError(f"{path}: picture {refused.problem}") from None
    limit = ink_limit()
    if limit is not None:
        drawing_cmyk(drawing, background, limit)
    scale = min(width / drawing.width, height / drawing.height)
    canvas.saveState()
    canvas.translate(x + (width - drawing.width * scale) / 2,
                     y + (height - drawing.height * scale) / 2)
    canvas.scale(scale, scale)
    draw_drawing(drawing, canvas)
    canvas.restoreState()
