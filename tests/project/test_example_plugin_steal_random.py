"""The second example plugin (examples/plugins/steal-random, issue 40) installed as a
designer installs it (with pip, into a folder of its own): cardgen lists its effect and
runs its examples, whose chance step a situation file fixes; its deck checks and plays;
the table is told who stole from whom, and only the thief and the victim which card."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from helpers.example_plugins import cardgen, install_example, run

DECK = "steal-random/deck/steal-random.toml"

pytestmark = pytest.mark.slow  # pip builds the plugin: several seconds


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding a copy of the plugin's source (``steal-random/``) and the plugin
    installed (``site/``)."""
    return install_example(tmp_path_factory.mktemp("plugin"), "steal-random")


def test_cardgen_lists_steal_random_and_its_examples_hold(installed: Path) -> None:
    assert "steal-random: Its player takes one card at random from the hand of the next " \
           "player." in cardgen(installed, "effects").splitlines()
    cardgen(installed, "effects", "--examples", "out")
    examples = sorted((installed / "out" / "cardgen-steal-random").glob("*--*.toml"))
    assert [p.name for p in examples] == ["steal-random--not-a-last-card.toml",
                                          "steal-random--takes-a-card-at-random.toml"]
    for path in examples:
        said = cardgen(installed, "explain", str(path))
        assert "as expected" in said, said
    assert "chance steal-random: 1 of 0 to 2" in said  # the pick the file fixes


def test_its_deck_checks_and_the_plugins_own_tests_pass(installed: Path) -> None:
    assert "valid (0 error(s), 0 warning(s))" in cardgen(installed, "check", DECK,
                                                          "--games", "10")
    done = run(installed, sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
               "-o", "addopts=", "--rootdir", "steal-random", "steal-random/tests")
    assert done.returncode == 0 and " passed" in done.stdout, done.stdout + done.stderr


def test_only_the_thief_and_the_victim_are_told_which_card(installed: Path) -> None:
    """`cardgen play` read from each seat: a theft between two others is said without
    its card; one the seat takes part in names the card."""
    secret = public = 0
    for seat in range(3):
        out = cardgen(installed, "play", DECK, "--players", "3", "--seat", str(seat),
                      "--fast", "--seed", "4", typed="\n".join(["1"] * 3000) + "\n")
        for thief, what, victim in re.findall(r"P(\d) steals (.+?) from P(\d)", out):
            if seat in (int(thief), int(victim)):
                assert what != "a card", (seat, thief, victim)
                secret += 1
            else:
                assert what == "a card", (seat, thief, what, victim)
                public += 1
    assert secret > 0 and public > 0, (secret, public)
