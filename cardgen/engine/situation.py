"""Situations: a moment of a round written as data, for ``cardgen explain``.

A situation file (TOML) sets the table — hands, the top card and the colour in force,
the direction, whose turn it is, the draw pile — optionally lists actions to take, and
optionally states what should then be true. ``explain`` prints the legal actions at
each step and the state each action leads to; the rule tests are written this way.
The format is documented in the README ("Situation files").
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.decks import load_deck
from cardgen.engine.actions import Action, parse_action, parse_seat, seat_name
from cardgen.engine.errors import SituationError
from cardgen.engine.state import OVER, PHASE_NAMES, TURN, RoundState, RuleEffect
from cardgen.engine.variant import Variant
from cardgen.errors import CardgenError
from cardgen.tomlfile import read_toml_file

SITUATION_FIELDS = frozenset({
    "description", "deck", "players", "rules", "seed", "dealer", "first", "top", "discard",
    "color", "direction", "turn", "draw", "uno", "uno_missed", "hands", "actions", "expect",
})
EXPECT_FIELDS = frozenset({
    "actor", "turn", "phase", "color", "top", "direction", "hands", "hand_sizes", "legal",
    "over", "winner", "end", "draw_pile", "at_uno", "pending", "events", "revealed",
})
DIRECTIONS = {"clockwise": 1, "counter-clockwise": -1}


@dataclass
class Step:
    legal: list[str]
    actor: str | None
    action: str | None = None
    events: list[str] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)


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

    def as_dict(self) -> dict[str, Any]:
        return {
            "situation": self.source,
            "description": self.description,
            "setup": self.setup,
            "start": self.start,
            "steps": [{"actor": s.actor, "legal": s.legal, "action": s.action,
                       "events": s.events, "state": s.state} for s in self.steps],
            "final": self.final,
            "legal": self.final_legal,
            "expect": {"checked": self.checked, "failures": self.failures},
        }


def state_dict(state: RoundState) -> dict[str, Any]:
    """Everything about a round a referee can see (every hand included)."""
    variant = state.variant
    ids = [c.id for c in variant.kinds]
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
                    else e.penalty.describe() if e.penalty is not None else ids[e.kind]
                    for e in state.stack],
        "revealed": {seat_name(to): {seat_name(of): [ids[k] for k in hand]
                                     for of, hand in shown.items()}
                     for to, shown in state.revealed.items()},
    }
    if state.phase == OVER:
        data["over"] = True
        data["end"] = state.end
        data["winner"] = seat_name(state.winner) if state.winner >= 0 else None
        data["points"] = {seat_name(s): state.hand_points(s) for s in range(state.n)}
    return data


def load_situation(path: Path) -> tuple[dict[str, Any], str]:
    label = str(path)
    data = read_toml_file(path, label, "situation", SituationError)
    return data, label


def build_state(data: Mapping[str, Any], label: str) -> RoundState:
    """The round a situation table describes, ready for its first action."""
    def fail(message: str) -> SituationError:
        return SituationError(f"{label}: {message}")

    unknown = sorted(set(data) - SITUATION_FIELDS)
    if unknown:
        raise fail(f"unknown field(s) {', '.join(unknown)}; a situation may have "
                   f"{', '.join(sorted(SITUATION_FIELDS))}")
    hands_table = data.get("hands")
    if not isinstance(hands_table, Mapping) or not hands_table:
        raise fail("[hands] must list every seat's cards, e.g. P0 = [\"red-1\", \"wild\"]")
    seats = sorted(parse_seat(key, label) for key in hands_table)
    players = data.get("players", len(seats))
    if not isinstance(players, int) or isinstance(players, bool):
        raise fail(f"'players' is {players!r}; give the number of seats, like players = 4")
    if seats != list(range(players)):
        raise fail(f"give a hand to each of the seats P0 … P{players - 1}, and no other")
    deck_ref = str(data.get("deck", "classic"))
    try:
        deck = load_deck(deck_ref)
        rules = data.get("rules", [])
        if not isinstance(rules, list):
            raise fail("'rules' must be a list of optional rule names")
        variant = Variant.from_deck(deck, players, [str(r) for r in rules])
    except SituationError:
        raise
    except CardgenError as exc:
        raise fail(str(exc)) from None

    def card(name: Any, where: str) -> int:
        if not isinstance(name, str) or name not in variant.kind_of:
            raise fail(f"{where}: '{name}' is not a card of the deck {deck_ref} "
                       "(`cardgen cards " + deck_ref + "` lists them)")
        return variant.kind_of[name]

    def cards(value: Any, where: str) -> list[int]:
        if not isinstance(value, list):
            raise fail(f"{where} must be a list of card ids")
        return [card(v, where) for v in value]

    def seat(value: Any, where: str) -> int:
        s = parse_seat(str(value), label)
        if not 0 <= s < players:
            raise fail(f"{where}: there is no seat {value} with {players} players")
        return s

    seed = data.get("seed", 0)
    dealer = seat(data.get("dealer", "P0"), "dealer")
    state = RoundState(variant, players, dealer, random.Random(f"cardgen:situation:{seed}"),
                       log=True)
    for key, hand in hands_table.items():
        state.hands[parse_seat(key, label)] = cards(hand, f"hands.{key}")
    discard = cards(data.get("discard", []), "discard")
    first = data.get("first")
    top = data.get("top")
    if (first is None) == (top is None):
        raise fail("give either 'top' (the card on the discard pile) or 'first' (the "
                   "first card turned up, whose first-card rule then applies)")
    start_kind = card(first if first is not None else top, "first" if first else "top")
    used = Counter(k for hand in state.hands for k in hand)
    used.update(discard)
    used[start_kind] += 1
    if "draw" in data:
        # Listed first-to-be-drawn first; the engine draws from the end of its list.
        state.draw_pile = list(reversed(cards(data["draw"], "draw")))
    else:
        beyond = used - Counter(variant.deck)
        if beyond:
            kind, count = next(iter(beyond.items()))
            raise fail(f"the situation uses {count} more '{variant.kinds[kind].id}' than "
                       "the deck holds; list the draw pile with 'draw' to go beyond it")
        pile = list((Counter(variant.deck) - used).elements())
        state.rng.shuffle(pile)
        state.draw_pile = pile
    state.discard = discard
    state.universe = Counter(used)
    state.universe.update(state.draw_pile)
    state.total = sum(state.universe.values())

    direction = data.get("direction", "clockwise")
    if not isinstance(direction, str) or direction not in DIRECTIONS:
        raise fail(f"direction is '{direction}'; use clockwise or counter-clockwise")
    state.direction = DIRECTIONS[direction]
    uno = data.get("uno", [])
    if not isinstance(uno, list):
        raise fail("'uno' must be a list of seats, like uno = [\"P2\"]")
    for s in uno:
        state.at_uno[seat(s, "uno")] = True

    if first is not None:
        if "turn" in data or "color" in data:
            raise fail("with 'first', the first-card rule decides the turn and the colour; "
                       "leave out 'turn' and 'color'")
        state.draw_pile.append(start_kind)
        state.start()
        return state

    state.discard.append(start_kind)
    color_name = data.get("color", variant.kinds[start_kind].color)
    if color_name not in variant.colors:
        raise fail(f"the colour in force is '{color_name}'; give color = one of "
                   f"{', '.join(variant.colors)}")
    state.color = variant.colors.index(color_name)
    state.match_set = variant.matching(state.color, start_kind)
    state.turn = seat(data.get("turn", seat_name(state.next_seat(dealer))), "turn")
    if "uno_missed" in data:
        state.uno_missed = seat(data["uno_missed"], "uno_missed")
    for s, hand in enumerate(state.hands):
        if not hand:
            raise fail(f"{seat_name(s)} holds no card; the round would be over")
    # The engine takes over: a missed UNO opens the catch window before the turn.
    state.phase = TURN
    state.actor = state.turn
    state.advance()
    return state


def explain(path: Path) -> Explanation:
    """Set up a situation, take its actions one by one, check its expectations."""
    data, label = load_situation(path)
    state = build_state(data, label)
    start = state_dict(state)
    steps: list[Step] = []
    assert state.events is not None
    setup_events = list(state.events)
    state.events.clear()
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SituationError(f"{label}: 'actions' must be a list of action texts, e.g. "
                             "[\"play red-7\", \"draw\"]")
    for number, text in enumerate(actions, 1):
        legal = [str(a) for a in state.legal_actions()]
        actor = seat_name(state.actor) if state.actor >= 0 else None
        try:
            if text.split()[:1] == ["referee"]:
                done = _referee(state, text)
            else:
                action: Action = parse_action(text)
                state.play(action)
                done = f"{actor}: {action}"
        except CardgenError as exc:
            raise SituationError(f"{label}: action {number} ({actor}): {exc}") from None
        steps.append(Step(legal, actor, done, list(state.events), state_dict(state)))
        state.events.clear()
    final = state_dict(state)
    final_legal = [str(a) for a in state.legal_actions()]
    expect = data.get("expect", {})
    if not isinstance(expect, Mapping):
        raise SituationError(f"{label}: [expect] must be a table")
    unknown = sorted(set(expect) - EXPECT_FIELDS)
    if unknown:
        raise SituationError(f"{label}: [expect] has unknown field(s) {', '.join(unknown)}; "
                             f"it may check {', '.join(sorted(EXPECT_FIELDS))}")
    if not isinstance(expect.get("events", []), list):
        raise SituationError(f"{label}: expect.events must be a list of event texts")
    hands = expect.get("hands", {})
    if not isinstance(hands, Mapping) or not set(hands) <= set(final["hands"]):
        raise SituationError(f"{label}: expect.hands must be a table of seats "
                             f"({', '.join(final['hands'])}) and their cards")
    events = setup_events + [e for s in steps for e in s.events]
    failures = _compare(expect, final, final_legal, events)
    return Explanation(label, str(data.get("description", "")), setup_events, start, steps,
                       final, final_legal, failures, len(expect))


def _referee(state: RoundState, text: str) -> str:
    """C-34: a penalty the table decides (``referee P2 draws 2``): cards, no turn change."""
    words = text.split()
    if len(words) != 4 or words[2] != "draws" or not words[3].isascii() \
            or not words[3].isdigit():
        raise SituationError(f"'{text}': write a referee penalty as 'referee P2 draws 2'")
    seat = parse_seat(words[1], text)
    if not 0 <= seat < state.n:
        raise SituationError(f"'{text}': there is no seat {words[1]}")
    state.draw_cards(seat, int(words[3]))
    return text


def _compare(expect: Mapping[str, Any], final: dict[str, Any], legal: list[str],
             events: list[str]) -> list[str]:
    failures = []
    for key, wanted in expect.items():
        if key == "legal":
            got: Any = legal
        elif key == "events":
            got = events
            missing = [e for e in wanted if e not in events]
            if missing:
                failures.append(f"events: expected {missing} among {events}")
            continue
        elif key == "hand_sizes":
            got = [len(h) for h in final["hands"].values()]
        elif key == "hands":
            got = {s: final["hands"][s] for s in wanted}
            wanted = dict(wanted)
        elif key == "over":
            got = final.get("over", False)
        elif key == "winner":
            got = final.get("winner") or "nobody"
        else:
            got = final.get(key)
        if got != wanted:
            failures.append(f"{key}: expected {wanted!r}, got {got!r}")
    return failures


def format_explanation(result: Explanation) -> str:
    """The text ``cardgen explain`` prints."""
    lines = [f"{result.source}" + (f": {result.description}" if result.description else "")]
    lines += [f"   · {e}" for e in result.setup]
    lines += _state_lines(result.start)
    for number, step in enumerate(result.steps, 1):
        lines.append(f"  legal: {', '.join(step.legal)}")
        lines.append(f"{number}. {step.action}")
        lines += [f"   · {e}" for e in step.events]
        lines += _state_lines(step.state)
    if result.final_legal:
        lines.append(f"  legal: {', '.join(result.final_legal)}")
    if result.checked:
        if result.failures:
            lines.append(f"NOT as expected ({len(result.failures)} of {result.checked}):")
            lines += [f"  - {f}" for f in result.failures]
        else:
            lines.append(f"as expected ({result.checked} check(s))")
    return "\n".join(lines)


def _state_lines(state: dict[str, Any]) -> list[str]:
    lines = [f"  {seat}: {' '.join(hand) or '(no card)'}"
             + (" — UNO" if seat in state["at_uno"] else "")
             for seat, hand in state["hands"].items()]
    text = (f"  top {state['top']}, colour {state['color']}, {state['direction']}, "
            f"draw pile {state['draw_pile']}")
    if state.get("over"):
        winner = state["winner"] or "nobody"
        lines.append(text + f"; round over ({state['end']}), {winner} wins")
        return lines
    text += f"; {state['actor']} to {state['phase']}"
    if state["pending"]:
        text += f"; pending: {'; '.join(state['pending'])}"
    lines.append(text)
    for to, shown in state["revealed"].items():
        for of, hand in shown.items():
            lines.append(f"  {to} has seen {of}'s hand: {' '.join(hand)}")
    return lines
