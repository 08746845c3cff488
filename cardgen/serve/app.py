"""The web side of a table: the page, the card images, the seats, and one WebSocket per
open page (aiohttp).

A page sits down with ``POST /api/sit`` and is given its seat's token; it then opens
``/ws?token=…``, is sent its :func:`~cardgen.serve.snapshot.message` each time the
table changes (each with the table's ``version``), and sends ``{"type": "act",
"decision": N, "choice": I}`` (the I-th action of decision N, as it was shown) or
``{"type": "start"}``. The token alone says which seat a message speaks for. Anything
else — bad JSON, an unknown message, an answer out of turn or to a decision gone by
(the page is then sent the table as it stands), a message too large — is refused with
a reason, written to the server's log, and the game goes on. No handler waits on the
game: each reads what the game thread last published, under a lock held for an
instant. A client gone at any moment is a line in the log, never a traceback.
"""

from __future__ import annotations

import asyncio
import json
import logging
import weakref
from functools import cache
from typing import Any

import jinja2
from aiohttp import WSMsgType, web
from aiohttp.typedefs import Handler

from cardgen.catalogue.locale import labels, languages
from cardgen.datafolders import data_folder
from cardgen.serve.faces import FaceImages
from cardgen.serve.guard import Limits
from cardgen.serve.qr import svg_qr
from cardgen.serve.seats import Person, Refusal
from cardgen.serve.snapshot import lobby, message
from cardgen.serve.table import Table

LOG = logging.getLogger("cardgen.serve")
#: The largest message a page may send (an answer takes about 40 bytes).
MAX_MESSAGE = 4096
#: The largest request body (a name and a seat take about 60 bytes).
MAX_BODY = 4096
#: Pages one seat may have open at once (two tabs, a phone and a laptop …).
MAX_PAGES = 8
STATIC = {"table.js": "text/javascript", "table.css": "text/css"}
#: The WebSocket close code that sends a page back to the lobby (the host freed its seat).
FREED = 4001

TABLE: web.AppKey[Table] = web.AppKey("table", Table)
FACES: web.AppKey[FaceImages] = web.AppKey("faces", FaceImages)
JOIN_URL: web.AppKey[str] = web.AppKey("join_url", str)
DEFAULT_LANG: web.AppKey[str] = web.AppKey("lang", str)
WAKE: web.AppKey[weakref.WeakSet[asyncio.Event]] = web.AppKey("wake", weakref.WeakSet)
LIMITS: web.AppKey[Limits] = web.AppKey("limits", Limits)


@cache
def _folder_text(name: str) -> str:
    return (data_folder("templates") / "serve" / name).read_text(encoding="utf-8")


@cache
def page_words() -> dict[str, dict[str, str]]:
    """The page's words in every language of the catalogues (serve|… entries)."""
    return {lang: labels("serve", lang) for lang in languages()}


def make_app(table: Table, faces: FaceImages, join_url: str, lang: str,
             limits: Limits | None = None) -> web.Application:
    app = web.Application(client_max_size=MAX_BODY, middlewares=[_one_request_a_connection])
    app[TABLE], app[FACES], app[JOIN_URL], app[DEFAULT_LANG] = table, faces, join_url, lang
    app[WAKE], app[LIMITS] = weakref.WeakSet(), limits or Limits()
    app.router.add_get("/", _page)
    app.router.add_get("/static/{name}", _static)
    app.router.add_get("/qr.svg", _qr)
    app.router.add_get("/card/{lang}/{name}.png", _face)
    app.router.add_get("/api/seats", _seats)
    app.router.add_post("/api/sit", _sit)
    app.router.add_get("/ws", _socket)
    app.on_startup.append(_wire_changes)
    return app


@web.middleware
async def _one_request_a_connection(request: web.Request,
                                    handler: Handler) -> web.StreamResponse:
    """Each connection serves one request (a page's WebSocket is its request), so that
    no idle connection outlives it; a client gone in the middle of its request is a
    line in the log, not a traceback."""
    try:
        response = await handler(request)
    except web.HTTPException as refused:
        refused.force_close()
        raise
    except (ConnectionError, asyncio.IncompleteReadError) as exc:
        LOG.info("%s went away during %s %s (%s)", request.remote, request.method,
                 request.path, type(exc).__name__)
        response = web.Response(status=400, text="the request did not arrive whole")
    if not response.prepared:
        response.force_close()
    return response


async def _wire_changes(app: web.Application) -> None:
    """The table's changes (made in its thread) wake every open page's sender."""
    loop = asyncio.get_running_loop()
    wake = app[WAKE]

    def wake_all() -> None:
        for event in list(wake):
            event.set()

    def changed() -> None:
        if not loop.is_closed():
            loop.call_soon_threadsafe(wake_all)

    app[TABLE].on_change = changed


async def _page(request: web.Request) -> web.Response:
    asked = request.query.get("lang", "")
    lang = asked if asked in languages() else request.app[DEFAULT_LANG]
    words = page_words()
    page = jinja2.Template(_folder_text("page.html.j2"), autoescape=True).render(
        lang=lang, join_url=request.app[JOIN_URL],
        languages=[(code, words[code]["language_name"]) for code in languages()],
        # (inside a script element: no "<" may end it early)
        words=json.dumps(words).replace("<", "\\u003c"))
    return web.Response(text=page, content_type="text/html")


async def _static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    if name not in STATIC:
        raise web.HTTPNotFound()
    return web.Response(text=_folder_text(name), content_type=STATIC[name])


async def _qr(request: web.Request) -> web.Response:
    return web.Response(body=svg_qr(request.app[JOIN_URL]), content_type="image/svg+xml")


