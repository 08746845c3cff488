"""Running a situation: take its actions one by one, score the round when a game is set,
and check the expectations."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cardgen.catalogue import closest_card
from cardgen.deck.load import DECK_FIELDS
from cardgen.engine.actions import parse_action, seat_name, whole_number
from cardgen.engine.errors import ActionSyntaxError, EngineError, IllegalAction, SituationError
from cardgen.engine.events import Vote
from cardgen.engine.game import Game
from cardgen.engine.official.scoreboard import table_talk_vote
from cardgen.engine.state import OVER, RESPOND, RoundState
from cardgen.errors import CardgenError
from cardgen.files.toml import read_toml_file
from cardgen.situation.expect import compare, read_expect
from cardgen.situation.reader import MAX_ACTIONS, Reader
from cardgen.situation.report import Explanation, Step, game_dict, state_dict
from cardgen.situation.setup import build_situation, situation_fields

#: ``P2: play red-5``: an action that names the seat meant to take it.
SEAT_PREFIX = re.compile(r"\s*([Pp]\d+)\s*:\s*(.*)")


def load_situation(path: Path) -> tuple[dict[str, Any], str]:
    label = str(path)
    data = read_toml_file(path, label, "situation", SituationError)
    fields = situation_fields()
    if set(data) & (DECK_FIELDS - fields) and not set(data) & (fields - DECK_FIELDS):
        raise SituationError(
            f"{label} is a deck file, not a situation; `cardgen explain` takes a moment of "
            "a round written as TOML ([hands], top, actions, see \"Situation files\" in "
            f"docs/playing.md): write one with deck = \"{path.name}\" beside it, or run "
            f"`cardgen check {label}` or `cardgen simulate {label}` to play the deck")
    return data, label


def explain(path: Path) -> Explanation:
    """Set up a situation, take its actions one by one, check its expectations."""
    data, label = load_situation(path)
    setup = build_situation(data, label, path.parent)
    state, reader = setup.state, setup.reader
    expect = read_expect(data.get("expect", {}), reader)
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise reader.fail("'actions' must be a list of action texts, e.g. "
                          "[\"play red-7\", \"P2: draw\"]")
    if len(actions) > MAX_ACTIONS:
        raise reader.fail(f"'actions' lists {len(actions):,} actions; a situation takes at "
                          f"most {MAX_ACTIONS:,} (it settles a moment of play, not a game)")
    refusal = data.get("expect_refused")
    if refusal is not None:
        refusal = reader.text(refusal, "expect_refused")
        if not actions:
            raise reader.fail("expect_refused says why the last action is refused; list "
                              "that action last in 'actions'")
    game_start = game_dict(setup.game) if setup.game is not None else None
    start = state_dict(state)
    assert state.events is not None
    setup_events = [str(event) for event in state.events]  # the report speaks English
    state.events.clear()
    steps = _take_actions(state, setup.game, reader, actions, refusal is not None)
    scoring = _score(setup.game, state)
    game = game_dict(setup.game) if setup.game is not None else None
    final = state_dict(state, piles=True)
    final_legal = [str(a) for a in state.legal_actions()]
    events = setup_events + [e for s in steps for e in s.events]
    failures = _refusal_failures(refusal, steps[-1]) if refusal is not None else []
    failures += compare(expect, final, final_legal, events, game)
    checked = expect.checked + (refusal is not None)
    return Explanation(label, str(data.get("description", "")), setup_events, start, steps,
                       final, final_legal, failures, checked, notes=setup.notes,
                       game_start=game_start, game=game, scoring=scoring)


def _take_actions(state: RoundState, game: Game | None, reader: Reader, actions: list[str],
                  last_may_be_refused: bool) -> list[Step]:
    """Take the actions; a refusal stops the situation with an error unless it is the
    last action and a refusal is expected (the state is then left as it was)."""
    steps: list[Step] = []
    assert state.events is not None
    for number, text in enumerate(actions, 1):
        legal = [str(a) for a in state.legal_actions()]
        actor = seat_name(state.actor) if state.actor >= 0 else None
        _check_cards(state, reader, number, text)
        try:
            done = _take(state, game, text)
        except IllegalAction as exc:
            if last_may_be_refused and number == len(actions):
                shown = text if SEAT_PREFIX.match(text) else f"{actor}: {text}"
                steps.append(Step(legal, actor, shown, [], state_dict(state), str(exc)))
                break
            raise reader.fail(f"action {number} ({actor}): {exc}") from None
        except CardgenError as exc:
            raise reader.fail(f"action {number} ({actor}): {exc}") from None
        steps.append(Step(legal, actor, done, [str(event) for event in state.events],
                          state_dict(state)))
        state.events.clear()
    return steps


def _check_cards(state: RoundState, reader: Reader, number: int, text: str) -> None:
    """A card id that is no card of the deck is a mistake in the file, never an illegal
    action (which an ``expect_refused`` would take as the refusal it expects)."""
    named = SEAT_PREFIX.fullmatch(text)
    body = named.group(2) if named else text
    if body.split()[:1] in (["referee"], ["vote"]):
        return
    try:
        action = parse_action(body)
    except ActionSyntaxError:
        return  # (no action at all: taking it says why)
    ids = state.variant.kind_of
    for card in action.cards_named():
        if card not in ids:
            close = closest_card(card, state.variant.kinds)  # knows "red-seven" is red-7
            hint = f"; did you mean '{close}'?" if close else ""
            raise reader.fail(f"action {number} '{text}': '{card}' is not a card of the deck "
                              f"{reader.deck_ref}{hint} (`cardgen cards {reader.deck_ref}` "
                              "lists them)")


def _take(state: RoundState, game: Game | None, text: str) -> str:
    """One action: ``referee …``, ``vote …``, or a seat's action, its seat named or not."""
    if text.split()[:1] == ["referee"]:
        return _referee(state, text)
    if text.split()[:1] == ["vote"]:
        return _vote(state, game, text)
    named = SEAT_PREFIX.fullmatch(text)
    body = named.group(2) if named else text
    action = parse_action(body)
    if state.phase == OVER:
        raise IllegalAction(f"'{text}': the round is over ({state.summary()})")
    actor = seat_name(state.actor)
    if named:
        seat = seat_name(_seat(state, named.group(1), text))
        if seat != actor:
            # Out-of-turn answers are asked seat by seat (U-40): say how to reach a later one.
            later = (f"; {actor} is asked first: write '{actor}: pass' before"
                     if state.phase == RESPOND else "")
            raise IllegalAction(f"'{text}': it is {actor}'s move, not {seat}'s "
                                f"({state.summary()}){later}")
    state.play(action)
    return f"{actor}: {action}"


