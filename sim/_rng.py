"""Compiled random numbers for the simulator: xorshift64* streams, one per uint64 array element.

A run's randomness lives in one such array with a stream per router (each seeded from ``seed``
and the router's index by splitmix64), so the run is fully determined by its seed, independent
of numba's global generator and of the order in which the engine visits the routers.
"""

from __future__ import annotations

import numba
import numpy as np

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


def _splitmix(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)


def make_state(seed: int, n: int = 1) -> np.ndarray:
    """``n`` generator states (stream i: splitmix64 of ``seed`` then of i; never zero)."""
    base = _splitmix(int(seed) * 0x9E3779B97F4A7C15 & 0xFFFFFFFFFFFFFFFF)
    return np.array([_splitmix(base ^ (i * 0xD1B54A32D192ED03 & 0xFFFFFFFFFFFFFFFF)) or 0x1234567
                     for i in range(n)], dtype=np.uint64)


@numba.njit(cache=True, inline="always")
def next_u64(st):
    x = st[0]
    x ^= x >> _S12
    x ^= x << _S25
    x ^= x >> _S27
    st[0] = x
    return x * _MUL


@numba.njit(cache=True, inline="always")
def rand_float(st):
    """Uniform float in [0, 1)."""
    return float(next_u64(st) >> _S11) * _TWO53


@numba.njit(cache=True, inline="always")
def rand_below(st, n):
    """Uniform integer in [0, n) (n >= 1)."""
    return int(rand_float(st) * n)
