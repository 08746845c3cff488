"""Stored transcripts guard against silent changes of behaviour (OpenSpiel's
"playthroughs").

Each file of tests/transcripts/ starts with a header line naming the deck, the players,
the bots, the rules and the seed; the test plays that game again and compares it with
the file line by line. The four ``classic-*`` files are whole games; the ``round-*``
files are one round each, short, one for every built-in deck and example and one for
every family of options (stacking, jump-ins, hands that move, runs, draws, strict +4,
cursed cards, Rapido, Olympique, partners, the classic options …). Every transcript is
also replayed from its own text (each action parsed back and checked as legal), so the
text of the actions stays a faithful record.

After a deliberate change of behaviour, write them all again and read the diff:

    python tests/engine/test_engine_transcripts.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cardgen.deck.load import load_deck
from cardgen.engine import Variant, play_game, play_round, replay
from cardgen.engine.actions import seat_name
from cardgen.engine.game import Game, Player, ScriptedPlayer, transcript_actions
from cardgen.engine.state import RoundState
from cardgen.play.players import make_players

# (no helpers import: this file also runs as a script, outside pytest)
TESTS = Path(__file__).resolve().parents[1]

TRANSCRIPTS = TESTS / "transcripts"

#: The recorded games: (file name, deck, players, bots, rules, seed).
GAMES = [
    ("classic-4p-random-heuristic.txt", "classic", 4, "random,heuristic", (), "c"),
    ("classic-3p-contre-uno.txt", "classic", 3, "heuristic,random,random", ("contre-uno",),
     "c"),
    ("classic-2p-lowest-score.txt", "classic", 2, "heuristic", ("lowest-score",
                                                                 "rotate-dealer"), "t2"),
    ("classic-10p-heuristic.txt", "classic", 10, "heuristic", (), "t5"),
]

PARTY = "examples/party.toml"
UNO_CARD = "tests/transcripts/uno-card.toml"  # the classic deck with Uno cards, +2? and +4?
MIXED = "heuristic,random,heuristic"  # a random seat reaches the odd decisions, quickly

#: One round each: (file name, deck, players, bots, rules, seed).
ROUNDS = [
    ("round-unplugged.txt", "unplugged", 4, MIXED, (), "r1"),
    ("round-house.txt", "house", 4, MIXED, (), "r1"),
    ("round-nomercy.txt", "nomercy", 4, MIXED, (), "r1"),
    ("round-flip.txt", "flip", 4, MIXED, (), "r1"),
    ("round-party.txt", PARTY, 4, MIXED, (), "r1"),
    ("round-eleven.txt", "examples/eleven.toml", 3, MIXED, (), "r1"),
    ("round-night-train.txt", "examples/night-train.toml", 3, MIXED, (), "r1"),
    ("round-wizz.txt", "examples/wizz.toml", 3, MIXED, (), "r1"),
    ("round-day-and-night.txt", "examples/day-and-night.toml", 3, MIXED, (), "r1"),
    ("round-stacking.txt", "classic", 4, MIXED, ("stack-draws", "chain-cancel"), "r1"),
    ("round-stack-same-kind.txt", "classic", 4, MIXED, ("stack-same-kind",), "r1"),
    ("round-jump-ins.txt", "classic", 4, MIXED, ("jump-in", "play-identical-together"), "r1"),
    ("round-jump-in-identical.txt", "classic", 4, MIXED, ("jump-in-identical",), "r1"),
    ("round-hands-move.txt", "classic", 4, MIXED,
     ("zero-rotates", "seven-swaps", "uno-after-hand-change"), "r1"),
    ("round-runs.txt", "classic", 3, MIXED, ("runs", "royal-run", "same-number-finish"), "r1"),
    ("round-draws.txt", "classic", 3, MIXED, ("draw-until-playable",), "r1"),
    ("round-draw-and-pass.txt", "classic", 3, MIXED, ("draw-and-pass",), "r1"),
    ("round-extreme-draw.txt", PARTY, 3, MIXED, ("extreme-draw",), "r5"),
    ("round-strict-four.txt", "classic", 3, MIXED, ("strict-wild-draw-four",), "r1"),
    ("round-challenge-takes-back.txt", "classic", 3, MIXED, ("challenge-takes-back",), "r1"),
    ("round-cursed.txt", "classic", 3, MIXED, ("cursed-cards", "lowest-score"), "r1"),
    ("round-rapido.txt", UNO_CARD, 4, MIXED, ("rapido",), "r1"),
    ("round-olympique.txt", UNO_CARD, 4, MIXED, ("olympique",), "r1"),
    ("round-olympique-unplugged.txt", "unplugged", 3, MIXED, ("olympique",), "r1"),
    ("round-classic-options.txt", "classic", 4, MIXED,
     ("contre-uno", "uno-challenge", "first-reverse-right", "dealer-names-first-color"), "r1"),
    ("round-teams.txt", "classic", 4, MIXED, ("teams",), "r1"),
    ("round-rotating-partners.txt", "classic", 4, MIXED, ("rotating-partners",), "r1"),
]


def header(deck: str, players: int, bots: str, rules: tuple[str, ...], seed: str) -> str:
    return (f"# cardgen transcript: deck {deck}, {players} players, bots {bots}, "
            f"rules {' '.join(rules) or '-'}, seed {seed}")


def record(deck: str, players: int, bots: str, rules: tuple[str, ...],
           seed: str) -> list[str]:
    variant = Variant.from_deck(load_deck(deck), players, rules)
    result = play_game(variant, make_players(bots, players, seed), seed, check="full",
                       transcript=True)
    assert result.problems == []
    assert result.transcript is not None
    return [header(deck, players, bots, rules, seed), *result.transcript]


@pytest.mark.parametrize("game", GAMES, ids=[g[0] for g in GAMES])
def test_transcript_unchanged(game: tuple) -> None:  # type: ignore[type-arg]
    name, *config = game
    stored = (TRANSCRIPTS / name).read_text(encoding="utf-8").splitlines()
    played = record(*config)
    for number, (want, got) in enumerate(zip(stored, played, strict=False), 1):
        assert got == want, f"{name}:{number} differs: expected {want!r}, got {got!r}"
    assert len(played) == len(stored)


@pytest.mark.parametrize("game", GAMES[:2], ids=[g[0] for g in GAMES[:2]])
def test_transcript_replays_from_its_text(game: tuple) -> None:  # type: ignore[type-arg]
    name, deck, players, _bots, rules, seed = game
    stored = (TRANSCRIPTS / name).read_text(encoding="utf-8").splitlines()
    variant = Variant.from_deck(load_deck(deck), players, rules)
    again = replay(variant, seed, stored[1:])
    assert again.transcript == stored[1:]


def test_transcripts_cover_the_official_decisions() -> None:
    text = "\n".join((TRANSCRIPTS / g[0]).read_text(encoding="utf-8") for g in GAMES)
    for decision in (": play ", ": draw", ": keep", ": pass", ": challenge", ": catch ",
                     " uno\n", "reshuffle:", "a bluff", "no bluff", "color "):
        assert decision in text, decision


# --- one round ------------------------------------------------------------------------------


def deal(deck: str, players: int, rules: tuple[str, ...], seed: str) -> RoundState:
    """The first round of a game with this seed, dealt with its log on."""
    variant = Variant.from_deck(load_deck(deck), players, rules)
    state, seats = Game(variant, seed).new_round(log=True)
    assert seats == tuple(range(players))  # (a first round seats everyone in order)
    return state


def play_logged(state: RoundState, bots: list[Player], first: str) -> list[str]:
    """Play the round to its end, every decision and event written down."""
    assert state.events is not None
    lines = [first, *(f"  {e}" for e in state.events)]
    state.events.clear()

    def write(seat: int, action: object) -> None:
        assert state.events is not None
        lines.extend(f"  {e}" for e in state.events)
        state.events.clear()
        lines.append(f"{seat_name(seat)}: {action}")

    problems: list[str] = []
    play_round(state, bots, check="full", problems=problems, on_action=write)
    lines.extend(f"  {e}" for e in state.events)
    assert problems == [], problems
    assert state.end in ("out", "blocked", "pingouin", "mercy"), state.end
    points = " ".join(str(state.rules.round_points(state, s)) for s in range(state.n))
    return [*lines, f"points: {points}"]


def record_round(deck: str, players: int, bots: str, rules: tuple[str, ...],
                 seed: str) -> list[str]:
    state = deal(deck, players, rules, seed)
    return play_logged(state, list(make_players(bots, players, seed)),
                       header(deck, players, bots, rules, seed))


@pytest.mark.parametrize("game", ROUNDS, ids=[g[0] for g in ROUNDS])
def test_round_transcript_unchanged(game: tuple) -> None:  # type: ignore[type-arg]
    name, *config = game
    stored = (TRANSCRIPTS / name).read_text(encoding="utf-8").splitlines()
    played = record_round(*config)
    for number, (want, got) in enumerate(zip(stored, played, strict=False), 1):
        assert got == want, f"{name}:{number} differs: expected {want!r}, got {got!r}"
    assert len(played) == len(stored)


@pytest.mark.parametrize("game", ROUNDS, ids=[g[0] for g in ROUNDS])
def test_round_transcript_replays_from_its_text(game: tuple) -> None:  # type: ignore[type-arg]
    name, deck, players, _bots, rules, seed = game
    stored = (TRANSCRIPTS / name).read_text(encoding="utf-8").splitlines()
    player = ScriptedPlayer(transcript_actions(stored[1:]))
    again = play_logged(deal(deck, players, rules, seed), [player] * players, stored[0])
    assert again == stored


def test_round_transcripts_cover_every_option_family() -> None:
    text = "\n".join((TRANSCRIPTS / g[0]).read_text(encoding="utf-8") for g in ROUNDS)
    for decision in ("the draw grows to", ": together ", ": swap-with ", "every hand moves",
                     "presses the dispenser", "cursed:", ": rapido ", ": pass",
                     ": play non", "the dealer deals", ": pair ", ": rotate ",
                     "the turn follows the hand", "a round of 2s", ": play uno-card",
                     "the chain is cancelled", ": wheel ", ": give ", ": roulette ",
                     "knocked out (Mercy rule)", "everyone is skipped"):
        assert decision in text, decision


if __name__ == "__main__":
    TRANSCRIPTS.mkdir(exist_ok=True)
    for name, *config in GAMES:
        (TRANSCRIPTS / name).write_text("\n".join(record(*config)) + "\n", encoding="utf-8")
        print(f"wrote {TRANSCRIPTS / name}", file=sys.stderr)
    for name, *config in ROUNDS:
        (TRANSCRIPTS / name).write_text("\n".join(record_round(*config)) + "\n",
                                        encoding="utf-8")
        print(f"wrote {TRANSCRIPTS / name}", file=sys.stderr)
