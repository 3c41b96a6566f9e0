"""A pytest plugin: under GAH_NO_SKIPS=1 every skip is a failure.

The README's test command installs only the `test` extra, so tests marked `extra` skip there. CI runs them again
in a venv that has every extra, with GAH_NO_SKIPS=1: there a skip means a missing install step, and it fails
instead of hiding the tests it was meant to run. Loaded by conftest.py (`pytest_plugins`).
"""

from __future__ import annotations

import os
from collections.abc import Generator

import pytest


def _no_skips() -> bool:
    return os.environ.get("GAH_NO_SKIPS") == "1"


def _as_failure(report: pytest.CollectReport | pytest.TestReport) -> None:
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
    report.outcome = "failed"
    report.longrepr = f"skipped under GAH_NO_SKIPS=1, where everything must run: {reason}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if _no_skips() and report.skipped and not hasattr(report, "wasxfail"):
        _as_failure(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(
    collector: pytest.Collector,
) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
    report = yield
    if _no_skips() and report.skipped:
        _as_failure(report)
    return report
