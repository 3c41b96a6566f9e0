"""The typed records between the lab's runs and its views: rounding as shown, and their JSON."""

from __future__ import annotations

import json
from collections import Counter

from gah.lab.runs.intervals import Interval
from gah.lab.views.records import Difference, Summary, SweepPoint


def test_a_difference_is_rounded_as_shown_and_its_verdict_read_from_the_rounded_ends() -> None:
    """[-0.00004, 0.2] at 4 digits: the low end rounds to 0 (written 0.0, never -0.0), so 0 is inside and the
    difference is within noise; [0.00006, 0.2] rounds to [0.0001, 0.2]: beyond noise."""
    near = Difference.of(Interval(0.12344, -0.00004, 0.2), 4)
    assert near == Difference(0.1234, 0.0, 0.2, True)
    assert json.dumps(near.as_json()) == '{"estimate": 0.1234, "low": 0.0, "high": 0.2, "within_noise": true}'
    assert not Difference.of(Interval(0.1, 0.00006, 0.2), 4).within_noise
    assert Difference.of(Interval(0.0, 0.0, 0.0), 3).same
    assert not near.same


def test_a_summary_of_integers() -> None:
    """1, 2, 2, 7: mean 3, sample variance (4 + 1 + 1 + 16) / 3 = 22/3, stdev 2.708; median (nearest rank:
    the 2nd of 4) 2, p95 (the 4th) 7. No values: zeros, and every percentile 0."""
    found = Summary.of(Counter({1: 1, 2: 2, 7: 1}))
    assert (found.n, found.mean, found.stdev, found.min, found.max) == (4, 3.0, 2.708, 1, 7)
    assert (found.percentile(50), found.percentile(95)) == (2, 7)
    empty = Summary.of(Counter())
    assert empty.as_json() == {"n": 0, "mean": 0.0, "stdev": 0.0, "min": 0, "max": 0, "percentiles": {}}
    assert empty.percentile(50) == 0


def test_a_sweep_point_that_breaks_the_rules_has_no_figures_in_its_json() -> None:
    broken = SweepPoint({"emperor_scorings.7.move_back": 20}, False, ("the track has 16 spaces",))
    assert broken.as_json() == {
        "values": {"emperor_scorings.7.move_back": 20},
        "valid": False,
        "problems": ["the track has 16 spaces"],
    }
    played = SweepPoint({"x": 1}, True, (), {"margin": 2.5}, {"margin": Difference(0.5, -0.1, 1.1, True)})
    assert played.within_noise("margin") is True and played.within_noise("balance") is None
    assert played.as_json()["differences"] == {
        "margin": {"estimate": 0.5, "low": -0.1, "high": 1.1, "within_noise": True}
    }
