"""When a kind's effect is settled: looks at a growing sample, with stated error rates.

A kind (or an option) is measured on pairs of one-round games (see
:mod:`cardgen.balance.ablation`), and looked at after 400 pairs, then 800, 1,600 … up
to the study's budget: a schedule fixed before any game is played (:func:`looks`
depends on the budget alone). At each look the effect gets intervals whose half-width
is ``z`` standard errors, with ``z`` chosen (:func:`critical_z`) so that the intervals
of *all* the looks hold the true effect together: each of the K looks may miss it on
one side with probability ``rate``/K at most (Bonferroni), so all of them together miss
it on that side with probability ``rate`` at most. These are repeated confidence
intervals (Jennison and Turnbull): one may stop at any look and the interval one stops
with keeps its level.

A kind is settled at the first look where

- its 95 % interval lies above zero: it **helps** (``higher``), or below: it **hurts**
  (``lower``);
- its 90 % interval lies inside ``±tolerance``: it has **no effect larger than the
  tolerance** (``within``). This is an equivalence test (two one-sided tests, each at
  5 %, hence the 90 % interval): a finding that the effect is small, not a failure to
  find one.

Each kind's verdict is then wrong with probability 5 % at most, whatever the true
effect: with no effect at all, a direction is said only if the 95 % interval missed
zero (2.5 % a side); with an effect at or past the tolerance, say upwards, "hurts" or
"no larger effect" is said only if an interval fell short of it on its upper side (5 %).
``tests/balance/test_balance_sequential.py`` measures this on known answers. Every value of the
effect settles in the end: one of half the tolerance, the slowest, once the intervals'
half-width is about half the tolerance.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The share of verdicts that may be wrong, for each kind.
ERROR_RATE = 0.05
#: The pairs at the first look; each next look doubles them.
FIRST_LOOK = 400
#: The most pairs a kind gets by default (``cardgen balance --max-games``).
DEFAULT_MAX_PAIRS = 25_600
#: What "no effect" allows by default, in points of the holder's chance to win a round
#: (``--tolerance``): a kind that moves it by less than this is as good as a number card.
DEFAULT_TOLERANCE = 0.05


def looks(max_pairs: int) -> list[int]:
    """The pairs at each look: 400, 800, 1,600 … and the budget itself as the last one
    (a budget under the first look is looked at once)."""
    schedule = []
    pairs = FIRST_LOOK
    while pairs < max_pairs:
        schedule.append(pairs)
        pairs *= 2
    schedule.append(max_pairs)
    return schedule


def critical_z(looks_planned: int, side_rate: float) -> float:
    """The half-width, in standard errors, of intervals that miss the true effect on a
    given side with probability ``side_rate`` at most over ``looks_planned`` looks."""
    from statistics import NormalDist  # here: `cardgen balance --help` reads the defaults

    return NormalDist().inv_cdf(1 - side_rate / looks_planned)


@dataclass(frozen=True)
class Boundaries:
    """The two half-widths of a study's looks: for a direction, and for "within"."""

    direction: float  # the 95 % repeated interval (2.5 % a side)
    within: float  # the 90 % repeated interval (5 % a side)
    tolerance: float

    @classmethod
    def of(cls, looks_planned: int, tolerance: float,
           error_rate: float = ERROR_RATE) -> Boundaries:
        return cls(critical_z(looks_planned, error_rate / 2),
                   critical_z(looks_planned, error_rate), tolerance)

    def settle(self, estimate: float, se: float) -> str | None:
        """The verdict the intervals around ``estimate`` allow, or None if none yet."""
        if se <= 0 and estimate == 0:
            return "within"  # the two decks played the same game: exactly no effect
        if estimate - self.direction * se > 0:
            return "higher"
        if estimate + self.direction * se < 0:
            return "lower"
        if self.is_small(estimate, se):
            return "within"
        return None

    def is_small(self, estimate: float, se: float) -> bool:
        """Whether the 90 % interval lies inside the tolerance (an effect that is there
        but small is said so beside its direction)."""
        half = self.within * se
        return -self.tolerance < estimate - half and estimate + half < self.tolerance

    def half_width(self, verdict: str | None) -> float:
        """The interval a verdict rests on, in standard errors (the 95 % one for a
        direction or none yet, the 90 % one for "within")."""
        return self.within if verdict == "within" else self.direction


def pairs_to_settle(pairs: int, estimate: float, se: float,
                    bounds: Boundaries) -> int | None:
    """About how many pairs would settle an unsettled effect, if it stays as measured:
    its intervals must narrow until one clears zero or one fits inside the tolerance."""
    if pairs <= 0 or se <= 0:
        return None
    needed = [pairs * (bounds.direction * se / abs(estimate)) ** 2 if estimate else math.inf,
              pairs * (bounds.within * se / (bounds.tolerance - abs(estimate))) ** 2
              if abs(estimate) < bounds.tolerance else math.inf]
    best = min(needed)
    return None if best == math.inf else max(pairs, math.ceil(best))
