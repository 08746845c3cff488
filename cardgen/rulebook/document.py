"""The rulebook as a PDF: reportlab platypus flowables from the template's blocks.

Content (the blocks of :mod:`cardgen.rulebook.markup`) is kept apart from the style
sheet (``style.toml``, read by :mod:`cardgen.rulebook.styles`) and from the page
templates here: a title page, a table of contents, numbered pages with a footer, a
PDF outline (bookmarks) for every chapter and section, and the parts built from deck
data: the card table, the gallery of faces and the pictures beside the special cards.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.pagesizes import A3, A4, LETTER, TABLOID
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepInFrame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
    TableStyle,
)
from reportlab.platypus import Paragraph as RLParagraph
from reportlab.platypus.tableofcontents import TableOfContents

from cardgen.catalogue import Card
from cardgen.deck.load import Deck
from cardgen.render.faces import background_hex
from cardgen.rulebook import markup, pictures
from cardgen.rulebook.context import deck_description, kinds_of
from cardgen.rulebook.markup import TemplateSyntaxError
from cardgen.rulebook.owncards import card_named
from cardgen.rulebook.styles import Styles
from cardgen.rulebook.tables import TOC_TABLE_STYLE, Table, column_widths, paragraph_class
from cardgen.rulebook.templates import NARROW_NBSP, escape_text
from cardgen.rulebook.templates import labels as book_words

PAPER_SIZES: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER, "a3": A3,
                                              "tabloid": TABLOID}

#: The dot of a card's colour before its name in the card list (Font Awesome's circle).
DOT = "\uf111"


def narrow_spaces(text: str, size: float) -> str:
    """Paragraph markup with each narrow no-break space (U+202F, inside French « ») as
    one reportlab draws: it breaks lines at U+202F, so a no-break space at half the size,
    as narrow, takes its place."""
    return text.replace(NARROW_NBSP, f'<font size="{size / 2:g}">\u00a0</font>')


def paragraph(text: str, style: Any, lang: str, **options: Any) -> RLParagraph:
    """A paragraph of the book in ``lang``: a word too wide for its column breaks at one
    of the language's hyphenation points (:func:`.tables.paragraph_class`)."""
    return paragraph_class(lang)(narrow_spaces(text, style.fontSize), style, **options)


def plain(text: str) -> str:
    """Paragraph markup as plain text, for the PDF outline."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))


class Heading(RLParagraph):  # type: ignore[misc]  # reportlab ships no type hints
    """A heading that leaves a bookmark, an outline entry and (levels 1-2) a TOC line.

    It registers them as it is drawn rather than in the document's ``afterFlowable``,
    which never sees flowables nested in a table or a frame (the quick reference).
    """

    def __init__(self, text: str, style: Any, level: int, key: str, *,
                 in_toc: bool = True, toc_size: float | None = None) -> None:
        super().__init__(narrow_spaces(text, style.fontSize), style)
        self.outline_level = level - 1
        self.outline_key = key
        self.outline_text = plain(text)
        self.toc_text = narrow_spaces(text, toc_size or style.fontSize)  # its TOC line's size
        self.in_toc = in_toc

    def draw(self) -> None:
        super().draw()
        canvas = self.canv
        doc = canvas._doctemplate
        # An outline cannot skip a level (a ### right under a #): lift it to the next one.
        level = min(self.outline_level, doc.outline_level + 1)
        doc.outline_level = level
        canvas.bookmarkPage(self.outline_key)
        canvas.addOutlineEntry(self.outline_text, self.outline_key, level, closed=level > 0)
        if self.outline_level <= 1 and self.in_toc:
            doc.notify("TOCEntry", (self.outline_level, self.toc_text, canvas.getPageNumber(),
                                    self.outline_key))


@dataclass(frozen=True)
class RulebookInfo:
    """What the pages print around the content, and the document's metadata."""

    title: str
    subject: str
    footer: str
    lang: str
    paper: str


def _fill(heights: Sequence[float], start: int, columns: int, limit: float
          ) -> list[list[int]]:
    """Fill up to ``columns`` columns from row ``start``, each at most ``limit`` tall."""
    page: list[list[int]] = []
    index = start
    while index < len(heights) and len(page) < columns:
        column: list[int] = []
        used = 0.0
        while index < len(heights) and (not column or used + heights[index] <= limit):
            column.append(index)
            used += heights[index]
            index += 1
        page.append(column)
    return page


