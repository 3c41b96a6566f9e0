"""`gah sheet NAME|FILE [--format html|md|pdf] [--paper a4|letter] [-o OUT]`: one printable player aid.

NAME is a ruleset in rules/, FILE a path to a rules file. A variant's sheet opens with the house rules
that differ from the ruleset it extends. Markdown and HTML go to stdout unless -o is given; a PDF is
binary, so without -o it is written to NAME.pdf in the current folder (`-o -` sends any format to stdout).
Files are written atomically.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from compiler.cli import command
from compiler.frontend.rulesets import Workspace
from compiler.project import load_one
from compiler.sheets import FORMATS, PAPERS, render_sheet
from compiler.writer import write_atomically


def _setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="NAME|FILE", help="a ruleset name from rules/, or a path to a rules file")
    parser.add_argument(
        "--format", choices=FORMATS, default="html", help="html (default, self-contained), md (for forums) or pdf"
    )
    parser.add_argument("--paper", choices=PAPERS, default="a4", help="page size for html and pdf (default: a4)")
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        default=None,
        help="file to write ('-' for stdout); default: stdout for html and md, NAME.pdf in the current folder for pdf",
    )


@command("sheet", "one printable player aid (HTML, Markdown or PDF) for a ruleset")(_setup)
def run_sheet(args: argparse.Namespace, workspace: Workspace) -> int:
    ruleset = load_one(workspace, args.ruleset)
    parent = load_one(workspace, ruleset.extends) if ruleset.extends else None
    data = render_sheet(ruleset, parent, args.format, args.paper)
    output: Path | None = args.output
    if output is None and args.format == "pdf":
        output = Path(f"{ruleset.name}.pdf")
    if output is None or str(output) == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return 0
    write_atomically(output, data)
    print(f"wrote {output} ({args.format}, {ruleset.name})")
    return 0
