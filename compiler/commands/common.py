"""What several commands share: problems reported in the workspace's language, and the workspace compiled or
its problems reported."""

from __future__ import annotations

import sys

from ..errors import GahError, Problem, SourceRegistry, format_problems
from ..frontend.rulesets import Workspace
from ..frontend.validate import Speaks, shipped_english
from ..languages import choose_language
from ..project import Compiled, compile_library


def report(problems: list[Problem], sources: SourceRegistry, language: Speaks | None = None) -> None:
    """Print positioned problems to stderr, sorted, with a count said in `language` (default English)."""
    print(format_problems(problems, sources), file=sys.stderr)
    count = len(set(problems))
    print((language or shipped_english()).say("cli.problems_found", count), file=sys.stderr)


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
