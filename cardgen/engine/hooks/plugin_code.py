"""Code a plugin runs inside a round: whatever it does wrong is the plugin's, said in one
line that names the plugin, the hook and the card.

A plugin's hook runs under :func:`guarded_call`:

- a **time budget** (:data:`BUDGET_SECONDS`, or ``CARDGEN_PLUGIN_BUDGET`` in the
  environment): a hook still running when it is spent is stopped where it stands, in
  whatever thread it runs (a table's round thread as a command's main thread). A hook
  blocked inside one C call (a sleep of an hour) is stopped when that call returns;
- **every exception**, ``SystemExit`` and ``KeyboardInterrupt`` raised inside it
  included, is the plugin's failure, not the program's exit;
- **the round's invariants** are checked as soon as it returns: no card created or
  lost, the turn a seat of the table. A break is the plugin's.

The operations of :mod:`cardgen.engine.api` check their arguments against the plugin
running (:func:`running_plugin`), so a bad seat or card is named with the plugin that
passed it.
"""

from __future__ import annotations

import ctypes
import itertools
import math
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from cardgen.engine.errors import EngineError, PluginError

#: Seconds one call of a plugin's hook may take. Generous: a hook of a real plugin takes
#: microseconds; this only ends one that never returns.
BUDGET_SECONDS = 5.0
#: The variable that sets another budget (tests, a slow machine).
BUDGET_VARIABLE = "CARDGEN_PLUGIN_BUDGET"

#: The distribution whose entry point is being loaded, innermost last ("" outside).
_loading: list[str] = [""]
#: (registry, name) -> the distribution that registered it ("cardgen" for its own).
_owners: dict[tuple[str, str], str] = {}

#: The plugins whose code is running now, innermost last (a hook may call the API,
#: which may call another plugin's hook).
_running: list[str] = []


class _OutOfTime(BaseException):
    """Raised inside a plugin's hook when its budget is spent (a BaseException, so that
    a plugin's ``except Exception`` does not swallow it)."""


def budget_seconds() -> float:
    """The budget in force: the environment's, else :data:`BUDGET_SECONDS`."""
    given = os.environ.get(BUDGET_VARIABLE, "")
    try:
        seconds = float(given)
    except ValueError:
        return BUDGET_SECONDS
    return seconds if seconds > 0 else BUDGET_SECONDS


@contextmanager
def loading(dist: str) -> Iterator[None]:
    """What is registered inside is ``dist``'s (see :func:`registering`)."""
    _loading.append(dist)
    try:
        yield
    finally:
        _loading.pop()


def registering() -> str:
    """The distribution whose entry point is being loaded now ("" if none)."""
    return _loading[-1]


def claim(registry: str, name: str) -> None:
    """The distribution loading now takes ``name`` in ``registry`` ("effect", "option",
    "answer", "verb"); a name another one has already taken is refused, naming both (a
    plugin may never replace a built-in effect, or another plugin's, by its name)."""
    owner = registering() or "cardgen"
    taken = _owners.setdefault((registry, name), owner)
    if taken != owner:
        raise PluginError(f"the plugin {owner} registers the {registry} '{name}', which "
                          f"{'cardgen itself' if taken == 'cardgen' else 'the plugin ' + taken}"
                          f" already has: the plugin must give its {registry} another name "
                          f"(or uninstall one of the two)")


def running_plugin() -> str:
    """The plugin whose code is running now ("" for none: cardgen's own code)."""
    return _running[-1] if _running else ""


