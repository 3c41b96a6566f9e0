"""Atomic file writing: a whole new file or the old one, never half of either; several files all or none.

A write the machine refuses (a read-only folder, a full disk, a permission) is a GahError naming the file and
the reason, so every command says it in one line; nothing is left half-written and no temporary file stays.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from .errors import GahError


def write_atomically(path: Path, data: bytes) -> None:
    """Write `data` to a temporary file beside `path`, then rename it into place."""
    write_all_or_nothing({path: data})


def write_all_or_nothing(files: Mapping[Path, bytes]) -> None:
    """Write every file of `files`, or (when any write fails) none of them.

    Each file is first written in full to a temporary file beside its target; only when all are written are
    they renamed into place (a rename needs no space), so a full disk or a read-only folder met on the last
    file leaves every earlier one as it was. A rename refused after others were done (a disk error) puts the
    old files back; only if the machine refuses that too does the message say how many files were replaced."""
    staged: list[tuple[str, Path]] = []
    target: Path | None = None
    try:
        for target in sorted(files):
            staged.append((_stage(target, files[target]), target))
        _swap_in(staged)
    except _RenameRefused as refused:
        count = refused.count
        replaced = f"; {count} {'file was' if count == 1 else 'files were'} already replaced" if count else ""
        raise GahError(cannot_write(refused.error, refused.target) + replaced) from None
    except OSError as error:
        raise GahError(cannot_write(error, target)) from None
    finally:
        for temp, _path in staged:
            if os.path.exists(temp):
                os.unlink(temp)


class _RenameRefused(Exception):
    """A rename onto `target` failed; `count` targets hold their new contents (putting them back failed too)."""

    def __init__(self, error: OSError, target: Path, count: int) -> None:
        super().__init__(str(error))
        self.error, self.target, self.count = error, target, count


def _swap_in(staged: list[tuple[str, Path]]) -> None:
    """Rename each staged file onto its target, the old file kept aside until all are in; undone on failure."""
    done: list[tuple[Path, str | None]] = []  # target, where its old file waits (None: there was none)
    target = staged[0][1] if staged else Path()
    try:
        for temp, target in staged:
            aside = None
            if os.path.lexists(target):
                aside = temp + ".old"
                os.replace(target, aside)
            done.append((target, aside))
            os.replace(temp, target)
    except OSError as error:
        raise _RenameRefused(error, target, _undo(done)) from None
    for _target, aside in done:
        if aside is not None:
            with contextlib.suppress(OSError):
                os.unlink(aside)


def _undo(done: list[tuple[Path, str | None]]) -> int:
    """Put the old files back, newest first; the number of targets that could not be restored."""
    left = 0
    for target, aside in reversed(done):
        try:
            if aside is None:
                target.unlink(missing_ok=True)
            elif os.path.lexists(aside):
                os.replace(aside, target)
        except OSError:
            left += 1
    return left


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
    """Remove files gah wrote earlier, and the folders that held only them (a language's sheets/ID/ after the
    workspace's languages change); a refusal is a GahError naming the file."""
    path: Path | None = None
    try:
        for path in paths:
            path.unlink(missing_ok=True)
    except OSError as error:
        raise GahError(cannot_write(error, path)) from None
    for folder in sorted({p.parent for p in paths}, key=lambda f: len(f.parts), reverse=True):
        with contextlib.suppress(OSError):  # not empty (other files live there), or not ours to remove
            folder.rmdir()


def cannot_write(error: OSError, target: Path | None) -> str:
    """One line for a refused write: the file gah meant to write (not its temporary twin) and the reason."""
    where = target if target is not None else error.filename
    return f"cannot write {where}: {error.strerror or error}"
