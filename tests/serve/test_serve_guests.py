"""The table holds against its guests (issue 41): a language the deck lacks at any seat,
sockets that never finish their headers, a client gone in the middle of a request, one
seat per guest, the host's commands, and what a page is shown being what its seat holds
when it is asked (every message carries the table's version; a stale answer is refused
and asked again). API-level: hostile clients, no timing the test depends on."""

from __future__ import annotations

import asyncio
import http.client
import json
import logging
import re
import socket
import struct
import time
from pathlib import Path

import pytest
from serve.running import running_table
from serve.test_serve_api import WAIT, refusal, sit, table_message, until_asked

import aiohttp  # noqa: E402 -- (running skips the module without the serve extra)
from cardgen.catalogue.locale import labels, languages
from cardgen.datafolders import data_folder
from cardgen.serve.app import FREED, page_words
from cardgen.serve.guard import Limits
from cardgen.serve.host import Host
from cardgen.serve.run import Server

#: A deck written by hand in French and English only, with a card of its own.
FR_EN_DECK = '''
name = { fr = "Nouveau paquet", en = "New deck" }
description = { fr = "Un paquet en deux langues.", en = "A deck in two languages." }
base = "classic"
total = 112

[cards]
shout = 4

[[card]]
id = "shout"
effect = "skip"
points = 20
name = { fr = "Cri", en = "Shout" }
plural = { fr = "Cris", en = "Shouts" }
'''
#: Another address of this machine (all of 127.0.0.0/8 is the loopback): another guest.
ELSEWHERE = "127.0.0.2"


def fr_en_deck(folder: Path) -> str:
    path = folder / "nd.toml"
    path.write_text(FR_EN_DECK, encoding="utf-8")
    return str(path)


