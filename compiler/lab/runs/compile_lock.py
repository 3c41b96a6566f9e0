"""One compile of the lab's kernels at a time per cache folder (so per machine, for one user): a lock on the file
`compile.lock` in the kernels' cache folder, held by the process that compiles.

The operating system releases the lock when its holder ends, however it ends (a kill, a crash, a power cut's
reboot): a lock left by a killed compile is free at once, with nothing to clean up (fcntl.flock on Unix; on
Windows msvcrt.locking, which Windows releases when the process ends). The file itself stays; it holds the
holder's process id and start (Unix time), for the message of a command that waits, and means nothing once the
lock is free. A folder where the lock file cannot be made (a read-only cache), or a file system without locks,
gives no lock: each command then compiles as it would without one (a cache only saves time; the numbers never
depend on it).

A background compile is handed its lock by the command that starts it (`handed_on`): the lock is taken before
the process starts, so a second command started during its start-up sees the compile already running. (On
Windows a process cannot inherit the lock: the command frees it and the compile takes it as it starts; a second
compile started in between waits for the first and then loads what it compiled.)
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from ...user_cache import kernels_home

LOCK_NAME = "compile.lock"
HANDED_ON = "GAH_COMPILE_LOCK_FD"  # set by the command that starts a background compile: the held lock's fd
_FAR = 1 << 30  # Windows: the byte locked, far past the holder's line, which waiters read


if sys.platform == "win32":
    import msvcrt

    CAN_HAND_ON = False  # a child cannot inherit a lock of msvcrt's: it takes its own

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, _FAR, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, _FAR, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    CAN_HAND_ON = True  # flock's lock belongs to the open file, which a child started with its fd shares

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        except OSError:  # a file system without locks (some network ones): this command compiles as if alone
            return True
        return True

    def _unlock(fd: int) -> None:
        """Nothing: closing the descriptor frees the lock, unless a child it was handed on to still has it."""


@dataclass(frozen=True)
class Holder:
    """Who holds the lock, as its file says: a process id and when it took the lock (Unix time)."""

    pid: int
    started: float


class CompileLock:
    """The lock file of a kernels folder, open; `take()` without waiting, `release()`, `holder()`."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self.fd = fd
        self.held = False

    @classmethod
    def open(cls, folder: Path | None = None) -> CompileLock | None:
        """The lock of `folder` (default: the folder the kernels are kept in, gah.user_cache.kernels_home), or
        None where no lock file can be made (or the kernels are kept nowhere)."""
        place = folder if folder is not None else kernels_home().folder
        if place is None:
            return None
        try:
            place.mkdir(parents=True, exist_ok=True)
            path = place / LOCK_NAME
            return cls(path, os.open(path, os.O_RDWR | os.O_CREAT, 0o666))
        except OSError:
            return None

    def take(self) -> bool:
        """Take the lock if it is free (then write this process as its holder); False if another holds it."""
        if not self.held and _try_lock(self.fd):
            self.held = True
            self.write_holder(os.getpid())
        return self.held

    def write_holder(self, pid: int) -> None:
        """Name process `pid` as the holder, from now on (a lock handed on: the child that holds it)."""
        line = f"{pid} {time.time():.3f}\n".encode()
        with contextlib.suppress(OSError):  # only the waiters' message needs it
            os.lseek(self.fd, 0, os.SEEK_SET)
            os.write(self.fd, line.ljust(40))  # a fixed length: no truncation, which Windows' lock would refuse

    def holder(self) -> Holder | None:
        """The holder the file names (None if unreadable): only meaningful while the lock is held."""
        try:
            with open(self.path, encoding="ascii") as file:
                pid, started = file.read(40).split()[:2]
            return Holder(int(pid), float(started))
        except (OSError, ValueError, UnicodeDecodeError):
            return None

    def release(self) -> None:
        """Free the lock and close the file (what the end of the process does too). A lock handed on to a child
        stays the child's: closing this process's descriptor leaves the child's."""
        with contextlib.suppress(OSError):
            if self.held:
                _unlock(self.fd)
        self.held = False
        with contextlib.suppress(OSError):
            os.close(self.fd)

    def hand_on(self) -> dict[str, str]:
        """The environment that hands this held lock to a child started with `pass_fds=(self.fd,)`."""
        return {HANDED_ON: f"{self.fd}:{self.path}"}


def handed_on() -> CompileLock | None:
    """The lock this process was handed by the command that started it (HANDED_ON), now held by this process;
    None if none was handed on (or the descriptor named is not that lock file's). The variable is removed, so
    that no process this one starts thinks it holds the lock."""
    fd, _, path = os.environ.pop(HANDED_ON, "").partition(":")
    try:
        if not (fd.isdigit() and os.path.samestat(os.fstat(int(fd)), os.stat(path))):
            return None
    except OSError:
        return None
    lock = CompileLock(Path(path), int(fd))
    lock.held = True  # the command that handed it on has named this process as its holder
    return lock
