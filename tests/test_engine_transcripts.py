"""Stored whole-game transcripts guard against silent changes of behaviour.

Each file of tests/transcripts/ starts with a header line naming the deck, the players,
the bots, the rules and the seed; the test plays that game again and compares it with
the file line by line. A transcript is also replayed from its own text (each action
parsed back and checked), so the text of the actions stays a faithful record.

After a deliberate change of behaviour, write them again and read the diff:

    python tests/test_engine_transcripts.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cardgen.decks import load_deck
from cardgen.engine import Variant, make_players, play_game, replay

TRANSCRIPTS = Path(__file__).parent / "transcripts"

#: The recorded games: (file name, deck, players, bots, rules, seed).
GAMES = [
    ("classic-4p-random-heuristic.txt", "classic", 4, "random,heuristic", (), "c"),
    ("classic-3p-contre-uno.txt", "classic", 3, "heuristic,random,random", ("contre-uno",),
     "c"),
    ("classic-2p-lowest-score.txt", "classic", 2, "heuristic", ("lowest-score",
                                                                 "rotate-dealer"), "t2"),
    ("classic-10p-heuristic.txt", "classic", 10, "heuristic", (), "t5"),
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


if __name__ == "__main__":
    TRANSCRIPTS.mkdir(exist_ok=True)
    for name, *config in GAMES:
        (TRANSCRIPTS / name).write_text("\n".join(record(*config)) + "\n", encoding="utf-8")
        print(f"wrote {TRANSCRIPTS / name}", file=sys.stderr)
