"""Output into a pipe whose reader has gone (`gah diff A B --exit-code | head -0`): the command still ends with its
own exit code, with no traceback and no "Broken pipe" line.

A tool that the shell kills by SIGPIPE ends with 141 and loses what it found; Python ignores SIGPIPE, so a write
raises BrokenPipeError instead, which would end the command before it returns its code. Here each standard stream
is guarded: at its first BrokenPipeError the null device is put over its file descriptor (as Python's documentation
advises for SIGPIPE), so every later write, and the flush at exit, goes nowhere, and the command runs on to its
exit code (1 when `gah diff --exit-code` finds differences), as it would have had the reader read everything.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import Any


class _Guarded:
    """A stream (text or binary) whose writes and flushes vanish once its reader has gone."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        self.reader_gone = False

    def write(self, data: Any) -> int:
        try:
            return int(self._stream.write(data))
        except BrokenPipeError:
            self._gone()
            return len(data)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._gone()

    @property
    def buffer(self) -> _Guarded:
        """The binary stream under a text one (gah sheet writes a PDF there), guarded too."""
        return _Guarded(self._stream.buffer)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)

    def _gone(self) -> None:
        """Point the stream's descriptor at the null device; what it still holds is written there and lost."""
        self.reader_gone = True
        with contextlib.suppress(OSError, ValueError):  # a stream without a descriptor (a test's StringIO)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self._stream.fileno())
            os.close(devnull)
        with contextlib.suppress(BrokenPipeError, OSError, ValueError):
            self._stream.flush()


@contextlib.contextmanager
def guarded_streams() -> Iterator[None]:
    """stdout and stderr guarded for as long as the block runs, and flushed (guarded) at its end, so that nothing
    is left to fail at the interpreter's exit."""
    saved = sys.stdout, sys.stderr
    out, err = _Guarded(sys.stdout), _Guarded(sys.stderr)
    sys.stdout, sys.stderr = out, err
    try:
        yield
    finally:
        out.flush()
        err.flush()
        if sys.stdout is out:
            sys.stdout = saved[0]
        if sys.stderr is err:
            sys.stderr = saved[1]
