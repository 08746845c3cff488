"""Where the names and captions of a face go, and at what size, before anything is drawn.

:mod:`cardgen.render.faces` draws these blocks; ``cardgen check`` reads their sizes to
warn about text that would print too small. A card in one colour of a set (the same
``[[card]]`` in red, yellow, green and blue) is fitted as it would be in every colour, so
the faces of a set share their sizes and line counts: "Chat rouge" is not set on two
lines while "Chat jaune" fits on one.
"""

from __future__ import annotations

import contextlib
import contextvars
import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any, Literal, NamedTuple

from cardgen.catalogue import Card, Color, catalogue
from cardgen.catalogue.face_languages import FaceLanguages
from cardgen.catalogue.texts import Text
from cardgen.render.colour import holding
from cardgen.render.layout import Captioned, layout, pt
from cardgen.render.textfit import Fitted, Paragraph, fit_alike
from cardgen.typography import registered

NAME_FONT = "Sans-Bold"
SECOND_FONT = "Sans-Oblique"  # the English text, when both languages share a face
CAPTION_FONT = "Condensed"
NAME_LEADING = 1.1
NAME_GAP = 0.05  # between the French and the English name, as a multiple of the size
CAPTION_GAP = 0.7
#: The colour words of a text tried in each gender (2 ** 3 texts per colour at most).
MAX_COLOUR_WORDS = 3

Rect = tuple[float, float, float, float]  # x, y, width, height


class Box(NamedTuple):
    """The card as a face's drawing sees it, in the design's points: (0, 0) is its lower
    left trim corner, ``width`` x ``height`` its trim (the design's size on one side, more
    on the other), ``lift`` half the height it has over the design's (the top part moves
    up by that much) and ``safe`` the margin text keeps from the trim."""

    width: float
    height: float
    lift: float
    safe: float


@dataclass(frozen=True)
class TextBlock:
    """Paragraphs fitted in ``rect``: the names, the large title of a card with no
    picture, or the captions. ``least`` is the smallest size the layout holds readable."""

    what: Literal["name", "title", "caption"]
    rect: Rect
    fitted: Fitted
    least: float
    gap: float
    langs: tuple[str, ...]  # the language of each paragraph


#: The safe area of the shop a file is drawn for, in millimetres on paper (0: none
#: wider than the design's own margin); see :func:`shop_safe_area`.
_SHOP_SAFE_MM: contextvars.ContextVar[float] = contextvars.ContextVar("shop_safe_mm",
                                                                       default=0.0)


def shop_safe_area(safe_mm: float) -> contextlib.AbstractContextManager[None]:
    """Within this block, the faces keep their text and corner indices at least
    ``safe_mm`` inside the trim on paper, moving them in where the design's own safe
    margin keeps them closer (a printer that publishes a wider safe area than the
    design keeps at that size). A narrower one changes nothing."""
    return holding(_SHOP_SAFE_MM, safe_mm)


def shop_safe_mm() -> float:
    """The safe area of the shop under way, in mm on paper (0 outside one)."""
    return _SHOP_SAFE_MM.get()


def corner_inset(box: Box) -> tuple[float, float]:
    """How far a corner index's centre is from the side and from the top or bottom: on a
    small card, the safe margin widens in the design's units, and the indices move in."""
    card = layout().card
    wider = box.safe - pt(card.safe_margin_mm)
    return pt(card.corner.inset_x_mm) + wider, pt(card.corner.inset_y_mm) + wider


def _langs(text: Text, lang: FaceLanguages) -> tuple[str, ...]:
    """The languages to print: one when both say the same."""
    if lang.second is None:
        return lang.codes
    return lang.codes[:1] if text[lang.first].strip() == text[lang.second].strip() \
        else lang.codes


def _forms(color: Color, lang: str) -> list[tuple[str, str]]:
    """(singular, plural) of a colour word, in each gender its language has."""
    singular, plural = color.forms(lang), color.forms(lang, plural=True)
    return list(dict.fromkeys((singular[key], plural[key]) for key in singular
                              if key != "{Color}"))


def in_every_colour(text: Text, color_id: str | None) -> list[Text]:
    """``text`` as its card would say it in each colour of the catalogue (itself first).

    A French colour word is put in each gender ("vert", "verte"), since the card's own
    word does not always tell which its text uses ("rouge"); a plural stays a plural
    ("cartes rouges" -> "cartes vertes").
    """
    if color_id is None:
        return [text]
    cat = catalogue()
    # (a dark face's text is said in each colour of the dark side, FL-01)
    colors = cat.colors if color_id in cat.colors else cat.all_dark_colors()
    found = [text]
    for lang in text:
        own = _forms(colors[color_id], lang)
        plurals = {plural.lower() for _, plural in own}
        words = sorted({w for pair in own for w in pair}, key=len, reverse=True)
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, words)) + r")\b", re.IGNORECASE)
        if not pattern.search(text[lang]):
            continue
        matches = list(pattern.finditer(text[lang]))[:MAX_COLOUR_WORDS]
        for other in colors.values():
            forms = _forms(other, lang)
            # Each word in either gender: "du vert … cartes vertes" mixes them.
            for genders in product(range(len(forms)), repeat=len(matches)):
                changed, end = "", 0
                for match, gender in zip(matches, genders, strict=True):
                    changed += text[lang][end:match.start()] + _same_form(
                        *forms[gender], plurals, match[0])
                    end = match.end()
                changed += text[lang][end:]
                found.append(Text({**text, lang: changed}))
    return list(dict.fromkeys(found))


