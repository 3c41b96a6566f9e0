"""One compile of the lab's kernels per machine (gah.lab.runs.compile_lock): commands started together on an
empty cache make one compile; a command that finds a compile running plays on the pure path (a small run) or waits
for it, saying so, and then loads its kernels (a big run); a compile whose process was killed leaves no lock: the
next command compiles.

The `gah` processes here compile nothing for real (a compile costs minutes of CPU): a sitecustomize module on their
PYTHONPATH replaces gah.lab.runs.warm's compile by a sleep that writes a line to a log as it starts and ends, and
its `compiled()` by "the sleep ended once" (a marker file); NUMBA_DISABLE_JIT=1 plays the batched engine's one game
after it as plain Python. The lock, the background process and the messages are gah's own.
"""

from __future__ import annotations

import errno
import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from gah import user_cache
from gah.lab.runs import compile_lock, warm
from gah.lab.runs.compile_lock import LOCK_NAME, CompileLock, Holder
from helpers_rules import ROOT, shipped_root

FAKE_COMPILE = """
import os
if os.environ.get("FAKE_COMPILE_MARKER"):
    import time
    from pathlib import Path
    from gah.lab.runs import warm

    marker = Path(os.environ["FAKE_COMPILE_MARKER"])
    log = marker.with_name("compiles.log")

    def note(what):
        with log.open("a") as file:
            file.write(f"{what} {os.getpid()}\\n")

    def fake_compile(play_one):
        with warm.CompileProgress():
            note("start")
            time.sleep(float(os.environ["FAKE_COMPILE_SECONDS"]))
            marker.touch()
            note("done")

    warm.compiled = marker.exists
    warm._compile = fake_compile
"""


class Machine:
    """An empty cache folder and `gah` processes that share it, with the fake compile."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        (folder / "hook").mkdir()
        (folder / "hook" / "sitecustomize.py").write_text(FAKE_COMPILE, encoding="utf-8")
        self.cache = folder / "cache"
        self.marker = folder / "compiled"
        self.log = folder / "compiles.log"

    def env(self, compile_seconds: float, engine: str | None) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("GAH_LAB_ENGINE", "GAH_LAB_PURE", "NUMBA_CACHE_DIR")}
        paths = [str(self.folder / "hook"), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
        env.update(
            PYTHONPATH=os.pathsep.join(paths),
            GAH_CACHE_DIR=str(self.cache),
            NUMBA_DISABLE_JIT="1",
            FAKE_COMPILE_MARKER=str(self.marker),
            FAKE_COMPILE_SECONDS=str(compile_seconds),
            PYTHONWARNINGS="ignore",  # plain Python's integer overflows in the random numbers (numba wraps them)
        )
        if engine is not None:
            env["GAH_LAB_ENGINE"] = engine
        return env

    def start(self, name: str, games: int, compile_seconds: float, engine: str | None = None) -> subprocess.Popen[str]:
        """`gah compare base base --games GAMES`, its stdout and stderr in NAME.out and NAME.err."""
        command = [sys.executable, "-m", "gah", "--workspace", str(shipped_root()), "compare", "base", "base"]
        return subprocess.Popen(
            [*command, "--games", str(games), "--workers", "1"],
            cwd=ROOT,
            env=self.env(compile_seconds, engine),
            stdout=(self.folder / f"{name}.out").open("w"),
            stderr=(self.folder / f"{name}.err").open("w"),
            text=True,
        )

    def err(self, name: str) -> str:
        return (self.folder / f"{name}.err").read_text(encoding="utf-8")

    def out(self, name: str) -> str:
        return (self.folder / f"{name}.out").read_text(encoding="utf-8")

    def compiles(self) -> list[str]:
        """The fake compile's log: `start PID` and `done PID` lines."""
        return self.log.read_text(encoding="utf-8").split() if self.log.exists() else []

    def until(self, done: object, what: str, seconds: float = 120) -> None:
        """Wait until `done()` is true."""
        end = time.monotonic() + seconds
        while not done():  # type: ignore[operator]
            assert time.monotonic() < end, f"gave up waiting for {what}"
            time.sleep(0.1)

    def settled(self) -> bool:
        """No compile is running: the lock is free."""
        lock = CompileLock.open(self.cache / "kernels")
        assert lock is not None
        free = lock.take()
        lock.release()
        return free


