"""`gah score STATE [STATE...] [--rules NAME|FILE] [--json]`: score game states and explain every step."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import cast

from ..backends.python.load import load_scoring_module
from ..backends.score_words import score_words
from ..errors import Problem, RulesError, Speaks, printable
from ..frontend.rulesets import Workspace
from ..frontend.state_input import load_state, state_problem
from ..languages import choose_language
from ..project import load_one
from ..report import ScoreResult, human_report
from .common import speaker
from .registry import command


def _nearby(workspace: Workspace, path: Path, says: Speaks) -> str:
    """A hint where a relative path names a file of the workspace seen from its root (say examples/round7.yaml
    typed in a subfolder)."""
    if workspace.root is None or path.is_absolute() or not (workspace.root / path).is_file():
        return ""
    return says.say("cli.nearby", path=printable(os.path.relpath(workspace.root / path, Path.cwd())))


@command("score")
def run_score(args: argparse.Namespace, workspace: Workspace) -> int:
    paths: list[Path] = args.states
    for path in paths:
        if not path.is_file():
            says = speaker(workspace, args.lang)
            if not path.exists():
                nearby = _nearby(workspace, path, says)
                named = printable(str(path))
                print(says.say("cli.no_such_file", command="score", file=named, nearby=nearby), file=sys.stderr)
            else:
                print(says.say("cli.not_plain_file", command="score", file=printable(str(path))), file=sys.stderr)
            return 2
    ruleset = load_one(workspace, args.rules)
    language = choose_language(workspace, args.lang)
    words = score_words(ruleset, language)
    module = load_scoring_module(ruleset)
    results: list[ScoreResult] = []
    problems: list[Problem] = []
    for index, path in enumerate(paths):
        try:
            node, state = load_state(workspace, path, language)
            try:
                result = cast(ScoreResult, module.score_game(state, words))  # JSON data: the module's edge
            except ValueError as error:  # the generated module's StateError
                raise RulesError([state_problem(node, str(error))]) from None
        except RulesError as error:
            problems.extend(error.problems)
            continue
        results.append(result)
        if not args.json:
            if len(paths) > 1:
                sys.stdout.write(("\n" if index else "") + f"== {path}\n")
            sys.stdout.write(human_report(result, language))
        sys.stdout.flush()
        for unused in result.get("unused_choices", []):
            # A recorded decision the scoring never asked for: a warning at its place in the state file.
            problem = state_problem(node, unused["message"])
            print(f"{problem.position}: {language.say('cli.warning', message=problem.message)}", file=sys.stderr)
    if args.json and results:
        shown: object = results[0] if len(paths) == 1 else results
        print(json.dumps(shown, indent=2, ensure_ascii=False, sort_keys=False))
    if problems:
        raise RulesError(problems)
    return 0
