"""Uno Unplugged's table rules (seed 000): where its rules differ from the official ones,
and the table's vote on unwanted advice (U-49).
"""

from __future__ import annotations

from cardgen.engine.api import (
    DrawPenalty,
    EngineError,
    OfficialRules,
    RoundState,
    Scoreboard,
    option,
    seat_name,
)

#: U-49: the points a table-talk vote adds to the offender's total.
VOTE_POINTS = 50


@option("unplugged")
class UnpluggedRules(OfficialRules):
    """The rules of the fan document where they differ from the official ones. Its first
    cards are two options of their own: a first Reverse starts on the dealer's right
    (U-08), the dealer names a first Joker's colour (U-10), before seeing his hand."""

    includes = ("first-reverse-right", "dealer-names-first-color")
    start_color_blind = True

    def players_problem(self, players: int) -> str | None:
        if players < 3:  # U-03: the Inversion needs two opponents
            return f"Uno Unplugged is played by 3 to 10 players, not {players}"
        return super().players_problem(players)

    def challenge_outcome(self, state: RoundState, penalty: DrawPenalty,
                          challenger: int) -> None:
        """U-41: whoever loses the challenge draws the amount plus 2. A caught bluffer
        draws and nobody is skipped (the player after him plays); after a fair card the
        challenger draws and the skip stays where it was."""
        penalty.amount += self.challenge_extra
        if penalty.bluff and penalty.author is not None:
            penalty.target = penalty.author
            penalty.skipped = None
        else:
            penalty.target = challenger
        # U-42: the challenge settles the attack; no Boomerang, Dérivation or Non after.
        penalty.stackable = penalty.reflectable = penalty.redirectable = False


def table_talk_vote(game: Scoreboard, rules: OfficialRules, offender: int,
                    votes_for: int) -> bool:
    """U-49: the other players vote by show of hands on an unwanted comment; when
    more than half of them vote for it, ``VOTE_POINTS`` go at once on the offender's
    total (seen when the round ends). Only where the lowest total wins, since
    elsewhere points are a reward. Returns whether the penalty was given."""
    others = game.players - len(game.eliminated) - 1
    if not 0 <= offender < game.players or offender in game.eliminated:
        raise EngineError(f"there is no {seat_name(offender)} in this game to vote on")
    if not 0 <= votes_for <= others:
        raise EngineError(f"{votes_for} votes: the {others} other players vote, once each")
    if not rules.lowest_total_wins:
        raise EngineError("the 50-point vote (U-49) is a penalty only where the lowest "
                          "total wins; add the rule lowest-score")
    if 2 * votes_for <= others:
        return False
    game.scores[offender] += VOTE_POINTS
    return True
