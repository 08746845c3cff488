"""Every rulebook cardgen can make, read back from its PDF as a reader would read it.

Each built-in deck, each example and a deck with a rule text of its own (using every
Markdown mark the reader knows) is built in both languages on both papers; the text
pypdf extracts must hold nothing of the machinery that made it: no directive, no jinja2
tag, no Markdown or paragraph markup, no card id where a name belongs, no list item
glued to the sentence before it, no Python value. The pages are turned as a reader turns
them too: the gallery does not leave its last page mostly empty, and a sentence
announcing a table shares its page (rendered with pypdfium2 at a low resolution; a
page's fill is how far down its text frame the lowest inked pixel sits). Each PDF is
built once, in the one worker that runs this file.
"""

from __future__ import annotations

import re
from functools import cache
from io import BytesIO
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from helpers.rulebook_pdfs import DECKS, HOME_PAPERS, OWN_TEXT, deck_id, rulebook_bytes
from jinja2 import DictLoader
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle

from cardgen.catalogue import catalogue
from cardgen.deck.load import load_deck
from cardgen.rulebook import LANGS, rulebook_blocks
from cardgen.rulebook.document import paragraph
from cardgen.rulebook.markup import CardBlock, Heading, Paragraph, block_texts
from cardgen.rulebook.pictures import last_page_share
from cardgen.rulebook.templates import labels, sandbox, style_sheet
from cardgen.typography import register_fonts

#: What the machinery leaves when a text is not read as it should be, with what it means.
LEAKS = [
    (re.compile(r"@(?:table|cards?|gallery|pagebreak|quickref|end)\b|^\s*@\w+", re.M),
     "a directive printed as text"),
    (re.compile(r"\{\{|\}\}|\{%|%\}|\{#|#\}"), "a jinja2 tag"),
    (re.compile(r"\*\*|__|^\s*#{1,6}\s|`|\[[^\]\n]+\]\([^)\n]*\)", re.M), "a Markdown mark"),
    (re.compile(r"</?(?:b|i|font|br)\b[^>]*>|&(?:#\d+|[a-z]+);"), "paragraph markup"),
    (re.compile(r"[a-z.:;!?»)]- +[A-Z0-9«\"“]"), "a list item glued to the sentence before"),
    # "None of them" is English; "Points: None" is Python.
    (re.compile(r"\b(?:None|True|False)\b(?! [a-z])"), "a Python value"),
]
#: Quotes each language sets its own way: “ ” in English, « » in French. (The narrow
#: no-break spaces inside « » come out of the PDF as plain spaces: the blocks are read
#: for them, in test_french_quotes_hold_narrow_no_break_spaces.)
QUOTE_LEAKS = {
    "en": [(re.compile(r'"|«|»'), "a quote not set in English")],
    "fr": [(re.compile(r'"|“|”'), "a quote not set in French")],
}


@cache
def rulebook_text(ref: str, lang: str, paper: str) -> str:
    reader = PdfReader(BytesIO(rulebook_bytes(ref, lang, paper)))
    return "\n".join(page.extract_text() for page in reader.pages)


@cache
def card_keys(ref: str, lang: str) -> frozenset[str]:
    """Ids and kind keys of the catalogue's and the deck's cards that are not words a
    reader may meet in this language: "wild-draw-four", "red-7", "generosite" are, but
    "wild" (a word of "Wild") and "non" (of "Non !") are not, nor "+2" or "7"."""
    cards = {**catalogue().cards, **load_deck(ref).cards}
    keys = {key for card in cards.values() for key in (card.id, card.symbol)}
    words = {word.lower() for card in cards.values()
             for text in (card.name[lang], card.plural[lang]) for word in text.split()}
    return frozenset(key for key in keys
                     if key.lower() not in words and not re.fullmatch(r"[+\d?x]+", key))


def leaks(text: str, keys: frozenset[str] = frozenset(), lang: str | None = None
          ) -> list[str]:
    """Each line of ``text`` that shows the machinery, with what it shows; with a
    ``lang``, also each quote not set in its typography."""
    found = []
    id_pattern = re.compile(r"(?<![\w+-])(?:" + "|".join(
        re.escape(key) for key in sorted(keys, key=len, reverse=True)) + r")(?![\w-])"
    ) if keys else None
    for line in text.splitlines():
        for pattern, what in LEAKS + QUOTE_LEAKS.get(lang or "", []):
            if pattern.search(line):
                found.append(f"{what}: {line!r}")
        if id_pattern is not None and (match := id_pattern.search(line)):
            found.append(f"the card id {match.group(0)!r} where a name belongs: {line!r}")
    return found


