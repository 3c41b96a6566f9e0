"""Running many synthetic games: fixed chunks, optional worker processes, results merged in chunk order.

The games are split into chunks of CHUNK games whatever the number of
workers; each chunk is tallied on its own (integer counters only) and the
tallies are merged in chunk order, so any number of workers gives the same
numbers, byte for byte. Worker processes get everything they need as
arguments (no shared state), so the code is safe under the 'spawn' start
method as well as 'fork'.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from compiler import ir
from compiler.backends.python.load import import_source
from compiler.backends.python.module import generate_module
from compiler.lab.game import Fast, LabModule, Outcome, RulesInfo, plan_game, play
from compiler.lab.model import Model
from compiler.lab.stats import Tally

CHUNK = 250
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class LabSpec:
    """One comparison: the rulesets (the first is the reference), the model and the games."""

    rulesets: tuple[ir.Ruleset, ...]
    model: Model
    games: int
    players: int
    seed: int


@lru_cache(maxsize=32)
def module_source(ruleset: ir.Ruleset) -> str:
    """The generated scoring module of a ruleset (the text load_scoring_module compiles), made once per process."""
    return generate_module(ruleset)


def default_workers() -> int:
    """Every core: results do not depend on the number of workers, so more only means sooner."""
    return max(1, os.cpu_count() or 1)


class Lab:
    """The rulesets of a spec, ready to play (one per process)."""

    def __init__(self, spec: LabSpec, sources: tuple[str, ...] | None = None) -> None:
        self.spec = spec
        texts = sources if sources is not None else tuple(module_source(r) for r in spec.rulesets)
        self.modules: list[LabModule] = [
            cast(LabModule, import_source(text, r.module_name)) for text, r in zip(texts, spec.rulesets, strict=True)
        ]
        self.fasts = [Fast(RulesInfo.of(r), spec.model) for r in spec.rulesets]
        self.rounds = max(r.rounds for r in spec.rulesets)
        # A ruleset listed twice (same data, same module) is played once and its outcome reused.
        self.same_as: list[int] = []
        for index, (fast, text) in enumerate(zip(self.fasts, texts, strict=True)):
            earlier = [j for j in range(index) if self.fasts[j].info == fast.info and texts[j] == text]
            self.same_as.append(earlier[0] if earlier else index)

    def play_game(self, game: int) -> list[Outcome]:
        spec = self.spec
        plan = plan_game(spec.model, spec.seed, game, spec.players, self.rounds)
        outcomes: list[Outcome] = []
        for index, (fast, module) in enumerate(zip(self.fasts, self.modules, strict=True)):
            source = self.same_as[index]
            outcomes.append(outcomes[source] if source != index else play(fast, module, plan))
        return outcomes

    def run(self, start: int, stop: int) -> list[Tally]:
        tallies = [Tally() for _ in self.spec.rulesets]
        for game in range(start, stop):
            outcomes = self.play_game(game)
            for tally, outcome in zip(tallies, outcomes, strict=True):
                tally.add(outcome, outcomes[0])
        return tallies


_WORKER: list[Lab] = []


def _init_worker(spec: LabSpec, sources: tuple[str, ...]) -> None:
    _WORKER.clear()
    _WORKER.append(Lab(spec, sources))


def _run_chunk(bounds: tuple[int, int]) -> list[Tally]:
    return _WORKER[0].run(*bounds)


def chunks(games: int, size: int = CHUNK) -> list[tuple[int, int]]:
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def _context() -> multiprocessing.context.BaseContext:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def run_lab(spec: LabSpec, workers: int = 1, progress: Progress | None = None, chunk: int = CHUNK) -> list[Tally]:
    """Play every game under every ruleset; one Tally per ruleset, identical for any `workers`."""
    parts = chunks(spec.games, chunk)
    sources = tuple(module_source(r) for r in spec.rulesets)
    merged = [Tally() for _ in spec.rulesets]
    done = 0

    def absorb(tallies: list[Tally], bounds: tuple[int, int]) -> None:
        nonlocal done
        for total, part in zip(merged, tallies, strict=True):
            total.merge(part)
        done += bounds[1] - bounds[0]
        if progress is not None:
            progress(done, spec.games)

    if workers <= 1 or len(parts) <= 1:
        lab = Lab(spec, sources)
        for bounds in parts:
            absorb(lab.run(*bounds), bounds)
        return merged
    with _context().Pool(min(workers, len(parts)), initializer=_init_worker, initargs=(spec, sources)) as pool:
        for bounds, tallies in zip(parts, pool.imap(_run_chunk, parts), strict=True):
            absorb(tallies, bounds)
    return merged
