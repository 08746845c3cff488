"""`cardgen watch` outlives any bad state of its inputs and outputs (issue 29): an output
folder that becomes a file, a picture replaced by garbage, its folder deleted and made
again, a link to / beside the deck. Each is one line, and the watching goes on; Ctrl-C
ends it with exit 130, as every command."""

from __future__ import annotations

import io
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from helpers.paths import EXAMPLES
from helpers.watching import next_told
from PIL import Image

from cardgen.designer.watch import CHECK_MS, WatchOptions, watch


def _edit(path: Path) -> None:
    """A change a person makes: one more line at the end."""
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")


def _png(path: Path) -> None:
    buffer = io.BytesIO()
    Image.new("RGB", (60, 90), "teal").save(buffer, "PNG")
    path.write_bytes(buffer.getvalue())


@pytest.fixture
def party(tmp_path: Path) -> Path:
    """The party example, its card's picture a PNG, in a folder of its own."""
    folder = tmp_path / "party"
    folder.mkdir()
    for name in ("party.toml", "rain-check.svg", "party-back.svg"):
        shutil.copy(EXAMPLES / name, folder / name)
    deck = folder / "party.toml"
    text = deck.read_text(encoding="utf-8")
    assert 'picture = "rain-check.svg"' in text
    deck.write_text(text.replace('picture = "rain-check.svg"', 'picture = "rain.png"'),
                    encoding="utf-8")
    _png(folder / "rain.png")
    return folder