def get_from(address: str, port: int, path: str = "/api/seats") -> tuple[int, bytes, float]:
    """GET ``path`` from the client address ``address``: status, body, seconds taken."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5,
                                            source_address=(address, 0))
    try:
        connection.request("GET", path)
        reply = connection.getresponse()
        return reply.status, reply.read(), time.monotonic() - started
    finally:
        connection.close()


def test_a_seat_in_a_language_the_deck_lacks_is_told_in_english(tmp_path: Path) -> None:
    async def scenario(server: Server) -> None:
        url = server.url
        async with aiohttp.ClientSession() as session:
            lobby = await (await session.get(url + "api/seats")).json()
            assert set(lobby["deck"]) == set(languages()) and lobby["deck"]["de"] == "New deck"
            refused = await session.post(url + "api/sit", json={"seat": 1, "name": "X",
                                                                 "lang": "xx"})
            assert refused.status == 400
            why = (await refused.json())["why"]
            assert why == "language 'xx' is not one of " + ", ".join(languages()), why
            hans = await sit(session, url, 0, "Hans", "de")
            page = await session.ws_connect(f"{url}ws?token={hans}")
            await page.send_json({"type": "start"})
            asked = await until_asked(page)  # (the page is alive: the game asks it)
            assert asked["lang"] == "de" and asked["deck"] == "New deck"
            assert "Runde" in asked["log"][0]  # the table's words are German
            kinds = server.table.variant.kinds
            shout = next(kind for kind, card in enumerate(kinds) if card.id == "shout")
            for name in ("0", str(shout), "back"):
                face = await session.get(f"{url}card/de/{name}.png")
                assert face.status == 200 and face.content_type == "image/png", name

    with running_table(fr_en_deck(tmp_path), players=3) as server:
        asyncio.run(scenario(server))


def test_sockets_that_never_finish_their_headers_lock_out_no_guest() -> None:
    """300 sockets that send half a request line: past its address's share the server
    answers 503 at once; a guest from another address is answered within a second;
    the silent ones are closed when their time for headers is spent."""
    limits = Limits(connections=100, per_address=20, header_seconds=1.0)
    with running_table(limits=limits) as server:
        slow = []
        for _ in range(300):
            held = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            held.sendall(b"GET / HTTP/1.1\r\nHost: table\r\n")
            slow.append(held)
        status, _, took = get_from(ELSEWHERE, server.port)
        assert status == 200 and took < 1, took
        refused = [held.recv(200) for held in slow[-50:]]  # (beyond 127.0.0.1's share)
        assert all(said.startswith(b"HTTP/1.1 503 ") for said in refused), refused[:3]
        for held in slow[:20]:  # the first ones, admitted, are cut at their deadline
            held.settimeout(10)
            assert held.recv(200) == b""
        status, _, took = get_from("127.0.0.1", server.port)
        assert status == 200 and took < 1, took
        for held in slow:
            held.close()


def test_when_the_table_is_full_the_oldest_silent_socket_makes_room() -> None:
    limits = Limits(connections=10, per_address=1000, header_seconds=30.0)
    with running_table(limits=limits) as server:
        slow = [socket.create_connection(("127.0.0.1", server.port), timeout=5)
                for _ in range(300)]
        for held in slow:
            held.sendall(b"GET / HT")
        status, _, took = get_from(ELSEWHERE, server.port)
        assert status == 200 and took < 1, took
        for held in slow:
            held.close()


def test_a_guest_gone_at_any_moment_of_a_request_leaves_no_traceback(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    request = (b"POST /api/sit HTTP/1.1\r\nHost: table\r\nContent-Type: application/json\r\n"
               b"Content-Length: 200\r\n\r\n" + b'{"seat": 0, "name": "Ann", ')
    with running_table(limits=Limits(body_seconds=0.5)) as server:
        for cut in (5, 30, len(request) - 20, len(request)):  # in the headers, in the body
            gone = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            gone.sendall(request[:cut])
            time.sleep(0.1)
            gone.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            gone.close()  # (a reset, not a goodbye)
        waits = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        waits.sendall(request)  # a body that never ends: refused when its time is spent
        assert waits.recv(100).startswith(b"HTTP/1.1 408 ")
        waits.close()
        status, _, _ = get_from("127.0.0.1", server.port)  # the table still answers
        assert status == 200
    tracebacks = [record.getMessage() for record in caplog.records if record.exc_info]
    assert tracebacks == []


def test_one_guest_takes_one_seat_unless_the_host_allows_more() -> None:
    async def scenario(server: Server) -> None:
        url = server.url
        async with aiohttp.ClientSession() as session:
            await sit(session, url, 0, "Ann")
            again = await session.post(url + "api/sit", json={"seat": 1, "name": "Ann2",
                                                               "lang": "en"})
            assert again.status == 409 and (await again.json())["refused"] == "one_seat"
        other = aiohttp.TCPConnector(local_addr=(ELSEWHERE, 0))
        async with aiohttp.ClientSession(connector=other) as session:
            await sit(session, url, 1, "Bob")

    with running_table(players=3, seats_per_guest=1) as server:
        asyncio.run(scenario(server))


def test_the_host_lists_the_seats_frees_one_and_closes_the_lobby() -> None:
    said: list[str] = []

    async def scenario(server: Server) -> None:
        url = server.url
        host = Host(server.table, page_words()["en"], said.append)
        async with aiohttp.ClientSession() as session:
            ann = await sit(session, url, 0, "Ann", "fr")
            page = await session.ws_connect(f"{url}ws?token={ann}")
            await table_message(page)
            host.command("seats")
            assert said == ["P0: Ann (fr, from 127.0.0.1, page open)", "P1: a bot",
                            "P2: a bot"]
            host.command("free 0")
            assert said[-1] == "P0 is free (Ann left it): a bot plays it."
            while (closing := await asyncio.wait_for(page.receive(), WAIT)).type \
                    == aiohttp.WSMsgType.TEXT:
                pass
            assert page.close_code == FREED, closing
            assert (await session.get(f"{url}ws?token={ann}")).status == 403
            await sit(session, url, 0, "Bea")  # the seat is free again
            host.command("close")
            late = await session.post(url + "api/sit", json={"seat": 1, "name": "Cy",
                                                              "lang": "en"})
            assert late.status == 409 and (await late.json())["refused"] == "closed"
            lobby = await (await session.get(url + "api/seats")).json()
            assert (lobby["started"], lobby["closed"]) == (False, True)  # not "started"
            host.command("free 7")
            assert said[-1] == "P7: nobody sits there."
            host.command("dance")
            assert said[-1].startswith("Commands: seats")

    with running_table(players=3) as server:
        asyncio.run(scenario(server))


def test_every_message_carries_the_version_and_a_stale_answer_is_asked_again() -> None:
    async def scenario(server: Server) -> None:
        url = server.url
        async with aiohttp.ClientSession() as session:
            token = await sit(session, url, 0, "Ann")
            page = await session.ws_connect(f"{url}ws?token={token}")
            first = await table_message(page)
            await page.send_json({"type": "start"})
            asked = await until_asked(page)
            assert asked["version"] > first["version"]
            number = asked["decision"]["number"]
            await page.send_json({"type": "act", "decision": number - 1, "choice": 0})
            assert await refusal(page) == "stale"
            again = await table_message(page)  # asked again, as the table stands
            assert again["decision"] == asked["decision"] and again["hand"] == asked["hand"]
            await page.send_json({"type": "act", "decision": number, "choice": 0})
            while (message := await table_message(page))["decision"] == asked["decision"]:
                pass
            assert message["version"] > again["version"]

    with running_table(players=2) as server:
        asyncio.run(scenario(server))


def test_the_page_has_its_words_in_every_language_of_the_catalogues() -> None:
    script = (data_folder("templates") / "serve" / "table.js").read_text(encoding="utf-8")
    keys = set(re.findall(r"(?:say|count)\(\"(\w+)\"[,)]", script))
    keys |= {f"refused_{key}" for key in ("seat_taken", "started", "bad_name", "bad_seat",
                                          "bad_lang", "malformed", "not_asked", "stale",
                                          "not_legal", "one_seat")}
    assert {"cards", "freed", "broken"} <= keys
    for lang in languages():
        words = labels("serve", lang)
        assert keys <= set(words), (lang, keys - set(words))
        assert words["cards_one"].format(count=1) != words["cards"].format(count=1)
    assert json.dumps(page_words())  # (what the page is sent)


