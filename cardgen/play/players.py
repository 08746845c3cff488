"""Bots: a random player, a sensible one, and the strengths players choose them by.

Each chooses among the legal actions from what its seat can see (a
:class:`~cardgen.engine.observation.SeatView`), with its own seeded random source; the
bots that look ahead are in :mod:`cardgen.play.search`. :data:`PLAYERS` names them from
the weakest to the strongest (docs/playing.md gives the ladder).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from cardgen.engine.actions import Action, Challenge, Draw, NameColor, Pass, Play
from cardgen.engine.cards import CardTables
from cardgen.engine.errors import EngineError
from cardgen.engine.game import Player
from cardgen.engine.observation import SeatView
from cardgen.play.beliefs import Beliefs
from cardgen.play.search import SearchPlayer


class RandomPlayer:
    """Uniform over distinct actions: first a card (or draw, keep, pass …), then its
    options (the colour named on a wild, a victim, calling UNO or not), so that a wild
    is not four times as likely as a number card."""

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        rand = self._random
        count = len(legal)
        while True:
            # Pick any action, keep it with probability 1/siblings: each card (with all
            # its options) is then equally likely, and so is each option of it.
            action = legal[int(rand() * count)]
            siblings = action.siblings if isinstance(action, Play) else 1
            if siblings == 1 or rand() * siblings < 1:
                return action


class EasyPlayer:
    """A beginner: plays as the heuristic bot, but one decision in three as the random
    bot (a card laid without thought, a draw when it could play, UNO forgotten)."""

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random
        self._careless = RandomPlayer(rng)
        self._careful = HeuristicPlayer(rng)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if self._random() < 1 / 3:
            return self._careless.choose(view, legal)
        return self._careful.choose(view, legal)


class _Weights:
    """What the heuristic weighs of each card kind of a variant, looked up once per game
    rather than once per candidate play: for each kind, (points, is a +4, is a wild,
    hits the next player, is a Pingouin, its colour or -1)."""

    __slots__ = ("variant", "facts", "turns_over")

    def __init__(self, variant: CardTables) -> None:
        self.variant = variant
        self.facts = [(card.points, card.effect == "wild-draw", card.any_card,
                       card.effect in ("draw", "wild-draw", "skip"),
                       card.effect == "end-round", variant.color_of[k])
                      for k, card in enumerate(variant.kinds)]
        #: kinds that turn every card over (FL-02): the next hand shows another side then
        self.turns_over = frozenset(k for k, card in enumerate(variant.kinds)
                                    if card.effect == "flip")


class HeuristicPlayer:
    """Plays like a careful human: never draws when it can play, always calls UNO and
    catches a missed call, lays its action cards before its wilds (but a wild before a
    number card, while :class:`CannyPlayer` keeps it), never bluffs a +4, names the
    colour it holds most, hits a neighbour about to go out, and challenges a +4 from a
    big hand (more likely to hold the colour). With two-faced cards it reads the next
    player's hand from its other side (FL-06) and prefers a play that leaves him
    nothing to lay."""

    #: Whether it reads the others' hands from their other side on a two-faced deck.
    reads_other_sides = True
    #: What a wild (or +4) loses while the hand holds more than two cards: 40 leaves a
    #: wild (50 points) above every number card, so this bot lays wilds early.
    wild_penalty = 40

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._weights: _Weights | None = None

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        first = legal[0]
        if isinstance(first, Play):
            # The engine lists the plays first, so most decisions are a turn's plays then
            # draw, or the card just drawn then keep: a lone play is laid at once.
            if len(legal) == 1 or (len(legal) == 2 and not isinstance(legal[1], (Play, Pass))):
                return first
            if isinstance(legal[-1], Pass):  # an answer out of turn: Non, Boomerang …
                return self._lay(view, legal)
            return self._best(view, legal)  # (it skips the draw or keep after the plays)
        if first.verb in ("catch", "contre-uno"):  # always catch a missing UNO call
            return first
        if isinstance(first, Challenge):
            return self._respond(view, first, legal)
        if isinstance(first, NameColor):
            if view.hand_hidden:  # U-10: named before looking at the hand, so at random
                return legal[self._rng.randrange(len(legal))]
            return legal[_most(_color_counts(view.hand_kinds, view.variant))]
        if len(legal) == 1:  # a forced draw, keep or pass
            return first
        return self._lay(view, legal)

    def _lay(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """The best play, an answer out of turn kept back, or a draw if nothing fits."""
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return next((a for a in legal if isinstance(a, Draw)), legal[0])
        if isinstance(legal[-1], Pass):  # an answer out of turn: Non, Boomerang …
            reply = react(view, plays, legal[-1])
            if reply is not None:
                return reply
        if len(plays) == 1:  # the best of one play, whatever it scores
            return plays[0]
        return self._best(view, plays)

    def _best(self, view: SeatView, actions: Sequence[Action]) -> Action:
        """The play among ``actions`` that scores highest (the first one on a tie); the
        others (a draw, a keep) are passed over, so that no list of plays is built."""
        weights = self._weights
        if weights is None or weights.variant is not view.variant:
            weights = self._weights = _Weights(view.variant)
        facts = weights.facts
        # What every play is weighed against, worked out once per decision.
        hand = view.hand_seen()
        counts = _color_counts(hand, weights.variant)
        most = _most(counts)
        big_hand = len(hand) > 2
        # Looked up only if a play needs them: None until then.
        runner_up = spare = -1  # see _runner_up
        holds_asked: bool | None = None
        threatened: bool | None = None
        worth: float | None = None
        next_hand = self._next_hand(view) if view.variant.two_faced else None
        barred = self._barred_colors(view)
        best = actions[0]  # replaced by the first play, whatever it scores
        best_value = -math.inf
        weighed = -1  # the kind weighed last
        card_value: float = 0
        own = after = -1
        for play in actions:
            if not isinstance(play, Play):
                continue
            kind = play.kind
            if kind != weighed:
                # A card's plays (its colours, victims, UNO or not) come one after the
                # other, so what depends on the card only is worked out once for them.
                weighed = kind
                points, bluffable, wild, attack, pingouin, own = facts[kind]
                card_value = points
                if bluffable:
                    if holds_asked is None:
                        asked = view.color_index
                        holds_asked = (asked >= 0 and
                                       not view.variant.counts_as[asked].isdisjoint(hand))
                    if holds_asked:
                        card_value -= 10_000  # a bluff
                if wild and big_hand:
                    card_value -= self.wild_penalty
                # the colour it holds most once this card (every copy of it) is set aside
                after = most
                if own == most:
                    if spare < 0:
                        runner_up, spare = _runner_up(counts, most)
                    if hand.count(kind) > spare:
                        after = runner_up
                if attack:
                    if threatened is None:
                        threatened = view.hand_size_of(view.next_seat()) <= 2
                    if threatened:
                        card_value += 60
                if pingouin:  # Pingouin: only with a small hand left
                    if worth is None:
                        worth = pingouin_worth(view)
                    card_value += worth
            value = card_value + 1000 if play.uno else card_value
            color = play.color_index
            if (color if color >= 0 else own) == after:  # (after is a colour, never -1)
                value += 15
            if barred and (color if color >= 0 else own) in barred:
                value += BARRED
            if play.target is not None:
                value -= 5 * view.hand_size_of(play.target)
            if next_hand is not None and kind not in weights.turns_over and _leaves_stuck(
                    weights.variant, color if color >= 0 else own, kind, next_hand):
                value += STUCK
            if value > best_value:
                best, best_value = play, value
        return best

    def _next_hand(self, view: SeatView) -> list[int] | None:
        """FL-06: the next player's cards, each known by the face it shows this seat (one
        kind behind each face, FL-01); None when this bot does not read them."""
        if not self.reads_other_sides:
            return None
        variant = view.variant
        other, kind_of = variant.other_face, variant.kind_of
        return [other[kind_of[card.id]] for card in view.other_side_of_hand(view.next_seat())]

    def _barred_colors(self, view: SeatView) -> frozenset[int]:
        """The colours the next player is believed to hold none of (none: this bot keeps
        no beliefs)."""
        return frozenset()

    def _respond(self, view: SeatView, first: Action, legal: Sequence[Action]) -> Action:
        author = view.pending[-1]["author"] if view.pending else None
        if author is not None and view.hand_sizes[author] >= 4:
            return first
        return legal[-1]  # pass


class CannyPlayer(HeuristicPlayer):
    """The heuristic bot, with its wilds held back and an eye on the next hand: while it
    holds more than two cards it lays a wild or a +4 only when no other card fits (a wild
    saved always fits later, when a hand is down to its last cards); it prefers a play
    that leaves a colour in force the next player is believed to hold none of (he drew on
    it, :mod:`cardgen.play.beliefs`); and it trusts a +4, challenging only a player found
    out bluffing. Two-handed on the classic deck it wins 57 % of the rounds against
    ``heuristic`` (docs/balance.md). The search bots take its choice as their guess and
    play their rollouts with it, there without beliefs (``beliefs=False``: the rollouts'
    rounds are too short for them, and it is twice as quick)."""

    wild_penalty = 100  # a wild then scores below every number card

    def __init__(self, rng: random.Random, *, beliefs: bool = True) -> None:
        super().__init__(rng)
        self.beliefs = Beliefs() if beliefs else None

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        beliefs = self.beliefs
        if beliefs is None:
            return super().choose(view, legal)
        beliefs.observe(view)
        action = super().choose(view, legal)
        beliefs.acted(view, action)
        return action

    def _barred_colors(self, view: SeatView) -> frozenset[int]:
        beliefs = self.beliefs
        bars = beliefs.bars.get(view.next_seat()) if beliefs is not None else None
        if not bars:
            return frozenset()
        size = view.hand_size_of(view.next_seat())
        counts_as = view.variant.counts_as
        return frozenset(color for kinds, count in bars if count >= size
                         for color in range(len(counts_as)) if counts_as[color] <= kinds)

    def _respond(self, view: SeatView, first: Action, legal: Sequence[Action]) -> Action:
        author = view.pending[-1]["author"] if view.pending else None
        beliefs = self.beliefs
        if beliefs is not None and author in beliefs.bluffs.bluffers:
            return first
        return legal[-1]  # pass: a careful player's +4 is no bluff


#: What canny adds to a play that leaves in force a colour the next player is believed to
#: hold none of: 10 wins 57.1 % two-handed against heuristic, 20 56.2 % (20,000 rounds).
BARRED = 10


#: What the heuristic adds to a play after which the next player holds nothing to lay
#: (known on a two-faced deck, FL-06): 2-player UNO Flip, docs/balance.md.
STUCK = 40


def _leaves_stuck(variant: CardTables, color: int, kind: int, hand: list[int]) -> bool:
    """Whether no card of ``hand`` goes on ``kind`` with ``color`` in force."""
    return color >= 0 and variant.matching(color, kind).isdisjoint(hand)


def _color_counts(hand: Sequence[int], variant: CardTables) -> list[int]:
    """How many cards of each colour ``hand`` holds (wilds count for none)."""
    # A card of no colour (-1) counts in an extra last slot, dropped at the end: no test
    # per card.
    counts = [0] * (len(variant.colors) + 1)
    color_of = variant.color_of
    for kind in hand:
        counts[color_of[kind]] += 1
    counts.pop()
    return counts


def _most(counts: list[int]) -> int:
    """The colour with the highest count (the first one on a tie)."""
    return counts.index(max(counts))


def _runner_up(counts: list[int], most: int) -> tuple[int, int]:
    """The colour held most after ``most`` (the first one on a tie), and how many cards
    of ``most`` can be set aside with ``most`` still the colour held most."""
    others = counts.copy()
    others[most] = -1  # below any count
    second_count = max(others)
    second = others.index(second_count)
    # On a tie, the first colour counts as held most: ``most`` keeps a tie with a colour
    # after it, not with one before it.
    return second, counts[most] - second_count - (1 if second < most else 0)


# --- how the heuristic bot answers (players.HeuristicPlayer asks) ---------------------------

REACTIONS = frozenset({"cancel", "return-draw", "redirect-draw"})


def react(view: SeatView, plays: list[Play], decline: Action) -> Action | None:
    """A careful player's answer when his only cards to lay now are Non, Boomerang or
    Dérivation: send a draw aimed at him away (Boomerang first, then Dérivation to the
    player with fewest cards, then Non), cancel a Boomerang sent back at him or a
    Pingouin that would count a big hand, and otherwise keep the card. None: these are
    not such cards."""
    kinds = view.variant.kinds
    if not plays or any(kinds[p.kind].effect not in REACTIONS for p in plays):
        return None
    me = view.seat
    sizes = view.hand_sizes
    pending = view.pending
    by_effect = {effect: [p for p in plays if kinds[p.kind].effect == effect]
                 for effect in REACTIONS}
    if pending and pending[-1]["target"] == me:
        if by_effect["return-draw"]:
            return by_effect["return-draw"][0]
        if by_effect["redirect-draw"]:
            return min(by_effect["redirect-draw"],
                       key=lambda p: (sizes[p.target] if p.target is not None else 99, p.uno))
    top = kinds[view.top_kind].effect
    if by_effect["cancel"] and (
            (pending and pending[-1]["target"] == me)
            or (top == "return-draw" and pending and pending[-1]["author"] == me)
            or (top == "end-round" and hand_points(view) > PINGOUIN_POINTS)):
        return by_effect["cancel"][-1]
    return decline


#: A careful player lays a Pingouin only when his hand, the Pingouin aside, counts at most
#: this many points, and cancels another's Pingouin when his hand counts more.
PINGOUIN_POINTS = 15


def hand_points(view: SeatView) -> int:
    points = view.variant.points_of
    return sum(points[k] for k in view.hand_kinds)


def pingouin_worth(view: SeatView) -> float:
    """How much a careful player wants to lay his Pingouin now (lowest total wins)."""
    left = hand_points(view) - 20
    return 500.0 if left <= PINGOUIN_POINTS else -500.0


def _quick_canny(rng: random.Random) -> CannyPlayer:
    return CannyPlayer(rng, beliefs=False)


class _QuickDoubter(CannyPlayer):
    """The others in a search's rollouts: canny's cards, without beliefs, and a careful
    player's doubt of a +4 laid from a big hand (heuristic's): a search that imagined
    them always trusting would bluff, and be caught."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng, beliefs=False)

    _respond = HeuristicPlayer._respond


