"""The cross-checks' rulesets are found, not listed (tests/helpers_discovery.py)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from gah.project import load_one
from helpers_discovery import data_ruleset_files, discovered, discovered_names
from helpers_quantities import NAME as QUANTITIES_NAME
from helpers_rules import RULES, SHIPPED, shipped_workspace
from helpers_samples import NAME as SAMPLES_NAME


def test_shipped_is_every_rules_file_of_the_repository() -> None:
    """SHIPPED (the list the suite's scratch copy holds) names every ruleset under rules/ that the repository
    tracks: a shipped variant added without listing it fails here, so no cross-check can miss it. A user's own
    untracked files in rules/variants (CI puts two there) are no shipped rulesets."""
    listed = subprocess.run(
        ["git", "ls-files", "rules/base.yaml", "rules/variants"], cwd=RULES.parent, capture_output=True, text=True
    )
    if listed.returncode != 0:
        pytest.skip("not a git checkout: the tracked rules files cannot be listed")
    files = [Path(line) for line in listed.stdout.split() if line.endswith(".yaml")]
    assert sorted(path.stem for path in files) == sorted(SHIPPED)


def test_discovery_finds_the_shipped_the_test_and_the_derived_rulesets() -> None:
    names = discovered_names()
    assert names == list(discovered())
    assert len(names) == len(set(names))
    assert set(SHIPPED) < set(names) and {SAMPLES_NAME, QUANTITIES_NAME} <= set(names)
    assert {"house-numbers", "vocabulary-a", "invented-choices", "harsh-c-points"} < set(names)
    assert len(data_ruleset_files()) >= 8


def test_each_test_file_is_the_ruleset_its_name_says() -> None:
    """The name a cross-check reports is the file's stem, which gah check holds equal to its `name`."""
    for name, reference in discovered().items():
        if name not in SHIPPED:
            assert load_one(shipped_workspace(), reference).name == name
