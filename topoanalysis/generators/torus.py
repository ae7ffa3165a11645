"""Tori (k-ary n-cubes with wraparound) and hypercubes, the low-radix networks of Besta & Hoefler 2014, Table II.

Besta & Hoefler 2014, §III compares Slim Fly with the 3- and 5-dimensional torus (T3D, T5D;
Table II gives the diameter ⌈(n/2)·N^(1/n)⌉ of an n-dimensional cube, exact for
even sides: the exact value is sum ⌊k_i/2⌋) and the hypercube (HC, diameter
⌈log2 N⌉), all with concentration p = 1 ("for lower
radix topologies (T3D, T5D, HC, LH-HC) we select p = 1", §III); §VI-B3 models
tori as (hyper)cuboids and HC as one link per dimension.

Router numbering, labels and kinds follow :mod:`.hamming`: mixed-radix id with
coordinate 0 fastest, label columns ``c0, c1, ...``, one link kind per dimension
``dim0, dim1, ...`` (for dimension-order routing).

Dimension sizes: a dimension of size k >= 3 is a ring of k links; a dimension of
size 2 has ONE link between its two routers (the wraparound would duplicate the
direct link, and real 2-ary tori and hypercubes cable it once); size 1 is rejected
(it adds no link and is almost always a mistake).  The hypercube of dimension n is
therefore exactly the torus with n dimensions of size 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

import numpy as np

from ..topology import Topology
from ..checks import check_int, check_int_list, check_size
from .hamming import coordinates, dimension_bases

__all__ = ["torus", "hypercube", "torus_diameter"]


def torus_diameter(dims: Sequence[int]) -> int:
    """Diameter sum(⌊k_i/2⌋) of the torus with these dimension sizes."""
    return sum(k // 2 for k in check_int_list("dims", dims, 2))


def _torus(dims: list[int], p: int, family: str, params: dict) -> Topology:
    n = prod(dims)
    n_links = sum(n if k > 2 else n // 2 for k in dims)
    check_size(f"{family} dims={dims}", n, n_links)
    us, vs, ks = [], [], []
    for d, k in enumerate(dims):
        base, stride = dimension_bases(dims, d)
        # positions 0..k-1 along the ring; size 2 keeps only the 0 -- 1 link
        pos = np.arange(k if k > 2 else 1)
        us.append((base[:, None] + pos[None, :] * stride).ravel())
        vs.append((base[:, None] + ((pos + 1) % k)[None, :] * stride).ravel())
        ks.append(np.full(us[-1].size, d, dtype=np.int8))
    return Topology(
        n,
        np.concatenate(us),
        np.concatenate(vs),
        np.concatenate(ks),
        tuple(f"dim{d}" for d in range(len(dims))),
        p,
        coordinates(dims),
        family,
        params,
    )


def torus(dims: Sequence[int], p: int = 1) -> Topology:
    """Torus with dimension sizes ``dims`` (each >= 2) and ``p`` endpoints per router (Besta & Hoefler 2014, §III, Table II).

    N = prod(k_i) routers; a dimension of size k >= 3 contributes N ring links,
    one of size 2 contributes N/2 links (one link, not two parallel ones); degree
    sum(2 if k >= 3 else 1); diameter sum(⌊k_i/2⌋).  ``p`` defaults to 1 as Besta & Hoefler 2014,
    §III uses for tori.  Labels ``c0..``, kinds ``dim0..``; see the module docstring.
    """
    dims = check_int_list("dims", dims, 2)
    p = check_int("p (endpoints per router)", p, 0)
    return _torus(dims, p, "torus", {"dims": dims, "p": p})


def hypercube(n: int, p: int = 1) -> Topology:
    """n-dimensional hypercube: 2^n routers, n·2^(n-1) links, degree and diameter n (Besta & Hoefler 2014, Table II).

    The torus with n dimensions of size 2 (router id = the binary word c0 + 2c1 + ...);
    ``p`` defaults to 1 (Besta & Hoefler 2014, §III).
    """
    # 2^24 routers is the size limit of every generator (topoanalysis.checks.MAX_ROUTERS)
    n = check_int("n (hypercube dimension)", n, 1, 24)
    p = check_int("p (endpoints per router)", p, 0)
    return _torus([2] * n, p, "hypercube", {"n": n, "p": p})
