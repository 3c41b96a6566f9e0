"""A sweep says what it varied and how it played (issue 33, item 3): long paths as short column names with a
legend, the engine and, per point, from which scoring on it plays alone (why a point is slow)."""

from __future__ import annotations

import pytest
from gah.cli import main
from gah.lab.views.sweep import short_names
from helpers_rules import shipped_root

PATHS = ("tiles.b-royal-banquet.bonus.1.amount", "tiles.b-krones.bonus.0.amount")


def test_paths_with_the_same_last_part_become_p1_p2_with_a_legend(capsys: pytest.CaptureFixture[str]) -> None:
    assert short_names(["emperor_scorings.7.move_back", "tiles.c-points.bonus.0.amount"]) == ["move_back", "amount"]
    assert short_names(PATHS) == ["P1", "P2"]
    argv = ["sweep", "royal-banquet", *(f"--vary={path}=1,2" for path in PATHS), "--games", "10", "--workers", "1"]
    assert main(["--workspace", str(shipped_root()), *argv]) == 0
    out, err = capsys.readouterr()
    head = " ".join(out.split("\n\n")[0].split())
    assert f"Varied: P1 = {PATHS[0]}, P2 = {PATHS[1]}." in head
    assert max(len(line) for line in out.splitlines()) <= 100
    # Both tiles are of tier B, scored after round 5: all 4 points play alone from that scoring on.
    assert err.endswith("so the earlier its change, the slower: 4 points alone from the scoring after round 5 on\n")


def test_a_point_that_deals_differently_plays_alone_from_the_deal(capsys: pytest.CaptureFixture[str]) -> None:
    """Starting points change the standings from the deal on; move_back 7 of round 7 only the last scoring."""
    argv = ["sweep", "base", "--vary", "setup.start.points=3", "--vary", "emperor_scorings.7.move_back=6,7"]
    assert main(["--workspace", str(shipped_root()), *argv, "--games", "10", "--workers", "1"]) == 0
    err = capsys.readouterr().err
    assert "2 points alone from the deal (they deal or play their turns differently" in err
