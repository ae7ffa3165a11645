"""Compiled random numbers for the simulator: one xorshift64* stream in a 1-element uint64 array.

A run's randomness lives in this one array (seeded from ``seed`` by splitmix64), so the run
is fully determined by its seed and independent of numba's global generator.
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


def make_state(seed: int) -> np.ndarray:
    """A generator state (splitmix64 of ``seed``; never zero)."""
    x = (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 31
    return np.array([x or 0x1234567], dtype=np.uint64)


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
