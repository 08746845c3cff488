"""What one seat's page is sent, and nothing more.

The game thread makes each person's view of the round (:func:`round_view`: their hand,
the top card, the colour in force, who is asked, the actions this seat may take now,
the story of the round as :class:`~cardgen.table.narrator.TableLog` says it to that
seat, the cards another seat draws counted, not named) and the view all share
(:func:`common_view`: the scores, the cards each holds), and publishes them; a page is
sent :func:`message`: the last published view of its seat with who sits where now. A
hand the rules showed this seat (a peek, a challenged +4) comes from the engine's
observation of this very seat, and so do, with two-faced cards (FL-06), the side in
force and the faces the others' hands and the draw pile's top show it. No other seat's
cards are ever in it, nor the faces another seat sees of its own hand.

Every text of the deck is said in the person's language, in English where the deck has
none in that language.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from cardgen.catalogue import catalogue
from cardgen.catalogue.locale import languages
from cardgen.deck.load import Deck
from cardgen.engine import Action, Game, Play, RoundState
from cardgen.engine.observation import SeatView
from cardgen.serve.seats import Decision, People, Person
from cardgen.table.narrator import TableLog


@dataclass(frozen=True)
class Published:
    """What the game thread last published: each person's view of the round (by table
    seat), the view of the table everyone shares, and the version they were made at."""

    version: int
    common: dict[str, Any]
    seats: dict[int, dict[str, Any]]


class Timed(Protocol):
    @property
    def absent_after(self) -> float: ...


class Table(Protocol):
    """The table as its pages are shown it (:class:`cardgen.serve.table.Table`)."""

    deck: Deck
    people: People
    @property
    def timing(self) -> Timed: ...
    game: Game
    state: RoundState | None
    seats: tuple[int, ...]
    feeds: dict[int, deque[str]]
    logs: dict[int, TableLog]
    views: Published
    version: int
    started: bool
    closed: bool
    broken: str | None


def said(text: Mapping[str, str], lang: str) -> str:
    """A deck's text in ``lang``, else in English (every deck has it)."""
    return text.get(lang) or text.get("en") or next(iter(text.values()), "")


def lobby(table: Table) -> dict[str, Any]:
    """The seats, for someone choosing one: names only, never a token (lock held)."""
    return {
        "deck": {lang: said(table.deck.name, lang) for lang in languages()},
        "started": table.started, "closed": table.closed,
        "seats": [{"seat": seat, "name": person.name if person is not None else None}
                  for seat, person in enumerate(table.people.seats)],
    }


def message(table: Table, seat: int, person: Person) -> dict[str, Any]:
    """What the page of ``seat`` is sent now: its last published view and who sits
    where (call with the table's lock held; nothing here waits on the game)."""
    published = table.views
    common, view = published.common, published.seats.get(seat, {})
    sent: dict[str, Any] = {
        "type": "table", "version": table.version, "seat": seat, "name": person.name,
        "lang": person.lang, "deck": said(table.deck.name, person.lang),
        "started": table.started, "broken": table.broken, "log": [],
        **{key: value for key, value in common.items() if key != "rows"}, **view,
    }
    now = time.monotonic()
    sent["seats"] = []
    for row in common["rows"]:
        sitting = table.people.seats[row["seat"]]
        away = sitting is not None and sitting.away_for(now) >= table.timing.absent_after
        sent["seats"].append({**row, "name": sitting.name if sitting is not None else None,
                              "bot": sitting is None or away, "away": away})
    return sent


def common_view(table: Table) -> dict[str, Any]:
    """What every page shows alike: the scores, the round, the cards each holds (made by
    the game thread)."""
    game, state = table.game, table.state
    ended = state is None or bool(state.end)  # ("" while the round is played)
    rows = []
    for seat, score in enumerate(game.scores):
        row: dict[str, Any] = {"seat": seat, "score": score, "cards": None, "uno": False}
        if state is not None and seat in table.seats:
            round_seat = table.seats.index(seat)
            row.update(cards=len(state.hands[round_seat]), uno=bool(state.at_uno[round_seat]))
        rows.append(row)
    return {"over": game.over, "target": game.target, "rows": rows,
            "round": len(game.rounds) + (0 if ended else 1),
            "winners": list(game.winners) if game.over else []}