def _same_form(singular: str, plural: str, plurals: set[str], word: str) -> str:
    """The other colour's word in the number and case of ``word``, the one it replaces
    ("Red Cat" -> "Blue Cat", "rouges" -> "vertes")."""
    other = plural if word.lower() in plurals else singular
    return other.capitalize() if word[:1].isupper() else other


def _fitted(what: Literal["name", "title", "caption"], texts: list[Text],
            lang: FaceLanguages,
            rect: Rect, spec: Captioned) -> TextBlock:
    langs = _langs(texts[0], lang)
    paired = lang.codes  # the second language of a pair is set in SECOND_FONT
    if what == "caption":
        fonts = dict(zip(paired, (CAPTION_FONT, SECOND_FONT), strict=False))
        sizes = (spec.caption_size_pt, spec.caption_min_size_pt, spec.caption_leading)
        gap = CAPTION_GAP
    else:
        fonts = dict(zip(paired, (NAME_FONT, SECOND_FONT), strict=False))
        sizes = ((spec.title_size_pt, spec.title_min_size_pt) if what == "title"
                 else (spec.name_size_pt, spec.name_min_size_pt)) + (NAME_LEADING,)
        gap = NAME_GAP
    gap = gap if len(langs) > 1 else 0.0
    variants = tuple(tuple(Paragraph(t[code], fonts[code]) for code in langs) for t in texts)
    fitted = _fit_cached(variants, rect[2], rect[3], *sizes, gap)
    return TextBlock(what, rect, fitted, sizes[1], gap, langs)


@lru_cache(maxsize=1024)
def _fit_cached(variants: tuple[tuple[Paragraph, ...], ...], width: float, height: float,
                max_size: float, min_size: float, leading: float, gap: float) -> Fitted:
    """The four colours of a set fit the same texts: fit them once."""
    return fit_alike(variants, width, height, max_size, min_size, leading, gap)


def caption_rect(box: Box, lang: FaceLanguages) -> Rect:
    """The light box of captions; on a taller card it takes half the extra height."""
    spec = layout().card.captioned.for_lang(lang)
    bottom = pt(spec.caption_box_bottom_mm)
    return (box.safe, bottom, box.width - 2 * box.safe,
            pt(spec.caption_box_height_mm) + box.lift)


def caption_block(card: Card, box: Box, lang: FaceLanguages) -> TextBlock:
    spec = layout().card.captioned.for_lang(lang)
    x, y, width, height = caption_rect(box, lang)
    pad = pt(spec.caption_padding_mm)
    return _fitted("caption", in_every_colour(card.caption, card.color), lang,
                   (x + pad, y + pad, width - 2 * pad, height - 2 * pad), spec)


def name_block(card: Card, box: Box, lang: FaceLanguages, title: bool) -> TextBlock:
    """The name(s) under the disc or picture, or with ``title`` set large in the middle
    of a face that has neither (between the corner indices and the caption box)."""
    spec = layout().card.captioned.for_lang(lang)
    side = box.safe + pt(spec.name_side_padding_mm)
    if title:
        top = box.height - 2 * corner_inset(box)[1]
        x, y, width, height = caption_rect(box, lang)
        bottom = y + height + pt(1.5)
    else:
        top = pt(spec.name_top_mm) + box.lift
        bottom = top - pt(spec.name_height_mm)
    return _fitted("title" if title else "name", in_every_colour(card.name, card.color),
                   lang, (side, bottom, box.width - 2 * side, top - bottom), spec)


def draw_text_block(canvas: Any, block: TextBlock, color: Any,
                    rule: Any = None, outline: Any = None) -> None:
    """The block's paragraphs centred in its rectangle, a thin rule between them; with
    ``outline``, each letter stroked in it too (as the corner marks are)."""
    bx, by, bw, bh = block.rect
    fitted = block.fitted
    size = fitted.size
    top = by + bh - (bh - fitted.height) / 2
    baseline = top - size * 0.93  # the first line's ascent
    canvas.setFillColor(color)
    if outline is not None:
        # Stroked twice as wide under the fill: the outline lies outside the letters and
        # thin strokes keep their white.
        canvas.setStrokeColor(outline)
        canvas.setLineWidth(2 * max(0.35, size * 0.035))
        canvas.setLineJoin(1)
    for index, (font, lines) in enumerate(fitted.blocks):
        if index:
            last_baseline = baseline + fitted.leading
            baseline -= block.gap * size
            if rule is not None:  # halfway between the last descender and the next cap
                rule_y = (last_baseline - 0.24 * size + baseline + 0.76 * size) / 2
                canvas.saveState()
                canvas.setStrokeColor(rule)
                canvas.setLineWidth(0.4)
                canvas.line(bx + bw * 0.3, rule_y, bx + bw * 0.7, rule_y)
                canvas.restoreState()
        canvas.setFont(registered(font), size)
        for line in lines:
            if outline is not None:
                canvas.drawCentredString(bx + bw / 2, baseline, line, mode=1)
            canvas.drawCentredString(bx + bw / 2, baseline, line)
            baseline -= fitted.leading
