"""Reading a situation file into the round it describes (and the game around it):
the cards, the seats out, the chance steps the file fixes, then the first card or the
top card and the turn."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from cardgen.deck.check import check_composition
from cardgen.deck.load import builtin_names, load_deck
from cardgen.engine.actions import seat_name
from cardgen.engine.errors import SituationError
from cardgen.engine.game import MAX_ROUNDS, Game
from cardgen.engine.official.scoreboard import RoundResult
from cardgen.engine.state import TURN, RoundState
from cardgen.engine.variant import Variant
from cardgen.errors import CardgenError
from cardgen.situation.fields import file_value, round_fields, set_field
from cardgen.situation.reader import MAX_CARDS, SEAT, Reader

#: The keys of a situation file and of its [chance] table that the round's own state
#: takes; the card families add theirs (:func:`situation_fields`, :func:`chance_fields`).
SITUATION_FIELDS = frozenset({
    "description", "deck", "players", "rules", "seed", "dealer", "first", "top", "discard",
    "color", "direction", "turn", "draw", "uno", "uno_missed", "hands", "out", "actions",
    "expect", "expect_refused", "game", "chance",
})
GAME_FIELDS = frozenset({"scores", "target", "round"})
CHANCE_FIELDS = frozenset({"first_back", "reshuffles", "presses", "wheel", "shouters",
                           "picks"})
DIRECTIONS = {"clockwise": 1, "counter-clockwise": -1}
T = TypeVar("T")


class SituationRound(RoundState):
    """A round whose chance steps a situation file may fix (its [chance] table). A fixed
    outcome that cannot be is a SituationError; the caller names the file."""

    __slots__ = ("fixed_backs", "fixed_orders", "fixed_presses", "fixed_spins",
                 "fixed_shouters", "fixed_picks")

    def __init__(self, variant: Variant, n: int, dealer: int, rng: random.Random) -> None:
        super().__init__(variant, n, dealer, rng, log=True)
        self.fixed_backs: list[int] | None = None  # places counted from the top, 1 first
        self.fixed_orders: list[list[int]] = []  # the next reshuffles, next card first
        self.fixed_presses: list[int] | None = None  # O-43: cards of each press, in order
        self.fixed_spins: list[str] | None = None  # O-42: the sector of each spin
        self.fixed_shouters: list[int] | None = None  # O-42: who shouts first, each time
        self.fixed_picks: dict[str, list[int]] = {}  # a plugin's chance steps, by name

    def first_card_back(self, places: int) -> int:
        if self.fixed_backs is None:
            return super().first_card_back(places)
        if not self.fixed_backs:
            raise SituationError("a first card was refused once more than "
                                 "chance.first_back gives places; give one place for each "
                                 "refused card")
        place = self.fixed_backs.pop(0)
        if not 1 <= place <= places:
            raise SituationError(f"chance.first_back: place {place} is not in "
                                 f"the draw pile, which has {places - 1} cards (1 puts the "
                                 f"card on top, {places} at the bottom)")
        return places - place

    def dispenser_press(self, most: int) -> int:
        if self.fixed_presses is None:
            return super().dispenser_press(most)
        count = _next_fixed(self.fixed_presses, "presses", "press of the dispenser")
        if not 0 <= count <= most:
            raise SituationError(f"chance.presses: a press gives 0 to {most} cards, not {count}")
        return count

    def wheel_spin(self, sectors: tuple[str, ...]) -> str:
        if self.fixed_spins is None:
            return super().wheel_spin(sectors)
        sector = _next_fixed(self.fixed_spins, "wheel", "spin of the wheel")
        if sector not in sectors:
            raise SituationError(f"chance.wheel: '{sector}' is no sector of the wheel; the "
                                 f"sectors are {', '.join(sectors)}")
        return sector

    def first_shouter(self, seats: list[int]) -> int:
        if self.fixed_shouters is None:
            return super().first_shouter(seats)
        seat = _next_fixed(self.fixed_shouters, "shouters", "shout of Uno Wizz")
        if seat not in seats:
            raise SituationError(f"chance.shouters: P{seat} cannot shout now; the players "
                                 f"still in are {', '.join(f'P{s}' for s in seats)}")
        return seat

    def pick(self, step: str, count: int, weights: tuple[int, ...] | None = None) -> int:
        fixed = self.fixed_picks.get(step)
        if fixed is None:
            return super().pick(step, count, weights)
        picked = _next_fixed(fixed, f"picks.{step}", f"pick of '{step}'")
        if not 0 <= picked < count:
            raise SituationError(f"chance.picks.{step}: {picked} is not an outcome of this "
                                 f"pick, which has {count} (0 to {count - 1})")
        return picked

    def shuffle_back(self, cards: list[int]) -> None:
        if not self.fixed_orders:
            super().shuffle_back(cards)
            return
        order = self.fixed_orders.pop(0)
        if Counter(order) != Counter(cards):
            names = self.variant.kinds
            raise SituationError(
                f"chance.reshuffles: reshuffle {self.reshuffles + 1} takes "
                f"{' '.join(sorted(names[k].id for k in cards))}; list exactly these cards, "
                "the next to be drawn first")
        cards[:] = order[::-1]


def _next_fixed(values: list[T], key: str, step: str) -> T:
    """The next outcome a situation file fixed for a chance step, used up in order."""
    if not values:
        raise SituationError(f"the round needs one more {step} than chance.{key} gives; "
                             "add its outcome to the list")
    return values.pop(0)


@dataclass
class Setup:
    """What a situation file sets: the round, the game around it, and notes for the reader
    about what the round's state does not show (named colours, the cursed card)."""

    state: SituationRound
    reader: Reader
    game: Game | None
    notes: list[str] = field(default_factory=list)


