"""``save FILE`` at the table: the position, written as a situation file.

The file sets the table up as it is at the person's turn — every hand, the piles in
order, the colour, the direction, who has called UNO, the game's scores — so that
``cardgen explain FILE`` shows the same legal actions, and an argument at the table can
be settled later by adding the disputed action to its ``actions``. A moment in the
middle of an answer (a draw pending, a colour to name) has no such form: the person is
told to save at their next turn.
"""

from __future__ import annotations

import json
from pathlib import Path

from cardgen.engine import Game, RoundState
from cardgen.outputs import write_atomic


def situation_text(deck: str, rules: tuple[str, ...], state: RoundState, game: Game,
                   seats: tuple[int, ...], description: str) -> str | None:
    """The situation file of ``state`` at a plain turn, or None at any other moment."""
    if state.stack or state.legal_actions() != state.rules.turn_actions(state, state.actor):
        return None
    variant = state.variant
    ids = [card.id for card in variant.kinds]
    top = variant.kinds[state.discard[-1]]
    top_text = top.id
    if top.color is None and state.color >= 0:  # a wild carries the colour it named
        top_text += f" {variant.colors[state.color]}"
    # A deck file by its absolute path: the situation may be saved in another folder.
    reference = str(Path(deck).resolve()) if Path(deck).is_file() else deck
    lines = [
        f"description = {json.dumps(description, ensure_ascii=False)}",
        f"deck = {json.dumps(reference)}",
        f"players = {state.n}",
        f"rules = {json.dumps(list(rules))}",
        f"dealer = \"P{state.dealer}\"",
        f"top = {json.dumps(top_text)}",
        f"discard = {json.dumps([ids[k] for k in state.discard[:-1]])}",
        f"direction = \"{'clockwise' if state.direction == 1 else 'counter-clockwise'}\"",
        f"turn = \"P{state.actor}\"",
        f"draw = {json.dumps([ids[k] for k in reversed(state.draw_pile)])}",
        f"uno = {json.dumps([f'P{s}' for s, flag in enumerate(state.at_uno) if flag])}",
        f"out = {json.dumps([f'P{s}' for s in state.out])}",
        "",
        "[hands]",
        *(f"P{seat} = {json.dumps([ids[k] for k in hand])}"
          for seat, hand in enumerate(state.hands)),
        "",
        "[game]",
        "scores = { " + ", ".join(f"P{seat} = {game.scores[player]}"
                                  for seat, player in enumerate(seats)) + " }",
        f"target = {game.target}",
        f"round = {len(game.rounds) + 1}",
    ]
    return "\n".join(lines) + "\n"


def save_situation(path: Path, text: str) -> None:
    write_atomic(path, text.encode("utf-8"))
