"""A game: rounds dealt one after the other and scored until someone wins.

:class:`Game` keeps the scores and deals each round with its own seed, derived from
the game's seed and the round's number, so any round of any game can be replayed.
:func:`play_game` drives a whole game with players (bots), checking the invariants as
it goes, and can write a transcript: every decision as ``P1: play red-7`` followed by
what it caused, indented (cards drawn, reshuffles, the end of the round).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from cardgen.engine.actions import Action, parse_action, seat_name
from cardgen.engine.errors import EngineError
from cardgen.engine.events import PositionRepeated
from cardgen.engine.observation import SeatView
from cardgen.engine.official.scoreboard import RoundResult, Scoreboard
from cardgen.engine.state import OVER, TURN, RoundState
from cardgen.engine.variant import Variant

#: A game that has not found its winner after this many rounds stops, unfinished.
MAX_ROUNDS = 200
#: C-28 (engine reading): with the draw pile empty, a decision that comes up this many
#: times in the same position ends the round blocked: the players are going in a circle.
REPEATS = 3


def position(state: RoundState) -> tuple[object, ...]:
    """Everything a decision depends on: who decides what, the hands (order within a
    hand aside), the piles, the colour, the direction, whose turn it is, and what is
    pending."""
    pending = tuple((e.kind, e.author, e.penalty.amount, e.penalty.target)
                    if e.penalty is not None else (e.kind, e.author) for e in state.stack)
    return (state.phase, state.actor, state.turn, state.color, state.direction,
            tuple(state.discard), tuple(tuple(sorted(hand)) for hand in state.hands),
            tuple(state.out), tuple(state.losing), tuple(state.at_uno), pending)


class Player(Protocol):
    """Anything that picks one of the legal actions from what its seat can see."""

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action: ...


@dataclass
class GameResult:
    seed: int | str
    rounds: list[RoundResult]
    scores: list[int]
    winners: list[int]
    finished: bool
    problems: list[str]
    played: list[int]
    fired: list[int]
    transcript: list[str] | None = None


class Game(Scoreboard):
    """The scores and the rounds of one game, and how the next round is dealt."""

    #: The class of the rounds it deals: a subclass may record more of them
    #: (see :mod:`cardgen.play.records`).
    round_state: type[RoundState] = RoundState

    def __init__(self, variant: Variant, seed: int | str) -> None:
        variant.require_playable()
        super().__init__(variant.players, variant.target, random.Random(f"cardgen:{seed}:game"))
        self.variant = variant
        self.rules = variant.rules
        self.seed = seed
        self.over = False
        self.finished = False
        self.winners: list[int] = []

    def new_round(self, *, log: bool = False) -> tuple[RoundState, tuple[int, ...]]:
        """Deal the next round; returns it with the game seats in round order."""
        seats = self.rules.round_seats(self)
        self.dealer = self.rules.choose_dealer(self, seats)
        rng = random.Random(f"cardgen:{self.seed}:round:{len(self.rounds)}")
        state = self.round_state.deal(self.variant, len(seats), seats.index(self.dealer),
                                      rng, log=log)
        return state, tuple(seats)

    def finish_round(self, state: RoundState, seats: tuple[int, ...], *, actions: int = 0,
                     turns: int = 0) -> RoundResult:
        """Score a round that is over and decide whether the game is."""
        if state.phase != OVER:
            raise EngineError("a round can only be scored once it is over")
        result = RoundResult(
            index=len(self.rounds), seats=seats, dealer=self.dealer,
            winner=seats[state.winner] if state.winner >= 0 else None, how=state.end,
            hand_points={seats[p]: self.rules.round_points(state, p) for p in range(state.n)},
            actions=actions, turns=turns, reshuffles=state.reshuffles,
            dry=state.dry_draws > 0, knocked_out=len(self.rules.knocked_out(state)),
        )
        self.rounds.append(result)
        if result.how == "capped":
            self.over = True  # a round that does not end ends the game, unfinished
            return result
        self.rules.score_round(self, result)
        if self.rules.game_over(self):
            self.over = self.finished = True
            self.winners = self.rules.game_winners(self)
        elif len(self.rounds) >= MAX_ROUNDS:
            self.over = True
        return result


def play_round(state: RoundState, bots: Sequence[Player], *, check: str = "fast",
               on_action: Callable[[int, Action], None] | None = None,
               problems: list[str] | None = None,
               turn_cap: int | None = None) -> tuple[int, int]:
    """Play a dealt round to its end; returns (actions, turns).

    ``check`` is "none", "fast" (card count and a seat to act, after every action;
    everything at the end) or "full" (everything after every action). Problems found
    are appended to ``problems``. A round past the variant's turn cap is stopped and
    marked "capped", never left to hang.
    """
    views = [SeatView(state, seat) for seat in range(state.n)]
    choosers = [bot.choose for bot in bots]
    legal_actions = state.legal_actions
    cap = turn_cap if turn_cap is not None else state.variant.turn_cap
    actions = turns = 0
    found = problems if problems is not None else []
    fast = check == "fast"
    full = check == "full"
    seen: dict[tuple[object, ...], int] = {}
    while state.phase != OVER:
        if actions >= cap:
            state.end_round(-1, "capped")
            break
        seat = state.actor
        if state.phase == TURN:
            turns += 1
        if not state.draw_pile and _repeated(state, seen):
            state.log(PositionRepeated())
            state.end_round(-1, "blocked")
            break
        action = choosers[seat](views[seat], legal_actions())
        if on_action is not None:
            on_action(seat, action)
        action.apply_to(state)  # the unchecked path: the bot chose from the legal actions
        actions += 1
        if fast:
            problem = state.quick_check()
            if problem:
                found.append(f"after {seat_name(seat)}: {action}: {problem}")
                break
        elif full:
            bad = state.problems()
            if bad:
                found.extend(f"after {seat_name(seat)}: {action}: {p}" for p in bad)
                break
    if check != "none" and state.end != "capped":
        found.extend(state.problems())
    if state.phase != OVER:  # stopped on a broken invariant
        state.end_round(-1, "invalid")
    return actions, turns


def _repeated(state: RoundState, seen: dict[tuple[object, ...], int]) -> bool:
    """C-28: whether this decision's position has now come up ``REPEATS`` times."""
    key = position(state)
    seen[key] = seen.get(key, 0) + 1
    return seen[key] >= REPEATS


