"""Seeded random games must keep the engine's invariants after every single action.

No card is created or lost (hands + draw pile + discard + set aside = the deck), there is
always exactly one seat to decide and it has a legal action, a turn never starts with an
effect pending, and so on (``RoundState.problems``). Hypothesis draws the decks and the
player counts; the bots are the shipped random and heuristic players.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.catalogue import catalogue
from cardgen.deck.load import load_deck
from cardgen.engine import Variant, play_game, play_round
from cardgen.engine.observation import SeatView
from cardgen.engine.state import OVER, RoundState
from cardgen.play.players import make_players

CLASSIC = load_deck("classic")
#: The catalogue cards whose effects the engine plays (the official ones).
OFFICIAL = [c for c in catalogue().cards.values()
            if c.effect in ("number", "draw", "wild-draw", "reverse", "skip", "wild")]


@st.composite
def decks(draw: st.DrawFn) -> tuple[list[tuple[object, int]], int]:
    players = draw(st.integers(2, 10))
    chosen = draw(st.lists(st.sampled_from(OFFICIAL), min_size=1, max_size=25, unique=True))
    counts = [draw(st.integers(1, 4)) for _ in chosen]
    cards = list(zip(chosen, counts, strict=True))
    # Enough to deal and turn a card, and something that may start.
    needed = players * 7 + 1
    total = sum(counts)
    if total < needed:
        cards.append((catalogue()["red-5"], needed - total + draw(st.integers(0, 20))))
    # More cards that may start than the deal can take, so one is left to turn up.
    starters = sum(count for card, count in cards if card.can_start)
    if starters <= players * 7:
        cards.append((catalogue()["blue-3"], players * 7 + 1 - starters))
    return cards, players  # type: ignore[return-value]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(decks(), st.integers(0, 10_000), st.sampled_from(["random", "heuristic"]))
def test_random_decks_keep_every_invariant(deck: tuple[list, int], seed: int,  # type: ignore[type-arg]
                                           player: str) -> None:
    cards, players = deck
    variant = Variant(cards, players, name="drawn")
    state = RoundState.deal(variant, players, seed % players, random.Random(seed))
    assert state.problems() == []
    problems: list[str] = []
    # A deck drawn at random may never finish (two colours that never meet): a short cap
    # keeps the test quick, the invariants are checked all the same.
    play_round(state, make_players(player, players, seed), check="full", problems=problems,
               turn_cap=1500)
    assert problems == []
    assert state.phase == OVER
    assert state.card_count() == state.total == len(variant.deck)


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 10), st.integers(0, 10_000),
       st.sampled_from(["lowest-score", "rotate-dealer", "contre-uno", "uno-challenge"]))
def test_whole_games_with_options_keep_every_invariant(players: int, seed: int,
                                                       rule: str) -> None:
    variant = Variant.from_deck(CLASSIC, players, [rule])
    result = play_game(variant, make_players("heuristic", players, seed), seed, check="full")
    assert result.problems == []
    assert result.finished and result.winners


def test_every_player_count_many_seeded_games() -> None:
    for players in range(2, 11):
        variant = Variant.from_deck(CLASSIC, players)
        for seed in range(8):
            bots = make_players("heuristic,random", players, seed)
            result = play_game(variant, bots, f"inv:{seed}", check="fast")
            assert result.problems == [], (players, seed)
            assert all(r.how in ("out", "blocked") for r in result.rounds), (players, seed)


def test_random_players_fire_every_official_rule() -> None:
    # Random players bluff, challenge, forget UNO and get caught: over a few games every
    # kind of decision occurs, and every card is played.
    variant = Variant.from_deck(CLASSIC, 3)
    seen: set[str] = set()
    played = [0] * len(variant.kinds)
    for seed in range(3):
        state = RoundState.deal(variant, 3, 0, random.Random(seed))
        bots = make_players("random", 3, seed)
        play_round(state, bots, on_action=lambda seat, action: seen.add(action.verb))
        played = [a + b for a, b in zip(played, state.played, strict=True)]
    assert {"play", "draw", "keep", "pass", "challenge", "catch"} <= seen
    assert all(played)


def test_views_show_only_what_a_seat_may_see() -> None:
    variant = Variant.from_deck(CLASSIC, 4)
    state = RoundState.deal(variant, 4, 0, random.Random(3))
    for seat in range(4):
        view = SeatView(state, seat)
        assert [c.id for c in view.hand] == [variant.kinds[k].id for k in state.hands[seat]]
        assert view.hand_sizes == (7, 7, 7, 7) or sum(view.hand_sizes) > 28
        assert view.revealed == {}
        assert view.as_dict()["top"] == variant.kinds[state.discard[-1]].id
        assert "hands" not in view.as_dict()


def test_the_checks_catch_a_card_lost_or_created() -> None:
    """The fast check counts the cards after every action; the full check, and the end of
    every round, compare them kind by kind. A card lost (or one turned into another) by a
    faulty rule must not go unnoticed."""
    variant = Variant.from_deck(CLASSIC, 4)

    def tamper(state: RoundState, at: int, how: str) -> Callable[[int, object], None]:
        done = [0]

        def hook(seat: int, action: object) -> None:
            done[0] += 1
            if done[0] == at and how == "lose":
                state.draw_pile.pop()
            elif done[0] == at:  # as many cards, but one of them changed
                hand = state.hands[state.actor]
                hand.append((hand.pop() + 1) % len(variant.kinds))

        return hook

    for check, how, expected in (("fast", "lose", "107 cards in play"),
                                 ("full", "lose", "cards lost"),
                                 ("fast", "change", "cards created"),
                                 ("full", "change", "cards created")):
        state = RoundState.deal(variant, 4, 0, random.Random(3))
        problems: list[str] = []
        play_round(state, make_players("random", 4, 3), check=check, problems=problems,
                   on_action=tamper(state, 20, how))
        assert any(expected in p for p in problems), (check, how, problems)
