"""Regenerate the committed CSV exports of the papers' own network configurations.

    python data/regenerate.py            # (re)write every export whose family exists
    python data/regenerate.py --check    # only compare the exports with a fresh build

Each entry of :data:`CONFIGS` names the directory under ``data/``, the family
and generator parameters (``topoanalysis.build``), the paper section it comes
from, and the counts the paper states or implies for it (``paper``); the test
``tests/test_io_csv.py`` checks both the counts and that every committed export
equals a fresh build.  Families whose generator is not available are skipped
with a message.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from topoanalysis import build
from topoanalysis.io.csv import read_csv, write_csv

DATA = Path(__file__).resolve().parent

#: name -> (family, params, source, paper counts).  Counts: routers, links, per-kind links, endpoints.
CONFIGS: dict[str, tuple[str, dict[str, Any], str, dict[str, Any]]] = {
    # seed 000 §4 Fig. 2: a = 5, b = 11, Delta_2 = 2, circulant-based arrangement (subgraph of K5 x K11).
    # Global links b(b-1)/2 = 55 (canonical: one per group pair), local b*a(a-1)/2 = 110.
    "seed000_fig2_circulant_a5_h2": ("dragonfly", {"a": 5, "h": 2, "p": 0, "arrangement": "circulant"},
                                      "seed 000 §4, Fig. 2", {"routers": 55, "local": 110, "global": 55}),
    # seed 000 §4.1 Fig. 3: a = 4, b = 9, Delta_2 = 2 under the consecutive (3b) and palmtree (3c)
    # arrangements; Fig. 3a (random) is one random draw, not reproducible, so it is not exported.
    "seed000_fig3b_consecutive_a4_h2": ("dragonfly", {"a": 4, "h": 2, "p": 2, "arrangement": "consecutive"},
                                        "seed 000 §4.1.1, Fig. 3b", {"routers": 36, "local": 54, "global": 36}),
    "seed000_fig3c_palmtree_a4_h2": ("dragonfly", {"a": 4, "h": 2, "p": 2, "arrangement": "palmtree"},
                                     "seed 000 §4.1.2, Fig. 3c", {"routers": 36, "local": 54, "global": 36}),
    # seed 000 §5 Table I / Fig. 5: a = 4 with trunking t; |E2| = t b(b-1)/2 (eq. 3), a*Delta_2 = t(b-1) (eq. 5),
    # extended palmtree arrangement (§5.2).  t = 1 is the canonical b = 9 network of Fig. 3c above.
    "seed000_table1_t2_b5": ("dragonfly", {"a": 4, "h": 2, "p": 2, "groups": 5, "trunking": 2,
                                           "arrangement": "palmtree"},
                             "seed 000 §5 Table I row t=2", {"routers": 20, "local": 30, "global": 20}),
    "seed000_table1_t3_b5": ("dragonfly", {"a": 4, "h": 3, "p": 2, "groups": 5, "trunking": 3,
                                           "arrangement": "palmtree"},
                             "seed 000 §5 Table I row t=3", {"routers": 20, "local": 30, "global": 30}),
    # Table I row t = 4: the Hamming graph K4 x K4 (16 routers, 2 * 4 * 6 = 48 links).
    "seed000_table1_t4_hamming_4x4": ("hamming", {"sizes": [4, 4]},
                                      "seed 000 §5 Table I row t=4 (Hamming K4 x K4), §3",
                                      {"routers": 16, "links": 48}),
    # seed 000 §8 Table IV, corner case "Hamming K_a x K_a x K_a" (t2 = a, t3 = ab) with a = 4: a^3 = 64 routers,
    # Delta_0 = a = 4 compute nodes per router, radix R = 3(a-1) + a = 13, (R+3)^4/2^8 = 256 compute nodes.
    "seed000_table4_hamming_4x4x4": ("hamming", {"sizes": [4, 4, 4]},
                                     "seed 000 §8 Table IV (3D Hamming corner case), §3",
                                     {"routers": 64, "endpoints": 256}),
    # seed 002 §VI-B3d / Table IV: the 3-level flattened butterfly K10 x K10 x K10 with p = 10 (N = 10,000,
    # N_r = 1,000, 4,500 electric intra-group cables); built from radix k = 37 = 4*10 - 3 (Table IV says 33).
    "seed002_table4_fbf3_c10": ("flatfly", {"k": 37, "levels": 3, "p": 10},
                                "seed 002 §VI-B3d, Table IV (FBF-3, comparable-N column)",
                                {"routers": 1000, "endpoints": 10000, "dim0": 4500}),
    # seed 000 §7 Table II: the simulated trunked dragonfly, a = 24, b = 79 groups, t = 4 (so Delta_2 = h = 13
    # by eq. (1): 24 * 13 = 4 * 78), p = 13 endpoints per router, 24,648 endpoints.
    "seed000_table2_a24_t4_b79": ("dragonfly", {"a": 24, "h": 13, "p": 13, "groups": 79, "trunking": 4,
                                                "arrangement": "palmtree"},
                                  "seed 000 §7 Table II", {"routers": 1896, "endpoints": 24648,
                                                           "local": 79 * 24 * 23 // 2, "global": 4 * 79 * 78 // 2}),
    # seed 001 §2: the h = 6 dragonfly (a = 2h = 12, p = h = 6, palmtree) with 5,256 computing nodes.
    "seed001_h6_palmtree": ("dragonfly", {"a": 12, "h": 6, "p": 6, "arrangement": "palmtree"},
                            "seed 001 §2 (Fig. 2), §4 Table 1",
                            {"routers": 876, "endpoints": 5256, "local": 73 * 66, "global": 73 * 72 // 2}),
    # seed 004 §II: (p,4,2) dragonflies (g = ah + 1 = 9) under the three compared arrangements; the paper
    # leaves p as a variable, we use p = 2 (= h, the balanced choice of seed 000 §4).
    "seed004_p42_absolute": ("dragonfly", {"a": 4, "h": 2, "p": 2, "arrangement": "absolute"},
                             "seed 004 §II, Fig. 2", {"routers": 36, "local": 54, "global": 36}),
    "seed004_p42_relative": ("dragonfly", {"a": 4, "h": 2, "p": 2, "arrangement": "relative"},
                             "seed 004 §II, Fig. 3", {"routers": 36, "local": 54, "global": 36}),
    "seed004_p42_circulant": ("dragonfly", {"a": 4, "h": 2, "p": 2, "arrangement": "circulant"},
                              "seed 004 §II, Fig. 4", {"routers": 36, "local": 54, "global": 36}),
    # seed 002 §II-B: Slim Fly MMS graphs, Nr = 2q^2, network radix k' = (3q - delta)/2, p = ceil(k'/2).
    # q = 5 is the Hoffman-Singleton graph "with 50 radix-7 vertices and 175 edges" (§II-A).
    "seed002_slimfly_q5": ("slimfly", {"q": 5}, "seed 002 §II-A/§II-B (q = 5 example)",
                           {"routers": 50, "links": 175, "endpoints": 200}),
    "seed002_slimfly_q7": ("slimfly", {"q": 7}, "seed 002 §II-B formulas (q = 7, delta = -1, k' = 11)",
                           {"routers": 98, "links": 98 * 11 // 2, "endpoints": 98 * 6}),
    # seed 002 §V/§VI-A: q = 19, Nr = 722, k' = 29, p = 15, N = 10,830 endpoints.
    "seed002_slimfly_q19": ("slimfly", {"q": 19}, "seed 002 §V (SF: k = 44, p = 15, Nr = 722, N = 10,830), §VI-A",
                            {"routers": 722, "links": 722 * 29 // 2, "endpoints": 10830}),
    # seed 002 §II-A: Petersen (Moore graph of degree 3) and Hoffman-Singleton (degree 7, 50 vertices, 175 edges).
    "petersen": ("petersen", {}, "seed 002 §II-A (Moore graphs)", {"routers": 10, "links": 15}),
    "hoffman_singleton": ("hoffman_singleton", {}, "seed 002 §II-A (50 radix-7 vertices, 175 edges)",
                          {"routers": 50, "links": 175}),
}


def fresh(name: str):
    """Build configuration ``name`` from scratch; ``None`` when its family's generator is not available."""
    family, params, _, _ = CONFIGS[name]
    try:
        return build(family, **params)
    except ImportError:
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument("names", nargs="*", help="only these configurations")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.names) - set(CONFIGS))
    if unknown:
        parser.error(f"unknown configuration(s) {', '.join(unknown)}")
    status = 0
    for name in args.names or CONFIGS:
        try:
            top = fresh(name)
        except ValueError as exc:  # a generator that exists but rejects the paper's parameters
            print(f"FAIL  {name}: {exc}")
            status = 1
            continue
        if top is None:
            print(f"skip  {name}: family {CONFIGS[name][0]!r} has no generator yet")
            continue
        target = DATA / name
        if args.check:
            ok = target.is_dir() and read_csv(target).same_network(top)
            print(f"{'ok   ' if ok else 'STALE'} {name}")
            status |= not ok
        else:
            write_csv(top, target, overwrite=True)
            print(f"wrote {name}: {top.n_routers} routers, {top.n_links} links {top.links_per_kind()}")
    return status


if __name__ == "__main__":
    sys.exit(main())
