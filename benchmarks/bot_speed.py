"""Milliseconds a decision of each bot, at 4 players on the classic deck, on one core.

    python benchmarks/bot_speed.py [--rounds 20] [--players 4] [--deck classic]
    python benchmarks/bot_speed.py --smoke   # one short round each: the benchmark works

Each bot plays seat P0 of ``--rounds`` rounds against heuristic bots; the CPU time its
``choose`` takes (one process: a busy machine does not inflate it) is summed over every
decision it was asked (those with one legal action included, as a game asks them) and
divided by their number. Also printed: the
mean over the decisions with a choice, where a search bot does its work. The aim
(issue 44): the strong bot under 50 ms a decision at 4 players.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Sequence

from cardgen.deck.load import load_deck
from cardgen.engine import Game, Variant
from cardgen.engine.actions import Action
from cardgen.engine.game import Player, play_round
from cardgen.engine.observation import SeatView
from cardgen.play.players import PLAYERS, HeuristicPlayer, player_factory


class Timed:
    """A bot whose decisions are timed."""

    def __init__(self, bot: Player) -> None:
        self.bot = bot
        self.seconds = self.choice_seconds = 0.0
        self.decisions = self.choices = 0

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        start = time.process_time()
        action = self.bot.choose(view, legal)
        spent = time.process_time() - start
        self.seconds += spent
        self.decisions += 1
        if len(legal) > 1:
            self.choice_seconds += spent
            self.choices += 1
        return action


def measure(name: str, variant: Variant, rounds: int) -> Timed:
    timed = Timed(player_factory(name)(random.Random(f"bench:{name}")))
    for index in range(rounds):
        state, _ = Game(variant, f"bot-speed:{index}").new_round()
        others: list[Player] = [HeuristicPlayer(random.Random(s))
                                for s in range(1, variant.players)]
        play_round(state, [timed, *others], check="none")
    return timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deck", default="classic")
    parser.add_argument("--smoke", action="store_true")
    args = parser.parse_args()
    rounds = 1 if args.smoke else args.rounds
    variant = Variant.from_deck(load_deck(args.deck), args.players)
    print(f"{args.deck}, {args.players} players, {rounds} rounds a bot, "
          f"python {platform.python_version()}")
    names = ["random", "heuristic", "search-10"] if args.smoke else list(PLAYERS)
    for name in names:
        t = measure(name, variant, rounds)
        print(f"{name:<10} {1000 * t.seconds / max(1, t.decisions):8.3f} ms a decision "
              f"({t.decisions}), {1000 * t.choice_seconds / max(1, t.choices):8.3f} ms a "
              f"decision with a choice ({t.choices})")


if __name__ == "__main__":
    main()