def situation_fields() -> frozenset[str]:
    """Every key a situation file may have."""
    return SITUATION_FIELDS | {field.name for field in round_fields(chance=False)}


def chance_fields() -> frozenset[str]:
    """Every key of a situation's [chance] table."""
    return CHANCE_FIELDS | {field.name for field in round_fields(chance=True)}


def build_state(data: Mapping[str, Any], label: str) -> RoundState:
    """The round a situation table describes, ready for its first action."""
    return build_situation(data, label).state


def build_situation(data: Mapping[str, Any], label: str,
                    folder: Path | None = None) -> Setup:
    allowed = situation_fields()
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise SituationError(f"{label}: unknown field(s) {', '.join(unknown)}; a situation "
                             f"may have {', '.join(sorted(allowed))}")
    reader = _reader(data, label, folder)
    seed = data.get("seed", 0)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise reader.fail(f"seed is {seed!r}; give a whole number or a text")
    dealer = reader.seat(data.get("dealer", "P0"), "dealer")
    state = SituationRound(reader.variant, reader.players, dealer,
                           random.Random(f"cardgen:situation:{seed}"))
    setup = Setup(state, reader, None)
    start = _set_cards(setup, data)
    _set_chance(setup, data.get("chance", {}))
    direction = data.get("direction", "clockwise")
    if not isinstance(direction, str) or direction not in DIRECTIONS:
        raise reader.fail(f"direction is {direction!r}; use clockwise or counter-clockwise")
    state.direction = DIRECTIONS[direction]
    for s in reader.seats(data.get("uno", []), "uno"):
        state.at_uno[s] = True
    _set_out(setup, data)
    expect = data.get("expect")
    if "game" in data or (isinstance(expect, Mapping) and "game" in expect):
        setup.game = _game(setup, data.get("game", {}), seed)
    _start(setup, data, *start)
    return setup


