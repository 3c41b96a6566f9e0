"""The table of `gah`'s command handlers: each command module registers its handler here on import
(compiler/commands/__init__.py says which module holds which command, so only the one run is imported; what
each command takes on its command line is in options.py, which imports none of them)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..workspace import Workspace

Handler = Callable[[argparse.Namespace, "Workspace"], int]
HANDLERS: dict[str, Handler] = {}


def command(name: str) -> Callable[[Handler], Handler]:
    """Register the decorated function as what `gah NAME` runs."""

    def register(handler: Handler) -> Handler:
        HANDLERS[name] = handler
        return handler

    return register
