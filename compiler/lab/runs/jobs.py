"""A lab job and its chunks: what any engine plays, in this process, in a worker process or on a Dask worker.

A chunk needs only a Job (plain data: the spec, the engine and, for the pure path, the rulesets' generated
module sources), so workers compile the rulesets themselves and nothing depends on shared files. The games are
cut into chunks of CHUNK games whatever the engine (gah.lab.runs.runner, gah.lab.runs.cluster), and
each chunk's tallies are those of its games alone. The batched engine (gah.lab.runs.batches) plays a run of
consecutive chunks as one batch and tallies each chunk of it, or (`merged`) the whole run at once, which is the
chunks' tallies merged in order; the pure path (Lab) plays chunk after chunk. Both give the same tallies.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from functools import cached_property, lru_cache
from types import ModuleType
from typing import cast

from ... import ir
from ...backends.python.load import import_source
from ...backends.python.module import generate_module, with_runtime_from
from ...errors import GahError
from ..engine.game import LabModule, Outcome
from ..engine.model import Model
from ..engine.native import engine, runtime_module
from ..engine.sharing import plan_parts, same_rulesets
from .batches import (
    ENGINE_ENV,
    BatchedLab,
    chosen_engine,
    refusal,
    show_refusal,
)
from .tallies import Tally
from .voice import say
from .warm import kept_nowhere, pure_meanwhile

CHUNK = 250
BATCH_CHUNKS = 16  # chunks the batched engine plays as one batch (4,000 games)
Bounds = tuple[int, int]


@dataclass(frozen=True)
class LabSpec:
    """One comparison: the rulesets (the first is the reference), the model and the games."""

    rulesets: tuple[ir.Ruleset, ...]
    model: Model
    games: int
    players: int
    seed: int

    def __post_init__(self) -> None:
        """Neither engine plays a ruleset with player roles: the game model knows how a player plays its rounds,
        not how a role's automated opponent does, and an engine never plays what it does not know."""
        for ruleset in self.rulesets:
            if ruleset.roles:
                roles = ", ".join(role.id for role in ruleset.roles)
                raise GahError(say("roles_refused", ruleset=ruleset.name, roles=roles))


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play chunks of a spec: data and module sources, nothing on disk."""

    spec: LabSpec
    sources: tuple[str, ...]  # the generated modules the pure path plays (the batched engine needs none: empty)
    engine: str = "pure"  # or "batched" (gah.lab.runs.batches)

    @cached_property
    def key(self) -> str:
        """Names the job in worker caches (the same job gives the same key in every process)."""
        text = repr((self.spec, self.sources, self.engine))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


@lru_cache(maxsize=256)
def module_source(ruleset: ir.Ruleset) -> str:
    """The generated scoring module of a ruleset (the text load_scoring_module compiles), made once per process."""
    return generate_module(ruleset)


def make_job(spec: LabSpec, engine: str | None = None) -> Job:
    """The job of a spec, on `engine` (default: the environment's, see batches.chosen_engine); a spec the batched
    engine cannot play goes on the pure path, the reason said once; so does a small one while the kernels are not
    compiled, on the default engine (gah.lab.runs.warm; a bigger one compiles them first: runner)."""
    wanted = engine if engine is not None else chosen_engine()
    if wanted == "batched":
        reason = refusal(spec)
        if reason:
            show_refusal(reason)
            wanted = "pure"
        elif engine is None and ENGINE_ENV not in os.environ and (kept_nowhere() or pure_meanwhile(spec)):
            wanted = "pure"
    # Generating the modules takes about 0.1 s a ruleset: only the pure path plays them.
    sources = tuple(module_source(r) for r in spec.rulesets) if wanted == "pure" else ()
    return Job(spec, sources, wanted)


class Lab:
    """The rulesets of a spec, ready to play (one per process), by `play` (gah.lab.engine.game or its compiled copy)."""

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
        # A ruleset listed twice (told apart by its IR: sharing.ruleset_key) is played once and its outcome reused.
        self.same_as = same_rulesets(spec.rulesets)
        # Rulesets that play stretches of a game alike play them once (see gah.lab.engine.sharing).
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
    """A ruleset's scoring module for the lab: with the compiled runtime if it is built (gah.lab.engine.native),
    else as generated."""
    runtime = runtime_module()
    lab_source = with_runtime_from(source, runtime) if runtime is not None else None
    return cast(LabModule, import_source(lab_source or source, name))


_LABS: dict[str, Lab | BatchedLab] = {}


def _lab(job: Job) -> Lab | BatchedLab:
    """The job's Lab (or BatchedLab), built once per process."""
    lab = _LABS.get(job.key)
    if lab is None:
        _LABS.clear()
        lab = _LABS[job.key] = BatchedLab(job.spec) if job.engine == "batched" else Lab(job.spec, job.sources)
    return lab


def play_chunk(job: Job, bounds: Bounds) -> list[Tally]:
    """Play one chunk of a job: its tallies, one per ruleset."""
    return play_chunks(job, [bounds])[0]


def play_chunks(job: Job, parts: list[Bounds], merged: bool = False) -> list[list[Tally]]:
    """Play consecutive chunks of a job (what every engine's worker runs): each chunk's tallies, one per ruleset.
    The batched engine plays them as one batch. `merged`: one list instead, the chunks' tallies merged in order
    (the batched engine counts them at once: the same tallies, keys met in the same order, sooner)."""
    lab = _lab(job)
    if isinstance(lab, BatchedLab):
        return lab.run(parts, merged)
    found = [lab.run(*bounds) for bounds in parts]
    if not merged:
        return found
    return [merge_tallies(found, len(job.spec.rulesets))]


def merge_tallies(chunks: list[list[Tally]], rulesets: int) -> list[Tally]:
    """Chunks' tallies (one per ruleset each) merged in chunk order: one Tally per ruleset."""
    merged = [Tally() for _ in range(rulesets)]
    for tallies in chunks:
        for total, part in zip(merged, tallies, strict=True):
            total.merge(part)
    return merged


def units(parts: list[Bounds], job: Job, workers: int) -> list[list[Bounds]]:
    """The chunks grouped into the pieces of work sent out: one chunk each on the pure path; on the batched
    engine, runs of up to BATCH_CHUNKS chunks, at least two a worker while the games allow. With several
    workers, the last `workers` runs' chunks go out in quarter runs, so that no worker idles long at the end
    while another plays a whole last run."""
    if job.engine != "batched":
        return [[bounds] for bounds in parts]
    size = max(1, min(BATCH_CHUNKS, -(-len(parts) // (2 * max(1, workers)))))
    head = max(0, len(parts) - workers * size) // size * size if workers > 1 else len(parts)
    small = max(1, size // 4)
    return [parts[i : i + size] for i in range(0, head, size)] + [
        parts[i : i + small] for i in range(head, len(parts), small)
    ]


def chunks(games: int, size: int = CHUNK) -> list[Bounds]:
    return [(start, min(start + size, games)) for start in range(0, games, size)]
