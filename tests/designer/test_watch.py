"""`cardgen watch`, run for real: started on a deck in a temporary folder, the deck and
its rule text changed, broken and mended while it watches."""

from __future__ import annotations

import queue
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from helpers.cli import refused
from helpers.paths import EXAMPLES
from helpers.watching import next_told

from cardgen.designer.watch import WatchOptions, output_names, watch


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture
def deck_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "deck"
    folder.mkdir()
    for name in ("night-train.toml", "night-train.fr.md", "night-train.en.md"):
        shutil.copy(EXAMPLES / name, folder / name)
    return folder


@pytest.mark.slow  # a real watch process through several rebuilds
def test_watch_rebuilds_on_a_change_reports_an_error_and_recovers(
        deck_folder: Path, tmp_path: Path) -> None:
    deck = deck_folder / "night-train.toml"
    out = deck_folder / "build"  # inside the folder watched: its files are no change
    lines: queue.Queue[str] = queue.Queue()
    stop = threading.Event()
    watcher = threading.Thread(target=watch, args=(str(deck), WatchOptions(out),
                                                   lines.put, stop))
    watcher.start()
    try:
        assert next_told(lines, "watching") == f"watching {deck_folder} (Ctrl-C stops)"
        first = next_told(lines, "")
        written = [out / name for name in output_names("night-train", "a4")]
        assert first.startswith(f"rebuilt {', '.join(map(str, written))} (")
        stamps = [path.stat().st_mtime_ns for path in written]

        _edit(deck, 'en = "Ticket Inspector"', 'en = "Conductor"')
        assert next_told(lines, "changed") == "changed: night-train.toml"
        assert next_told(lines, "").startswith("rebuilt ")
        assert all(path.stat().st_mtime_ns > stamp
                   for path, stamp in zip(written, stamps, strict=True))

        _edit(deck, 'points = 20', 'points = = 20')  # a TOML syntax error
        next_told(lines, "changed")
        error = next_told(lines, "")
        assert error.startswith(f"error: {deck}: line ") and "\n" not in error
        assert error.endswith("fix the TOML syntax there")

        _edit(deck, 'points = = 20', 'points = 20')  # mended: watching went on
        next_told(lines, "changed")
        assert next_told(lines, "").startswith("rebuilt ")

        rule_text = deck_folder / "night-train.en.md"  # its rule text counts too
        rule_text.write_text(rule_text.read_text(encoding="utf-8").replace(
            "{% endblock %}", "All aboard!\n{% endblock %}", 1), encoding="utf-8")
        assert next_told(lines, "changed") == "changed: night-train.en.md"
        assert next_told(lines, "").startswith("rebuilt ")
    finally:
        stop.set()
        watcher.join(timeout=30)
    assert not watcher.is_alive()
    assert not [p for p in out.iterdir() if p.name.startswith(".")]  # no temporary file


def test_watch_refuses_a_built_in_deck(tmp_path: Path) -> None:
    assert refused(["watch", "classic"], tmp_path) == (
        "'classic' is a built-in deck, which never changes; give the path of a deck file "
        "to watch")


def test_watch_stops_on_ctrl_c_with_one_line(deck_folder: Path) -> None:
    """As a user runs it: a process, stopped by SIGINT once it has built once."""
    process = subprocess.Popen(
        [sys.executable, "-c", "from cardgen.cli import main; main()", "watch",
         "night-train.toml", "--out", "out"],
        cwd=deck_folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    try:
        first, second = process.stdout.readline(), process.stdout.readline()
        assert first.startswith("watching "), first
        assert second.startswith("rebuilt out/night-train-preview.png, "), second
        process.send_signal(subprocess.signal.SIGINT)  # type: ignore[attr-defined]
        rest, errors = process.communicate(timeout=30)
    finally:
        process.kill()
    # 130, as every command stopped by Ctrl-C (issue 29; it was 0, which reads as a success)
    assert (process.returncode, rest, errors) == (130, "stopped watching\n", "")


def test_the_outputs_are_no_change_wherever_they_are_written(tmp_path: Path) -> None:
    """Beside the deck (the default, --out .), in a folder of the deck's, or elsewhere."""
    from cardgen.designer.watch import _is_ours

    folder = tmp_path / "deck"
    assert _is_ours(folder / "night-train-sheets-a4.pdf", folder, folder)
    assert _is_ours(folder / "night-train-preview.png", folder, folder)
    assert _is_ours(folder / ".night-train-rulebook-fr.pdf.x1y2.part", folder, folder)
    assert not _is_ours(folder / "night-train.toml", folder, folder)
    assert not _is_ours(folder / "rain.png", folder, folder)  # a picture of the deck
    build = folder / "build"
    assert _is_ours(build, build, folder) and _is_ours(build / "anything.png", build, folder)
    assert not _is_ours(folder / "rain.png", build, folder)
