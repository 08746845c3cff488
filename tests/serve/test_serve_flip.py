"""UNO Flip at a `cardgen serve` table (FL-06): each page shows the side in force, the
other side of every other hand and of the draw pile's top, and never the faces the
others see of its own hand."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import Any

import aiohttp  # noqa: E402 -- (running skips the module without the serve extra)
import pytest
from serve.browser import browser
from serve.running import cards_in, running_table
from serve.test_serve_api import sit, until_asked
from serve.test_serve_browser import READ, TIMING
from serve.test_serve_browser import sit as sit_in_browser

from cardgen.serve.app import page_words
from cardgen.serve.run import Server


def flip_view(server: Server, seat: int) -> dict[str, Any]:
    """What ``seat`` may see, read from the game the server holds (call while the game
    waits for that seat): its hand, the side, each other seat's other faces, the draw
    pile's top's other face, and the faces the others see of its own hand."""
    with server.table.lock:
        state, seats = server.table.state, server.table.seats
        assert state is not None
        variant, me = state.variant, seats.index(seat)
        kinds, other = variant.kinds, variant.other_face
        return {
            "side": ("light", "dark")[state.side],
            "hand": Counter(kinds[k].id for k in state.hands[me]),
            "top": kinds[state.discard[-1]].id,
            "others": {seats[s]: Counter(kinds[other[k]].id for k in hand)
                       for s, hand in enumerate(state.hands) if s != me and hand},
            "draw_top": kinds[other[state.draw_pile[-1]]].id if state.draw_pile else None,
            "mine_seen_by_others": {kinds[other[k]].id for k in state.hands[me]},
        }


def check_flip_message(server: Server, seat: int, message: dict[str, Any]) -> dict[str, Any]:
    truth = flip_view(server, seat)
    assert message["side"] == truth["side"]
    shown = {row["seat"]: Counter(card["id"] for card in row["cards"])
             for row in message["other_sides"]}
    assert shown == truth["others"] and seat not in shown
    assert (message["draw_pile_top"] or {}).get("id") == truth["draw_top"]
    allowed = set(truth["hand"]) | {truth["top"], truth["draw_top"]}
    allowed |= {card for faces in truth["others"].values() for card in faces}
    assert set(cards_in(message)) <= allowed, set(cards_in(message)) - allowed
    return truth


def test_fl06_a_flip_page_is_sent_the_side_and_the_others_other_faces_only() -> None:
    """Quick: at a seat's first decision, its message holds the side in force, the
    other faces of the two other hands and of the draw pile's top, and nothing else."""
    async def scenario(server: Server) -> None:
        async with aiohttp.ClientSession() as session:
            token = await sit(session, server.url, 0, "Ann")
            page = await session.ws_connect(f"{server.url}ws?token={token}")
            await page.send_json({"type": "start"})
            message = await until_asked(page)
            truth = check_flip_message(server, 0, message)
            assert set(message["other_sides"][0]) == {"seat", "cards"}
            assert {row["seat"] for row in message["other_sides"]} == {1, 2}
            assert truth["draw_top"] is not None
            await page.close()

    with running_table("flip", players=3) as server:
        asyncio.run(scenario(server))
    words = page_words()
    for lang, said in words.items():
        for key in ("side_light", "side_dark", "other_side", "draw_pile_top"):
            assert said[key] and (lang == "en" or said[key] != words["en"][key]), (lang, key)


#: What a Flip page shows: the side, each seat's row of other faces, the draw pile's top.
READ_FLIP = """
const ids = (selector) => [...document.querySelectorAll(selector)].map((e) => e.dataset.card);
const rows = {};
for (const seat of document.querySelectorAll('#seats .seat'))
  rows[seat.dataset.seat] = ids(`[data-seat="${seat.dataset.seat}"] .other-side [data-card]`);
const drawTop = document.getElementById('draw-top');
return {side: document.getElementById('side').textContent, rows,
        draw_top: drawTop.hidden ? null : document.getElementById('draw-top-card').dataset.card,
        hand: ids('#hand [data-card]'), named: ids('[data-card]')};
"""
#: Play a card when the page can (a Flip first), else the first action.
CHOOSE_FLIP = """
const buttons = [...document.querySelectorAll('#actions button:not([disabled])')];
const flip = buttons.find((b) => /flip/.test((b.querySelector('img') || {}).src || '')
  || /Flip/.test(b.textContent));
const chosen = flip || buttons.find((b) => b.querySelector('img')) || buttons[0];
if (chosen) chosen.click();
return chosen ? chosen.textContent : null;
"""


@pytest.mark.slow
def test_fl06_the_page_shows_the_others_dark_faces_and_never_its_own() -> None:
    """A person plays UNO Flip in a real browser until the dark side is in force; at each
    decision the page shows the side, each other seat's other faces exactly, the draw
    pile's top's other face, and none of the faces the others see of its own hand."""
    words = page_words()["en"]
    with running_table("flip", players=3, seed="4", timing=TIMING) as server, \
            browser(1000, 900, phone=False) as page:
        sit_in_browser(page, server.url, 0, "Ann", "en")
        page.execute_script("document.getElementById('start').click()")
        sides = set()
        deadline = time.monotonic() + 180
        while "dark" not in sides or len(sides) < 2:
            assert time.monotonic() < deadline, f"sides seen: {sides}"
            if not page.execute_script(READ)["asked"]:
                time.sleep(0.05)
                continue
            shown = page.execute_script(READ_FLIP)
            truth = flip_view(server, 0)  # (the game waits for this page)
            if Counter(shown["hand"]) != truth["hand"]:  # (an older message still drawn)
                time.sleep(0.05)
                continue
            sides.add(truth["side"])
            assert shown["side"] == words["side_" + truth["side"]]
            assert {int(seat): Counter(cards) for seat, cards in shown["rows"].items()
                    if cards} == truth["others"]
            assert shown["rows"]["0"] == []  # its own row shows no face of its hand
            assert shown["draw_top"] == truth["draw_top"]
            others_faces = {card for faces in truth["others"].values() for card in faces}
            hidden = truth["mine_seen_by_others"] - set(truth["hand"]) - others_faces \
                - {truth["top"], truth["draw_top"]}
            assert not hidden & set(shown["named"]), hidden & set(shown["named"])
            assert page.execute_script(CHOOSE_FLIP) is not None
            time.sleep(0.1)
