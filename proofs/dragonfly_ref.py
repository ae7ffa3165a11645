"""Small reference dragonflies built straight from the papers' definitions, for the proof tests
(the project generator generators/dragonfly.py is tested against the same claims when present).

Routers are numbered group * a + index; kinds ("local", "global").
"""

from __future__ import annotations

import numpy as np

from topoanalysis.topology import Topology


def _topology(a: int, g: int, gu: np.ndarray, gv: np.ndarray, family: str) -> Topology:
    grp = np.repeat(np.arange(g), a)
    idx = np.tile(np.arange(a), g)
    iu, iv = np.triu_indices(a, 1)
    lu = (np.arange(g)[:, None] * a + iu).ravel()
    lv = (np.arange(g)[:, None] * a + iv).ravel()
    pairs = np.unique(np.sort(np.stack([gu, gv], 1), axis=1), axis=0)
    u = np.concatenate([lu, pairs[:, 0]])
    v = np.concatenate([lv, pairs[:, 1]])
    kind = np.concatenate([np.zeros(lu.size, int), np.ones(len(pairs), int)])
    return Topology(a * g, u, v, kind, ("local", "global"), labels={"group": grp, "index": idx}, family=family)


def palmtree(a: int, h: int) -> Topology:
    """Seed 000 §4.1.2: router i of group j joins router a-1-i of groups j - i h - 1 ... j - i h - h (mod b), b = ah+1."""
    b = a * h + 1
    j, i, s = np.meshgrid(np.arange(b), np.arange(a), np.arange(1, h + 1), indexing="ij")
    gu = j * a + i
    gv = ((j - i * h - s) % b) * a + (a - 1 - i)
    return _topology(a, b, gu.ravel(), gv.ravel(), "dragonfly-ref-palmtree")


def relative(a: int, h: int) -> Topology:
    """Seed 004 §II (relative): port k of group i joins group i+k+1; port k sits on router k // h."""
    g = a * h + 1
    i, k = np.meshgrid(np.arange(g), np.arange(g - 1), indexing="ij")
    t = (i + k + 1) % g
    kt = g - k - 2
    return _topology(a, g, (i * a + k // h).ravel(), (t * a + kt // h).ravel(), "dragonfly-ref-relative")


def absolute(a: int, h: int) -> Topology:
    """Seed 004 §II (absolute): port k of group i joins group k if k < i else k+1; port k on router k // h."""
    g = a * h + 1
    i, k = np.meshgrid(np.arange(g), np.arange(g - 1), indexing="ij")
    t = np.where(k < i, k, k + 1)
    kt = np.where(i < t, i, i - 1)
    return _topology(a, g, (i * a + k // h).ravel(), (t * a + kt // h).ravel(), "dragonfly-ref-absolute")


def circulant(a: int, h: int) -> Topology:
    """Seed 000 §4.1.3 (h = Δ2 even): router i of group j joins router i of groups j ± (i h/2 + s), s = 1..h/2, b = ah+1.

    Same links as seed 004 §II's circulant-based arrangement (switch i ports hi..h(i+1)-1, distances ⌊k/2⌋+1)."""
    if h % 2:
        raise ValueError(f"h must be even for the circulant arrangement, got {h}")
    b = a * h + 1
    j, i, s = np.meshgrid(np.arange(b), np.arange(a), np.arange(1, h // 2 + 1), indexing="ij")
    gu = j * a + i
    gv = ((j + i * h // 2 + s) % b) * a + i
    return _topology(a, b, gu.ravel(), gv.ravel(), "dragonfly-ref-circulant")


def extended_palmtree(a: int, b: int, d2: int) -> Topology:
    """Seed 000 §5.2.2: router x of group y joins (a-x-1, rem(y + 1 + rem((a-x-1)Δ2 + k - 1, b-1), b)), k = 1..Δ2."""
    if (a * d2) % (b - 1):
        raise ValueError(f"eq. (1) needs t = a Δ2/(b-1) integral, got a={a}, b={b}, Δ2={d2}")
    y, x, k = np.meshgrid(np.arange(b), np.arange(a), np.arange(1, d2 + 1), indexing="ij")
    gu = y * a + x
    gv = ((y + 1 + ((a - x - 1) * d2 + k - 1) % (b - 1)) % b) * a + (a - x - 1)
    return _topology(a, b, gu.ravel(), gv.ravel(), "dragonfly-ref-extended-palmtree")