def wait(process: subprocess.Popen[str]) -> int:
    return process.wait(timeout=300)


def test_two_commands_started_together_on_an_empty_cache_make_one_compile(tmp_path: Path) -> None:
    """Two small runs at once: each plays on the pure path; one starts the background compile, the other joins
    it (or, started later, finds the kernels compiled); the kernels are compiled once."""
    machine = Machine(tmp_path)
    first, second = (machine.start(name, 30, compile_seconds=8) for name in ("first", "second"))
    assert wait(first) == wait(second) == 0
    machine.until(lambda: "done" in machine.compiles() and machine.settled(), "the background compile")
    log = machine.compiles()
    assert log.count("start") == 1 and log.count("done") == 1, log
    said = sorted(_said(machine.err(name)) for name in ("first", "second"))
    assert said in (["joined", "started"], ["nothing", "started"]), said  # "nothing": the kernels were compiled
    assert machine.out("first") == machine.out("second") != ""


def _said(err: str) -> str:
    """What a small run said of the compile: started it, joined it, or nothing (its kernels were compiled)."""
    if "compiling them in the background" in err:
        return "started"
    if "is compiling them: playing these 30 games on the pure path meanwhile" in err:
        return "joined"
    assert err == "", err
    return "nothing"


def test_a_command_that_finds_a_compile_running_starts_no_other(tmp_path: Path) -> None:
    """A small run started while another command's background compile runs plays on the pure path and says whose
    compile it joins; no second compile, and the report is the same as the first command's."""
    machine = Machine(tmp_path)
    first = machine.start("first", 30, compile_seconds=20)
    machine.until(lambda: "start" in machine.compiles(), "the first compile to start")
    holder = int(machine.compiles()[1])
    second = machine.start("second", 30, compile_seconds=20)
    assert wait(first) == wait(second) == 0
    assert (
        f"another gah command (process {holder}) is compiling them: playing these 30 games on the pure path "
        "meanwhile, which is sooner (the same numbers)\n" in machine.err("second")
    )
    machine.until(lambda: "done" in machine.compiles() and machine.settled(), "the background compile")
    assert machine.compiles() == ["start", str(holder), "done", str(holder)]
    assert machine.out("first") == machine.out("second") != ""


def test_a_big_run_waits_for_the_running_compile_and_loads_its_kernels(tmp_path: Path) -> None:
    """A run that compiles first (here GAH_LAB_ENGINE=batched) finds another's compile running: it waits, says
    so, and plays on what that compile made, compiling nothing itself."""
    machine = Machine(tmp_path)
    first = machine.start("first", 2, compile_seconds=15, engine="batched")
    machine.until(lambda: "start" in machine.compiles(), "the first compile to start")
    holder = first.pid
    second = machine.start("second", 2, compile_seconds=15, engine="batched")
    assert wait(first) == wait(second) == 0
    assert machine.compiles() == ["start", str(holder), "done", str(holder)]
    assert machine.err("second") == (
        f"gah: another gah command (process {holder}) is compiling the lab's kernels for this machine: waiting for "
        f"it before the games (about {round(warm.COMPILE_SECONDS)} s from its start)\n"
        f"gah: the lab's kernels are compiled (by process {holder}); the games start now\n"
    )


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kills a process with SIGKILL")
def test_a_killed_compile_leaves_no_lock_the_waiting_command_compiles(tmp_path: Path) -> None:
    """The compiling process is killed (SIGKILL: nothing of it runs again) while another command waits: the
    operating system frees the lock, and the waiting command says so and compiles the kernels itself."""
    machine = Machine(tmp_path)
    first = machine.start("first", 2, compile_seconds=300, engine="batched")
    machine.until(lambda: "start" in machine.compiles(), "the first compile to start")
    second = machine.start("second", 2, compile_seconds=1, engine="batched")
    machine.until(lambda: "waiting for it" in machine.err("second"), "the second command to wait")
    first.send_signal(signal.SIGKILL)
    assert wait(first) == -signal.SIGKILL and wait(second) == 0
    log = machine.compiles()
    assert log == ["start", str(first.pid), "start", str(second.pid), "done", str(second.pid)]
    assert (
        f"gah: the compile of process {first.pid} ended unfinished (the process was stopped); compiling the lab's "
        "kernels here\n" in machine.err("second")
    )
    third = machine.start("third", 2, compile_seconds=1, engine="batched")
    assert wait(third) == 0 and machine.compiles() == log, "compiled once: the next command only loads"


