"""A table served until Ctrl-C: the socket, the link to join, the game thread, and
the host's commands typed at the terminal (:mod:`~cardgen.serve.host`).

Nothing is written to disk: the faces are made in memory, the game lives in the
process, and Ctrl-C closes the pages, stops the game thread and frees the port, within
seconds whatever the game is doing (a plugin's hook stuck in a loop included).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import weakref
from collections.abc import Callable, Iterator

from aiohttp import web

from cardgen.deck.load import Deck
from cardgen.errors import CardgenError
from cardgen.serve.app import make_app, page_words
from cardgen.serve.faces import FaceImages
from cardgen.serve.guard import Guard, Limits
from cardgen.serve.host import Host
from cardgen.serve.qr import terminal_qr
from cardgen.serve.snapshot import said
from cardgen.serve.table import Table, Timing
from cardgen.table.settings import TableSettings

#: Addresses that mean "every interface": the link names this machine's address instead.
ANY_ADDRESS = ("0.0.0.0", "::", "")
#: A documentation address (RFC 5737) used only to ask the system which interface it
#: would route by: a UDP socket's connect sends nothing.
_ROUTE_PROBE = ("192.0.2.1", 9)
#: Connections the system queues before the server accepts them.
BACKLOG = 1024


def open_socket(host: str, port: int) -> socket.socket:
    """The listening socket, or one clear line when the address cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, port))
        listening.listen(BACKLOG)
    except OSError as exc:
        listening.close()
        raise CardgenError(f"cannot listen on {host}:{port}: {exc.strerror or exc}; give "
                           "another --port (or --host)") from None
    listening.setblocking(False)
    return listening


def lan_address() -> str:
    """This machine's address on its network, as the system would route from it."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(_ROUTE_PROBE)
        return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostbyname(socket.gethostname())
    finally:
        probe.close()


def join_url(host: str, port: int) -> str:
    shown = lan_address() if host in ANY_ADDRESS else host
    return f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"


class Server:
    """One table on one socket; :meth:`run` serves it until told to stop."""

    def __init__(self, deck: Deck, settings: TableSettings, host: str, port: int,
                 timing: Timing | None = None, limits: Limits | None = None,
                 seats_per_guest: int = 1) -> None:
        self.table = Table(deck, settings, timing or Timing(), seats_per_guest)
        self.faces = FaceImages(deck, self.table.variant)
        self.socket = open_socket(host, port)
        self.port = int(self.socket.getsockname()[1])
        self.url = join_url(host, self.port)
        self.limits = limits or Limits()
        self.app = make_app(self.table, self.faces, self.url, settings.lang, self.limits)
        self.pages: weakref.WeakSet[web.WebSocketResponse] = weakref.WeakSet()
        self.app.on_response_prepare.append(self._remember_page)
        self.app.on_shutdown.append(self._close_pages)

    async def run(self, stop: asyncio.Event | None = None,
                  ready: Callable[[], None] | None = None,
                  host: Host | None = None) -> None:
        """Serve until ``stop`` is set (or the task is cancelled: Ctrl-C); ``host``: the
        commands typed on standard input."""
        loop = asyncio.get_running_loop()
        runner = web.AppRunner(self.app, access_log=None, handle_signals=False,
                               shutdown_timeout=1.0)
        await runner.setup()
        listening = None
        try:
            assert runner.server is not None
            listening = await loop.create_server(Guard(runner.server, self.limits),
                                                 sock=self.socket, backlog=BACKLOG)
            self.table.thread.start()
            if host is not None:
                _read_commands(loop, host)
            if ready is not None:
                ready()
            await (stop or asyncio.Event()).wait()
        finally:
            if host is not None:
                _stop_reading(loop)
            if listening is not None:
                listening.close()
            await loop.run_in_executor(None, self.table.stop)
            await runner.cleanup()
            self.socket.close()

    async def _remember_page(self, request: web.Request, response: web.StreamResponse) -> None:
        if isinstance(response, web.WebSocketResponse):
            self.pages.add(response)

    async def _close_pages(self, app: web.Application) -> None:
        for page in list(self.pages):
            await page.close(code=1001, message=b"the table is closed")


def _read_commands(loop: asyncio.AbstractEventLoop, host: Host) -> None:
    """The host's lines on standard input, read by the loop (no thread to leave behind);
    none when it cannot be watched (a file, /dev/null)."""
    pending = bytearray()

    def readable() -> None:
        try:
            chunk = os.read(0, 4096)
        except OSError:
            chunk = b""
        if not chunk:
            _stop_reading(loop)
            return
        pending.extend(chunk)
        while b"\n" in pending:
            line, _, rest = bytes(pending).partition(b"\n")
            pending[:] = rest
            host.command(line.decode("utf-8", "replace"))

    with contextlib.suppress(OSError, ValueError):
        loop.add_reader(0, readable)


def _stop_reading(loop: asyncio.AbstractEventLoop) -> None:
    with contextlib.suppress(OSError, ValueError):
        loop.remove_reader(0)


def serve(deck: Deck, settings: TableSettings, host: str, port: int,
          say: Callable[[str], None], seats_per_guest: int = 1) -> None:
    """Serve the table until Ctrl-C (a KeyboardInterrupt, to the caller)."""
    server = Server(deck, settings, host, port, seats_per_guest=seats_per_guest)
    words = page_words()[settings.lang]
    say(terminal_qr(server.url))
    say(words["terminal_join"].format(deck=said(deck.name, settings.lang),
                                      players=settings.players, url=server.url))
    if host in ("localhost", "::1") or host.startswith("127."):
        say(words["terminal_local"])
    elif host in ANY_ADDRESS:
        say(words["terminal_everyone"].format(host=host or '""'))
    say(words["terminal_commands"])
    say(words["terminal_stop"])
    # The loop is built with Ctrl-C held back: one that lands while it is half made
    # would leave a traceback at exit. Held, it is taken as soon as the loop is whole.
    with _interrupts_held():
        runner = asyncio.Runner()
        runner.get_loop()
    try:
        runner.run(server.run(host=Host(server.table, words, say)))
    except KeyboardInterrupt:
        scores = ", ".join(f"P{seat} {score}"
                           for seat, score in enumerate(server.table.game.scores))
        say(words["terminal_closed"].format(scores=scores))
        raise
    finally:
        runner.close()


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """SIGINT is held back inside (where the system lets a thread hold a signal)."""
    hold = getattr(signal, "pthread_sigmask", None)
    if hold is None:
        yield
        return
    hold(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        hold(signal.SIG_UNBLOCK, {signal.SIGINT})
