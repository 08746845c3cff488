"""`cardgen serve` through its HTTP and WebSocket API, as pages (and hostile clients)
use it: the game goes on, every refusal is logged, and no page learns another's hand."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections import Counter
from typing import Any

import aiohttp  # noqa: E402 -- (running skips the module without the serve extra)
import pytest
from serve.running import cards_in, chosen, running_table

from cardgen.serve.app import MAX_MESSAGE
from cardgen.serve.run import Server
from cardgen.serve.table import Timing

WAIT = 20  # seconds a page waits for a message before the test fails


async def sit(session: aiohttp.ClientSession, url: str, seat: int, name: str,
              lang: str = "en") -> str:
    reply = await session.post(url + "api/sit", json={"seat": seat, "name": name, "lang": lang})
    assert reply.status == 200, await reply.text()
    return str((await reply.json())["token"])


async def table_message(socket: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    """The next snapshot (refusals skipped)."""
    while True:
        message = await asyncio.wait_for(socket.receive_json(), WAIT)
        if message["type"] == "table":
            return dict(message)


async def refusal(socket: aiohttp.ClientWebSocketResponse) -> str:
    """The key of the next refusal (snapshots skipped)."""
    while True:
        message = await asyncio.wait_for(socket.receive_json(), WAIT)
        if message["type"] == "refused":
            return str(message["key"])


def check_private(server: Server, seat: int, message: dict[str, Any]) -> None:
    """While ``seat`` is asked the game waits for it: its page shows its hand exactly,
    and names no card but those, the top card and what the rules showed it (a message
    is checked while its decision is the one asked: one page per seat, which answers
    each decision once, so the game is still waiting for it)."""
    table = server.table
    with table.lock:
        asked = table.decision
        assert asked is not None and asked.number == message["decision"]["number"]
        state, seats = table.state, table.seats
        assert state is not None
        me = seats.index(seat)
        held = Counter(state.variant.kinds[kind].id for kind in state.hands[me])
        shown = {state.variant.kinds[kind].id for hand in state.revealed.get(me, {}).values()
                 for kind in hand}
    assert Counter(card["id"] for card in message["hand"]) == held
    assert set(cards_in(message)) <= set(held) | {message["top"]["id"]} | shown


async def play_until(server: Server, pages: dict[int, aiohttp.ClientWebSocketResponse],
                     done: Any) -> tuple[dict[str, int], dict[int, dict[str, Any]]]:
    """Each page answers what it is asked (a card when it can) until ``done(message)``;
    returns how many decisions each kind of moment brought, and each page's last message."""
    seen = Counter[str]()
    last: dict[int, dict[str, Any]] = {}

    async def page(seat: int, socket: aiohttp.ClientWebSocketResponse) -> None:
        answered = 0  # (a message sent before an answer arrived shows its decision again)
        while True:
            message = last[seat] = await table_message(socket)
            if done(message):
                return
            decision = message.get("decision")
            if decision and decision["number"] > answered:
                answered = decision["number"]
                check_private(server, seat, message)
                seen["out_of_turn" if message["turn"] != seat else "turn"] += 1
                await socket.send_json({"type": "act", "decision": decision["number"],
                                        "choice": chosen(decision)})

    await asyncio.gather(*(page(seat, socket) for seat, socket in pages.items()))
    return dict(seen), last


def test_two_people_and_a_bot_play_rounds_each_page_seeing_only_its_hand() -> None:
    async def scenario(server: Server) -> None:
        url = server.url
        async with aiohttp.ClientSession() as session:
            lobby = await (await session.get(url + "api/seats")).json()
            assert [seat["name"] for seat in lobby["seats"]] == [None, None, None]
            ann, bob = await sit(session, url, 0, "Ann"), await sit(session, url, 2, "Bob", "fr")
            assert "token" not in json.dumps(await (await session.get(url + "api/seats")).json())
            pages = {0: await session.ws_connect(f"{url}ws?token={ann}"),
                     2: await session.ws_connect(f"{url}ws?token={bob}")}
            await pages[0].send_json({"type": "start"})
            seen, lasts = await play_until(server, pages, lambda message: message["round"] >= 3)
            # UNO catches and +4 challenges reached the people between their turns.
            assert seen["turn"] > 10 and seen["out_of_turn"] > 0, seen
            last = lasts[2]
            assert last["lang"] == "fr" and last["seats"][1]["bot"]
            assert sum(row["score"] for row in last["seats"]) > 0  # the rounds were scored
            # People are named by their names in the story, the bot by its seat.
            story = "\n".join(lasts[0]["log"] + last["log"])
            assert "Bob" in story and "Ann" in story and "P1" in story, story
            assert not re.search(r"\bP[02]\b", story), story
            for socket in pages.values():
                await socket.close()

    with running_table(players=3) as server:
        asyncio.run(scenario(server))
        assert len(server.table.game.rounds) >= 2


