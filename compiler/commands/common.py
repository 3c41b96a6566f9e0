"""What several commands share: problems reported in the workspace's language, and the workspace compiled or
its problems reported."""

from __future__ import annotations

import sys
from typing import TextIO

from ..errors import GahError, Problem, SourceRegistry, quoted_line
from ..frontend.rulesets import Workspace
from ..frontend.validate import Speaks, shipped_english
from ..languages import choose_language
from ..project import Compiled, compile_library
from ..terminal import paint, wrap


def report(problems: list[Problem], sources: SourceRegistry, language: Speaks | None = None) -> None:
    """Print positioned problems to stderr, sorted, with a count said in `language` (default English); on a
    terminal, in colour and wrapped to its width (terminal.py)."""
    err = sys.stderr
    says = language or shipped_english()
    problems = [problem.told(says) for problem in problems]
    for problem in sorted(set(problems), key=Problem.sort_key):
        print(problem_text(problem, sources, err), file=err)
    count = len(set(problems))
    print(paint(says.say("cli.problems_found", count), "error", err), file=err)


def problem_text(problem: Problem, sources: SourceRegistry, stream: TextIO) -> str:
    """One problem as errors.format_problem writes it, coloured and wrapped for `stream` where it is a terminal."""
    where = f"{problem.position}:"
    head = wrap(f"{where} {problem.message}", stream)
    lines = [paint(where, "bold", stream) + paint(head[len(where) :], "red", stream)]
    quoted = quoted_line(problem, sources)
    if quoted is not None:
        lines += [f"    {paint(quoted[0], 'dim', stream)}", f"    {paint(quoted[1], 'error', stream)}"]
    return "\n".join(lines)


def speaker(workspace: Workspace | None, requested: str | None = None) -> Speaks:
    """The language a command's summary lines are said in (choose_language: --lang, else gah.toml's), or
    English where that language cannot be loaded (its own problems are then being reported)."""
    if workspace is not None:
        try:
            return choose_language(workspace, requested)
        except GahError:
            pass
    return shipped_english()


def compile_or_report(workspace: Workspace, requested: str | None = None) -> Compiled | None:
    """The workspace's rulesets compiled, or None once their problems are reported (counted in the language
    `requested`, else gah.toml's)."""
    compiled = compile_library(workspace)
    if compiled.problems:
        report(compiled.problems, workspace.sources, speaker(workspace, requested))
        return None
    return compiled
