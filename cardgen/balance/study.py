"""The balance study: which games are played, and the figures drawn from them.

For each player count the study plays whole games of the deck and of the baseline deck
it is set against (game *i* seeded ``SEED:i``), for the shape of the game: round
length, rounds with no winner, the first player's edge, whether the deck works at all.
Then each kind of card and each option asked for is measured on pairs of one-round
games until its effect is settled (:mod:`cardgen.balance.ablation`, with the stopping
rule of :mod:`cardgen.balance.sequential`). Games go through the engine's one game
loop, on local processes or a Ray cluster, and come back in order, so a seed gives the
same figures however the games were spread. The result is plain data
(:func:`run_study`), which the table, the JSON and the PDF all print from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgen.balance.ablation import Measured, Progress, measure
from cardgen.balance.health import breakers, game_health
from cardgen.balance.kinds import KindGroup, ablated, kind_groups
from cardgen.balance.sequential import (
    DEFAULT_MAX_PAIRS,
    DEFAULT_TOLERANCE,
    ERROR_RATE,
    Boundaries,
    looks,
    pairs_to_settle,
)
from cardgen.balance.stats import Interval, games_needed, quantiles
from cardgen.balance.tally import Tally
from cardgen.deck.load import Deck
from cardgen.engine.errors import EngineError
from cardgen.engine.nomercy.rules import mercy_limit
from cardgen.engine.variant import Variant
from cardgen.play.recipes import Recipe
from cardgen.play.simulate import SANITY_TURN_CAP, play_runs


@dataclass(frozen=True)
class Plan:
    """What to play: the deck, what it is set against, and how much."""

    deck: Deck
    against: Deck
    rules: tuple[str, ...] = ()
    players: tuple[int, ...] = (4,)
    games: int = 400  # whole games of the deck and of the baseline
    seed: str = "0"
    workers: int = 1
    cluster: str | None = None
    ablate: bool = True  # every kind measured (off: the deck's own figures only)
    only: tuple[str, ...] | None = None  # measure only these kinds (group keys)
    player: str = "heuristic"
    tolerance: float = DEFAULT_TOLERANCE  # "no effect" allows this much either way
    max_pairs: int = DEFAULT_MAX_PAIRS  # the most pairs a kind or an option gets


def _measured(plan: Plan, deck: Variant) -> list[Measured]:
    """The kinds and the options of the study, each with the deck it is set against."""
    found = []
    if plan.ablate:
        found += [Measured(g.key, ablated(deck, g), g.kinds(deck), "holder")
                  for g in kind_groups(deck)
                  if g.ablated and (plan.only is None or g.key in plan.only)]
    for rule in plan.rules:
        if rule in deck.rule_names:
            raise EngineError(f"the rule {rule} is already part of {plan.deck.id}; "
                              "--option takes an option the deck does not play")
        found.append(Measured(rule, deck.with_cards(
            [(c, deck.deck_counts[k]) for k, c in enumerate(deck.kinds)],
            (*deck.rule_names, rule), f"{deck.name} with {rule}"), None, "length"))
    for m in found:
        m.variant.require_playable()
    return found


def total_games(plan: Plan) -> int:
    """How many whole games the study plays (the pairs that follow are counted by look)."""
    return plan.games * len(plan.players) * (1 if plan.against is plan.deck else 2)


def _games(plan: Plan, players: int,
           progress: Progress | None) -> tuple[Variant, Tally, Tally | None]:
    """The whole games of the deck and of the baseline, summed up."""
    deck = Variant.from_deck(plan.deck, players)
    deck.require_playable()
    variants = [deck]
    if plan.against is not plan.deck:
        variants.append(Variant.from_deck(plan.against, players))
        variants[1].require_playable()
    recipes = [Recipe.of(v, plan.player, plan.seed, check="none", turn_cap=SANITY_TURN_CAP,
                         record=True) for v in variants]
    tallies = [Tally(players, {g.key: g.kinds(deck) for g in kind_groups(deck)},
                     mercy_limit(deck.rules)),
               Tally(players, mercy_limit=mercy_limit(variants[-1].rules))][:len(variants)]
    counts = [0] * len(recipes)
    for index, result in play_runs(recipes, plan.games, plan.workers, plan.cluster):
        tallies[index].add(counts[index], result)
        counts[index] += 1
        if progress is not None:
            progress.advance(1)
    return deck, tallies[0], tallies[1] if len(tallies) > 1 else None


def run_study(plan: Plan, progress: Progress | None = None) -> dict[str, Any]:
    """Play the plan and return every figure of the report, as plain data."""
    if progress is not None:
        progress.stage("whole games", total_games(plan))
    played = [(n, *_games(plan, n, progress)) for n in plan.players]
    schedule = looks(plan.max_pairs)
    bounds = Boundaries.of(len(schedule), plan.tolerance)
    tables = []
    for n, deck, tally, base in played:
        measured = _measured(plan, deck)
        deck_rounds = measure(deck, measured, schedule, bounds, player=plan.player,
                              seed=plan.seed, workers=plan.workers, cluster=plan.cluster,
                              progress=progress)
        table = _table(n, deck, tally, base, measured, bounds)
        # the one-round games the pairs took: the deck's (shared) and the changed decks'
        table["pair_rounds"] = {"deck": deck_rounds, "changed": sum(m.taken for m in measured)}
        tables.append(table)
    return {"deck": plan.deck.id, "against": plan.against.id,
            # what the report calls them: the decks' names, in each language
            "names": {"deck": plan.deck.name.as_dict(), "against": plan.against.name.as_dict()},
            "seed": plan.seed,
            "games": plan.games, "player": plan.player, "rules": list(plan.rules),
            "settling": {"tolerance": plan.tolerance, "max_pairs": plan.max_pairs,
                         "error_rate": ERROR_RATE, "looks": schedule,
                         "z_direction": round(bounds.direction, 4),
                         "z_within": round(bounds.within, 4)},
            "tables": tables}


def settled_figure(m: Measured, bounds: Boundaries) -> dict[str, Any]:
    """The figure that settles ``m``: its estimate, the repeated interval its verdict
    rests on (``level``), and the verdict: ``higher``, ``lower``, ``within``, or
    ``unsettled`` when the budget ran out, with about the pairs that would settle it."""
    estimate, se = m.tally.mean_se(m.figure)
    plain = m.tally.effect(m.figure)
    half = bounds.half_width(m.verdict) * se
    figure: dict[str, Any] = {
        **Interval(estimate, estimate - half, estimate + half, se, plain.n,
                   plain.games).as_dict(),
        "level": 0.90 if m.verdict == "within" else 0.95,
        "verdict": m.verdict or "unsettled", "pairs": m.taken, "look": m.look,
        "small": m.verdict in ("higher", "lower") and bounds.is_small(estimate, se)}
    if m.verdict is None:
        figure["pairs_to_settle"] = pairs_to_settle(m.taken, estimate, se, bounds)
    return figure


def verdict(interval: Interval, games: int) -> dict[str, Any]:
    """Whether a figure's plain 95 % interval tells it apart from zero; if not, about
    how many games (or pairs) would."""
    if interval.n == 0:
        return {"verdict": "unmeasured", "games_needed": None}
    if interval.excludes_zero:
        return {"verdict": "higher" if interval.estimate > 0 else "lower",
                "games_needed": None}
    return {"verdict": "unclear", "games_needed": games_needed(games, interval)}


def _shape(tally: Tally) -> dict[str, Any]:
    n = tally.players
    positions = [tally.share(f"position:{p}") for p in range(n)]
    first = positions[0]
    # A seat's fair share of the rounds that someone won (a Pingouin ends rounds with no
    # winner, so the shares need not add up to one).
    fair = (1 - tally.share("no-winner").estimate) / n
    edge = Interval(first.estimate - fair, first.low - fair, first.high - fair, first.se,
                    first.n, first.games)
    return {
        "games": tally.games, "rounds": tally.rounds,
        "turns": tally.mean("turns").as_dict(),
        "turns_counts": sorted(tally.turns.items()),
        "points": tally.mean("points").as_dict(),
        "reshuffles": tally.mean("reshuffles").as_dict(),
        "blocked": tally.share("blocked").as_dict(),
        "no_winner": tally.share("no-winner").as_dict(),
        "dry": tally.share("dry").as_dict(),
        "fair_share": round(fair, 6),
        "positions": [p.as_dict() for p in positions],
        "first_seat_edge": {**edge.as_dict(), **verdict(edge, tally.games)},
        "game_wins": [round(w / tally.finished, 6) if tally.finished else 0.0
                      for w in tally.game_wins],
        "unfinished_games": tally.games - tally.finished,
        **({"mercy": _mercy(tally)} if tally.mercy_limit else {}),
    }


def _mercy(tally: Tally) -> dict[str, Any]:
    """The Mercy rule's figures (NM-09): the share of rounds in which it knocks someone
    out, the players it knocks out a round, the share of rounds it ends (the last player
    left wins), and the turn of a round's first knock-out: its mean, quartiles and
    counts (turn -> rounds), over the rounds that had one."""
    counts = tally.first_knock_outs
    return {"limit": tally.mercy_limit,
            "knocked": tally.share("knocked").as_dict(),
            "knock_outs": tally.mean("knock-outs").as_dict(),
            "ended": tally.share("mercy-end").as_dict(),
            "first_turn": tally.mean("first-knock-out").as_dict(),
            "first_quartiles": quantiles(counts, (0.25, 0.5, 0.75)),
            "first_counts": sorted(counts.items())}


def _difference(deck: Tally, base: Tally, name: str, share: bool = False) -> dict[str, Any]:
    from cardgen.balance.stats import difference

    a, b = (deck.share(name), base.share(name)) if share else (deck.mean(name),
                                                                base.mean(name))
    d = difference(a, b)
    return {**d.as_dict(), **verdict(d, deck.games)}


def kind_figures(group: KindGroup, tally: Tally, measured: Measured | None,
                 bounds: Boundaries | None = None) -> dict[str, Any]:
    """A kind's figures: from the deck's whole games, and from its pairs when measured."""
    key = group.key
    entry: dict[str, Any] = {
        "key": key, "name": group.name.as_dict(), "copies": group.copies,
        "cards": list(group.card_ids), "ablated": group.ablated,
        "per_round": {"drawn": round(tally.per_round(tally.drawn, key), 4),
                      "played": round(tally.per_round(tally.played, key), 4),
                      "left": round(tally.per_round(tally.left, key), 4)},
        "win_dealt": tally.share(f"dealt:{key}").as_dict(),
        "win_not_dealt": tally.share(f"not-dealt:{key}").as_dict(),
        "win_drawn_later": tally.share(f"drew:{key}").as_dict(),
        "win_never_held": tally.share(f"never:{key}").as_dict(),
    }
    if measured is not None and bounds is not None:
        pairs = measured.tally
        entry["effect"] = {
            "holder_win": settled_figure(measured, bounds),
            # in the rounds where it is dealt, each with its plain 95 % interval
            **{name: {**pairs.effect(field).as_dict(),
                      **verdict(pairs.effect(field), measured.taken)}
               for name, field in (("turns", "turns"), ("first_seat", "first-seat"),
                                   ("points", "points"), ("no_winner", "no-winner"),
                                   ("blocked", "blocked"), ("dry", "dry"))}}
    return entry


def _rule_figures(m: Measured, bounds: Boundaries) -> dict[str, Any]:
    return {"rule": m.key, "length": settled_figure(m, bounds),
            **{name: {**m.tally.effect(field).as_dict(),
                      **verdict(m.tally.effect(field), m.taken)}
               for name, field in (("turns", "turns"), ("first_seat", "first-seat"),
                                   ("points", "points"))}}


def _table(players: int, deck_variant: Variant, deck: Tally, base: Tally | None,
           measured: list[Measured], bounds: Boundaries) -> dict[str, Any]:
    table: dict[str, Any] = {"players": players, "deck": _shape(deck)}
    if base is not None:
        table["baseline"] = _shape(base)
        table["difference"] = {
            "turns": _difference(deck, base, "turns"),
            "points": _difference(deck, base, "points"),
            "reshuffles": _difference(deck, base, "reshuffles"),
            "blocked": _difference(deck, base, "blocked", share=True),
            "no_winner": _difference(deck, base, "no-winner", share=True),
            "first_seat": _difference(deck, base, "position:0", share=True),
        }
    by_key = {m.key: m for m in measured if m.holders is not None}
    kinds = [kind_figures(group, deck, by_key.get(group.key), bounds)
             for group in kind_groups(deck_variant)]
    health = game_health(table["deck"], table.get("baseline"), kinds)
    broken = breakers(health)
    for kind in kinds:
        if kind["key"] in broken:
            # Measured in a game it breaks: never called weak for breaking it.
            kind["breaks_game"] = True
            if kind["effect"]["holder_win"]["verdict"] == "lower":
                kind["effect"]["holder_win"]["verdict"] = "breaks-game"
    kinds.sort(key=lambda k: (k["key"] not in broken,
                              -k["effect"]["holder_win"]["estimate"] if "effect" in k
                              else float("inf")))
    table["kinds"] = kinds
    table = {"players": players, "health": health,
             **{k: v for k, v in table.items() if k != "players"}}
    table["rules"] = [_rule_figures(m, bounds) for m in measured if m.holders is None]
    return table
