"""The options of the official rules themselves: the other scoring school (C-32), a
rotating dealer (C-33), team play (V-05), the UNO Challenge (V-07), the counter-UNO
on a last card (C-26), and the other sources' readings of the first cards (C-08, C-10)
and of a caught bluff (C-21, K-05).

Each is an optional rule of ``cardgen/data/options.toml`` overriding only the hooks of
:class:`~cardgen.engine.classic.rules.OfficialRules` that differ.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardgen.engine.api import (
    RESPONDERS,
    Action,
    ActionSyntaxError,
    DrawPenalty,
    OfficialRules,
    Responder,
    RoundResult,
    RoundState,
    RuleEffect,
    Scoreboard,
    action_verb,
    option,
    parse_seat,
    register_responder,
    seat_name,
)
from cardgen.engine.events import CounterUnoCaught


@option("lowest-score")
class LowestScore(OfficialRules):
    """C-32, school B: everyone adds their own hand (the winner adds 0); when a total
    reaches the target, the lowest total wins. A tie for lowest is a shared win
    (K-30: the sources say nothing). A blocked round (C-28) scores every hand."""

    lowest_total_wins = True

    def score_round(self, game: Scoreboard, result: RoundResult) -> None:
        for seat, points in result.hand_points.items():
            game.scores[seat] += points

    def game_winners(self, game: Scoreboard) -> list[int]:
        best = min(game.scores)
        return [s for s, score in enumerate(game.scores) if score == best]


@option("rotate-dealer")
class RotateDealer(OfficialRules):
    """C-33 option: the first dealer is drawn for, then the deal passes one seat to
    the left every round."""

    def choose_dealer(self, game: Scoreboard, seats: list[int]) -> int:
        if game.dealer < 0:
            return super().choose_dealer(game, seats)
        later = [s for s in seats if s > game.dealer]
        return later[0] if later else seats[0]


def team_of(seat: int, players: int) -> int:
    """V-05: teams of two sit alternately (A B A B, or A B C A B C with six)."""
    return seat % (players // 2)


@option("teams")
class Teams(OfficialRules):
    """V-05: teams of two seated alternately; when a player goes out, the team scores
    the hands of the other team(s) — the partner's hand does not count — school A per
    team, first team to the target (docs/rules.md V-05). Every member of a team carries
    the team's total."""


    def players_problem(self, players: int) -> str | None:
        if players < 4 or players % 2:
            return f"team play needs an even number of players, 4 or more (not {players})"
        return None

    def opponents(self, state: RoundState, seat: int, other: int) -> bool:
        return team_of(seat, state.n) != team_of(other, state.n)

    def score_round(self, game: Scoreboard, result: RoundResult) -> None:
        if result.winner is None:
            return
        team = team_of(result.winner, game.players)
        gained = sum(points for seat, points in result.hand_points.items()
                     if team_of(seat, game.players) != team)
        for seat in range(game.players):
            if team_of(seat, game.players) == team:
                game.scores[seat] += gained


@option("uno-challenge")
class UnoChallenge(OfficialRules):
    """V-07: the round winner scores nothing, every other player adds their own hand; a
    total reaching the target knocks its player out, and the rest play on (two left
    play the two-player rules) until one remains. The default reading uses "reaches"
    (>= target) everywhere; several players may go out at once; the round winner is
    never knocked out. A blocked round (C-28) has no winner: if it would knock out
    everyone, those with the lowest total stay in."""


    def score_round(self, game: Scoreboard, result: RoundResult) -> None:
        for seat, points in result.hand_points.items():
            game.scores[seat] += points
        playing = [s for s in result.seats]
        out = [s for s in playing
               if game.scores[s] >= game.target and s != result.winner]
        if len(out) == len(playing):
            lowest = min(game.scores[s] for s in playing)
            out = [s for s in out if game.scores[s] != lowest]
        game.eliminated.update(out)

    def game_over(self, game: Scoreboard) -> bool:
        return game.players - len(game.eliminated) <= 1

    def game_winners(self, game: Scoreboard) -> list[int]:
        return [s for s in range(game.players) if s not in game.eliminated]


