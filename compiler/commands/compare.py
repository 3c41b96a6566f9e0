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
from ..lab.runs.games import write_games_csv, write_games_parquet
from ..lab.runs.jobs import LabSpec
from ..lab.runs.progress import ProgressBar
from ..lab.runs.runner import SCHEDULER_ENV, default_workers, run_lab, scheduler_from_env
from ..lab.runs.states import compare_states
from ..lab.runs.tallies import Tally
from ..lab.runs.voice import say, use
from ..lab.views.compare import build_report, report_json, to_json
from ..lab.views.html import html_report
from ..lab.views.report import report_csv, text_report
from ..lab.views.states import states_text
from ..project import load_one
from ..writer import write_atomically
from .common import speaker
from .registry import command

MAX_GAMES = 10_000_000
PROGRESS_FROM = 4_000  # games times rulesets; smaller runs finish before progress would help


def add_run_options(parser: argparse.ArgumentParser, games: int, player_counts: bool = False) -> None:
    """The options of every lab run (compare and sweep): the games, the model and the engine (`player_counts`:
    --players takes several counts, read by the command)."""
    parser.add_argument("--games", type=int, default=games, help=f"synthetic games to play (default: {games})")
    if player_counts:
        parser.add_argument(
            "--players",
            default="4",
            metavar="N[,N...]",
            help="players per game, 2 to 4, or several counts (2,3,4): every point at each (default: 4)",
        )
    else:
        parser.add_argument("--players", type=int, default=4, help="players per game, 2 to 4 (default: 4)")
    parser.add_argument(
        "--seed", type=int, default=1, help="random seed; the same seed gives the same report (default: 1)"
    )
    parser.add_argument("--model", type=Path, default=None, help="game model file (default: rules/lab/default.yaml)")
    parser.add_argument(
        "--fixed",
        action="store_true",
        help="nobody plans: every player follows the model's distributions whatever the rules (first-order numbers)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        help="worker processes (default: one per CPU core); the numbers do not depend on it",
    )
    parser.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help=f"run on a Dask cluster (e.g. tcp://host:8786; default: ${SCHEDULER_ENV} if set, else local processes)",
    )


def add_games_options(parser: argparse.ArgumentParser) -> None:
    """--games-csv and --games-parquet: every game of the run as data (gah.lab.runs.games)."""
    parser.add_argument(
        "--games-csv",
        type=Path,
        default=None,
        metavar="FILE",
        help="also write every game as CSV: a row per game, ruleset and seat (gah docs lab: The games as data)",
    )
    parser.add_argument(
        "--games-parquet",
        type=Path,
        default=None,
        metavar="FILE",
        help="also write every game as Parquet, the same columns typed (needs pyarrow: the parquet extra)",
    )


def write_games(
    args: argparse.Namespace, spec: LabSpec, labels: list[str], more: Sequence[tuple[LabSpec, list[str]]] = ()
) -> None:
    """The files --games-csv and --games-parquet name, if any (`more`: a sweep's other runs, after the first)."""
    if args.games_csv is not None:
        write_games_csv(args.games_csv, spec, labels, more)
    if args.games_parquet is not None:
        write_games_parquet(args.games_parquet, spec, labels, more)


def _setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "rulesets", nargs="+", metavar="RULESET", help="ruleset names or rules files; the first is the reference"
    )
    add_run_options(parser, games=2000)
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the comparison as JSON instead of a table")
    output.add_argument(
        "--csv",
        action="store_true",
        help="print the comparison as CSV (a row per ruleset; the named metrics first) instead of a table",
    )
    parser.add_argument(
        "--all", action="store_true", help="print every row of the table, also those the same under every ruleset"
    )
    parser.add_argument(
        "--html", type=Path, default=None, metavar="OUT", help="also write a self-contained HTML report"
    )
    add_games_options(parser)
    parser.add_argument(
        "--states",
        nargs="+",
        type=Path,
        default=None,
        metavar="FILE",
        help="compare on recorded game states (YAML or JSON, the format of gah score) instead of synthetic games",
    )


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


@command("compare", "the variant lab: the same games under several rulesets, and what changes")(_setup)
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
    write_games(args, spec, [ruleset.name for ruleset in rulesets])
    if args.html is not None:
        write_atomically(args.html, html_report(report).encode("utf-8"))
    if args.json:
        sys.stdout.write(report_json(report))
    elif args.csv:
        sys.stdout.write(report_csv(report))
    else:
        sys.stdout.write(text_report(report, everything=args.all))
        if args.html is not None:
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
