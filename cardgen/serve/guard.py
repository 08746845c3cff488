"""The connections a table takes, as a server open to a network must hold them.

Every connection is counted, by client address too: past :attr:`Limits.per_address`
from one address, or :attr:`Limits.connections` in all, a new one is answered
``503`` and closed at once — unless some connection is still sending its headers, in
which case the oldest of those makes room (a guest is never locked out by sockets that
say nothing). A connection has :attr:`Limits.header_seconds` to send its request's
line and headers; each serves one request (``Connection: close``), except a page's
WebSocket, so that no idle connection outlives its request. A request's body has
:attr:`Limits.body_seconds` (the handler reads it under that limit).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

LOG = logging.getLogger("cardgen.serve")
#: What a connection refused is sent before it is closed.
FULL = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
        b"Content-Length: 47\r\nConnection: close\r\nRetry-After: 5\r\n\r\n"
        b"The table has too many connections; try again.")
#: Seconds between two log lines about the same address refused or too slow.
QUIET = 10.0


@dataclass(frozen=True)
class Limits:
    """How many connections, and how long a request may take to arrive."""

    connections: int = 512
    per_address: int = 64
    header_seconds: float = 10.0
    body_seconds: float = 10.0


class Guard:
    """Makes the protocol of each connection the server accepts (a
    :class:`GuardedConnection` around aiohttp's own)."""

    def __init__(self, inner: Callable[[], asyncio.Protocol], limits: Limits) -> None:
        self.inner, self.limits = inner, limits
        self.open: dict[GuardedConnection, None] = {}  # (oldest first)
        self.by_address: Counter[str] = Counter()
        self._said: dict[str, float] = {}

    def __call__(self) -> GuardedConnection:
        return GuardedConnection(self)

    def admit(self, connection: GuardedConnection) -> bool:
        address = connection.address
        if self.by_address[address] >= self.limits.per_address:
            self.say(address, "refused: too many connections from this address")
            return False
        if len(self.open) >= self.limits.connections:
            silent = next((other for other in self.open if other.waiting), None)
            if silent is None:
                self.say(address, "refused: the table has too many connections")
                return False
            silent.close("closed to make room: its headers never came")
        self.open[connection] = None
        self.by_address[address] += 1
        return True

    def gone(self, connection: GuardedConnection) -> None:
        if connection in self.open:
            del self.open[connection]
            self.by_address[connection.address] -= 1
            if not self.by_address[connection.address]:
                del self.by_address[connection.address]

    def say(self, address: str, what: str) -> None:
        """One log line per address and :data:`QUIET` seconds (a flood logs a line)."""
        now = time.monotonic()
        if now - self._said.get(address, -QUIET) >= QUIET:
            self._said[address] = now
            LOG.warning("%s: %s", address, what)


class GuardedConnection(asyncio.Protocol):
    """One connection: counted, timed until its headers are in, then aiohttp's."""

    def __init__(self, guard: Guard) -> None:
        self.guard = guard
        self.inner: asyncio.Protocol | None = None
        self.transport: asyncio.Transport | None = None
        self.address = ""
        self.timer: asyncio.TimerHandle | None = None
        self._tail = b""

    @property
    def waiting(self) -> bool:
        """Still waiting for the end of its headers."""
        return self.timer is not None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""
        if not self.guard.admit(self):
            transport.write(FULL)
            transport.close()
            return
        self.timer = asyncio.get_running_loop().call_later(
            self.guard.limits.header_seconds, self.close, "closed: its headers never came")
        self.inner = self.guard.inner()
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.inner is None:
            return
        if self.timer is not None:
            seen = self._tail + data
            if b"\r\n\r\n" in seen:
                self.timer.cancel()
                self.timer = None
            self._tail = seen[-3:]
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def connection_lost(self, exc: Exception | None) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.guard.gone(self)
        if self.inner is not None:
            self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()

    def close(self, why: str) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.guard.say(self.address, why)
        if self.transport is not None:
            self.transport.abort()