def test_a_hostile_page_is_refused_and_logged_and_the_game_goes_on(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="cardgen.serve")

    async def scenario(server: Server) -> None:
        url = server.url
        async with aiohttp.ClientSession() as session:
            for body in (b"{", b"[]", json.dumps({"seat": 9, "name": "X", "lang": "en"}),
                         json.dumps({"seat": 1, "name": "", "lang": "en"}),
                         json.dumps({"seat": 1, "name": "X" * 25, "lang": "en"}),
                         json.dumps({"seat": 1, "name": "X", "lang": "xx"}),
                         json.dumps({"seat": True, "name": "X", "lang": "en"})):
                reply = await session.post(url + "api/sit", data=body)
                assert reply.status == 400, body
            huge = await session.post(url + "api/sit", data=b"x" * 100_000)
            assert huge.status == 413
            forbidden = await session.get(url + "ws?token=guessed")
            assert forbidden.status == 403
            for path in ("card/xx/0.png", "card/en/9999.png", "card/en/..%2Fx.png",
                         "static/page.html.j2"):
                assert (await session.get(url + path)).status == 404, path
            ann, eve = await sit(session, url, 0, "Ann"), await sit(session, url, 1, "Eve")
            taken = await session.post(url + "api/sit", json={"seat": 0, "name": "Z",
                                                               "lang": "en"})
            assert taken.status == 409
            good = await session.ws_connect(f"{url}ws?token={ann}")
            bad = await session.ws_connect(f"{url}ws?token={eve}")
            await bad.send_json({"type": "start"})
            asked = await until_asked(good)
            # Eve answers for Ann: her token speaks for her own seat, which is not asked.
            await bad.send_json({"type": "act", "decision": asked["decision"]["number"],
                                 "choice": 0, "seat": 0})
            assert await refusal(bad) == "not_asked"
            for junk in ("{", "[1]", '"act"', '{"type": "fly"}',
                         '{"type": "act", "decision": "1", "choice": 0}',
                         '{"type": "act", "decision": 1, "choice": true}', '{"type": "start"}'):
                await bad.send_str(junk)
                assert await refusal(bad) in ("malformed", "started"), junk
            await bad.send_bytes(b"\x00\x01")
            assert await refusal(bad) == "malformed"
            number = asked["decision"]["number"]
            for message, why in (({"choice": 99}, "not_legal"), ({"choice": -1}, "not_legal"),
                                 ({"decision": number + 5}, "stale")):
                await good.send_json({"type": "act", "decision": number, "choice": 0, **message})
                assert await refusal(good) == why
            await bad.send_str("x" * (MAX_MESSAGE + 1))  # too large: that page is closed
            closed = await asyncio.wait_for(bad.receive(), WAIT)
            assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            bad = await session.ws_connect(f"{url}ws?token={eve}")  # Eve's link still works
            # The game went on: Ann and Eve play a whole round after all that.
            await play_until(server, {0: good, 1: bad}, lambda message: message["round"] >= 2)

    with running_table(players=3) as server:
        asyncio.run(scenario(server))
    logged = "\n".join(record.getMessage() for record in caplog.records)
    for reason in ("is not JSON", "seat 9 does not exist", "language 'xx'", "not being asked",
                   "not one of the", "not the one asked", "unknown message type", "no seat has"):
        assert reason in logged, reason


async def until_asked(socket: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    while True:
        message = await table_message(socket)
        if message.get("decision"):
            return message


def test_two_pages_of_one_seat_see_the_same_question_and_one_answer_is_taken() -> None:
    async def scenario(server: Server) -> None:
        url = server.url
        async with aiohttp.ClientSession() as session:
            token = await sit(session, url, 1, "Ann")
            first = await session.ws_connect(f"{url}ws?token={token}")
            second = await session.ws_connect(f"{url}ws?token={token}")
            await first.send_json({"type": "start"})
            one, two = await until_asked(first), await until_asked(second)
            assert one["decision"] == two["decision"] and one["hand"] == two["hand"]
            number = one["decision"]["number"]
            await first.send_json({"type": "act", "decision": number, "choice": 0})
            await second.send_json({"type": "act", "decision": number, "choice": 0})
            assert await refusal(second) in ("stale", "not_asked")

    with running_table(players=2) as server:
        asyncio.run(scenario(server))


def test_a_seat_left_empty_is_played_by_its_bot_until_its_person_comes_back() -> None:
    timing = Timing(pace=0.01, absent_after=0.3, round_pause=0.0)

    async def scenario(server: Server) -> None:
        url = server.url
        async with aiohttp.ClientSession() as session:
            ann, bob = await sit(session, url, 0, "Ann"), await sit(session, url, 1, "Bob")
            stays = await session.ws_connect(f"{url}ws?token={ann}")
            leaves = await session.ws_connect(f"{url}ws?token={bob}")
            await stays.send_json({"type": "start"})
            await leaves.close()
            moves_while_away = 0
            while moves_while_away < 3:  # Bob's bot plays while he is gone
                message = await table_message(stays)
                if message.get("decision"):
                    await stays.send_json({"type": "act", "decision":
                                           message["decision"]["number"], "choice": 0})
                if message["seats"][1]["away"]:
                    moves_while_away = sum(line.startswith("Bob: ") for line in message["log"])
            back = await session.ws_connect(f"{url}ws?token={bob}")  # his link, again
            await stays.close()  # (Ann's bot plays for her in turn)
            asked = await until_asked(back)  # Bob is asked again, on his own page
            check_private(server, 1, asked)

    with running_table(players=3, timing=timing) as server:
        asyncio.run(scenario(server))


def test_rounds_are_scored_until_the_game_ends_and_its_end_shows_the_winners() -> None:
    timing = Timing(pace=0.0, absent_after=0.05, round_pause=0.0)

    async def scenario(server: Server) -> dict[str, Any]:
        url = server.url
        async with aiohttp.ClientSession() as session:
            token = await sit(session, url, 0, "Ann")
            page = await session.ws_connect(f"{url}ws?token={token}")
            await page.send_json({"type": "start"})
            await page.close()  # her bot plays the game to its end
            server.table.thread.join(WAIT)
            page = await session.ws_connect(f"{url}ws?token={token}")
            return await table_message(page)

    with running_table(players=3, timing=timing) as server:
        last = asyncio.run(scenario(server))
        game = server.table.game
        assert game.over and game.finished and len(game.rounds) > 1
    assert last["over"] and last["winners"] == game.winners
    assert [row["score"] for row in last["seats"]] == game.scores
    assert max(game.scores) >= game.target
