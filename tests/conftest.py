"""Suite-wide pytest settings."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "snapshot: compares output with a checked-in copy (generated/ or a golden), so any change at all fails it; "
        "mutation testing sets these aside (tests/mutation/run.py)",
    )
