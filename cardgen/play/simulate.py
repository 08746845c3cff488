"""Many games in a row, summed up: what ``cardgen simulate`` and ``cardgen check`` run.

Game *i* of a run with seed *S* is seeded with ``"S:i"``, whatever process plays it,
so a run gives the same report on one process or many (``workers``), and any game of
it can be played again alone. Ctrl-C stops a run at once: the report then sums up the
games finished so far and says it is partial.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardgen.deck.load import HAND_SIZE, TARGET
from cardgen.engine.actions import seat_name
from cardgen.engine.game import MAX_ROUNDS, GameResult
from cardgen.engine.nomercy.rules import mercy_limit
from cardgen.engine.variant import Variant
from cardgen.play.cluster import play_on_cluster
from cardgen.play.players import player_names
from cardgen.play.recipes import Recipe, play_one
from cardgen.pools import start_pool

_worker: list[tuple[Variant, Recipe]] = []


def _start_worker(recipes: Sequence[Recipe]) -> None:
    _worker[:] = [(recipe.variant(), recipe) for recipe in recipes]


def _worker_game(job: tuple[int, int]) -> GameResult:
    variant, recipe = _worker[job[0]]
    return play_one(variant, recipe, job[1])


def play_games(variant: Variant, recipe: Recipe, games: int, workers: int = 1,
               cluster: str | None = None) -> Iterator[GameResult]:
    """The results of games 0 … games-1, in order, played by ``workers`` processes (or
    by the Ray cluster at ``cluster``, see :mod:`cardgen.play.cluster`)."""
    if cluster is None and (workers <= 1 or games < 2):
        for index in range(games):
            yield play_one(variant, recipe, index)
        return
    for _, result in play_runs([recipe], games, workers, cluster):
        yield result


def play_runs(recipes: Sequence[Recipe], games: int, workers: int = 1,
              cluster: str | None = None) -> Iterator[tuple[int, GameResult]]:
    """Games 0 … games-1 of every recipe, run after run, as (run, result) in that order,
    on one pool of ``workers`` processes or on a Ray cluster: the same results either way."""
    if cluster is not None:
        yield from play_on_cluster(recipes, games, cluster, workers)
        return
    # Made as they are played, not listed first: ten million games are ten million jobs.
    jobs = ((run, index) for run in range(len(recipes)) for index in range(games))
    total = len(recipes) * games
    if workers <= 1 or total < 2:
        variants = [recipe.variant() for recipe in recipes]
        for run, index in jobs:
            yield run, play_one(variants[run], recipes[run], index)
        return
    # Small chunks: a game takes milliseconds and a chunk's round trip far less, so ten
    # games a chunk cost nothing, and the last chunks leave no worker idle for long.
    chunk = max(1, min(10, total // (workers * 8)))
    with start_pool(workers, _start_worker, tuple(recipes)) as pool:
        # The pool feeds the jobs through a pipe, so only what is in flight is held.
        for number, result in enumerate(pool.imap(_worker_game, jobs, chunksize=chunk)):
            yield number // games, result


def _stats(counts: Counter[int]) -> dict[str, float]:
    """Mean, median, spread and range of whole numbers counted by value: a run keeps one
    count per distinct value, not one entry per round, however many games it plays."""
    n = sum(counts.values())
    if not n:
        return {"mean": 0, "median": 0, "stdev": 0, "min": 0, "max": 0}
    mean = math.fsum(value * count for value, count in counts.items()) / n
    spread = math.fsum(count * (value - mean) ** 2 for value, count in counts.items()) / n
    return {
        "mean": round(mean, 2),
        "median": _median(counts, n),
        "stdev": round(math.sqrt(spread), 2),
        "min": min(counts),
        "max": max(counts),
    }


def _median(counts: Counter[int], n: int) -> float:
    """The median as :func:`statistics.median` gives it (the mean of the two middle
    values when ``n`` is even)."""
    lower, upper = (n - 1) // 2, n // 2  # the ranks of the middle value(s), from 0
    seen, low = 0, None
    for value in sorted(counts):
        seen += counts[value]
        if low is None and seen > lower:
            low = value
        if low is not None and seen > upper:
            return low if lower == upper else (low + value) / 2
    raise ValueError("no values")


@dataclass
class SimulationReport:
    deck: str
    players: int
    player: str
    seed: int | str
    rules: tuple[str, ...]
    #: the total that ends a game (C-31) and the cards dealt to each player (C-04)
    target: int = TARGET
    hand_size: int = HAND_SIZE
    games: int = 0
    #: the games asked for; fewer were played if the run was interrupted or stopped early
    requested: int = 0
    #: stopped by Ctrl-C: the figures cover the ``games`` finished before it
    interrupted: bool = False
    rounds: int = 0
    rounds_per_game: dict[str, float] = field(default_factory=dict)
    turns_per_round: dict[str, float] = field(default_factory=dict)
    actions_per_round: dict[str, float] = field(default_factory=dict)
    reshuffles: int = 0
    rounds_with_reshuffle: int = 0
    dry_rounds: int = 0
    #: the Mercy rule (NM-09): the hand size that knocks a player out (0: no such rule),
    #: the seats it knocked out in all, and the rounds in which it knocked out one or more
    mercy_limit: int = 0
    knock_outs: int = 0
    rounds_with_knock_out: int = 0
    endings: dict[str, int] = field(default_factory=dict)
    wins_by_seat: list[float] = field(default_factory=list)
    mean_final_scores: list[float] = field(default_factory=list)
    winning_scores: dict[str, float] = field(default_factory=dict)
    unfinished_games: int = 0
    invariant_violations: int = 0
    violations: list[dict[str, Any]] = field(default_factory=list)
    non_terminating: int = 0
    non_terminating_rounds: list[dict[str, Any]] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__, rules=list(self.rules))


class Tally:
    """What a run counts game by game, and how the report sums it up at the end."""

    def __init__(self, report: SimulationReport, players: int, kinds: int) -> None:
        self.report = report
        self.turns = Counter[int]()
        self.actions = Counter[int]()
        self.per_game = Counter[int]()
        self.wins = [0.0] * players
        self.totals = [0] * players
        self.winning = Counter[int]()
        self.played = [0] * kinds
        self.fired = [0] * kinds

    def add(self, index: int, result: GameResult) -> None:
        """Count game number ``index`` of the run."""
        report = self.report
        report.games += 1
        self.per_game[len(result.rounds)] += 1
        for number, played_round in enumerate(result.rounds):
            how = played_round.how
            report.rounds += 1
            report.endings[how] = report.endings.get(how, 0) + 1
            report.reshuffles += played_round.reshuffles
            report.rounds_with_reshuffle += played_round.reshuffles > 0
            report.dry_rounds += played_round.dry
            report.knock_outs += played_round.knocked_out
            report.rounds_with_knock_out += played_round.knocked_out > 0
            if how == "capped":
                report.non_terminating += 1
                if len(report.non_terminating_rounds) < 20:
                    report.non_terminating_rounds.append(
                        {"game": index, "round": number + 1, "seed": result.seed})
            else:
                self.turns[played_round.turns] += 1
                self.actions[played_round.actions] += 1
        if result.problems:
            report.invariant_violations += len(result.problems)
            for problem in result.problems[: max(0, 20 - len(report.violations))]:
                report.violations.append({"game": index, "seed": result.seed,
                                          "problem": problem})
        if result.finished:
            for seat in result.winners:
                self.wins[seat] += 1 / len(result.winners)
            self.winning[max(result.scores[s] for s in result.winners)] += 1
        else:
            report.unfinished_games += 1
        for seat, score in enumerate(result.scores):
            self.totals[seat] += score
        played, fired = self.played, self.fired
        for k in range(len(played)):
            played[k] += result.played[k]
            fired[k] += result.fired[k]

    def sum_up(self, variant: Variant) -> None:
        """The report's figures from the games counted (all of them, or those finished
        before an interruption)."""
        report = self.report
        report.rounds_per_game = _stats(self.per_game)
        report.turns_per_round = _stats(self.turns)
        report.actions_per_round = _stats(self.actions)
        finished = report.games - report.unfinished_games
        report.wins_by_seat = [round(w / finished, 4) if finished else 0.0 for w in self.wins]
        report.mean_final_scores = [round(t / report.games, 1) if report.games else 0.0
                                    for t in self.totals]
        report.winning_scores = _stats(self.winning)
        copies = variant.deck_counts
        report.cards = [{"id": card.id, "copies": copies[k], "played": self.played[k],
                         "fired": self.fired[k]} for k, card in enumerate(variant.kinds)]


def simulate(variant: Variant, *, games: int, seed: int | str = 0, player: str = "heuristic",
             workers: int = 1, check: str = "fast",
             progress: Callable[[int], None] | None = None, turn_cap: int | None = None,
             stop_after_non_terminating: int | None = None,
             on_game: Callable[[GameResult], None] | None = None,
             cluster: str | None = None) -> SimulationReport:
    """Play ``games`` games and sum them up. ``progress`` is called after each game; a run
    may stop early once enough rounds failed to terminate (a deck that cannot finish).
    ``on_game`` is given every game, its rounds recorded (see :mod:`cardgen.play.records`)."""
    variant.require_playable()
    player_names(player)  # refuse an unknown player before playing anything
    recipe = Recipe.of(variant, player, seed, check, turn_cap, record=on_game is not None)
    report = SimulationReport(variant.name, variant.players, player, seed, variant.rule_names,
                              # count-rounds plays to rounds won, a target of its own
                              getattr(variant.rules, "target", variant.target),
                              variant.hand_size, requested=games,
                              mercy_limit=mercy_limit(variant.rules))
    tally = Tally(report, variant.players, len(variant.kinds))
    try:
        for index, result in enumerate(play_games(variant, recipe, games, workers, cluster)):
            tally.add(index, result)
            if on_game is not None:
                on_game(result)
            if progress is not None:
                progress(1)
            if (stop_after_non_terminating is not None
                    and report.non_terminating >= stop_after_non_terminating):
                break
    except KeyboardInterrupt:
        report.interrupted = True  # the games summed so far make the report
    tally.sum_up(variant)
    return report


def format_report(report: SimulationReport) -> str:
    """The text ``cardgen simulate`` prints."""
    t = report.turns_per_round
    lines = [partial_line(report, "game(s)")] if report.interrupted else []
    lines += [
        f"{report.deck}: {report.games} game(s), {report.players} players "
        f"({report.player}), seed {report.seed}, {report.hand_size} cards dealt, "
        f"games to {report.target}"
        + (f", rules {', '.join(report.rules)}" if report.rules else ""),
        f"rounds: {report.rounds} ({report.rounds_per_game.get('mean', 0)} per game, "
        f"{report.rounds_per_game.get('min', 0)}–{report.rounds_per_game.get('max', 0)})",
        f"turns per round: mean {t['mean']}, median {t['median']}, stdev {t['stdev']}, "
        f"{t['min']}–{t['max']}",
        f"reshuffles: {report.reshuffles} in {report.rounds_with_reshuffle} round(s); "
        f"both piles ran dry in {report.dry_rounds} round(s)",
        *([f"knocked out by the Mercy rule ({report.mercy_limit} cards): "
           f"{report.knock_outs} player(s) in {report.rounds_with_knock_out} round(s)"]
          if report.mercy_limit else []),
        "rounds ended: " + ", ".join(f"{how} {n}" for how, n in sorted(report.endings.items())),
        "wins by seat: " + "  ".join(f"{seat_name(s)} {rate:.1%}"
                                     for s, rate in enumerate(report.wins_by_seat)),
        "mean final score by seat: " + "  ".join(
            f"{seat_name(s)} {score}" for s, score in enumerate(report.mean_final_scores)),
        f"unfinished games: {report.unfinished_games}",
        f"invariant violations: {report.invariant_violations}",
        f"non-terminating rounds: {report.non_terminating}",
    ]
    for v in report.violations:
        lines.append(f"  game {v['game']} (seed {v['seed']}): {v['problem']}")
    for r in report.non_terminating_rounds:
        lines.append(f"  not terminating: game {r['game']} round {r['round']} "
                     f"(seed {r['seed']})")
    width = max((len(c["id"]) for c in report.cards), default=4)
    lines.append("cards: 'played' counts the copies players laid, 'acted' the times one "
                 "took effect (the first card turned up included)")
    lines.append(f"{'card':<{width}}  copies  played  acted")
    for c in report.cards:
        lines.append(f"{c['id']:<{width}}  {c['copies']:>6}  {c['played']:>6}  {c['fired']:>5}")
    return "\n".join(lines)


def partial_line(report: SimulationReport, what: str) -> str:
    """The line that marks an interrupted run's figures as partial."""
    if not report.games:
        return f"PARTIAL: interrupted (Ctrl-C) before any of the {report.requested} {what} finished"
    return (f"PARTIAL: interrupted (Ctrl-C) after {report.games} of {report.requested} {what}; "
            "the figures below cover those only")


