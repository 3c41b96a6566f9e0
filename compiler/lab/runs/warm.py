"""Kernels not compiled yet (a new install, an update, a damaged cache): the first run says what it does and never
waits for a compile that the pure path would beat; one compile runs at a time per cache folder (so per machine),
however many commands start (gah.lab.runs.compile_lock).

Measured on a shared 2-core machine with other jobs running (load 8 to 14): compiling the kernels takes 148 to
162 s of CPU (three runs; 7 to 17 minutes of wall time at that load), and the pure path plays a game of one
ruleset in 3.2 to 3.7 ms (`gah compare base introductory`, 2,000 games: 12.6 to 16.5 s of CPU). So a run of
fewer than about 37,500 ruleset-games is done on the pure path before the compile would be: it plays there (the
same numbers, byte for byte) while a background process compiles the kernels for the next run. A longer run
compiles first, in the foreground, with a line that counts the seconds (`CompileProgress`); its games/s figure
starts after the compile (gah.lab.runs.runner). Only the default engine plays small runs on the pure path:
GAH_LAB_ENGINE=batched always compiles first.

A command that finds another's compile running (the lock taken) starts none: a small run plays on the pure path
and says whose compile it joined; a longer run waits for it with a line that counts (`wait_for`) and then loads
what it compiled, or compiles itself if that process ended without finishing (killed: its lock is free).

Every compile keeps its CPU seconds in the kernels' folder (COST_FILE): the lines of the next compile on the
machine (after an update) expect that figure; the first compile expects COMPILE_SECONDS, measured above.

    gah compare base base --games 1 --players 4 --workers 1    # what the background process runs
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ...said import notice, said
from ...user_cache import kernels_folder, kernels_home
from .compile_lock import CAN_HAND_ON, CompileLock, Holder, handed_on
from .voice import say

if TYPE_CHECKING:
    from .jobs import LabSpec

COMPILE_SECONDS = 150.0  # CPU seconds, measured (above): what the first compile on a machine expects
PURE_GAME_SECONDS = 0.004  # rounded up from 3.2 to 3.7 ms (at the same load): planning models play slower
TICK = 1.0  # seconds between redraws of the compile line on a terminal
POLL = 0.2  # seconds between looks at a lock another command holds
NICENESS = 10  # the background compile's: below the run that plays meanwhile
COST_FILE = "compile-seconds"  # in the kernels' folder: the last compile's CPU seconds on this machine


def compiled() -> bool:
    """Whether the kernels' machine code for this machine and these sources is in the cache."""
    from ...backends.batched.jit import cached_here
    from ..engine.batched_scorer import score_games

    return cached_here(score_games)


def expected_seconds() -> int:
    """The seconds a compile is expected to take here: the CPU seconds of the last compile on this machine (kept in
    the kernels' cache folder: COST_FILE), else COMPILE_SECONDS."""
    try:
        return max(1, round(float((_kept_in() / COST_FILE).read_text(encoding="ascii"))))
    except (OSError, ValueError):
        return round(COMPILE_SECONDS)


def _remember(cpu_seconds: float) -> None:
    """Keep a compile's CPU seconds for the next one's messages (after an update); a cache only saves time."""
    with contextlib.suppress(OSError):
        (_kept_in() / COST_FILE).write_text(f"{cpu_seconds:.1f}\n", encoding="ascii")


def _kept_in() -> Path:
    """The folder the kernels are kept in (the kernels' folder where none can be written)."""
    return kernels_home().folder or kernels_folder()


def kept_nowhere() -> bool:
    """Whether the kernels are not compiled and no folder can keep them (a full disk, a read-only one: see
    gah.user_cache.kernels_home): then the default engine plays on the pure path (the same numbers, without a
    compile of some minutes that every run would repeat), said in one line that names the folder."""
    home = kernels_home()
    if home.folder is not None or home.unwritable is None or compiled():
        return False
    notice(home.unwritable.said(said("cli.cache.kernels_pure")))
    return True


def sooner_on_the_pure_path(spec: LabSpec) -> bool:
    """Whether the pure path plays `spec` before the kernels would be compiled."""
    return spec.games * len(spec.rulesets) * PURE_GAME_SECONDS < COMPILE_SECONDS


# The command that compiles every kernel the lab uses: the base game compared with itself on one game, on the
# batched engine (run as `python -m gah`, so the lab never imports the command line).
WARM_UP = ("compare", "base", "base", "--games", "1", "--players", "4", "--workers", "1")
TOP = __name__.partition(".")[0]  # gah


def _yield_the_cores() -> None:
    """In the compile process, before it starts: the user's run on the pure path comes first; the compile takes
    what CPU is left."""
    os.nice(NICENESS)


def compile_in_background(lock: CompileLock | None) -> None:
    """Start a process, detached from this one's terminal and signals, at a lower priority, that compiles the
    kernels. `lock`, held by this process, is handed on to it (on Windows, freed for it to take), then let go."""
    env = {**os.environ, "GAH_LAB_ENGINE": "batched"}
    env.pop("GAH_LAB_PURE", None)
    passed: tuple[int, ...] = ()
    if lock is not None and CAN_HAND_ON:
        env.update(lock.hand_on())
        passed = (lock.fd,)
    elif lock is not None:
        lock.release()
    try:
        child = subprocess.Popen(
            [sys.executable, "-m", TOP, *WARM_UP],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            env=env,
            pass_fds=passed,
            preexec_fn=_yield_the_cores if hasattr(os, "nice") else None,
        )
        if lock is not None and lock.held:
            lock.write_holder(child.pid)  # who compiles, for a command that finds the lock taken
    finally:
        if lock is not None:
            lock.release()  # this process's descriptor: the child's keeps the lock


