"""`gah sheet NAME|FILE [--format html|md|pdf] [--paper a4|letter] [--lang ID] [-o OUT]`: one printable player aid.

NAME is a ruleset (the workspace's or a bundled one), FILE a path to a rules file. A variant's sheet
opens with the house rules that differ from the ruleset it extends. Without -o the sheet is written to
NAME.FORMAT in the current folder (NAME.ID.FORMAT in a language other than the workspace's), except that HTML and Markdown go to stdout when it is a pipe or a
file (so `gah sheet base > base.html` works); `-o -` sends any format to stdout. Files are written
atomically.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import cast

from ..frontend.rulesets import Workspace
from ..languages import choose_language
from ..project import load_one
from ..sheets import Paper, render_sheet
from ..targets import destination
from ..writer import write_atomically
from .registry import command


@command("sheet")
def run_sheet(args: argparse.Namespace, workspace: Workspace) -> int:
    ruleset = load_one(workspace, args.ruleset)
    parent = load_one(workspace, ruleset.extends) if ruleset.extends else None
    paper = cast(Paper, args.paper or workspace.config.paper)
    language = choose_language(workspace, args.lang)
    data = render_sheet(ruleset, parent, args.format, paper, language=language)
    output: Path | None = args.output
    if output is None and (args.format == "pdf" or sys.stdout.isatty()):
        output = Path(default_name(ruleset.name, args.format, language.id, workspace.config.language or "en"))
    if output is None or str(output) == "-" or _is_stdout(output):
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return 0
    write_atomically(output, data)
    print(language.say("cli.wrote", file=str(output), format=args.format, ruleset=ruleset.name))
    return 0


def _is_stdout(output: Path) -> bool:
    """Whether -o names gah's own standard output (/dev/stdout): the sheet goes there as with `-o -`, with no
    "wrote" line after it."""
    try:
        return destination(output).kind == "stdout"
    except OSError:
        return False  # the write says why


def default_name(ruleset: str, format_: str, language: str, workspace_language: str) -> str:
    """NAME.FORMAT in the workspace's language, NAME.ID.FORMAT in any other: sheets in two languages never
    overwrite each other (base.pdf beside base.de.pdf)."""
    return f"{ruleset}.{format_}" if language == workspace_language else f"{ruleset}.{language}.{format_}"
