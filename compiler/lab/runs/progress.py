"""Feedback on long runs, on stderr: a live bar on a terminal, one summary line otherwise (words: the language
files' lab section, gah.lab.runs.voice)."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from .voice import say
from .warm import number

BAR = 24
REDRAW_EVERY = 0.2  # seconds


def _duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    if seconds < 60:
        return say("seconds", seconds=seconds)
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return say("minutes", minutes=minutes, seconds=f"{seconds:02d}")
    hours, minutes = divmod(minutes, 60)
    return say("hours", hours=hours, minutes=f"{minutes:02d}")


class ProgressBar:
    """Call with (games done, games in all) as chunks finish; `close()` at the end. A call with 0 games done
    starts the clock again (the runner's, once the games start: a compile before them is not counted).

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
        if done == 0:
            self.start = now
        if self.live and (now - self.drawn >= REDRAW_EVERY or done >= total):
            self.drawn = now
            self.stream.write("\r" + self.line(now) + "\033[K")
            self.stream.flush()

    def line(self, now: float) -> str:
        elapsed = max(now - self.start, 1e-9)
        rate = self.done / elapsed
        filled = BAR * self.done // max(self.total, 1)
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        return say(
            "progress",
            label=self.label,
            bar=f"[{'#' * filled}{'.' * (BAR - filled)}]",
            done=self.done,
            total=self.total,
            rate=number(round(rate)),
            left=_duration(left),
        )

    def close(self) -> None:
        elapsed = time.monotonic() - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        summary = say(
            "progress_done", label=self.label, done=self.done, time=_duration(elapsed), rate=number(round(rate))
        )
        if self.live:
            self.stream.write("\r" + summary + "\033[K\n")
        else:
            self.stream.write(summary + "\n")
        self.stream.flush()
