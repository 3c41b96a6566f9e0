"""Feedback on long runs, on stderr: a live bar on a terminal, one summary line otherwise."""

from __future__ import annotations

import sys
import time
from typing import TextIO

BAR = 24
REDRAW_EVERY = 0.2  # seconds


def _duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


class ProgressBar:
    """Call with (games done, games in all) as chunks finish; `close()` at the end.

    On a terminal: games done, rate and time left, redrawn in place. Elsewhere (a log, a pipe):
    nothing while running, and one line at the end, so logs stay short."""

    def __init__(self, label: str, stream: TextIO | None = None, live: bool | None = None) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.live = self.stream.isatty() if live is None else live
        self.start = time.monotonic()
        self.drawn = 0.0
        self.done = 0
        self.total = 0

    def __call__(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        now = time.monotonic()
        if self.live and (now - self.drawn >= REDRAW_EVERY or done >= total):
            self.drawn = now
            self.stream.write("\r" + self.line(now) + "\033[K")
            self.stream.flush()

    def line(self, now: float) -> str:
        elapsed = max(now - self.start, 1e-9)
        rate = self.done / elapsed
        filled = BAR * self.done // max(self.total, 1)
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        return (
            f"{self.label}: [{'#' * filled}{'.' * (BAR - filled)}] {self.done}/{self.total} games"
            f"  {rate:,.0f} games/s  {_duration(left)} left"
        )

    def close(self) -> None:
        elapsed = time.monotonic() - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        summary = f"{self.label}: {self.done} games in {_duration(elapsed)} ({rate:,.0f} games/s)"
        if self.live:
            self.stream.write("\r" + summary + "\033[K\n")
        else:
            self.stream.write(summary + "\n")
        self.stream.flush()