#: Sanity games use a tighter turn cap than ``simulate``: the heuristic bots finish a
#: classic round in about 100 actions, so a deck still playing after this cannot finish.
SANITY_TURN_CAP = 20_000
#: A deck is said to run dry too often past this share of rounds.
DRY_SHARE = 0.05


def sanity_problems(variant: Variant, games: int, seed: int | str = 0, workers: int = 1,
                    progress: Callable[[int], None] | None = None,
                    on_game: Callable[[GameResult], None] | None = None,
                    ) -> list[tuple[str, str, str | None]]:
    """Play ``games`` games with the heuristic bots and say what looks wrong, as
    (level, message, card id); ``on_game`` sees every game."""
    found, report = sanity_run(variant, games, seed, workers, progress, on_game)
    return found + (list(shortages(report).values()) if report is not None else [])


def sanity_run(variant: Variant, games: int, seed: int | str = 0, workers: int = 1,
               progress: Callable[[int], None] | None = None,
               on_game: Callable[[GameResult], None] | None = None,
               cluster: str | None = None, player: str = "heuristic",
               ) -> tuple[list[tuple[str, str, str | None]], SimulationReport | None]:
    """:func:`sanity_problems` but for the :func:`shortages`, and the report of the games
    played (None: not played). ``cardgen check`` weighs the shortages with the game's
    health (:mod:`cardgen.check`): one that breaks the game is an error there."""
    n = variant.players
    problem = variant.playability_problem()
    if problem:
        return [("warning", f"sanity games for {n} players not played: {problem}", None)], None
    report = simulate(variant, games=games, seed=seed, player=player, workers=workers,
                      progress=progress, turn_cap=SANITY_TURN_CAP,
                      stop_after_non_terminating=3, on_game=on_game, cluster=cluster)
    return _sanity_findings(report, n), report


