"""`cardgen simulate` and `cardgen explain`: reports, determinism, errors."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers.paths import SITUATIONS

from cardgen.cli import main
from cardgen.deck.load import load_deck
from cardgen.engine import NotImplementedYet, Variant
from cardgen.play.simulate import simulate


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_simulate_json_has_the_totals() -> None:
    code, out = run("simulate", "classic", "--players", "3", "--games", "6", "--seed", "4",
                    "--json")
    assert code == 0, out
    report = json.loads(out)
    assert report["games"] == 6
    assert report["rounds"] >= 6
    assert report["invariant_violations"] == 0
    assert report["non_terminating"] == 0
    assert sum(report["endings"].values()) == report["rounds"]
    assert abs(sum(report["wins_by_seat"]) - 1) < 1e-9
    wild = next(c for c in report["cards"] if c["id"] == "wild")
    assert wild["copies"] == 4 and wild["played"] > 0


def test_simulate_text_report() -> None:
    code, out = run("simulate", "classic", "--games", "3", "--player", "random,heuristic")
    assert code == 0, out
    for line in ("classic: 3 game(s), 4 players (random,heuristic), seed 0", "turns per round:",
                 "wins by seat:", "invariant violations: 0", "non-terminating rounds: 0",
                 "wild-draw-four"):
        assert line in out


def test_same_seed_same_report_on_one_process_or_two() -> None:
    variant = Variant.from_deck(load_deck("classic"), 5)
    one = simulate(variant, games=12, seed="w", player="random")
    again = simulate(variant, games=12, seed="w", player="random")
    two = simulate(variant, games=12, seed="w", player="random", workers=2)
    assert one.as_dict() == again.as_dict() == two.as_dict()
    other = simulate(variant, games=12, seed="x", player="random")
    assert other.as_dict() != one.as_dict()


def test_effects_without_a_handler_are_refused_plainly() -> None:
    # A card whose effect has no handler (the catalogue's effects all get one in the end,
    # so this one is made up) is refused before any game, in one sentence.
    classic = load_deck("classic").card_list(4)
    odd = replace(classic[0][0], id="odd", effect="levitate")
    variant = Variant([*classic, (odd, 2)], 4, name="odd-deck")
    assert variant.unimplemented == {"levitate": ["odd"]}
    with pytest.raises(NotImplementedYet, match="odd-deck cannot be played by the engine: "
                       "its cards odd have effects the rules engine does not play yet "
                       r"\(levitate\)"):
        simulate(variant, games=1)


def test_simulate_refuses_what_it_cannot_play() -> None:
    code, out = run("simulate", "classic", "--player", "clever")
    assert code == 1 and "unknown player 'clever'" in out
    code, out = run("simulate", "classic", "--rule", "teams", "--players", "5")
    assert code == 1 and "even number of players" in out
    code, out = run("simulate", "classic", "--rule", "no-such-rule")
    assert code == 2 and "unknown option 'no-such-rule'" in out  # a usage error


def test_explain_prints_each_step_and_checks_expectations() -> None:
    code, out = run("explain", str(SITUATIONS / "c19_wild_draw_four.toml"))
    assert code == 0, out
    assert "1. P1: play wild-draw-four green" in out
    assert "legal: challenge, pass" in out
    assert out.rstrip().endswith("as expected (3 check(s))")


def test_explain_json() -> None:
    code, out = run("explain", str(SITUATIONS / "c24_uno_caught.toml"), "--json")
    assert code == 0, out
    data = json.loads(out)
    assert [s["action"] for s in data["steps"]] == ["P1: play red-9", "P2: pass",
                                                    "P3: catch P1"]
    assert data["steps"][1]["legal"] == ["catch P1", "pass"]
    assert data["final"]["actor"] == "P2"
    assert data["expect"] == {"checked": 3, "failures": []}


def test_explain_reports_an_unexpected_outcome(tmp_path: Path) -> None:
    path = tmp_path / "wrong.toml"
    path.write_text((SITUATIONS / "c18_skip.toml").read_text(encoding="utf-8")
                    .replace('actor = "P3"', 'actor = "P2"'), encoding="utf-8")
    code, out = run("explain", str(path))
    assert code == 1
    assert "NOT as expected (1 of 3):" in out and "actor: expected 'P2', got 'P3'" in out


def test_explain_illegal_action_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "illegal.toml"
    path.write_text("""
top = "red-3"
turn = "P1"
actions = ["play blue-4"]
[hands]
P0 = ["red-1", "blue-2"]
P1 = ["blue-4", "red-9", "green-1"]
""", encoding="utf-8")
    code, out = run("explain", str(path))
    assert code == 1
    assert out.startswith(f"Error: {path}: action 1 (P1): 'play blue-4' is not allowed for P1")
    assert out.count("\n") == 1


def test_explain_bad_situation_files(tmp_path: Path) -> None:
    cases = {
        'top = "red-3"\n[hands]\nP0 = ["red-1"]\nP2 = ["red-2"]\n': "give a hand to each",
        'top = "red-3"\nfoo = 1\n[hands]\nP0 = ["red-1"]\nP1 = ["red-2"]\n': "unknown field",
        '[hands]\nP0 = ["red-1"]\nP1 = ["red-2"]\n': "give either 'top'",
        'top = "red-3"\n[hands]\nP0 = ["red-11"]\nP1 = ["red-2"]\n': "'red-11' is not a card",
        'top = "red-3"\ncolor = "pink"\n[hands]\nP0 = ["red-1"]\nP1 = ["red-2"]\n':
            "colour in force is 'pink'",
        'top = "red-3"\n[hands\n': "fix the TOML syntax",
    }
    for number, (text, message) in enumerate(cases.items()):
        path = tmp_path / f"bad{number}.toml"
        path.write_text(text, encoding="utf-8")
        code, out = run("explain", str(path))
        assert code == 1, text
        assert out.startswith(f"Error: {path}: ") and message in out, out


def test_the_card_table_says_what_its_columns_count() -> None:
    """A number card 'acts' more often than it is played: the first card turned up acts
    too. The table says so rather than leave a player puzzled."""
    from cardgen.play.simulate import format_report

    report = simulate(Variant.from_deck(load_deck("classic"), 4), games=3, seed=1)
    lines = format_report(report).splitlines()
    header = lines.index(next(line for line in lines if line.startswith("card ")))
    assert lines[header - 1] == ("cards: 'played' counts the copies players laid, 'acted' "
                                 "the times one took effect (the first card turned up "
                                 "included)")
    assert lines[header].split() == ["card", "copies", "played", "acted"]
