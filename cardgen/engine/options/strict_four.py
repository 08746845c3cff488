"""The strict +4 (O-19): a +4 is fair only when nothing else in the hand could be
laid; the player it hits may stop it with a 0 or a Skip, answer it with a +4, or
challenge its players one at a time.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.engine.api import (
    RESPONDERS,
    Action,
    CardTables,
    DrawPenalty,
    OfficialRules,
    Pending,
    Responder,
    RoundState,
    kinds_where,
    option,
    register_responder,
)
from cardgen.engine.classic.options import take_back
from cardgen.engine.events import BlocksFour, DrawGrows, MayChallenge

#: state.extra keys
FOURS = "options:fours"  # the FourChain of +4s answered by +4s (strict-wild-draw-four)
# --- strict-wild-draw-four (O-19) ----------------------------------------------------------


@dataclass(slots=True)
class FourChain:
    """O-19: +4s answered by +4s, one pending draw. The next player challenges their
    players one at a time, the last one first: ``suspect`` is the one he would
    challenge now, ``earlier`` the +4 players below him (seat, bluffed), latest first."""

    penalty: DrawPenalty
    suspect: int
    earlier: list[tuple[int, bool]]


@option("strict-wild-draw-four")
class StrictWildDrawFour(OfficialRules):
    """O-19: a +4 is fair only when nothing else in the hand could be laid. A caught
    bluffer takes his +4 back and draws the total plus 2; the card beneath and its
    colour are in force again and the challenger plays. The player hit may instead stop
    it with a 0 or a Skip of any colour, which is then his play, or, holding nothing in
    the colour announced, answer with a +4 of his own."""

    def responders(self) -> tuple[Responder, ...]:
        return (*super().responders(), RESPONDERS["block"], RESPONDERS["four-on-four"])

    def new_penalty(self, state: RoundState, entry: Pending, *, amount: int, target: int,
                    skipped: int | None, challengeable: bool) -> DrawPenalty:
        below = state.stack[-1].penalty if state.stack else None
        answers = (below is not None and not below.stackable and below.target == entry.author
                   and below.author is not None and not below.challenged
                   and entry.kind in kinds_where(state.variant, "wild-draw")
                   and state.stack[-1].kind in kinds_where(state.variant, "wild-draw"))
        penalty = super().new_penalty(state, entry, amount=amount, target=target,
                                      skipped=skipped, challengeable=challengeable)
        if answers:
            assert below is not None and below.author is not None
            # The +4 answered joins the answer: one draw, its player a suspect too.
            chain = state.extra.get(FOURS)
            earlier = [(below.author, below.bluff)]
            if chain is not None and chain.penalty is below:
                earlier += chain.earlier
            absorbed = state.stack.pop()
            state.fired[absorbed.kind] += 1
            penalty.amount += below.amount
            state.extra[FOURS] = FourChain(penalty, entry.author, earlier)
            state.log(DrawGrows(penalty.amount))
        return penalty

    def is_bluff(self, state: RoundState, seat: int, color: int) -> bool:
        entry_match = state.variant.match_rows[state.discard[-2]][color + 1] \
            if len(state.discard) >= 2 else frozenset()
        hand = state.hands[seat]
        if not entry_match.isdisjoint(hand):
            return True
        variant = state.variant
        return any(variant.effect_of[k].playable(state, seat, k)
                   for k in set(variant.special_kinds).intersection(hand))

    def challenge_outcome(self, state: RoundState, penalty: DrawPenalty,
                          challenger: int) -> None:
        chain = state.extra.get(FOURS)
        if chain is not None and chain.penalty is penalty:
            self.chain_challenge(state, chain, challenger)
            return
        if not (penalty.bluff and penalty.author is not None):
            super().challenge_outcome(state, penalty, challenger)
            return
        author = penalty.author
        if not take_back(state, penalty):
            return
        penalty.amount += self.challenge_extra
        penalty.target = author
        penalty.skipped = None
        penalty.stackable = penalty.reflectable = penalty.redirectable = False

    def chain_challenge(self, state: RoundState, chain: FourChain, challenger: int) -> None:
        """O-19: a caught bluffer takes the total plus 2 (the +4s stay on the pile) and
        the challenger plays; a wrong challenge adds 2, and the next +4 player below may
        be challenged in turn; when none is left, the challenger draws and is skipped."""
        penalty = chain.penalty
        if penalty.bluff:
            penalty.amount += self.challenge_extra
            penalty.target = chain.suspect
            penalty.skipped = None  # the turn goes on after the last +4: the challenger
        elif chain.earlier:
            penalty.amount += self.challenge_extra
            chain.suspect, penalty.bluff = chain.earlier.pop(0)
            penalty.challengeable = True  # the next suspect (still settled otherwise)
            state.log(MayChallenge(challenger, chain.suspect))
        else:
            super().challenge_outcome(state, penalty, challenger)
        penalty.stackable = penalty.reflectable = penalty.redirectable = False

    def after_play(self, state: RoundState, entry: Pending) -> None:
        super().after_play(state, entry)
        if len(state.stack) < 2:
            return
        below = state.stack[-2]
        if (below.penalty is not None and below.penalty.target == entry.author
                and below.kind in kinds_where(state.variant, "wild-draw")
                and entry.kind in blockers(state.variant)):
            # The block: the +4 never acts; the 0 or Skip is the blocker's play.
            state.stack.pop(-2)
            state.log(BlocksFour(entry.author))


def blockers(variant: CardTables) -> frozenset[int]:
    return frozenset(k for k, card in enumerate(variant.kinds)
                     if card.effect == "skip" or (card.effect == "number" and card.value == 0))


@register_responder
class BlockResponder(Responder):
    name = "block"

    def active(self, state: RoundState) -> bool:
        top = state.stack[-1]
        penalty = top.penalty
        return (penalty is not None and penalty.author is not None and not penalty.challenged
                and top.kind in kinds_where(state.variant, "wild-draw"))

    def options(self, state: RoundState, seat: int) -> list[Action]:
        penalty = state.stack[-1].penalty
        assert penalty is not None
        if seat != penalty.target:
            return []
        return state.plays_of(seat, blockers(state.variant).intersection(state.hands[seat]))


@register_responder
class FourOnFourResponder(Responder):
    """O-19: the target of a +4 holding nothing in the announced colour may answer it
    with a +4 of his own."""

    name = "four-on-four"

    def active(self, state: RoundState) -> bool:
        top = state.stack[-1]
        penalty = top.penalty
        return (penalty is not None and penalty.author is not None and not penalty.challenged
                and not penalty.stackable
                and top.kind in kinds_where(state.variant, "wild-draw"))

    def options(self, state: RoundState, seat: int) -> list[Action]:
        penalty = state.stack[-1].penalty
        assert penalty is not None
        hand = state.hands[seat]
        if seat != penalty.target or not state.variant.counts_as[state.color].isdisjoint(hand):
            return []
        symbol = state.variant.symbol_of[penalty.card]
        kinds = {k for k in kinds_where(state.variant, "wild-draw").intersection(hand)
                 if state.variant.symbol_of[k] == symbol}
        return state.plays_of(seat, kinds)
