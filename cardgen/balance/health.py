"""Whether a deck works as a game, said before any figure of its kinds.

A deck can break the game: a card that makes everyone else draw five, eight times over,
leaves half the rounds blocked with no winner and makes the rest ten times as long. Its
kinds' figures then measure a broken game, so the report says so first, with the
numbers and the kinds the trouble comes with. A deck is called broken when, with the
thresholds below (on the rounds of the deck's own run):

- at least :data:`NO_WINNER_SHARE` of its rounds block (nobody can move, and nobody wins)
  and at least :data:`NO_WINNER_MARGIN` more than the baseline's. A round a card ends on
  purpose with no winner (Uno Unplugged's Pingouin: every player scores his hand) is the
  game as designed, not a breakage: it is counted among the rounds with no winner of the
  game's shape, not here;
- both piles run dry (a draw finds nothing to draw) in more than
  :data:`~cardgen.play.simulate.DRY_SHARE` of its rounds, the share at which
  ``cardgen check`` already warns;
- its rounds last at least :data:`LONG_FACTOR` times as many turns as the baseline's.

Whatever the verdict, a deck set against a baseline has its rounds' length classed by
:func:`length_class` (shorter, about as long, longer: :data:`ABOUT_AS_LONG`), which
the report's first line states, in the terminal and in the PDF alike.

A kind *comes with* a trouble when the ablation tells it apart as its main cause: the
deck's rounds, set against their twins with the kind replaced by plain numbers, end
with no winner, run dry or last longer more often, the interval clear of zero, by at
least :data:`CAUSE_SHARE` of the trouble's excess over the baseline. ``cardgen check`` plays no
ablation: it says whether the deck works and leaves the cause to ``cardgen balance``
(the rounds in which someone was dealt a kind tell little: a card of eight copies is
dealt to someone in nine rounds of ten, and drawn in the others).
"""

from __future__ import annotations

from typing import Any

from cardgen.balance.tally import Tally
from cardgen.play.simulate import DRY_SHARE

#: Blocked rounds at which a deck stops working as a game (a tenth of them) …
NO_WINNER_SHARE = 0.10
#: … when that is also this much more than the baseline's (a baseline that blocks now
#: and then sets the bar higher).
NO_WINNER_MARGIN = 0.05
#: Rounds this many times as long as the baseline's, on average.
LONG_FACTOR = 3.0

#: Rounds within this share of the baseline's mean length, either way, last "about as
#: long" as its rounds; beyond it they are longer or shorter (and broken at LONG_FACTOR).
ABOUT_AS_LONG = 0.10

#: The part of a trouble a kind's ablation must take away for the kind to be named.
CAUSE_SHARE = 0.5

#: The effect of a kind's ablation that ties it to each trouble.
TROUBLE_EFFECTS = {"no_winner": "blocked", "dry": "dry", "long": "turns"}


def game_health(deck: dict[str, Any], baseline: dict[str, Any] | None,
                kinds: list[dict[str, Any]]) -> dict[str, Any]:
    """The verdict on the deck's shape (``deck``, against ``baseline``'s when there is
    one), each trouble with its figures and the keys of the ``kinds`` it comes with."""
    troubles: list[dict[str, Any]] = []
    no_winner = deck["blocked"]["estimate"]  # no winner, and no card meant it
    floor = baseline["blocked"]["estimate"] if baseline is not None else 0.0
    if no_winner >= NO_WINNER_SHARE and no_winner >= floor + NO_WINNER_MARGIN:
        troubles.append({"trouble": "no_winner", "share": no_winner,
                         "blocked": deck["blocked"]["estimate"], "baseline": floor,
                         "excess": no_winner - floor})
    dry = deck.get("dry", {}).get("estimate", 0.0)
    if dry > DRY_SHARE:
        troubles.append({"trouble": "dry", "share": dry, "excess": dry})
    length = None
    if baseline is not None and baseline["turns"]["estimate"] > 0:
        turns, base = deck["turns"]["estimate"], baseline["turns"]["estimate"]
        length = {"turns": turns, "baseline": base, "ratio": round(turns / base, 4),
                  "class": length_class(turns / base)}
        if turns >= LONG_FACTOR * base:
            troubles.append({"trouble": "long", "turns": turns, "baseline": base,
                             "factor": round(turns / base, 1), "excess": turns - base})
    for trouble in troubles:
        excess = trouble.pop("excess")
        trouble["kinds"] = causes(kinds, TROUBLE_EFFECTS[trouble["trouble"]], excess)
    return {"works": not troubles, "troubles": troubles,
            **({"length": length} if length is not None else {}),
            "thresholds": {"no_winner_share": NO_WINNER_SHARE,
                           "no_winner_margin": NO_WINNER_MARGIN,
                           "dry_share": DRY_SHARE, "long_factor": LONG_FACTOR,
                           "about_as_long": ABOUT_AS_LONG, "cause_share": CAUSE_SHARE}}


def length_class(ratio: float) -> str:
    """The deck's rounds against the baseline's, from the ratio of their mean lengths in
    turns: ``shorter``, ``about`` (as long) or ``longer``, :data:`ABOUT_AS_LONG` apart."""
    if ratio > 1 + ABOUT_AS_LONG:
        return "longer"
    if ratio < 1 - ABOUT_AS_LONG:
        return "shorter"
    return "about"


def causes(kinds: list[dict[str, Any]], effect: str, excess: float) -> list[str]:
    """The kinds whose ablation alone takes away at least :data:`CAUSE_SHARE` of a
    trouble's ``excess`` over the baseline, told apart from chance: a +2 that adds a
    few blocked rounds to the many a Megastorm makes is not named with it."""
    return [k["key"] for k in kinds if "effect" in k
            and k["effect"][effect].get("verdict") == "higher"
            and k["effect"][effect]["estimate"] >= CAUSE_SHARE * excess]


def shape_of(tally: Tally) -> dict[str, Any]:
    """The figures :func:`game_health` reads, from a run's tally."""
    return {"turns": tally.mean("turns").as_dict(),
            **{name: tally.share(field).as_dict()
               for name, field in (("no_winner", "no-winner"), ("blocked", "blocked"),
                                   ("dry", "dry"))}}


def breakers(health: dict[str, Any]) -> set[str]:
    """The kinds that break the game: those its rounds with no winner or its dry piles
    come with (the troubles that take wins away from a kind's holders). A kind that
    only makes rounds longer is named in its trouble, but keeps its own verdict."""
    return {key for trouble in health["troubles"] if trouble["trouble"] != "long"
            for key in trouble["kinds"]}
