"""The Dask distributed engine: the same numbers as the local engine, also when a worker dies mid-run.

Skipped only when Dask is not installed (CI installs the [cluster] extra and runs these)."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gah.cli import main
from gah.frontend.rulesets import Workspace
from gah.lab.engine.model import default_model_path, load_model
from gah.lab.runs import cluster as lab_cluster
from gah.lab.runs.jobs import LabSpec
from gah.lab.runs.runner import run_lab
from gah.lab.views.compare import build_report, report_json
from gah.project import load_one

pytestmark = pytest.mark.extra("cluster")
distributed = pytest.importorskip("distributed", reason="needs the cluster extra: pip install -e '.[cluster]'")

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A LocalCluster of 2 worker processes (one thread each), as on separate machines."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50
    ) as local:
        yield local


def spec(games: int) -> LabSpec:
    workspace = Workspace(ROOT)
    rulesets = tuple(load_one(workspace, name) for name in ("base", "gentle-move-backs"))
    return LabSpec(rulesets, load_model(workspace, default_model_path(workspace)), games, 4, 11)


def test_dask_gives_byte_identical_json(cluster: Any) -> None:
    lab_spec = spec(24)
    local = report_json(build_report(lab_spec, run_lab(lab_spec, workers=1, chunk=4)))
    remote = report_json(build_report(lab_spec, run_lab(lab_spec, scheduler=cluster.scheduler_address, chunk=4)))
    assert remote == local


def test_sweep_on_dask_matches_local(cluster: Any, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--root", str(ROOT), "sweep", "base", "--vary", "emperor_scorings.7.move_back=6,8", "--games", "8"]
    assert main([*argv, "--workers", "1", "--json"]) == 0
    local = capsys.readouterr().out
    assert main([*argv, "--scheduler", cluster.scheduler_address, "--json"]) == 0
    assert capsys.readouterr().out == local
    assert json.loads(local)["points"][0]["valid"]


def test_killing_a_worker_mid_run_changes_nothing(cluster: Any) -> None:
    lab_spec = spec(48)
    local = report_json(build_report(lab_spec, run_lab(lab_spec, workers=1, chunk=2)))
    with distributed.Client(cluster.scheduler_address) as client:
        pids: dict[str, int] = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    killed: list[int] = []

    def kill_once(done: int, total: int) -> None:
        if not killed:
            os.kill(victim, signal.SIGKILL)
            killed.append(done)

    tallies = run_lab(lab_spec, scheduler=cluster.scheduler_address, chunk=2, progress=kill_once)
    assert killed and killed[0] < lab_spec.games, "the worker died while chunks were still to come"
    assert report_json(build_report(lab_spec, tallies)) == local
    with distributed.Client(cluster.scheduler_address) as client:
        assert victim not in client.run(os.getpid).values(), "the killed worker is gone (its nanny starts a new one)"


def test_unreachable_scheduler_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lab_cluster, "CONNECT_TIMEOUT", "1s")
    code = main(
        [
            "--root",
            str(ROOT),
            "compare",
            "base",
            "gentle-move-backs",
            "--games",
            "2",
            "--scheduler",
            "tcp://127.0.0.1:9",
        ]
    )
    err = capsys.readouterr().err
    assert code == 1 and "gah compare: cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err, err
