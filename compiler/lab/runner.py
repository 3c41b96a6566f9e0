"""Running many synthetic games: fixed chunks on an engine, results merged in chunk order.

The games are split into chunks of CHUNK games whatever the engine; each chunk
is tallied on its own (integer counters only) and the tallies are merged in
chunk order, so this process, local worker processes or a Dask cluster with
any number of workers give the same numbers, byte for byte. A chunk needs
only a Job (plain data: the spec and the rulesets' generated module sources),
so workers compile the rulesets themselves and nothing depends on shared files.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from types import ModuleType
from typing import cast

from compiler import ir
from compiler.backends.python.load import import_source
from compiler.backends.python.module import generate_module, with_runtime_from
from compiler.lab.game import LabModule, Outcome
from compiler.lab.model import Model
from compiler.lab.native import engine, runtime_module
from compiler.lab.sharing import plan_parts
from compiler.lab.stats import Tally

CHUNK = 250
POOL_BATCH = 4  # chunks a local worker process is sent at once
SCHEDULER_ENV = "GAH_SCHEDULER"
Progress = Callable[[int, int], None]
Bounds = tuple[int, int]


@dataclass(frozen=True)
class LabSpec:
    """One comparison: the rulesets (the first is the reference), the model and the games."""

    rulesets: tuple[ir.Ruleset, ...]
    model: Model
    games: int
    players: int
    seed: int


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play chunks of a spec: data and module sources, nothing on disk."""

    spec: LabSpec
    sources: tuple[str, ...]

    @cached_property
    def key(self) -> str:
        """Names the job in worker caches (the same job gives the same key in every process)."""
        text = repr((self.spec, self.sources))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


@lru_cache(maxsize=256)
def module_source(ruleset: ir.Ruleset) -> str:
    """The generated scoring module of a ruleset (the text load_scoring_module compiles), made once per process."""
    return generate_module(ruleset)


def make_job(spec: LabSpec) -> Job:
    return Job(spec, tuple(module_source(r) for r in spec.rulesets))


def default_workers() -> int:
    """Every core: results do not depend on the number of workers, so more only means sooner."""
    return max(1, os.cpu_count() or 1)


def scheduler_from_env() -> str | None:
    """The Dask scheduler named by GAH_SCHEDULER, if any."""
    return os.environ.get(SCHEDULER_ENV) or None


class Lab:
    """The rulesets of a spec, ready to play (one per process), by `play` (compiler.lab.game or its compiled copy)."""

    def __init__(self, spec: LabSpec, sources: tuple[str, ...] | None = None, play: ModuleType | None = None) -> None:
        self.spec = spec
        self.game = play if play is not None else engine()
        texts = sources if sources is not None else tuple(module_source(r) for r in spec.rulesets)
        self.modules: list[LabModule] = [
            _load(text, r.module_name) for text, r in zip(texts, spec.rulesets, strict=True)
        ]
        self.fasts = [self.game.Fast(self.game.RulesInfo.of(r), spec.model) for r in spec.rulesets]
        self.rounds = max(r.rounds for r in spec.rulesets)
        self.picks = tuple(self.game.round_picks(spec.model.round(r)) for r in range(1, self.rounds + 1))
        # A ruleset listed twice (same data, same module) is played once and its outcome reused.
        self.same_as: list[int] = []
        for index, (fast, text) in enumerate(zip(self.fasts, texts, strict=True)):
            earlier = [j for j in range(index) if self.fasts[j].info == fast.info and texts[j] == text]
            self.same_as.append(earlier[0] if earlier else index)
        # Rulesets that play stretches of a game alike play them once (see compiler.lab.sharing).
        distinct = [index for index, source in enumerate(self.same_as) if source == index]
        self.parts = plan_parts(spec.rulesets, [f.info for f in self.fasts], distinct)
        self.tables = list(zip(self.fasts, self.modules, strict=True))

    def play_game(self, game: int) -> list[Outcome]:
        spec = self.spec
        plan = self.game.plan_game(self.picks, spec.seed, game, spec.players)
        outcomes: dict[int, Outcome] = {}
        for part in self.parts:
            outcomes.update(self.game.play_parts(part, self.tables, plan))
        return [outcomes[source] for source in self.same_as]

    def run(self, start: int, stop: int) -> list[Tally]:
        games = [self.play_game(game) for game in range(start, stop)]
        firsts = [outcomes[0] for outcomes in games]
        tallies = []
        for index in range(len(self.spec.rulesets)):
            tally = Tally()
            tally.add_games([outcomes[index] for outcomes in games], firsts)
            tallies.append(tally)
        return tallies