def play_game(variant: Variant, bots: Sequence[Player], seed: int | str, *,
              check: str = "fast", transcript: bool = False,
              turn_cap: int | None = None,
              new_game: Callable[[Variant, int | str], Game] = Game) -> GameResult:
    """Play a whole game; ``bots`` has one player per game seat. ``new_game`` may make a
    :class:`Game` that records more of each round (see :mod:`cardgen.play.records`)."""
    game = new_game(variant, seed)
    played = [0] * len(variant.kinds)
    fired = [0] * len(variant.kinds)
    problems: list[str] = []
    lines: list[str] | None = [] if transcript else None
    while not game.over:
        state, seats = game.new_round(log=transcript)
        round_bots = [bots[s] for s in seats]
        on_action = None
        if lines is not None:
            lines.append(f"round {len(game.rounds) + 1}: seats "
                         f"{' '.join(seat_name(s) for s in seats)}")
            on_action = _transcript_writer(state, lines)
            _flush_events(state, lines)
        found: list[str] = []
        actions, turns = play_round(state, round_bots, check=check, on_action=on_action,
                                    problems=found, turn_cap=turn_cap)
        if lines is not None:
            _flush_events(state, lines)
        problems.extend(f"round {len(game.rounds) + 1}: {p}" for p in found)
        for k in range(len(played)):
            played[k] += state.played[k]
            fired[k] += state.fired[k]
        game.finish_round(state, seats, actions=actions, turns=turns)
        if lines is not None:
            lines.append(f"scores: {' '.join(str(s) for s in game.scores)}")
        if found:
            break
    if lines is not None:
        lines.append("winners: " + (" ".join(seat_name(s) for s in game.winners) or "none"))
    return GameResult(seed, game.rounds, game.scores, game.winners, game.finished,
                      problems, played, fired, lines)


def _flush_events(state: RoundState, lines: list[str]) -> None:
    if state.events:
        lines.extend(f"  {event}" for event in state.events)
        state.events.clear()


def _transcript_writer(state: RoundState,
                       lines: list[str]) -> Callable[[int, Action], None]:
    def write(seat: int, action: Action) -> None:
        _flush_events(state, lines)
        lines.append(f"{seat_name(seat)}: {action}")

    return write


class ScriptedPlayer:
    """Plays the actions of a transcript, in order (shared by every seat)."""

    def __init__(self, script: Iterator[tuple[int, Action]]) -> None:
        self._script = script

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        try:
            seat, action = next(self._script)
        except StopIteration:
            raise EngineError("the transcript ends before the game does") from None
        if seat != view.seat:
            raise EngineError(f"the transcript has {seat_name(seat)} act where "
                              f"{seat_name(view.seat)} must: '{action}'")
        if action not in legal:
            raise EngineError(f"'{seat_name(seat)}: {action}' is not legal here; allowed: "
                              f"{', '.join(str(a) for a in legal)}")
        return legal[list(legal).index(action)]


def transcript_actions(lines: Sequence[str]) -> Iterator[tuple[int, Action]]:
    """The decisions of a transcript: its lines ``Pn: action``."""
    for line in lines:
        if line.startswith("P") and ": " in line:
            seat, _, text = line.partition(": ")
            yield int(seat[1:]), parse_action(text)


def replay(variant: Variant, seed: int | str, lines: Sequence[str]) -> GameResult:
    """Play a game again from the decisions of its transcript (checked at every step)."""
    player = ScriptedPlayer(transcript_actions(lines))
    return play_game(variant, [player] * variant.players, seed, check="full",
                     transcript=True)
