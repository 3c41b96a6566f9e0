"""`gah score STATE [--rules NAME|FILE] [--json]`: score a game state and explain every step."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from compiler.backends.python.load import load_scoring_module
from compiler.cli import command
from compiler.errors import RulesError
from compiler.frontend.rulesets import Workspace
from compiler.frontend.state_input import load_state, state_problem
from compiler.project import load_one
from compiler.report import human_report


def _setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("state", type=Path, help="game state file (YAML or JSON)")
    parser.add_argument("--rules", default="base", help="ruleset name or rules file (default: base)")
    parser.add_argument("--json", action="store_true", help="print exactly what score_game() returns, as JSON")


@command("score", "apply the Emperor scoring of the round that just ended (and final scoring after the last)")(_setup)
def run_score(args: argparse.Namespace, workspace: Workspace) -> int:
    if not args.state.is_file():
        print(f"gah score: no such file: {args.state}", file=sys.stderr)
        return 2
    ruleset = load_one(workspace, args.rules)
    node, state = load_state(workspace, args.state)
    module = load_scoring_module(ruleset)
    try:
        result = module.score_game(state)
    except ValueError as error:  # the generated module's StateError
        raise RulesError([state_problem(node, str(error))]) from None
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False, sort_keys=False))
    else:
        sys.stdout.write(human_report(result))
    sys.stdout.flush()
    for unused in result.get("unused_choices", []):
        # A recorded decision the scoring never asked for: a warning at its place in the state file.
        problem = state_problem(node, unused["message"])
        print(f"{problem.position}: warning: {problem.message}", file=sys.stderr)
    return 0
