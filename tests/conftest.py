"""Suite-wide pytest settings. The bundled rulesets are a scratch copy of the shipped ones only:

Set before any test runs (and inherited by the subprocesses tests start), so that a file a
user adds to this repository's rules/ changes nothing the suite sees.
"""

from __future__ import annotations

import os

import pytest
from gah.workspace import BUNDLE_VARIABLE
from helpers_rules import shipped_root

pytest_plugins = ["no_skips"]

os.environ[BUNDLE_VARIABLE] = str(shipped_root())
# Lab runs compile the kernels before playing, as GAH_LAB_ENGINE=batched asks: the default engine would play a
# small run on the pure path while a background process compiles them (tests/test_lab_warm.py tests that).
os.environ.setdefault("GAH_LAB_ENGINE", "batched")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "snapshot: compares output with a checked-in copy (generated/ or a golden), so any change at all fails it; "
        "mutation testing sets these aside (tests/mutation/run.py)",
    )
    config.addinivalue_line(
        "markers",
        "extra(name): needs an optional extra of pyproject.toml that the README's test command does not install; "
        "skips without it, and CI runs it in a venv that has every extra (GAH_NO_SKIPS=1)",
    )