def _reader(data: Mapping[str, Any], label: str, folder: Path | None) -> Reader:
    """The deck, the seats and the rules, read first: every other value needs them."""
    hands = data.get("hands")
    if not isinstance(hands, Mapping) or not hands:
        raise SituationError(f"{label}: [hands] must list every seat's cards, e.g. "
                             "P0 = [\"red-1\", \"wild\"]")
    numbers = sorted(int(m.group(1)) if (m := SEAT.fullmatch(str(key))) else -1
                     for key in hands)
    players = data.get("players", len(numbers))
    if not isinstance(players, int) or isinstance(players, bool):
        raise SituationError(f"{label}: players is {players!r}; give the number of seats, "
                             "like players = 4")
    if not 2 <= players <= 10:
        raise SituationError(f"{label}: players is {players}; a table has 2 to 10 players")
    if numbers != list(range(players)):
        raise SituationError(f"{label}: give a hand to each of the seats P0 … P{players - 1}, "
                             "and no other (an empty hand is [])")
    deck_ref = data.get("deck", "classic")
    rules = data.get("rules", [])
    if not isinstance(deck_ref, str):
        raise SituationError(f"{label}: deck must be a built-in deck's name or a deck file")
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise SituationError(f"{label}: 'rules' must be a list of optional rule names")
    path = deck_ref
    if deck_ref not in builtin_names() and folder is not None and (folder / deck_ref).is_file():
        path = str(folder / deck_ref)  # a deck file beside the situation
    try:
        deck = load_deck(path)
        # a deck whose composition `check` refuses has no situations either
        report = check_composition(deck, players)
        if not report.valid:
            raise CardgenError(report.errors[0].message)
        variant = Variant.from_deck(deck, players, rules)
    except CardgenError as exc:
        raise SituationError(f"{label}: {exc}") from None
    return Reader(label, variant, players, deck_ref)


def _set_cards(setup: Setup, data: Mapping[str, Any]) -> tuple[int, int]:
    """The hands, the discard pile and the draw pile, and the deck they are counted in.
    Returns the card that starts (``top`` or ``first``) and the colour named on it."""
    state, reader = setup.state, setup.reader
    variant = state.variant
    for key, hand in data["hands"].items():
        state.hands[reader.seat(key, "hands")] = reader.cards(hand, f"hands.{key}")
    discard = reader.named_cards(data.get("discard", []), "discard")
    colored = [f"{variant.kinds[k].id} ({variant.colors[c]})" for k, c in discard if c >= 0]
    if colored:
        setup.notes.append(f"named on the discard pile: {', '.join(colored)} (C-27: a "
                           "reshuffle forgets them)")
    state.discard = [k for k, _ in discard]
    first, top = data.get("first"), data.get("top")
    if (first is None) == (top is None):
        raise reader.fail("give either 'top' (the card on the discard pile) or 'first' (the "
                          "first card turned up, whose first-card rule then applies)")
    if first is not None:
        start_kind, named = reader.card(first, "first"), -1
    else:
        start_kind, named = reader.named_card(top, "top")
    used = Counter(k for hand in state.hands for k in hand)
    used.update(state.discard)
    used[start_kind] += 1
    # A two-faced deck on its dark side holds its cards by their dark faces (FL-10).
    deck = variant.flipped_deck if data.get("side") == "dark" else variant.deck
    if "draw" in data:
        # Listed first-to-be-drawn first; the engine draws from the end of its list.
        state.draw_pile = list(reversed(reader.cards(data["draw"], "draw")))
    else:
        beyond = used - Counter(deck)
        if beyond:
            kind, count = next(iter(beyond.items()))
            if variant.two_faced and Counter(variant.other_face[k] for k in deck)[kind]:
                side = "dark" if deck is variant.flipped_deck else "light"
                raise reader.fail(f"'{variant.kinds[kind].id}' is a face of the side not in "
                                  f"force; with side = \"{side}\", name each card by its "
                                  f"{side} face (FL-10)")
            raise reader.fail(f"the situation uses {count} more '{variant.kinds[kind].id}' "
                              "than the deck holds; list the draw pile with 'draw' to go "
                              "beyond it")
        pile = list((Counter(deck) - used).elements())
        state.rng.shuffle(pile)
        state.draw_pile = pile
    state.universe = Counter(used)
    state.universe.update(state.draw_pile)
    state.total = sum(state.universe.values())
    if state.total > MAX_CARDS:
        raise reader.fail(f"the hands and piles hold {state.total:,} cards; a situation holds "
                          f"at most {MAX_CARDS:,} cards in all (a real deck has a few hundred)")
    return start_kind, named


