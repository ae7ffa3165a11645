"""Static routings computed on a topology, outside the simulator: DFSSSP (:mod:`.dfsssp`)."""

from .dfsssp import DfssspRouting, dfsssp, layers_are_acyclic, sssp_next_hops

__all__ = ["DfssspRouting", "dfsssp", "layers_are_acyclic", "sssp_next_hops"]