@dataclass(frozen=True, slots=True)
class CounterUno(Action):
    """``contre-uno P1``: catch P1 on a last card laid without ever calling UNO (C-26)."""

    verb: ClassVar[str] = "contre-uno"
    seat: int

    def apply_to(self, state: RoundState) -> None:
        going_out = state.stack.pop()
        assert isinstance(going_out, RuleEffect) and going_out.author == self.seat
        state.log(CounterUnoCaught(self.seat))
        state.draw_cards(self.seat, state.rules.uno_penalty)
        state.response_done()

    def __str__(self) -> str:
        return f"contre-uno {seat_name(self.seat)}"


@action_verb("contre-uno")
def _parse_counter_uno(args: list[str], line: str) -> Action:
    if len(args) != 1:
        raise ActionSyntaxError(f"'{line}': write 'contre-uno' and the seat, e.g. "
                                "'contre-uno P2'")
    return CounterUno(parse_seat(args[0], line))


def _goes_out(state: RoundState, entry: RuleEffect) -> None:
    state.end_round(entry.author, "out")


@register_responder
class CounterUnoCatch(Responder):
    """C-26: while a player who never called UNO goes out, any opponent may stop him."""

    name = "contre-uno"
    window = "pending"

    def active(self, state: RoundState) -> bool:
        top = state.stack[-1]
        return isinstance(top, RuleEffect) and top.resolver is _goes_out

    def options(self, state: RoundState, seat: int) -> list[Action]:
        author = state.stack[-1].author
        return [] if seat == author else [CounterUno(author)]


@option("contre-uno")
class ContreUno(OfficialRules):
    """C-26 (option): a player who lays his last card while he still owes the UNO call
    (he did not call it when he went down to one card) may be stopped by any opponent
    before the round ends: he takes 2 cards and play goes on. The card he laid stays
    and has had its effect; the next player plays."""

    def responders(self) -> tuple[Responder, ...]:
        return (*super().responders(), RESPONDERS["contre-uno"])

    def on_hand_empty(self, state: RoundState, seat: int) -> bool:
        if state.at_uno[seat]:
            return super().on_hand_empty(state, seat)
        state.stack.append(RuleEffect(seat, _goes_out,
                                      f"{seat_name(seat)} goes out without having called UNO"))
        state.poll_order = None
        return False


# --- the other sources' readings (C-08, C-10, C-21) ------------------------------------


@option("first-reverse-right")
class FirstReverseRight(OfficialRules):
    """C-08 as seeds 001, 002 and 000 read it (K-02): after a first-card Reverse the
    dealer's right-hand neighbour plays first, then play goes on to the right."""

    def start_reverse(self, state: RoundState) -> None:
        super().start_reverse(state)
        state.turn = state.next_seat(state.dealer)


@option("dealer-names-first-color")
class DealerNamesFirstColor(OfficialRules):
    """C-10 as seed 001 reads it (K-03): the dealer names a first wild's colour; the
    player on his left then plays on it."""

    def start_color_chooser(self, state: RoundState) -> int:
        return state.dealer


def take_back(state: RoundState, penalty: DrawPenalty) -> bool:
    """A caught bluffer takes his +4 back into his hand (K-05): the card beneath and its
    colour are in force again. False when that ended the round: a play taken back is no
    progress, so on dry piles replaying the same bluff cannot keep a round alive (C-28)."""
    entry = state.stack[-1]
    assert penalty.author is not None
    if state.discard and state.discard[-1] == entry.kind:
        state.hands[penalty.author].append(state.discard.pop())
        state.color = entry.prev_color
        state.match_set = entry.prev_match
        state.idle = state.idle_before_play + 1
        if state.idle >= state.active_count():
            state.end_round(-1, "blocked")
            return False
    return True


@option("challenge-takes-back")
class ChallengeTakesBack(OfficialRules):
    """C-21 as seed 001 reads it (K-05): a caught bluffer takes his +4 back, draws 4 and
    his turn is over; the challenger plays on the card beneath. A fair +4 costs the
    challenger 6 and his turn, as usual."""


    def challenge_outcome(self, state: RoundState, penalty: DrawPenalty,
                          challenger: int) -> None:
        if penalty.bluff and penalty.author is not None and not take_back(state, penalty):
            return
        super().challenge_outcome(state, penalty, challenger)
