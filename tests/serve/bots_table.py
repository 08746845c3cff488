"""A table of bots served for the slow load test, in a process of its own so that the
example plugin its deck plays is loaded there only (``python bots_table.py DECK SEED
ROUNDS``): says ``serving PORT``, plays until the game ends or ROUNDS rounds are
played, says ``over ROUNDS BROKEN``, and stops when its standard input says so."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # (run as a script)

from serve.running import running_table  # noqa: E402

from cardgen.serve.guard import Limits  # noqa: E402
from cardgen.serve.table import Timing  # noqa: E402

#: No pause: nobody watches this table.
TIMING = Timing(pace=0.0, absent_after=0.01, round_pause=0.0)
#: Small enough that the hostile client meets them.
LIMITS = Limits(connections=200, per_address=40, header_seconds=1.0, body_seconds=1.0)


def main(deck: str, seed: str, rounds: int) -> None:
    with running_table(deck, players=4, seed=seed, timing=TIMING, limits=LIMITS) as server:
        table = server.table
        with table.lock:
            table.start(0)  # (nobody sits: four bots)
        print(f"serving {server.port}", flush=True)
        game = table.game
        while len(game.rounds) < rounds and not game.over and table.thread.is_alive():
            time.sleep(0.2)
        print(f"over {len(game.rounds)} {table.broken}", flush=True)
        sys.stdin.readline()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
