"""A lab job and its chunks: what any engine plays, in this process, in a worker process or on a Dask worker.

A chunk needs only a Job (plain data: the spec and the rulesets' generated module sources), so workers compile
the rulesets themselves and nothing depends on shared files. The games are cut into chunks of CHUNK games
whatever the engine (compiler.lab.runs.runner, compiler.lab.runs.cluster), and each chunk is tallied on its own.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cached_property, lru_cache
from types import ModuleType
from typing import cast

from compiler import ir
from compiler.backends.python.load import import_source
from compiler.backends.python.module import generate_module, with_runtime_from
from compiler.lab.engine.game import LabModule, Outcome
from compiler.lab.engine.model import Model
from compiler.lab.engine.native import engine, runtime_module
from compiler.lab.engine.sharing import plan_parts
from compiler.lab.runs.tallies import Tally

CHUNK = 250
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


class Lab:
    """The rulesets of a spec, ready to play (one per process), by `play` (compiler.lab.engine.game or its compiled copy)."""

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
        # Rulesets that play stretches of a game alike play them once (see compiler.lab.engine.sharing).
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
    """A ruleset's scoring module for the lab: with the compiled runtime if it is built (compiler.lab.engine.native),
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


def chunks(games: int, size: int = CHUNK) -> list[Bounds]:
    return [(start, min(start + size, games)) for start in range(0, games, size)]
