"""`gah completion SHELL`: print the script that makes SHELL complete gah's commands, options and names."""

from __future__ import annotations

import argparse

from ..completion import script
from ..workspace import Workspace
from .registry import command

SHELLS = ("bash", "zsh", "fish")


def _setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("shell", choices=SHELLS, help="the shell to complete in")


@command(
    "completion",
    'print a shell\'s completion script: eval "$(gah completion bash)" in ~/.bashrc (zsh, fish: gah docs commands)',
)(_setup)
def run_completion(args: argparse.Namespace, workspace: Workspace) -> int:
    print(script(args.shell), end="")
    return 0