def _set_chance(setup: Setup, value: Any) -> None:
    """[chance]: the outcome of the round's chance steps, where the file fixes them."""
    reader, state = setup.reader, setup.state
    chance = reader.table(value, "[chance]", chance_fields())
    for fixed in round_fields(chance=True):  # (the card families' first: the cursed card)
        if fixed.name in chance:
            held = set_field(reader, state, fixed, chance[fixed.name], f"chance.{fixed.name}")
            setup.notes.append(f"{fixed.name}: {_note(file_value(state, fixed, held))}")
    if "first_back" in chance:
        backs = chance["first_back"]
        backs = [backs] if isinstance(backs, int) else backs
        if not isinstance(backs, list):
            raise reader.fail("chance.first_back is a place in the draw pile (1 is its top) "
                              "or a list of them, one per refused first card")
        state.fixed_backs = [reader.integer(b, "chance.first_back", 1) for b in backs]
    if "reshuffles" in chance:
        orders = chance["reshuffles"]
        if isinstance(orders, list) and all(isinstance(c, str) for c in orders):
            orders = [orders]  # one reshuffle written as one list
        if not isinstance(orders, list):
            raise reader.fail("chance.reshuffles lists the new draw pile of each reshuffle, "
                              "next card first, e.g. [[\"blue-1\", \"wild\"]]")
        state.fixed_orders = [reader.cards(o, "chance.reshuffles") for o in orders]
    if "picks" in chance:
        picks = chance["picks"]
        if not isinstance(picks, dict):
            raise reader.fail("chance.picks gives each chance step of a plugin its outcomes "
                              "in order, e.g. picks = { steal-random = [2, 0] }")
        state.fixed_picks = {
            str(step): [reader.integer(p, f"chance.picks.{step}", 0)
                        for p in _as_list(reader, outcomes, f"picks.{step}")]
            for step, outcomes in picks.items()}
    if "presses" in chance:
        state.fixed_presses = [reader.integer(p, "chance.presses", 0)
                               for p in _as_list(reader, chance["presses"], "presses")]
    if "wheel" in chance:
        state.fixed_spins = [str(s) for s in _as_list(reader, chance["wheel"], "wheel")]
    if "shouters" in chance:
        state.fixed_shouters = [reader.seat(s, "chance.shouters")
                                for s in _as_list(reader, chance["shouters"], "shouters")]


def _note(value: Any) -> str:
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def _as_list(reader: Reader, value: Any, key: str) -> list[Any]:
    """One outcome or a list of them, used in order."""
    if isinstance(value, list):
        return value
    if isinstance(value, (int, str)) and not isinstance(value, bool):
        return [value]
    raise reader.fail(f"chance.{key} is one outcome or a list of them, in the order the "
                      "round needs them")


def _set_out(setup: Setup, data: Mapping[str, Any]) -> None:
    """Seats already out of a round that goes on without them (play-on), in the order
    they went out; an empty hand of a seat not out has just been emptied."""
    state, reader = setup.state, setup.reader
    out = reader.seats(data.get("out", []), "out")
    for seat in out:
        if state.hands[seat]:
            raise reader.fail(f"out: {seat_name(seat)} is out of the round, so his hand "
                              f"must be empty (hands.{seat_name(seat)} = [])")
    if len(set(out)) != len(out) or state.n - len(out) < 2:
        raise reader.fail("out lists each seat once and leaves at least two seats playing")
    if out:
        state.out = list(out)
    state.emptied = [s for s, hand in enumerate(state.hands) if not hand and s not in out]
    for kept in round_fields(chance=False):  # what the card families keep (the order out)
        if kept.name in data:
            set_field(reader, state, kept, data[kept.name], kept.name)


