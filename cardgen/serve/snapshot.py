"""What one seat's page is sent: the table as that seat sees it, and nothing more.

The snapshot is the only thing that leaves the server about a game in play. It holds
the seat's own hand, the top card, the colour in force, how many cards each seat holds,
whose turn it is and who is asked, the actions this seat may take now, the scores, and
the story of the round as :class:`~cardgen.table.narrator.TableLog` says it to that
seat (the cards another seat draws counted, not named). A hand the rules showed this
seat (a peek, a challenged +4) comes from the engine's observation of this very seat.
No other seat's cards are ever in it.
"""

from __future__ import annotations

import time
from typing import Any

from cardgen.catalogue import catalogue
from cardgen.engine import Action, Play, RoundState
from cardgen.engine.observation import SeatView
from cardgen.serve.seats import Person
from cardgen.serve.table import Table


def lobby(table: Table) -> dict[str, Any]:
    """The seats, for someone choosing one: names only, never a token."""
    deck_name = table.deck.name
    return {
        "deck": {"en": deck_name["en"], "fr": deck_name["fr"]},
        "started": table.started,
        "seats": [{"seat": seat, "name": person.name if person is not None else None}
                  for seat, person in enumerate(table.people.seats)],
    }


def snapshot(table: Table, seat: int) -> dict[str, Any]:
    """The table as game seat ``seat`` sees it now (call with the table's lock held)."""
    person = table.people.seats[seat]
    assert person is not None
    words, game = person.words, table.game
    sent: dict[str, Any] = {
        "type": "table", "seat": seat, "name": person.name, "lang": person.lang,
        "deck": table.deck.name[person.lang],
        "started": table.started, "over": game.over, "round": len(game.rounds),
        "target": game.target, "seats": _seats(table),
        "log": list(table.feeds.get(seat, ())),
        "winners": list(game.winners) if game.over else [],
    }
    state = table.state
    if state is None:
        return sent
    me = table.seats.index(seat) if seat in table.seats else -1
    view = SeatView(state, me) if me >= 0 else None
    hidden = view is not None and view.hand_hidden
    ended = bool(state.end)  # ("" while the round is played)
    sent.update({
        "in_round": me >= 0,
        "round_over": ended,
        "round": len(game.rounds) + (0 if ended else 1),
        "hand": [] if view is None or hidden else _hand(state, view.hand_kinds, person.lang),
        "hand_hidden": hidden,
        "top": _card(state, state.discard[-1], person.lang),
        "color": _color(state, words.color_in_force(state)),
        "direction": words("clockwise" if state.direction == 1 else "counterclockwise"),
        "pending": words.pending(state, table.seats),
        "draw_pile": len(state.draw_pile),
        "seen": table.logs[seat].seen_lines() if seat in table.logs else [],
        "asked": table.seats[state.actor] if not ended else None,
        "turn": table.seats[state.turn] if not ended else None,
        "decision": _decision(table, seat, state, person),
    })
    for row in sent["seats"]:
        if row["seat"] in table.seats:
            round_seat = table.seats.index(row["seat"])
            row.update(cards=len(state.hands[round_seat]), uno=bool(state.at_uno[round_seat]))
    return sent


def _seats(table: Table) -> list[dict[str, Any]]:
    now = time.monotonic()
    rows = []
    for seat, person in enumerate(table.people.seats):
        away = person is not None and person.away_for(now) >= table.timing.absent_after
        rows.append({"seat": seat, "name": person.name if person is not None else None,
                     "bot": person is None or away, "away": away,
                     "score": table.game.scores[seat], "cards": None, "uno": False})
    return rows


def _card(state: RoundState, kind: int, lang: str) -> dict[str, Any]:
    card = state.variant.kinds[kind]
    return {"kind": kind, "id": card.id, "name": card.name[lang]}


def _hand(state: RoundState, kinds: list[int], lang: str) -> list[dict[str, Any]]:
    """The hand, sorted as the terminal shows it: by colour, then in the deck's order."""
    variant = state.variant
    ordered = sorted(kinds, key=lambda k: (variant.kinds[k].color or "~", k))
    return [_card(state, kind, lang) for kind in ordered]


def _color(state: RoundState, said: str) -> dict[str, Any]:
    key = state.variant.colors[state.color] if state.color >= 0 else None
    known = catalogue().colors.get(key) if key is not None else None
    return {"code": key, "name": said, "rgb": known.rgb if known is not None else None}


def _decision(table: Table, seat: int, state: RoundState,
              person: Person) -> dict[str, Any] | None:
    """The actions ``seat`` may take now, in its person's words, if it is asked."""
    decision = table.decision
    if decision is None or decision.seat != seat:
        return None
    return {"number": decision.number,
            "actions": [_action(state, action, person) for action in decision.legal]}


def _action(state: RoundState, action: Action, person: Person) -> dict[str, Any]:
    said: dict[str, Any] = {"label": person.words.action(state, action)}
    if isinstance(action, Play):
        said["kind"] = action.kind if action.kind >= 0 else state.variant.kind_of[action.card]
    return said