class _Watchdog:
    """One thread that stops the plugin calls whose budget is spent: it raises
    :class:`_OutOfTime` in the thread of the call (CPython's asynchronous exception,
    checked between two bytecodes, so a loop of any shape is stopped and code that
    runs in time pays for nothing but the bookkeeping)."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.calls: dict[int, tuple[float, int]] = {}  # token -> (deadline, thread id)
        self.fired: set[int] = set()
        self.tokens = itertools.count()
        self.thread: threading.Thread | None = None
        self.waking = math.inf  # when the watching thread wakes next by itself

    def start(self, seconds: float) -> int:
        """Watch a call of the current thread; returns its token."""
        with self.cond:
            token = next(self.tokens)
            deadline = time.monotonic() + seconds
            self.calls[token] = (deadline, threading.get_ident())
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, name="cardgen-plugin-watch",
                                               daemon=True)
                self.thread.start()
            elif deadline < self.waking:  # (a thread switch only when it must wake sooner)
                self.cond.notify()
            return token

    def stop(self, token: int) -> None:
        """The call is over; raises :class:`_OutOfTime` if its budget ran out first."""
        with self.cond:
            self.calls.pop(token, None)
            if token not in self.fired:
                return
            self.fired.discard(token)
            _set_async_exc(threading.get_ident(), None)  # (in case it is still pending)
        raise _OutOfTime

    def _run(self) -> None:
        with self.cond:
            while True:
                now = time.monotonic()
                for token, (deadline, thread) in list(self.calls.items()):
                    if deadline <= now:
                        del self.calls[token]
                        self.fired.add(token)
                        _set_async_exc(thread, _OutOfTime)
                self.waking = min((deadline for deadline, _ in self.calls.values()),
                                  default=math.inf)
                self.cond.wait(None if self.waking == math.inf else max(0.0, self.waking - now))


def _set_async_exc(thread: int, exception: type[BaseException] | None) -> None:
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread), ctypes.py_object(exception) if exception else None)


_WATCHDOG = _Watchdog()


def _new_watchdog_after_fork() -> None:
    """A worker process forked from a watched one starts with a watchdog of its own:
    the parent's thread is not in the child, and its lock may have been held as it
    forked (a child waiting on it would wait for ever)."""
    global _WATCHDOG
    _WATCHDOG = _Watchdog()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_new_watchdog_after_fork)


def guarded_call(dist: str, what: str, card: Callable[[], str],
                 method: Callable[..., Any], *args: Any, check_round: bool = True) -> Any:
    """Call a plugin's ``method`` with ``args`` under the guard; ``what`` says the hook
    ("the resolve hook of effect 'steal'") and ``card()`` the card, when there is one
    (" for card 'steal-red'"); ``check_round``: the round's invariants are checked once
    it returns."""
    seconds = budget_seconds()
    _running.append(dist)
    try:
        token = _WATCHDOG.start(seconds)
        try:
            result = method(*args)
        finally:
            _WATCHDOG.stop(token)
    except _OutOfTime:
        raise PluginError(f"the plugin {dist} did not return from {what}{card()} within "
                          f"{seconds:g} s: stopped (a loop that never ends?); fix or "
                          f"uninstall it ({BUDGET_VARIABLE} sets another budget)") from None
    except EngineError:
        raise
    except SystemExit as stop:
        raise PluginError(f"the plugin {dist} tried to end the program in {what}{card()} "
                          f"(SystemExit {stop.code!r}): a hook may not exit") from None
    except KeyboardInterrupt:
        raise PluginError(f"the plugin {dist} raised KeyboardInterrupt in {what}{card()}: "
                          "a hook may not stop the program") from None
    except Exception as error:
        raise PluginError(f"the plugin {dist} failed in {what}{card()}: "
                          f"{type(error).__name__}: {error}") from None
    finally:
        _running.pop()
    # (a hook in play must leave the round whole; one that sets a round up from a file,
    # a round field's, is checked with the round once it is set)
    state = next((arg for arg in args if hasattr(arg, "card_problems")), None) \
        if check_round else None
    if state is not None:
        broken = round_problems(state)
        if broken:
            raise PluginError(f"the plugin {dist} broke the round in {what}{card()}: "
                              f"{'; '.join(broken)}")
    return result


def round_problems(state: Any) -> list[str]:
    """What a hook may never leave behind: cards created or lost, a turn that is no
    seat of the table."""
    found = list(state.card_problems())
    turn = state.turn
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < state.n:
        found.append(f"the turn is {turn!r}, not a seat from 0 to {state.n - 1}")
    return found
