"""The [expect] table of a situation: read and checked before anything is played (a
misspelt card or seat is an error in the file, not an unmet expectation), then compared
with what happened.

Lists whose order means nothing (the legal actions, the cards of a hand, of the draw
pile, of a hand shown) are compared as multisets unless ``ordered`` names them (or is
``true``); the seats at UNO and a game's winners are sets; the pending effects and the
finishing order are compared in order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardgen.engine.actions import parse_action, seat_name
from cardgen.engine.state import PHASE_NAMES
from cardgen.errors import CardgenError
from cardgen.situation.reader import Reader
from cardgen.situation.setup import DIRECTIONS

#: The lists ``ordered`` may name.
ORDERABLE = ("legal", "hands", "draw", "revealed")
GAME_EXPECT_FIELDS = frozenset({"scores", "target", "round", "dealer", "over", "winners"})


@dataclass
class Expect:
    wanted: dict[str, Any]
    ordered: frozenset[str]

    @property
    def checked(self) -> int:
        game = self.wanted.get("game", {})
        return len(self.wanted) - ("game" in self.wanted) + len(game)


def _seat(reader: Reader, value: Any, where: str) -> str:
    return seat_name(reader.seat(value, where))


def _seats(reader: Reader, value: Any, where: str) -> list[str]:
    return [seat_name(s) for s in reader.seats(value, where)]


def _choice(options: Any) -> Callable[[Reader, Any, str], str]:
    def read(reader: Reader, value: Any, where: str) -> str:
        if value not in options:
            raise reader.fail(f"{where} is {value!r}; give one of {', '.join(options)}")
        return str(value)

    return read


def _cards(reader: Reader, value: Any, where: str) -> list[str]:
    reader.cards(value, where)
    return list(value)


def _seat_cards(reader: Reader, value: Any, where: str) -> dict[str, list[str]]:
    return {seat_name(s): _cards(reader, cards, f"{where}.{seat_name(s)}")
            for s, cards in reader.seat_table(value, where).items()}


def _seat_numbers(reader: Reader, value: Any, where: str) -> dict[str, int]:
    return {seat_name(s): reader.integer(n, f"{where}.{seat_name(s)}")
            for s, n in reader.seat_table(value, where).items()}


def _legal(reader: Reader, value: Any, where: str) -> list[str]:
    texts = reader.texts(value, where)
    try:
        return [str(parse_action(text)) for text in texts]
    except CardgenError as exc:
        raise reader.fail(f"{where}: {exc}") from None


def _winner(reader: Reader, value: Any, where: str) -> str:
    return "nobody" if value == "nobody" else _seat(reader, value, where)


def _hand_sizes(reader: Reader, value: Any, where: str) -> list[int]:
    if not isinstance(value, list) or len(value) != reader.players:
        raise reader.fail(f"{where} lists the number of cards of every seat in order, "
                          f"{reader.players} numbers")
    return [reader.integer(n, where, 0) for n in value]


def _revealed(reader: Reader, value: Any, where: str) -> dict[str, dict[str, list[str]]]:
    return {seat_name(s): _seat_cards(reader, shown, f"{where}.{seat_name(s)}")
            for s, shown in reader.seat_table(value, where).items()}


def _event_counts(reader: Reader, value: Any, where: str) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise reader.fail(f"{where} must be a table of event beginnings and counts, e.g. "
                          "{ \"reshuffle\" = 1, \"P2 draws\" = 0 }")
    return {reader.text(text, where): reader.integer(n, f"{where}.{text}", 0)
            for text, n in value.items()}


def _game(reader: Reader, value: Any, where: str) -> dict[str, Any]:
    table = reader.table(value, "[expect.game]", GAME_EXPECT_FIELDS)
    fields: dict[str, Callable[[Reader, Any, str], Any]] = {
        "scores": _seat_numbers, "target": lambda r, v, w: r.integer(v, w, 1),
        "round": lambda r, v, w: r.integer(v, w, 1), "dealer": _seat,
        "over": lambda r, v, w: r.flag(v, w), "winners": _seats,
    }
    return {key: fields[key](reader, v, f"{where}.{key}") for key, v in table.items()}


READERS: dict[str, Callable[[Reader, Any, str], Any]] = {
    "actor": _seat, "turn": _seat, "winner": _winner, "phase": _choice(PHASE_NAMES),
    "color": lambda r, v, w: r.variant.colors[r.color(v, w)],
    "top": lambda r, v, w: r.variant.kinds[r.card(v, w)].id,
    "direction": _choice(tuple(DIRECTIONS)), "over": lambda r, v, w: r.flag(v, w),
    "end": lambda r, v, w: r.text(v, w), "draw_pile": lambda r, v, w: r.integer(v, w, 0),
    "at_uno": _seats, "finished": _seats, "pending": lambda r, v, w: r.texts(v, w),
    "events": lambda r, v, w: r.texts(v, w), "event_counts": _event_counts,
    "legal": _legal, "hands": _seat_cards, "hand_sizes": _hand_sizes, "revealed": _revealed,
    "points": _seat_numbers, "draw": _cards, "game": _game,
    "side": _choice(("light", "dark")),  # FL-10: a two-faced deck's side in force
}
EXPECT_FIELDS = frozenset({*READERS, "ordered"})


def read_expect(value: Any, reader: Reader) -> Expect:
    """The [expect] table, every value checked against the deck and the seats."""
    table = reader.table(value, "[expect]", EXPECT_FIELDS)
    wanted = {key: READERS[key](reader, v, f"expect.{key}")
              for key, v in table.items() if key != "ordered"}
    ordered = table.get("ordered", False)
    if ordered is True:
        return Expect(wanted, frozenset(ORDERABLE))
    if ordered is False:
        return Expect(wanted, frozenset())
    if not isinstance(ordered, list) or not set(ordered) <= set(ORDERABLE):
        raise reader.fail(f"expect.ordered is true (every list in order) or a list of some "
                          f"of {', '.join(ORDERABLE)}")
    return Expect(wanted, frozenset(ordered))


def compare(expect: Expect, final: dict[str, Any], legal: list[str], events: list[str],
            game: dict[str, Any] | None) -> list[str]:
    """Every expectation that does not hold, one line each."""
    failures: list[str] = []
    for key, wanted in expect.wanted.items():
        ordered = key in expect.ordered
        if key == "events":
            missing = [e for e in wanted if e not in events]
            if missing:
                failures.append(f"events: expected {missing} among {events}")
        elif key == "event_counts":
            failures += _count_events(wanted, events)
        elif key == "game":
            failures += _compare_game(wanted, game or {})
        elif key == "legal" or key == "draw":
            got = legal if key == "legal" else final["draw"]
            failures += _lists(key, wanted, got, ordered)
        elif key == "hands":
            for seat, cards in wanted.items():
                failures += _lists(f"hands.{seat}", cards, final["hands"][seat], ordered)
        elif key == "revealed":
            failures += _compare_revealed(wanted, final["revealed"], ordered)
        elif key == "at_uno":
            failures += _lists(key, wanted, final["at_uno"], False)
        elif key == "points":
            failures += _per_seat(key, wanted, final["points"])
        else:
            got = _scalar(key, final)
            if got != wanted:
                failures.append(f"{key}: expected {wanted!r}, got {got!r}")
    return failures


def _scalar(key: str, final: dict[str, Any]) -> Any:
    if key == "hand_sizes":
        return [len(h) for h in final["hands"].values()]
    if key == "over":
        return final.get("over", False)
    if key == "winner":
        return final.get("winner") or "nobody"
    return final.get(key)


def _lists(where: str, wanted: list[Any], got: list[Any], ordered: bool) -> list[str]:
    if ordered:
        return [] if wanted == got else [f"{where}: expected {wanted} in this order, got {got}"]
    want, have = Counter(wanted), Counter(got)
    if want == have:
        return []
    parts = []
    if want - have:
        parts.append("missing " + ", ".join((want - have).elements()))
    if have - want:
        parts.append("not expected " + ", ".join((have - want).elements()))
    return [f"{where}: expected {wanted} in any order, got {got} ({'; '.join(parts)})"]


def _per_seat(where: str, wanted: dict[str, Any], got: dict[str, Any]) -> list[str]:
    return [f"{where}.{seat}: expected {value!r}, got {got.get(seat)!r}"
            for seat, value in wanted.items() if got.get(seat) != value]


def _compare_revealed(wanted: dict[str, dict[str, list[str]]],
                      got: dict[str, dict[str, list[str]]], ordered: bool) -> list[str]:
    failures = []
    for to, shown in wanted.items():
        for of, cards in shown.items():
            seen = got.get(to, {}).get(of)
            if seen is None:
                failures.append(f"revealed.{to}.{of}: expected {to} to have seen {of}'s "
                                f"hand {cards}; he has not")
            else:
                failures += _lists(f"revealed.{to}.{of}", cards, seen, ordered)
    return failures


def _count_events(wanted: dict[str, int], events: list[str]) -> list[str]:
    failures = []
    for start, count in wanted.items():
        found = [e for e in events if e.startswith(start)]
        if len(found) != count:
            failures.append(f"event_counts: expected {count} event(s) starting "
                            f"'{start}', got {len(found)}" + (f": {found}" if found else ""))
    return failures


def _compare_game(wanted: dict[str, Any], game: dict[str, Any]) -> list[str]:
    failures = []
    for key, value in wanted.items():
        if key == "scores":
            failures += _per_seat("game.scores", value, game["scores"])
        elif key == "winners":
            failures += _lists("game.winners", value, game["winners"], False)
        elif game[key] != value:
            failures.append(f"game.{key}: expected {value!r}, got {game[key]!r}")
    return failures
