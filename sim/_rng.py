"""Compiled random numbers for the simulator: xorshift64* streams, one per uint64 array element.

A run's randomness lives in one such array with a stream per router and one per endpoint (each
seeded from ``seed`` and its index by splitmix64), so the run is fully determined by its seed,
independent of numba's global generator and of the order in which the engine visits the routers.
"""

from __future__ import annotations

import numpy as np

from ._jit import helper

_M1 = np.uint64(0x9E3779B97F4A7C15)
_M2 = np.uint64(0xBF58476D1CE4E5B9)
_M3 = np.uint64(0x94D049BB133111EB)
_MUL = np.uint64(0x2545F4914F6CDD1D)
_S12 = np.uint64(12)
_S25 = np.uint64(25)
_S27 = np.uint64(27)
_S11 = np.uint64(11)
_S30 = np.uint64(30)
_S31 = np.uint64(31)
_TWO53 = 1.0 / 9007199254740992.0


def _splitmix(x: np.ndarray) -> np.ndarray:
    x = x + np.uint64(0x9E3779B97F4A7C15)
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def make_state(seed: int, n: int = 1) -> np.ndarray:
    """``n`` generator states (stream i: splitmix64 of ``seed`` mixed with i; never zero)."""
    with np.errstate(over="ignore"):
        base = _splitmix(np.array([int(seed) & 0xFFFFFFFFFFFFFFFF], np.uint64))
        x = _splitmix(base ^ (np.arange(n, dtype=np.uint64) * np.uint64(0xD1B54A32D192ED03)))
    x[x == 0] = 0x1234567
    return x


@helper
def advance(x):
    """The state after x (xorshift64)."""
    x ^= x >> _S12
    x ^= x << _S25
    x ^= x >> _S27
    return x


@helper
def to_float(x):
    """The uniform float in [0, 1) that state x gives (xorshift64* output)."""
    return float((x * _MUL) >> _S11) * _TWO53


@helper
def rand_float(st):
    """Uniform float in [0, 1) from the stream in st[0]."""
    x = advance(st[0])
    st[0] = x
    return to_float(x)


@helper
def rand_below(st, n):
    """Uniform integer in [0, n) (n >= 1)."""
    return int(rand_float(st) * n)
