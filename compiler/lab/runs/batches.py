"""The lab's chunks on the batched engine: a run of consecutive chunks played as one batch, tallied chunk by chunk
or as a whole.

The batched engine (gah.lab.engine.batched) plays the same games as the pure path (jobs.Lab); its outcomes
are tallied as the pure path tallies their Outcome records, per chunk of jobs.CHUNK games or per run (the
chunks' tallies merged in order), so every report is the pure path's, byte for byte. A ruleset it cannot batch is refused by name when the job is made (`refusal`), and the job is played
on the pure path.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ...backends.batched.tables import compile_tables
from ...errors import GahError
from ..engine.batched import (
    BatchGames,
    BatchRules,
    Scorer,
    Stretch,
    batch_rules,
    copy_stretch,
    deal_batch,
    dims,
    draw_planners,
    outcomes,
    play_rounds,
)
from ..engine.batched_deal import Refused
from ..engine.batched_plan import PlanArrays, batch_refusal, pick_tables, plan_games
from ..engine.game import Outcome, Part, RulesInfo
from ..engine.sharing import plan_parts, same_rulesets
from .batch_tallies import BatchView, add_batch
from .tallies import Tally
from .voice import say

if TYPE_CHECKING:
    from .jobs import LabSpec

ENGINE_ENV = "GAH_LAB_ENGINE"
PURE_ENV = "GAH_LAB_PURE"
ENGINES = ("pure", "batched")
_SHOWN: set[str] = set()
ScorerFactory = Callable[["LabSpec", int, BatchRules], Scorer]  # (spec, ruleset index, its tables) -> Scorer


def chosen_engine() -> str:
    """The engine the environment asks for: GAH_LAB_ENGINE (pure or batched, default batched); GAH_LAB_PURE=1
    asks for the pure path, as it always has."""
    if os.environ.get(PURE_ENV) == "1":
        return "pure"
    asked = os.environ.get(ENGINE_ENV) or "batched"
    if asked not in ENGINES:
        raise GahError(f"{ENGINE_ENV}={asked!r} names no lab engine; expected one of: {', '.join(ENGINES)}")
    return asked


def show_refusal(reason: str) -> None:
    """Say once per process why the games go on the pure path."""
    if reason not in _SHOWN:
        _SHOWN.add(reason)
        print(say("refused", reason=reason), file=sys.stderr)


class BatchedLab:
    """The rulesets of a spec on the batched engine (one per process), playing runs of chunks."""

    def __init__(self, spec: LabSpec, scorer: ScorerFactory | None = None) -> None:
        """`scorer` makes each ruleset's Scorer (default: the batched scoring kernels, batched_scorer)."""
        self.spec = spec
        model = spec.model
        self.rounds = max(r.rounds for r in spec.rulesets)
        self.picks = pick_tables(model, self.rounds)
        infos = [RulesInfo.of(r) for r in spec.rulesets]
        # A ruleset listed twice (told apart by its IR: sharing.ruleset_key) is played once and its records
        # shared, as jobs.Lab does.
        self.same_as = same_rulesets(spec.rulesets)
        self.rules: dict[int, BatchRules] = {}
        self.scorers: dict[int, Scorer] = {}
        for index in sorted(set(self.same_as)):
            rules = batch_rules(spec.rulesets[index], model, spec.players)
            self.rules[index] = rules
            self.scorers[index] = (scorer or kernel_scorer)(spec, index, rules)
        self.planning = (model.planning.step_limit, model.planning.cafe, 0)
        distinct = [index for index, source in enumerate(self.same_as) if source == index]
        self.parts = plan_parts(spec.rulesets, infos, distinct)

    def play_arrays(self, start: int, stop: int) -> list[BatchGames]:
        """Every ruleset's outcomes of games start..stop - 1 as arrays, in the order of the spec's rulesets (a
        ruleset listed twice shares the first listing's): each stretch that rulesets play alike played once
        (gah.lab.engine.sharing), as jobs.Lab does."""
        spec = self.spec
        plan = plan_games(self.picks, spec.seed, start, stop, spec.players)
        planners = None
        if spec.model.planning.active:
            planners = np.zeros((stop - start, spec.players), np.int64)
            draw_planners(np.uint64(spec.seed & ((1 << 64) - 1)), start, spec.model.planning.share, planners)
        played: dict[int, BatchGames] = {}
        for part in self.parts:
            rules = self.rules[part.tables[0]]
            at = deal_batch(rules, plan, spec.seed, start, planners)
            self._play_part(part, plan, at, start, 0, played)
        return [played[source] for source in self.same_as]

    def play(self, start: int, stop: int) -> list[list[Outcome]]:
        """The same games as the pure path's Outcome records (a ruleset listed twice shares the very records)."""
        arrays = self.play_arrays(start, stop)
        active = self.spec.model.planning.active
        records = {
            source: outcomes(self.rules[source], arrays[i], active, self.planning)
            for i, source in enumerate(self.same_as)
        }
        return [records[source] for source in self.same_as]

    def _play_part(
        self, part: Part, plan: PlanArrays, at: Stretch, start: int, after: int, played: dict[int, BatchGames]
    ) -> None:
        """game._play_part on a batch: this stretch, then each group that goes on from it (on a copy, taken
        before anything goes on; the first group goes on with the batch itself)."""
        index = part.tables[0]
        rules = self.rules[index]
        play_rounds(rules, plan, self.scorers[index], at, start, after, part.stop)
        if not part.stop:
            for table in part.tables:
                played[table] = at.out
            return
        starts = [at] + [copy_stretch(at, self.rules[child.tables[0]], part.stop) for child in part.parts[1:]]
        for child, child_start in zip(part.parts, starts, strict=True):
            self._play_part(child, plan, child_start, start, part.stop, played)

    def run(self, parts: Sequence[tuple[int, int]], merged: bool = False) -> list[list[Tally]]:
        """Play consecutive chunks as one batch; each chunk's tallies (one per ruleset), as jobs.Lab.run gives,
        counted from the arrays (gah.lab.runs.batch_tallies). `merged`: one list, the tallies of every
        chunk at once, equal to the chunks' tallies merged in order (keys too meet in the same order)."""
        start = parts[0][0]
        arrays = self.play_arrays(start, parts[-1][1])
        views = [self.view(self.same_as[i], out) for i, out in enumerate(arrays)]
        cuts = [(start, parts[-1][1])] if merged else parts
        found = []
        for low, high in cuts:
            cut = slice(low - start, high - start)
            chunk = [view_slice(view, cut) for view in views]
            tallies = []
            for index, view in enumerate(chunk):
                tally = Tally()
                add_batch(tally, view, chunk[0], same=self.same_as[index] == self.same_as[0])
                tallies.append(tally)
            found.append(tallies)
        return found

    def view(self, index: int, out: BatchGames) -> BatchView:
        """A ruleset's arrays as the tallies read them."""
        rules, planning = self.rules[index], self.spec.model.planning
        return BatchView(
            rounds=rules.scoring_rounds,
            tile_names=tuple(t.id for t in rules.ruleset.tiles),
            tile=out.tile,
            track=out.track,
            outcome=out.outcome,
            net=out.net,
            points=out.points,
            totals=out.totals,
            winners=out.winners.astype(bool),
            top_tied=out.top_tied,
            planners=out.planners.astype(bool) if planning.active else None,
            steps=out.steps if planning.active and planning.step_limit else None,
            served=out.served if planning.active and planning.cafe else None,
        )


def view_slice(view: BatchView, cut: slice) -> BatchView:
    """Some games of a view."""
    return view._replace(
        **{name: getattr(view, name)[cut] for name in BatchView._fields[2:] if getattr(view, name) is not None}
    )


def kernel_scorer(spec: LabSpec, index: int, rules: BatchRules) -> Scorer:
    """The Scorer on the batched backend's kernels (imported here: see `refusal`)."""
    from ..engine.batched_scorer import KernelScorer

    return KernelScorer(rules, spec.model.planning, spec.seed, dims(rules.ruleset, 1, spec.players))


def refusal(spec: LabSpec) -> str:
    """Why the batched engine cannot play this spec ('' if it can): the first ruleset it cannot batch, by name."""
    reason = batch_refusal(spec.model)
    if reason:
        return reason
    for ruleset in spec.rulesets:
        try:
            compile_tables(ruleset)  # first: what the kernels cannot play at all (roles, say) before the players
            batch_rules(ruleset, spec.model, spec.players)
        except Refused as error:
            return f"ruleset {ruleset.name}: the batched lab engine cannot play it: {error}"
        except GahError as error:  # compile_tables's refusal names the ruleset and says why
            return str(error)
    return ""
