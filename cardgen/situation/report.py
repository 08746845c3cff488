"""What ``cardgen explain`` shows: the state of a round (and of its game) as plain data,
and the text printed for each step."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardgen.engine.actions import seat_name
from cardgen.engine.api import ROUND_FIELDS
from cardgen.engine.game import Game
from cardgen.engine.state import OVER, PHASE_NAMES, RoundState, RuleEffect


@dataclass
class Step:
    legal: list[str]
    actor: str | None
    action: str | None = None
    events: list[str] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)
    refused: str | None = None  # why the rules refused the action (the state is unchanged)


@dataclass
class Explanation:
    source: str
    description: str
    setup: list[str]  # what setting the table up did (a first card's rule, C-06…C-11)
    start: dict[str, Any]
    steps: list[Step]
    final: dict[str, Any]
    final_legal: list[str]
    failures: list[str]
    checked: int  # how many expectations were checked
    notes: list[str] = field(default_factory=list)  # what the table holds beyond its state
    game_start: dict[str, Any] | None = None  # the game in progress, if the file sets one
    game: dict[str, Any] | None = None  # ... once the round is scored
    scoring: list[str] = field(default_factory=list)  # what scoring the round did

    def as_dict(self) -> dict[str, Any]:
        return {
            "situation": self.source,
            "description": self.description,
            "setup": self.setup,
            "notes": self.notes,
            "start": self.start,
            "steps": [{"actor": s.actor, "legal": s.legal, "action": s.action,
                       "events": s.events, "state": s.state, "refused": s.refused}
                      for s in self.steps],
            "final": self.final,
            "legal": self.final_legal,
            "game_start": self.game_start,
            "scoring": self.scoring,
            "game": self.game,
            "expect": {"checked": self.checked, "failures": self.failures},
        }


def state_dict(state: RoundState, *, piles: bool = False) -> dict[str, Any]:
    """Everything about a round a referee can see (every hand included); with ``piles``,
    the cards of the draw pile too (next to be drawn first)."""
    variant = state.variant
    ids = [c.id for c in variant.kinds]
    answers = {r.name for r in variant.pending_responders}  # what this deck can answer with
    data: dict[str, Any] = {
        "hands": {seat_name(s): [ids[k] for k in hand] for s, hand in enumerate(state.hands)},
        "top": ids[state.discard[-1]],
        "discard": len(state.discard),
        "color": variant.colors[state.color] if state.color >= 0 else None,
        "direction": "clockwise" if state.direction == 1 else "counter-clockwise",
        "draw_pile": len(state.draw_pile),
        "turn": seat_name(state.turn),
        "phase": PHASE_NAMES[state.phase],
        "actor": seat_name(state.actor) if state.actor >= 0 else None,
        "at_uno": [seat_name(s) for s, flag in enumerate(state.at_uno) if flag],
        "pending": [e.label if isinstance(e, RuleEffect)
                    else e.penalty.describe(answers) if e.penalty is not None else ids[e.kind]
                    for e in state.stack],
        "revealed": {seat_name(to): {seat_name(of): [ids[k] for k in hand]
                                     for of, hand in shown.items()}
                     for to, shown in state.revealed.items()},
        # What each hand counts for under the rules in force (C-30, O-20, O-26 …).
        "points": {seat_name(s): state.rules.round_points(state, s) for s in range(state.n)},
        "finished": finishing_order(state),
    }
    if variant.two_faced:  # FL-10: the side in force
        data["side"] = ("light", "dark")[state.side]
    if piles:
        data["draw"] = [ids[k] for k in reversed(state.draw_pile)]
    if state.phase == OVER:
        data["over"] = True
        data["end"] = state.end
        data["winner"] = seat_name(state.winner) if state.winner >= 0 else None
    return data


def finishing_order(state: RoundState) -> list[str]:
    """The seats out of a round that goes on without them (play-on, H-20), in the order
    they went out: as the family that puts seats out keeps it (its round field ``out``),
    else as the round lists them."""
    kept = ROUND_FIELDS.get("out")
    went_out: list[int] = state.out if kept is None else kept.read(state)
    return [seat_name(s) for s in went_out]


def game_dict(game: Game) -> dict[str, Any]:
    """The game around the round: totals, target, the round's number and dealer (the
    next round's, once this one is scored and the game goes on), and whether it is over."""
    target = getattr(game.rules, "target", game.variant.target)
    return {
        "scores": {seat_name(s): score for s, score in enumerate(game.scores)},
        "target": target,
        "round": len(game.rounds) + (0 if game.over else 1),
        "dealer": seat_name(game.dealer),
        "over": game.over,
        "winners": [seat_name(s) for s in game.winners],
    }


def format_explanation(result: Explanation) -> str:
    """The text ``cardgen explain`` prints."""
    lines = [f"{result.source}" + (f": {result.description}" if result.description else "")]
    lines += [f"   · {e}" for e in result.setup]
    lines += [f"  {note}" for note in result.notes]
    if result.game_start is not None:
        lines.append("  game: " + _game_text(result.game_start))
    lines += _state_lines(result.start)
    for number, step in enumerate(result.steps, 1):
        lines.append(f"  legal: {', '.join(step.legal)}")
        if step.refused is not None:
            lines.append(f"{number}. {step.action} — refused: {step.refused}")
            continue
        lines.append(f"{number}. {step.action}")
        lines += [f"   · {e}" for e in step.events]
        lines += _state_lines(step.state)
    refused = bool(result.steps) and result.steps[-1].refused is not None
    if result.final_legal and not refused:  # (a refusal changed nothing: shown above)
        lines.append(f"  legal: {', '.join(result.final_legal)}")
    lines += [f"  {line}" for line in result.scoring]
    if result.checked:
        if result.failures:
            lines.append(f"NOT as expected ({len(result.failures)} of {result.checked}):")
            lines += [f"  - {f}" for f in result.failures]
        else:
            lines.append(f"as expected ({result.checked} check(s))")
    return "\n".join(lines)


def _game_text(game: dict[str, Any]) -> str:
    scores = ", ".join(f"{seat} {score}" for seat, score in game["scores"].items())
    text = f"round {game['round']}, dealer {game['dealer']}, target {game['target']}; {scores}"
    if game["over"]:
        text += "; game over, won by " + (" and ".join(game["winners"]) or "nobody")
    return text


def _state_lines(state: dict[str, Any]) -> list[str]:
    lines = [f"  {seat}: {' '.join(hand) or '(no card)'}"
             + (" — UNO" if seat in state["at_uno"] else "")
             for seat, hand in state["hands"].items()]
    text = (f"  top {state['top']}, colour {state['color']}, {state['direction']}, "
            f"draw pile {state['draw_pile']}")
    if state["finished"]:
        lines.append(f"  out, in order: {', '.join(state['finished'])}")
    if state.get("over"):
        winner = state["winner"] or "nobody"
        lines.append(text + f"; round over ({state['end']}), {winner} wins")
        lines.append("  points in hand: " + ", ".join(f"{seat} {points}" for seat, points
                                                      in state["points"].items()))
        return lines
    text += f"; {state['actor']} to {state['phase']}"
    if state["pending"]:
        text += f"; pending: {'; '.join(state['pending'])}"
    lines.append(text)
    for to, shown in state["revealed"].items():
        for of, hand in shown.items():
            lines.append(f"  {to} has seen {of}'s hand: {' '.join(hand)}")
    return lines
