"""The folder where gah keeps what it makes for this machine (the kernels' machine code, the files already
found valid): GAH_CACHE_DIR, else the platform's user cache folder, as appdirs names it (numba's copy of
appdirs gave the same folders; this module is read by commands that must not load numba).

A cache only saves time: a folder that cannot be written (a full disk, a read-only one) is said in one line that
names it (`Unwritable`), and gah goes on without it. The kernels' fallback in the temporary folder, which every
user can write in, is used only if it is this user's own folder that no one else can write in (`private_folder`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .said import Said, notice, said

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
    """Where the kernels go when their folder cannot be written: the temporary folder, per user (used only when
    private_folder accepts it)."""
    return Path(tempfile.gettempdir()) / f"gah-kernels-{os.getuid() if hasattr(os, 'getuid') else 'user'}"


@dataclass(frozen=True)
class Unwritable:
    """A cache folder that could not be written, and why (the operating system's error)."""

    folder: Path
    error: OSError

    def said(self, then: Said) -> Said:
        """The line that says so, naming the folder, and `then`: what gah does instead."""
        if self.error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            return said("cli.cache.no_space", folder=str(self.folder), then=then)
        reason = self.error.strerror or str(self.error)
        return said("cli.cache.cannot_write", folder=str(self.folder), reason=reason, then=then)


def write_new(folder: Path, data: bytes, prefix: str) -> str:
    """A new file in `folder` holding `data`, by a name no other process has, readable and writable by this user
    alone (mode 0600): its path. An OSError as the system gives it (ENOSPC: a full disk), the file removed."""
    fd, path = tempfile.mkstemp(dir=folder, prefix=prefix)
    try:
        left = memoryview(data)
        while left:
            left = left[os.write(fd, left) :]
    except OSError:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(path)
        raise
    os.close(fd)
    return path


def probe(folder: Path) -> Unwritable | None:
    """None if `folder` can be made and a file with a byte in it written there (a full disk fails), else why
    not."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        os.unlink(write_new(folder, b"\0", ".probe-"))
    except OSError as error:
        return Unwritable(folder, error)
    return None


def private_folder(folder: Path) -> Said | None:
    """Make `folder` (mode 0700) if it is missing; None if it is this user's own folder that no other user can
    write in (not a link, owned by this user, not writable by group or others), else the line that refuses it.
    A folder another user made first (with a planted file in it) is never used. On Windows, whose temporary
    folder is the user's own, only that it is a folder is checked."""
    try:
        folder.mkdir(mode=0o700)
    except FileExistsError:
        pass
    except OSError:
        return None  # cannot be made: probe() says why
    try:
        found = os.lstat(folder)
    except OSError:
        return None
    mine = not hasattr(os, "getuid") or found.st_uid == os.getuid()
    if stat.S_ISDIR(found.st_mode) and mine and not found.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return None
    mode = f"{stat.S_IMODE(found.st_mode):04o}"
    return said("cli.cache.not_private", folder=str(folder), owner=found.st_uid, mode=mode)


@dataclass(frozen=True)
class KernelsHome:
    """Where the lab's compiled kernels are kept in this process: `folder`, or None where no folder can be
    written (`unwritable`: the kernels' own folder and why; the kernels are then compiled for the run only)."""

    folder: Path | None
    unwritable: Unwritable | None = None


def kernels_home() -> KernelsHome:
    """The kernels' folder: kernels_folder(), else this user's private folder in the temporary folder (said in
    one line), else none. A temporary folder another user could have written in is refused in one line. Chosen
    once per process (for the same folders)."""
    try:
        fallback: Path | None = temporary_kernels_folder()
    except OSError:  # no temporary folder can be written either (Python's own check: a full disk)
        fallback = None
    return _home(kernels_folder(), fallback)


@cache
def _home(first: Path, fallback: Path | None) -> KernelsHome:
    trouble = probe(first)
    if trouble is None:
        return KernelsHome(first)
    if fallback is None:
        return KernelsHome(None, trouble)
    refused = private_folder(fallback)
    if refused is not None:
        notice(refused)
    elif probe(fallback) is None:
        notice(trouble.said(said("cli.cache.kernels_to", folder=str(fallback))))
        return KernelsHome(fallback, trouble)
    return KernelsHome(None, trouble)
