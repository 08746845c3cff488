"""Balance by skill: the study run once per strength of bot, and what skill changes.

``cardgen balance DECK --skill heuristic,strong`` runs the balance study
(:func:`~cardgen.balance.study.run_study`) with each strength's bots at every seat,
with the same seeds and the same sequential verdicts, and sets each kind's verdicts
side by side. A kind that helps its holder at the strongest level only is called out:
it "helps its holder only in skilled hands" (and the other way round). The skill
figure says how much the deck rewards skill: the strongest bot's win share against
the weakest at the same table on this deck, beside the same on the deck it is set
against (:mod:`cardgen.play.ratings` plays those rounds).
"""

from __future__ import annotations

import textwrap
import time
from dataclasses import replace
from typing import Any

from cardgen.balance.ablation import Progress
from cardgen.balance.report import deck_names, labels, localised, pct, settled_words
from cardgen.balance.study import Plan, run_study
from cardgen.deck.load import Deck
from cardgen.engine.variant import Variant
from cardgen.play.ratings import pair_shares, play_rated_rounds

#: The columns of the by-skill table's sentences.
WIDTH = 100
#: Rounds of the strongest bot against the weakest, on each deck, for the skill figure.
SKILL_ROUNDS = 200


def skill_share(deck: Deck, players: int, weak: str, strong: str, rounds: int,
                seed: str, workers: int, progress: Progress | None) -> dict[str, Any]:
    """``strong``'s win share against ``weak`` (two of each round the table), among the
    rounds one of them won, with its 95 % interval."""
    variant = Variant.from_deck(deck, players)
    outcomes = []
    for outcome in play_rated_rounds(variant, [weak, strong], rounds, f"{seed}:skill",
                                     workers):
        outcomes.append(outcome)
        if progress is not None:
            progress.advance(1)
    (share,) = pair_shares(outcomes, [weak, strong])
    won = share.wins if share.first == strong else share.rounds - share.wins
    low, high = ((share.low, share.high) if share.first == strong
                 else (1 - share.high, 1 - share.low))
    return {"share": won / share.rounds if share.rounds else 0.5, "low": low, "high": high,
            "rounds": share.rounds}


def change(verdicts: list[str]) -> str | None:
    """What skill does to a kind whose settled verdicts (weakest first) differ: the key
    of its words, or None when they agree (an unsettled verdict says nothing)."""
    settled = [v for v in verdicts if v not in ("unsettled", "")]
    if len(set(settled)) < 2:
        return None
    if verdicts[-1] == "higher" and verdicts[0] != "higher":
        return "skill_only_skilled"
    if verdicts[0] == "higher" and verdicts[-1] != "higher":
        return "skill_only_unskilled"
    return "skill_changes"


def run_skill_study(plan: Plan, skills: list[str], rounds: int = SKILL_ROUNDS,
                    progress: Progress | None = None) -> dict[str, Any]:
    """The study at each of ``skills`` (weakest first), the kinds' verdicts side by side,
    and the skill figure at each player count."""
    start = time.perf_counter()
    studies = {skill: run_study(replace(plan, player=skill), progress) for skill in skills}
    weak, strong = skills[0], skills[-1]
    tables = []
    for index, n in enumerate(plan.players):
        if progress is not None:
            progress.stage(f"{strong} against {weak}", rounds * 2)
        figure = {"deck": skill_share(plan.deck, n, weak, strong, rounds, plan.seed,
                                      plan.workers, progress),
                  "against": skill_share(plan.against, n, weak, strong, rounds, plan.seed,
                                         plan.workers, progress)}
        kinds = []
        first = studies[weak]["tables"][index]
        for kind in first["kinds"]:
            if "effect" not in kind:
                continue
            by_skill = {}
            for skill in skills:
                found = next(k for k in studies[skill]["tables"][index]["kinds"]
                             if k["key"] == kind["key"])
                by_skill[skill] = found["effect"]["holder_win"]
            kinds.append({"key": kind["key"], "name": kind["name"], "by_skill": by_skill,
                          "change": change([by_skill[s]["verdict"] for s in skills])})
        tables.append({"players": n, "skill_figure": figure, "kinds": kinds})
    return {"deck": plan.deck.id, "against": plan.against.id,
            "names": studies[weak]["names"], "skills": skills, "rounds": rounds,
            "seconds": round(time.perf_counter() - start, 1),
            "settling": studies[weak]["settling"], "tables": tables, "studies": studies}


def format_skill_report(result: dict[str, Any], lang: str = "en") -> str:
    """The by-skill table: each kind's verdict at each strength, and the skill figure."""
    words = labels(lang)
    deck, against = deck_names(result, lang)
    skills = result["skills"]
    tolerance = result["settling"]["tolerance"]
    lines: list[str] = []
    for table in result["tables"]:
        lines += ["", *textwrap.wrap(words["skill_heading"].format(
            deck=deck, players=table["players"], skills=", ".join(skills)), WIDTH)]
        for kind in table["kinds"]:
            lines.append(f"  {kind['name'][lang]}")
            for skill in skills:
                said = settled_words(kind["by_skill"][skill], words, tolerance, lang=lang)
                estimate = kind["by_skill"][skill]["estimate"]
                lines.append(f"    {skill:<10} {pct(estimate, signed=True, lang=lang):>8}  "
                             f"{said}")
            if kind["change"] is not None:
                lines.append(f"    → {words[kind['change']]}")
        figure = table["skill_figure"]
        lines += ["", *textwrap.wrap(words["skill_figure"].format(
            strong=skills[-1], weak=skills[0], deck=deck, against=against,
            share=pct(figure["deck"]["share"], lang=lang),
            low=pct(figure["deck"]["low"], lang=lang),
            high=pct(figure["deck"]["high"], lang=lang),
            base=pct(figure["against"]["share"], lang=lang),
            rounds=figure["deck"]["rounds"]), WIDTH)]
    lines += ["", words["skill_time"].format(
        seconds=localised(f"{result['seconds']:.0f}", lang))]
    return "\n".join(lines)
