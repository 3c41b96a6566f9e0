"""Kernels not compiled yet: on the default engine a small run plays on the pure path while a background process
compiles them (gah.lab.runs.warm starts `gah compare base base --games 1`); a big run, or GAH_LAB_ENGINE=batched, compiles first."""

from __future__ import annotations

import io
import os
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from gah.lab.engine.model import default_model_path, load_model
from gah.lab.runs import compile_lock, jobs, runner, warm
from gah.lab.runs.batches import ENGINE_ENV
from gah.lab.runs.compile_lock import CompileLock
from gah.lab.runs.jobs import LabSpec, make_job
from gah.lab.runs.progress import ProgressBar
from gah.project import load_one
from gah.workspace import Workspace
from helpers_rules import ROOT


def spec(games: int) -> LabSpec:
    workspace = Workspace(ROOT)
    rulesets = tuple(load_one(workspace, name) for name in ("base", "gentle-move-backs"))
    return LabSpec(rulesets, load_model(workspace, default_model_path(workspace)), games, 4, 11)


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[int]:
    """The kernels not compiled (an empty cache folder), the default engine asked for; each background compile
    started is recorded (the lock it was to be handed is let go)."""
    calls: list[int] = []

    def compile_in_background(lock: CompileLock | None) -> None:
        assert lock is not None and lock.held, "the compile's lock is taken before its process starts"
        lock.release()
        calls.append(1)

    monkeypatch.setenv("GAH_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(warm, "compiled", lambda: False)
    monkeypatch.setattr(warm, "compile_in_background", compile_in_background)
    monkeypatch.setattr(warm, "_STARTED", [])
    monkeypatch.delenv(ENGINE_ENV, raising=False)
    monkeypatch.delenv("GAH_LAB_PURE", raising=False)
    return calls


@pytest.fixture
def empty_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """An empty cache folder: no compile measured on this machine yet."""
    monkeypatch.setenv("GAH_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    return tmp_path / "cache"


def test_the_break_even_is_the_measured_compile_time() -> None:
    # 150 s of compiling against 4 ms a ruleset-game: 2 rulesets of 2,000 games (the default) take 16 s on the
    # pure path; of 18,750 games, 150 s: no sooner.
    assert (warm.COMPILE_SECONDS, warm.PURE_GAME_SECONDS) == (150.0, 0.004)
    assert warm.sooner_on_the_pure_path(spec(2000))
    assert warm.sooner_on_the_pure_path(spec(18_749))
    assert not warm.sooner_on_the_pure_path(spec(18_750))


def test_a_small_run_plays_on_the_pure_path_while_the_kernels_compile(
    started: list[int], capsys: pytest.CaptureFixture[str]
) -> None:
    job = make_job(spec(2000))
    assert job.engine == "pure" and job.sources, "the pure path plays the generated modules"
    assert started == [1]
    assert capsys.readouterr().err == (
        "gah: the lab's kernels are not compiled for this machine yet: compiling them in the background for the next "
        "runs (about 150 s of CPU time) and playing these 2,000 games on the pure path meanwhile, which is sooner (the "
        "same numbers)\n"
    )


def test_a_small_run_that_finds_a_compile_running_joins_it(
    started: list[int], capsys: pytest.CaptureFixture[str]
) -> None:
    """Another command holds the compile's lock (here: another open of its file): no second compile starts; the
    run plays on the pure path and says whose compile it waits for."""
    other = CompileLock.open()
    assert other is not None and other.take()
    try:
        assert make_job(spec(2000)).engine == "pure"
    finally:
        other.release()
    assert started == []
    assert capsys.readouterr().err == (
        f"gah: the lab's kernels are not compiled for this machine yet and another gah command (process {os.getpid()}) "
        "is compiling them: playing these 2,000 games on the pure path meanwhile, which is sooner (the same numbers)\n"
    )


def test_several_runs_of_one_command_start_one_compile_and_say_it_once(
    started: list[int], capsys: pytest.CaptureFixture[str]
) -> None:
    """A sweep over player counts plays a run per count: the first starts the compile and says so, the others
    play on the pure path too, without a second compile."""
    assert [make_job(spec(500)).engine for _ in range(3)] == ["pure"] * 3
    assert started == [1]
    assert capsys.readouterr().err.count("not compiled") == 1


def test_a_big_run_compiles_first(started: list[int], capsys: pytest.CaptureFixture[str]) -> None:
    job = make_job(spec(20_000))
    assert job.engine == "batched" and started == []
    assert capsys.readouterr().err == "", "the runner compiles, with its own lines (compile_first)"


def test_an_engine_asked_for_is_the_engine_played(
    started: list[int], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(ENGINE_ENV, "batched")
    assert make_job(spec(10)).engine == "batched"
    assert make_job(spec(10), engine="batched").engine == "batched"
    assert started == []


def test_compiled_kernels_are_played(monkeypatch: pytest.MonkeyPatch, started: list[int]) -> None:
    monkeypatch.setattr(warm, "compiled", lambda: True)
    assert make_job(spec(10)).engine == "batched" and started == []


def test_the_background_process_compiles_on_the_batched_engine_detached(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seen: dict[str, Any] = {}

    def popen(argv: list[str], **options: Any) -> None:
        seen.update(options, argv=argv)

    monkeypatch.setattr(warm.subprocess, "Popen", popen)
    monkeypatch.setenv("GAH_LAB_PURE", "1")
    warm.compile_in_background(None)
    assert seen["argv"] == [sys.executable, "-m", "gah", *warm.WARM_UP]
    assert warm.WARM_UP == ("compare", "base", "base", "--games", "1", "--players", "4", "--workers", "1")
    assert seen["start_new_session"] is True, "a Ctrl-C of the user's run does not stop the compile"
    assert seen["env"]["GAH_LAB_ENGINE"] == "batched" and "GAH_LAB_PURE" not in seen["env"]
    assert seen["stdout"] == seen["stderr"] == warm.subprocess.DEVNULL


@pytest.mark.skipif(not compile_lock.CAN_HAND_ON, reason="Windows: the child takes its own lock")
def test_the_background_process_is_handed_the_compile_lock(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The command takes the lock before the compile's process starts and hands it on (its descriptor, named in
    the child's environment), names the child as the holder, then closes its own copy: the lock lives as long as
    the child."""
    seen: dict[str, Any] = {}

    def popen(argv: list[str], **options: Any) -> Any:
        seen.update(options)
        return SimpleNamespace(pid=4242)

    monkeypatch.setattr(warm.subprocess, "Popen", popen)
    lock = CompileLock.open(tmp_path)
    assert lock is not None and lock.take()
    warm.compile_in_background(lock)
    holder = lock.holder()
    assert holder is not None and holder.pid == 4242, "the child is named as the holder, for whoever waits"
    assert seen["pass_fds"] == (lock.fd,)
    assert seen["env"][compile_lock.HANDED_ON] == f"{lock.fd}:{tmp_path / compile_lock.LOCK_NAME}"
    assert not lock.held
    with pytest.raises(OSError):
        os.fstat(lock.fd)  # closed here (the child has its own descriptor)


def test_jobs_asks_warm_only_for_the_default_engine() -> None:
    assert jobs.pure_meanwhile is warm.pure_meanwhile


def test_a_compile_in_the_foreground_says_when_it_starts_and_ends(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], empty_cache: Path
) -> None:
    played: list[int] = []
    monkeypatch.setattr(warm, "compiled", lambda: False)
    warm.compile_first(lambda: played.append(1))
    assert played == [1]
    assert capsys.readouterr().err == (
        "gah: compiling the lab's kernels for this machine before the games (once after installing or updating gah; "
        "about 150 s)\n"
        "gah: compiled the lab's kernels in 0 s (once: later runs load them); the games start now\n"
    )
    monkeypatch.setattr(warm, "compiled", lambda: True)
    warm.compile_first(lambda: played.append(2))
    assert played == [1] and capsys.readouterr().err == "", "compiled kernels: nothing to compile, nothing said"


def test_on_a_terminal_the_compile_line_counts_the_seconds(monkeypatch: pytest.MonkeyPatch, empty_cache: Path) -> None:
    monkeypatch.setattr(warm, "TICK", 0.01)
    times = iter([100.0, 100.0, 112.4])  # made, entered, the first tick; then the end
    out = io.StringIO()
    with warm.CompileProgress(out, live=True, clock=lambda: next(times, 130.6)):
        time.sleep(0.1)
    text = out.getvalue()
    assert text.startswith("gah: compiling the lab's kernels for this machine before the games: 0 s of about 150 s")
    assert "\rgah: compiling the lab's kernels for this machine before the games: 12 s of about 150 s\033[K" in text
    assert text.endswith(
        "\rgah: compiled the lab's kernels in 31 s (once: later runs load them); the games start now\033[K\n"
    )


def test_the_games_clock_starts_after_the_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    """The runner compiles (compile_first) before the games and then calls progress(0, games): the bar's clock
    starts there, so games/s counts no compile."""
    calls: list[tuple[int, int]] = []
    compiles: list[int] = []
    monkeypatch.setattr(runner, "compile_first", lambda play: compiles.append(1))
    runner.run_lab(spec(20), progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, 20) and calls[-1] == (20, 20)
    out = io.StringIO()
    bar = ProgressBar("gah compare", out, live=False)
    bar.start -= 100  # a compile of 100 s before the games ...
    bar(0, 500)  # ... and the games start: the clock too
    bar.done = 500
    bar.close()
    assert "(0 games/s)" not in out.getvalue() and " in 0 s " in out.getvalue()


def test_the_background_compile_yields_to_the_run_it_serves(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compile process lowers its own priority before it starts (os.nice, in the child), so the pure path's
    workers get the cores first; then it runs gah compare on one game with its output thrown away."""
    seen: dict[str, Any] = {}
    calls: list[object] = []
    monkeypatch.setattr(warm.subprocess, "Popen", lambda argv, **options: seen.update(options, argv=argv))
    monkeypatch.setattr(warm.os, "nice", lambda step: calls.append(("nice", step)), raising=False)
    warm.compile_in_background(None)
    seen["preexec_fn"]()  # what the child runs before gah
    assert calls == [("nice", 10)]
    assert seen["argv"][-len(warm.WARM_UP) :] == list(warm.WARM_UP)


def test_a_compile_keeps_its_cpu_seconds_for_the_next_ones_messages(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], empty_cache: Path
) -> None:
    """The first compile on a machine expects the measured COMPILE_SECONDS; it keeps its own CPU seconds in the
    kernels' folder, which the next compile (after an update) expects instead."""
    done: list[bool] = []
    monkeypatch.setattr(warm, "compiled", lambda: bool(done))
    monkeypatch.setattr(warm.time, "process_time", iter([10.0, 97.4]).__next__)
    warm.compile_first(lambda: done.append(True))
    assert (empty_cache / "kernels" / warm.COST_FILE).read_text() == "87.4\n"
    assert f"about {round(warm.COMPILE_SECONDS)} s)" in capsys.readouterr().err
    done.clear()
    monkeypatch.setattr(warm.time, "process_time", iter([0.0, 80.0]).__next__)
    warm.compile_first(lambda: done.append(True))
    assert (
        "gah: compiling the lab's kernels for this machine before the games (once after installing or updating gah; about 87 s)\n"
        in capsys.readouterr().err
    )
    monkeypatch.setattr(warm, "compiled", lambda: False)  # a compile that left nothing on disk keeps no figure
    monkeypatch.setattr(warm.time, "process_time", iter([0.0, 3.0]).__next__)
    warm.compile_first(lambda: None)
    assert warm.expected_seconds() == 80