def _referee(state: RoundState, text: str) -> str:
    """C-34: a penalty the table decides (``referee P2 draws 2``): cards, no turn change."""
    words = text.split()
    count = whole_number(words[3]) if len(words) == 4 and words[2] == "draws" else None
    if count is None:
        raise SituationError(f"'{text}': write a referee penalty as 'referee P2 draws 2'")
    state.draw_cards(_seat(state, words[1], text), count)
    return text


def _vote(state: RoundState, game: Game | None, text: str) -> str:
    """U-49: the table votes on P2's unwanted advice (``vote P2 3``: three votes for);
    a majority puts 50 points on his game total at once."""
    words = text.split()
    votes = whole_number(words[2]) if len(words) == 3 else None
    if votes is None:
        raise SituationError(f"'{text}': write a table-talk vote as 'vote P2 3' (the seat "
                             "voted on, then the votes for the penalty)")
    if game is None:
        raise SituationError(f"'{text}': a vote adds to a game total; give the situation a "
                             "[game] table (scores = { P0 = 0, … })")
    seat = _seat(state, words[1], text)
    try:
        given = table_talk_vote(game, game.rules, seat, votes)
    except EngineError as exc:
        raise SituationError(f"'{text}': {exc}") from None
    if state.events is not None:
        state.log(Vote(seat, given))
    return text


def _seat(state: RoundState, word: str, text: str) -> int:
    """The seat an action names (the caller adds the file's name to an error)."""
    body = word[1:] if word[:1] in ("P", "p") else ""
    seat = whole_number(body)
    if seat is None or not 0 <= seat < state.n:
        raise SituationError(f"'{text}': there is no seat {word} with {state.n} players "
                             f"(P0 … P{state.n - 1})")
    return seat


def _score(game: Game | None, state: RoundState) -> list[str]:
    """A round over in a game: score it (C-31 …) and, unless the game is over, deal the
    next round (C-33), which says who deals it."""
    if game is None or state.phase != OVER:
        return []
    before = list(game.scores)
    game.finish_round(state, tuple(range(state.n)))
    gained = ", ".join(f"{seat_name(s)} {after - was:+d}"
                       for s, (was, after) in enumerate(zip(before, game.scores, strict=True)))
    lines = [f"round scored: {gained}"]
    if game.over:
        winners = [seat_name(s) for s in game.winners]
        lines.append("game over: " + (f"{winners[0]} wins the game" if len(winners) == 1
                                      else f"{' and '.join(winners)} share the win"
                                      if winners else "nobody wins the game"))
    else:
        game.new_round()
        lines.append(f"the game goes on: round {len(game.rounds) + 1} is dealt by "
                     f"{seat_name(game.dealer)}")
    return lines


def _refusal_failures(reason: str, last: Step) -> list[str]:
    if last.refused is None:
        return [f"expect_refused: the last action ({last.action}) was allowed; expected "
                f"it refused with '{reason}'"]
    if reason.lower() not in last.refused.lower():
        return [f"expect_refused: the last action was refused, but not with '{reason}': "
                f"{last.refused}"]
    return []
