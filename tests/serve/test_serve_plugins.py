"""A plugin whose hook never returns, at a `cardgen serve` table (issue 41): the server
keeps answering every request while the hook runs out its time budget, the game ends
for everyone with one line on every page and in the terminal, and Ctrl-C ends the
server within 5 s (exit 130) whatever the game is doing — the real `cardgen` in a
process of its own, the plugin installed on disk (helpers.fake_plugin)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from helpers.fake_plugin import make_plugin
from serve.running import running_table  # noqa: F401 -- (skips without the serve extra)
from serve.test_serve_api import sit, table_message

import aiohttp  # noqa: E402
import cardgen
from cardgen.errors import INTERRUPTED

#: An effect whose playability hook loops: asked as soon as a hand holds the card.
LOOPING = '''
@api.register_effect
class Odd(api.Effect):
    name = "odd-effect"
    decides_playability = True

    def playable(self, state, seat, kind):
        while True:
            pass
'''
#: The plugin's card in most hands from the first deal.
DECK = '''
name = { fr = "Test de plugin", en = "Plugin test" }
description = { fr = "Un paquet pour un test.", en = "A deck for a plugin's test." }
base = "classic"
total = 148

[cards]
odd = 40

[[card]]
id = "odd"
effect = "odd-effect"
points = 20
name = { fr = "Carte bizarre", en = "Odd card" }
plural = { fr = "Cartes bizarres", en = "Odd cards" }
'''


@contextmanager
def served(folder: Path, budget: float) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """`cardgen serve` of the looping plugin's deck, and the link it prints."""
    site = make_plugin(folder, "cardgen-looping", LOOPING)
    (folder / "deck.toml").write_text(DECK, encoding="utf-8")
    here = str(Path(cardgen.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "CARDGEN_PLUGIN_BUDGET": str(budget),
           "PYTHONPATH": os.pathsep.join([here, str(site)])}
    server = subprocess.Popen(
        [sys.executable, "-m", "cardgen.cli", "serve", "deck.toml", "--port", "0",
         "--players", "3"], cwd=folder, env=env, text=True, stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert server.stdout is not None
        lines: list[str] = []
        while not any("Join at" in line for line in lines):
            line = server.stdout.readline()
            assert line, "".join(lines) + (server.stderr.read() if server.stderr else "")
            lines.append(line)
        yield server, lines[-1].split("Join at ")[1].strip()
    finally:
        if server.poll() is None:
            server.kill()
        server.communicate()


def interrupted_within_seconds(server: subprocess.Popen[str]) -> str:
    """Ctrl-C: the server is gone within 5 s, exit 130; what it wrote on stderr."""
    started = time.monotonic()
    server.send_signal(signal.SIGINT)
    try:
        _, err = server.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        pytest.fail("Ctrl-C did not end the server within 10 s")
    assert time.monotonic() - started < 5
    assert server.returncode == INTERRUPTED, err
    assert "Traceback" not in err, err
    return err


async def sit_and_start(url: str, session: aiohttp.ClientSession
                        ) -> aiohttp.ClientWebSocketResponse:
    token = await sit(session, url, 0, "Ann")
    page = await session.ws_connect(f"{url}ws?token={token}")
    await page.send_json({"type": "start"})
    return page


def test_a_looping_hook_ends_the_game_in_one_line_and_the_server_answers_throughout(
        tmp_path: Path) -> None:
    async def scenario(url: str) -> str:
        async with aiohttp.ClientSession() as session:
            page = await sit_and_start(url, session)
            deadline = time.monotonic() + 60
            while (message := await table_message(page))["broken"] is None:
                assert time.monotonic() < deadline, "the game did not end"
            return str(message["broken"])

    async def answered_throughout(url: str, page: asyncio.Task[str]) -> list[float]:
        took = []
        async with aiohttp.ClientSession() as session:
            while not page.done():
                started = time.monotonic()
                for path in ("api/seats", ""):
                    assert (await session.get(url + path)).status == 200
                took.append(time.monotonic() - started)
                await asyncio.sleep(0.1)
        return took

    async def both(url: str) -> tuple[str, list[float]]:
        page = asyncio.create_task(scenario(url))
        took = await answered_throughout(url, page)
        return await page, took

    with served(tmp_path, budget=3.0) as (server, url):
        broken, took = asyncio.run(both(url))
        assert "cardgen-looping" in broken and "odd-effect" in broken, broken
        assert max(took) < 1, took  # (the hook ran 3 s: no request waited for it)
        err = interrupted_within_seconds(server)
    said = [line for line in err.splitlines() if "cannot go on" in line]
    assert len(said) == 1 and "cardgen-looping" in said[0], err


@pytest.mark.slow  # (it waits for the hook to loop; Ctrl-C in the lobby, below, is quick)
def test_ctrl_c_ends_the_server_while_a_hook_loops(tmp_path: Path) -> None:
    async def scenario(url: str) -> None:
        async with aiohttp.ClientSession() as session:
            page = await sit_and_start(url, session)
            message = await table_message(page)
            while not message["started"]:
                message = await table_message(page)
            await asyncio.sleep(2)  # (the hook has a minute: it is looping now)
            assert (await session.get(url + "api/seats")).status == 200

    with served(tmp_path, budget=60.0) as (server, url):
        asyncio.run(scenario(url))
        interrupted_within_seconds(server)


def test_ctrl_c_ends_the_server_in_the_lobby(tmp_path: Path) -> None:
    with served(tmp_path, budget=60.0) as (server, _):
        interrupted_within_seconds(server)


@pytest.mark.slow  # (a browser and a hook's budget; the line itself is checked quick above)
def test_the_page_says_in_one_line_that_the_game_cannot_go_on(tmp_path: Path) -> None:
    """In Chromium: the page of the seat shows the one line, in its language."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    from serve.browser import browser
    from serve.test_serve_browser import sit as sit_in

    with served(tmp_path, budget=1.0) as (server, url), browser() as page:
        sit_in(page, url, 0, "Béa", "fr")
        page.execute_script("document.getElementById('start').click()")
        WebDriverWait(page, 60).until(
            lambda d: "ne peut pas continuer" in d.find_element(By.ID, "status").text)
        line = page.find_element(By.ID, "status").text
        assert line.startswith("La partie ne peut pas continuer : ") and "cardgen-looping" in line
        interrupted_within_seconds(server)
