"""UNO Attack (docs/rules.md AT-01 … AT-11): the launcher's press, the option launcher,
the cards that make others press, and the built-in deck; each rule by its situation
file (tests/situations/attack/), the press's odds and its seed by the engine itself."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from click.testing import CliRunner
from helpers.paths import SITUATIONS

from cardgen.cli import main
from cardgen.deck.load import load_deck
from cardgen.engine.attack.launcher import DEFAULT_LAUNCHER, press
from cardgen.engine.game import Game
from cardgen.engine.variant import Variant
from cardgen.situation import explain


def check(name: str) -> None:
    result = explain(SITUATIONS / "attack" / f"{name}.toml")
    assert result.checked, name
    assert result.failures == [], result.failures


def presses(seed: int, launcher: tuple[int, ...] | None, times: int) -> list[int]:
    deck = load_deck("attack")
    variant = Variant(deck.card_list(3), 3, deck.rules, launcher=launcher)
    state, _ = Game(variant, seed).new_round()
    before = len(state.hands[0])
    counts = []
    for _ in range(times):
        state.draw_pile.extend(state.discard[:-1])  # never dry: the odds alone
        del state.discard[:-1]
        got = press(state, 0)
        counts.append(len(state.hands[0]) - before if got is not None else -1)
        before = len(state.hands[0])
        state.discard[:0] = state.hands[0][7:]  # give the cards back
        del state.hands[0][7:]
        before = len(state.hands[0])
    return counts


def test_at01_press_gives_what_the_situation_fixes() -> None:
    check("at01_press_gives_what_the_launcher_gives")


def test_at01_default_launcher_fires_one_press_in_three_with_3_to_8_cards() -> None:
    counts = Counter(presses(7, None, 900))
    assert set(counts) <= {0, 3, 4, 5, 6, 7, 8}
    assert 0.58 < counts[0] / 900 < 0.75  # 12 weights in 18
    assert DEFAULT_LAUNCHER == (12, 0, 0, 1, 1, 1, 1, 1, 1)


def test_at01_same_seed_same_presses_and_the_decks_weights_rule() -> None:
    assert presses(3, None, 50) == presses(3, None, 50)
    assert set(presses(3, (0, 1), 30)) == {1}


def test_at01_a_bad_launcher_line_is_one_clear_error(tmp_path: Path) -> None:
    deck = tmp_path / "d.toml"
    deck.write_text('name = "d"\nbase = "attack"\nlauncher = [3, 0]\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(deck), "--games", "0"])
    assert result.exit_code != 0
    assert "'launcher' is [3, 0]" in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_at02_a_player_who_could_play_may_press() -> None:
    check("at02_press_instead_of_playing")


def test_at03_a_press_ends_the_turn_even_with_a_card_that_fits() -> None:
    check("at03_press_ends_the_turn")


def test_at03_a_press_that_fills_a_hand_to_the_mercy_limit_knocks_out_at_once() -> None:
    """AT-03 with NM-09: the Mercy rule looks after a press as after any draw, whichever
    order the two options are named in (it waited for the next card's effect before)."""
    check("at03_press_to_25_knocks_out_with_mercy")
    check("at03_press_to_25_knocks_out_with_mercy_first")


def test_at04_a_missed_uno_costs_two_presses() -> None:
    check("at04_uno_caught_presses_twice")


def test_at05_hit_two_makes_the_next_player_press_twice() -> None:
    check("at05_hit_two")
    check("at05_hit_two_with_two_players")


def test_at06_wild_all_hit_makes_every_other_player_press_once() -> None:
    check("at06_wild_all_hit")


def test_at07_wild_hit_fire_presses_until_cards_come_out() -> None:
    check("at07_wild_hit_fire")


def test_at08_trade_hands_swaps_with_the_player_named() -> None:
    check("at08_trade_hands")


def test_at09_discard_all_lays_every_card_of_its_colour() -> None:
    check("at09_discard_all")


def test_at10_a_first_wild_hit_fire_hits_the_dealers_left() -> None:
    check("at10_first_card_wild_hit_fire")


def test_at11_the_deck_holds_the_sheets_112_cards() -> None:
    deck = load_deck("attack")
    assert deck.errors == []
    counts = deck.counts_for()
    assert deck.total() == 112
    assert sum(n for cid, n in counts.items() if cid.split("-")[-1].isdigit()) == 72
    assert counts["red-hit-two"] == 2 and counts["red-reverse"] == 2
    assert counts["red-discard-all"] == 1 and counts["red-trade-hands"] == 1
    assert counts["wild"] == 4 and counts["wild-all-hit"] == 2 and counts["wild-hit-fire"] == 2
    assert deck.rules == ("launcher",)


def test_at01_a_decks_own_launcher_plays_in_every_worker(tmp_path: Path) -> None:
    """The recipe a worker process rebuilds the variant from carries the deck's launcher
    line: a launcher that fires 8 cards at every press gives the same report on one
    process or two (it used to fall back to the default launcher in the workers)."""
    from cardgen.play.recipes import Recipe
    from cardgen.play.simulate import simulate
    deck = tmp_path / "d.toml"
    deck.write_text('name = "d"\nbase = "attack"\nlauncher = [0, 0, 0, 0, 0, 0, 0, 0, 1]\n',
                    encoding="utf-8")
    variant = Variant.from_deck(load_deck(str(deck)), 3)
    assert Recipe.of(variant, "heuristic", 0).variant().launcher == variant.launcher
    one = simulate(variant, games=4, seed="l", workers=1)
    two = simulate(variant, games=4, seed="l", workers=2)
    assert one.as_dict() == two.as_dict()
