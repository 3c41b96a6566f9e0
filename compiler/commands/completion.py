"""`gah completion SHELL`: print the script that makes SHELL complete gah's commands, options and names."""

from __future__ import annotations

import argparse

from ..completion import script
from ..workspace import Workspace
from .registry import command


@command("completion")
def run_completion(args: argparse.Namespace, workspace: Workspace) -> int:
    print(script(args.shell), end="")
    return 0