@pytest.mark.parametrize("paper", HOME_PAPERS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ref", DECKS, ids=deck_id)
def test_a_rulebook_shows_no_machinery(ref: str, lang: str, paper: str) -> None:
    text = rulebook_text(ref, lang, paper)
    assert len(text) > 2000  # the text was read at all
    found = leaks(text, card_keys(ref, lang), lang)
    assert not found, f"{Path(ref).stem} ({lang}, {paper}):\n" + "\n".join(found)


@pytest.mark.parametrize(("line", "what"), [
    ("The cards@table 2.5 1.3 1.4 7", "a directive"),
    ("@gallery", "a directive"),
    ("It costs {{ points('wild') }}.", "a jinja2 tag"),
    ("{% if x %}", "a jinja2 tag"),
    ("A **bold** move", "a Markdown mark"),
    ("## Setting up", "a Markdown mark"),
    ("see [the rules](rules.md)", "a Markdown mark"),
    ("Type `cardgen`", "a Markdown mark"),
    ("a <b>bold</b> claim", "paragraph markup"),
    ("3 &amp; 4", "paragraph markup"),
    ("it only has to match.- 24 coloured action cards", "a list item glued"),
    ("avec la carte du dessus.- 24 cartes", "a list item glued"),
    ("Points: None", "a Python value"),
])
def test_the_reading_sees_each_leak(line: str, what: str) -> None:
    found = leaks(f"A clean line.\n{line}\nAnother clean line.")
    assert len(found) == 1 and found[0].startswith(what), found


@pytest.mark.parametrize(("lang", "line", "leaked"), [
    ("en", 'Call "UNO!" now.', True),
    ("en", "Call “UNO!” now.", False),
    ("en", "Call « UNO! » now.", True),
    ("fr", 'Dites "UNO !" maintenant.', True),
    ("fr", "Dites “UNO !” maintenant.", True),
    ("fr", "Dites « UNO ! » maintenant.", False),
])
def test_the_reading_sees_quotes_set_the_wrong_way(lang: str, line: str, leaked: bool) -> None:
    assert bool(leaks(line, lang=lang)) == leaked


def test_the_reading_sees_a_card_id_but_not_a_name() -> None:
    keys = card_keys("unplugged", "fr")
    assert {"wild-draw-four", "red-7", "generosite", "vache-folle"} <= keys
    assert "non" not in keys and "vache" not in keys  # "Non !", "Vache": words of names
    assert leaks("Posez un wild-draw-four.", keys)
    assert leaks("Générosité : donnez (generosite).", keys)
    assert not leaks("Posez un Joker, puis dites non à la Vache folle.", keys)


def render(source: str, **values: object) -> str:
    return sandbox(DictLoader({"text": source})).get_template("text").render(values)


@pytest.mark.parametrize("numbers_act", [True, False])
def test_a_tag_that_ends_a_line_of_text_keeps_its_line_break(numbers_act: bool) -> None:
    """The classic text's list of cards: the item about numbers ends in {% endif %}."""
    source = ("- numbers. {% if numbers_act %}Some act.{% else %}No effect.{% endif %}\n"
              "{% if actions %}\n- 24 action cards.\n{% endif %}\n")
    assert render(source, numbers_act=numbers_act, actions=True) == (
        f"- numbers. {'Some act.' if numbers_act else 'No effect.'}\n- 24 action cards.\n")


def test_a_line_of_tags_alone_still_prints_nothing() -> None:
    source = "- a\n{% if b %}\n- b\n{% endif %}\n{% for c in cs %}\n- {{ c }}\n{% endfor %}\n"
    assert render(source, b=False, cs=["c", "d"]) == "- a\n- c\n- d\n"


def test_a_comment_never_joins_the_lines_around_it() -> None:
    """Unplugged's quick reference: a comment between a heading and a table."""
    source = ("{% macro table() %}\n@table 2 1\n| a | b |\n{% endmacro %}\n"
              "## The cards\n\n{#- Why the table says so. -#}\n{{ table() }}\n")
    assert render(source).splitlines() == ["## The cards", "", "@table 2 1", "| a | b |", ""]


def test_an_own_text_heading_stays_apart_from_the_comment_and_text_below() -> None:
    blocks = rulebook_blocks(load_deck(str(OWN_TEXT)), "en")
    assert blocks[:2] == [Heading(1, "The Lighthouse"), Paragraph(
        "<i>The</i> classic game, with a <b>lighthouse</b> and a <b><i>foghorn</i></b> on the "
        'coast. The keeper says “Lights out!” at ten, and <i>nobody</i> argues with the '
        "<b>keeper</b>.")]


@pytest.mark.parametrize("ref", DECKS, ids=deck_id)
def test_french_quotes_hold_narrow_no_break_spaces(ref: str) -> None:
    text = "\n".join(block_texts(rulebook_blocks(load_deck(ref), "fr")))
    assert text.count("«") == text.count("»") > 0
    assert not re.search("«(?!\u202f)|(?<!\u202f)»", text)


def line_texts(text: str, style: ParagraphStyle, width: float) -> list[str]:
    """The lines reportlab breaks the paragraph into, ``width`` points wide."""
    laid = paragraph(text, style, "fr")
    laid.wrap(width, 1000)
    return ["".join(frag.text for frag in line.words) if hasattr(line, "words")
            else " ".join(line[1]) for line in laid.blPara.lines]


def test_a_narrow_no_break_space_never_ends_a_line() -> None:
    """reportlab breaks lines at U+202F; the layout draws it so that it cannot. The
    quotation is set in columns of many widths, so that lines end all around it."""
    register_fonts()
    style = ParagraphStyle("test", fontName="Sans", fontSize=10, leading=12)
    text = "mot mot mot «\u202fUNO\u00a0!\u202f» mot mot «\u202fJe te défie\u00a0!\u202f» mot"
    for width in range(50, 200, 3):  # narrower, "« UNO ! »" is cut as a word too long
        lines = line_texts(text, style, width)
        assert not [line for line in lines
                    if line.startswith(("»", "!", "\u202f")) or line.endswith("«")], (width, lines)


@pytest.mark.parametrize(("lang", "rule"), [
    ("en", "All your opponents draw 1 card. Then call the colour. It goes on any card."),
    ("fr", "Tous vos adversaires piochent 1 carte. Annoncez ensuite la couleur. Elle se pose "
           "sur n'importe quelle carte."),
])
def test_an_own_card_without_a_caption_has_its_rule_said_once(
        tmp_path: Path, lang: str, rule: str) -> None:
    """Its caption is made from its effect: "In play: …" would say it again."""
    deck = tmp_path / "drizzle.toml"
    deck.write_text('name = "Drizzle"\nbase = "classic"\n\n[cards]\ndrizzle = 2\n\n'
                    '[[card]]\nid = "drizzle"\neffect = "downpour"\nparams = { amount = 1 }\n'
                    'points = 50\nname = { fr = "Bruine", en = "Drizzle" }\n', encoding="utf-8")
    section = next(block for block in rulebook_blocks(load_deck(str(deck)), lang)
                   if isinstance(block, CardBlock) and block.card_id == "drizzle")
    texts = [text.replace("\u00a0", " ") for text in block_texts(section.body)]
    assert len(texts) == 2 and texts[1].startswith(rule), texts


# --- the pages as a reader turns them ---------------------------------------------

DPI = 24
INK = 200  # a grey level darker than this is ink


def page_fill(page: Image.Image) -> float:
    """The share of the page's text frame, from its top, that holds something."""
    page_style = style_sheet()["page"]
    pixels_per_mm = DPI / 25.4
    top = round(page_style["margin_mm"] * pixels_per_mm)
    bottom = page.height - round(page_style["bottom_margin_mm"] * pixels_per_mm)
    frame = page.convert("L").crop((0, top, page.width, bottom))
    box = frame.point(lambda v: 255 if v < INK else 0).getbbox()
    return box[3] / frame.height if box else 0.0


def pages_of(ref: str, lang: str, paper: str) -> tuple[list[Image.Image], list[str]]:
    document = pdfium.PdfDocument(rulebook_bytes(ref, lang, paper))
    try:
        images = [page.render(scale=DPI / 72).to_pil() for page in document]
        texts = [" ".join(page.get_textpage().get_text_range().split()) for page in document]
    finally:
        document.close()
    return images, texts


@pytest.mark.parametrize("paper", HOME_PAPERS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ref", DECKS, ids=deck_id)
def test_the_gallery_leaves_no_page_two_thirds_empty(ref: str, lang: str, paper: str
                                                       ) -> None:
    """Every text ends with the gallery, then the one-page quick reference: the page
    before the quick reference is the gallery's last."""
    images, texts = pages_of(ref, lang, paper)
    gallery = [i for i, text in enumerate(texts) if labels(lang)["gallery"] in text][-1]
    assert gallery < len(texts) - 1
    last = len(texts) - 2
    share = float(style_sheet()["gallery"]["last_page_share"])
    assert page_fill(images[last]) >= share, (
        f"page {last + 1} is {page_fill(images[last]):.0%} full")


ANNOUNCES = {"en": "The table below", "fr": "Le tableau ci-dessous"}


@pytest.mark.parametrize("paper", HOME_PAPERS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ref", DECKS, ids=deck_id)
def test_a_sentence_announcing_a_table_shares_its_page(ref: str, lang: str, paper: str
                                                       ) -> None:
    _, texts = pages_of(ref, lang, paper)
    pages = [text for text in texts if ANNOUNCES[lang] in text]
    assert pages  # every text here announces the card table, or a table of its own
    for text in pages:
        after = text[text.index(ANNOUNCES[lang]):]
        assert labels(lang)["points"] in after, f"the table is not on the page: {after!r}"


def test_the_share_of_the_last_page() -> None:
    assert last_page_share([40] * 5, 100, 200) == (2, 0.6)  # 2 rows, then 3 of 5
    assert last_page_share([40] * 2, 100, 200) == (1, 0.4)
    assert last_page_share([120, 40], 100, 200) == (2, 0.8)  # the first row did not fit