def round_view(table: Table, seat: int, person: Person,
               decision: Decision | None) -> dict[str, Any]:
    """The round as ``seat`` sees it (made by the game thread, the round standing still)."""
    sent: dict[str, Any] = {"log": list(table.feeds.get(seat, ()))}
    state = table.state
    if state is None:
        return sent
    words, lang = person.words, person.lang
    me = table.seats.index(seat) if seat in table.seats else -1
    view = SeatView(state, me) if me >= 0 else None
    hidden = view is not None and view.hand_hidden
    ended = bool(state.end)
    log = table.logs.get(seat)
    sent.update({
        "in_round": me >= 0,
        "round_over": ended,
        "hand": [] if view is None or hidden else _hand(state, view.hand_kinds, lang),
        "hand_hidden": hidden,
        "top": _card(state, state.discard[-1], lang),
        "color": _color(state, words.color_in_force(state)),
        "direction": words("clockwise" if state.direction == 1 else "counterclockwise"),
        "pending": words.pending(state, table.seats),
        "draw_pile": len(state.draw_pile),
        "seen": log.seen_lines() if log is not None else [],
        "asked": table.seats[state.actor] if not ended else None,
        "turn": table.seats[state.turn] if not ended else None,
        "decision": _decision(state, seat, person, decision),
    })
    if view is not None and view.side is not None:
        sent.update(_other_sides(state, view, table.seats, lang))
    return sent


def _other_sides(state: RoundState, view: SeatView, seats: tuple[int, ...],
                 lang: str) -> dict[str, Any]:
    """FL-06: the side in force, and the faces two-faced cards show this seat: the other
    side of each other hand of the round (sorted as a hand is, so the order a hand was
    drawn in stays unseen) and of the draw pile's top, by table seat; read from this
    seat's view only."""
    kind_of = {card.id: kind for kind, card in enumerate(state.variant.kinds)}
    shown = []
    for other, seat in enumerate(seats):
        faces = [kind_of[card.id] for card in view.other_side_of_hand(other)]
        if faces:
            shown.append({"seat": seat, "cards": _hand(state, faces, lang)})
    top = view.draw_pile_top_other_side
    return {"side": view.side, "other_sides": shown,
            "draw_pile_top": None if top is None else _card(state, kind_of[top.id], lang)}


def _card(state: RoundState, kind: int, lang: str) -> dict[str, Any]:
    card = state.variant.kinds[kind]
    return {"kind": kind, "id": card.id, "name": said(card.name, lang)}


def _hand(state: RoundState, kinds: list[int], lang: str) -> list[dict[str, Any]]:
    """The hand, sorted as the terminal shows it: by colour, then in the deck's order."""
    variant = state.variant
    ordered = sorted(kinds, key=lambda k: (variant.kinds[k].color or "~", k))
    return [_card(state, kind, lang) for kind in ordered]


def _color(state: RoundState, name: str) -> dict[str, Any]:
    key = state.variant.colors[state.color] if state.color >= 0 else None
    cat = catalogue()
    known = (cat.colors.get(key) or cat.own_dark_colors.get(key) or cat.dark_colors.get(key)
             if key is not None else None)
    return {"code": key, "name": name, "rgb": known.rgb if known is not None else None}


def _decision(state: RoundState, seat: int, person: Person,
              decision: Decision | None) -> dict[str, Any] | None:
    """The actions ``seat`` may take now, in its person's words, if it is asked."""
    if decision is None or decision.seat != seat:
        return None
    return {"number": decision.number,
            "actions": [_action(state, action, person) for action in decision.legal]}


def _action(state: RoundState, action: Action, person: Person) -> dict[str, Any]:
    label: dict[str, Any] = {"label": person.words.action(state, action)}
    if isinstance(action, Play):
        label["kind"] = action.kind if action.kind >= 0 else state.variant.kind_of[action.card]
    return label
