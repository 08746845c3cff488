"""Rulebooks: what a reader finds in the PDF, measured on the PDF itself.

The texts are extracted with pypdf; the card table prints every card as
"<dot> name count points", so each card of a deck must be found with exactly the
count and points of the deck data, in the rulebook's language.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from functools import cache
from io import BytesIO
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers.paths import EXAMPLES
from helpers.rulebook_pdfs import quick_or_slow
from jinja2.exceptions import SecurityError
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, LETTER

from cardgen.build import BuildSettings, build_all
from cardgen.cli import main
from cardgen.deck.load import Deck, builtin_names, load_deck
from cardgen.rulebook import rulebook_blocks, rulebook_pdf
from cardgen.rulebook.document import balanced_columns
from cardgen.rulebook.markup import (
    CardBlock,
    Directive,
    Example,
    Heading,
    ItemList,
    Paragraph,
    QuickReference,
    Table,
    TemplateSyntaxError,
    parse,
)
from cardgen.rulebook.templates import environment, escape_text, labels

DOT = "\uf111"  # the colour dot before each name in the card table (Font Awesome circle)


@cache
def pdf_of(ref: str, lang: str, paper: str = "a4") -> bytes:
    return rulebook_pdf(load_deck(ref), lang, paper)


@cache
def reader_of(ref: str, lang: str) -> PdfReader:
    return PdfReader(BytesIO(pdf_of(ref, lang)))


def flat(text: str) -> str:
    """Extracted text with every run of whitespace (non-breaking included) as one space."""
    return " ".join(text.replace("\u00a0", " ").split())


@cache
def text_of(ref: str, lang: str) -> str:
    return flat(" ".join(page.extract_text() for page in reader_of(ref, lang).pages))


def outline_titles(reader: PdfReader) -> Iterator[tuple[int, str]]:
    def walk(items: list[object], level: int) -> Iterator[tuple[int, str]]:
        for item in items:
            if isinstance(item, list):
                yield from walk(item, level + 1)
            else:
                yield level, flat(str(item.title))  # type: ignore[attr-defined]
    yield from walk(reader.outline, 0)


def table_entry(deck: Deck, card_id: str, count: int, lang: str) -> str:
    card = deck.cards[card_id]
    return f"{DOT} {flat(card.name[lang])} {count} {card.points} "


# --- the card table: every card, its count and its points, in the right language --------

@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("ref", quick_or_slow(builtin_names()))
def test_every_card_of_a_builtin_deck_is_listed_with_its_count_and_points(ref: str,
                                                                        lang: str) -> None:
    deck = load_deck(ref)
    text = text_of(ref, lang) + " "
    missing = [card.id for card, count in deck.card_list()
               if table_entry(deck, card.id, count, lang) not in text]
    assert missing == []
    total = labels(lang)["total"]
    assert f"{total} {deck.total()} " in text


@pytest.mark.parametrize(("lang", "other"), [("fr", "en"), ("en", "fr")])
def test_the_card_table_is_in_the_rulebooks_language(lang: str, other: str) -> None:
    deck = load_deck("classic")
    text = text_of("classic", lang) + " "
    # Number cards carry no name on their face, so their names come from the table only.
    assert table_entry(deck, "red-7", 2, lang) in text
    assert table_entry(deck, "red-7", 2, other) not in text
    assert flat(deck.cards["blue-3"].name[other]) not in text


def test_three_player_removals_are_listed_from_the_deck() -> None:
    text = text_of("unplugged", "en")
    assert ("Leave these cards in the box: 1 Swap, 1 Cow, 1 +8, 1 Boomerang, 1 No!, 1 Detour. "
            "You play with the remaining 139 cards.") in text
    assert "Laissez ces cartes dans la boîte : 1 Échange, 1 Vache, 1 +8" in text_of("unplugged",
                                                                                  "fr")


def test_counts_in_the_text_come_from_the_deck() -> None:
    # Unplugged has five Wilds where classic has four; the text says so by itself.
    assert "15 black cards: 5 Wilds, 4 Wild Draw Fours, 5 +4? and 1 +8" in text_of("unplugged",
                                                                                  "en")
    assert "8 black cards: 4 Wilds and 4 Wild Draw Fours" in text_of("classic", "en")
    assert "Le paquet compte 109 cartes." in text_of("house", "fr")


# --- structure: bookmarks, contents, pages, metadata -----------------------------------------

@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("ref", quick_or_slow(builtin_names()))
def test_every_chapter_and_section_has_a_bookmark(ref: str, lang: str) -> None:
    blocks = rulebook_blocks(load_deck(ref), lang)
    headings = [(b.level, flat(re.sub(r"<[^>]+>", "", b.text))) for b in blocks
                if isinstance(b, Heading)]
    quick = next(b for b in blocks if isinstance(b, QuickReference))
    headings += [(b.level, flat(b.text)) for b in quick.body if isinstance(b, Heading)]
    bookmarks = list(outline_titles(reader_of(ref, lang)))
    chapters = [title for level, title in bookmarks if level == 0]
    label = labels(lang)
    assert chapters[0] == label["toc"]
    assert label["gallery"] in chapters
    assert [t for level, t in headings if level == 1] == [c for c in chapters
                                                          if c not in (label["toc"],
                                                                       label["gallery"])]
    sections = {title for level, title in bookmarks if level == 1}
    assert {t for level, t in headings if level == 2} <= sections


def test_bookmarks_point_at_the_page_of_their_heading() -> None:
    reader = reader_of("unplugged", "en")
    for item in reader.outline:
        if isinstance(item, list):
            continue
        page = reader.get_destination_page_number(item)
        assert flat(str(item.title)) in flat(reader.pages[page].extract_text())


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_metadata_title_and_language(lang: str) -> None:
    reader = reader_of("unplugged", lang)
    title = {"fr": "Uno Unplugged — Règles du jeu", "en": "Uno Unplugged — Rules of play"}[lang]
    assert reader.metadata is not None and reader.metadata.title == title
    assert str(reader.trailer["/Root"]["/Lang"]) == {"fr": "fr-FR", "en": "en-GB"}[lang]


def test_pages_are_numbered_and_the_contents_give_the_right_pages() -> None:
    reader = reader_of("classic", "en")
    pages = [flat(page.extract_text()) for page in reader.pages]
    for number, text in enumerate(pages[1:], start=2):  # the title page has no footer
        assert f"Classic UNO · Rules of play {number}" in text
    # "Scoring" is a chapter followed at once by its first section.
    scoring = next(number for number, text in enumerate(pages, start=1)
                   if "Scoring What the cards are worth" in text)
    assert re.search(rf"Scoring[ .]*{scoring}\b", pages[1])


def test_fonts_are_embedded() -> None:
    reader = reader_of("house", "fr")
    fonts = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendant = font.get("/DescendantFonts")
            descriptor = (descendant[0].get_object() if descendant else font).get(
                "/FontDescriptor")
            if descriptor is not None:
                descriptor = descriptor.get_object()
                assert any(key in descriptor for key in ("/FontFile", "/FontFile2",
                                                          "/FontFile3"))
                fonts.add(str(font["/BaseFont"]).split("+")[-1])
    assert {"DejaVuSans", "DejaVuSans-Bold"} <= fonts


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_quick_reference_is_the_last_page_alone(lang: str) -> None:
    reader = reader_of("unplugged", lang)
    last = flat(reader.pages[-1].extract_text())
    title = {"fr": "Aide-mémoire", "en": "Quick reference"}[lang]
    footer = f"Uno Unplugged · {labels(lang)['rulebook']} {len(reader.pages)}"
    assert last.startswith(f"{footer} {title}")
    assert title not in flat(reader.pages[-2].extract_text())
    # Every kind of special card has its line there, with its count and value.
    assert ("Penguin 2 20" if lang == "en" else "Pingouin 2 20") in last


def test_same_deck_same_bytes_and_letter_paper() -> None:
    deck = load_deck("house")
    assert rulebook_pdf(deck, "en") == pdf_of("house", "en")
    letter = PdfReader(BytesIO(pdf_of("house", "en", "letter")))
    box = letter.pages[3].mediabox
    assert (round(float(box.width)), round(float(box.height))) == tuple(round(v)
                                                                          for v in LETTER)
    box = reader_of("house", "en").pages[3].mediabox
    assert (round(float(box.width)), round(float(box.height))) == tuple(round(v) for v in A4)


# --- custom decks ------------------------------------------------------------------------------

def test_a_custom_deck_lists_its_own_cards_and_captions() -> None:
    ref = str(EXAMPLES / "party.toml")
    deck = load_deck(ref)
    for lang in ("fr", "en"):
        text = flat(" ".join(p.extract_text()
                             for p in PdfReader(BytesIO(pdf_of(ref, lang))).pages)) + " "
        for card, count in deck.card_list():
            assert table_entry(deck, card.id, count, lang) in text
        rain = deck.cards["rain-check"]
        assert flat(rain.caption[lang]) in text
        assert flat(deck.name[lang]) in text
    # Its base deck's rule text, with its own players and optional rule.
    text = text_of(ref, "en")
    assert "Downpour party is a card game for 3 to 8 players" in text
    assert "Stacking: +2 on +2, +4 on +2 or +4, never +2 on +4. (stack-draws)" in text


@pytest.mark.parametrize("variant", quick_or_slow(builtin_names()))
def test_every_variants_text_fits_a_deck_without_its_cards(tmp_path: Path, variant: str) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text(
        f'name = "Tiny"\nrulebook = "{variant}"\nplayers = {{ min = 2, max = 4 }}\n'
        "[cards]\nred-1 = 20\nblue-2 = 10\nzap = 3\n"
        '[[card]]\nid = "zap"\neffect = "skip"\npoints = 15\nname = "Zap"\n',
        encoding="utf-8")
    deck = load_deck(str(path))
    text = flat(" ".join(p.extract_text()
                         for p in PdfReader(BytesIO(rulebook_pdf(deck, "en"))).pages))
    assert f"{DOT} Zap 3 15 " in text and f"{DOT} Red 1 20 1 " in text
    assert "Cards of this deck's own: 3 Zap." in text
    assert "0 black cards" not in text and "Wild Draw Four" not in text


def write_deck(folder: Path, card_name: str, caption: str) -> Path:
    path = folder / "odd.toml"
    path.write_text(
        'name = "Odd <deck> & co"\n'
        'base = "classic"\n'
        "[cards]\n"
        "odd-card = 2\n"
        "[[card]]\n"
        'id = "odd-card"\n'
        'effect = "wild"\n'
        "points = 40\n"
        f"name = {{ fr = {card_name!r}, en = {card_name!r} }}\n"
        f"caption = {{ fr = {caption!r}, en = {caption!r} }}\n",
        encoding="utf-8",
    )
    return path


def test_markup_in_deck_text_prints_as_written(tmp_path: Path) -> None:
    path = write_deck(tmp_path, "A<B & C", "Draw 2 if x < 3 & y > 1; <b>not bold</b> &amp;")
    reader = PdfReader(BytesIO(rulebook_pdf(load_deck(str(path)), "en")))
    text = flat(" ".join(p.extract_text() for p in reader.pages))
    assert f"{DOT} A<B & C 2 40" in text
    assert "Draw 2 if x < 3 & y > 1; <b>not bold</b> &amp;" in text
    assert reader.metadata is not None and reader.metadata.title.startswith("Odd <deck> & co")


def test_deck_text_cannot_open_a_block(tmp_path: Path) -> None:
    path = write_deck(tmp_path, "# Not a heading", "@gallery | - not a list")
    deck = load_deck(str(path))
    blocks = rulebook_blocks(deck, "en")
    titles = [b.text for b in blocks if isinstance(b, Heading)]
    assert "&#35; Not a heading" in titles  # the card's own section, its name escaped
    assert "Not a heading" not in titles
    assert sum(isinstance(b, Directive) and b.name == "gallery" for b in blocks) == 1
    text = flat(" ".join(p.extract_text()
                         for p in PdfReader(BytesIO(rulebook_pdf(deck, "en"))).pages))
    assert "@gallery | - not a list" in text


def test_templates_run_in_a_sandbox() -> None:
    template = environment().from_string("{{ count.__globals__ }}")
    with pytest.raises(SecurityError):
        template.render(count=lambda: 0)


def test_escape_text() -> None:
    assert escape_text("a < b & c") == "a &lt; b &amp; c"
    assert escape_text("- item") == "&#45; item"
    assert escape_text("2. step") == "&#50;. step"
    assert escape_text("one\ntwo  three") == "one two three"


# --- the block syntax ----------------------------------------------------------------------------

def test_parse_reads_every_kind_of_block() -> None:
    blocks = parse(
        "# Chapter\n\nA paragraph\non two lines.\n\n- one\n  continued\n- two\n\n"
        "1. first\n2. second\n\n> <b>Example.</b> boxed\n>\n> second part\n\n"
        "@table 2 1\n| a | b |\n|---|---|\n| c | d |\n\n@card red-7\n### Inside\nRule.\n@end\n"
        "@cards\n@quickref\n# Quick\nLast.\n")
    assert blocks == [
        Heading(1, "Chapter"),
        Paragraph("A paragraph on two lines."),
        ItemList(("one continued", "two"), numbered=False),
        ItemList(("first", "second"), numbered=True),
        Example(("<b>Example.</b> boxed", "second part")),
        Table((2.0, 1.0), (("a", "b"), ("c", "d")), header_rows=1),
        CardBlock("red-7", (Heading(3, "Inside"), Paragraph("Rule."))),
        Directive("cards"),
        QuickReference((Heading(1, "Quick"), Paragraph("Last."))),
    ]


@pytest.mark.parametrize(("source", "message"), [
    ("@nope\n", "unknown directive '@nope'"),
    ("@table 1 1\n| a |\n", "this row has 1 cells but @table gave 2 widths"),
    ("@card x\ntext\n", "@card block is not closed by @end"),
    ("@end\n", "@end without an @card above it"),
    ("#Heading\n", "a heading is '#', '##' or '###' and a space"),
])
def test_parse_errors_name_the_template_and_line(source: str, message: str) -> None:
    with pytest.raises(TemplateSyntaxError, match=re.escape(message)) as error:
        parse(source, "demo.md.j2")
    assert "demo.md.j2, rendered line" in str(error.value)


def test_balanced_columns_keep_order_and_fit_the_page() -> None:
    heights = [12.0] * 74 + [24.0] * 3
    pages = balanced_columns(heights, 3, 400)
    assert [i for page in pages for column in page for i in column] == list(range(77))
    assert all(sum(heights[i] for i in column) <= 400 for page in pages for column in page)
    assert len(pages) == 1 and [len(c) for c in pages[0]] == [26, 26, 25]


# --- the command -------------------------------------------------------------------------------

def test_rulebook_command_writes_the_pdf(tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"
    result = CliRunner().invoke(main, ["rulebook", "unplugged", "--lang", "fr", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output == f"wrote {out}\n"
    assert out.read_bytes() == pdf_of("unplugged", "fr")


def test_rulebook_command_refuses_a_bad_deck_without_writing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "Bad"\n[cards]\nred-77 = 2\n', encoding="utf-8")
    out = tmp_path / "book.pdf"
    result = CliRunner().invoke(main, ["rulebook", str(bad), "--lang", "en", "-o", str(out)])
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: {bad}: unknown card 'red-77'")
    assert len(result.output.strip().splitlines()) == 1
    assert not out.exists() and list(tmp_path.iterdir()) == [bad]


def test_rulebook_command_needs_a_language() -> None:
    result = CliRunner().invoke(main, ["rulebook", "classic"])
    assert result.exit_code == 2 and "--lang" in result.output


@pytest.mark.slow  # every built-in deck built; test_rulebook_command_writes_the_pdf is quick
def test_build_writes_both_rulebooks_of_every_builtin_deck(tmp_path: Path) -> None:
    # Shared by two processes, the books are the bytes one process makes of each alone.
    written = list(build_all(BuildSettings(tmp_path), workers=2))
    for ref in builtin_names():
        for lang in ("fr", "en"):
            path = tmp_path / f"{ref}-rulebook-{lang}.pdf"
            assert path in written
            assert path.read_bytes() == pdf_of(ref, lang)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler's pdftoppm is missing")
def test_every_page_renders(tmp_path: Path) -> None:
    source = tmp_path / "book.pdf"
    source.write_bytes(pdf_of("unplugged", "en"))
    subprocess.run(["pdftoppm", "-r", "20", "-png", str(source), str(tmp_path / "page")],
                   check=True, capture_output=True)
    assert len(list(tmp_path.glob("page-*.png"))) == len(reader_of("unplugged", "en").pages)


# --- what the title page and the optional rules say a deck is ----------------------------


def rulebook_of(tmp_path: Path, deck: Path, lang: str) -> PdfReader:
    """The rulebook `cardgen rulebook DECK` writes, read back."""
    pdf = tmp_path / f"{deck.stem}-{lang}.pdf"
    result = CliRunner().invoke(main, ["rulebook", str(deck), "--lang", lang, "-o", str(pdf)])
    assert result.exit_code == 0, result.output
    return PdfReader(pdf)


@pytest.mark.parametrize(("lang", "claim", "derived"), [
    ("en", "The official 108-card deck", "A deck derived from “Classic UNO” (108 cards). "
                                         "112 cards · 2 to 10 players"),
    ("fr", "Le jeu officiel de 108 cartes", "Un paquet dérivé de « UNO classique » "
                                            "(108 cartes). 112 cartes · 2 à 10 joueurs"),
])
def test_a_derived_deck_with_other_cards_does_not_claim_to_be_its_base(
        tmp_path: Path, lang: str, claim: str, derived: str) -> None:
    """A deck file with no description inherits its base's ("The official 108-card deck
    and its rules."), false once the cards change: the title page says what it is."""
    deck = tmp_path / "wilder.toml"
    deck.write_text('name = "Wilder"\nbase = "classic"\n[cards]\nwild = 8\n', encoding="utf-8")
    reader = rulebook_of(tmp_path, deck, lang)
    title = flat(reader.pages[0].extract_text())
    assert claim not in title
    assert derived in title
    assert reader.metadata is not None and claim not in str(reader.metadata.subject)
    # A deck a level further down that changes nothing is still not the classic deck.
    child = tmp_path / "child.toml"
    child.write_text('name = "Child"\nbase = "wilder.toml"\n', encoding="utf-8")
    title = flat(rulebook_of(tmp_path, child, lang).pages[0].extract_text())
    assert claim not in title
    assert ("“Wilder” (112 cards)" if lang == "en" else "« Wilder » (112 cartes)") in title


