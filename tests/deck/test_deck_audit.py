"""What a user audit of deck files found: broken SVG pictures, effect parameters out of
range, automatic captions without their amount, and a few messages.

Each case writes the bad deck a user would, runs the command they would type, and
checks the one line cardgen answers, exit 1 and no file written.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers.cli import refused, run_in, unwrapped
from helpers.paths import EXAMPLES

from cardgen.catalogue import catalogue
from cardgen.cli import main
from cardgen.deck.load import load_deck
from cardgen.errors import CardgenError
from cardgen.files.picture import PNG_SIGNATURE


def check_errors(deck: Path) -> list[str]:
    """The error lines of `cardgen check DECK --games 0`, which must fail."""
    code, output = run_in(["check", deck.name, "--games", "0"], deck.parent)
    assert code == 1, output
    return [line.removeprefix("error: ") for line in unwrapped(output).splitlines()
            if line.startswith("error: ")]


def rain_deck(folder: Path, extra: str = "", params: str = "{ amount = 3 }") -> Path:
    """A deck with one card of its own, Rain (a downpour), with no caption."""
    deck = folder / "deck.toml"
    deck.write_text(
        'name = "Audit"\nbase = "classic"\n\n[cards]\nrain = 1\n\n[[card]]\nid = "rain"\n'
        f'effect = "downpour"\nparams = {params}\npoints = 50\n'
        f'name = {{ fr = "Averse", en = "Rain" }}\n{extra}', encoding="utf-8")
    return deck


# --- 1. a broken SVG picture is refused when the deck is read ------------------------------

TRUNCATED = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">\n'
             '<rect x="0" y="0" width="5"')


@pytest.mark.parametrize("command", [["check", "--games", "0"], ["sheets"],
                                     ["rulebook", "--lang", "en"], ["png"]])
def test_a_truncated_svg_is_refused_naming_deck_card_picture_and_line(
        tmp_path: Path, command: list[str]) -> None:
    (tmp_path / "broken.svg").write_text(TRUNCATED, encoding="utf-8")
    rain_deck(tmp_path, 'picture = "broken.svg"\n')
    message = ("deck.toml: card 'rain': picture 'broken.svg' is not a usable SVG picture: its "
               "XML breaks at line 2, column 1 (unclosed token); the file may be cut short "
               "or damaged, save it again as SVG from a drawing program")
    if command[0] == "check":
        assert check_errors(tmp_path / "deck.toml") == [message]
    else:
        assert refused([command[0], "deck.toml", *command[1:]], tmp_path) == message


def test_a_png_renamed_svg_is_refused_as_a_png(tmp_path: Path) -> None:
    (tmp_path / "sun.svg").write_bytes(PNG_SIGNATURE + b"\x00\x00\x00\rIHDR" + b"\x00" * 40)
    rain_deck(tmp_path, 'picture = "sun.svg"\n')
    assert refused(["sheets", "deck.toml"], tmp_path) == (
        "deck.toml: card 'rain': picture 'sun.svg' is a PNG image, not an SVG picture; "
        "rename the file to end in .png, and its 'picture' in the deck too")


def test_xml_that_is_not_svg_and_an_svg_with_no_size_are_refused(tmp_path: Path) -> None:
    (tmp_path / "page.svg").write_text("<html><body>hello</body></html>", encoding="utf-8")
    deck = rain_deck(tmp_path, 'picture = "page.svg"\n')
    assert check_errors(deck) == [
        "deck.toml: card 'rain': picture 'page.svg' is XML but not an SVG picture (its root "
        "element is <html>, not <svg>); save it again as SVG"]
    (tmp_path / "page.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>',
        encoding="utf-8")
    assert check_errors(deck) == [
        "deck.toml: card 'rain': picture 'page.svg' is an SVG picture with no size; give its "
        "<svg> element a width and a height, or a viewBox"]


def test_a_sound_svg_still_passes_and_a_broken_one_fails_to_draw_with_its_reason(
        tmp_path: Path) -> None:
    (tmp_path / "rain.svg").write_bytes((EXAMPLES / "rain-check.svg").read_bytes())
    deck = rain_deck(tmp_path, 'picture = "rain.svg"\n')
    code, output = run_in(["check", "deck.toml", "--games", "0"], tmp_path)
    assert code == 0, output
    assert output.splitlines() == ["deck.toml: 109 cards, valid (0 error(s), 0 warning(s))"]
    # The file breaks after the deck was read: drawing it gives the same reason.
    card = load_deck(str(deck)).cards["rain"]
    (tmp_path / "rain.svg").write_text(TRUNCATED, encoding="utf-8")
    from cardgen.render.svg import draw_svg

    with pytest.raises(CardgenError, match=r"rain\.svg: picture is not a usable SVG picture: "
                                           r"its XML breaks at line 2"):
        assert card.picture is not None
        draw_svg(None, card.picture, 0, 0, 10, 10)


# --- 2. effect parameters within the limits of effects.toml --------------------------------

@pytest.mark.parametrize("amount", [-5, 0, 6, 100000])
def test_a_downpour_amount_out_of_range_is_refused(tmp_path: Path, amount: int) -> None:
    deck = rain_deck(tmp_path, params=f"{{ amount = {amount} }}")
    message = (f"deck.toml: card 'rain': parameter 'amount' is {amount}; effect 'downpour' "
               "takes a whole number from 1 to 5 (the cards each other player draws)")
    assert check_errors(deck) == [message]
    assert refused(["sheets", "deck.toml"], tmp_path) == message


def test_other_parameters_are_checked_by_kind_and_range(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text(
        'name = "Params"\nbase = "classic"\n\n[cards]\nplus = 1\ntunnel = 1\nrain = 1\n\n'
        '[[card]]\nid = "plus"\neffect = "draw"\ncolor = "red"\npoints = 20\nname = "Plus"\n'
        'params = { amount = 11, choose_victim = 1 }\n\n'
        '[[card]]\nid = "tunnel"\neffect = "pass-hands"\npoints = 20\nname = "Tunnel"\n'
        'params = { direction = "up" }\n\n'
        '[[card]]\nid = "rain"\neffect = "downpour"\npoints = 50\nname = "Rain"\n'
        'params = { amount = "3" }\n', encoding="utf-8")
    assert check_errors(deck) == [
        "deck.toml: card 'plus': parameter 'amount' is 11; effect 'draw' takes a whole number "
        "from 1 to 10 (the cards the player hit draws)",
        "deck.toml: card 'plus': parameter 'choose_victim' is 1; it must be true or false "
        "(like choose_victim = false)",
        "deck.toml: card 'tunnel': parameter 'direction' is 'up'; effect 'pass-hands' takes "
        "'left' or 'right'",
        "deck.toml: card 'rain': parameter 'amount' is '3'; it must be a whole number "
        "(like amount = 1)",
    ]


def test_every_parameter_of_the_shipped_cards_and_examples_is_within_its_limits() -> None:
    for example in ("party.toml", "night-train.toml", "wizz.toml", "eleven.toml"):
        deck = load_deck(str(EXAMPLES / example))
        assert not deck.errors, deck.errors
    effects = catalogue().effects
    for effect in effects.values():
        for name, default in effect.params.items():
            if isinstance(default, int) and not isinstance(default, bool):
                assert effect.limits[name]["min"] <= default <= effect.limits[name]["max"]


# --- 3. automatic captions say the amount, in both languages -------------------------------

def test_a_downpour_without_caption_says_how_many_cards(tmp_path: Path) -> None:
    card = load_deck(str(rain_deck(tmp_path))).cards["rain"]
    assert card.caption.en == "All your opponents draw 3 cards. Then call the colour."
    assert card.caption.fr == ("Tous vos adversaires piochent 3 cartes. Annoncez ensuite "
                               "la couleur.")
    one = load_deck(str(rain_deck(tmp_path, params="{ amount = 1 }"))).cards["rain"]
    assert one.caption.en == "All your opponents draw 1 card. Then call the colour."
    assert one.caption.fr == "Tous vos adversaires piochent 1 carte. Annoncez ensuite la couleur."


@pytest.mark.parametrize(("effect", "params", "fr", "en"), [
    ("draw", {"amount": 3}, "Le joueur suivant pioche 3 cartes et passe son tour.",
     "The next player draws 3 cards and misses a turn."),
    ("draw", {"amount": 1, "choose_victim": True},
     "Le joueur de votre choix pioche 1 carte et passe son tour.",
     "A player you pick draws 1 card and misses a turn."),
    ("wild-draw", {"amount": 6},
     "Annoncez la couleur : le joueur suivant pioche 6 cartes et passe son tour. Seulement "
     "si vous n'avez aucune carte de la couleur demandée.",
     "Call the colour: the next player draws 6 cards and misses a turn. Only if you hold no "
     "card of the colour asked."),
    ("pass-hands", {"direction": "right"}, "Chacun passe sa main à son voisin de droite.",
     "Everyone hands their cards to the player on their right."),
])
def test_automatic_captions_of_effects_with_parameters(effect: str, params: dict[str, object],
                                                       fr: str, en: str) -> None:
    found = catalogue().effects[effect]
    caption = found.auto_caption({**found.params, **params})
    assert (caption.fr, caption.en) == (fr, en)


def test_no_automatic_caption_keeps_a_placeholder_or_an_orphan_separator() -> None:
    for effect in catalogue().effects.values():
        choices: list[dict[str, object]] = [dict(effect.params)]
        for name, words in effect.words.items():
            for key in words:
                value: object = {"true": True, "false": False}.get(key, key)
                choices.append({**effect.params, name: value})
        for name, limits in effect.limits.items():
            for amount in (limits["min"], limits["max"]):
                choices.append({**effect.params, name: amount})
        for params in choices:
            caption = effect.auto_caption(params)
            for text in (caption.fr, caption.en):
                assert "{" not in text and text[:1].isupper(), (effect.id, text)
                assert not re.search(r"[;:,]\s*[.;:]|\s[;:,]?\s*$|^[;:,]", text), text
            if "amount" in params:
                assert str(params["amount"]) in caption.fr
                assert str(params["amount"]) in caption.en
            # French captions address the player as "vous", like those of cards.toml.
            assert not re.search(r"\b(ta|ton|tes|toi|tu)\b", caption.fr), caption.fr


# --- messages: TOML spelling, empty names ---------------------------------------------------

def test_a_boolean_count_is_spelt_as_toml_writes_it(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text('name = "Bool"\nbase = "classic"\n\n[cards]\nwild = true\n',
                    encoding="utf-8")
    assert check_errors(deck) == [
        "deck.toml: card 'wild' has count true; a count is a whole number of copies"]


def test_an_empty_deck_name_or_card_name_is_refused(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text('name = ""\nbase = "classic"\n', encoding="utf-8")
    message = ("deck.toml: the deck's 'name' is empty; write one, e.g. name = \"My deck\" or "
               'name = { fr = "Mon jeu", en = "My deck" }')
    assert check_errors(deck) == [message]
    assert refused(["sheets", "deck.toml"], tmp_path) == message
    deck.write_text('name = { fr = " ", en = "Deck" }\nbase = "classic"\n', encoding="utf-8")
    assert check_errors(deck) == [message]
    rain_deck(tmp_path)
    text = deck.read_text(encoding="utf-8").replace('fr = "Averse"', 'fr = ""')
    deck.write_text(text, encoding="utf-8")
    assert check_errors(deck) == [
        "deck.toml: card 'rain' has an empty name; write it in both languages, e.g. "
        'name = { fr = "Averse", en = "Rain Check" }']


def test_characters_the_fonts_cannot_print_are_named_by_check_and_by_sheets(
        tmp_path: Path) -> None:
    """DejaVu has no CJK: a name in kanji would print as empty boxes. check warns (the
    deck still plays), and sheets says the same on stderr while it prints."""
    deck = tmp_path / "kanji.toml"
    deck.write_text('name = "Kanji"\nbase = "classic"\n[cards]\nkanji = 1\n[[card]]\n'
                    'id = "kanji"\neffect = "downpour"\nparams = { amount = 2 }\n'
                    'points = 50\nname = { fr = "漢字 déluge", en = "Kanji → rain" }\n',
                    encoding="utf-8")
    expected = (f"warning: {deck}: card 'kanji': its name has characters the fonts cannot "
                "print (漢 字), which would come out as empty boxes; write them with other "
                "characters\n")
    result = CliRunner().invoke(main, ["check", str(deck), "--games", "0"])
    assert result.exit_code == 0 and unwrapped(result.stdout).startswith(expected)
    out = tmp_path / "k.pdf"
    result = CliRunner().invoke(main, ["sheets", str(deck), "-o", str(out)])
    assert result.exit_code == 0 and result.stderr == expected and out.exists()


def test_every_text_font_covers_latin_so_checking_it_needs_no_font() -> None:
    from reportlab.pdfbase import pdfmetrics

    from cardgen.typography import LATIN_MAX, TEXT_FONTS, registered

    printable = [c for c in map(chr, range(0x20, LATIN_MAX + 1)) if c.isprintable()
                 and not 0x7F <= ord(c) < 0xA0]
    for name in TEXT_FONTS:
        glyphs = pdfmetrics.getFont(registered(name)).face.charToGlyph
        assert [c for c in printable if ord(c) not in glyphs] == [], name
