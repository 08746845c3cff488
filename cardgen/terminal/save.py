"""``save FILE`` at the table: the round so far, written as a situation file.

Whatever the person is asked (their turn, a challenge, a Non, a colour to name, a UNO to
catch…), the moment is the deal of the round followed by every action taken since. So
the file gives the hands as dealt, the draw pile in order with the ``first`` card to turn,
the outcome of each chance step since (a refused first card put back, a reshuffle, a
dispenser press…) and the ``actions`` of every seat, each with its seat (``P2: play
red-5``): ``cardgen explain FILE`` replays them and stops where the person was asked,
with the same legal actions. The game around the round (scores, target, round number)
goes in its [game] table. An argument at the table is settled by adding the disputed
action at the end of ``actions``.

:class:`RecordedRound` is the round that notes what the file needs as it is played;
:class:`RecordedGame` deals such rounds.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from cardgen.engine import Action, Game, RoundState, Variant
from cardgen.errors import CardgenError
from cardgen.files.toml import toml_string
from cardgen.outputs import atomic_path
from cardgen.situation import explain, state_dict
from cardgen.situation.fields import file_value, round_fields
from cardgen.situation.reader import MAX_ACTIONS


class RecordedRound(RoundState):
    """A round that keeps what a situation file needs to replay it from the deal."""

    __slots__ = ("dealt", "pile", "direction_dealt", "kept", "taken", "first_backs",
                 "reshuffled", "presses", "spins", "shouters")

    def __init__(self, variant: Variant, n: int, dealer: int, rng: random.Random, *,
                 log: bool = False) -> None:
        super().__init__(variant, n, dealer, rng, log=log)
        self.dealt: list[list[int]] = []  # the hands before the first card is turned
        self.pile: list[int] = []  # the draw pile then, its top (the first card) last
        self.direction_dealt = 1
        #: What the card families kept for the round at the deal (the cursed card …),
        #: by field name, as the file writes it: the deal does not come back in a replay.
        self.kept: dict[str, Any] = {}
        self.taken: list[str] = []  # every action so far, as "P2: play red-5"
        # The outcome of each chance step after the deal, in the order it came up.
        self.first_backs: list[int] = []  # places counted from the top of the pile, 1 first
        self.reshuffled: list[list[int]] = []  # each new draw pile, next card first
        self.presses: list[int] = []
        self.spins: list[str] = []
        self.shouters: list[int] = []

    def start(self) -> None:
        # The deal is over (and what the rules do right after it): the file starts here.
        self.dealt = [list(hand) for hand in self.hands]
        self.pile = list(self.draw_pile)
        self.direction_dealt = self.direction
        self.kept = {field.name: file_value(self, field, held)
                     for chance in (True, False) for field in round_fields(chance=chance)
                     if (held := field.read(self)) is not None and held != []}
        super().start()

    def record(self, seat: int, action: Action) -> None:
        self.taken.append(f"P{seat}: {action}")

    def first_card_back(self, places: int) -> int:
        index = super().first_card_back(places)
        self.first_backs.append(places - index)  # (the situation counts from the top)
        return index

    def shuffle_back(self, cards: list[int]) -> None:
        super().shuffle_back(cards)
        self.reshuffled.append(cards[::-1])  # the engine draws from the end of the list

    def dispenser_press(self, most: int) -> int:
        count = super().dispenser_press(most)
        self.presses.append(count)
        return count

    def wheel_spin(self, sectors: tuple[str, ...]) -> str:
        sector = super().wheel_spin(sectors)
        self.spins.append(sector)
        return sector

    def first_shouter(self, seats: list[int]) -> int:
        seat = super().first_shouter(seats)
        self.shouters.append(seat)
        return seat


class RecordedGame(Game):
    """A game whose rounds are :class:`RecordedRound` s."""

    round_state = RecordedRound


def situation_text(deck: str, rules: tuple[str, ...], state: RecordedRound, game: Game,
                   seats: tuple[int, ...], description: str) -> str | None:
    """The situation file of the round so far, or None when it has more actions than a
    situation may take (:data:`~cardgen.situation.reader.MAX_ACTIONS`). ``deck`` is the
    deck as the file names it (:func:`~cardgen.terminal.save_target.deck_reference`)."""
    if len(state.taken) > MAX_ACTIONS:
        return None
    ids = [card.id for card in state.variant.kinds]

    def cards(kinds: list[int]) -> str:
        return json.dumps([ids[k] for k in kinds])

    lines = [
        f"description = {toml_string(description)}",  # (any name kept whole, emoji too)
        f"deck = {toml_string(deck)}",
        f"players = {state.n}",
        f"rules = {json.dumps(list(rules))}",
        f"dealer = \"P{state.dealer}\"",
        f"direction = \"{'clockwise' if state.direction_dealt == 1 else 'counter-clockwise'}\"",
        f"first = {json.dumps(ids[state.pile[-1]])}",
        f"draw = {cards(state.pile[-2::-1])}",  # the next card to draw first
        *(f"{name} = {value}" for name, value in _kept(state, chance=False).items()),
        "actions = [",
        *(f"  {json.dumps(action)}," for action in state.taken),
        "]",
        "",
        "[hands]",
        *(f"P{seat} = {cards(hand)}" for seat, hand in enumerate(state.dealt)),
        "",
        "[game]",
        "scores = { " + ", ".join(f"P{seat} = {game.scores[player]}"
                                  for seat, player in enumerate(seats)) + " }",
        f"target = {game.target}",
        f"round = {len(game.rounds) + 1}",
        *_chance_lines(state, ids),
    ]
    return "\n".join(lines) + "\n"


def _chance_lines(state: RecordedRound, ids: list[str]) -> list[str]:
    """The [chance] table: what chance decided in the round, so the replay comes out the
    same (only the steps that came up are listed)."""
    fixed = {
        **_kept(state, chance=True),
        "first_back": json.dumps(state.first_backs) if state.first_backs else None,
        "reshuffles": (json.dumps([[ids[k] for k in pile] for pile in state.reshuffled])
                       if state.reshuffled else None),
        "presses": json.dumps(state.presses) if state.presses else None,
        "wheel": json.dumps(state.spins) if state.spins else None,
        "shouters": (json.dumps([f"P{seat}" for seat in state.shouters])
                     if state.shouters else None),
    }
    lines = [f"{key} = {value}" for key, value in fixed.items() if value is not None]
    return ["", "[chance]", *lines] if lines else []


def _kept(state: RecordedRound, *, chance: bool) -> dict[str, str]:
    """Name -> value as TOML of what the card families kept at the deal, for the
    [chance] table or for the top of the file."""
    return {field.name: json.dumps(state.kept[field.name])
            for field in round_fields(chance=chance) if field.name in state.kept}


class _NotReplayed(Exception):
    """The trial file did not come back to the moment saved: nothing is written."""


def save_situation(path: Path, text: str, state: RoundState) -> bool:
    """Replay ``text`` as `cardgen explain` would and, when it reaches the very moment of
    ``state`` (the same table, the same legal actions), write it to ``path``: True. A
    file that would not come back to the moment is not written (nor one already there
    overwritten): False.

    The trial is the temporary file the text is written to, in ``path``'s folder, so a
    deck named relative to that folder is found as `cardgen explain` will find it; it
    takes ``path``'s name only once replayed.
    """
    try:
        with atomic_path(path) as trial:  # (a CardgenError if it cannot be written)
            trial.write_text(text, encoding="utf-8")
            try:
                replay = explain(trial)
            except CardgenError:  # the file does not replay at all
                raise _NotReplayed from None
            if replay.final != state_dict(state, piles=True) or \
                    replay.final_legal != [str(action) for action in state.legal_actions()]:
                raise _NotReplayed
    except _NotReplayed:
        return False
    return True
