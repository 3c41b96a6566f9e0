"""Benchmark: where the batched lab's time goes, per game (both rulesets together), stage by stage.

Run: PYTHONPATH=. .venv/bin/python benchmarks/bench_lab_stages.py [--games 20000] [--fixed] [--batch 4000]
Plays base against gentle-move-backs (4 players, the default model; --fixed: no planners) in one process, in
batches as the lab's workers play them, and prints the CPU time of this thread in each stage of
gah.lab.runs.batches (the plan, the planners' draw, the deal, the turns, the copies of a batch where
the rulesets part, the scorings, the tallies) in microseconds per game. Figures only; asserts nothing.
A first batch, not counted, compiles or loads the kernels.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from gah.frontend.rulesets import Workspace
from gah.lab.engine import batched, batched_scorer
from gah.lab.engine.model import default_model_path, load_model
from gah.lab.runs import batches
from gah.lab.runs.batches import BatchedLab
from gah.lab.runs.jobs import LabSpec, _lab, make_job
from gah.project import find_root, load_one

SPENT: defaultdict[str, float] = defaultdict(float)


def timed(function: Callable[..., Any], stage: str) -> Callable[..., Any]:
    """`function`, adding its CPU time (this thread's) to SPENT[stage]."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            SPENT[stage] += time.thread_time() - start

    return wrapper


def instrument() -> None:
    """Wrap each stage where batches (and batched, for the turns) call it."""
    for module, name, stage in (
        (batches, "plan_games", "plan"),
        (batches, "draw_planners", "planners"),
        (batches, "deal_batch", "deal"),
        (batches, "copy_stretch", "copy"),
        (batches, "add_batch", "tally"),
        (batched, "play_round", "turns"),  # play_rounds calls it from there
    ):
        setattr(module, name, timed(getattr(module, name), stage))
    scorer = batched_scorer.KernelScorer
    scorer.score = timed(scorer.score, "score")  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--batch", type=int, default=4000, help="games a batch (the lab's run of chunks)")
    parser.add_argument("--fixed", action="store_true", help="the default model without its planners")
    args = parser.parse_args()
    workspace = Workspace(find_root())
    rulesets = tuple(load_one(workspace, name) for name in ("base", "gentle-move-backs"))
    model = load_model(workspace, default_model_path(workspace))
    if args.fixed:
        model = model.fixed()
    lab = _lab(make_job(LabSpec(rulesets=rulesets, model=model, games=args.games, players=4, seed=1), "batched"))
    if not isinstance(lab, BatchedLab):
        raise SystemExit("bench_lab_stages: the batched engine refused these games")
    instrument()
    chunk = 250
    lab.run([(0, chunk)])
    SPENT.clear()
    start = time.thread_time()
    for first in range(0, args.games, args.batch):
        lab.run([(at, at + chunk) for at in range(first, first + args.batch, chunk)])
    total = time.thread_time() - start
    kind = "fixed" if args.fixed else "planners"
    print(f"{kind}: {args.games} games, {total / args.games * 1e6:.1f} us per game (CPU, both rulesets)")
    for stage, seconds in sorted(SPENT.items(), key=lambda item: -item[1]):
        print(f"  {stage:9s} {seconds / args.games * 1e6:7.1f} us per game")


if __name__ == "__main__":
    main()