def test_the_lock_is_one_holder_at_a_time_and_says_who(tmp_path: Path) -> None:
    one, two = CompileLock.open(tmp_path), CompileLock.open(tmp_path)
    assert one is not None and two is not None
    assert one.take() and one.take(), "taking a lock already held is a no-op"
    assert not two.take()
    holder = two.holder()
    assert holder is not None and holder.pid == os.getpid() and abs(holder.started - time.time()) < 60
    one.release()
    assert two.take()
    two.release()
    assert (tmp_path / LOCK_NAME).exists(), "the file stays; only the lock goes"


def test_a_folder_without_a_lock_file_gives_no_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache folder gah cannot write: the temporary folder's lock, else none (each command compiles as if
    alone: a cache only saves time)."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert CompileLock.open(blocker / "kernels") is None
    monkeypatch.setenv("GAH_CACHE_DIR", str(blocker))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(user_cache, "temporary_kernels_folder", lambda: tmp_path / "temporary")
    lock = CompileLock.open()
    assert lock is not None and lock.path == tmp_path / "temporary" / LOCK_NAME
    lock.release()


@pytest.mark.skipif(sys.platform == "win32", reason="flock")
def test_a_file_system_without_locks_lets_each_command_compile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_locks(fd: int, operation: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(compile_lock.fcntl, "flock", no_locks)
    lock = CompileLock.open(tmp_path)
    assert lock is not None and lock.take(), "as if alone: a lock that cannot be had does not stop the compile"
    lock.release()


def test_a_lock_handed_on_is_only_taken_for_that_lock_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The variable that hands a background compile its lock names a descriptor and the lock file: a descriptor
    of another file (a stale variable) is not taken for the lock, nor written to."""
    lock = CompileLock.open(tmp_path)
    assert lock is not None and lock.take()
    monkeypatch.setenv(compile_lock.HANDED_ON, lock.hand_on()[compile_lock.HANDED_ON])
    adopted = compile_lock.handed_on()
    assert adopted is not None and adopted.held and adopted.fd == lock.fd
    assert compile_lock.HANDED_ON not in os.environ, "not handed on again to what this process starts"
    other = tmp_path / "other"
    other.write_text("untouched")
    with other.open() as file:
        monkeypatch.setenv(compile_lock.HANDED_ON, f"{file.fileno()}:{tmp_path / LOCK_NAME}")
        assert compile_lock.handed_on() is None
    assert other.read_text() == "untouched"
    lock.release()


class HeldElsewhere:
    """A lock another command holds for `polls` looks, then frees."""

    def __init__(self, polls: int) -> None:
        self.polls = polls

    def take(self) -> bool:
        self.polls -= 1
        return self.polls < 0

    def holder(self) -> Holder:
        return Holder(4321, 1000.0)  # the Unix time its compile started


def test_on_a_terminal_the_wait_counts_the_seconds_since_the_compile_started(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("GAH_CACHE_DIR", str(tmp_path))  # no compile measured here: the expected seconds are
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)  # COMPILE_SECONDS
    monkeypatch.setattr(warm, "TICK", 0.0)
    out = io.StringIO()
    times = iter([1012.2, 1013.6])
    process = warm.wait_for(HeldElsewhere(2), out, live=True, poll=0.0, clock=lambda: next(times))  # type: ignore[arg-type]
    assert process == "4321"
    line = (
        "\rgah: another gah command (process 4321) is compiling the lab's kernels for this machine: waiting, {} s "
        f"since it started of about {round(warm.COMPILE_SECONDS)} s\033[K"
    )
    assert out.getvalue() == line.format(12) + line.format(14) + "\r\033[K", "redrawn in place, then cleared"
