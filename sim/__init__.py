"""Cycle-level flit simulator over any topoanalysis Topology (see issue 5)."""
