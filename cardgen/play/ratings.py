"""One rating scale for the bots: rounds between them, and Bradley–Terry ratings.

``cardgen rate`` plays rounds of a deck with a line-up of bots and rates them on the Elo
scale (400 points: ten to one odds). Round *i* of a run with seed *S* is dealt with the
seed ``"S:i"`` and seats its bots by *i* alone, so a run gives the same ratings on one
process or many. At 2 players the pairs of bots take turns, each pair on both seats; at
more, the bots sit round the table in turn, each round moved on by one seat.

A round counts as one win of its winner over every other bot at the table (a round
nobody wins counts for none); the ratings are the Bradley–Terry model's fit of those
wins, ``heuristic`` held at 1000 when it plays (else the mean), with 95 % intervals
from resampling the rounds. Each pair's win share (the rounds one of the two won) comes
with its Wilson interval: the figure docs/balance.md quotes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from cardgen.engine.game import Game, play_round
from cardgen.engine.variant import Variant
from cardgen.play.players import player_factory, player_names
from cardgen.play.recipes import Recipe
from cardgen.pools import start_pool

#: The bot every rating is measured from, when it plays.
ANCHOR, ANCHOR_RATING = "heuristic", 1000.0
#: Resamples of the rounds for the ratings' intervals.
RESAMPLES = 200


@dataclass(frozen=True)
class RoundOutcome:
    """Who sat where (bot names by seat) and which seat won (-1: nobody)."""

    lineup: tuple[str, ...]
    winner: int


@dataclass(frozen=True)
class Rating:
    name: str
    rating: float
    low: float
    high: float


@dataclass(frozen=True)
class PairShare:
    """How often ``first`` won the rounds that ``first`` or ``second`` won, both seated."""

    first: str
    second: str
    wins: int
    rounds: int
    low: float
    high: float

    @property
    def share(self) -> float:
        return self.wins / self.rounds if self.rounds else math.nan


def lineup(names: Sequence[str], seats: int, index: int) -> tuple[str, ...]:
    """The bots of round ``index``, by seat (see the module's docstring)."""
    if seats == 2 and len(names) > 2:
        pairs = list(combinations(names, 2))
        pair = pairs[(index // 2) % len(pairs)]
        return pair if index % 2 == 0 else pair[::-1]
    return tuple(names[(index + s) % len(names)] for s in range(seats))


def play_rated_round(variant: Variant, names: Sequence[str], seed: int | str,
                     index: int) -> RoundOutcome:
    """Round ``index`` of the run: its first round of a game of its own."""
    seats = lineup(names, variant.players, index)
    round_seed = f"{seed}:{index}"
    state, order = Game(variant, round_seed).new_round()
    bots = [player_factory(seats[s])(random.Random(f"cardgen:{round_seed}:player:{s}"))
            for s in order]
    play_round(state, bots, check="fast")
    winner = order[state.winner] if state.winner >= 0 else -1
    return RoundOutcome(seats, winner)


_worker: list[tuple[Variant, tuple[str, ...], str]] = []


def _start_worker(payload: tuple[Recipe, tuple[str, ...]]) -> None:
    recipe, names = payload
    _worker[:] = [(recipe.variant(), names, str(recipe.seed))]


def _worker_round(index: int) -> RoundOutcome:
    variant, names, seed = _worker[0]
    return play_rated_round(variant, names, seed, index)


def play_rated_rounds(variant: Variant, names: Sequence[str], rounds: int, seed: int | str,
                      workers: int = 1) -> Iterator[RoundOutcome]:
    """Rounds 0 … rounds-1 of the run, in order, on ``workers`` processes."""
    player_names(names)  # refuse an unknown bot before playing anything
    if workers <= 1 or rounds < 2:
        for index in range(rounds):
            yield play_rated_round(variant, names, seed, index)
        return
    recipe = Recipe.of(variant, ",".join(names), seed)
    with start_pool(workers, _start_worker, (recipe, tuple(names))) as pool:
        yield from pool.imap(_worker_round, range(rounds), chunksize=1)


# --- the scale ------------------------------------------------------------------------------


def pairwise_wins(outcomes: Sequence[RoundOutcome], names: Sequence[str]) -> list[list[float]]:
    """wins[i][j]: the rounds bot i won with bot j at the table."""
    index = {name: i for i, name in enumerate(names)}
    wins = [[0.0] * len(names) for _ in names]
    for outcome in outcomes:
        if outcome.winner < 0:
            continue
        w = index[outcome.lineup[outcome.winner]]
        for other in {index[name] for name in outcome.lineup} - {w}:
            wins[w][other] += 1
    return wins


def bradley_terry(wins: list[list[float]], anchor: int | None) -> list[float]:
    """Elo-scale ratings fitting ``wins`` (Hunter's MM iterations), with half a win each
    way added between bots that met, so that a bot that never lost stays finite."""
    k = len(wins)
    w = [[wins[i][j] + (0.5 if wins[i][j] + wins[j][i] > 0 else 0.0) for j in range(k)]
         for i in range(k)]
    strength = [1.0] * k
    for _ in range(500):
        new = []
        for i in range(k):
            games = sum((w[i][j] + w[j][i]) / (strength[i] + strength[j])
                        for j in range(k) if j != i)
            new.append(sum(w[i]) / games if games else strength[i])
        mean = math.exp(sum(math.log(s) for s in new) / k)
        new = [s / mean for s in new]
        done = max(abs(a - b) for a, b in zip(new, strength, strict=True)) < 1e-9
        strength = new
        if done:
            break
    elo = [400 * math.log10(s) for s in strength]
    shift = ANCHOR_RATING - (elo[anchor] if anchor is not None else sum(elo) / k)
    return [e + shift for e in elo]


def ratings(outcomes: Sequence[RoundOutcome], names: Sequence[str], seed: int | str = 0,
            resamples: int = RESAMPLES) -> list[Rating]:
    """Each bot's rating and its 95 % interval (resampled rounds), best first."""
    anchor = names.index(ANCHOR) if ANCHOR in names else None
    fitted = bradley_terry(pairwise_wins(outcomes, names), anchor)
    rng = random.Random(f"cardgen:{seed}:ratings")
    spread: list[list[float]] = [[] for _ in names]
    for _ in range(resamples if outcomes else 0):
        sample = [outcomes[rng.randrange(len(outcomes))] for _ in outcomes]
        for i, value in enumerate(bradley_terry(pairwise_wins(sample, names), anchor)):
            spread[i].append(value)
    found = []
    for i, name in enumerate(names):
        values = sorted(spread[i]) or [fitted[i]]
        low = values[int(0.025 * (len(values) - 1))]
        high = values[int(math.ceil(0.975 * (len(values) - 1)))]
        found.append(Rating(name, fitted[i], low, high))
    return sorted(found, key=lambda r: -r.rating)


def pair_shares(outcomes: Sequence[RoundOutcome], names: Sequence[str]) -> list[PairShare]:
    """Every pair's win share, the stronger by rating first."""
    wins = pairwise_wins(outcomes, names)
    shares = []
    for i, j in combinations(range(len(names)), 2):
        won, lost = wins[i][j], wins[j][i]
        if won < lost:
            i, j, won, lost = j, i, lost, won
        n = int(won + lost)
        low, high = wilson(int(won), n)
        shares.append(PairShare(names[i], names[j], int(won), n, low, high))
    return shares


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share of ``wins`` in ``n`` (95 % by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def format_ladder(deck: str, seats: int, outcomes: Sequence[RoundOutcome],
                  names: Sequence[str], seed: int | str = 0) -> str:
    """The ladder as ``cardgen rate`` prints it."""
    nobody = sum(1 for o in outcomes if o.winner < 0)
    lines = [f"{deck}, {seats} players, {len(outcomes)} rounds"
             + (f" ({nobody} won by nobody)" if nobody else ""),
             f"{'bot':<14}{'rating':>8}  95 % interval"]
    for r in ratings(outcomes, names, seed):
        lines.append(f"{r.name:<14}{r.rating:>8.0f}  {r.low:.0f} to {r.high:.0f}")
    lines.append("")
    lines.append("head to head (rounds one of the two won)")
    for p in pair_shares(outcomes, names):
        lines.append(f"{p.first} beats {p.second}: {p.share:.1%} of {p.rounds} "
                     f"(95 %: {p.low:.1%} to {p.high:.1%})")
    return "\n".join(lines)


def run_ladder(variant: Variant, names: Sequence[str], rounds: int, seed: int | str,
               workers: int = 1,
               progress: Callable[[int], None] | None = None) -> list[RoundOutcome]:
    """Play the run, calling ``progress(1)`` after each round."""
    outcomes = []
    for outcome in play_rated_rounds(variant, names, rounds, seed, workers):
        outcomes.append(outcome)
        if progress is not None:
            progress(1)
    return outcomes