def _load(source: str, name: str) -> LabModule:
    """A ruleset's scoring module for the lab: with the compiled runtime if it is built (compiler.lab.native),
    else as generated."""
    runtime = runtime_module()
    lab_source = with_runtime_from(source, runtime) if runtime is not None else None
    return cast(LabModule, import_source(lab_source or source, name))


_LABS: dict[str, Lab] = {}


def play_chunk(job: Job, bounds: Bounds) -> list[Tally]:
    """Play one chunk of a job: what every engine's worker runs (the job's Lab is built once per process)."""
    lab = _LABS.get(job.key)
    if lab is None:
        _LABS.clear()
        lab = _LABS[job.key] = Lab(job.spec, job.sources)
    return lab.run(*bounds)


_POOL_JOB: list[Job] = []


def _init_pool_worker(job: Job) -> None:
    _POOL_JOB[:] = [job]


def _pool_chunk(bounds: Bounds) -> list[Tally]:
    return play_chunk(_POOL_JOB[0], bounds)


def chunks(games: int, size: int = CHUNK) -> list[Bounds]:
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def _context() -> multiprocessing.context.BaseContext:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def run_lab(
    spec: LabSpec,
    workers: int = 1,
    progress: Progress | None = None,
    chunk: int = CHUNK,
    scheduler: str | None = None,
) -> list[Tally]:
    """Play every game under every ruleset; one Tally per ruleset, identical for any engine and `workers`.

    With `scheduler` (a Dask scheduler address) the chunks run on that cluster; otherwise on `workers`
    local processes (1: this process)."""
    merged = [Tally() for _ in spec.rulesets]
    for chunk_tallies in run_chunks(spec, workers, progress, chunk, scheduler):
        for total, part in zip(merged, chunk_tallies, strict=True):
            total.merge(part)
    return merged


def run_chunks(
    spec: LabSpec,
    workers: int = 1,
    progress: Progress | None = None,
    chunk: int = CHUNK,
    scheduler: str | None = None,
) -> list[list[Tally]]:
    """What run_lab merges: each chunk's tallies (one per ruleset), in chunk order (for intervals from
    batches of games, compiler.lab.tune)."""
    parts = chunks(spec.games, chunk)
    job = make_job(spec)
    results: list[list[Tally] | None] = [None] * len(parts)
    done = 0

    def finished(index: int, tallies: list[Tally]) -> None:
        nonlocal done
        results[index] = tallies
        done += parts[index][1] - parts[index][0]
        if progress is not None:
            progress(done, spec.games)

    if scheduler is not None:
        from compiler.lab.cluster import run_on_dask

        run_on_dask(job, parts, scheduler, finished)
    elif workers <= 1 or len(parts) <= 1:
        for index, bounds in enumerate(parts):
            finished(index, play_chunk(job, bounds))
    else:
        with _context().Pool(min(workers, len(parts)), initializer=_init_pool_worker, initargs=(job,)) as pool:
            # Chunks go out and come back a few at a time: one message per chunk cost this process (which shares
            # the cores with the workers) about 2 ms a chunk.
            batch = max(1, min(POOL_BATCH, len(parts) // (4 * workers)))  # small runs: one at a time, for balance
            for index, tallies in enumerate(pool.imap(_pool_chunk, parts, chunksize=batch)):
                finished(index, tallies)
    assert all(tallies is not None for tallies in results), "every chunk reports back"
    return [tallies for tallies in results if tallies is not None]
