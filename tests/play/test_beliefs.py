"""What a search bot believes of the other hands is true, and its worlds keep to it."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from helpers.rules import do

from cardgen.deck.load import load_deck
from cardgen.engine import Game, RoundState, Variant, parse_action
from cardgen.engine.actions import Action, Play
from cardgen.engine.game import play_round
from cardgen.engine.observation import SeatView
from cardgen.play.beliefs import Beliefs, deal_by_beliefs
from cardgen.play.players import CannyPlayer, HeuristicPlayer, searcher
from cardgen.play.search import SearchPlayer
from cardgen.situation import build_state


class Watcher:
    """A heuristic bot that keeps beliefs, checked against the real hands (the test may
    look) and against worlds dealt by them."""

    def __init__(self, seed: int) -> None:
        self.bot = HeuristicPlayer(random.Random(seed))
        self.beliefs = Beliefs()
        self.rng = random.Random(seed)
        self.barred_decisions = 0
        self.named = self.named_held_most = 0

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        self.beliefs.observe(view)
        for seat, bars in self.beliefs.bars.items():
            hand = view._state.hands[seat]
            for kinds, count in bars:
                assert 0 < count <= len(hand)
                # at least ``count`` of its cards are not of the barred kinds
                assert sum(k not in kinds for k in hand) >= count
        color_of = view.variant.color_of
        for seat, color in self.beliefs.named.items():
            colors = [color_of[k] for k in view._state.hands[seat] if color_of[k] >= 0]
            self.named += 1
            self.named_held_most += all(colors.count(color) >= colors.count(c) for c in colors)
        if self.beliefs.bars:
            self.barred_decisions += 1
            world = view.sample_world(self.rng)
            deal_by_beliefs(world, self.beliefs.bars, self.rng)
            for seat, bars in self.beliefs.bars.items():
                for kinds, count in bars:
                    assert all(k not in kinds for k in world.hands[seat][:count])
            assert sorted(world.draw_pile + [k for h in world.hands for k in h]) == sorted(
                view._state.draw_pile + [k for h in view._state.hands for k in h])
        action = self.bot.choose(view, legal)
        self.beliefs.acted(view, action)
        return action


def test_a_player_who_draws_and_lays_nothing_is_believed_to_hold_nothing_that_fits() -> None:
    # (at 4 the pile seldom stays as it was: the bars come from reading the turns between)
    for players, least in ((2, 50), (4, 15)):
        variant = Variant.from_deck(load_deck("classic"), players)
        watcher = Watcher(players)
        for index in range(6):
            state, _ = Game(variant, f"beliefs:{index}").new_round()
            others = [HeuristicPlayer(random.Random(s)) for s in range(1, players)]
            play_round(state, [watcher, *others], check="none")
        assert watcher.barred_decisions >= least
        # heuristic names the colour it holds most (it may draw others after)
        assert watcher.named_held_most >= 0.8 * watcher.named > 0, players


def two_handed(**data: Any) -> RoundState:
    return build_state({"players": 2, **data}, "test")


def plus_four_on_p0(p1_hand: list[str]) -> RoundState:
    """P1, holding ``p1_hand``, has just laid a +4 naming blue on a red 3; P0 holds
    red-1, green-4 and yellow-7 and may challenge."""
    state = two_handed(top="red-3", turn="P1",
                       hands={"P0": ["red-1", "green-4", "yellow-7"], "P1": p1_hand})
    do(state, "play wild-draw-four blue")
    return state


def legal(state: RoundState, action: str) -> Action:
    """The action as the engine lists it (its card's kind known, as a bot receives it)."""
    actions = state.legal_actions()
    return actions[actions.index(parse_action(action))]


def test_a_colour_named_with_a_wild_is_believed_held_most_and_the_search_names_another() -> None:
    """P1 lays a wild naming blue with one card left: a careful player names the colour
    he holds most, so his last card is blue (or wild). Every world deals it so, and the
    search names another colour where heuristic keeps blue (and P1 goes out)."""
    state = two_handed(top="red-3", turn="P0",
                       hands={"P0": ["red-1", "wild", "blue-7", "blue-8", "green-2"],
                              "P1": ["wild", "blue-5"]})
    bot = SearchPlayer(random.Random(1), rollouts=60, rollout_player=HeuristicPlayer)
    view = SeatView(state, 0)
    assert bot.beliefs is not None
    bot.beliefs.observe(view)  # P0's move, noted as the bot notes its own
    bot.beliefs.acted(view, parse_action("play red-1"))
    do(state, "play red-1", "play wild blue uno")
    blue = state.variant.colors.index("blue")
    bot.beliefs.observe(view)
    assert bot.beliefs.named == {1: blue}
    for _ in range(20):
        (last,) = bot.world(view).hands[1]
        assert state.variant.color_of[last] in (blue, -1)
    legal = state.legal_actions()
    assert "blue" in str(HeuristicPlayer(random.Random(1)).choose(view, legal))
    chosen = bot.choose(view, legal)
    assert isinstance(chosen, Play) and chosen.card == "wild" and chosen.color != "blue"


def test_a_careful_players_wild_draw_four_is_believed_fair_and_not_challenged() -> None:
    """C-20: heuristic never bluffs a +4, so the search's worlds deal its author none of
    the colour asked and it does not challenge (heuristic does, the author holding 4)."""
    state = plus_four_on_p0(["wild-draw-four", "blue-3", "green-8", "yellow-1", "blue-2"])
    view = SeatView(state, 0)
    legal = state.legal_actions()
    assert HeuristicPlayer(random.Random(1)).choose(view, legal) == parse_action("challenge")
    bot = SearchPlayer(random.Random(1), rollouts=40, rollout_player=HeuristicPlayer)
    red = state.variant.counts_as[state.variant.colors.index("red")]
    for _ in range(20):
        world = bot.world(view)
        assert red.isdisjoint(world.hands[1])
        assert not any(e.penalty.bluff for e in world.stack if e.penalty is not None)
    assert bot.choose(view, legal) == parse_action("pass")



def bluff_then_red(p1_hand: list[str]) -> tuple[RoundState, Beliefs]:
    """P0 (whose beliefs are followed) lays red-1, P1 a +4 naming blue, P0 passes and
    draws 4, P1 lays blue-2, P0 a wild naming red, P1 red-5: the beliefs after."""
    state = two_handed(top="red-3", turn="P0", draw=["yellow-2", "green-6", "blue-8",
                                                     "yellow-9", "red-5", "green-1"],
                       hands={"P0": ["red-1", "wild", "green-4", "yellow-7", "blue-9"],
                              "P1": p1_hand})
    beliefs = Beliefs()
    view = SeatView(state, 0)

    def p0(action: str) -> None:
        beliefs.observe(view)
        beliefs.acted(view, parse_action(action))
        do(state, action)

    p0("play red-1")
    do(state, "play wild-draw-four blue")
    p0("pass")
    do(state, "play blue-2")
    beliefs.observe(view)
    assert beliefs.bluffs.bluffers == set()  # (a blue card proves nothing)
    beliefs.acted(view, parse_action("play wild red"))
    do(state, "play wild red")
    if "red-5" not in [state.variant.kinds[k].id for k in state.hands[1]]:
        do(state, "draw")  # (P1 holds no red: he draws the red-5, next on the pile)
    do(state, "play red-5")
    beliefs.observe(view)
    return state, beliefs


def test_c20_a_bluff_found_out_by_a_card_of_the_colour_asked_ends_the_trust() -> None:
    """P1 lays a +4 holding red-5 (a bluff, C-20), P0 passes, and P1 later lays the
    red-5 without having drawn since: he held it, so he is found out."""
    _, beliefs = bluff_then_red(["wild-draw-four", "red-5", "blue-2", "green-8", "yellow-1"])
    assert beliefs.bluffs.bluffers == {1}


def test_c20_an_honest_wild_draw_four_is_not_taken_for_a_bluff() -> None:
    """The same turns with P1 holding no red at his +4: the red-5 he lays he drew since,
    and nothing is held against him."""
    _, beliefs = bluff_then_red(["wild-draw-four", "blue-2", "green-8", "yellow-1", "blue-4"])
    assert beliefs.bluffs.bluffers == set()


def test_c22_a_bluff_shown_by_a_challenge_is_remembered_into_the_next_round() -> None:
    """P0 challenges a +4 and is shown a red card in its author's hand: found out, and
    still so when a new round starts (a new view)."""
    state = plus_four_on_p0(["wild-draw-four", "red-5", "green-8", "yellow-1", "blue-2"])
    beliefs = Beliefs()
    view = SeatView(state, 0)
    beliefs.observe(view)
    beliefs.acted(view, parse_action("challenge"))
    do(state, "challenge")
    beliefs.observe(view)
    assert beliefs.bluffs.bluffers == {1}
    beliefs.observe(SeatView(two_handed(top="red-3", turn="P0",
                                        hands={"P0": ["red-1"], "P1": ["red-2"]}), 0))
    assert beliefs.bluffs.bluffers == {1}


def test_c21_the_search_challenges_a_plus_four_from_a_seat_found_out_bluffing() -> None:
    """The situation where the search passes a careful player's +4 (above): with its
    author found out once, the worlds deal his hand as chance has it (most five-card
    hands hold a red) and the search challenges."""
    state = plus_four_on_p0(["wild-draw-four", "blue-3", "green-8", "yellow-1", "blue-2"])
    view = SeatView(state, 0)
    bot = SearchPlayer(random.Random(1), rollouts=40, rollout_player=HeuristicPlayer)
    assert bot.beliefs is not None
    bot.beliefs.bluffs.bluffers.add(1)
    red = state.variant.counts_as[state.variant.colors.index("red")]
    held = sum(not red.isdisjoint(bot.world(view).hands[1]) for _ in range(200))
    assert 100 < held < 200  # chance, not the belief, deals his hand
    assert bot.choose(view, state.legal_actions()) == parse_action("challenge")


def test_a_world_explains_the_card_the_other_just_laid() -> None:
    """Two-handed, P1 lays red-2 on P0's red-5. A careful player lays an action card
    before a number and a wild before a number while his hand is big, so P1 held no red
    Skip, Reverse or +2 and no wild: the search's worlds deal him none (uniform worlds
    deal him one about half the time)."""
    state = two_handed(top="red-3", turn="P0",
                       hands={"P0": ["red-5", "green-4", "yellow-7", "blue-9"],
                              "P1": ["red-2", "blue-1", "green-7", "yellow-8", "blue-4"]})
    view = SeatView(state, 0)
    searches = [SearchPlayer(random.Random(5), rollouts=10, rollout_player=HeuristicPlayer,
                             careful=careful) for careful in (HeuristicPlayer, None)]
    for bot in searches:
        assert bot.beliefs is not None
        bot.beliefs.observe(view)
        bot.beliefs.acted(view, legal(state, "play red-5"))
    do(state, "play red-5", "play red-2")
    variant = state.variant
    ruled_out = {k for k, card in enumerate(variant.kinds)
                 if card.any_card and card.effect == "wild"
                 or (variant.color_of[k] == variant.colors.index("red")
                     and card.effect in ("skip", "reverse", "draw"))}
    shares = []
    for bot in searches:
        assert bot.beliefs is not None
        bot.beliefs.observe(view)
        assert bot.beliefs.last_laid is not None and bot.beliefs.last_laid.seat == 1
        worlds = [bot.world(view) for _ in range(200)]
        shares.append(sum(not ruled_out.isdisjoint(w.hands[1]) for w in worlds) / 200)
    explained, uniform = shares  # (a world dealt again eight times in vain is kept)
    assert explained <= 0.08 and uniform >= 0.3, shares


def p0_followed(state: RoundState) -> tuple[Callable[..., None], Beliefs]:
    """P0's beliefs, followed turn by turn: ``turn(action, *replies)`` plays P0's action
    and the others' replies, and the beliefs read what happened."""
    view = SeatView(state, 0)
    beliefs = Beliefs()
    beliefs.observe(view)

    def turn(action: str, *replies: str) -> None:
        beliefs.acted(view, legal(state, action))
        do(state, action, *replies)
        beliefs.observe(view)
    return turn, beliefs


def test_nothing_is_read_from_a_card_laid_after_a_draw() -> None:
    """P1 draws before laying: his hand then is not the one he holds, and nothing is
    inferred from the card."""
    state = two_handed(top="green-3", turn="P0", draw=["green-6"],
                       hands={"P0": ["red-5", "green-4", "yellow-7", "green-9"],
                              "P1": ["green-2", "blue-1", "green-7", "yellow-8", "blue-4"]})
    turn, beliefs = p0_followed(state)
    turn("play green-4", "play green-2")
    assert beliefs.last_laid is not None  # (laid from his hand: read)
    turn("play green-9", "draw", "play green-6")
    assert beliefs.last_laid is None


def test_a_card_of_a_barred_kind_laid_later_was_drawn_since_and_keeps_the_bar() -> None:
    """Two-handed, P1 draws on P0's red-5 and keeps the card: he held no red and no 5.
    He later draws a red-2 and lays it: a red he was barred from holding, so it came
    from the pile, and his cards of the first draw are all still in his hand."""
    state = two_handed(top="red-3", turn="P0", draw=["green-6", "red-2"],
                       hands={"P0": ["red-5", "red-8", "yellow-7", "green-9"],
                              "P1": ["blue-1", "green-7", "yellow-8", "blue-4", "green-2"]})
    turn, beliefs = p0_followed(state)
    turn("play red-5", "draw")  # (green-6 does not fit: kept)
    variant = state.variant
    first = variant.matching(variant.colors.index("red"), variant.kind("red-5"))
    assert beliefs.bars[1] == [(first, 6)]
    turn("play red-8", "draw", "play red-2")
    assert (first, 6) in beliefs.bars[1]


def test_c20_the_search_does_not_bluff_a_plus_four_into_a_careful_players_doubt() -> None:
    """P0 holds nine cards, a red and a +4 on a red 2, P1 one card. A +4 laid holding red
    is a bluff (C-20), and a careful player challenges one laid from a big hand (C-21):
    P0 would draw four. The search imagines the other seat doubting so and lays no +4;
    a search imagining him trusting every +4 bluffs (it would be caught)."""
    state = two_handed(top="red-2", turn="P0", hands={
        "P0": ["yellow-skip", "blue-9", "blue-7", "wild-draw-four", "yellow-0",
               "yellow-draw-two", "blue-4", "green-draw-two", "red-0"],
        "P1": ["green-5"]})
    view = SeatView(state, 0)
    actions = state.legal_actions()

    def bluffs(bot: SearchPlayer) -> bool:
        chosen = bot.choose(view, actions)
        return isinstance(chosen, Play) and chosen.card == "wild-draw-four"

    def quick(rng: random.Random) -> CannyPlayer:
        return CannyPlayer(rng, beliefs=False)

    trusting = [SearchPlayer(random.Random(seed), rollouts=100, rollout_player=quick,
                             guide=CannyPlayer, careful=HeuristicPlayer) for seed in range(3)]
    assert sum(map(bluffs, trusting)) >= 2
    assert not any(bluffs(searcher(100)(random.Random(seed))) for seed in range(3))