@pytest.mark.parametrize(("ref", "lang", "description"), [
    ("classic", "en", "The official 108-card deck and its rules."),
    ("unplugged", "fr", "La variante de fans aux quinze nouvelles cartes"),
    (str(EXAMPLES / "party.toml"), "fr", "Le jeu classique arrosé de cartes Déluge."),
])
def test_a_deck_keeps_the_description_it_writes(ref: str, lang: str, description: str) -> None:
    assert description in flat(reader_of(ref, lang).pages[0].extract_text())


def test_an_inherited_description_stays_while_cards_and_rules_are_the_base_s(
        tmp_path: Path) -> None:
    deck = tmp_path / "renamed.toml"
    deck.write_text('name = "Renamed"\nbase = "classic"\n', encoding="utf-8")
    title = flat(rulebook_of(tmp_path, deck, "en").pages[0].extract_text())
    assert "The official 108-card deck and its rules." in title


@pytest.mark.parametrize(("lang", "own", "other"), [
    ("en", "The optional rules of this deck", "Other optional rules"),
    ("fr", "Les règles optionnelles de ce paquet", "Autres règles optionnelles"),
])
def test_the_rules_a_deck_plays_are_its_own_never_other_rules(lang: str, own: str,
                                                              other: str) -> None:
    """Uno Unplugged plays its table rules (the engine turns them on from its rule text),
    lowest-score and rotate-dealer: all three are the deck's rules. The rules they are
    made of are played already and one they conflict with cannot be added: neither is
    offered among the others."""
    text = text_of("unplugged", lang)
    start, split = text.rindex(own), text.rindex(other)  # past the table of contents
    assert start < split
    deck_rules, other_rules = text[start:split], text[split:]
    for name in ("unplugged", "lowest-score", "rotate-dealer"):
        assert f"({name})" in deck_rules, name
        assert f"({name})" not in other_rules, name
    assert deck_rules.index("(unplugged)") < deck_rules.index("(lowest-score)")
    for name in ("first-reverse-right", "dealer-names-first-color",  # in unplugged
                 "challenge-takes-back"):  # conflicts with it
        assert f"({name})" not in other_rules, name
    assert "(stack-draws)" in other_rules  # a rule a table may still add
