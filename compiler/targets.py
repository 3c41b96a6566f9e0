"""Where a file gah writes goes, and whether it can go there, found before the work that makes it.

A target is one of: gah's own standard output or error (`/dev/stdout`, `/proc/self/fd/1`, or the file the shell
sent them to), written through that stream; another file that is no regular file (a device such as /dev/null, a
named pipe, a terminal), written as a stream, never replaced or removed; a folder, refused; or a regular file
(there or not yet), replaced whole through a temporary file beside the file a symbolic link names.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from .said import Said, said

Kind = Literal["stdout", "stderr", "stream", "folder", "file"]
_STANDARD: tuple[tuple[Kind, int], ...] = (("stdout", 1), ("stderr", 2))
NO_TERMINAL = getattr(os, "O_NOCTTY", 0)  # opening a terminal does not make it gah's (POSIX; Windows has no flag)


@dataclass(frozen=True)
class Target:
    """What a path names to write (`real`: for a file, where its new contents go, through symbolic links)."""

    kind: Kind
    real: Path


def destination(path: Path) -> Target:
    """What `path` names to write; an OSError when the machine cannot tell (a link loop, a file as a folder)."""
    try:
        found = os.stat(path)
    except FileNotFoundError:  # nothing there yet (a link to nothing: the file it would name)
        return Target("file", _through_links(path))
    for kind, descriptor in _STANDARD:
        with contextlib.suppress(OSError):
            mine = os.fstat(descriptor)
            if (mine.st_dev, mine.st_ino) == (found.st_dev, found.st_ino):
                return Target(kind, path)
    if stat.S_ISDIR(found.st_mode):
        return Target("folder", path)
    if not stat.S_ISREG(found.st_mode):
        return Target("stream", path)
    return Target("file", _through_links(path))


def _through_links(path: Path) -> Path:
    """The file a symbolic link names (the link stays a link); `path` as given where it is none."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def output_problem(option: str, path: Path, binary: bool = False) -> Said | None:
    """Why the file an option names cannot be written (before a run that makes its contents), or None.

    A regular file needs a folder that takes a new file (a temporary one is made and removed to be sure); a device
    must open for writing; `binary` contents (Parquet) are not written to a terminal."""
    shown = {"option": option, "file": str(path)}
    try:
        where = destination(path)
    except OSError as error:
        return said("errors.output.refused", **shown, reason=str(error.strerror or error))
    if where.kind == "folder":
        return said("errors.output.folder", **shown)
    if where.kind != "file":
        return _stream_problem(path, where.kind, binary, shown)
    folder = where.real.parent
    if not folder.is_dir():
        return said("errors.output.no_folder", **shown, folder=str(folder))
    refusal = _refusal(folder)
    return None if refusal is None else said("errors.output.refused", **shown, reason=refusal)


def _stream_problem(path: Path, kind: Kind, binary: bool, shown: dict[str, str]) -> Said | None:
    """Why a stream target cannot take the contents, or None. A device is opened and closed without waiting (a
    terminal gah has none of says so now); a named pipe is not opened here, as opening it waits for its reader."""
    terminal = said("errors.output.terminal", **shown)
    if kind in ("stdout", "stderr"):
        return terminal if binary and os.isatty(1 if kind == "stdout" else 2) else None
    try:
        if not stat.S_ISCHR(os.stat(path).st_mode):
            return None
        descriptor = os.open(path, os.O_WRONLY | NO_TERMINAL | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        return said("errors.output.refused", **shown, reason=str(error.strerror or error))
    try:
        return terminal if binary and os.isatty(descriptor) else None
    finally:
        os.close(descriptor)


def _refusal(folder: Path) -> str | None:
    """Why `folder` takes no new file (read-only, no permission), by making and removing one; None when it does."""
    try:
        descriptor, name = tempfile.mkstemp(prefix=".gah-", suffix=".tmp", dir=folder)
    except OSError as error:
        return str(error.strerror or error)
    os.close(descriptor)
    with contextlib.suppress(OSError):
        os.unlink(name)
    return None
