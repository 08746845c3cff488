"""Two people in two real browsers (Debian's headless Chromium) and a bot play a round at
a `cardgen serve` table, of the classic deck and of a deck of one's own; at every moment
a page is asked to choose, its page shows exactly its own hand and no other card than
the top one."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import pytest
from helpers.paths import DECKS
from serve.browser import browser
from serve.running import running_table
from serve.test_serve_guests import FR_EN_DECK

from cardgen.serve.app import page_words
from cardgen.serve.host import Host
from cardgen.serve.run import Server
from cardgen.serve.table import Timing

#: The end of a round stays 3 s on the pages, long enough for the test to see it.
TIMING = Timing(pace=0.0, absent_after=60.0, round_pause=3.0)
#: Seconds a round may take before the test gives up.
ROUND_LIMIT = 240

#: What the page shows, read in one go: its hand, every card it names, whether it is
#: asked (enabled action buttons) and whether the end of a round is on it.
READ = """
const cards = (selector) => [...document.querySelectorAll(selector)].map((e) => e.dataset.card);
return {hand: cards('#hand [data-card]'), named: cards('[data-card]'),
        asked: document.querySelectorAll('#actions button:not([disabled])').length,
        round_over: !document.getElementById('scores').hidden,
        title: document.getElementById('title').textContent};
