"""The commands of issue 2, as a user runs them (Click's CliRunner)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from helpers.paths import DECKS, ROOT

from cardgen.catalogue.locale import languages
from cardgen.cli import main


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_variants_lists_builtin_decks_with_range_and_total() -> None:
    code, out = run("variants", "--json")
    assert code == 0
    rows = {row["id"]: row for row in json.loads(out)}
    assert (rows["classic"]["total"], rows["classic"]["min_players"],
            rows["classic"]["max_players"]) == (108, 2, 10)
    assert (rows["unplugged"]["total"], rows["unplugged"]["min_players"]) == (145, 3)
    assert rows["house"]["total"] == 109
    code, out = run("variants")
    assert code == 0 and "unplugged" in out and "145 cards" in out


def test_cards_json_sums_and_fields() -> None:
    code, out = run("cards", "unplugged", "--json")
    assert code == 0
    rows = json.loads(out)
    assert sum(r["count"] for r in rows) == 145
    vache = next(r for r in rows if r["id"] == "vache")
    assert vache["count"] == 1 and vache["points"] == 20 and vache["color"] is None
    assert vache["name"]["fr"] == "Vache" and vache["name"]["en"] == "Cow"
    assert set(vache["caption"]) == set(languages())  # a caption in every language
    code, out = run("cards", "classic", "--json")
    assert sum(r["count"] for r in json.loads(out)) == 108


def test_cards_for_three_players_drops_the_six_named_cards() -> None:
    code, out = run("cards", "unplugged", "--players", "3", "--json")
    assert code == 0
    three = {r["id"]: r["count"] for r in json.loads(out)}
    full = {r["id"]: r["count"] for r in json.loads(run("cards", "unplugged", "--json")[1])}
    assert sum(three.values()) == 139
    diff = {cid: full[cid] - three.get(cid, 0) for cid in full if full[cid] != three.get(cid)}
    assert diff == {"echange": 1, "vache": 1, "wild-draw-eight": 1, "boomerang": 1, "non": 1,
                    "derivation": 1}


def test_cards_table_in_french() -> None:
    code, out = run("cards", "unplugged", "--lang", "fr")
    assert code == 0
    assert "Vache folle" in out and "Inversion verte" in out and out.endswith("145 cartes\n")


def test_cards_refuses_a_player_count_outside_the_deck_range() -> None:
    code, out = run("cards", "unplugged", "--players", "2")
    assert code == 1
    assert out.startswith("Error: built-in deck 'unplugged': the deck is for 3 to 10 players")


def test_check_exit_codes_valid_invalid_usage() -> None:
    assert run("check", "classic")[0] == 0
    assert run("check", str(DECKS / "missing-translation.toml"))[0] == 0  # warnings only
    code, out = run("check", str(DECKS / "wrong-total.toml"))
    assert code == 1 and "NOT valid" in out
    assert run("check", "classic", "--players", "11")[0] == 2
    assert run("check")[0] == 2


def test_check_json_report() -> None:
    result = CliRunner().invoke(main, ["check", str(DECKS / "unknown-card.toml"), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)  # a progress bar may write to stderr, never stdout
    assert report["valid"] is False
    assert report["total"] == 111  # 108 + 1 Vache folle + 2 Vache (gren-7 not counted)
    assert [e["card"] for e in report["errors"]] == ["gren-7"]
    assert "did you mean 'green-7'?" in report["errors"][0]["message"]
    assert report["warnings"] == []


def test_malformed_deck_is_a_one_line_error_without_traceback() -> None:
    code, out = run("check", str(DECKS / "malformed.toml"))
    assert code == 1
    assert out.count("\n") == 1
    assert out.startswith("Error: ") and "line 6, column 9" in out


def test_build_into_a_path_that_is_a_file_fails_cleanly(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    code, out = run("build", "--out", str(blocker / "sub"))
    assert code == 1
    assert out.startswith(f"Error: {blocker / 'sub'}: cannot create this folder")
    assert not (blocker / "sub").exists()


def test_rules_lists_every_optional_rule_in_both_languages() -> None:
    code, out = run("rules", "--json")
    rules = {r["name"]: r for r in json.loads(out)}
    assert "stack-draws" in rules and rules["stack-draws"]["ids"][0] == "H-09"
    assert all(r["description"]["fr"] and r["description"]["en"] for r in rules.values())


def test_play_help_says_the_dealer_is_drawn_not_that_p0_deals() -> None:
    """C-03, C-33: the engine draws every round's dealer by lot (the first one only with
    rotate-dealer); the help of --seat used to say that P0 deals the first round."""
    code, out = run("play", "--help")
    said = "".join(out.split())  # (the help is wrapped, a word such as rotate-dealer too)
    assert code == 0 and "P0deals" not in said
    for words in ("the dealer is drawn by lot, as --seed fixes it, for every round",
                  "(rotate-dealer, on in the unplugged deck)"):
        assert "".join(words.split()) in said


def test_paper_choices_are_the_ones_sheets_and_rulebooks_both_know() -> None:
    from cardgen.render.layout import layout
    from cardgen.rulebook.document import PAPER_SIZES

    assert set(layout().papers) == set(PAPER_SIZES)


def test_listing_commands_do_not_load_the_drawing_modules() -> None:
    import subprocess
    import sys

    code = ("import sys, cardgen.cli; "
            "print([m for m in ('cardgen.render.paper.sheets', 'cardgen.rulebook', "
            "'cardgen.engine') "
            "if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_help_starts_without_reading_any_data() -> None:
    """`cardgen --help` waits for no catalogue, deck, layout or option list (issue 39): an
    option whose choices, default or help come from the data asks for them when shown."""
    import subprocess
    import sys

    code = ("import sys\nfrom click.testing import CliRunner\nfrom cardgen.cli import main\n"
            "assert CliRunner().invoke(main, ['--help']).exit_code == 0\n"
            "print(sorted(m for m in sys.modules if m.startswith(('cardgen.catalogue', "
            "'cardgen.deck', 'cardgen.render', 'cardgen.check', 'polib', 'tomllib'))))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_every_command_and_option_is_in_the_command_table() -> None:
    page = ROOT / "docs" / "commands.md"
    rows = {line.split("`")[1].split()[1]: line
            for line in page.read_text(encoding="utf-8").splitlines()
            if line.startswith("| `cardgen ")}
    for name, command in main.commands.items():
        assert name in rows, f"`cardgen {name}` is missing from docs/commands.md's table"
        for param in command.params:
            if isinstance(param, click.Option):
                assert any(f"{flag} " in rows[name] or f"{flag}]" in rows[name]
                           for flag in param.opts), f"{name} {param.opts[-1]} undocumented"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
def test_a_full_disk_on_standard_output_is_one_line_not_a_traceback() -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "cardgen.cli", "cards", "unplugged"],
                                stdout=full, stderr=subprocess.PIPE, text=True, check=False)
    assert result.returncode == 1
    assert result.stderr == ("Error: cannot write to standard output: No space left on "
                             "device; write the report into a file on a disk with free space\n")


def test_a_back_offset_without_backs_is_refused_not_ignored(tmp_path: Path) -> None:
    out = tmp_path / "sheets.pdf"
    result = CliRunner().invoke(main, ["sheets", "classic", "--back-offset", "1,2",
                                       "-o", str(out)])
    assert result.exit_code == 2
    assert "--back-offset shifts the pages of backs: add --backs" in result.output
    assert not out.exists()


def test_a_built_in_deck_for_too_few_players_gets_a_fix_it_can_apply() -> None:
    """No deck file to widen, no sanity games (nor their bar), and a valid deck is not
    called "NOT valid": the player count is the usage error (exit 2)."""
    result = CliRunner().invoke(main, ["check", "unplugged", "--players", "2"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "Error: Invalid value for '--players': built-in deck 'unplugged': the deck is for 3 "
        "to 10 players, not 2; choose --players from 3 to 10")
    assert "valid" not in result.output.replace("Invalid value", "")


def test_a_deck_file_for_too_few_players_may_also_be_widened(tmp_path: Path) -> None:
    deck = tmp_path / "trio.toml"
    deck.write_text('name = "Trio"\nbase = "classic"\nplayers = { min = 3, max = 6 }\n',
                    encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(deck), "--players", "2", "--json"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1].endswith(
        "the deck is for 3 to 6 players, not 2; choose --players from 3 to 6, or widen "
        "'players' in the deck file")
    assert result.stdout == ""


def test_check_and_simulate_start_without_reading_reportlab_or_a_font() -> None:
    """Only the commands that draw import reportlab (it is most of a start-up): checking
    a Latin deck's texts for unprintable characters needs no font."""
    code = ("import sys\nfrom click.testing import CliRunner\nfrom cardgen.cli import main\n"
            "for args in (['check', 'unplugged', '--games', '0'],\n"
            "             ['simulate', 'classic', '--games', '1']):\n"
            "    assert CliRunner().invoke(main, args).exit_code == 0, args\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'reportlab', 'PIL'}))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout == "[]\n"
