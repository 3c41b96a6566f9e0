"""The subcommands of `gah`: importing a module of this package registers its command.

MODULES names the module of each command, so that the command line imports only the one it runs (the lab's
commands load NumPy and numba, the sheets WeasyPrint: about 0.6 s that `gah check` or `gah score` need not
wait for); registry.py holds the table they register in, common.py what several share. `import_all` registers every command (`gah --help`, an unknown command's list, the docs).
"""

from __future__ import annotations

import importlib

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


def import_command(name: str) -> None:
    """Register the command `name` (one of MODULES)."""
    importlib.import_module(f"{__name__}.{MODULES[name]}")


def import_all() -> None:
    """Register every command."""
    for name in MODULES:
        import_command(name)
