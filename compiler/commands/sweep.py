"""`gah sweep RULESET --vary PATH=VALUES ...`: one ruleset's data over a grid, every point on the same games."""

from __future__ import annotations

import argparse
import itertools
import sys
from dataclasses import dataclass

from .. import ir
from ..frontend.loader import Scalar
from ..frontend.rulesets import Resolved, Workspace
from ..lab.engine.game import RulesInfo
from ..lab.engine.model import Model, model_document
from ..lab.engine.sharing import plan_parts, shared_until
from ..lab.runs.grid import (
    MAX_POINTS,
    PLAYERS,
    Axis,
    Point,
    SweepUsage,
    build_point,
    check_model_paths,
    check_paths,
    grid,
    is_model_axis,
    metric_names,
    model_start_values,
    model_variant,
    parse_players,
    parse_vary,
    start_values,
    unknown_path_hint,
)
from ..lab.runs.jobs import LabSpec
from ..lab.runs.voice import say, use
from ..lab.views.records import SweepAxis, SweepReport
from ..lab.views.sweep import (
    merge_runs,
    parse_sort,
    parse_where,
    select,
    sweep_csv,
    sweep_json,
    sweep_report,
    sweep_text,
    value_text,
)
from ..lab.views.sweep_html import sweep_html
from ..project import load_one, resolve_one
from ..writer import write_atomically
from .common import speaker
from .compare import (
    model_path,
    run_model,
    run_options_problem,
    run_spec,
    write_games,
)
from .registry import command

LABEL = "gah sweep"
MAX_REASONS = 10  # the reasons a grid that breaks the rules at every point lists (each once)
EXAMPLE = "gah sweep base --vary emperor_scorings.7.move_back=5..9 --vary tiles.c-points.bonus.0.amount=6,8,10"


def how_played(spec: LabSpec, engines: list[str]) -> str:
    """Which engine played the points and why some are slower: each point plays alone from its first scoring
    that differs from the start's (gah.lab.engine.sharing); the stretch before is played once for all."""
    infos = [RulesInfo.of(ruleset) for ruleset in spec.rulesets]
    parts = plan_parts(spec.rulesets, infos, range(len(spec.rulesets)))
    alone: dict[int, int] = {}
    for index in range(1, len(spec.rulesets)):
        until = shared_until(parts, index)
        alone[until] = alone.get(until, 0) + 1
    groups = [
        say("alone_from_deal", count) if until == 0 else say("alone_from", count, round=until)
        for until, count in sorted(alone.items(), reverse=True)
    ]
    engine = say("engine_batched") if engines[-1:] == ["batched"] else say("engine_pure")
    return say("sweep_played", engine=engine, groups="; ".join(groups))


def _usage(message: str) -> int:
    print(f"gah sweep: {message}", file=sys.stderr)
    return 2


@dataclass(frozen=True)
class _Run:
    """One combination of the run axes' values (gah.lab.views.sweep.merge_runs): its games' player count and
    model, and its values as the report shows them (the count only when several are swept)."""

    values: tuple[Scalar, ...]
    players: int
    model: Model


@dataclass(frozen=True)
class _Plan:
    """What a sweep plays: the starting ruleset, the ruleset's grid and the runs each plays it in."""

    start: ir.Ruleset
    resolved: Resolved
    rules_axes: list[Axis]
    points: list[tuple[Scalar, ...]]  # the ruleset's grid (empty when only the run axes vary)
    run_axes: list[SweepAxis]
    runs: list[_Run]


def _plan(args: argparse.Namespace, workspace: Workspace) -> _Plan:
    """The sweep the options ask for (SweepUsage when it cannot be read or played)."""
    counts = parse_players(args.players)
    axes = [parse_vary(text) for text in args.vary]
    if len({axis.path for axis in axes}) != len(axes):
        raise SweepUsage(say("usage_vary_twice"))
    rules_axes = [axis for axis in axes if not is_model_axis(axis)]
    model_axes = [axis for axis in axes if is_model_axis(axis)]
    if model_axes and args.fixed:
        raise SweepUsage(say("sweep_model_fixed"))
    points = grid(rules_axes) if rules_axes else []
    combinations = list(itertools.product(*(axis.values for axis in model_axes)))
    if max(len(points), 1) * len(counts) * len(combinations) > MAX_POINTS:
        total = max(len(points), 1) * len(counts) * len(combinations)
        raise SweepUsage(say("usage_grid_size", total, most=MAX_POINTS))
    start = load_one(workspace, args.ruleset)
    resolved = resolve_one(workspace, args.ruleset)
    check_paths(resolved, rules_axes)
    document = model_document(workspace, model_path(args, workspace))
    check_model_paths(document, model_axes)
    source = workspace.display(model_path(args, workspace))
    models = [
        model_variant(document, source, model_axes, values) if model_axes else run_model(args, workspace)
        for values in combinations
    ]
    shown_counts = len(counts) > 1
    runs = [
        _Run(((players,) if shown_counts else ()) + values, players, model)
        for players in counts
        for values, model in zip(combinations, models, strict=True)
    ]
    run_axes = [SweepAxis(PLAYERS, counts, None, run=True)] if shown_counts else []
    starts = model_start_values(document, model_axes)
    run_axes += [SweepAxis(a.name, a.values, value, run=True) for a, value in zip(model_axes, starts, strict=True)]
    return _Plan(start, resolved, rules_axes, points, run_axes, runs)


