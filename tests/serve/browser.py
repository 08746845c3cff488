"""Debian's Chromium, headless, driven through its chromedriver by Selenium; a test that
needs it is skipped, with the reason, where either is missing."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--disable-dev-shm-usage")


def need_browser() -> None:
    pytest.importorskip("selenium", reason="selenium is not installed (the test extra)")
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if shutil.which(path) is None:
            pytest.skip(f"{path} is missing: apt-get install chromium chromium-driver "
                        f"(the {package} package)")


@contextmanager
def browser(width: int = 412, height: int = 915, phone: bool = True) -> Iterator[Any]:
    """A headless Chromium window; a phone's screen (412 x 915 points, three pixels to a
    point) by default, emulated, as a desktop window is at least 500 pixels wide."""
    need_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    if phone:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
            "width": width, "height": height, "pixelRatio": 3.0, "touch": True}})
    else:
        options.add_argument(f"--window-size={width},{height}")
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
