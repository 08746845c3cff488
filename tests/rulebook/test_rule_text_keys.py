"""The rule text's questions about cards (name(), plural(), count(), has(), kind() …) take a
card's id as well as a kind's key; a key that names no card is an error with its file,
its line and the nearest keys, never a word or a 0 printed into the book."""

from __future__ import annotations

from pathlib import Path

from helpers.cli import refused

from cardgen.deck.load import load_deck
from cardgen.rulebook.context import template_context
from cardgen.rulebook.owntext import render_own_text

DECK = """\
name = "Keys"
base = "classic"
[rulebook]
base = "classic"
fr = "keys.md"
en = "keys.md"
[cards]
cat = 2
[[card]]
id = "cat"
effect = "peek"
points = 20
{symbol_line}
name = {{ fr = "Chat", en = "Cat" }}
plural = {{ fr = "Chats", en = "Cats" }}
"""


def rendered(folder: Path, text: str, lang: str = "en", symbol: str = "cat") -> str:
    # A card's own symbol is its id ("cat"); another is set in the file (which `check`
    # warns about: it shows on no face).
    line = "" if symbol == "cat" else f'symbol = "{symbol}"'
    (folder / "keys.toml").write_text(DECK.format(symbol_line=line), encoding="utf-8")
    (folder / "keys.md").write_text(text, encoding="utf-8")
    deck = load_deck(str(folder / "keys.toml"))
    assert not deck.errors, deck.errors
    output, _ = render_own_text(deck.rule_texts[lang], lang, template_context(deck, lang))
    return " ".join(output.split())


def test_a_cards_id_gives_its_kinds_name_plural_and_count(tmp_path: Path) -> None:
    text = ('{{ name("wild-draw-four") }} | {{ plural("red-draw-two") }} | '
            '{{ count("blue-skip") }} | {{ count_of("wild") }} | {{ has("green-reverse") }} | '
            '{{ points("wild-draw-four") }} | {{ kind("yellow-7").name }}\n')
    # Before, name("wild-draw-four") printed "wild-draw-four" and count("blue-skip") 0.
    assert rendered(tmp_path, text) == "Wild Draw Four | +2 | 8 | 4 Wilds | True | 50 | 7"
    assert rendered(tmp_path, text, "fr") == "+4 (Super Joker) | +2 | 8 | 4 Jokers | True | 50 | 7"


def test_a_kinds_key_and_any_of_its_cards_ids_are_counted_once(tmp_path: Path) -> None:
    assert rendered(tmp_path, '{{ count("+2", "red-draw-two", "blue-draw-two") }}\n') == "8"


def test_setting_a_symbol_does_not_change_what_the_cards_id_finds(tmp_path: Path) -> None:
    text = '{{ name("cat") }} {{ count("cat") }} {{ name("whiskers") }} {{ has("cat") }}\n'
    assert rendered(tmp_path, text, symbol="whiskers") == "Cat 2 Cat True"


def test_a_card_the_deck_does_not_hold_is_no_kind_and_has_no_copies(tmp_path: Path) -> None:
    text = ('{{ plural("+8") }} {{ count("pingouin", "+8") }} {{ has("pingouin") }} '
            '{{ kind("pingouin") }} {{ points("+8") }}\n')
    assert rendered(tmp_path, text) == "+8 0 False None 0"


def refusal(tmp_path: Path, line: str) -> str:
    (tmp_path / "keys.toml").write_text(DECK.format(symbol_line=""), encoding="utf-8")
    (tmp_path / "keys.md").write_text(f"# Keys\n\nThe deck.\n\n{line}\n", encoding="utf-8")
    return refused(["rulebook", "keys.toml", "--lang", "en"], tmp_path)


def test_an_unknown_key_is_an_error_with_its_file_line_and_nearest_keys(
        tmp_path: Path) -> None:
    assert refusal(tmp_path, 'We have {{ count("cats") }} cats.') == (
        "keys.md, line 5: no card has the id or key 'cats'; did you mean 'cat'? (a card's "
        'id, as `cardgen cards DECK` lists them, or a kind\'s key like "+2")')
    for call in ('{{ name("wild-draw-for") }}', '{% if has("skipp") %}x{% endif %}',
                 '{{ plural("reverso") }}', '{{ kind("chat") }}', '{{ points("wyld") }}'):
        assert refusal(tmp_path, call).startswith("keys.md, line 5: no card has the id or key")
