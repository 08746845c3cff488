"""SVG pictures of custom cards, drawn as vectors: the checked drawing of
:mod:`cardgen.svgpicture`, scaled into its box (in a CMYK file, a converted copy)."""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.render.colour import drawing_cmyk, drawing_lightened, ink_limit

#: CMYK copies kept, by drawing, background and ink limit: a shop file draws each face
#: once, but the same picture may be on a face and a back, or on several cards.
_CMYK_KEPT = 8
_cmyk_copies: OrderedDict[tuple[int, str, float], tuple[Any, Any]] = OrderedDict()


def draw_svg(canvas: Any, path: Path, x: float, y: float, width: float, height: float,
             background: str = "#FFFFFF", ink: float = 1.0) -> None:
    """Draw an SVG file scaled to fit the box (x, y, width, height), centred in it; in a
    CMYK file, its colours converted and flattened onto ``background``; with ``ink``
    under 1, lightened to that share of its ink."""
    from cardgen.svgpicture.load import picture_drawing
    from cardgen.svgpicture.pdf import draw_drawing
    from cardgen.svgpicture.refused import PictureRefused

    # Loading a deck made this very drawing: this fails only for a file that changed
    # since, or for a card drawn without its deck being checked.
    try:
        drawing = picture_drawing(path)
    except PictureRefused as refused:
        raise CardgenError(f"{path}: picture {refused.problem}") from None
    if ink < 1.0:
        from cardgen.svgpicture.load import copied

        drawing = copied(drawing)
        drawing_lightened(drawing, ink)
    limit = ink_limit()
    if limit is not None:
        drawing = _in_cmyk(drawing, background, limit)
    scale = min(width / drawing.width, height / drawing.height)
    canvas.saveState()
    canvas.translate(x + (width - drawing.width * scale) / 2,
                     y + (height - drawing.height * scale) / 2)
    canvas.scale(scale, scale)
    draw_drawing(drawing, canvas)
    canvas.restoreState()


def _in_cmyk(drawing: Any, background: str, limit: float) -> Any:
    """The drawing's CMYK copy on that background (the shared drawing stays in RGB)."""
    from cardgen.svgpicture.load import copied

    # The entry holds the drawing, so no other drawing can take its id meanwhile.
    key = (id(drawing), background, limit)
    kept = _cmyk_copies.get(key)
    if kept is None:
        converted = copied(drawing)
        drawing_cmyk(converted, background, limit)
        kept = _cmyk_copies[key] = (drawing, converted)
        while len(_cmyk_copies) > _CMYK_KEPT:
            _cmyk_copies.popitem(last=False)
    _cmyk_copies.move_to_end(key)
    return kept[1]
