"""The papers' own tables as data plus the networks that reproduce them.

One module per reproduced table; each holds the paper's printed numbers (never our results) and
a function building the network used for each cell.  Scripts under ``benchmarks/`` print the
comparisons; tests under ``tests/`` check them.
"""