@pytest.mark.slow  # a real watch process through many changes
def test_watch_outlives_bad_pictures_a_link_to_root_and_its_folder_deleted(
        party: Path, tmp_path: Path) -> None:
    deck, out = party / "party.toml", tmp_path / "out"
    lines: queue.Queue[str] = queue.Queue()
    stop = threading.Event()
    died: list[BaseException] = []

    def run() -> None:
        try:
            watch(str(deck), WatchOptions(out), lines.put, stop)
        except BaseException as exc:  # (the watcher must not die: the test says how it did)
            died.append(exc)
            lines.put(f"died: {exc!r}")

    watcher = threading.Thread(target=run)
    watcher.start()
    try:
        assert next_told(lines, "watching") == f"watching {party} (Ctrl-C stops)"
        assert next_told(lines, "").startswith("rebuilt ")

        (party / "rain.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"garbage" * 100)
        assert next_told(lines, "changed") == "changed: rain.png"
        assert next_told(lines, "") == (
            f"error: {deck}: card 'rain-check': picture 'rain.png' is not a PNG file; save "
            "it again as PNG (or SVG)")
        _png(party / "rain.png")
        next_told(lines, "changed")
        assert next_told(lines, "").startswith("rebuilt ")

        deck.write_text(deck.read_text(encoding="utf-8").replace("rain.png", "rain-check.svg"),
                        encoding="utf-8")  # the card's picture an SVG again
        next_told(lines, "changed")
        assert next_told(lines, "").startswith("rebuilt ")
        (party / "rain-check.svg").write_text("<svg><g>", encoding="utf-8")  # broken XML
        next_told(lines, "changed")
        error = next_told(lines, "")
        assert error.startswith(f"error: {deck}: card 'rain-check': picture 'rain-check.svg' "
                                "is not a usable SVG picture")
        shutil.copy(EXAMPLES / "rain-check.svg", party / "rain-check.svg")
        next_told(lines, "changed")
        assert next_told(lines, "").startswith("rebuilt ")

        # A link to / was followed by the watcher, which walked the disk and died on the
        # first folder it may not read (said as "cannot write to standard output").
        (party / "root").symlink_to("/")
        assert next_told(lines, "changed") == "changed: root"
        assert next_told(lines, "").startswith("rebuilt ")
        _edit(deck)
        assert next_told(lines, "changed") == "changed: party.toml"
        assert next_told(lines, "").startswith("rebuilt ")

        kept = {path.name: path.read_bytes() for path in party.iterdir() if path.is_file()}
        shutil.rmtree(party)  # (the link goes with it, not what it leads to)
        assert next_told(lines, f"{party}") == (
            f"{party} is gone; waiting for it to come back (Ctrl-C stops)")
        party.mkdir()
        for name, data in kept.items():
            (party / name).write_bytes(data)
        assert next_told(lines, f"{party}") == f"{party} is back"
        assert next_told(lines, "").startswith("rebuilt ")
        _edit(deck)  # the folder made again is the one watched
        assert next_told(lines, "changed") == "changed: party.toml"
        assert next_told(lines, "").startswith("rebuilt ")

        shutil.rmtree(party)  # replaced at once, as a checkout does: often the same inode
        party.mkdir()
        for name, data in kept.items():
            (party / name).write_bytes(data)
        time.sleep(2 * CHECK_MS / 1000)
        (party / "notes.txt").write_text("seen\n", encoding="utf-8")
        assert next_told(lines, "changed: notes") == "changed: notes.txt"
        assert next_told(lines, "").startswith("rebuilt ")
    finally:
        stop.set()
        watcher.join(timeout=30)
    assert not watcher.is_alive() and not died


@pytest.mark.slow  # a real watch process through many changes
def test_watch_outlives_its_output_folder_becoming_a_file_and_exits_130_on_ctrl_c(
        party: Path) -> None:
    """As a user runs it: a process, its --out replaced by a file, then SIGINT."""
    process = subprocess.Popen(
        [sys.executable, "-c", "from cardgen.cli import main; main()", "watch",
         "party/party.toml", "--out", "out"],
        cwd=party.parent, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()
    assert process.stdout is not None
    stdout = process.stdout
    reader = threading.Thread(target=lambda: [lines.put(line.rstrip("\n")) for line in stdout])
    reader.start()
    try:
        assert next_told(lines, "watching ").endswith("(Ctrl-C stops)")
        assert next_told(lines, "").startswith("rebuilt out/party-preview.png, ")
        shutil.rmtree(party.parent / "out")
        (party.parent / "out").write_text("not a folder", encoding="utf-8")
        _edit(party / "party.toml")
        next_told(lines, "changed")
        assert next_told(lines, "") == (
            "error: out: exists and is not a folder; choose another output folder")
        (party.parent / "out").unlink()
        _edit(party / "party.toml")
        next_told(lines, "changed")
        assert next_told(lines, "").startswith("rebuilt out/party-preview.png, ")
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
        reader.join(timeout=30)
        assert process.stderr is not None
        errors = process.stderr.read()
    finally:
        process.kill()
    assert (process.returncode, next_told(lines, ""), errors) == (130, "stopped watching", "")


def test_an_output_name_that_is_a_link_to_root_is_said_to_be_a_folder(tmp_path: Path) -> None:
    """The preview's name beside the deck, a link to /: the rebuild says the real problem,
    each time, and the watching goes on (it used to die on "cannot write to standard
    output", the watcher having walked the disk through the link)."""
    folder = tmp_path / "deck"
    folder.mkdir()
    for name in ("night-train.toml", "night-train.fr.md", "night-train.en.md"):
        shutil.copy(EXAMPLES / name, folder / name)
    preview = folder / "night-train-preview.png"
    preview.symlink_to("/")
    lines: queue.Queue[str] = queue.Queue()
    stop = threading.Event()
    watcher = threading.Thread(target=watch, args=(str(folder / "night-train.toml"),
                                                   WatchOptions(folder), lines.put, stop))
    watcher.start()
    try:
        next_told(lines, "watching")
        assert next_told(lines, "") == f"error: {preview}: is a folder; give a file name to write"
        _edit(folder / "night-train.toml")
        assert next_told(lines, "changed") == "changed: night-train.toml"
        assert next_told(lines, "") == f"error: {preview}: is a folder; give a file name to write"
        preview.unlink()
        _edit(folder / "night-train.toml")
        next_told(lines, "changed")
        assert next_told(lines, "").startswith(f"rebuilt {preview}, ")
    finally:
        stop.set()
        watcher.join(timeout=30)
    assert not watcher.is_alive()
