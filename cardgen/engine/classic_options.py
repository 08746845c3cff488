"""The options of the official rules themselves: the other scoring school (C-32), a
rotating dealer (C-33), team play (V-05) and the UNO Challenge (V-07).

Each is an optional rule of ``cardgen/data/rules.toml`` overriding only the hooks of
:class:`~cardgen.engine.rules.OfficialRules` that differ.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.engine.rules import OfficialRules, optional_rule

if TYPE_CHECKING:
    from cardgen.engine.game import Game, RoundResult


@optional_rule("lowest-score")
class LowestScore(OfficialRules):
    """C-32, school B: everyone adds their own hand (the winner adds 0); when a total
    reaches the target, the lowest total wins. A tie for lowest is a shared win
    (K-30: the sources say nothing). A blocked round (C-28) scores every hand."""

    conflicts = frozenset({"teams", "uno-challenge"})

    def score_round(self, game: Game, result: RoundResult) -> None:
        for seat, points in result.hand_points.items():
            game.scores[seat] += points

    def game_winners(self, game: Game) -> list[int]:
        best = min(game.scores)
        return [s for s, score in enumerate(game.scores) if score == best]


@optional_rule("rotate-dealer")
class RotateDealer(OfficialRules):
    """C-33 option: the first dealer is drawn for, then the deal passes one seat to
    the left every round."""

    def choose_dealer(self, game: Game, seats: list[int]) -> int:
        if game.dealer < 0:
            return super().choose_dealer(game, seats)
        later = [s for s in seats if s > game.dealer]
        return later[0] if later else seats[0]


def team_of(seat: int, players: int) -> int:
    """V-05: teams of two sit alternately (A B A B, or A B C A B C with six)."""
    return seat % (players // 2)


@optional_rule("teams")
class Teams(OfficialRules):
    """V-05: teams of two seated alternately; when a player goes out, the team scores
    the hands of the other team(s) — the partner's hand does not count — school A per
    team, first team to the target (RULES.md default). Every member of a team carries
    the team's total."""

    conflicts = frozenset({"lowest-score", "uno-challenge"})

    def players_problem(self, players: int) -> str | None:
        if players < 4 or players % 2:
            return f"team play needs an even number of players, 4 or more (not {players})"
        return None

    def score_round(self, game: Game, result: RoundResult) -> None:
        if result.winner is None:
            return
        team = team_of(result.winner, game.players)
        gained = sum(points for seat, points in result.hand_points.items()
                     if team_of(seat, game.players) != team)
        for seat in range(game.players):
            if team_of(seat, game.players) == team:
                game.scores[seat] += gained


@optional_rule("uno-challenge")
class UnoChallenge(OfficialRules):
    """V-07: the round winner scores nothing, every other player adds their own hand; a
    total reaching the target knocks its player out, and the rest play on (two left
    play the two-player rules) until one remains. The default reading uses "reaches"
    (>= target) everywhere; several players may go out at once; the round winner is
    never knocked out. A blocked round (C-28) has no winner: if it would knock out
    everyone, those with the lowest total stay in."""

    conflicts = frozenset({"lowest-score", "teams"})

    def score_round(self, game: Game, result: RoundResult) -> None:
        for seat, points in result.hand_points.items():
            game.scores[seat] += points
        playing = [s for s in result.seats]
        out = [s for s in playing
               if game.scores[s] >= game.variant.target and s != result.winner]
        if len(out) == len(playing):
            lowest = min(game.scores[s] for s in playing)
            out = [s for s in out if game.scores[s] != lowest]
        game.eliminated.update(out)

    def game_over(self, game: Game) -> bool:
        return game.players - len(game.eliminated) <= 1

    def game_winners(self, game: Game) -> list[int]:
        return [s for s in range(game.players) if s not in game.eliminated]
