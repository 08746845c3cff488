"""Uno Unplugged's table rules (seed 000): where its rules differ from the official ones.
The table's vote on unwanted advice (U-49) is a step of any game, not of these rules:
:func:`~cardgen.engine.official.scoreboard.table_talk_vote`.
"""

from __future__ import annotations

from cardgen.engine.api import (
    DrawPenalty,
    OfficialRules,
    RoundState,
    option,
)


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
