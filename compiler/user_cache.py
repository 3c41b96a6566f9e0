"""The folder where gah keeps what it makes for this machine (the kernels' machine code, the files already
found valid): GAH_CACHE_DIR, else the platform's user cache folder, as appdirs names it (numba's copy of
appdirs gave the same folders; this module is read by commands that must not load numba)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

CACHE_VARIABLE = "GAH_CACHE_DIR"


def cache_root() -> Path:
    """GAH_CACHE_DIR, else ~/.cache/gah (XDG_CACHE_HOME on Linux), ~/Library/Caches/gah, or
    %LOCALAPPDATA%\\gah\\Cache."""
    given = os.environ.get(CACHE_VARIABLE)
    if given:
        return Path(given)
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "gah" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "gah"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "gah"


def kernels_folder() -> Path:
    """The folder of the lab's kernels' machine code: NUMBA_CACHE_DIR, else cache_root()'s `kernels`
    (gah.backends.batched.jit)."""
    given = os.environ.get("NUMBA_CACHE_DIR")
    return Path(given) if given else cache_root() / "kernels"


def temporary_kernels_folder() -> Path:
    """Where the kernels go when their folder cannot be written: the temporary folder, per user."""
    return Path(tempfile.gettempdir()) / f"gah-kernels-{os.getuid() if hasattr(os, 'getuid') else 'user'}"
