"""The table of `gah`'s commands: each command module registers its options and handler here on import
(compiler/commands/__init__.py says which module holds which command, so only the one asked for is imported)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..workspace import Workspace

Handler = Callable[[argparse.Namespace, "Workspace"], int]
COMMANDS: dict[str, tuple[Callable[[argparse.ArgumentParser], None], Handler, str]] = {}


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


def language_option(parser: argparse.ArgumentParser) -> None:
    """`--lang ID`: the language of what players read."""
    parser.add_argument(
        "--lang",
        metavar="ID",
        default=None,
        help="language of the words players read: en, de or a language of the workspace's rules/languages/ "
        "(default: gah.toml's language, else en)",
    )
