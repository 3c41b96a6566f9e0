"""Kernels not compiled yet: on the default engine a small run plays on the pure path while a background process
compiles them (gah.lab.runs.warm starts `gah compare base base --games 1`); a big run, or GAH_LAB_ENGINE=batched, compiles first."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from gah.lab.engine.model import default_model_path, load_model
from gah.lab.runs import jobs, warm
from gah.lab.runs.batches import COMPILING, ENGINE_ENV
from gah.lab.runs.jobs import LabSpec, make_job
from gah.project import load_one
from gah.workspace import Workspace
from helpers_rules import ROOT


def spec(games: int) -> LabSpec:
    workspace = Workspace(ROOT)
    rulesets = tuple(load_one(workspace, name) for name in ("base", "gentle-move-backs"))
    return LabSpec(rulesets, load_model(workspace, default_model_path(workspace)), games, 4, 11)


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The kernels not compiled, the default engine asked for; each background compile started is recorded."""
    calls: list[int] = []
    monkeypatch.setattr(warm, "compiled", lambda: False)
    monkeypatch.setattr(warm, "compile_in_background", lambda: calls.append(1))
    monkeypatch.delenv(ENGINE_ENV, raising=False)
    monkeypatch.delenv("GAH_LAB_PURE", raising=False)
    return calls


def test_the_break_even_is_the_measured_compile_time() -> None:
    # 60 s of compiling against 2 ms a ruleset-game: 2 rulesets of 2,000 games (the default) take 8 s on the pure
    # path; of 15,000 games, 60 s: no sooner.
    assert warm.sooner_on_the_pure_path(spec(2000))
    assert warm.sooner_on_the_pure_path(spec(14_999))
    assert not warm.sooner_on_the_pure_path(spec(15_000))


def test_a_small_run_plays_on_the_pure_path_while_the_kernels_compile(
    started: list[int], capsys: pytest.CaptureFixture[str]
) -> None:
    job = make_job(spec(2000))
    assert job.engine == "pure" and job.sources, "the pure path plays the generated modules"
    assert started == [1]
    assert capsys.readouterr().err == warm.MEANWHILE.format(games="2,000") + "\n"


def test_a_big_run_compiles_first(started: list[int], capsys: pytest.CaptureFixture[str]) -> None:
    job = make_job(spec(20_000))
    assert job.engine == "batched" and started == []
    assert capsys.readouterr().err == COMPILING + "\n"


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
    warm.compile_in_background()
    assert seen["argv"] == [
        sys.executable,
        "-m",
        "gah",
        "compare",
        "base",
        "base",
        "--games",
        "1",
        "--players",
        "4",
        "--workers",
        "1",
    ]
    assert seen["start_new_session"] is True, "a Ctrl-C of the user's run does not stop the compile"
    assert seen["env"]["GAH_LAB_ENGINE"] == "batched" and "GAH_LAB_PURE" not in seen["env"]
    assert seen["stdout"] == seen["stderr"] == warm.subprocess.DEVNULL


def test_jobs_asks_warm_only_for_the_default_engine() -> None:
    assert jobs.pure_meanwhile is warm.pure_meanwhile
