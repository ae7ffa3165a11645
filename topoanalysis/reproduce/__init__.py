"""The papers' own tables and figures, and the runs that reproduce them.

One module per reproduced table (``seed002_table3``, ...): the paper's printed numbers (never our
results) and a function building the network used for each cell; scripts under ``benchmarks/``
print the comparisons.  One module per reproduced figure (``seed001_fig6``, ``seed000_fig9``,
...): its network, router model, curves and traffic, the paper's statements about it (``PAPER``),
and a command line (``python -m topoanalysis.reproduce.seed001_fig8 [--full] [-o CSV]``) built on
``_curves`` (load sweeps) or ``_bursts`` (burst consumption); the recorded runs are in ``data/``.
Tests under ``tests/`` check both against the papers.
"""
