"""`gah build [--check]`: compile every ruleset into generated/, all or nothing."""

from __future__ import annotations

import argparse
import sys

from ..cli import command, compile_or_report
from ..outputs import managed_files, planned_outputs
from ..rulesets import Workspace
from ..writer import write_atomically


def _setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if any generated file is stale")


@command("build", "compile every ruleset into generated/ (scoring modules and sheets)")(_setup)
def run_build(args: argparse.Namespace, workspace: Workspace) -> int:
    compiled = compile_or_report(workspace)
    if compiled is None:
        return 1
    outputs = planned_outputs(workspace.root, compiled.rulesets)
    stale = [path for path, data in outputs.items() if not path.is_file() or path.read_bytes() != data]
    extra = [path for path in managed_files(workspace.root) if path not in outputs]
    if args.check:
        for path in stale:
            state = "stale" if path.exists() else "missing"
            print(f"{workspace.display(path)}: {state}", file=sys.stderr)
        for path in extra:
            print(f"{workspace.display(path)}: no ruleset produces it (remove it or run gah build)", file=sys.stderr)
        if stale or extra:
            print("generated files are out of date: run gah build", file=sys.stderr)
            return 1
        print(f"generated/ is up to date ({len(outputs)} files)")
        return 0
    for path in stale:
        write_atomically(path, outputs[path])
    for path in extra:
        path.unlink()
    print(
        f"built {len(compiled.rulesets)} rulesets: {len(stale)} files written, {len(outputs) - len(stale)} unchanged, {len(extra)} removed"
    )
    return 0
