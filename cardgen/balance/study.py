"""The balance study: which games are played, and the figures drawn from them.

For each player count the study plays, on the same seeds (game *i* seeded ``SEED:i``):
the deck; the baseline deck it is set against; the deck with each of its kinds of card
ablated (replaced by plain numbers, see :mod:`cardgen.balance.kinds`); and the deck
with each optional rule asked for. Every run goes through the engine's one game loop
and worker pool (:func:`cardgen.play.simulate.play_runs`), on local processes or a
Ray cluster, and comes back in order, so a seed gives the same figures however the
games were spread. The result is plain data (:func:`run_study`), which the table, the
JSON and the PDF all print from.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardgen.balance.health import breakers, game_health
from cardgen.balance.kinds import KindGroup, ablated, kind_groups
from cardgen.balance.stats import Interval, games_needed
from cardgen.balance.tally import PairedTally, Tally
from cardgen.deck.load import Deck
from cardgen.engine.errors import EngineError
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
    games: int = 400
    seed: str = "0"
    workers: int = 1
    cluster: str | None = None
    ablate: bool = True  # every kind ablated (off: the deck's own figures only)
    only: tuple[str, ...] | None = None  # ablate only these kinds (group keys)
    player: str = "heuristic"


@dataclass
class _Run:
    role: str  # "deck", "baseline", "ablation" or "rule"
    variant: Variant
    group: KindGroup | None = None
    rule: str | None = None


def _runs(plan: Plan, players: int) -> list[_Run]:
    deck = Variant.from_deck(plan.deck, players)
    runs = [_Run("deck", deck)]
    if plan.against is not plan.deck:
        runs.append(_Run("baseline", Variant.from_deck(plan.against, players)))
    if plan.ablate:
        runs.extend(_Run("ablation", ablated(deck, g), group=g)
                    for g in kind_groups(deck)
                    if g.ablated and (plan.only is None or g.key in plan.only))
    for rule in plan.rules:
        if rule in deck.rule_names:
            raise EngineError(f"the rule {rule} is already part of {plan.deck.id}; "
                              "--rule takes a rule the deck does not play")
        runs.append(_Run("rule", deck.with_cards(
            [(c, deck.deck_counts[k]) for k, c in enumerate(deck.kinds)],
            (*deck.rule_names, rule), f"{deck.name} with {rule}"), rule=rule))
    for run in runs:
        run.variant.require_playable()
    return runs


def total_games(plan: Plan) -> int:
    """How many games the study plays (for a progress bar)."""
    return plan.games * sum(len(_runs(plan, n)) for n in plan.players)


def run_study(plan: Plan, progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play the plan and return every figure of the report, as plain data."""
    layout = [(n, _runs(plan, n)) for n in plan.players]
    recipes = [Recipe.of(run.variant, plan.player, plan.seed, check="none",
                         turn_cap=SANITY_TURN_CAP, record=True)
               for _, runs in layout for run in runs]
    owners: list[tuple[int, _Run]] = [(n, run) for n, runs in layout for run in runs]
    deck_tallies: dict[int, Tally] = {}
    tallies: list[Tally | PairedTally] = []
    for n, run in owners:
        if run.role == "deck":
            groups = {g.key: g.kinds(run.variant) for g in kind_groups(run.variant)}
            deck_tallies[n] = Tally(n, groups)
            tallies.append(deck_tallies[n])
        elif run.role == "baseline":
            tallies.append(Tally(n))
        else:
            holders = (run.group.kinds(deck_variant(layout, n))
                       if run.group is not None else None)
            tallies.append(PairedTally(deck_tallies[n], holders,
                                       sign=-1 if run.role == "rule" else 1))
    counts = [0] * len(recipes)
    for index, result in play_runs(recipes, plan.games, plan.workers, plan.cluster):
        tally = tallies[index]
        if isinstance(tally, PairedTally):
            tally.add(counts[index], result)
        else:
            tally.add(counts[index], result, keep=owners[index][1].role == "deck")
        counts[index] += 1
        if progress is not None:
            progress(1)
    tables = []
    for n, runs in layout:
        first = next(i for i, (m, _) in enumerate(owners) if m == n)
        tables.append(_table(n, runs, tallies[first:first + len(runs)], plan.games))
    return {"deck": plan.deck.id, "against": plan.against.id,
            # what the report calls them: the decks' names, in each language
            "names": {"deck": plan.deck.name.as_dict(), "against": plan.against.name.as_dict()},
            "seed": plan.seed,
            "games": plan.games, "player": plan.player, "rules": list(plan.rules),
            "tables": tables}


def deck_variant(layout: Sequence[tuple[int, list[_Run]]], players: int) -> Variant:
    """The deck's own variant for a player count."""
    return next(runs[0].variant for n, runs in layout if n == players)


def verdict(interval: Interval, games: int) -> dict[str, Any]:
    """Whether an effect is told apart from zero; if not, the games it would take."""
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
    }


def _difference(deck: Tally, base: Tally, name: str, share: bool = False) -> dict[str, Any]:
    from cardgen.balance.stats import difference

    a, b = (deck.share(name), base.share(name)) if share else (deck.mean(name),
                                                                base.mean(name))
    d = difference(a, b)
    return {**d.as_dict(), **verdict(d, deck.games)}


def kind_figures(group: KindGroup, tally: Tally, paired: PairedTally | None,
          games: int) -> dict[str, Any]:
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
    if paired is not None:
        entry["effect"] = {name: {**paired.effect(field).as_dict(),
                                  **verdict(paired.effect(field), games)}
                           for name, field in (("holder_win", "holder"), ("turns", "turns"),
                                               ("first_seat", "first-seat"),
                                               ("points", "points"),
                                               ("no_winner", "no-winner"), ("dry", "dry"))}
    return entry


def _table(players: int, runs: list[_Run], tallies: Sequence[Tally | PairedTally],
           games: int) -> dict[str, Any]:
    deck = tallies[0]
    assert isinstance(deck, Tally)
    table: dict[str, Any] = {"players": players, "deck": _shape(deck)}
    base = next((t for r, t in zip(runs, tallies, strict=True) if r.role == "baseline"), None)
    if isinstance(base, Tally):
        table["baseline"] = _shape(base)
        table["difference"] = {
            "turns": _difference(deck, base, "turns"),
            "points": _difference(deck, base, "points"),
            "reshuffles": _difference(deck, base, "reshuffles"),
            "blocked": _difference(deck, base, "blocked", share=True),
            "no_winner": _difference(deck, base, "no-winner", share=True),
            "first_seat": _difference(deck, base, "position:0", share=True),
        }
    ablations = {r.group.key: t for r, t in zip(runs, tallies, strict=True)
                 if r.role == "ablation" and r.group is not None}
    kinds = []
    for group in kind_groups(runs[0].variant):
        paired = ablations.get(group.key)
        kinds.append(kind_figures(group, deck, paired if isinstance(paired, PairedTally) else None,
                           games))
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
    table["rules"] = [
        {"rule": r.rule, **{name: {**t.effect(field).as_dict(),
                                   **verdict(t.effect(field), games)}
                            for name, field in (("turns", "turns"), ("first_seat", "first-seat"),
                                                ("points", "points"))}}
        for r, t in zip(runs, tallies, strict=True)
        if r.role == "rule" and isinstance(t, PairedTally)]
    return table
