"""The Dask distributed engine: chunks of a lab job as tasks on a cluster (the optional extra [cluster]).

The job (rulesets as generated module source, the model, the spec) goes to the
scheduler once, as the input of one task; each task (one chunk, or a batch of chunks on the batched engine) takes that task's
result and compiles the modules in its worker (once per worker). Should a
worker die, the scheduler runs its tasks again elsewhere (and the job task
too, if its only copy is lost); chunks are merged in chunk order by the
caller, so the report does not change.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ...errors import GahError
from .jobs import Bounds, Job, play_chunks
from .tallies import Tally
from .voice import say

CONNECT_TIMEOUT = "20s"


def _hold(job: Job) -> Job:
    """The job as a task result, so workers fetch it from each other instead of each task carrying it."""
    return job


def run_on_dask(
    job: Job,
    pieces: list[list[Bounds]],
    scheduler: str,
    finished: Callable[[int, list[list[Tally]]], None],
    merged: bool = False,
) -> None:
    """Run every piece of work (consecutive chunks: one on the pure path, a batch on the batched engine) on the
    cluster at `scheduler`; `finished(index, tallies)` as each piece comes back, with each chunk's tallies (or,
    `merged`, one list: see play_chunks)."""
    try:
        # Imported by name: Dask is optional and untyped, so it stays Any here.
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise GahError(say("no_dask")) from None
    try:
        client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except OSError as error:
        raise GahError(say("no_scheduler", scheduler=scheduler, error=str(error))) from None
    try:
        held = client.submit(_hold, job, key=f"gah-job-{job.key[:16]}", pure=False)
        futures: dict[Any, int] = {}
        for index, piece in enumerate(pieces):
            key = f"gah-chunk-{job.key[:16]}-{piece[0][0]}-{piece[-1][1]}{'-merged' if merged else ''}"
            futures[client.submit(play_chunks, held, piece, merged, key=key, pure=False, retries=2)] = index
        for future, tallies in distributed.as_completed(list(futures), loop=client.loop, with_results=True):
            finished(futures[future], tallies)
    finally:
        client.close()
