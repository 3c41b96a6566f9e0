"""A pytest plugin: record every state the hand-worked scenario tests score (into GAH_RECORD_STATES).

tests/test_js_backend.py runs tests/test_scoring_scenarios.py with it, so that the cross-check
covers each hand-worked scenario, including the ones added later, without copying them.
"""

from __future__ import annotations

import copy
import json
import os
from typing import Any

import helpers_scoring

RECORDED: list[dict[str, Any]] = []
_score = helpers_scoring.score


def _recording_score(data: dict[str, Any], rules: str = "base") -> dict[str, Any]:
    RECORDED.append({"rules": rules, "state": copy.deepcopy(data)})
    return _score(data, rules)


helpers_scoring.score = _recording_score


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    with open(os.environ["GAH_RECORD_STATES"], "w", encoding="utf-8") as out:
        json.dump(RECORDED, out)
