"""The reliability corpus: every kind of bad input a user can give, with its exact answer.

Each case runs the command a user would type (Click's CliRunner, in-process) and
checks the one line it prints, the exit code 1, and that nothing was written. Files
that are large or binary are made in tmp_path at test time; the small hand-written
ones live in tests/bad/.
"""

from __future__ import annotations

import codecs
import json
import os
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers.cli import refused, run_in, unwrapped
from helpers.paths import DECKS, TESTS

from cardgen.cli import main
from cardgen.files.picture import MAX_PICTURE_PIXELS

BAD = TESTS / "bad"
DECK_TEXT = 'name = "Small"\nbase = "classic"\n\n[cards]\nwild = 5\n'


def write_png(path: Path, width: int, height: int) -> None:
    """A real 1-bit grey PNG of that size, written row by row (a bomb stays small)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    packer = zlib.compressobj(9)
    row = b"\x00" * (1 + (width + 7) // 8)
    rows = 64
    parts = [packer.compress(row * rows) for _ in range(height // rows)]
    parts += [packer.compress(row * (height % rows)), packer.flush()]
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    path.write_bytes(PNG_SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", b"".join(parts))
                     + chunk(b"IEND", b""))


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def picture_deck(folder: Path, picture: str) -> Path:
    deck = folder / "deck.toml"
    deck.write_text(
        'name = "Pictures"\nbase = "classic"\n\n[cards]\nsun = 1\n\n[[card]]\nid = "sun"\n'
        f'effect = "wild"\npoints = 50\nname = "Sun"\npicture = "{picture}"\n',
        encoding="utf-8")
    return deck


# --- the bytes of a deck file ---------------------------------------------------------------


def test_a_byte_order_mark_and_crlf_line_ends_are_read_as_utf8(tmp_path: Path) -> None:
    deck = tmp_path / "windows.toml"
    deck.write_bytes(codecs.BOM_UTF8 + DECK_TEXT.replace("\n", "\r\n").encode())
    result = CliRunner().invoke(main, ["check", str(deck), "--games", "0"])
    assert result.exit_code == 0, result.output
    assert unwrapped(result.output) == f"{deck}: 109 cards, valid (0 error(s), 0 warning(s))\n"


def test_unusual_but_valid_toml_is_read_like_any_deck(tmp_path: Path) -> None:
    unusual = DECKS / "unusual-but-valid.toml"
    windows = tmp_path / "unusual-windows.toml"
    windows.write_bytes(codecs.BOM_UTF8 + unusual.read_bytes().replace(b"\n", b"\r\n"))
    for deck in (unusual, windows):
        result = CliRunner().invoke(main, ["cards", str(deck), "--json"])
        assert result.exit_code == 0, result.output
        counts = {row["id"]: row["count"] for row in json.loads(result.output)}
        assert (counts["vache-folle"], counts["wild"], counts["lighthouse"]) == (1, 5, 10)
        assert sum(counts.values()) == 120
        result = CliRunner().invoke(main, ["check", str(deck), "--games", "0"])
        assert (unwrapped(result.output)
                == f"{deck}: 120 cards, valid (0 error(s), 0 warning(s))\n")


def test_a_utf16_deck_is_told_to_be_saved_as_utf8(tmp_path: Path) -> None:
    with_bom = tmp_path / "notepad.toml"
    with_bom.write_bytes(DECK_TEXT.encode("utf-16"))
    without = tmp_path / "no-bom.toml"
    without.write_bytes(DECK_TEXT.encode("utf-16-be"))
    for deck in (with_bom, without):
        assert refused(["check", str(deck)], tmp_path) == (
            f"{deck}: is saved as UTF-16 text; save the deck as UTF-8 (in most editors: "
            "Save As, Encoding: UTF-8)")


def test_binary_garbage_is_not_a_deck(tmp_path: Path) -> None:
    deck = tmp_path / "photo.toml"
    deck.write_bytes(bytes(range(200, 256)) * 20)
    assert refused(["cards", str(deck)], tmp_path) == (
        f"{deck}: not a text file in UTF-8 (byte 1 is not UTF-8); save the deck as UTF-8 TOML")


def test_an_empty_deck_file(tmp_path: Path) -> None:
    for content in (b"", b"\n  \r\n\t\n", codecs.BOM_UTF8):
        deck = tmp_path / "empty.toml"
        deck.write_bytes(content)
        assert refused(["sheets", str(deck)], tmp_path) == (
            f"{deck}: the file is empty; write the deck in it (docs/your-deck.md shows an example)")


def test_deeply_nested_toml_is_a_clean_error(tmp_path: Path) -> None:
    deck = tmp_path / "deep.toml"
    for depth in (17, 100_000):  # too deep for the deck, then too deep for the parser
        deck.write_text("name = " + "[" * depth + "]" * depth + "\n")
        assert refused(["check", str(deck)], tmp_path) == (
            f"{deck}: tables or lists nested more than 16 levels deep; a deck needs only a "
            "few levels: check the brackets")


def test_a_huge_file_is_not_read(tmp_path: Path) -> None:
    deck = tmp_path / "log.toml"
    deck.write_bytes(b"# " + b"x" * 2_000_000 + b"\n")
    assert refused(["check", str(deck)], tmp_path) == (
        f"{deck}: is larger than 1 MB; a deck file is a few kilobytes of text: check that "
        "this is the right file")


def test_a_folder_given_as_deck(tmp_path: Path) -> None:
    (tmp_path / "decks").mkdir()
    assert refused(["rulebook", "decks", "--lang", "en"], tmp_path) == (
        "decks: is a folder, not a deck file; give the path to the .toml file inside it")


def test_an_unreadable_deck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deck = tmp_path / "locked.toml"
    deck.write_text(DECK_TEXT)
    deck.chmod(0)
    if os.geteuid() == 0:  # root reads any file: refuse this one the way the system would
        real_open = Path.open

        def locked_open(path: Path, *args: Any, **kwargs: Any) -> Any:
            if path == deck:
                raise PermissionError(13, "Permission denied")
            return real_open(path, *args, **kwargs)

        monkeypatch.setattr(Path, "open", locked_open)
    assert refused(["check", str(deck)], tmp_path) == (
        f"{deck}: cannot be read (Permission denied); check its permissions")


def test_a_missing_deck_file(tmp_path: Path) -> None:
    assert refused(["png", "nowhere/deck.toml"], tmp_path) == (
        "nowhere/deck.toml: no such deck file; check the path (the built-in decks are "
        "classic, unplugged, house, attack, flip, nomercy)")


def test_bad_toml_syntax_names_line_and_column() -> None:
    deck = BAD / "unclosed-string.toml"
    assert refused(["check", str(deck)], BAD) == (
        f"{deck}: line 2, column 16: Illegal character '\\n'; fix the TOML syntax there")


def test_nul_bytes_in_utf8_text_are_a_syntax_error(tmp_path: Path) -> None:
    deck = tmp_path / "nul.toml"
    deck.write_bytes(b'name = "x"\n\x00\n')
    assert refused(["check", str(deck)], tmp_path) == (
        f"{deck}: line 2, column 1: Invalid statement; fix the TOML syntax there")


# --- deck names -----------------------------------------------------------------------------


def test_a_misspelt_builtin_deck_gets_a_suggestion(tmp_path: Path) -> None:
    assert refused(["check", "clasic"], tmp_path) == (
        "'clasic' is neither a built-in deck nor a deck file; did you mean 'classic'? "
        "(the built-in decks are classic, unplugged, house, attack, flip, nomercy)")
    assert refused(["simulate", "unpluged"], tmp_path) == (
        "'unpluged' is neither a built-in deck nor a deck file; did you mean 'unplugged'? "
        "(the built-in decks are classic, unplugged, house, attack, flip, nomercy)")
    assert refused(["cards", "zzz"], tmp_path) == (
        "'zzz' is neither a built-in deck (classic, unplugged, house, attack, flip, nomercy) nor a deck file; give "
        "a built-in name or the path to a .toml file")


def test_a_capitalised_builtin_or_a_path_without_toml_gets_a_suggestion(
        tmp_path: Path) -> None:
    assert refused(["check", "CLASSIC"], tmp_path) == (
        "'CLASSIC' is neither a built-in deck nor a deck file; did you mean 'classic'? "
        "(the built-in decks are classic, unplugged, house, attack, flip, nomercy)")
    (tmp_path / "mine.toml").write_text('name = "Mine"\nbase = "classic"\n', encoding="utf-8")
    given = str(tmp_path / "mine")
    assert refused(["check", given], tmp_path) == (
        f"{given}: no such deck file; did you mean '{given}.toml'?")


def test_a_misspelt_base_deck_gets_a_suggestion(tmp_path: Path) -> None:
    deck = tmp_path / "typo.toml"
    deck.write_text('name = "Typo"\nbase = "hous"\n')
    assert refused(["check", str(deck)], tmp_path) == (
        f"{deck}: base 'hous' is neither a built-in deck nor a deck file (did you mean "
        "'house'?); use classic, unplugged, house, attack, flip, nomercy or a deck file's path")


# --- pictures -------------------------------------------------------------------------------


def test_a_decompression_bomb_is_refused_with_the_card_and_the_limit(tmp_path: Path) -> None:
    write_png(tmp_path / "bomb.png", 30_000, 30_000)
    assert (tmp_path / "bomb.png").stat().st_size < 2_000_000
    deck = picture_deck(tmp_path, "bomb.png")
    message = (f"{deck}: card 'sun': picture 'bomb.png' is 30000 x 30000 pixels, more than "
               f"the {MAX_PICTURE_PIXELS:,} pixels cardgen decodes; scale it down (a face "
               "needs about 1300 x 1900)")
    for command in (["sheets", str(deck)], ["png", str(deck)], ["check", str(deck)]):
        if command[0] == "check":
            result = CliRunner().invoke(main, command)
            assert result.exit_code == 1 and f"error: {message}\n" in unwrapped(result.output)
        else:
            assert refused(command, tmp_path) == message


def test_a_picture_just_under_the_limit_is_accepted(tmp_path: Path) -> None:
    write_png(tmp_path / "big.png", 5000, 8000)  # 40 million pixels: the limit itself
    deck = picture_deck(tmp_path, "big.png")
    result = CliRunner().invoke(main, ["check", str(deck), "--games", "0"])
    assert result.exit_code == 0, result.output


def test_a_picture_linked_from_outside_the_deck_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    folder.mkdir()
    write_png(tmp_path / "secret.png", 10, 10)
    (folder / "sun.png").symlink_to(tmp_path / "secret.png")
    deck = picture_deck(folder, "sun.png")
    message = (f"{deck}: card 'sun': picture '{{}}' leads outside the deck's folder (through "
               "'..', an absolute path or a link); copy the picture next to the deck file")
    assert refused(["sheets", str(deck)], folder) == message.format("sun.png")
    picture_deck(folder, "../secret.png")
    assert refused(["sheets", str(deck)], folder) == message.format("../secret.png")
    picture_deck(folder, str(tmp_path / "secret.png"))
    assert refused(["sheets", str(deck)], folder) == message.format(tmp_path / "secret.png")


def test_a_link_inside_the_deck_folder_is_fine(tmp_path: Path) -> None:
    write_png(tmp_path / "sun-v2.png", 10, 10)
    (tmp_path / "sun.png").symlink_to(tmp_path / "sun-v2.png")
    deck = picture_deck(tmp_path, "sun.png")
    result = CliRunner().invoke(main, ["check", str(deck), "--games", "0"])
    assert result.exit_code == 0, result.output


def test_a_damaged_or_mislabelled_or_missing_picture(tmp_path: Path) -> None:
    write_png(tmp_path / "whole.png", 200, 200)
    data = (tmp_path / "whole.png").read_bytes()
    (tmp_path / "cut.png").write_bytes(data[: len(data) - 20])
    deck = picture_deck(tmp_path, "cut.png")
    assert refused(["png", str(deck)], tmp_path) == (
        f"{deck}: card 'sun': picture 'cut.png' is damaged (it cannot be decoded); save it "
        "again as PNG (or SVG)")
    (tmp_path / "photo.png").write_bytes(b"\xff\xd8\xff\xe0" + b"\x00" * 100)  # a JPEG
    picture_deck(tmp_path, "photo.png")
    assert refused(["png", str(deck)], tmp_path) == (
        f"{deck}: card 'sun': picture 'photo.png' is not a PNG file; save it again as PNG "
        "(or SVG)")
    picture_deck(tmp_path, "gone.png")
    assert refused(["png", str(deck)], tmp_path) == (
        f"{deck}: card 'sun': picture file 'gone.png' was not found next to the deck file")


# --- optional rules: what they need and what they refuse ----------------------------------


def test_o20_cursed_cards_alone_gets_the_fix_that_cardgen_rules_shows(tmp_path: Path) -> None:
    fix = ("the rule cursed-cards needs lowest-score (or rapido, which includes it); turn "
           "on lowest-score too (--option lowest-score, or add it to the deck's rules)")
    assert refused(["simulate", "classic", "--rule", "cursed-cards", "--games", "1"],
                   tmp_path) == fix
    listing = CliRunner().invoke(main, ["rules"]).output.splitlines()
    at = next(i for i, line in enumerate(listing) if line.startswith("cursed-cards "))
    assert listing[at + 1].split() == ["needs:", "lowest-score", "(or", "rapido)"]
    deck = tmp_path / "cursed.toml"
    deck.write_text('name = "Cursed"\nbase = "classic"\nrules = ["cursed-cards"]\n')
    assert refused(["cards", str(deck)], tmp_path) == f"{deck}: {fix}"
    for rules in (["cursed-cards", "lowest-score"], ["rapido", "cursed-cards"]):
        args = ["simulate", "classic", "--games", "1", "--json"]
        result = CliRunner().invoke(main, [*args, *(f"--rule={r}" for r in rules)])
        assert result.exit_code == 0, result.output


def test_conflicting_rules_are_refused_and_included_ones_absorbed(tmp_path: Path) -> None:
    assert refused(["simulate", "classic", "--rule", "stack-draws", "--rule",
                    "stack-same-kind"], tmp_path) == (
        "the rules stack-draws and stack-same-kind cannot be played together; keep one "
        "(`cardgen options` lists what conflicts with what)")
    # A part named beside the option made of it changes nothing.
    deck = tmp_path / "rapido.toml"
    deck.write_text('name = "R"\nbase = "classic"\nrules = ["lowest-score", "rapido"]\n')
    assert CliRunner().invoke(main, ["cards", str(deck)]).exit_code == 0
    listing = CliRunner().invoke(main, ["rules", "--lang", "fr"]).output.splitlines()
    at = next(i for i, line in enumerate(listing) if line.startswith("rapido "))
    assert listing[at + 1].split() == ["comprend", ":", "draw-and-pass,", "stack-same-kind,",
                                       "jump-in-identical,", "lowest-score"]
    assert listing[at + 2].split()[:3] == ["incompatible", "avec", ":"]


def test_a_misspelt_option_on_the_command_line_is_a_usage_error_with_a_suggestion(
        tmp_path: Path) -> None:
    """A command line that cannot be read exits 2 (docs/commands.md), its error one line."""
    for spelt in ("--rule", "--option"):
        code, output = run_in(["simulate", "classic", spelt, "stak-draws"], tmp_path)
        assert code == 2, output
        errors = [line for line in output.splitlines() if line.startswith("Error: ")]
        assert errors == ["Error: Invalid value for '--option' / '--rule': unknown option "
                          "'stak-draws' (did you mean 'stack-draws'?); `cardgen options` "
                          "lists them"], output


def test_the_engine_refuses_every_conflict_cardgen_rules_lists() -> None:
    import json

    from cardgen.engine.errors import EngineError
    from cardgen.engine.official.rules import compose_rules

    listed = {row["name"]: row for row in json.loads(
        CliRunner().invoke(main, ["rules", "--json"]).output)}
    for name, row in listed.items():
        for other in row["conflicts"]:
            assert name in listed[other]["conflicts"], (name, other)  # both ways
            with pytest.raises(EngineError, match="cannot be played together"):
                compose_rules([name, other])
    assert listed["cursed-cards"]["needs"] == {"lowest-score": ["lowest-score", "rapido"]}


# --- values of the wrong kind (found by tests/deck/test_property_inputs.py) ----------------------


def check_errors(deck: Path) -> list[str]:
    result = CliRunner().invoke(main, ["check", str(deck), "--games", "0"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    return [line.removeprefix("error: ") for line in unwrapped(result.output).splitlines()
            if line.startswith("error: ")]


def test_a_card_colour_given_as_a_list() -> None:
    deck = BAD / "card-colour-list.toml"
    assert check_errors(deck) == [
        f"{deck}: card 'sun' has colour ['red']; a colour is one id among red, yellow, green, "
        "blue, pink, teal, orange, purple (several go in 'colors')"]


def test_an_unknown_pictogram() -> None:
    deck = BAD / "unknown-pictogram.toml"
    errors = check_errors(deck)
    assert len(errors) == 1
    assert errors[0].startswith(f"{deck}: card 'sun' has pictogram 'sunshine'; use one of ban, ")
    assert errors[0].endswith(" (or a 'picture' file)")


def test_a_card_without_a_name() -> None:
    deck = BAD / "card-without-name.toml"
    assert check_errors(deck) == [
        f"{deck}: card 'sun' has no name; give it one in both languages, e.g. "
        'name = { fr = "…", en = "…" }']


def test_situations_with_values_of_the_wrong_kind(tmp_path: Path) -> None:
    cases = {
        "players-in-words.toml": "{file}: players is 'four'; give the number of seats, "
                                 "like players = 4",
        "superscript-seat.toml": "{file}: give a hand to each of the seats P0 … P1, and no "
                                 "other (an empty hand is [])",
        "expect-hands-list.toml": "{file}: expect.hands must be a table of seats, "
                                  "e.g. {{ P0 = …, P1 = … }}",
    }
    for name, message in cases.items():
        situation = BAD / name
        assert refused(["explain", str(situation)], tmp_path) == message.format(file=situation)


def test_a_deck_name_no_file_can_have(tmp_path: Path) -> None:
    assert refused(["cards", "bad\x00name"], tmp_path) == (
        "'bad\x00name' is neither a built-in deck (classic, unplugged, house, attack, flip, nomercy) nor a deck file; "
        "give a built-in name or the path to a .toml file")
    long_name = "x" * 5000 + ".toml"
    assert refused(["cards", long_name], tmp_path) == (
        f"{long_name}: no such deck file; check the path (the built-in decks are classic, "
        "unplugged, house, attack, flip, nomercy)")


def test_a_picture_file_too_large_to_read(tmp_path: Path) -> None:
    with (tmp_path / "poster.svg").open("wb") as handle:
        handle.truncate(25_000_000)  # sparse: nothing is written to the disk
    deck = picture_deck(tmp_path, "poster.svg")
    assert refused(["rulebook", str(deck), "--lang", "fr"], tmp_path) == (
        f"{deck}: card 'sun': picture 'poster.svg' is 25 MB, more than the 20 MB cardgen "
        "reads; save a smaller copy")
