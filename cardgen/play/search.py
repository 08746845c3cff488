"""A bot that looks ahead: determinized Monte Carlo search from what its seat may know.

On each decision with a choice, :class:`SearchPlayer` imagines rounds its seat cannot
tell from the real one (:meth:`~cardgen.engine.observation.SeatView.sample_world`: the
hidden cards dealt anew), tries each legal action in them and plays the round out with
a quick bot at every seat (a *rollout*: its own at its seat, and the others as it
imagines them, who doubt a +4 laid from a big hand), and takes the action that won most
often. The worlds keep to what the seat saw the others do (:mod:`cardgen.play.beliefs`:
a player who drew and laid nothing holds nothing that fits, a colour named with a wild
is the one its player holds most, a +4 is no bluff until its author is found out
bluffing once, and two-handed the other's last card is one a careful player would have
laid from the hand he is dealt), and a rollout looks :data:`HORIZON` actions ahead,
then judges the round by the cards left. It reads the round through the engine's
public state and actions only, so it plays any deck the engine plays, own cards and
plugin effects included.

The rollouts are shared out by sequential halving: every action is tried in the same
few worlds, the worse half is dropped, and the survivors get the next worlds, until one
is left or the budget is spent. Trying every action in the same worlds compares them
on the same cards (common random numbers), which is what makes a hundred rollouts
enough. The quick bot's own choice is listed first, so that it wins a tie.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from cardgen.engine.actions import Action, Challenge, Play
from cardgen.engine.game import Player, play_round
from cardgen.engine.observation import SeatView
from cardgen.engine.state import OVER, RoundState
from cardgen.play.beliefs import (
    Beliefs,
    deal_by_beliefs,
    deal_by_named,
    honest_fours,
    judge_fours,
    lays_it,
)

#: What a round lost is worth at most, by how few cards were left (1 / (1 + cards) of
#: it): on classic at 2 players against heuristic, a search of 100 rollouts won 47.0 %
#: of 400 rounds with win-or-lose worths, 52.3 % of 300 with these (docs/balance.md).
CLOSENESS = 0.5
#: A rollout is played this many actions ahead, then the round is judged by the cards
#: left (:data:`LEAD_SLOPE`): the chance steps of a whole round drown the difference
#: one action makes, and three times as many short rollouts cost what full ones did.
#: On classic at 2 players against heuristic (rounds seeded ``e1:i``, 100 rollouts):
#: whole rounds 55.0 % of 200, 12 actions 55.5 %; 300 rollouts of 20 actions with
#: :data:`MARGIN` 1.0, 56.9 % of 160 (docs/balance.md has the ladder).
HORIZON = 20
#: A round stopped at the horizon is worth 1 / (1 + exp(-slope × lead)), the lead
#: being how many cards fewer the seat holds than the smallest other hand.
LEAD_SLOPE = 0.5
#: A rollout stops after this many actions, a draw for everyone (rounds that go in
#: circles on dry piles would otherwise run to the variant's cap).
ROLLOUT_CAP = 600


#: How many times a world is dealt again when the other's last card rules it out: two
#: in three are, and a few worlds left unexplained cost less than dealing on.
REDEALS = 8


class SearchPlayer:
    """Determinized Monte Carlo over the legal actions, ``rollouts`` rounds played out
    per decision, each by ``rollout_player`` at every seat.

    A round won is worth 1, a round lost a little (:data:`CLOSENESS`, less the more
    cards were left), a round stopped at the horizon by the seat's lead in cards
    (:data:`LEAD_SLOPE`), a round nobody wins (blocked, capped) one share of the seats.
    Between decisions the bot keeps its random source and its :attr:`beliefs` (what it
    saw the others do in this round: None turns them off), so the same seed and the
    same views give the same choice.
    """

    def __init__(self, rng: random.Random, *, rollouts: int,
                 rollout_player: Callable[[random.Random], Player],
                 guide: Callable[[random.Random], Player] | None = None,
                 careful: Callable[[random.Random], Player] | None = None,
                 others: Callable[[random.Random], Player] | None = None) -> None:
        self._rng = rng
        self.rollouts = rollouts
        self._make_rollout_player = rollout_player
        #: the quick bot at the other seats of a rollout: the others as this bot imagines them
        self._make_other_player = others or rollout_player
        self._guide = (guide or rollout_player)(random.Random(rng.getrandbits(64)))
        #: the careful player the others are taken for, whose choices a world must explain
        self._careful = careful(random.Random(rng.getrandbits(64))) if careful else None
        self._bots: list[Player] = []  # the other seats' rollout bots, then its own
        self.closeness = CLOSENESS
        self.beliefs: Beliefs | None = Beliefs()
        self.horizon: int | None = HORIZON

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        beliefs = self.beliefs
        if beliefs is not None:
            beliefs.observe(view)
        if len(legal) == 1:
            action = legal[0]
        else:
            guess = self._guide.choose(view, legal)
            trusted = beliefs is not None and not _doubted(view, beliefs)
            candidates = [guess, *(a for a in _worth_trying(legal) if a is not guess
                                   and not (trusted and isinstance(a, Challenge)))]
            action = self._halving(view, candidates) if len(candidates) > 1 else guess
        if beliefs is not None:
            beliefs.acted(view, action)
        return action

    def world(self, view: SeatView) -> RoundState:
        """A round the seat cannot tell from the real one, dealt by what it believes of
        the other hands (a peeking test overrides it), and dealt again (up to
        :data:`REDEALS` times) while the other's last card is not one a careful player
        holding that hand would have laid."""
        world = self._deal(view)
        laid = self.beliefs.last_laid if self.beliefs is not None else None
        careful = self._careful
        if laid is None or careful is None:
            return world
        for _ in range(REDEALS):
            if lays_it(world, laid, careful):
                break
            world = self._deal(view)
        return world

    def _deal(self, view: SeatView) -> RoundState:
        world = view.sample_world(self._rng)
        beliefs = self.beliefs
        if beliefs is None:
            return world
        bars = beliefs.bars
        fours = {author: found for author, found in honest_fours(world, view.seat).items()
                 if author not in beliefs.bluffs.bluffers}
        if fours:
            bars = {s: [*bars.get(s, ()), *fours.get(s, ())] for s in {*bars, *fours}}
        if bars:
            deal_by_beliefs(world, bars, self._rng)
        if beliefs.named:
            deal_by_named(world, beliefs.named, bars, self._rng)
        if bars or beliefs.named:  # (the hands changed: a +4's bluff is judged again)
            judge_fours(world, view.seat)
        return world

    def _halving(self, view: SeatView, candidates: list[Action]) -> Action:
        """Sequential halving over ``candidates`` (the guess first, never dropped) with
        the rollout budget; the best other action replaces the guess only when it did
        better in the same worlds by a clear margin (:data:`MARGIN` standard errors)."""
        alive = list(range(len(candidates)))
        worths: list[list[float]] = [[] for _ in candidates]  # world by world
        phases = max(1, math.ceil(math.log2(len(candidates))))
        budget = self.rollouts
        for phase in range(phases):
            worlds = max(1, budget // (len(alive) * (phases - phase)))
            for _ in range(worlds):
                world = self.world(view)
                for i in alive:
                    worths[i].append(self._rollout(world, candidates[i], view.seat))
            budget -= worlds * len(alive)
            ranked = sorted(alive[1:], key=lambda i: -sum(worths[i]) / len(worths[i]))
            alive = [0, *ranked[:max(1, len(alive) // 2 - 1)]]
            if len(alive) <= 2 and budget < 2 * worlds or budget <= 0:
                break
        best = max(alive[1:], key=lambda i: sum(worths[i]) / len(worths[i]))
        gains = [a - b for a, b in zip(worths[best], worths[0], strict=False)]
        return candidates[best] if _clearly_positive(gains) else candidates[0]

    def _rollout(self, world: RoundState, action: Action, seat: int) -> float:
        """The worth to ``seat`` of ``action`` in ``world`` (left as it was), played out."""
        trial = world.copy(rng=world.rng)  # (its chance steps go on from the world's)
        action.apply_to(trial)
        if trial.phase != OVER:
            play_round(trial, self._rollout_bots(trial.n, seat), check="none",
                       turn_cap=self.horizon or ROLLOUT_CAP)
        if trial.winner < 0 and self.horizon and trial.end == "capped":
            mine = len(trial.hands[seat])
            lead = min(len(h) for s, h in enumerate(trial.hands) if s != seat) - mine
            return 1 / (1 + math.exp(-LEAD_SLOPE * lead))
        if trial.winner < 0:
            return 1 / trial.n
        if trial.winner == seat:
            return 1.0
        # A round lost counts a little less lost the fewer cards were left: how close it
        # came says more of the action than win or lose alone (less noise per rollout).
        return self.closeness / (1 + len(trial.hands[seat]))

    def _rollout_bots(self, n: int, seat: int) -> list[Player]:
        """A quick bot for each seat of a rollout: ``rollout_player`` at ``seat``, the
        others as this bot imagines them (``others``); made once and kept."""
        bots = self._bots
        if len(bots) != n:
            bots.clear()
        while len(bots) < n:  # the others' first, its own last
            maker = self._make_rollout_player if len(bots) == n - 1 else self._make_other_player
            bots.append(maker(random.Random(self._rng.getrandbits(64))))
        return [*bots[:seat], bots[n - 1], *bots[seat:n - 1]]


def _doubted(view: SeatView, beliefs: Beliefs) -> bool:
    """Whether the +4 open to this seat's challenge comes from a player found out
    bluffing: a careful player's is no bluff, and its worlds deal him none of the colour
    asked, so a challenge could only lose (a few rollouts would now and then say it
    wins, by the luck of the cards drawn)."""
    author = view.pending[-1]["author"] if view.pending else None
    return author in beliefs.bluffs.bluffers


def _worth_trying(legal: Sequence[Action]) -> list[Action]:
    """The actions worth rollouts: a play laid without calling UNO when it could call
    it is never better (it only risks a penalty), so its rollouts go to the others."""
    calls = {(a.card, a.color, a.target) for a in legal if isinstance(a, Play) and a.uno}
    if not calls:
        return list(legal)
    return [a for a in legal
            if not (isinstance(a, Play) and not a.uno and (a.card, a.color, a.target) in calls)]


#: How many standard errors an action must gain on the quick bot's choice to replace it:
#: a few hundred rollouts tell actions apart only when they differ much, and an action
#: picked for its luck in a few worlds plays worse than the quick bot (100 rollouts on
#: the rounds of ``e1:i``: 1.5 errors 55.0 %, 0.5 57.5 %, 0 52.0 %, each of 200; 300
#: rollouts on the rounds of ``b:i``: 1 error 55.5 % and 56.0 % with the wild's beliefs,
#: 0.5 59.5 % and 62.0 %).
MARGIN = 0.5


def _clearly_positive(gains: list[float]) -> bool:
    """Whether the mean of ``gains`` is above zero by :data:`MARGIN` standard errors."""
    n = len(gains)
    mean = sum(gains) / n
    if n < 2 or mean <= 0:
        return False
    variance = sum((g - mean) ** 2 for g in gains) / (n - 1)
    return mean > MARGIN * math.sqrt(variance / n)
