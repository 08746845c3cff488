"""The bots' strengths by name, everywhere a bot plays, and the rating scale."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner
from helpers.paths import ROOT

from cardgen.cli import main
from cardgen.commands.params import STRENGTHS
from cardgen.deck.load import load_deck
from cardgen.engine import Game, Variant, play_round
from cardgen.play.players import (
    PLAYERS,
    EasyPlayer,
    HeuristicPlayer,
    RandomPlayer,
    player_factory,
)
from cardgen.play.ratings import (
    RoundOutcome,
    bradley_terry,
    lineup,
    pair_shares,
    ratings,
    wilson,
)
from cardgen.play.search import SearchPlayer
from cardgen.table.settings import TableSettings
from cardgen.terminal.session import Session, TerminalSettings


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_the_strengths_are_named_weakest_first() -> None:
    assert ", ".join(PLAYERS) == STRENGTHS  # as every --bots help names them
    rng = random.Random(1)
    assert isinstance(player_factory("random")(rng), RandomPlayer)
    assert isinstance(player_factory("easy")(rng), EasyPlayer)
    assert isinstance(player_factory("heuristic")(rng), HeuristicPlayer)
    strong, expert = player_factory("strong")(rng), player_factory("expert")(rng)
    assert isinstance(strong, SearchPlayer) and isinstance(expert, SearchPlayer)
    assert strong.rollouts == 300 < expert.rollouts
    assert isinstance(player_factory("canny")(rng), HeuristicPlayer)
    assert strong._guide.wild_penalty > HeuristicPlayer.wild_penalty  # canny guides it
    searcher = player_factory("search-7")(rng)
    assert isinstance(searcher, SearchPlayer) and searcher.rollouts == 7


@pytest.mark.parametrize("command", [
    ["simulate", "classic", "--games", "1", "--player"],
    ["check", "classic", "--games", "1", "--player"],
    ["play", "classic", "--bots"],
    ["rate", "classic", "--rounds", "1", "--bots"],
])
@pytest.mark.parametrize("name", ["clever", "search-0", "search-x"])
def test_an_unknown_strength_is_refused_in_one_line(command: list[str], name: str) -> None:
    code, out = run(*command, name)
    assert code == 1, out
    assert out.strip().splitlines()[-1].startswith(f"Error: unknown player '{name}'"), out
    assert "Traceback" not in out


def test_play_gives_the_bots_their_strengths_seat_by_seat() -> None:
    """--bots random,strong with the person at P1: P0 random, P2 strong, P3 random (and
    P1's bot, should the person leave, strong)."""
    settings = TerminalSettings(TableSettings("classic", 4, (), "random,strong", "1", "en"),
                                seat=1)
    session = Session(load_deck("classic"), settings, lambda prompt: None, lambda line: None)
    bots = session.seat_bots()
    assert [type(bot) for bot in bots] == [RandomPlayer, SearchPlayer, SearchPlayer,
                                           RandomPlayer]


def test_a_search_bot_plays_a_deck_of_its_own_rules() -> None:
    """Unplugged's cards answer out of turn, move hands and name victims: the search
    bot plays them through the engine's actions, as any deck (its first 60 actions
    here; whole rounds of every kind of deck are the slow test below)."""
    variant = Variant.from_deck(load_deck("unplugged"), 3)
    state, _ = Game(variant, "search-unplugged").new_round()
    bots = [player_factory("search-3")(random.Random(s)) for s in range(3)]
    problems: list[str] = []
    play_round(state, bots, check="full", problems=problems, turn_cap=60)
    assert problems == [] and state.end != "invalid"


@pytest.mark.slow
@pytest.mark.parametrize("deck", ["classic", "house", str(ROOT / "examples" / "party.toml"),
                                  str(ROOT / "examples" / "wizz.toml")])
def test_the_search_bot_plays_every_kind_of_deck(deck: str) -> None:
    variant = Variant.from_deck(load_deck(deck), 4)
    for index in range(3):
        state, _ = Game(variant, f"search-any:{index}").new_round()
        bots = [player_factory("search-8")(random.Random(s)) for s in range(4)]
        problems: list[str] = []
        play_round(state, bots, check="full", problems=problems)
        assert problems == []


def test_lineups_give_each_pair_both_seats() -> None:
    names = ["a", "b", "c"]
    pairs = [lineup(names, 2, i) for i in range(6)]
    assert pairs == [("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")]
    assert lineup(names, 4, 1) == ("b", "c", "a", "b")


def test_bradley_terry_reads_three_wins_to_one_as_about_190_points() -> None:
    # 300 to 100: odds of 3, 400 * log10(3) = 191 points (the half wins added move it
    # by under a point)
    elo = bradley_terry([[0, 300], [100, 0]], anchor=1)
    assert elo[1] == 1000 and 189 < elo[0] - 1000 < 192


def test_ratings_and_shares_with_their_intervals() -> None:
    outcomes = ([RoundOutcome(("strong", "heuristic"), 0)] * 70
                + [RoundOutcome(("heuristic", "strong"), 0)] * 30
                + [RoundOutcome(("strong", "heuristic"), -1)] * 5)
    found = ratings(outcomes, ["heuristic", "strong"], resamples=50)
    assert [r.name for r in found] == ["strong", "heuristic"]
    assert found[0].low < found[0].rating < found[0].high and found[1].rating == 1000
    (share,) = pair_shares(outcomes, ["heuristic", "strong"])
    assert (share.first, share.wins, share.rounds) == ("strong", 70, 100)
    assert share.low < 0.7 < share.high
    assert wilson(70, 100) == pytest.approx((0.604, 0.781), abs=0.001)


def test_rate_prints_the_ladder_alike_on_one_process_or_two() -> None:
    args = ["rate", "classic", "--bots", "random,heuristic", "--rounds", "12", "--seed", "3"]
    code, one = run(*args, "--workers", "1")
    assert code == 0, one
    assert "heuristic" in one and "1000" in one and "heuristic beats random" in one
    assert run(*args, "--workers", "2") == (0, one)


def test_rate_wants_two_bots() -> None:
    code, out = run("rate", "classic", "--bots", "strong,strong", "--rounds", "1")
    assert code == 2 and "two bots or more" in out


@pytest.mark.slow
def test_the_strong_bot_is_on_the_ladder_two_handed() -> None:
    """strong crushes random and holds its own against heuristic (it beats it only by a
    few points: docs/balance.md gives the measured figure)."""
    variant = Variant.from_deck(load_deck("classic"), 2)
    from cardgen.play.ratings import run_ladder

    names = ["random", "heuristic", "strong"]
    outcomes = run_ladder(variant, names, 36, "slow-test")
    shares = {(p.first, p.second): p.share for p in pair_shares(outcomes, names)}
    assert shares[("strong", "random")] > 0.9 and shares[("heuristic", "random")] > 0.9
    against = shares.get(("strong", "heuristic"), 1 - shares.get(("heuristic", "strong"), 0))
    assert against > 0.35


def test_canny_keeps_its_wild_while_another_card_fits_where_heuristic_lays_it() -> None:
    """Red 5 on the pile, a wild and three number cards in hand: heuristic lays the wild
    (it scores a wild above a number card), canny the red 2; with two cards left both
    may lay the wild."""
    from cardgen.engine.observation import SeatView
    from cardgen.situation import build_state

    state = build_state({"players": 2, "top": "red-5", "turn": "P0",
                         "hands": {"P0": ["wild", "red-2", "blue-7", "green-1"],
                                   "P1": ["red-9", "blue-1", "green-3"]}}, "test")
    view, legal = SeatView(state, 0), state.legal_actions()
    assert str(HeuristicPlayer(random.Random(1)).choose(view, legal)).startswith("play wild")
    assert str(player_factory("canny")(random.Random(1)).choose(view, legal)) == "play red-2"


@pytest.mark.slow
def test_canny_beats_heuristic_two_handed() -> None:
    """Over 4000 two-handed rounds canny wins more than half of them against heuristic
    (55 % measured, docs/balance.md): the interval's floor is above 52 %."""
    variant = Variant.from_deck(load_deck("classic"), 2)
    from cardgen.play.ratings import run_ladder

    names = ["heuristic", "canny"]
    (share,) = pair_shares(run_ladder(variant, names, 4000, "canny-test"), names)
    assert share.first == "canny" and share.low > 0.52, share
