"""Paragraph styles and page geometry of the rulebook, from ``style.toml``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm

from cardgen.rulebook.templates import style_sheet
from cardgen.typography import register_fonts


@dataclass(frozen=True)
class Styles:
    """Every style the layout uses; ``compact()`` gives the quick reference's."""

    sheet: dict[str, Any]
    body: ParagraphStyle
    bullet: ParagraphStyle
    example: ParagraphStyle
    cell: ParagraphStyle
    cell_bold: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    small: ParagraphStyle
    title: ParagraphStyle
    subtitle: ParagraphStyle
    title_text: ParagraphStyle
    toc_levels: tuple[ParagraphStyle, ...]
    gallery_caption: ParagraphStyle

    def color(self, name: str) -> Color:
        return HexColor(self.sheet["colors"][name])

    def mm(self, section: str, key: str) -> float:
        return float(self.sheet[section][key]) * float(mm)

    def compact(self) -> Styles:
        """Smaller body text, for the one-page quick reference."""
        quick = self.sheet["quick_reference"]
        size, leading = quick["body_pt"], quick["leading_pt"]

        def shrink(style: ParagraphStyle, name: str) -> ParagraphStyle:
            return ParagraphStyle(name, parent=style, fontSize=size, leading=leading,
                                  bulletFontSize=size, spaceAfter=min(style.spaceAfter, 3))

        return Styles(
            sheet=self.sheet,
            body=shrink(self.body, "quick-body"),
            bullet=shrink(self.bullet, "quick-bullet"),
            example=shrink(self.example, "quick-example"),
            cell=shrink(self.cell, "quick-cell"),
            cell_bold=shrink(self.cell_bold, "quick-cell-bold"),
            h1=self.h1,
            h2=ParagraphStyle("quick-h2", parent=self.h2, fontSize=size + 2.5,
                              leading=leading + 3, spaceBefore=6, spaceAfter=2),
            h3=ParagraphStyle("quick-h3", parent=self.h3, fontSize=size + 1,
                              leading=leading + 1, spaceBefore=4, spaceAfter=1),
            small=self.small,
            title=self.title,
            subtitle=self.subtitle,
            title_text=self.title_text,
            toc_levels=self.toc_levels,
            gallery_caption=self.gallery_caption,
        )


def large_print_sheet(sheet: dict[str, Any]) -> dict[str, Any]:
    """The style sheet for `--large-print`, from its [large_print] table: every size in
    points and the named tables' picture scales times its scale, then its own values."""
    large = sheet["large_print"]
    factor = float(large["scale"])
    scaled: dict[str, Any] = {}
    for name, table in sheet.items():
        if name == "large_print" or not isinstance(table, dict):
            scaled[name] = table
            continue
        scaled[name] = {
            key: value * factor if key.endswith("_pt") or (
                name in large["pictures"] and key.endswith("scale")) else value
            for key, value in table.items()}
    for name, table in large.items():
        if isinstance(table, dict):
            scaled[name] = {**scaled[name], **table}
    return scaled


def build_styles(large_print: bool = False) -> Styles:
    """The styles of the book, or of its large-print edition."""
    register_fonts()
    sheet = large_print_sheet(style_sheet()) if large_print else style_sheet()
    text, heads = sheet["text"], sheet["headings"]
    ink, accent = HexColor(sheet["colors"]["ink"]), HexColor(sheet["colors"]["accent"])
    body = ParagraphStyle(
        "body", fontName=text["font"], fontSize=text["body_pt"], leading=text["leading_pt"],
        spaceAfter=text["space_after_pt"], textColor=ink,
    )
    indent = text["bullet_indent_mm"] * mm
    bullet = ParagraphStyle("bullet", parent=body, leftIndent=indent, bulletIndent=indent / 4,
                            spaceAfter=text["space_after_pt"] / 2, bulletFontName=text["font"],
                            bulletFontSize=text["body_pt"])
    example = ParagraphStyle("example", parent=body, spaceAfter=2)
    cell = ParagraphStyle("cell", parent=body, spaceAfter=0, fontSize=text["small_pt"],
                          leading=text["small_leading_pt"])
    cell_bold = ParagraphStyle("cell-bold", parent=cell, fontName=text["bold"])

    def heading(level: int) -> ParagraphStyle:
        return ParagraphStyle(
            f"h{level}", parent=body, fontName=text["bold"],
            fontSize=heads[f"h{level}_pt"], leading=heads[f"h{level}_pt"] * 1.25,
            spaceBefore=heads[f"h{level}_space_before_pt"],
            spaceAfter=heads[f"h{level}_space_after_pt"],
            textColor=accent if level < 3 else ink, keepWithNext=1,
        )

    title_page = sheet["title_page"]
    contents = sheet["contents"]
    toc_levels = (
        ParagraphStyle("toc0", parent=body, fontName=text["bold"],
                       fontSize=contents["level0_pt"], leading=contents["level0_pt"] * 1.5),
        ParagraphStyle("toc1", parent=body, fontSize=contents["level1_pt"],
                       leading=contents["level1_pt"] * 1.35,
                       leftIndent=contents["indent_mm"] * mm),
    )
    return Styles(
        sheet=sheet,
        body=body,
        bullet=bullet,
        example=example,
        cell=cell,
        cell_bold=cell_bold,
        h1=heading(1),
        h2=heading(2),
        h3=heading(3),
        small=ParagraphStyle("small", parent=body, fontSize=text["small_pt"],
                             leading=text["small_leading_pt"],
                             textColor=HexColor(sheet["colors"]["muted"])),
        title=ParagraphStyle("title", parent=body, fontName=text["bold"],
                             fontSize=title_page["title_pt"],
                             leading=title_page["title_pt"] * 1.15, alignment=TA_CENTER,
                             textColor=accent, spaceAfter=title_page["title_pt"] * 0.4),
        subtitle=ParagraphStyle("subtitle", parent=body, fontSize=title_page["subtitle_pt"],
                                leading=title_page["subtitle_pt"] * 1.3, alignment=TA_CENTER,
                                spaceAfter=title_page["subtitle_pt"]),
        title_text=ParagraphStyle("title-text", parent=body, fontSize=title_page["text_pt"],
                                  leading=title_page["text_pt"] * 1.4, alignment=TA_CENTER),
        toc_levels=toc_levels,
        gallery_caption=ParagraphStyle(
            "gallery-caption", parent=body, fontName=text["condensed"],
            fontSize=sheet["gallery"]["caption_pt"],
            leading=sheet["gallery"]["caption_pt"] * 1.2, alignment=TA_CENTER, spaceAfter=0),
    )
