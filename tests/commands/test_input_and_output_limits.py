"""Files that are not what they seem, names a file system refuses, and a standard output
that cannot take the whole report: each gets one line and a non-zero exit, never a hang,
a traceback or a report cut short without a word."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.cli import refused

CARDGEN = [sys.executable, "-c", "from cardgen.cli import main; main()"]


@pytest.mark.parametrize("command", [["check"], ["sheets"], ["cards"]])
def test_a_fifo_given_as_a_deck_is_refused_before_it_is_opened(tmp_path: Path,
                                                               command: list[str]) -> None:
    os.mkfifo(tmp_path / "deck.toml")  # opening it would wait for a writer forever
    assert refused([*command, "deck.toml"], tmp_path) == (
        "deck.toml: is not a regular file (a FIFO, a device or a socket); give the path "
        "of a deck file")


def test_a_fifo_given_as_a_situation_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "s.toml")
    assert refused(["explain", "s.toml"], tmp_path) == (
        "s.toml: is not a regular file (a FIFO, a device or a socket); give the path "
        "of a situation file")


@pytest.mark.parametrize("command", [["rulebook", "classic", "--lang", "en", "-o"],
                                     ["sheets", "classic", "-o"],
                                     ["balance", "classic", "-o"]])
def test_an_output_name_longer_than_a_file_system_takes_is_one_line(
        tmp_path: Path, command: list[str]) -> None:
    name = "a" * 300 + ".pdf"
    assert refused([*command, name], tmp_path) == (
        f"{name}: the name '{'a' * 40}…' is 304 bytes long, more than the 255 bytes a "
        "file system takes; choose a shorter name")
    assert list(tmp_path.iterdir()) == []


def test_a_valid_long_name_is_not_refused_for_its_temporary_file(tmp_path: Path) -> None:
    name = "b" * 251 + ".pdf"  # 255 bytes: the longest name ext4 takes
    done = subprocess.run([*CARDGEN, "rulebook", "classic", "--lang", "en", "-o", name],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert [p.name for p in tmp_path.iterdir()] == [name]


@pytest.mark.parametrize("command", [["png", "classic", "-o", ""], ["build", "--out", ""],
                                     ["sheets", "classic", "-o", ""]])
def test_an_empty_output_name_is_refused_not_read_as_the_current_folder(
        tmp_path: Path, command: list[str]) -> None:
    done = subprocess.run([*CARDGEN, *command], cwd=tmp_path, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].endswith("the name is empty; give a folder name"
                                                 if command[0] != "sheets" else
                                                 "the name is empty; give a file name")
    assert list(tmp_path.iterdir()) == []


def _quota(kilobytes: int) -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (kilobytes * 1024, kilobytes * 1024))


@pytest.mark.parametrize("command", [["cards", "unplugged", "--json"], ["rules", "--json"],
                                     ["cards", "house", "--json"]])
def test_a_report_that_does_not_fit_on_standard_output_is_an_error(
        tmp_path: Path, command: list[str]) -> None:
    """With a file-size quota of 8 KiB, the report cannot go out whole: the command says
    so and exits 1 (Python's buffered writer would drop the rest and exit 0)."""
    with (tmp_path / "report.json").open("wb") as report:
        done = subprocess.run([*CARDGEN, *command], cwd=tmp_path, stdout=report,
                              stderr=subprocess.PIPE, text=True, check=False,
                              preexec_fn=lambda: _quota(8))
    assert (tmp_path / "report.json").stat().st_size == 8 * 1024
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == (
        "Error: cannot write to standard output: File too large; write the report into a "
        "file on a disk with free space")


def situation(tmp_path: Path, draw: int, actions: int) -> Path:
    path = tmp_path / "s.toml"
    cards = ", ".join(['"blue-9"'] * draw)
    steps = ", ".join(['"draw"'] * actions)
    path.write_text(f'players = 2\ndealer = "P0"\ntop = "red-1"\ndraw = [{cards}]\n'
                    f'actions = [{steps}]\n\n[hands]\nP0 = ["green-2"]\nP1 = ["green-3"]\n',
                    encoding="utf-8")
    return path


def test_a_situation_with_a_huge_draw_pile_is_refused_before_it_is_played(
        tmp_path: Path) -> None:
    """A draw pile of a few hundred thousand cards once made `explain` use 1.9 GB and die;
    one of 60,000 (within the 1 MB a situation file may have) is refused as it is read."""
    situation(tmp_path, 60_000, 1)
    assert refused(["explain", "s.toml"], tmp_path) == (
        "s.toml: draw lists 60,000 cards; a situation holds at most 2,000 cards in all (a "
        "real deck has a few hundred)")


def test_a_situation_with_thousands_of_actions_is_refused(tmp_path: Path) -> None:
    situation(tmp_path, 10, 5_000)
    assert refused(["explain", "s.toml"], tmp_path) == (
        "s.toml: 'actions' lists 5,000 actions; a situation takes at most 1,000 (it settles "
        "a moment of play, not a game)")


def test_the_largest_situation_allowed_is_explained_in_bounded_memory(tmp_path: Path) -> None:
    """1,000 draws from a pile of 1,990 cards: every step's hands are in the report, and
    the whole run stays far below 500 MB (about 90 MB for the JSON report)."""
    situation(tmp_path, 1_990, 1_000)
    limit = 500 * 1024 * 1024
    done = subprocess.run([*CARDGEN, "explain", "s.toml", "--json"], cwd=tmp_path,
                          capture_output=True, check=False,
                          preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS,
                                                                (limit, limit)))
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.count(b'"action": "P') == 1_000


def test_a_cluster_address_that_is_not_ray_is_refused_in_seconds(tmp_path: Path) -> None:
    """Something answers at the address, but not Ray (here a web server's reply): Ray
    would retry for minutes and print its own log lines; cardgen says so in one line."""
    pytest.importorskip("ray")
    import socket
    import threading

    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]

    def answer_like_a_web_server() -> None:
        with server:
            connection, _ = server.accept()
            with connection:
                connection.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")

    threading.Thread(target=answer_like_a_web_server, daemon=True).start()
    start = time.monotonic()
    done = subprocess.run([*CARDGEN, "simulate", "classic", "--games", "2", "--cluster",
                           f"127.0.0.1:{port}"], cwd=tmp_path, capture_output=True, text=True,
                          check=False, timeout=60)
    assert time.monotonic() - start < 10
    assert done.returncode == 1
    assert done.stderr == (
        f"Error: something answers at '127.0.0.1:{port}', but not as a Ray cluster does "
        "(within 3 s); give the address `ray start --head` printed (HOST:6379), "
        "ray://HOST:10001 or local\n")
