"""Ctrl-C during `cardgen simulate` or `cardgen check`: a partial report, exit code 130.

The logic is tested in-process, deterministically: a progress callback that raises
KeyboardInterrupt after k games must leave the report of exactly those k games. The
real signal is tested on a subprocess: SIGINT is sent once the run has started, and
the output must say PARTIAL with a count of games finished that fits the report
(how many depends on the machine, so only the wording and the consistency are checked).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from cardgen.check import check_deck
from cardgen.deck.load import load_deck
from cardgen.engine import Variant
from cardgen.play.simulate import simulate

CARDGEN = [sys.executable, "-c", "from cardgen.cli import main; main()"]


def stop_after(games: int) -> Any:
    seen = [0]

    def progress(step: int) -> None:
        seen[0] += step
        if seen[0] == games:
            raise KeyboardInterrupt

    return progress


def figures(report: Any) -> dict[str, Any]:
    return {k: v for k, v in report.as_dict().items() if k not in ("requested", "interrupted")}


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_simulation_reports_exactly_the_games_finished(workers: int) -> None:
    variant = Variant.from_deck(load_deck("classic"), 3)
    partial = simulate(variant, games=40, seed=7, workers=workers, progress=stop_after(5))
    assert (partial.games, partial.requested, partial.interrupted) == (5, 40, True)
    whole = simulate(variant, games=5, seed=7)
    assert not whole.interrupted
    assert figures(partial) == figures(whole)


def test_an_interrupted_check_stops_at_once_and_says_so() -> None:
    deck = load_deck("classic")
    report = check_deck(deck, None, games=30, progress=stop_after(4))
    assert (report.interrupted, report.games_played, report.games_requested) == (True, 4, 60)
    assert report.partial_line() == ("PARTIAL: interrupted (Ctrl-C) after 4 of 60 sanity "
                                     "games; the verdict covers those only")
    assert report.valid and report.warnings == []  # 4 games cannot say a card is never played
    assert report.as_dict()["partial"] is True


def interrupt(args: list[str], label: str, tmp_path: Path) -> tuple[int, str]:
    """Start cardgen, wait for its progress label, let it play a moment, send SIGINT."""
    process = subprocess.Popen([*CARDGEN, *args], cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    assert process.stderr.readline().strip() == label  # the run has started
    time.sleep(1.5)  # lets some games finish; nothing below depends on how many
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=300)
    assert "Traceback" not in out + err and "Aborted" not in err, err
    return process.returncode, out + err


@pytest.mark.slow  # a real signal to a running process, waited for
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_during_simulate_prints_the_partial_report(tmp_path: Path, workers: str) -> None:
    code, out = interrupt(["simulate", "classic", "--games", "1000000", "--workers", workers],
                          "playing", tmp_path)
    assert code == 130
    first, second = out.splitlines()[:2]
    done = re.fullmatch(r"PARTIAL: interrupted \(Ctrl-C\) after (\d+) of 1000000 game\(s\); "
                        r"the figures below cover those only", first)
    if done is None:
        assert first == ("PARTIAL: interrupted (Ctrl-C) before any of the 1000000 game(s) "
                         "finished")
    games = int(done.group(1)) if done else 0
    assert second.startswith(f"classic: {games} game(s), 4 players")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow  # a real signal to a running process, waited for
def test_ctrl_c_during_check_prints_the_partial_verdict(tmp_path: Path) -> None:
    code, out = interrupt(["check", "classic", "--games", "100000", "--workers", "1"],
                          "sanity games", tmp_path)
    assert code == 130
    lines = out.splitlines()
    done = re.fullmatch(r"PARTIAL: interrupted \(Ctrl-C\) after (\d+) of 200000 sanity games; "
                        r"the verdict covers those only", lines[0])
    assert done is not None or lines[0] == ("PARTIAL: interrupted (Ctrl-C) before any of "
                                            "the 200000 sanity games finished")
    assert lines[-1] == ("built-in deck 'classic': 108 cards, valid (0 error(s), 0 "
                         "warning(s)) so far")


def test_ctrl_c_during_png_leaves_no_partial_set_of_images(tmp_path: Path) -> None:
    """The images are made in a hidden folder and moved into place only when all are
    made: stopped half-way, the folder holds none of them, and no worker's traceback."""
    process = subprocess.Popen([*CARDGEN, "png", "unplugged", "--dpi", "1200", "-o", "pngs"],
                               cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    deadline = time.monotonic() + 120
    while not list((tmp_path / "pngs").glob(".cardgen-png-*/*.png")):  # some are made
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 130
    assert err == "interrupted (Ctrl-C): no image written into pngs\n"
    assert out == ""
    assert list((tmp_path / "pngs").iterdir()) == []


@pytest.mark.slow  # a real signal to a running process, waited for
def test_ctrl_c_during_balance_says_no_report_instead_of_aborting(tmp_path: Path) -> None:
    code, said = interrupt(["balance", "classic", "--players", "3", "--games", "100000",
                            "--workers", "1", "-o", "b.pdf"], "whole games", tmp_path)
    assert code == 130
    assert re.fullmatch(r"interrupted \(Ctrl-C\) after \d+ games; a balance study needs all "
                        r"of them, so there is no report and b.pdf is not written\n", said), said
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_in_any_command_exits_130_and_leaves_no_file(tmp_path: Path) -> None:
    """Click's own answer to Ctrl-C is "Aborted!" and exit 1, which a script reads as a
    failed build; every command exits 130 instead, and leaves no temporary file. Sent
    once `build` has written its first file, so the signal lands in the middle of the work
    (not while Python starts or stops, where it would end the process by the signal)."""
    process = subprocess.Popen([*CARDGEN, "build", "--out", "out"], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert process.stdout is not None
    assert process.stdout.readline().startswith("wrote out/")  # the work has begun
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    if process.returncode == 0:
        pytest.skip("the command finished before Ctrl-C reached it")
    assert process.returncode == 130, err
    assert err.splitlines()[-1] == "interrupted (Ctrl-C); nothing more was written"
    assert "Traceback" not in err and "Aborted" not in err
    assert len(list((tmp_path / "out").iterdir())) < 14  # stopped part-way
    assert not [p for p in (tmp_path / "out").iterdir() if p.name.endswith(".part")]
