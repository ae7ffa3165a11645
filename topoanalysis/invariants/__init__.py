"""Structural invariants of any Topology: Moore bound, distances, link usage, symmetry, GCCs."""

from .balance import dragonfly_balance, hamming_concentration, slimfly_concentration
from .distances import DistanceStats, distance_stats
from .gcc import gcc_sizes, global_components
from .link_usage import alpha_approx, alpha_from_edges, balanced_groups, global_degree, ratios, table_i_row, table_iv_radix
from .moore import moore_bound, moore_fraction
from .report import invariants
from .symmetry import Symmetry, symmetry

__all__ = [
    "DistanceStats",
    "Symmetry",
    "alpha_approx",
    "alpha_from_edges",
    "balanced_groups",
    "distance_stats",
    "dragonfly_balance",
    "gcc_sizes",
    "global_components",
    "global_degree",
    "hamming_concentration",
    "invariants",
    "moore_bound",
    "moore_fraction",
    "ratios",
    "slimfly_concentration",
    "symmetry",
    "table_i_row",
    "table_iv_radix",
]
