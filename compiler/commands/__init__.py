"""The subcommands of `gah`: importing a module of this package registers its command's handler.

MODULES names the module of each command, so that the command line imports only the one it runs (the lab's
commands load NumPy and numba, the sheets WeasyPrint: about 0.6 s that `gah check` or `gah score` need not
wait for, and `gah --help` none of them: options.py says what every command takes); registry.py holds the
table the handlers register in, common.py what several share, parser.py the parser that speaks the workspace's
language.
"""

from __future__ import annotations

import importlib

from .registry import HANDLERS, Handler

MODULES = {
    "build": "build",
    "check": "check",
    "compare": "compare",
    "completion": "completion",
    "diff": "diff",
    "docs": "format_docs",
    "init": "init",
    "lab-model": "lab_model",
    "new-variant": "new_variant",
    "report": "report",
    "score": "score",
    "setup": "setup",
    "sheet": "sheet",
    "show": "show",
    "sweep": "sweep",
    "tune": "tune",
}


def handler(name: str) -> Handler:
    """What `gah NAME` runs (NAME one of MODULES), its module imported."""
    importlib.import_module(f"{__name__}.{MODULES[name]}")
    return HANDLERS[name]
