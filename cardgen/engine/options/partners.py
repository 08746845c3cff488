"""Team play with partners who change every round (V-06), beside the fixed teams of V-05
(:mod:`cardgen.engine.classic.options`)."""

from __future__ import annotations

from cardgen.engine.api import OfficialRules, RoundResult, RoundState, Scoreboard, option

#: V-06: the game seats of each round in table order; partners sit opposite (round seats
#: 0 and 2, 1 and 3), so over the three rounds everyone partners everyone once.
SEATINGS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))


def partner_of(seats: tuple[int, ...], seat: int) -> int:
    """The game seat sitting opposite ``seat`` in a round seated ``seats``."""
    return seats[(seats.index(seat) + 2) % len(seats)]


@option("rotating-partners")
class RotatingPartners(OfficialRules):
    """V-06: four players, three rounds, a different partner each round (the seats are
    rearranged so partners sit opposite). The pair of the player who goes out collects
    the two opponents' hands (school A, as V-05), credited to both partners' own totals;
    after the third round the highest total wins. A blocked round (C-28) scores nothing
    and still counts as one of the three."""


    def players_problem(self, players: int) -> str | None:
        if players != 4:
            return f"rotating partners is a game for exactly 4 players (not {players})"
        return super().players_problem(players)

    def opponents(self, state: RoundState, seat: int, other: int) -> bool:
        return (seat - other) % 4 not in (0, 2)  # partners sit opposite, in round seats

    def round_seats(self, game: Scoreboard) -> list[int]:
        return list(SEATINGS[len(game.rounds) % len(SEATINGS)])

    def score_round(self, game: Scoreboard, result: RoundResult) -> None:
        if result.winner is None:
            return
        pair = (result.winner, partner_of(result.seats, result.winner))
        gained = sum(points for seat, points in result.hand_points.items() if seat not in pair)
        for seat in pair:
            game.scores[seat] += gained

    def game_over(self, game: Scoreboard) -> bool:
        return len(game.rounds) >= len(SEATINGS)
