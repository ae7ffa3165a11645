"""Running a sweep: on local processes (default), in this process, or on a Dask cluster.

Points go to workers as they free up; each finished row is saved before the next is awaited
(:class:`~topoanalysis.experiments.store.ResultStore`), so a killed sweep loses at most the points
that were running.  Local workers ignore Ctrl-C and die with the sweep's process (SIGKILL from the
kernel on Linux, and a thread watching the parent's pid everywhere); an interrupted sweep kills
them instead of waiting for their points.  A local worker that dies (a signal, the kernel's
out-of-memory killer) stops the sweep with :class:`WorkerLost`; the saved points stay and the next
sweep runs the rest.  Local workers are forked from this process where the platform allows it (the
imported modules come along; each worker compiles or loads the engine once and keeps its networks
between points, see :mod:`~topoanalysis.experiments.worker`).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from .config import Experiment, Point, experiment_from_dict, load_experiment
from .progress import log_progress
from .store import ResultStore
from .worker import run_point

__all__ = ["sweep", "run_points", "WorkerLost"]

#: how long to wait for a Dask scheduler to answer
CONNECT_TIMEOUT = "20s"
#: the most rows an interrupted sweep folds into its results file before exiting (about 0.5 s)
COMPACT_ON_INTERRUPT = 5000

_PR_SET_PDEATHSIG = 1  # linux/prctl.h


class WorkerLost(RuntimeError):
    """A local worker process died while running points (killed by a signal, or by the kernel when
    memory ran out); the points it had are not saved and run again in the next sweep."""


def _local(points: list[Point], workers: int) -> Iterator[dict[str, Any]]:
    if workers == 1 or len(points) == 1:
        for p in points:
            yield run_point(p)
        return
    method = "fork" if "fork" in mp.get_all_start_methods() and sys.platform.startswith("linux") else "spawn"
    with ProcessPoolExecutor(
        max_workers=workers, mp_context=mp.get_context(method), initializer=_worker_start, initargs=(os.getpid(),)
    ) as ex:
        # a bounded window of submitted points: a cancelled sweep stops after the running ones
        it = iter(points)
        pending = set()
        try:
            for p in it:
                pending.add(ex.submit(run_point, p))
                if len(pending) >= 2 * workers:
                    break
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    try:
                        row = f.result()
                    except BrokenProcessPool:
                        raise WorkerLost(
                            "a worker process died while running a point (killed by a signal, or out of memory)"
                        ) from None
                    yield row
                    nxt = next(it, None)
                    if nxt is not None:
                        pending.add(ex.submit(run_point, nxt))
        except BaseException:
            for f in pending:
                f.cancel()
            # running points are abandoned, not awaited: an interrupted sweep stops now, and what
            # they would have saved is run again by the next sweep
            _stop_workers(ex)
            raise


def _worker_start(parent: int) -> None:
    """Set up a local worker: it leaves stopping to the parent and does not outlive it."""
    # Ctrl-C reaches the whole process group; the parent stops the sweep and its workers
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
    _die_with_parent()
    # also where prctl worked: the kernel's signal follows the thread that forked, not the process
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="parent-watch").start()
    if os.getppid() != parent:  # the parent died before the worker could ask to follow it
        os._exit(1)


def _die_with_parent() -> bool:
    """Ask the kernel to kill this process when its parent dies (Linux ``prctl(PR_SET_PDEATHSIG)``)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    # without prctl: poll; a worker inside compiled code that holds the GIL exits when it returns
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def _stop_workers(ex: ProcessPoolExecutor) -> None:
    stop = getattr(ex, "terminate_workers", None)  # Python 3.14
    if stop is not None:
        stop()
        return
    # the executor forgets its processes on shutdown: take them first
    procs = list((getattr(ex, "_processes", None) or {}).values())
    ex.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        try:
            proc.kill()
        except (OSError, ValueError, AttributeError):
            pass


def _dask(points: list[Point], address: str) -> Iterator[dict[str, Any]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ValueError(
            "scheduler: running on a Dask cluster needs dask.distributed (pip install 'topoanalysis[cluster]')"
        ) from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as exc:
        raise ValueError(f"scheduler: cannot reach a Dask scheduler at {address!r}: {exc}") from None
    try:
        futures = client.map(run_point, points, pure=False)
        for fut in as_completed(futures):
            yield fut.result()
    finally:
        client.close()


def run_points(points: list[Point], workers: int | None = None, scheduler: str | None = None) -> Iterator[dict[str, Any]]:
    """Rows of ``points`` in the order they finish: on ``scheduler`` (a Dask address) when given,
    else on ``workers`` local processes (default: the machine's cores; 1 runs here)."""
    if scheduler is not None:
        if workers is not None:
            raise ValueError("workers: a Dask cluster has its own workers; give --workers or --scheduler, not both")
        return _dask(points, scheduler)
    if workers is None:
        workers = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers: must be an integer >= 1, got {workers!r}")
    return _local(points, workers)


def sweep(
    experiment: str | os.PathLike | dict | Experiment,
    output: str | os.PathLike | None = None,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    seeds: int | None = None,
    progress: bool = False,
) -> Any:
    """Run ``experiment`` (a TOML file, a dict of its contents or an :class:`Experiment`) and return
    every row as a pandas DataFrame (one row per point and seed; :func:`summarize` averages seeds).

    With ``output`` (``.parquet`` or ``.csv``) each finished point is saved at once and points
    already in the file are not run again: the same call after an interruption (``KeyboardInterrupt``
    passes through, the running points abandoned) or a lost worker (:class:`WorkerLost`) resumes
    the sweep.  ``seeds = n`` replaces the experiment's seeds by 1..n.
    """
    if isinstance(experiment, Experiment):
        exp = experiment
    elif isinstance(experiment, dict):
        exp = experiment_from_dict(experiment)
    elif isinstance(experiment, (str, os.PathLike)):
        exp = load_experiment(experiment)
    else:
        raise ValueError(f"experiment: a TOML file, a dict or an Experiment, got {type(experiment).__name__}")
    if seeds is not None:
        exp = exp.with_seeds(seeds)
    points = exp.points()
    store = ResultStore(output)
    try:
        done = store.done()
        todo = [p for p in points if p.point_id not in done]
        wanted = {p.point_id for p in points}
        bar = None
        tty = sys.stderr.isatty()
        if progress and todo and tty:
            from tqdm import tqdm

            bar = tqdm(total=len(points), initial=len(points) - len(todo), unit="point", desc=exp.name, file=sys.stderr)
        # on a terminal the bar; in a log, a line every 30 s with the points done and the time left
        with log_progress(
            f"topoanalysis sweep {exp.name}",
            len(points),
            "points",
            done=len(points) - len(todo),
            enabled=bool(progress and todo and not tty),
        ) as prog:
            try:
                for row in run_points(todo, workers, scheduler):
                    row = {"experiment": exp.name, **row}
                    store.add([row])
                    prog.advance()
                    if bar is not None:
                        bar.update(1)
            finally:
                if bar is not None:
                    bar.close()
        df = store.frame()
        # the file may hold points of an earlier version of the experiment: return this one's
        return df[df["point_id"].astype(str).isin(wanted)].reset_index(drop=True) if len(df) else df
    except KeyboardInterrupt:
        # stopping comes first: a large file is left to the next sweep to compact (its rows are
        # safe in the journal meanwhile, and read_results reads them)
        store.close(compact=len(store.rows) <= COMPACT_ON_INTERRUPT)
        raise
    finally:
        store.close()
