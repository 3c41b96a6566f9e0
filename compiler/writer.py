"""Atomic file writing: a whole new file or the old one, never half of either; several files all or none.

A write the machine refuses (a read-only folder, a full disk, a permission) is a GahError naming the file and
the reason, so every command says it in one line; nothing is left half-written and no temporary file stays.
Where a file goes is gah.targets' call: a regular file is replaced through a temporary file beside it (a symbolic
link stays, and the file it names is replaced); a device, a named pipe or gah's own standard output is written as
a stream, never replaced or removed; a folder is refused.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import BinaryIO

from .errors import GahError
from .said import error_of, said
from .targets import NO_TERMINAL, Target, destination

Fill = Callable[[BinaryIO], object]  # writes a file's contents into an open binary file, as they are made
Contents = bytes | Fill


def write_atomically(path: Path, data: Contents) -> None:
    """Write `data` (bytes, or a Fill) to a temporary file beside `path`, then rename it into place; into a
    target that is no regular file (a device, a pipe, the standard output), write it as a stream."""
    where = _where(path)
    if where.kind == "file":
        write_all_or_nothing({path: data})
    elif where.kind == "folder":
        raise error_of(GahError, "errors.write.cannot", file=str(path), reason=said("errors.write.folder"))
    else:
        _stream(path, where, data)


def write_all_or_nothing(files: Mapping[Path, Contents]) -> None:
    """Write every file of `files`, or (when any write fails) none of them.

    Each file is first written in full to a temporary file beside its target; only when all are written are
    they renamed into place (a rename needs no space), so a full disk or a read-only folder met on the last
    file leaves every earlier one as it was. A rename refused after others were done (a disk error) puts the
    old files back; only if the machine refuses that too does the message say how many files were replaced.
    A target that is no regular file (a folder, a device, a pipe) is refused before any file is written."""
    real = {_file_target(path): path for path in files}  # where each file goes: the path it was named by
    staged: list[tuple[str, Path]] = []
    where: Path | None = None
    try:
        for where in sorted(real):
            staged.append((_stage(where, files[real[where]]), where))
        _swap_in(staged)
    except _RenameRefused as refused:
        shown = real.get(refused.target, refused.target)
        if not refused.count:
            raise _cannot(refused.error, shown) from None
        reason = str(refused.error.strerror or refused.error)
        raise error_of(
            GahError, "errors.write.cannot_replaced", refused.count, file=str(shown), reason=reason
        ) from None
    except OSError as error:
        raise _cannot(error, None if where is None else real[where]) from None
    finally:
        for temp, _path in staged:
            if os.path.exists(temp):
                os.unlink(temp)


def _where(path: Path) -> Target:
    """What `path` is to write into (gah.targets); a GahError naming it when the machine cannot tell."""
    try:
        return destination(path)
    except OSError as error:
        raise _cannot(error, path) from None


def _file_target(path: Path) -> Path:
    """Where a file of write_all_or_nothing goes (through symbolic links); a GahError if it is no regular file."""
    where = _where(path)
    if where.kind != "file":
        raise error_of(GahError, "errors.write.cannot", file=str(path), reason=said("errors.write.not_plain"))
    return where.real


def _stream(path: Path, where: Target, data: Contents) -> None:
    """Write `data` into a target that is no regular file: the standard output or error through Python's stream
    (after what was printed there), anything else opened as it is, never made, emptied or removed."""
    standard = sys.stdout if where.kind == "stdout" else sys.stderr if where.kind == "stderr" else None
    sys.stdout.flush()
    sys.stderr.flush()
    if standard is not None and hasattr(standard, "buffer"):
        _fill(standard.buffer, data)
        standard.buffer.flush()
        return
    try:
        descriptor = os.open(path, os.O_WRONLY | NO_TERMINAL)
    except OSError as error:
        raise _cannot(error, path) from None
    if stat.S_ISREG(os.fstat(descriptor).st_mode):  # it became a regular file since: replaced whole instead
        os.close(descriptor)
        write_all_or_nothing({path: data})
        return
    try:
        with os.fdopen(descriptor, "wb") as handle:
            _fill(handle, data)
    except BrokenPipeError:  # its reader has gone: the command ends as a shell shows it (gah.cli)
        raise
    except OSError as error:
        raise _cannot(error, path) from None


def _fill(handle: BinaryIO, data: Contents) -> None:
    if isinstance(data, bytes):
        handle.write(data)
    else:
        data(handle)


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


def _stage(path: Path, data: Contents) -> str:
    """A temporary file beside `path` holding `data`, synced to disk; its name."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)  # a file replaced keeps its permissions
    except OSError:
        mode = 0o644
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            _fill(handle, data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)
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
        raise _cannot(error, path) from None
    for folder in sorted({p.parent for p in paths}, key=lambda f: len(f.parts), reverse=True):
        with contextlib.suppress(OSError):  # not empty (other files live there), or not ours to remove
            folder.rmdir()


def _cannot(error: OSError, target: Path | None) -> GahError:
    """A refused write in one line: the file gah meant to write (not its temporary twin) and the reason."""
    where = target if target is not None else error.filename
    return error_of(GahError, "errors.write.cannot", file=str(where), reason=str(error.strerror or error))
