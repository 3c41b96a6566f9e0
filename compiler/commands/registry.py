"""The table of `gah`'s command handlers: each command module registers its handler here on import
(compiler/commands/__init__.py says which module holds which command, so only the one run is imported; what
each command takes on its command line is in options.py, which imports none of them)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..errors import Problem
    from ..problem_formats import Failure
    from ..workspace import Workspace

Handler = Callable[[argparse.Namespace, "Workspace"], int]
HANDLERS: dict[str, Handler] = {}
# A command whose output tools read (gah check --format json) prints an error that ends it in that form too: the
# problems (said in the user's language) or the failure; False when the options ask for the text form.
FailureOutput = Callable[[argparse.Namespace, list["Problem"], "Failure | None"], bool]
FAILURE_OUTPUTS: dict[str, FailureOutput] = {}


def command(name: str) -> Callable[[Handler], Handler]:
    """Register the decorated function as what `gah NAME` runs."""

    def register(handler: Handler) -> Handler:
        HANDLERS[name] = handler
        return handler

    return register


def failure_output(name: str) -> Callable[[FailureOutput], FailureOutput]:
    """Register how command `name` prints an error that ends it (see FAILURE_OUTPUTS)."""

    def register(output: FailureOutput) -> FailureOutput:
        FAILURE_OUTPUTS[name] = output
        return output

    return register
