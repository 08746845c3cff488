"""The balance report's statistics against textbook values."""

from __future__ import annotations

import math

import pytest

from cardgen.balance.report import interval_text, pct
from cardgen.balance.stats import (
    PRACTICAL_GAMES,
    Z95,
    Z_POWER,
    Clustered,
    Interval,
    bootstrap_mean,
    games_needed,
    normal_mean,
    two_proportions_size,
    wilson,
)


def test_wilson_interval_for_8_of_10_is_the_textbook_one() -> None:
    # Newcombe (1998), Table I: 81/263 and the small cases; 8/10 gives 0.4902-0.9433.
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)


def test_wilson_interval_for_0_of_10_starts_at_zero() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=1e-4)


def test_normal_mean_of_a_small_sample() -> None:
    values = [2, 4, 4, 4, 5, 5, 7, 9]  # mean 5, sample standard deviation 2.138
    interval = normal_mean(values)
    se = 2.13809 / math.sqrt(8)
    assert interval.estimate == 5
    assert interval.low == pytest.approx(5 - 1.95996 * se, abs=1e-4)
    assert interval.high == pytest.approx(5 + 1.95996 * se, abs=1e-4)


def test_one_round_per_game_gives_the_textbook_intervals() -> None:
    values = [2, 4, 4, 4, 5, 5, 7, 9]
    clustered = Clustered.empty()
    for v in values:
        clustered.add(v, 1)
    assert clustered.mean().low == pytest.approx(normal_mean(values).low)
    wins = Clustered.empty()
    for won in [1] * 8 + [0] * 2:
        wins.add(won, 1)
    share = wins.proportion()
    assert share.estimate == pytest.approx(0.8)
    assert (share.low, share.high) == pytest.approx(wilson(8, 10))


def test_rounds_of_one_game_move_together_so_the_interval_widens() -> None:
    # Ten games of five rounds, each game all won or all lost: 50 rounds, but only 10
    # independent outcomes, so the interval is that of 5 of 10, not of 25 of 50.
    wins = Clustered.empty()
    for game in range(10):
        wins.add(5 * (game % 2), 5)
    share = wins.proportion()
    assert (share.low, share.high) == pytest.approx(wilson(5, 10), abs=1e-9)


def test_bootstrap_mean_is_seeded_and_close_to_the_normal_interval() -> None:
    values = [(i * 37) % 101 for i in range(400)]
    one = bootstrap_mean(values, seed=3)
    assert one == bootstrap_mean(values, seed=3)
    normal = normal_mean(values)
    assert one.estimate == normal.estimate
    assert one.low == pytest.approx(normal.low, abs=0.6)
    assert one.high == pytest.approx(normal.high, abs=0.6)


def test_sample_size_to_tell_50_from_60_percent() -> None:
    # (1.96 + 0.8416)^2 (0.25 + 0.24) / 0.1^2 = 384.6: 385 per group.
    assert two_proportions_size(0.5, 0.6) == 385


def test_games_needed_scale_with_the_square_of_the_precision_wanted() -> None:
    clustered = Clustered.empty()
    for v in [0, 1] * 50:
        clustered.add(v, 1)
    interval = clustered.mean()
    z = Z95 + Z_POWER  # 1.95996 + 0.84162: 95 % confidence, 80 % power
    # an effect as large as z standard errors is just told apart at these games ...
    assert games_needed(100, interval, effect=z * interval.se) == 100
    # ... and half of it takes four times as many
    assert games_needed(100, interval, effect=z * interval.se / 2) == 400


def test_no_number_of_games_is_promised_for_an_effect_measured_at_zero() -> None:
    """A zero effect would need infinitely many games, and one a thousand times smaller
    than its standard error more games than any run plays: no estimate for either."""
    zero = Interval(0.0, -0.1, 0.1, 0.05, 400, 40)
    assert games_needed(40, zero) is None
    tiny = Interval(0.00005, -0.1, 0.1, 0.05, 400, 40)
    assert games_needed(40, tiny) is None
    assert games_needed(40, Interval(0.01, -0.1, 0.1, 0.05, 400, 40)) == 7849
    assert games_needed(40, tiny, effect=0.01) == 7849
    big = games_needed(40, Interval(0.0005, -0.1, 0.1, 0.05, 400, 40))
    assert big is not None and big <= PRACTICAL_GAMES


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "0.0 [0.0, 0.1]"), ("fr", "0,0 [0,0 ; 0,1]")])
def test_a_figure_rounding_to_zero_is_never_written_minus_zero(lang: str,
                                                               expected: str) -> None:
    figure = {"estimate": -0.00001, "low": -0.0004, "high": 0.08}
    assert interval_text(figure, lang=lang) == expected
    signed = interval_text(figure, signed=True, lang=lang)
    assert "-0" not in signed and signed.startswith("+0")
    assert "-" not in pct(-0.0000004, lang=lang)
    assert pct(-0.0000004, signed=True, lang=lang) == "+0" + ("," if lang == "fr" else ".") + "0"
