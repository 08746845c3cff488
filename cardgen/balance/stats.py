"""The statistics of the balance report: estimates with 95 % intervals, and sample sizes.

Rounds are observed in games (a game is several rounds, dealt by one chain of chance),
so the intervals that rest on rounds treat the *game* as the independent unit: a mean
over rounds is a ratio of per-game sums, with its linearised (cluster-robust) variance,
and a proportion over rounds gets a Wilson interval on its effective sample size (the
rounds divided by the design effect of their games). With one round per game these are
the textbook intervals.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

#: The two-sided 95 % normal quantile.
Z95 = NormalDist().inv_cdf(0.975)
#: The quantile for 80 % power, used to say how many games an effect would need.
Z_POWER = NormalDist().inv_cdf(0.80)


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95 % interval, its standard error and the sample it rests on."""

    estimate: float
    low: float
    high: float
    se: float
    n: int  # observations (rounds, seat-rounds …)
    games: int  # independent games they come from

    @property
    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high

    def as_dict(self) -> dict[str, Any]:
        return {"estimate": round(self.estimate, 6), "low": round(self.low, 6),
                "high": round(self.high, 6), "se": round(self.se, 6), "n": self.n,
                "games": self.games}


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (n may be an effective sample size)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # At 0 or n successes one bound is exactly 0 or 1 (not a rounding error away).
    low = 0.0 if p <= 0 else max(0.0, centre - half)
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return low, high


def normal_mean(values: Sequence[float], z: float = Z95) -> Interval:
    """A mean of independent values with its normal interval."""
    n = len(values)
    if n == 0:
        return Interval(0.0, 0.0, 0.0, 0.0, 0, 0)
    mean = math.fsum(values) / n
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n)
    return Interval(mean, mean - z * se, mean + z * se, se, n, n)


def bootstrap_mean(values: Sequence[float], seed: int | str = 0, resamples: int = 2000,
                   ) -> Interval:
    """A mean with its percentile bootstrap interval (seeded: the same values give the
    same interval), for small or skewed samples."""
    n = len(values)
    if n == 0:
        return Interval(0.0, 0.0, 0.0, 0.0, 0, 0)
    rng = random.Random(f"cardgen:bootstrap:{seed}")
    means = sorted(math.fsum(rng.choices(values, k=n)) / n for _ in range(resamples))
    low = means[int(0.025 * resamples)]
    high = means[min(resamples - 1, int(0.975 * resamples))]
    centre = math.fsum(values) / n
    se = math.sqrt(math.fsum((m - centre) ** 2 for m in means) / (resamples - 1))
    return Interval(centre, low, high, se, n, n)


@dataclass
class Clustered:
    """Sums of a value over the observations of each game, for a ratio estimate."""

    sums: list[float]
    counts: list[int]

    @classmethod
    def empty(cls) -> Clustered:
        return cls([], [])

    def add(self, total: float, count: int) -> None:
        self.sums.append(total)
        self.counts.append(count)

    @property
    def n(self) -> int:
        return sum(self.counts)

    def mean_se(self, small_sample: bool = True) -> tuple[float, float]:
        """The mean over observations and its cluster-robust standard error (with the
        G/(G-1) small-sample factor unless told otherwise)."""
        n = self.n
        games = sum(1 for c in self.counts if c)
        if n == 0:
            return 0.0, 0.0
        mean = math.fsum(self.sums) / n
        if games < 2:
            return mean, 0.0
        spread = math.fsum((s - mean * c) ** 2 for s, c in zip(self.sums, self.counts,
                                                                strict=True))
        factor = games / (games - 1) if small_sample else 1.0
        return mean, math.sqrt(spread * factor) / n

    def mean(self, z: float = Z95) -> Interval:
        """A mean over observations with its normal interval."""
        mean, se = self.mean_se()
        return Interval(mean, mean - z * se, mean + z * se, se, self.n, self.games_with_data())

    def proportion(self, z: float = Z95) -> Interval:
        """A share of 0/1 observations with its Wilson interval on the effective sample
        size (never more than the observations themselves)."""
        p, se = self.mean_se(small_sample=False)  # Wilson brings its own correction
        n = self.n
        if n == 0:
            return Interval(0.0, 0.0, 1.0, 0.0, 0, 0)
        iid = p * (1 - p) / n
        effective = n if se == 0 or iid == 0 else min(n, p * (1 - p) / (se * se))
        low, high = wilson(p * effective, effective, z)
        return Interval(p, low, high, max(se, math.sqrt(iid)), n, self.games_with_data())

    def games_with_data(self) -> int:
        """The games (clusters) with at least one observation."""
        return sum(1 for c in self.counts if c)



def difference(a: Interval, b: Interval, z: float = Z95) -> Interval:
    """a − b for independent estimates, with its normal interval."""
    d = a.estimate - b.estimate
    se = math.hypot(a.se, b.se)
    return Interval(d, d - z * se, d + z * se, se, min(a.n, b.n), min(a.games, b.games))


#: The most games a run is worth estimating: ``cardgen balance --games`` plays no more
#: per run. An effect that would take more is too small to measure in practice.
PRACTICAL_GAMES = 10_000_000


def games_needed(games: int, interval: Interval, effect: float | None = None,
                 z: float = Z95, power_z: float = Z_POWER) -> int | None:
    """About how many games would tell ``effect`` (the measured one by default) from zero
    with 95 % confidence and 80 % power, scaling the standard error found with ``games``.

    None when no practical run would: the effect is exactly zero (no number of games
    tells nothing from zero), or it would take more than :data:`PRACTICAL_GAMES`.
    """
    size = abs(interval.estimate if effect is None else effect)
    if size == 0:
        return None
    if games <= 0 or interval.se <= 0:
        return games
    needed = max(games, math.ceil(games * ((z + power_z) * interval.se / size) ** 2
                                  - 1e-9))  # not one more for a rounding error
    return needed if needed <= PRACTICAL_GAMES else None


def two_proportions_size(p1: float, p2: float, z: float = Z95,
                         power_z: float = Z_POWER) -> int:
    """The textbook sample size per group to tell two proportions apart (normal
    approximation, unpooled variance)."""
    return math.ceil((z + power_z) ** 2 * (p1 * (1 - p1) + p2 * (1 - p2)) / (p1 - p2) ** 2)


def quantiles(counts: Counter[int], shares: Sequence[float]) -> list[int]:
    """The values below which ``shares`` of the counted values lie (the lower value at
    a tie), from whole numbers counted by value: a few quartiles of a distribution kept
    as counts, however many rounds it counts."""
    total = sum(counts.values())
    found = []
    for share in shares:
        seen = 0
        for value in sorted(counts):
            seen += counts[value]
            if seen >= share * total:
                found.append(value)
                break
    return found if total else [0] * len(shares)
