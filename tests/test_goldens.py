"""The golden mechanism itself: a mismatch shows its diff, and only the explicit command writes goldens."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from goldens import MAX_DIFF_LINES, UPDATE_COMMAND, assert_matches_golden
from helpers_rules import ROOT


def test_a_mismatch_fails_with_the_diff_and_writes_nothing(tmp_path: Path) -> None:
    golden = tmp_path / "sheet.md"
    golden.write_text("Krones: 3\nPoints: 8\n", encoding="utf-8")
    with pytest.raises(pytest.fail.Exception) as failure:
        assert_matches_golden(golden, "Krones: 3\nPoints: 9\n")
    message = str(failure.value)
    assert "-Points: 8\n+Points: 9\n" in message
    assert UPDATE_COMMAND in message
    assert golden.read_text(encoding="utf-8") == "Krones: 3\nPoints: 8\n"


def test_a_long_diff_is_cut(tmp_path: Path) -> None:
    golden = tmp_path / "long.txt"
    golden.write_text("".join(f"line {i}\n" for i in range(500)), encoding="utf-8")
    with pytest.raises(pytest.fail.Exception) as failure:
        assert_matches_golden(golden, "")
    assert "more diff lines" in str(failure.value)
    assert str(failure.value).count("\n-line ") == MAX_DIFF_LINES - 3  # the two headers and the hunk line


def test_a_missing_golden_fails(tmp_path: Path) -> None:
    with pytest.raises(pytest.fail.Exception, match="no golden"):
        assert_matches_golden(tmp_path / "absent.md", "text")
    assert not (tmp_path / "absent.md").exists()


def test_goldens_are_up_to_date_and_the_old_variable_writes_nothing() -> None:
    """`update_goldens --check` agrees with the goldens; GAH_UPDATE_GOLDEN=1 (the old switch) writes nothing."""
    env = {**os.environ, "GAH_UPDATE_GOLDEN": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "tests.update_goldens", "--check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "every golden file is up to date" in done.stdout
