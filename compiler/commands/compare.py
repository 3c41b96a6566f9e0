"""`gah compare A B [C ...]`: the variant lab. The same synthetic games (or recorded states) under several rulesets."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from ..backends.python.load import load_scoring_module
from ..errors import RulesError
from ..frontend.rulesets import Workspace
from ..lab.engine.model import Model, default_model_path, load_model
from ..lab.runs.games import parquet, write_games_csv, write_games_parquet
from ..lab.runs.jobs import LabSpec
from ..lab.runs.progress import ProgressBar
from ..lab.runs.runner import default_workers, run_lab, scheduler_from_env
from ..lab.runs.states import compare_states
from ..lab.runs.tallies import Tally
from ..lab.runs.voice import say, use
from ..lab.views.compare import build_report, report_json, to_json
from ..lab.views.html import html_report
from ..lab.views.report import report_csv, text_report
from ..lab.views.states import states_text
from ..project import load_one
from ..targets import output_problem
from ..writer import write_atomically
from .common import speaker
from .registry import command

MAX_GAMES = 10_000_000
PROGRESS_FROM = 4_000  # games times rulesets; smaller runs finish before progress would help


def write_games(
    args: argparse.Namespace, spec: LabSpec, labels: list[str], more: Sequence[tuple[LabSpec, list[str]]] = ()
) -> None:
    """The files --games-csv and --games-parquet name, if any (`more`: a sweep's other runs, after the first)."""
    if args.games_csv is not None:
        write_games_csv(args.games_csv, spec, labels, more)
    if args.games_parquet is not None:
        write_games_parquet(args.games_parquet, spec, labels, more)


def _usage(message: str, command: str = "compare") -> int:
    print(f"gah {command}: {message}", file=sys.stderr)
    return 2


def run_options_problem(args: argparse.Namespace, workspace: Workspace) -> str | None:
    """What is wrong with the run options, if anything (a usage mistake). The lab speaks the workspace's
    language from here on (gah.lab.runs.voice)."""
    use(speaker(workspace))
    if not 1 <= args.games <= MAX_GAMES:
        return say("usage_games", most=MAX_GAMES)
    if isinstance(args.players, int) and not 2 <= args.players <= 4:  # a sweep reads its counts itself
        return say("usage_players")
    if args.workers is not None and args.workers < 1:
        return say("usage_workers")
    if not model_path(args, workspace).is_file():
        return say("usage_no_model", file=str(model_path(args, workspace)))
    return outputs_problem(args, workspace)


# The options that name a file a lab run writes after its games: (option, its dest, whether its data is binary).
OUTPUT_OPTIONS = (
    ("--html", "html", False),
    ("--games-csv", "games_csv", False),
    ("--games-parquet", "games_parquet", True),
)


def outputs_problem(args: argparse.Namespace, workspace: Workspace) -> str | None:
    """Why a file the options name cannot be written (gah.targets), found before any game is played, or None;
    a missing pyarrow for --games-parquet is a GahError now too."""
    if getattr(args, "games_parquet", None) is not None:
        parquet()
    for option, dest, binary in OUTPUT_OPTIONS:
        path = getattr(args, dest, None)
        problem = None if path is None else output_problem(option, path, binary)
        if problem is not None:
            return problem.tell(speaker(workspace))
    return None


def model_path(args: argparse.Namespace, workspace: Workspace) -> Path:
    return args.model if args.model is not None else default_model_path(workspace)


def run_model(args: argparse.Namespace, workspace: Workspace) -> Model:
    """The game model the options name (with --fixed: its planners turned off)."""
    model = load_model(workspace, model_path(args, workspace))
    return model.fixed() if args.fixed else model


def run_spec(args: argparse.Namespace, spec: LabSpec, label: str, engines: list[str] | None = None) -> list[Tally]:
    """Play a spec on the engine the options name, with progress on stderr for long runs (the engine that
    played is appended to `engines`)."""
    workers = args.workers if args.workers is not None else default_workers()
    scheduler: str | None = args.scheduler or scheduler_from_env()
    rulesets = len(spec.rulesets)
    big = spec.games * rulesets >= PROGRESS_FROM
    bar = ProgressBar(say("progress_label", rulesets, command=label)) if big else None
    tallies = run_lab(spec, workers=workers, progress=bar, scheduler=scheduler, engines=engines)
    if bar is not None:
        bar.close()
    return tallies


@command("compare")
def run_compare(args: argparse.Namespace, workspace: Workspace) -> int:
    names: list[str] = args.rulesets
    use(speaker(workspace))
    if len(names) < 2:
        return _usage(say("usage_two_rulesets"))
    if args.states is not None:
        return _compare_states(args, workspace)
    problem = run_options_problem(args, workspace)
    if problem is not None:
        return _usage(problem)
    rulesets = tuple(load_one(workspace, name) for name in names)
    for ruleset in rulesets:
        if not ruleset.min_players <= args.players <= ruleset.max_players:
            return _usage(
                f"ruleset '{ruleset.name}' is for {ruleset.min_players} to {ruleset.max_players} players, "
                f"not {args.players}"
            )
    model = run_model(args, workspace)
    spec = LabSpec(rulesets=rulesets, model=model, games=args.games, players=args.players, seed=args.seed)
    report = build_report(spec, run_spec(args, spec, "gah compare"))
    if args.json:
        sys.stdout.write(report_json(report))
    elif args.csv:
        sys.stdout.write(report_csv(report))
    else:
        sys.stdout.write(text_report(report, everything=args.all))
    # The files come after the report: a file the machine refuses now (a full disk) loses no figure of the run.
    if args.html is not None:
        write_atomically(args.html, html_report(report).encode("utf-8"))
    write_games(args, spec, [ruleset.name for ruleset in rulesets])
    if args.html is not None and not (args.json or args.csv):
        print("\n" + say("html_written", file=str(args.html)))
    return 0


def _compare_states(args: argparse.Namespace, workspace: Workspace) -> int:
    if args.html is not None or args.csv or args.games_csv is not None or args.games_parquet is not None:
        return _usage(say("usage_states_outputs"))
    for path in args.states:
        if not path.exists():
            return _usage(say("usage_no_file", file=str(path)))
        if not path.is_file():
            return _usage(say("usage_not_plain", file=str(path)))
    rulesets = [load_one(workspace, name) for name in args.rulesets]
    modules = [load_scoring_module(r) for r in rulesets]
    report, problems = compare_states(workspace, rulesets, modules, args.states)
    if args.json:
        sys.stdout.write(to_json(report))
    else:
        sys.stdout.write(states_text(report))
    if problems:
        raise RulesError(problems)
    return 0
