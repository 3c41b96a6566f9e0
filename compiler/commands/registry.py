"""The table of `gah`'s commands: each command module registers its options and handler here on import
(compiler/commands/__init__.py says which module holds which command, so only the one asked for is imported)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..errors import Problem
    from ..problem_formats import Failure
    from ..workspace import Workspace

Handler = Callable[[argparse.Namespace, "Workspace"], int]
COMMANDS: dict[str, tuple[Callable[[argparse.ArgumentParser], None], Handler, str]] = {}
# A command whose output tools read (gah check --format json) prints an error that ends it in that form too: the
# problems (said in the user's language) or the failure; False when the options ask for the text form.
FailureOutput = Callable[[argparse.Namespace, list["Problem"], "Failure | None"], bool]
FAILURE_OUTPUTS: dict[str, FailureOutput] = {}


def command(
    name: str, help_text: str
) -> Callable[[Callable[[argparse.ArgumentParser], None]], Callable[[Handler], Handler]]:
    """Register a subcommand: the decorated configure function adds arguments, the returned decorator the handler."""

    def configure(setup: Callable[[argparse.ArgumentParser], None]) -> Callable[[Handler], Handler]:
        def register(handler: Handler) -> Handler:
            COMMANDS[name] = (setup, handler, help_text)
            return handler

        return register

    return configure


def failure_output(name: str) -> Callable[[FailureOutput], FailureOutput]:
    """Register how command `name` prints an error that ends it (see FAILURE_OUTPUTS)."""

    def register(output: FailureOutput) -> FailureOutput:
        FAILURE_OUTPUTS[name] = output
        return output

    return register


def language_option(parser: argparse.ArgumentParser) -> None:
    """`--lang ID`: the language of what players read."""
    parser.add_argument(
        "--lang",
        metavar="ID",
        default=None,
        help="language of the words players read: en, de or a language of the workspace's rules/languages/ "
        "(default: gah.toml's language, else en)",
    )