def number(value: int) -> str:
    """A whole number with the language's thousands separator (2,000; 2.000 in German)."""
    return f"{value:,}".replace(",", say("thousands_separator"))


def pure_meanwhile(spec: LabSpec) -> bool:
    """For a run on the default engine: True (a background compile started or found running, the user told) when
    the kernels are not compiled and the pure path finishes `spec` sooner."""
    if compiled() or not sooner_on_the_pure_path(spec):
        return False
    if _STARTED:  # a command of several runs (a sweep over player counts, tune's steps): one compile, said once
        return True
    _STARTED.append(True)
    lock = CompileLock.open()
    if lock is not None and not lock.take():  # another command's compile runs: this one joins it
        holder = lock.holder()
        lock.release()
        print(say("joined", games=number(spec.games), process=_process(holder)), file=sys.stderr)
        return True
    compile_in_background(lock)
    print(say("meanwhile", games=number(spec.games), seconds=expected_seconds()), file=sys.stderr)
    return True


def _process(holder: Holder | None) -> str:
    """The holder's process id, as said ("?" if its file could not be read)."""
    return str(holder.pid) if holder is not None else "?"


_STARTED: list[bool] = []  # the background compile this process started or joined (at most one)


class CompileProgress:
    """While the kernels compile in the foreground: a line that counts the seconds against the expected ones on a
    terminal (redrawn in place), one line before and one after elsewhere."""

    def __init__(
        self, stream: TextIO | None = None, live: bool | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.live = self.stream.isatty() if live is None else live
        self.clock = clock
        self.start = clock()
        self.stop = threading.Event()
        self.ticker = threading.Thread(target=self._tick, daemon=True)
        self.expected = expected_seconds()

    def line(self, elapsed: float) -> str:
        return say("compiling", seconds=round(elapsed), expected=self.expected)

    def _tick(self) -> None:
        while not self.stop.wait(TICK):
            self.stream.write("\r" + self.line(self.clock() - self.start) + "\033[K")
            self.stream.flush()

    def __enter__(self) -> CompileProgress:
        self.start = self.clock()
        if self.live:
            self.stream.write(self.line(0.0))
            self.ticker.start()
        else:
            self.stream.write(say("compile_starts", expected=self.expected) + "\n")
        self.stream.flush()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop.set()
        if self.ticker.is_alive():
            self.ticker.join()
        done = say("compiled", seconds=round(self.clock() - self.start))
        self.stream.write(("\r" + done + "\033[K\n") if self.live else done + "\n")
        self.stream.flush()


def compile_first(play_one: Callable[[], object]) -> None:
    """Before a run on the batched engine: when its kernels are not compiled, compile them now (by `play_one`, a
    game played on the engine) with CompileProgress, so that the games' clock starts after the compile. Another
    command's compile running: wait for it (wait_for), then load what it compiled, or compile here if it
    ended without (killed)."""
    if compiled():
        return
    lock = handed_on() or CompileLock.open()
    try:
        if lock is not None and not lock.take():
            process = wait_for(lock)
            if compiled():
                print(say("compiled_elsewhere", process=process), file=sys.stderr)
                return
            print(say("compile_abandoned", process=process), file=sys.stderr)
        _compile(play_one)
    finally:
        if lock is not None:
            lock.release()


def _compile(play_one: Callable[[], object]) -> None:
    """Compile the kernels here, by playing a game, with a line that says so; its CPU seconds are kept (when the
    kernels are compiled after it: not those of a compile that found them on disk after all)."""
    home = kernels_home()
    if home.folder is None and home.unwritable is not None:
        notice(home.unwritable.said(said("cli.cache.kernels_this_run")))
    cpu = time.process_time()
    with CompileProgress():
        play_one()
    if compiled():
        _remember(time.process_time() - cpu)


def wait_for(
    lock: CompileLock,
    stream: TextIO | None = None,
    live: bool | None = None,
    poll: float = POLL,
    clock: Callable[[], float] = time.time,
) -> str:
    """While another command compiles the kernels: take `lock` as soon as it is free (that command done, or
    ended), with a line that counts the seconds since its compile started on a terminal (redrawn in place), or
    one line before elsewhere. The other command's process id, as said."""
    out = stream if stream is not None else sys.stderr
    live = out.isatty() if live is None else live
    holder = lock.holder()
    process = _process(holder)
    started = holder.started if holder is not None else clock()
    expected = expected_seconds()
    if not live:
        out.write(say("wait_starts", process=process, expected=expected) + "\n")
        out.flush()
    drawn = -TICK
    while not lock.take():
        if live and time.monotonic() - drawn >= TICK:
            drawn = time.monotonic()
            elapsed = max(0, round(clock() - started))
            out.write("\r" + say("waiting", process=process, seconds=elapsed, expected=expected))
            out.write("\033[K")
            out.flush()
        time.sleep(poll)
    if live:
        out.write("\r\033[K")
        out.flush()
    return process