def shortages(report: SimulationReport) -> dict[str, tuple[str, str, str | None]]:
    """The sanity games' warnings about cards running out, by the trouble of
    :mod:`cardgen.balance.health` each is a milder form of: ``no_winner`` (rounds
    blocked, nobody able to play or draw) and ``dry`` (both piles ran dry in more than
    :data:`DRY_SHARE` of the rounds)."""
    n = report.players
    found: dict[str, tuple[str, str, str | None]] = {}
    blocked = report.endings.get("blocked", 0)
    if blocked and not report.unfinished_games and not report.non_terminating:
        found["no_winner"] = ("warning", f"with {n} players, {blocked} of {report.rounds} "
                              "rounds were blocked: nobody could play and nothing was left "
                              "to draw", None)
    if (report.rounds and not report.non_terminating
            and report.dry_rounds / report.rounds > DRY_SHARE):
        found["dry"] = ("warning", f"with {n} players the draw pile and the discard ran dry "
                        f"in {report.dry_rounds} of {report.rounds} rounds; add cards or "
                        "lower 'players.max'", None)
    return found


def _sanity_findings(report: SimulationReport, n: int) -> list[tuple[str, str, str | None]]:
    found: list[tuple[str, str, str | None]] = []
    if report.invariant_violations:
        first = report.violations[0]
        found.append(("error", f"the rules engine broke its own invariants with {n} "
                      f"players ({first['problem']}, seed {first['seed']}): a bug in "
                      "cardgen, please report it with the seed", None))
    if report.non_terminating:
        first_round = report.non_terminating_rounds[0]
        found.append(("error", f"the deck cannot finish with {n} players: "
                      f"{report.non_terminating} round(s) still had no winner after "
                      f"{SANITY_TURN_CAP} actions (first: seed {first_round['seed']}, round "
                      f"{first_round['round']}); make sure every card can be played away",
                      None))
        return found
    if report.unfinished_games:
        found.append(("error", f"the deck cannot finish with {n} players: "
                      f"{report.unfinished_games} of {report.games} game(s) found no winner "
                      f"in {MAX_ROUNDS} rounds ({report.endings.get('blocked', 0)} of "
                      f"{report.rounds} rounds were blocked with nothing left to play or "
                      "draw)", None))
    for card in report.cards if not report.interrupted else ():  # too few games to tell
        if card["played"] == 0:
            found.append(("warning", f"card '{card['id']}' was never played in "
                          f"{report.games} game(s) with {n} players; check that it can "
                          "go on some card", card["id"]))
    return found