def balanced_columns(heights: Sequence[float], columns: int, capacity: float
                     ) -> list[list[list[int]]]:
    """Share rows of the given heights among pages of ``columns`` columns no taller than
    ``capacity``, in reading order (down the first column, then the next).

    Full pages are filled column by column; the last page shares its rows evenly
    among its columns (the first ones a row longer when they do not share exactly).

    >>> balanced_columns([10] * 7, 3, 100)
    [[[0, 1, 2], [3, 4], [5, 6]]]
    >>> balanced_columns([10] * 8, 3, 100)
    [[[0, 1, 2], [3, 4, 5], [6, 7]]]
    >>> [[len(c) for c in page] for page in balanced_columns([10] * 70, 3, 100)]
    [[10, 10, 10], [10, 10, 10], [4, 3, 3]]
    >>> balanced_columns([10, 10], 3, 100)
    [[[0], [1]]]
    """
    pages: list[list[list[int]]] = []
    start = 0
    while start < len(heights):
        page = _fill(heights, start, columns, capacity)
        end = page[-1][-1] + 1
        if end == len(heights):  # the last page: as many rows in each column as can be
            count = end - start
            sizes = [count // columns + (1 if c < count % columns else 0) for c in range(columns)]
            bounds = [start + sum(sizes[:c]) for c in range(columns + 1)]
            even = [list(range(bounds[c], bounds[c + 1])) for c in range(columns) if sizes[c]]
            if all(sum(heights[i] for i in column) <= capacity for column in even):
                page = even
        pages.append(page)
        start = end
    return pages


class RulebookTemplate(BaseDocTemplate):  # type: ignore[misc]
    """A title page, then body pages with a footer; headings feed the outline and TOC."""

    def __init__(self, target: io.BytesIO, info: RulebookInfo, styles: Styles) -> None:
        page_width, page_height = PAPER_SIZES[info.paper]
        margin = styles.mm("page", "margin_mm")
        bottom = styles.mm("page", "bottom_margin_mm")
        super().__init__(
            target, pagesize=(page_width, page_height),
            leftMargin=margin, rightMargin=margin, topMargin=margin, bottomMargin=bottom,
            title=info.title, subject=info.subject, author="cardgen", creator="cardgen",
            producer="cardgen", lang=book_words(info.lang)["pdf_language"], invariant=1,
            pageCompression=1,
            displayDocTitle=1,
            # reportlab sets this font on every new page; its default, Helvetica, would
            # be the one font of the book not embedded.
            initialFontName=styles.sheet["text"]["font"],
        )
        self.info = info
        self.styles = styles
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height,
                      id="body", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([
            PageTemplate("title", [frame]),
            PageTemplate("body", [frame], onPage=self._footer),
        ])
        self.outline_level = -1  # the level of the last outline entry, for Heading

    def beforeDocument(self) -> None:
        self.outline_level = -1
        self.canv.showOutline()

    def _footer(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        styles = self.styles
        y = styles.mm("page", "footer_offset_mm")
        canvas.saveState()
        canvas.setStrokeColor(styles.color("table_rule"))
        canvas.setLineWidth(0.5)
        canvas.line(self.leftMargin, y + 4 * mm, self.leftMargin + self.width, y + 4 * mm)
        canvas.setFont(styles.sheet["text"]["font"], styles.sheet["text"]["small_pt"])
        canvas.setFillColor(styles.color("muted"))
        canvas.drawString(self.leftMargin, y, self.info.footer)
        canvas.drawRightString(self.leftMargin + self.width, y, str(doc.page))
        canvas.restoreState()


#: Cell padding of the grid tables: sides, top, bottom (points).
GRID_PADDING = (2.0, 1.6, 2.2)


def grid_style(styles: Styles, header_rows: int) -> TableStyle:
    """A grid table's style: a rule under each row, its header rows shaded."""
    side, top, bottom = GRID_PADDING
    commands: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, styles.color("table_rule")),
        ("LEFTPADDING", (0, 0), (-1, -1), side),
        ("RIGHTPADDING", (0, 0), (-1, -1), side),
        ("TOPPADDING", (0, 0), (-1, -1), top),
        ("BOTTOMPADDING", (0, 0), (-1, -1), bottom),
    ]
    if header_rows:
        commands.append(("BACKGROUND", (0, 0), (-1, header_rows - 1),
                         styles.color("table_header")))
    return TableStyle(commands)


