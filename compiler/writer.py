"""Atomic file writing: a whole new file or the old one, never half of either; several files all or none.

A write the machine refuses (a read-only folder, a full disk, a permission) is a GahError naming the file and
the reason, so every command says it in one line; nothing is left half-written and no temporary file stays.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from compiler.errors import GahError


def write_atomically(path: Path, data: bytes) -> None:
    """Write `data` to a temporary file beside `path`, then rename it into place."""
    write_all_or_nothing({path: data})


def write_all_or_nothing(files: Mapping[Path, bytes]) -> None:
    """Write every file of `files`, or (when any write fails) none of them.

    Each file is first written in full to a temporary file beside its target; only when all are written are
    they renamed into place (a rename needs no space), so a full disk or a read-only folder met on the last
    file leaves every earlier one as it was."""
    staged: list[tuple[str, Path]] = []
    target: Path | None = None
    try:
        for target in sorted(files):
            staged.append((_stage(target, files[target]), target))
        for temp, target in staged:
            os.replace(temp, target)
    except OSError as error:
        raise GahError(cannot_write(error, target)) from None
    finally:
        for temp, _path in staged:
            if os.path.exists(temp):
                os.unlink(temp)


def _stage(path: Path, data: bytes) -> str:
    """A temporary file beside `path` holding `data`, synced to disk; its name."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, 0o644)
    except BaseException:
        os.unlink(temp)
        raise
    return temp


def remove_files(paths: list[Path]) -> None:
    """Remove files gah wrote earlier; a refusal is a GahError naming the file."""
    path: Path | None = None
    try:
        for path in paths:
            path.unlink(missing_ok=True)
    except OSError as error:
        raise GahError(cannot_write(error, path)) from None


def cannot_write(error: OSError, target: Path | None) -> str:
    """One line for a refused write: the file gah meant to write (not its temporary twin) and the reason."""
    where = target if target is not None else error.filename
    return f"cannot write {where}: {error.strerror or error}"