def _game(setup: Setup, value: Any, seed: int | str) -> Game:
    """[game]: the game in progress around the round (its totals, target and number)."""
    reader, state = setup.reader, setup.state
    table = reader.table(value, "[game]", GAME_FIELDS)
    variant = reader.variant
    if "target" in table:
        target = reader.integer(table["target"], "game.target", 1)
        variant.target = target
        if hasattr(variant.rules, "target"):  # a rule with a target of its own (count-rounds)
            vars(variant.rules)["target"] = target
    try:
        game = Game(variant, seed)
    except CardgenError as exc:
        raise reader.fail(str(exc)) from None
    game.dealer = state.dealer
    for seat, score in reader.seat_table(table.get("scores", {}), "game.scores").items():
        game.scores[seat] = reader.integer(score, f"game.scores.{seat_name(seat)}")
    if variant.rules.game_over(game):
        raise reader.fail("game.scores: with these totals the game is already over; give "
                          "totals short of the target")
    number = reader.integer(table.get("round", 1), "game.round", 1)
    if number > MAX_ROUNDS:
        raise reader.fail(f"game.round is {number}; a game stops after {MAX_ROUNDS} rounds")
    game.rounds = [RoundResult(index=i, seats=tuple(range(state.n)), dealer=-1, winner=None,
                               how="before", hand_points={}, actions=0, turns=0,
                               reshuffles=0, dry=False)
                   for i in range(number - 1)]  # the rounds before this one, unrecorded
    return game


def _start(setup: Setup, data: Mapping[str, Any], start_kind: int, named: int) -> None:
    """Turn up the first card (``first``) or set the top card and the turn (``top``)."""
    state, reader = setup.state, setup.reader
    if "first" in data:
        if "turn" in data or "color" in data:
            raise reader.fail("with 'first', the first-card rule decides the turn and the "
                              "colour; leave out 'turn' and 'color'")
        state.draw_pile.append(start_kind)
        try:
            state.start()
        except SituationError as exc:  # a fixed chance step that cannot be
            raise reader.fail(str(exc)) from None
        return
    state.discard.append(start_kind)
    state.color = _color_in_force(reader, data.get("color"), start_kind, named)
    state.match_set = state.variant.matching(state.color, start_kind)
    state.turn = reader.seat(data.get("turn", seat_name(state.next_seat(state.dealer))),
                             "turn")
    if state.turn in state.out:
        raise reader.fail(f"turn: {seat_name(state.turn)} is out of the round; give the turn "
                          "to a seat still playing")
    if "uno_missed" in data:
        state.uno_missed = reader.seat(data["uno_missed"], "uno_missed")
    # The engine takes over: a missed UNO opens the catch window before the turn, an
    # emptied hand goes out.
    state.phase = TURN
    state.actor = state.turn
    state.advance()


def _color_in_force(reader: Reader, color: Any, top: int, named: int) -> int:
    """``color``, or the colour named on the top card, or the top card's own colour."""
    colors = reader.variant.colors
    if named >= 0:
        if color is not None:
            raise reader.fail("the top card names its colour already; leave out 'color'")
        return named
    if color is None:
        own = reader.variant.color_of[top]
        if own >= 0:
            return own
        raise reader.fail(f"the top card has no colour of its own; give color = one of "
                          f"{', '.join(colors)}, or write it with the top card (\"wild "
                          f"{colors[0]}\")")
    if color not in colors:
        raise reader.fail(f"the colour in force is {color!r}; give color = one of "
                          f"{', '.join(colors)}")
    return colors.index(color)
