"""A deck's own rule text: a Markdown file per language next to the deck file.

Each rulebook is built by the real command and read back from the PDF with pdfplumber;
each bad text is refused with its exact one-line message, exit 1 and nothing written.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from helpers.paths import EXAMPLES

from cardgen.cli import main
from cardgen.deck.load import load_deck
from cardgen.rulebook import rulebook_blocks
from cardgen.rulebook.markdown import origins, to_block_syntax
from cardgen.rulebook.markup import CardBlock, Heading, Table, parse

NIGHT_TRAIN = EXAMPLES / "night-train.toml"


def flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def pdf_words(path: Path) -> tuple[str, list[dict[str, object]]]:
    """The whole text of a PDF, and its characters with their fonts."""
    with pdfplumber.open(path) as pdf:
        text = flat(" ".join(page.extract_text() or "" for page in pdf.pages))
        chars = [char for page in pdf.pages for char in page.chars]
    return text, chars


def build(deck: Path | str, lang: str, out: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["rulebook", str(deck), "--lang", lang, "-o", str(out)])
    return result.exit_code, result.output


@cache
def night_train(lang: str, folder: str) -> tuple[str, list[dict[str, object]]]:
    out = Path(folder) / f"night-train-{lang}.pdf"
    code, output = build(NIGHT_TRAIN, lang, out)
    assert code == 0, output
    return pdf_words(out)


def bold_text(chars: list[dict[str, object]]) -> str:
    return "".join(str(c["text"]) for c in chars if str(c["fontname"]).endswith("Bold"))


# --- the example variant ------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "own", "builtin"), [
    ("en", ["All aboard! The night train leaves at a quarter past ten",
            "The train dives into a tunnel and the lights go out.",
            "Manners on board",
            "Departure deal seven cards each, as usual"],
     ["Challenging a Wild Draw Four", "Calling “UNO!”"]),
    ("fr", ["En voiture ! Le train de nuit part à vingt-deux heures quinze",
            "Le train s'engouffre dans un tunnel et la lumière s'éteint.",
            "Les usages à bord",
            "Départ on distribue sept cartes à chacun, comme d'habitude"],
     # pdfplumber reads no space in the narrow no-break spaces inside « ».
     ["Défier un +4 (Super Joker)", "Annoncer «UNO !»"]),
])
def test_the_example_variant_builds_its_own_rulebook_in_both_languages(
        tmp_path_factory: pytest.TempPathFactory, lang: str, own: list[str],
        builtin: list[str]) -> None:
    text, chars = night_train(lang, str(tmp_path_factory.mktemp(lang)))
    for sentence in own + builtin:  # its own text, and the classic text it extends
        assert sentence in text
    # Markdown's **…** is set in the bold font: the deck's name in the first paragraph.
    assert {"en": "Night Train", "fr": "Train de nuit"}[lang] in bold_text(chars)
    assert {"en": "wholehand", "fr": "toutesamain"}[lang] in bold_text(chars).replace(" ", "")


def test_the_example_deck_file_reads_its_rule_texts() -> None:
    deck = load_deck(str(NIGHT_TRAIN))
    assert deck.problems == []
    assert deck.rulebook == "classic"
    assert {lang: text.label for lang, text in deck.rule_texts.items()} == {
        "fr": str(EXAMPLES / "night-train.fr.md"), "en": str(EXAMPLES / "night-train.en.md")}


def test_a_deck_built_on_the_example_inherits_its_rule_texts(tmp_path: Path) -> None:
    (tmp_path / "longer.toml").write_text(
        f'name = "Longer train"\nbase = "{NIGHT_TRAIN.as_posix()}"\n[cards]\ntunnel = 4\n',
        encoding="utf-8")
    deck = load_deck(str(tmp_path / "longer.toml"))
    assert deck.errors == []
    assert deck.rule_texts == load_deck(str(NIGHT_TRAIN)).rule_texts


def test_the_old_string_form_still_picks_a_builtin_text(tmp_path: Path) -> None:
    (tmp_path / "d.toml").write_text('name = "D"\nbase = "classic"\nrulebook = "house"\n',
                                     encoding="utf-8")
    deck = load_deck(str(tmp_path / "d.toml"))
    assert deck.problems == [] and deck.rulebook == "house" and deck.rule_texts == {}


# --- extending, replacing, and the cards a text leaves out ------------------------------------

ZAP_DECK = (
    'name = "Zap"\nbase = "classic"\n'
    '[rulebook]\nen = "rules.en.md"\nfr = "rules.fr.md"\n'
    "[cards]\nzap = 3\n"
    '[[card]]\nid = "zap"\neffect = "skip"\npoints = 15\n'
    'name = { fr = "Zap", en = "Zap" }\n'
    'plural = { fr = "Zaps", en = "Zaps" }\n'
    'caption = { fr = "Zappez le suivant.", en = "Zap the next one." }\n'
)


def zap_deck(folder: Path, en: str, fr: str = "# Règles\n\nOn joue.\n") -> Path:
    (folder / "rules.en.md").write_text(en, encoding="utf-8")
    (folder / "rules.fr.md").write_text(fr, encoding="utf-8")
    path = folder / "zap.toml"
    path.write_text(ZAP_DECK, encoding="utf-8")
    return path


def test_a_block_override_replaces_the_builtin_section(tmp_path: Path) -> None:
    deck = zap_deck(tmp_path, '{% extends "classic" %}\n{% block scoring %}\n'
                              "## Doughnuts\n\nOnly **doughnuts** count, {{ deck.name }}.\n"
                              "{% endblock %}\n")
    code, output = build(deck, "en", tmp_path / "book.pdf")
    assert code == 0, output
    text, chars = pdf_words(tmp_path / "book.pdf")
    assert "Scoring Doughnuts Only doughnuts count, Zap." in text
    assert "doughnuts" in bold_text(chars)
    assert "The usual count: the winner collects" not in text  # the block it replaced
    assert "When you cannot play" in text  # the classic blocks it left alone


def test_super_keeps_the_builtin_section_after_the_texts_own(tmp_path: Path) -> None:
    deck = zap_deck(tmp_path, '{% extends "classic" %}\n{% block uno %}\n'
                              "## Quietly\n\nSay it softly.\n\n{{ super() }}\n{% endblock %}\n")
    blocks = rulebook_blocks(load_deck(str(deck)), "en")
    titles = [b.text for b in blocks if isinstance(b, Heading)]
    assert titles[titles.index("Quietly") + 1:][:2] == ["Calling “UNO!”", "Winning the round"]


def test_a_standalone_text_replaces_the_builtin_one(tmp_path: Path) -> None:
    deck = zap_deck(tmp_path, "# Our game\n\nDeal *five* cards each.\n\n@cards\n")
    code, output = build(deck, "en", tmp_path / "book.pdf")
    assert code == 0, output
    text, _ = pdf_words(tmp_path / "book.pdf")
    assert "Our game Deal five cards each." in text
    assert "The game in a nutshell" not in text and "Quick reference" not in text


def in_order(text: str, pieces: list[str]) -> bool:
    """Every piece is in ``text``, each after the one before."""
    at = 0
    for piece in pieces:
        found = text.find(piece, at)
        if found < 0:
            return False
        at = found + len(piece)
    return True


@pytest.mark.parametrize(("lang", "section"), [
    # The card's picture sits beside its text, so its face's words come in between.
    ("en", ["Just play. Cards of this deck's own This card does not come from the usual game. "
            "Here is what it does. Zap 3 cards · 15 points", "Zap the next one.",
            "In play: The next player misses a turn."]),
    ("fr", ["On joue. Les cartes propres à ce paquet Cette carte ne vient pas du jeu "
            "habituel. Voici ce qu'elle fait. Zap 3 cartes · 15 points", "Zappez le suivant.",
            "En jeu : Le joueur suivant passe son tour."]),
])
def test_an_own_card_the_text_leaves_out_gets_a_section_from_its_caption_and_effect(
        tmp_path: Path, lang: str, section: list[str]) -> None:
    deck = zap_deck(tmp_path, "# Rules\n\nJust play.\n", "# Règles\n\nOn joue.\n")
    code, output = build(deck, lang, tmp_path / "book.pdf")
    assert code == 0, output
    text, _ = pdf_words(tmp_path / "book.pdf")
    assert in_order(text, section)


def test_an_own_card_the_text_describes_gets_no_second_section(tmp_path: Path) -> None:
    deck = zap_deck(tmp_path, "# Rules\n\n@card zap\nZap means zap.\n@end\n\n@gallery\n")
    blocks = rulebook_blocks(load_deck(str(deck)), "en")
    assert [b.card_id for b in blocks if isinstance(b, CardBlock)] == ["zap"]
    assert not any(isinstance(b, Heading) and b.text == "Cards of this deck's own"
                   for b in blocks)


def test_left_out_cards_go_before_the_gallery(tmp_path: Path) -> None:
    deck = zap_deck(tmp_path, "# Rules\n\nJust play.\n\n@gallery\n")
    blocks = rulebook_blocks(load_deck(str(deck)), "en")
    chapter = next(i for i, b in enumerate(blocks)
                   if isinstance(b, Heading) and b.text == "Cards of this deck's own")
    assert [type(b).__name__ for b in blocks[chapter:]][-2:] == ["CardBlock", "Directive"]


def test_a_byte_order_mark_and_windows_line_ends_are_read(tmp_path: Path) -> None:
    deck = zap_deck(tmp_path, "")
    (tmp_path / "rules.en.md").write_bytes("\ufeff# Rules\r\n\r\nLine **one**.\r\n".encode())
    blocks = rulebook_blocks(load_deck(str(deck)), "en")
    assert blocks[:2] == [Heading(1, "Rules"), parse("Line <b>one</b>.")[0]]


# --- the Markdown subset --------------------------------------------------------------------

@pytest.mark.parametrize(("markdown", "blocks"), [
    ("## Title ##", "## Title"),
    ("##### Deep", "### Deep"),
    ("#hashtag", "&#35;hashtag"),
    ("* one\n+ two\n1) three", "- one\n- two\n1. three"),
    ("**bold** *it* __b__ _i_ ***both***", "<b>bold</b> <i>it</i> <b>b</b> <i>i</i> "
                                           "<b><i>both</i></b>"),
    ("snake_case_name 2 * 3 * 4", "snake_case_name 2 * 3 * 4"),
    ("**a *b** c*", "**a <i>b** c</i>"),  # runs never cross: tags stay well nested
    ("a < b & c > d", "a &lt; b &amp; c &gt; d"),
    ("\\*not\\* \\@home", "&#42;not&#42; &#64;home"),
    ("> **Example.** boxed", "> <b>Example.</b> boxed"),
    ("| a \\| b | *c* |", "| a &#124; b | <i>c</i> |"),
    ("---", ""),
    ("**{{ deck.name }}** {% if x %}*y*{% endif %}",
     "<b>{{ deck.name }}</b> {% if x %}<i>y</i>{% endif %}"),
    ("{{ 2 * 3 }} and {# a *comment* #}", "{{ 2 * 3 }} and {# a *comment* #}"),
    ("@card {{ k.id }}\ntext\n@end", "@card {{ k.id }}\ntext\n@end"),
])
def test_markdown_reads_into_the_block_syntax(markdown: str, blocks: str) -> None:
    assert to_block_syntax(markdown, "x.md") == blocks


def test_marks_name_each_lines_file_and_line_without_changing_the_text() -> None:
    marked = to_block_syntax("# A\n{% if x %}\nb {{ y }} {% endif %}\n", "x.md", file_index=0)
    assert marked == ("# A\ue0020.1\ue003\n{% if x %}\n"
                      "b {{ y }}\ue0020.3\ue003 {% endif %}\n")
    assert origins("# A\ue0020.1\ue003\nplain\nb\ue0021.3\ue003\n", ["x.md", "y.md"]) == (
        "# A\nplain\nb\n", ["x.md, line 1", None, "y.md, line 3"])


def test_every_line_stays_on_its_line() -> None:
    source = "# A\n{% if x\n   and y %}\n*b*\n{{ c\n}}\n\n- d\n"
    assert to_block_syntax(source, "x.md").count("\n") == source.count("\n")


def test_a_table_without_widths_gets_even_columns() -> None:
    [table] = parse("| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n")
    assert table == Table((1.0, 1.0, 1.0), (("a", "b", "c"), ("1", "2", "3")), header_rows=1)


# --- errors: one line naming the file and line, exit 1, nothing written --------------------------

def refusal(folder: Path, monkeypatch: pytest.MonkeyPatch, lang: str = "en") -> str:
    monkeypatch.chdir(folder)
    before = sorted(folder.iterdir())
    result = CliRunner().invoke(main, ["rulebook", "zap.toml", "--lang", lang, "-o", "out.pdf"])
    assert result.exit_code == 1, result.output
    assert sorted(folder.iterdir()) == before  # nothing written
    assert "Traceback" not in result.output and result.output.count("\n") == 1
    return result.output.removeprefix("Error: ").rstrip("\n")


HINT = "a rule text can use only the variables docs/rulebooks.md lists"


@pytest.mark.parametrize(("text", "message"), [
    ("# Hi\n\n{% if %}\n",
     "rules.en.md, line 3: Expected an expression, got 'end of statement block'; check the "
     "{% %} and {{ }} tags up to that line"),
    ("# Hi\n{% block a %}\ntext\n",
     "rules.en.md, line 3: Unexpected end of template. Jinja was looking for the following "
     "tags: 'endblock'. The innermost block that needs to be closed is 'block'; check the "
     "{% %} and {{ }} tags up to that line"),
    ("# Hi\n\nText {{ nope }}\n", f"rules.en.md, line 3: 'nope' is not a variable; {HINT}"),
    ("# Hi\n{{ deck.nme }}\n", f"rules.en.md, line 2: there is no 'nme' in that variable; {HINT}"),
    ("# Hi\n{{ count.__globals__ }}\n",
     "rules.en.md, line 2: the sandbox refuses this (access to attribute '__globals__' of "
     f"'function' object is unsafe); {HINT}"),
    ("# Hi\n{% include \"missing.md\" %}\n",
     "rules.en.md, line 2: there is no built-in text or file 'missing.md'; extend or import "
     "classic, house, unplugged or _shared, or name a file next to the deck file"),
    ("{% extends \"clasic\" %}\n",
     "rules.en.md, line 1: there is no built-in text or file 'clasic'; did you mean 'classic'?"),
    ("# Hi\n\n{% include \"../secret.md\" %}\n",
     "rules.en.md, line 3: '../secret.md' is outside the deck file's folder; a rule text may "
     "only use files next to the deck file (or in a folder below it)"),
    ("# Hi\n{% include \"rules.en.md\" %}\n",
     "rules.en.md, line 2: the text includes itself (or a macro calls itself) without end; "
     "break the loop"),
    ("# Hi\n{{ 1 / 0 }}\n",
     "rules.en.md, line 2: this expression fails (ZeroDivisionError: division by zero); fix it"),
    ("# Hi\n\n@galery\n",
     "rules.en.md, line 3: '@galery' is not a directive (they are @card, @end, @table, @cards, "
     "@gallery, @pagebreak, @quickref); write \\@ for a plain @"),
    ("# Hi\n\n@card zapp\nZap!\n@end\n",
     "rules.en.md, line 3: '@card zapp' names no card of this deck; did you mean 'zap'?"),
    ("# Hi\n\n@card zap\nZap!\n",
     "rules.en.md, line 3: @card block is not closed by @end; add a line @end after the "
     "card's text"),
    ("# Hi\n\nText.\n@end\n", "rules.en.md, line 4: @end without an @card above it"),
    # A misspelt block would be dropped without a word: the built-in text printed instead.
    ('{% extends "classic" %}\n{% block intro_text %}\nHi.\n{% endblock %}\n',
     "rules.en.md, line 2: \"classic\" has no block 'intro_text', so its text would never "
     "print; its blocks are intro, cards_intro, setup, turn, card_rule, extra_chapters, uno, "
     "scoring, variants, options, quickref; did you mean 'intro'?"),
    ('{% extends "house" %}\n\n{% block zzz %}\nHi.\n{% endblock %}\n',
     "rules.en.md, line 3: \"house\" has no block 'zzz', so its text would never print; its "
     "blocks are intro, cards_intro, setup, turn, card_rule, extra_chapters, uno, scoring, "
     "variants, options, quickref"),
    # An unclosed tag used to be reported with the private characters that mark lines.
    ("# Hi\n\nHello {{ deck.name\n\nMore {{ deck.total }}.\n",
     "rules.en.md, line 3: '{{' opened on line 3 is never closed with '}}'; close it, or "
     "write {{ '{{' }} to print the mark itself"),
    ("# Hi\n\nHello {{ deck.name\n",
     "rules.en.md, line 3: '{{' opened on line 3 is never closed with '}}'; close it, or "
     "write {{ '{{' }} to print the mark itself"),
    ("# Hi\n{% if deck.total %}\nx\n{% endif\n",
     "rules.en.md, line 4: '{%' opened on line 4 is never closed with '%}'; close it, or "
     "write {{ '{%' }} to print the mark itself"),
    ('{% extends "classic" %}\n{% block scoring %}\n## Points\n\n@table 1 1\n| a | b |\n'
     "| c |\n{% endblock %}\n",
     "rules.en.md, line 7: this row has 1 cells but @table gave 2 widths"),
])
def test_a_broken_rule_text_is_refused_with_its_file_and_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, message: str) -> None:
    (tmp_path.parent / "secret.md").write_text("secret", encoding="utf-8")
    zap_deck(tmp_path, text)
    assert refusal(tmp_path, monkeypatch) == message


def test_an_error_in_an_included_file_names_that_file(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    zap_deck(tmp_path, '# Hi\n\n{% include "parts/more.md" %}\n')
    (tmp_path / "parts").mkdir()
    (tmp_path / "parts" / "more.md").write_text("One\n\nTwo {{ oops }}\n", encoding="utf-8")
    assert refusal(tmp_path, monkeypatch) == (
        f"{Path('parts/more.md')}, line 3: 'oops' is not a variable; {HINT}")


def test_a_text_that_is_not_utf8_is_refused(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    zap_deck(tmp_path, "")
    (tmp_path / "rules.en.md").write_bytes(b"# R\xe8gles\n")
    assert refusal(tmp_path, monkeypatch) == ("rules.en.md: 'rules.en.md' is not UTF-8 text; "
                                              "save it as UTF-8")


@pytest.mark.skipif(os.name == "nt", reason="symbolic links need privileges on Windows")
def test_a_link_to_a_file_outside_the_folder_is_refused(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "deck"
    folder.mkdir()
    zap_deck(folder, "# Hi\n")
    (tmp_path / "elsewhere.md").write_text("# Elsewhere\n", encoding="utf-8")
    (folder / "rules.en.md").unlink()
    (folder / "rules.en.md").symlink_to(tmp_path / "elsewhere.md")
    assert refusal(folder, monkeypatch) == (
        "zap.toml: [rulebook] en = 'rules.en.md' is outside the deck file's folder; put the "
        "rule text next to the deck file (or in a folder below it)")


@pytest.mark.parametrize(("table", "message"), [
    ('en = "nope.md"', "zap.toml: [rulebook] en = 'nope.md': there is no such file next to "
                       "the deck file; check the file name"),
    ('en = "../x.md"', "zap.toml: [rulebook] en = '../x.md' is outside the deck file's "
                       "folder; put the rule text next to the deck file (or in a folder below "
                       "it)"),
    ('en = 3', "zap.toml: [rulebook] en must be the name of a Markdown file next to the deck "
               "file, like en = \"rules.en.md\""),
    ('base = "clasic"', "zap.toml: [rulebook] base is 'clasic'; use the name of a built-in "
                        "text (classic, unplugged, house, attack, flip, nomercy) (did you mean 'classic'?)"),
    # The languages listed after "fr" grow with the catalogues ("fr, en and de").
    ('english = "rules.en.md"', "zap.toml: [rulebook] has unknown field(s) english; it may "
                                "have base, fr"),
])
def test_a_bad_rulebook_table_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         table: str, message: str) -> None:
    zap_deck(tmp_path, "# Hi\n")
    deck = tmp_path / "zap.toml"
    deck.write_text(ZAP_DECK.replace('[rulebook]\nen = "rules.en.md"\nfr = "rules.fr.md"\n',
                                     f"[rulebook]\n{table}\n"), encoding="utf-8")
    assert refusal(tmp_path, monkeypatch).startswith(message)


def test_a_language_without_a_file_is_a_warning(tmp_path: Path) -> None:
    zap_deck(tmp_path, "# Hi\n")
    deck = tmp_path / "zap.toml"
    deck.write_text(ZAP_DECK.replace('fr = "rules.fr.md"\n', ""), encoding="utf-8")
    problems = load_deck(str(deck)).problems
    assert [(p.level, p.message) for p in problems] == [(
        "warning", f"{deck}: [rulebook] has no French text, so the French rulebook is the "
                   "built-in 'classic' text alone; add fr = \"FILE.md\"")]


def test_a_file_named_like_a_builtin_text_is_still_the_decks_own(tmp_path: Path) -> None:
    deck = zap_deck(tmp_path, "")
    (tmp_path / "classic").write_text("# Mine\n\nMy rules.\n", encoding="utf-8")
    deck.write_text(ZAP_DECK.replace('en = "rules.en.md"', 'en = "classic"'), encoding="utf-8")
    blocks = rulebook_blocks(load_deck(str(deck)), "en")
    assert blocks[0] == Heading(1, "Mine")


def test_same_text_same_bytes(tmp_path: Path) -> None:
    deck = zap_deck(tmp_path, '{% extends "classic" %}{% block intro %}Ours.{% endblock %}')
    first, second = tmp_path / "one.pdf", tmp_path / "two.pdf"
    assert build(deck, "en", first)[0] == 0 and build(deck, "en", second)[0] == 0
    assert first.read_bytes() == second.read_bytes()
