"""Running many synthetic games: fixed chunks on an engine, results merged in chunk order.

The games are split into chunks of CHUNK games whatever the engine (gah.lab.runs.jobs), and the
chunks into pieces of work; tallies are integer counters only, each piece's are its chunks' merged in
order, and the pieces' are merged in order, so this process, local worker processes or a Dask cluster
(gah.lab.runs.cluster) with any number of workers give the same numbers, byte for byte.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable

from .cluster import run_on_dask
from .jobs import (
    CHUNK,
    Bounds,
    Job,
    LabSpec,
    chunks,
    make_job,
    merge_tallies,
    play_chunks,
    units,
)
from .tallies import Tally
from .warm import compile_first

POOL_BATCH = 4  # chunks a local worker process is sent at once
SCHEDULER_ENV = "GAH_SCHEDULER"
Progress = Callable[[int, int], None]


def default_workers() -> int:
    """Every core: results do not depend on the number of workers, so more only means sooner."""
    return max(1, os.cpu_count() or 1)


def scheduler_from_env() -> str | None:
    """The Dask scheduler named by GAH_SCHEDULER, if any."""
    return os.environ.get(SCHEDULER_ENV) or None


_POOL_JOB: list[tuple[Job, bool]] = []


def _init_pool_worker(job: Job, merged: bool) -> None:
    # Ctrl-C reaches every process of the terminal's group: the parent says "interrupted" once and ends the
    # pool; a worker that raised KeyboardInterrupt too would print its own traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _POOL_JOB[:] = [(job, merged)]


def _pool_unit(unit: list[Bounds]) -> list[list[Tally]]:
    job, merged = _POOL_JOB[0]
    return play_chunks(job, unit, merged)


def _context() -> multiprocessing.context.BaseContext:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def run_lab(
    spec: LabSpec,
    workers: int = 1,
    progress: Progress | None = None,
    chunk: int = CHUNK,
    scheduler: str | None = None,
    engines: list[str] | None = None,
) -> list[Tally]:
    """Play every game under every ruleset; one Tally per ruleset, identical for any engine and `workers` (the
    engine that played is appended to `engines`).

    With `scheduler` (a Dask scheduler address) the chunks run on that cluster; otherwise on `workers`
    local processes (1: this process). Each piece of work comes back as one Tally per ruleset (the merge of
    its chunks'), merged in piece order."""
    found = _run_pieces(spec, workers, progress, chunk, scheduler, merged=True, engines=engines)
    return merge_tallies([tallies for piece in found for tallies in piece], len(spec.rulesets))


def run_chunks(
    spec: LabSpec,
    workers: int = 1,
    progress: Progress | None = None,
    chunk: int = CHUNK,
    scheduler: str | None = None,
) -> list[list[Tally]]:
    """Each chunk's tallies (one per ruleset), in chunk order, whose merge run_lab gives (for intervals from
    batches of games, gah.lab.views.tune)."""
    found = _run_pieces(spec, workers, progress, chunk, scheduler, merged=False)
    return [tallies for piece in found for tallies in piece]


def _run_pieces(
    spec: LabSpec,
    workers: int,
    progress: Progress | None,
    chunk: int,
    scheduler: str | None,
    merged: bool,
    engines: list[str] | None = None,
) -> list[list[list[Tally]]]:
    """Every piece of work's tallies (play_chunks: per chunk, or `merged` per piece), in piece order; the engine
    that plays them is appended to `engines`."""
    parts = chunks(spec.games, chunk)
    job = make_job(spec)
    if engines is not None:
        engines.append(job.engine)
    if job.engine == "batched" and scheduler is None:  # a cluster's workers compile (or load) their own
        compile_first(lambda: play_chunks(job, [(0, 1)]))
    if progress is not None:
        progress(0, spec.games)  # the games start now: their clock (and games/s) counts no compile
    pieces = units(parts, job, 1 if scheduler is None and workers <= 1 else workers)
    results: list[list[list[Tally]] | None] = [None] * len(pieces)
    done = 0

    def finished(unit: int, tallies: list[list[Tally]]) -> None:
        """Piece `unit` is done (pieces[unit]: its chunks' tallies, or one merged list)."""
        nonlocal done
        results[unit] = tallies
        done += sum(high - low for low, high in pieces[unit])
        if progress is not None:
            progress(done, spec.games)

    if scheduler is not None:
        run_on_dask(job, pieces, scheduler, finished, merged)
    elif workers <= 1 or len(pieces) <= 1:
        for index, piece in enumerate(pieces):
            finished(index, play_chunks(job, piece, merged))
    else:
        context = _context()
        if context.get_start_method() == "fork":
            # Forked workers inherit this process's lab and every kernel numba loaded for it: loaded once here,
            # not once per worker (compiled once too, when numba's cache is cold).
            play_chunks(job, [(0, 1)])
        with context.Pool(min(workers, len(pieces)), initializer=_init_pool_worker, initargs=(job, merged)) as pool:
            # Chunks of the pure path go out and come back a few at a time: one message per chunk cost this process
            # (which shares the cores with the workers) about 2 ms a chunk. A batch is a piece on its own.
            batch = 1 if job.engine == "batched" else max(1, min(POOL_BATCH, len(pieces) // (4 * workers)))
            for index, tallies in enumerate(pool.imap(_pool_unit, pieces, chunksize=batch)):
                finished(index, tallies)
    assert all(tallies is not None for tallies in results), "every piece reports back"
    return [tallies for tallies in results if tallies is not None]