"""
#: Click a card's action when there is one, else the first action (draw, pass…).
CHOOSE = """
const buttons = [...document.querySelectorAll('#actions button:not([disabled])')];
const chosen = buttons.find((b) => b.querySelector('img')) || buttons[0];
if (chosen) chosen.click();
return chosen ? chosen.textContent : null;
"""


def sit(driver: Any, url: str, seat: int, name: str, lang: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver.get(f"{url}?lang={lang}")
    button = WebDriverWait(driver, 20).until(
        lambda d: d.find_element(By.CSS_SELECTOR, f"button[data-seat='{seat}']"))
    driver.find_element(By.ID, "name").send_keys(name)
    Select(driver.find_element(By.ID, "lang")).select_by_value(lang)
    button = WebDriverWait(driver, 20).until(
        lambda d: d.find_element(By.CSS_SELECTOR, f"button[data-seat='{seat}']"))
    driver.execute_script("arguments[0].click()", button)
    WebDriverWait(driver, 20).until(lambda d: d.find_element(By.ID, "table").is_displayed())


def server_view(server: Server, seat: int) -> tuple[Counter[str], set[str]]:
    """The seat's hand, and every card its page may name (its hand, the top card, what
    the rules showed it), read from the game the server holds."""
    with server.table.lock:
        state, seats = server.table.state, server.table.seats
        assert state is not None
        me = seats.index(seat)
        kinds = state.variant.kinds
        hand = Counter(kinds[kind].id for kind in state.hands[me])
        shown = {kinds[kind].id for cards in state.revealed.get(me, {}).values()
                 for kind in cards}
        return hand, set(hand) | {kinds[state.discard[-1]].id} | shown


def play_a_round(deck: str) -> None:
    with running_table(deck, players=3, seed="4", timing=TIMING) as server, \
            browser() as ann, browser(1000, 900, phone=False) as bea:
        sit(ann, server.url, 0, "Ann", "en")
        sit(bea, server.url, 1, "Béa", "fr")
        ann.execute_script("document.getElementById('start').click()")
        pages = {0: ann, 1: bea}
        ended = {0: False, 1: False}
        asked = Counter[int]()
        deadline = time.monotonic() + ROUND_LIMIT
        while not all(ended.values()):
            assert time.monotonic() < deadline, f"no end of round in {ROUND_LIMIT} s"
            for seat, page in pages.items():
                shown = page.execute_script(READ)
                ended[seat] = ended[seat] or shown["round_over"]
                if not shown["asked"] or ended[seat]:
                    continue
                hand, allowed = server_view(server, seat)  # (the game waits for this page)
                assert Counter(shown["hand"]) == hand
                assert set(shown["named"]) <= allowed, set(shown["named"]) - allowed
                assert page.execute_script(CHOOSE) is not None
                asked[seat] += 1
            time.sleep(0.05)
        assert len(server.table.game.rounds) >= 1 and asked[0] > 0 and asked[1] > 0
        assert "Manche" in bea.execute_script(READ)["title"]  # her page speaks French


@pytest.mark.slow
def test_two_browsers_and_a_bot_finish_a_round_of_the_classic_deck() -> None:
    play_a_round("classic")


@pytest.mark.slow
def test_two_browsers_and_a_bot_finish_a_round_of_a_deck_of_ones_own() -> None:
    play_a_round(str(DECKS / "custom-card.toml"))


def test_the_page_draws_the_table_on_a_phone_and_its_card_images() -> None:
    """Quick: one page sits, starts, and sees its hand as the deck's faces."""
    with running_table(players=2, timing=TIMING) as server, browser() as page:
        sit(page, server.url, 0, "Ann", "en")
        page.execute_script("document.getElementById('start').click()")
        deadline = time.monotonic() + 30
        while not page.execute_script(READ)["asked"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        hand, _ = server_view(server, 0)
        assert Counter(page.execute_script(READ)["hand"]) == hand
        faces = ("return [...document.querySelectorAll('#hand img')].map("
                 "(i) => i.complete ? i.naturalWidth : 0)")
        while 0 in page.execute_script(faces):  # (the first image makes them all)
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert set(page.execute_script(faces)) == {334}  # the renderer's faces, at 160 dpi
        width = page.execute_script("return document.documentElement.scrollWidth")
        assert width <= 412  # nothing wider than the phone's screen


def test_a_second_tab_starts_at_the_lobby_and_only_the_come_back_link_takes_the_seat(
        ) -> None:
    """The seat's token is the tab's: another tab of the same browser is another guest."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    with running_table(players=3, timing=TIMING) as server, browser() as page:
        sit(page, server.url, 0, "Ann", "en")
        link = page.find_element(By.ID, "come-back-link").get_attribute("href")
        assert "token=" in link
        page.switch_to.new_window("tab")
        page.get(server.url)
        WebDriverWait(page, 20).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "button[data-seat='1']"))
        assert not page.find_element(By.ID, "table").is_displayed()
        page.switch_to.new_window("tab")
        page.get(link)
        WebDriverWait(page, 20).until(lambda d: d.find_element(By.ID, "table").is_displayed())
        assert "Ann" in page.find_element(By.ID, "seats").text
        # The host frees the seat: the page goes back to the lobby and says why.
        Host(server.table, page_words()["en"], lambda line: None).command("free 0")
        WebDriverWait(page, 20).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "button[data-seat='0']"))
        assert page.find_element(By.ID, "status").text.startswith("The host freed your seat")


def test_the_page_speaks_every_language_with_its_plurals_and_a_deck_in_two(
        tmp_path: Any) -> None:
    """A deck in French and English only: its lobby in German has a heading (English),
    and "1 card" is never "1 cards", in any language of the catalogues."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from cardgen.catalogue.locale import languages

    deck = tmp_path / "nd.toml"
    deck.write_text(FR_EN_DECK, encoding="utf-8")
    with running_table(str(deck), players=3, timing=TIMING) as server, browser() as page:
        page.get(f"{server.url}?lang=de")
        WebDriverWait(page, 20).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "button[data-seat='0']"))
        assert page.find_element(By.ID, "title").text == "New deck"
        said = page.execute_script(
            "const out = {}; for (const code of arguments[0]) { lang = code;"
            " out[code] = [count('cards', 1), count('cards', 2)]; } return out;",
            list(languages()))
        for code, (one, two) in said.items():
            assert one.startswith("1 ") and two.startswith("2 ") and one[2:] != two[2:], code
        assert said["en"] == ["1 card", "2 cards"] and said["de"] == ["1 Karte", "2 Karten"]
