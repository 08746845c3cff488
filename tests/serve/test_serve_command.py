"""`cardgen serve` as a user starts it: the link and QR code it prints, Ctrl-C, a port
already taken, and the line a user without the serve extra reads."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from helpers.cli import refused
from serve.running import running_table

from cardgen.commands.together import MISSING
from cardgen.errors import INTERRUPTED


def test_ctrl_c_closes_the_table_within_seconds_and_leaves_no_file(tmp_path: Path) -> None:
    server = subprocess.Popen(
        [sys.executable, "-m", "cardgen.cli", "serve", "classic", "--port", "0",
         "--players", "3"], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        assert server.stdout is not None
        lines = []
        while not any("Join at" in line for line in lines):
            line = server.stdout.readline()
            assert line, "".join(lines) + (server.stderr.read() if server.stderr else "")
            lines.append(line)
        url = lines[-1].split("Join at ")[1].strip()
        assert url.startswith("http://127.0.0.1:")
        assert any("▀" in line or "█" in line for line in lines)  # the QR code
        page = urllib.request.urlopen(url, timeout=10).read().decode()
        assert 'src="/qr.svg"' in page
        started = time.monotonic()
        server.send_signal(signal.SIGINT)
        code = server.wait(timeout=10)
        assert time.monotonic() - started < 5
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert code in (INTERRUPTED, 0), server.stderr.read() if server.stderr else ""
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(OSError):  # the port is free: nothing listens any more
        urllib.request.urlopen(url, timeout=2)


def test_a_port_already_taken_is_said_in_one_line(tmp_path: Path) -> None:
    with running_table() as server:
        said = refused(["serve", "classic", "--port", str(server.port)], tmp_path)
    assert said.startswith(f"cannot listen on 127.0.0.1:{server.port}: ")
    assert said.endswith("give another --port (or --host)")


def test_without_the_serve_extra_the_user_is_told_what_to_install(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in [name for name in sys.modules if name.startswith("cardgen.serve")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "aiohttp", None)  # (import aiohttp fails)
    assert refused(["serve", "classic"], tmp_path) == MISSING
    assert "pip install 'cardgen[serve]'" in MISSING


def _start(args: list[str], cwd: Path) -> tuple[subprocess.Popen[str], list[str]]:
    """`cardgen serve ARGS`, read until its join line; the process and what it printed."""
    server = subprocess.Popen(
        [sys.executable, "-m", "cardgen.cli", "serve", *args, "--port", "0"], cwd=cwd,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert server.stdout is not None
    lines: list[str] = []
    while not any("http://" in line for line in lines):
        line = server.stdout.readline()
        assert line, "".join(lines) + (server.stderr.read() if server.stderr else "")
        lines.append(line)
    return server, lines


def _interrupt(server: subprocess.Popen[str]) -> tuple[str, str]:
    server.send_signal(signal.SIGINT)
    out, err = server.communicate(timeout=10)
    assert server.returncode == INTERRUPTED and "Traceback" not in err, err
    return out, err


def test_a_deck_without_the_terminals_language_is_served_in_english(tmp_path: Path) -> None:
    from serve.test_serve_guests import FR_EN_DECK

    (tmp_path / "nd.toml").write_text(FR_EN_DECK, encoding="utf-8")
    server, lines = _start(["nd.toml", "--lang", "de", "--players", "3"], tmp_path)
    try:
        assert lines[-1].startswith("New deck: 3 Plätze. "), lines[-1]
    finally:
        _interrupt(server)


def test_the_host_hears_every_interface_and_types_seats_and_free(tmp_path: Path) -> None:
    import json

    server, lines = _start(["classic", "--players", "3", "--host", "0.0.0.0"], tmp_path)
    try:
        port = lines[-1].rsplit(":", 1)[1].strip(" /\n")
        assert server.stdout is not None and server.stdin is not None
        said = server.stdout.readline()
        assert said.startswith("Listening on every interface (0.0.0.0)"), said
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/sit", method="POST",
            data=json.dumps({"seat": 1, "name": "Ann", "lang": "en"}).encode())
        assert urllib.request.urlopen(request, timeout=10).status == 200
        server.stdin.write("seats\nfree 1\n")
        server.stdin.flush()
        heard = [server.stdout.readline() for _ in range(6)]
        assert "P1: Ann (en, from 127.0.0.1, no page open)\n" in heard, heard
        assert "P1 is free (Ann left it): a bot plays it.\n" in heard, heard
    finally:
        _interrupt(server)
