"""A table served in a thread of the test process, on a free port of 127.0.0.1, with
short delays; and a page's messages read the way a page reads them."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

pytest.importorskip("aiohttp", reason="the serve extra is not installed: pip install "
                    "'cardgen[serve]'")

from cardgen.deck.load import load_deck  # noqa: E402
from cardgen.serve.guard import Limits  # noqa: E402
from cardgen.serve.run import Server  # noqa: E402
from cardgen.serve.table import Timing  # noqa: E402
from cardgen.table.settings import TableSettings  # noqa: E402

#: No pause between moves or rounds; a person gone is replaced after ``absent_after``.
QUICK = Timing(pace=0.0, absent_after=30.0, round_pause=0.0)


@contextmanager
def running_table(deck: str = "classic", players: int = 3, seed: str = "1",
                  rules: tuple[str, ...] = (), timing: Timing = QUICK,
                  lang: str = "en", limits: Limits | None = None,
                  seats_per_guest: int = 0, bots: str = "heuristic") -> Iterator[Server]:
    """A server running until the block ends (the test's pages all come from
    127.0.0.1: any number of seats per guest unless told)."""
    settings = TableSettings(deck, players, rules, bots, seed, lang)
    server = Server(load_deck(deck), settings, "127.0.0.1", 0, timing, limits,
                    seats_per_guest)
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()
    ready = threading.Event()

    def serve() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(server.run(stop, ready.set))

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert ready.wait(20), "the server did not start"
    try:
        yield server
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(20)
        assert not thread.is_alive(), "the server did not stop"
        loop.close()


def cards_in(message: object) -> list[str]:
    """Every card id a message names, wherever it is (a card is sent as {"id": …})."""
    if isinstance(message, dict):
        own = [message["id"]] if isinstance(message.get("id"), str) else []
        return own + [card for value in message.values() for card in cards_in(value)]
    if isinstance(message, list):
        return [card for value in message for card in cards_in(value)]
    return []


def chosen(decision: dict[str, object]) -> int:
    """The action a test player takes: the first card it may play, else the first action."""
    actions = decision["actions"]
    assert isinstance(actions, list)
    return next((index for index, action in enumerate(actions) if "kind" in action), 0)
