"""Experiments as configurations: sweeps over topologies, routings, traffic, loads and seeds.

    from topoanalysis.experiments import sweep, summarize
    df = sweep("experiment.toml", "results.parquet")     # resumable; local processes by default
    print(summarize(df)[["routing", "load", "accepted_load_mean", "accepted_load_ci"]])

:mod:`.config` reads and checks the TOML file and expands its points, :mod:`.worker` runs one
point, :mod:`.runner` distributes them (local processes or a Dask cluster), :mod:`.store` keeps
the results file, :mod:`.summary` averages seeds.
"""

from .config import Experiment, Point, experiment_from_dict, load_experiment
from .runner import run_points, sweep
from .store import ResultStore, read_results
from .summary import summarize

__all__ = [
    "Experiment",
    "Point",
    "load_experiment",
    "experiment_from_dict",
    "sweep",
    "run_points",
    "summarize",
    "read_results",
    "ResultStore",
]
