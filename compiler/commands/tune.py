"""`gah tune RULESET --vary PATH=A..B --target METRIC=VALUE`: the value that brings a metric to a target."""

from __future__ import annotations

import argparse
import sys

from ..frontend.rulesets import Workspace
from ..lab.runs.grid import SweepUsage, check_paths, metric_names, start_values, unknown_path_hint
from ..lab.runs.jobs import LabSpec
from ..lab.runs.progress import ProgressBar
from ..lab.runs.runner import default_workers, run_chunks, scheduler_from_env
from ..lab.runs.search import (
    EXAMPLE,
    Play,
    Tuning,
    batch_count,
    batching,
    measure_with,
    parse_range,
    parse_target,
    search,
)
from ..lab.runs.tallies import Tally
from ..lab.runs.voice import say
from ..lab.views.compare import run_record
from ..lab.views.tune import Context, tune_csv, tune_html, tune_json, tune_text
from ..project import load_one, resolve_one
from ..writer import write_atomically
from .compare import PROGRESS_FROM, run_model, run_options_problem
from .registry import command


def _usage(message: str) -> int:
    print(f"gah tune: {message}", file=sys.stderr)
    return 2


def _player(args: argparse.Namespace) -> Play:
    """Plays a spec's chunks on the engine the options name, with progress on stderr for long runs."""
    workers = args.workers if args.workers is not None else default_workers()
    scheduler: str | None = args.scheduler or scheduler_from_env()
    steps = 0

    def play(spec: LabSpec, chunk: int) -> list[list[Tally]]:
        nonlocal steps
        steps += 1
        big = spec.games * len(spec.rulesets) >= PROGRESS_FROM
        bar = ProgressBar(say("tune_progress_label", len(spec.rulesets), step=steps)) if big else None
        found = run_chunks(spec, workers=workers, progress=bar, chunk=chunk, scheduler=scheduler)
        if bar is not None:
            bar.close()
        return found

    return play


@command("tune")
def run_tune(args: argparse.Namespace, workspace: Workspace) -> int:
    problem = run_options_problem(args, workspace)
    if problem is not None:
        return _usage(problem)
    try:
        span = parse_range(args.vary)
        start = load_one(workspace, args.ruleset)
        resolved = resolve_one(workspace, args.ruleset)
        check_paths(resolved, [span.axis])
    except SweepUsage as error:
        return _usage(say("usage_with_example", message=str(error), example=EXAMPLE))
    if not start.min_players <= args.players <= start.max_players:
        return _usage(say("usage_ruleset_players", name=start.name, low=start.min_players, high=start.max_players))
    try:
        target = parse_target(args.target, metric_names(start, args.players))
    except SweepUsage as error:
        return _usage(str(error))
    spec = LabSpec((start,), run_model(args, workspace), args.games, args.players, args.seed)
    lab = Tuning(start, resolved, span.axis, spec, target.metric)
    result = search(span.low, span.high, target, measure_with(lab, _player(args)))
    chunk, _per_batch = batching(args.games)
    context = Context(
        start.name,
        span.axis.name,
        start_values(resolved, [span.axis])[0],
        run_record(spec, chunk),
        batch_count(args.games),
    )
    if args.json:
        sys.stdout.write(tune_json(result, context))
    elif args.csv:
        sys.stdout.write(tune_csv(result))
    else:
        sys.stdout.write(tune_text(result, context))
    if args.html is not None:  # after the report, as gah compare writes it
        write_atomically(args.html, tune_html(result, context).encode("utf-8"))
    hint = None if result.valid else unknown_path_hint(resolved, span.axis)
    if hint is not None:  # no value made a valid ruleset, at a path where the start has none: which it may mean
        print(
            f"gah tune: {say('vary_not_in_ruleset', path=span.axis.name, ruleset=start.name, hint=hint)}",
            file=sys.stderr,
        )
    return 0 if result.valid else 1