def searcher(rollouts: int) -> Callable[[random.Random], SearchPlayer]:
    """A search bot of ``rollouts`` rounds played out a decision, by canny bots, taking
    the others for heuristic's careful players."""
    def make(rng: random.Random) -> SearchPlayer:
        return SearchPlayer(rng, rollouts=rollouts, rollout_player=_quick_canny,
                            guide=CannyPlayer, careful=HeuristicPlayer,
                            others=_QuickDoubter)
    return make


#: The bots by name, weakest first: what ``--player``/``--bots`` accept. Besides these,
#: ``search-N`` is a search bot of N rollouts a decision (``strong`` is ``search-300``).
PLAYERS: dict[str, Callable[[random.Random], Player]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "heuristic": HeuristicPlayer,
    "canny": CannyPlayer,
    "strong": searcher(300),
    "expert": searcher(1200),
}

SEARCH_PREFIX = "search-"


def player_factory(name: str) -> Callable[[random.Random], Player]:
    """The maker of the bot called ``name``; an unknown name is refused."""
    if name in PLAYERS:
        return PLAYERS[name]
    budget = name.removeprefix(SEARCH_PREFIX)
    if name.startswith(SEARCH_PREFIX) and budget.isdigit() and 0 < int(budget) <= 100_000:
        return searcher(int(budget))
    raise EngineError(f"unknown player '{name}'; the players are "
                      f"{', '.join(PLAYERS)} or search-N (N rollouts a decision), "
                      "or a comma list of them")


def player_names(spec: str | Sequence[str]) -> list[str]:
    """The bot names of a name or a comma list; an unknown one is refused."""
    names = spec.split(",") if isinstance(spec, str) else list(spec)
    for name in names:
        player_factory(name)
    return names


def make_players(spec: str | Sequence[str], count: int, seed: int | str) -> list[Player]:
    """Bots for ``count`` seats from a name or a list cycled over seats; each with its
    own random source derived from ``seed``."""
    names = player_names(spec)
    return [player_factory(names[s % len(names)])(random.Random(f"cardgen:{seed}:player:{s}"))
            for s in range(count)]
