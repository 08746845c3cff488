"""Python's ``random.Random`` in compiled code: the Mersenne Twister MT19937 seeded as
CPython seeds it from a string, with the three draws the engine's rounds make
(``random()`` for a shuffle's keys, ``randrange(n)``, and the shuffle itself).

The fast tables must deal exactly the engine's games (the differential test plays both
side by side), so they take their chance steps from the same stream: a round's
``random.Random(f"cardgen:{seed}:round:{r}")`` and the game's dealer draws. CPython turns
a string seed into an integer (the string's bytes, then their SHA-512 digest) whose
32-bit words seed ``init_by_array``; :func:`seed_words` does that part in Python
(hashlib, once per round) and the kernel does the rest.

A generator's state is a row of 625 uint32: the 624 words, then the position.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
from numba import njit

F = TypeVar("F", bound=Callable[..., Any])


def compiled(function: F) -> F:
    """numba's ``njit``, cached on disk (compiled once per machine), typed for mypy."""
    return cast(F, njit(cache=True)(function))


N, M = 624, 397
#: a generator's row: the N words and the position in them
STATE = N + 1
MASK32 = 0xFFFFFFFF


def seed_words(text: str) -> np.ndarray:
    """The key ``init_by_array`` gets for ``random.Random(text)`` (CPython 3's version 2
    seeding of a str): the little-endian 32-bit words of int(bytes + sha512(bytes))."""
    data = text.encode()
    number = int.from_bytes(data + hashlib.sha512(data).digest(), "big")
    words = max(1, (number.bit_length() - 1) // 32 + 1)
    return np.frombuffer(number.to_bytes(words * 4, "little"), "<u4")


@compiled
def seed(state: np.ndarray, key: np.ndarray, length: int) -> None:
    """CPython's ``init_by_array(key[:length])`` into ``state``."""
    state[0] = 19650218
    for i in range(1, N):
        prev = np.int64(state[i - 1])
        state[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & MASK32
    i, j = 1, 0
    for _ in range(max(N, length)):
        prev = np.int64(state[i - 1])
        state[i] = ((np.int64(state[i]) ^ ((prev ^ (prev >> 30)) * 1664525))
                    + np.int64(key[j]) + j) & MASK32
        i += 1
        j += 1
        if i >= N:
            state[0] = state[N - 1]
            i = 1
        if j >= length:
            j = 0
    for _ in range(N - 1):
        prev = np.int64(state[i - 1])
        state[i] = ((np.int64(state[i]) ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & MASK32
        i += 1
        if i >= N:
            state[0] = state[N - 1]
            i = 1
    state[0] = 0x80000000
    state[N] = N


@compiled
def _refill(state: np.ndarray) -> None:
    """The next N words of the stream (MT19937's twist)."""
    for k in range(N):
        y = (np.int64(state[k]) & 0x80000000) | (np.int64(state[(k + 1) % N]) & 0x7FFFFFFF)
        value = np.int64(state[(k + M) % N]) ^ (y >> 1)
        if y & 1:
            value ^= 0x9908B0DF
        state[k] = value
    state[N] = 0


@compiled
def next_word(state: np.ndarray) -> np.int64:
    """The next 32-bit output (``genrand_uint32``)."""
    if state[N] >= N:
        _refill(state)
    y = np.int64(state[state[N]])
    state[N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & MASK32


@compiled
def uniform(state: np.ndarray) -> float:
    """``random()``: 53 random bits as a float in [0, 1)."""
    a = next_word(state) >> 5
    b = next_word(state) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@compiled
def below(state: np.ndarray, n: int) -> int:
    """``randrange(n)`` for 0 < n < 2**32: getrandbits(n.bit_length()) until < n."""
    k = 0
    while (n >> k) > 0:
        k += 1
    r = next_word(state) >> (32 - k)
    while r >= n:
        r = next_word(state) >> (32 - k)
    return int(r)


@compiled
def shuffle(state: np.ndarray, cards: np.ndarray, count: int) -> None:
    """The engine's shuffle of ``cards[:count]``: a ``random()`` key per card in order,
    then a stable sort by key (:func:`cardgen.engine.table.shuffle`)."""
    keys = np.empty(count, np.float64)
    for i in range(count):
        keys[i] = uniform(state)
    order = np.argsort(keys, kind="mergesort")
    before = cards[:count].copy()
    for i in range(count):
        cards[i] = before[order[i]]
