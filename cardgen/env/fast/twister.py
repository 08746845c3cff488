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
    """numba's ``njit``, cached on disk (compiled once per machine), typed for mypy;
    without reference counting (``_nrt=False``): the kernel allocates nothing, and the
    counting of every array handed from call to call cost more than the rules."""
    options: dict[str, Any] = {"cache": True, "_nrt": False}  # _nrt is not in numba's stubs
    return cast(F, njit(**options)(function))


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
    # (a writable copy: numba compiles a read-only array's calls anew)
    return np.frombuffer(number.to_bytes(words * 4, "little"), "<u4").astype(np.uint32)


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
def shuffle(state: np.ndarray, cards: np.ndarray, count: int, scratch: np.ndarray) -> None:
    """The engine's shuffle of ``cards[:count]``: a ``random()`` key per card in order,
    then a stable sort by key (:func:`cardgen.engine.table.shuffle`). ``scratch`` is
    float64 (4, count or more): the kernel allocates nothing (it runs without numba's
    reference counting)."""
    keys, values, other_keys, other_values = scratch[0], scratch[1], scratch[2], scratch[3]
    for i in range(count):
        keys[i] = uniform(state)
        values[i] = cards[i]
    width = 1
    while width < count:  # a bottom-up merge sort: stable, as list.sort
        for low in range(0, count, 2 * width):
            merge(keys, values, other_keys, other_values, low,
                  min(low + width, count), min(low + 2 * width, count))
        keys, other_keys = other_keys, keys
        values, other_values = other_values, values
        width *= 2
    for i in range(count):
        cards[i] = values[i]


@compiled
def merge(keys: np.ndarray, values: np.ndarray, to_keys: np.ndarray, to_values: np.ndarray,
          low: int, middle: int, high: int) -> None:
    """The sorted runs [low, middle) and [middle, high) merged into ``to_*`` (the left
    one first on equal keys)."""
    i, j = low, middle
    for k in range(low, high):
        if i < middle and (j >= high or keys[j] >= keys[i]):
            to_keys[k], to_values[k] = keys[i], values[i]
            i += 1
        else:
            to_keys[k], to_values[k] = keys[j], values[j]
            j += 1