@command("sweep")
def run_sweep(args: argparse.Namespace, workspace: Workspace) -> int:
    use(speaker(workspace))
    if not args.vary:
        return _usage(say("usage_no_vary", example=EXAMPLE))
    problem = run_options_problem(args, workspace)
    if problem is not None:
        return _usage(problem)
    try:
        plan = _plan(args, workspace)
        start = plan.start
        for run in plan.runs:
            if not start.min_players <= run.players <= start.max_players:
                raise SweepUsage(f"ruleset '{start.name}' is for {start.min_players} to {start.max_players} players")
        names = metric_names(start, max(run.players for run in plan.runs))
        where = [parse_where(text, names) for text in args.where]
        sort = parse_sort(args.sort, names) if args.sort is not None else None
    except SweepUsage as error:
        return _usage(str(error))
    built = {
        players: [build_point(plan.resolved, plan.rules_axes, values, players) for values in plan.points]
        for players in sorted({run.players for run in plan.runs})
    }
    if plan.points and all(point.ruleset is None for points in built.values() for point in points):
        print(_all_broken(plan, [point for points in built.values() for point in points]), file=sys.stderr)
        return 1
    engines: list[str] = []
    played = [_play(args, plan, run, built[run.players], engines) for run in plan.runs]
    reports = [(run.values, report) for run, (report, _games) in zip(plan.runs, played, strict=True)]
    report = merge_runs(plan.run_axes, reports) if plan.run_axes else reports[0][1]
    chosen = select(report, where, sort)
    if args.json:
        sys.stdout.write(sweep_json(chosen))
    elif args.csv:
        sys.stdout.write(sweep_csv(chosen))
    else:
        sys.stdout.write(sweep_text(chosen, everything=args.all))
    if args.html is not None:  # the files after the report, as gah compare writes them
        write_atomically(args.html, sweep_html(report, where, everything=args.all).encode("utf-8"))
    write_games(args, *played[0][1], [games for _report, games in played[1:]])
    if args.html is not None and not (args.json or args.csv):
        print("\n" + say("heat_maps_written", file=str(args.html)))
    return 0


def _all_broken(plan: _Plan, points: list[Point]) -> str:
    """Why a sweep whose every point breaks the rules plays no game: each reason once, at its first point (with
    how many more it stops), and for a path the starting ruleset has no value at, the path it may have meant."""
    stopped: dict[str, list[tuple[Scalar, ...]]] = {}  # a reason: the points it stops, the first first
    for point in points:
        for problem in point.problems:
            if point.values not in stopped.setdefault(problem, []):
                stopped[problem].append(point.values)
    lines = [f"{LABEL}: {say('all_points_broken')}"]
    for problem, values in list(stopped.items())[:MAX_REASONS]:
        label = ", ".join(f"{a.name}={value_text(v)}" for a, v in zip(plan.rules_axes, values[0], strict=True))
        more = say("more_points_broken", len(values) - 1) if len(values) > 1 else ""
        lines.append(f"  {label}: {problem}{more}")
    for axis in plan.rules_axes:
        hint = unknown_path_hint(plan.resolved, axis)
        if hint is not None:
            lines.append("  " + say("vary_not_in_ruleset", path=axis.name, ruleset=plan.start.name, hint=hint))
    return "\n".join(lines)


def _play(
    args: argparse.Namespace, plan: _Plan, run: _Run, points: list[Point], engines: list[str]
) -> tuple[SweepReport, tuple[LabSpec, list[str]]]:
    """One run of the sweep (its grid points built for its player count): its report, and its spec with what the
    games export calls each ruleset (the run's values first: `players=3, start`). The first run says on stderr how
    the points were played."""
    rulesets = (plan.start, *(p.ruleset for p in points if p.ruleset is not None))
    spec = LabSpec(rulesets=rulesets, model=run.model, games=args.games, players=run.players, seed=args.seed)
    starts = start_values(plan.resolved, plan.rules_axes)
    report = sweep_report(spec, plan.rules_axes, starts, points, run_spec(args, spec, LABEL, engines))
    if run is plan.runs[0] and len(rulesets) > 1:  # with points to say it of
        print(how_played(spec, engines), file=sys.stderr)
    prefix = "".join(f"{a.path}={value_text(v)}, " for a, v in zip(plan.run_axes, run.values, strict=True))
    labels = [
        prefix + ", ".join(f"{a.name}={value_text(v)}" for a, v in zip(plan.rules_axes, p.values, strict=True))
        for p in points
        if p.ruleset is not None
    ]
    return report, (spec, [prefix + "start", *labels])