def dotted(style: Any, size: float) -> Any:
    """``style`` for a card's name after its colour dot (:data:`DOT`, ``size`` points):
    the dot is the first line's bullet, a space before the name."""
    return style.clone(f"{style.name}-dotted", bulletFontName="Icons", bulletFontSize=size,
                       bulletIndent=0, firstLineIndent=stringWidth(DOT, "Icons", size)
                       + stringWidth(" ", style.fontName, style.fontSize))


def _is_table(block: markup.Block | None) -> bool:
    """A table of the text or the card table, which a sentence before it may announce."""
    return isinstance(block, markup.Table) or block == markup.Directive("cards")


class Layout:
    """Turns blocks into flowables for one deck in one language."""

    def __init__(self, deck: Deck, lang: str, styles: Styles, labels: dict[str, str],
                 frame_width: float, frame_height: float) -> None:
        self.deck = deck
        self.lang = lang
        self.styles = styles
        self.labels = labels
        self.frame_width = frame_width
        self.frame_height = frame_height
        self._headings = 0
        self._in_toc = True  # False while laying out the quick reference's sections

    def paragraph(self, text: str, style: Any, **options: Any) -> RLParagraph:
        return paragraph(text, style, self.lang, **options)

    # --- blocks -------------------------------------------------------------------

    def flowables(self, blocks: Sequence[markup.Block], styles: Styles | None = None,
                  width: float | None = None) -> list[Flowable]:
        """Flowables for ``blocks``, in a column ``width`` wide (the frame's by default)."""
        styles = styles or self.styles
        width = width or self.frame_width
        out: list[Flowable] = []
        announced = False  # the paragraph just laid out announces the table after it
        for block, following in zip(blocks, [*blocks[1:], None], strict=True):
            made = self.block(block, styles, width)
            if announced and isinstance(made[0], CondPageBreak):
                made = made[1:]  # the card table: the paragraph keeps it company instead
            announced = isinstance(block, markup.Paragraph) and _is_table(following)
            if announced:
                # A sentence before a table announces it ("The table below…"): it goes
                # to the next page with the table rather than stay behind alone.
                made[-1].keepWithNext = 1
            out.extend(made)
        return out

    def block(self, block: markup.Block, styles: Styles, width: float) -> list[Flowable]:
        if isinstance(block, markup.Heading):
            return self.heading(block, styles)
        if isinstance(block, markup.Paragraph):
            return [self.paragraph(block.text, styles.body)]
        if isinstance(block, markup.ItemList):
            items = [
                self.paragraph(item, styles.bullet,
                            bulletText=f"{number}." if block.numbered else "•")
                for number, item in enumerate(block.items, start=1)
            ]
            items[-1].spaceAfter = styles.body.spaceAfter  # the list ends like a paragraph
            return items
        if isinstance(block, markup.Example):
            return [self.example(block, styles, width)]
        if isinstance(block, markup.Table):
            return [self.table(block, styles, width)]
        if isinstance(block, markup.CardBlock):
            return self.card_block(block, styles)
        if isinstance(block, markup.QuickReference):
            return self.quick_reference(block)
        if block.name == "cards":
            return self.card_table()
        if block.name == "gallery":
            return self.gallery()
        return [PageBreak()]

    def heading(self, block: markup.Heading, styles: Styles) -> list[Flowable]:
        self._headings += 1
        style = {1: styles.h1, 2: styles.h2, 3: styles.h3}[block.level]
        out: list[Flowable] = []
        if block.level == 1:  # a chapter never starts in the last few lines of a page
            out.append(CondPageBreak(self.frame_height * 0.25))
        toc_levels = self.styles.toc_levels
        out.append(Heading(block.text, style, block.level, f"section-{self._headings}",
                           toc_size=toc_levels[min(block.level, len(toc_levels)) - 1].fontSize,
                           in_toc=self._in_toc))
        return out

    def example(self, block: markup.Example, styles: Styles, width: float) -> Table:
        paragraphs = [self.paragraph(text, styles.example) for text in block.paragraphs]
        box = Table([[paragraphs]], colWidths=[width - 8 * mm], hAlign="CENTER")
        box.setStyle(TableStyle([
            ("BACKGROUND", (0, 0), (-1, -1), styles.color("example_background")),
            ("LINEBEFORE", (0, 0), (0, -1), 2, styles.color("accent")),
            ("LEFTPADDING", (0, 0), (-1, -1), 3 * mm),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3 * mm),
            ("TOPPADDING", (0, 0), (-1, -1), 2 * mm),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5 * mm),
        ]))
        box.spaceAfter = styles.body.spaceAfter + 2
        box.spaceBefore = 2
        return box

    def table(self, block: markup.Table, styles: Styles, width: float) -> Table:
        total = sum(block.widths)
        widths = [width * w / total for w in block.widths]
        rows = [
            [self.paragraph(cell, styles.cell_bold if r < block.header_rows else styles.cell)
             for cell in row]
            for r, row in enumerate(block.rows)
        ]
        widths = column_widths(widths, list(zip(*rows, strict=True)), self.lang,
                               2 * GRID_PADDING[0])
        table = Table(rows, colWidths=widths, repeatRows=block.header_rows)
        table.setStyle(grid_style(styles, block.header_rows))
        table.spaceAfter = styles.body.spaceAfter + 2
        return table

    # --- parts built from deck data --------------------------------------------------

    def card_name(self, card: Card) -> str:
        """A card's name after a dot of its face's colour, as paragraph markup. The dot
        is the paragraph's bullet, so that it stays on the name's first line (a narrow
        column may break the name, never between it and its dot)."""
        dot = f'<bullet><font color="{background_hex(card)}">{DOT}</font></bullet>'
        return f"{dot}{escape_text(card.name[self.lang])}"

    def card_table(self) -> list[Flowable]:
        styles, labels = self.styles, self.labels
        sheet = styles.sheet["card_table"]
        cell = styles.cell.clone("card-cell", fontSize=sheet["font_pt"],
                                 leading=sheet["leading_pt"])
        bold = styles.cell_bold.clone("card-cell-bold", fontSize=sheet["font_pt"],
                                      leading=sheet["leading_pt"],
                                      fontName=styles.sheet["text"]["condensed_bold"])
        named = dotted(cell, sheet["dot_pt"])
        right = cell.clone("card-cell-right", alignment=2)
        right_bold = bold.clone("card-cell-right-bold", alignment=2)
        columns = int(sheet["columns"])
        gap = sheet["gap_mm"] * mm
        width = (self.frame_width - gap * (columns - 1)) / columns
        header = [self.paragraph(labels["card"], bold),
                  self.paragraph(labels["count"], right_bold),
                  self.paragraph(labels["points"], right_bold)]
        rows = [header]
        card_list = self.deck.card_list()
        for card, count in card_list:
            rows.append([self.paragraph(self.card_name(card), named),
                         self.paragraph(str(count), right),
                         self.paragraph(str(card.points), right)])
        rows.append([self.paragraph(labels["total"], bold),
                     self.paragraph(str(sum(n for _, n in card_list)), right_bold),
                     self.paragraph("", cell)])
        side, top, bottom = GRID_PADDING
        widths = column_widths([width * 0.53, width * 0.26, width * 0.21],
                               list(zip(*rows, strict=True)), self.lang, 2 * side)
        heights = [
            max(cell.wrap(w - 2 * side, self.frame_height)[1]
                for cell, w in zip(row, widths, strict=True)) + top + bottom
            for row in rows
        ]
        capacity = (self.frame_height - heights[0] - 2 * sheet["leading_pt"]
                    - sheet["room_above_pt"])
        out: list[Flowable] = []
        for page in balanced_columns(heights[1:], columns, capacity):
            tables: list[Table | str] = []  # an empty string fills a missing column
            for column in page:
                table = Table([header] + [rows[1 + i] for i in column], colWidths=widths)
                table.setStyle(grid_style(styles, 1))
                tables.append(table)
            tables += [""] * (columns - len(tables))
            spread = Table([tables], colWidths=[width + gap] * (columns - 1) + [width])
            spread.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                        ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                        ("TOPPADDING", (0, 0), (-1, -1), 0),
                                        ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
            spread.spaceAfter = styles.body.spaceAfter + 4
            _, height = spread.wrap(self.frame_width, self.frame_height)
            # Start on a new page rather than split the columns.
            out += [CondPageBreak(height), spread]
        return out

    def card_block(self, block: markup.CardBlock, styles: Styles) -> list[Flowable]:
        card_id = html.unescape(block.card_id)
        card = card_named(self.deck, card_id)
        if card is None:
            raise TemplateSyntaxError(f"rulebook template: @card {card_id}: the deck has no "
                                      "such card")
        picture_width = pictures.beside_picture_width(styles)
        body = self.flowables(block.body, styles, self.frame_width - picture_width)
        return [pictures.card_beside(card, body, styles, self.frame_width, self.lang)]

    def gallery(self) -> list[Flowable]:
        heading = self.heading(markup.Heading(1, self.labels["gallery"]), self.styles)
        return heading + [
            self.paragraph(self.labels["gallery_note"], self.styles.body),
            pictures.Gallery(self.deck.card_list(), self.lang, self.styles,
                             self.labels["copies"], self.frame_height),
        ]

    def fan_cards(self) -> list[Card]:
        """A few cards that show what the deck is like: its own specials first."""
        kinds = kinds_of(self.deck.card_list())
        kinds.sort(key=lambda k: (k.is_number, k.first.family == "classic"))
        count = int(self.styles.sheet["title_page"]["fan_count"])
        # Take a different colour from each coloured kind, so the fan is not all red.
        return [kind.cards[i % len(kind.cards)][0] for i, kind in enumerate(kinds[:count])]

    def quick_reference(self, block: markup.QuickReference) -> list[Flowable]:
        """One page, whatever the deck: the text shrinks to fit if it must."""
        out: list[Flowable] = [PageBreak()]
        body = list(block.body)
        while body and isinstance(heading := body[0], markup.Heading):
            out.extend(self.heading(heading, self.styles))
            body.pop(0)
        # Its sections get bookmarks but stay out of the contents: one page needs no map.
        self._in_toc = False
        try:
            content = self.flowables(body, compact := self.styles.compact())
            content += pictures.color_legend_of(self.deck, self.lang, self.labels, compact)
        finally:
            self._in_toc = True
        if self.styles.sheet["quick_reference"]["one_page"]:
            out.append(KeepInFrame(0, 0, content, mode="shrink"))
        else:  # large print: the text keeps its size and takes the pages it needs
            out.extend(content)
        return out

    # --- the front pages ----------------------------------------------------------

    def title_page(self) -> list[Flowable]:
        styles, labels, deck = self.styles, self.labels, self.deck
        sheet = styles.sheet["title_page"]
        facts = " · ".join([
            labels["cards"].format(n=deck.total()),
            labels["players"].format(min=deck.min_players, max=deck.max_players),
        ])
        out: list[Flowable] = [
            Spacer(0, sheet["top_mm"] * mm),
            self.paragraph(escape_text(deck.name[self.lang]), styles.title),
            self.paragraph(labels["rulebook"], styles.subtitle),
        ]
        description = deck_description(deck, self.lang)
        if description:
            out.append(self.paragraph(escape_text(description), styles.title_text))
        out.append(self.paragraph(facts, styles.title_text))
        out += [Spacer(0, 12 * mm),
                pictures.CardFan(self.fan_cards(), sheet["fan_scale"], self.lang),
                NextPageTemplate("body"), PageBreak()]
        return out

    def contents_page(self) -> list[Flowable]:
        self._headings += 1
        toc = TableOfContents(levelStyles=list(self.styles.toc_levels), dotsMinLevel=0,
                              tableStyle=TOC_TABLE_STYLE)
        return [Heading(self.labels["toc"], self.styles.h1, 1, f"section-{self._headings}",
                        in_toc=False),
                toc, PageBreak()]


def render_pdf(deck: Deck, lang: str, paper: str, blocks: Sequence[markup.Block],
               styles: Styles, labels: dict[str, str]) -> bytes:
    """Lay the blocks out as a PDF and return its bytes (the same input, the same bytes)."""
    name = deck.name[lang]
    info = RulebookInfo(
        title=f"{name} — {labels['rulebook']}",
        subject=deck_description(deck, lang) or name,
        footer=f"{name} · {labels['rulebook']}",
        lang=lang,
        paper=paper,
    )
    target = io.BytesIO()
    doc = RulebookTemplate(target, info, styles)
    layout = Layout(deck, lang, styles, labels, doc.width, doc.height)
    story = layout.title_page() + layout.contents_page() + layout.flowables(blocks)
    doc.multiBuild(story)
    return target.getvalue()