async def _face(request: web.Request) -> web.Response:
    faces = request.app[FACES]
    lang, name = request.match_info["lang"], request.match_info["name"]
    # The first image of a language makes them all (half a second): not on the loop.
    image = await asyncio.get_running_loop().run_in_executor(None, faces.image, lang, name)
    if image is None:
        raise web.HTTPNotFound()
    return web.Response(body=image, content_type="image/png",
                        headers={"Cache-Control": "max-age=3600"})


async def _seats(request: web.Request) -> web.Response:
    table = request.app[TABLE]
    with table.lock:
        return web.json_response(lobby(table))


async def _sit(request: web.Request) -> web.Response:
    table = request.app[TABLE]
    try:
        raw = await asyncio.wait_for(request.read(), request.app[LIMITS].body_seconds)
    except TimeoutError:
        LOG.warning("refused a page from %s: its request's body never came", request.remote)
        return web.json_response({"refused": "malformed"}, status=408)
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return _refused(request, None, Refusal("malformed", "the request is not JSON"))
    if not isinstance(body, dict):
        return _refused(request, None, Refusal("malformed", "the request is not an object"))
    with table.lock:
        try:
            person = table.sit(body.get("seat"), body.get("name"), body.get("lang"),
                               request.remote or "")
        except Refusal as refusal:
            return _refused(request, None, refusal)
    LOG.info("%s sits at P%s (%s, from %s)", person.name, body["seat"], person.lang,
             person.guest)
    return web.json_response({"seat": body["seat"], "token": person.token})


def _refused(request: web.Request, seat: int | None, refusal: Refusal) -> web.Response:
    _log_refusal(request, seat, refusal)
    status = 409 if refusal.key in ("seat_taken", "started", "closed", "one_seat") else 400
    return web.json_response({"refused": refusal.key, "why": str(refusal)}, status=status)


def _log_refusal(request: web.Request, seat: int | None, refusal: Refusal) -> None:
    who = f"P{seat}" if seat is not None else "a page"
    LOG.warning("refused %s from %s: %s", who, request.remote, refusal)


async def _socket(request: web.Request) -> web.StreamResponse:
    table = request.app[TABLE]
    with table.lock:
        seat = table.people.seat_of(request.query.get("token"))
        person = table.people.seats[seat] if seat is not None else None
        if person is not None and person.connections >= MAX_PAGES:
            seat = person = None
    if seat is None or person is None:
        _log_refusal(request, None, Refusal("bad_token", "no seat has this token, or it "
                                                         "has too many pages open"))
        raise web.HTTPForbidden(text="no seat has this token")
    socket = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=20)
    await socket.prepare(request)
    wake = asyncio.Event()
    request.app[WAKE].add(wake)
    with table.lock:
        table.connected(person)
    sender = asyncio.create_task(_send_changes(request, table, seat, person, socket, wake))
    try:
        async for received in socket:
            if sender.done():  # (the seat was freed, or the sender failed)
                break
            if received.type == WSMsgType.TEXT:
                await _take(request, table, seat, person, socket, received.data)
            elif received.type == WSMsgType.BINARY:
                await _refuse(request, seat, socket, Refusal("malformed", "a binary message"))
            elif received.type == WSMsgType.ERROR:  # (too large: aiohttp closes it)
                _log_refusal(request, seat, Refusal("malformed", str(socket.exception())))
    finally:
        sender.cancel()
        with table.lock:
            table.disconnected(person)
    return socket


async def _send_changes(request: web.Request, table: Table, seat: int, person: Person,
                        socket: web.WebSocketResponse, wake: asyncio.Event) -> None:
    """Send the page each new version of its table; close it when its seat is freed.
    Whatever goes wrong here closes the page (its seat is then away), said in a line."""
    sent = -1
    try:
        while not socket.closed:
            with table.lock:
                version, freed = table.version, table.people.seats[seat] is not person
                shown = message(table, seat, person) if version != sent and not freed \
                    else None
            if freed:
                await socket.close(code=FREED, message=b"the host freed this seat")
                return
            if shown is not None:
                sent = version
                await socket.send_json(shown)
            await wake.wait()
            wake.clear()
    except (ConnectionError, asyncio.CancelledError):
        return
    except Exception as exc:  # (a page that cannot be shown must not stay "here")
        LOG.error("the page of P%s from %s is closed: %s: %s", seat, request.remote,
                  type(exc).__name__, exc)
        await socket.close(code=1011, message=b"the server failed")


async def _take(request: web.Request, table: Table, seat: int, person: Person,
                socket: web.WebSocketResponse, text: str) -> None:
    """One message of a page: an answer, or the start of the game."""
    try:
        received: Any = json.loads(text)
    except ValueError:
        received = None
    try:
        if not isinstance(received, dict):
            raise Refusal("malformed", "a message is a JSON object")
        with table.lock:
            if table.people.seats[seat] is not person:
                raise Refusal("not_asked", f"P{seat} was freed by the host")
            if received.get("type") == "act":
                table.answer(seat, received.get("decision"), received.get("choice"))
            elif received.get("type") == "start":
                table.start(seat)
            else:
                raise Refusal("malformed",
                              f"unknown message type {received.get('type')!r}"[:200])
    except Refusal as refusal:
        await _refuse(request, seat, socket, refusal)
        if refusal.key in ("stale", "not_asked"):  # (asked again: the table as it is now)
            with table.lock:
                now = message(table, seat, person) \
                    if table.people.seats[seat] is person else None
            if now is not None:
                await socket.send_json(now)


async def _refuse(request: web.Request, seat: int, socket: web.WebSocketResponse,
                  refusal: Refusal) -> None:
    _log_refusal(request, seat, refusal)
    await socket.send_json({"type": "refused", "key": refusal.key})
