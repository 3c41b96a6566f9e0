"""The lab's 95% intervals from paired games: known answers on real lab runs, coverage, and invariants."""

from __future__ import annotations

import csv
import io
import json
import random
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from gah.cli import main
from gah.frontend.rulesets import Workspace
from gah.lab.engine.model import default_model_path, load_model
from gah.lab.runs.intervals import (
    Moments,
    Z,
    paired_interval,
    ratio_difference,
    stdev_difference,
    t_quantile,
    wilson_interval,
)
from gah.lab.runs.jobs import LabSpec
from gah.lab.runs.runner import run_lab
from gah.lab.views.compare import build_report
from gah.lab.views.html import difference_plot, html_report
from gah.lab.views.records import CompareReport
from gah.lab.views.report import text_report
from gah.project import load_one
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
GAMES = 60
MOVE_BACK = "emperor_scorings.7.move_back"


def gah_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code = main(["--root", str(ROOT), *argv, "--games", str(GAMES), "--seed", "11", "--workers", "1", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def lab_record(*names: str) -> CompareReport:
    """What `gah compare NAMES` reports with gah_json's options, as the record its views render."""
    workspace = Workspace(ROOT)
    rulesets = tuple(load_one(workspace, name) for name in names)
    spec = LabSpec(rulesets, load_model(workspace, default_model_path(workspace)), GAMES, 4, 11)
    return build_report(spec, run_lab(spec, workers=1))


def intervals(tree: Any, path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every interval in a report's "differences" (dicts with within_noise), with where it is."""
    if isinstance(tree, dict):
        if "within_noise" in tree:
            yield path, tree
            return
        for key, value in tree.items():
            yield from intervals(value, f"{path}.{key}")
    elif isinstance(tree, list):
        for index, value in enumerate(tree):
            yield from intervals(value, f"{path}[{index}]")


def variant(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: base\nname: {name}\n{body}", encoding="utf-8")
    return str(path)


# --- known answers on lab runs -------------------------------------------------------------------


def test_a_ruleset_against_itself_is_zero_and_within_noise(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A copy of base under another name (played on its own, not reused) differs in no game: every difference
    is [0, 0] and within noise; the winner-change rate has 0 changes in 60 games, whose Wilson interval is
    [0, z^2 / (n + z^2)] = [0, 3.8415 / 63.8415] = [0, 0.0602]."""
    copy = variant(tmp_path, "base-copy", "")
    report = lab_record("base", copy)
    data = report.as_json()
    assert data["intervals"]["level"] == 0.95
    for entry in data["rulesets"]:
        found = dict(intervals(entry["differences"]))
        assert len(found) > 40, "every mean and rate has an interval"
        for where, interval in found.items():
            assert interval["within_noise"], where
            if where in (".winner_change_rate", ".metrics.winner_changes"):
                assert interval == {"estimate": 0.0, "low": 0.0, "high": 0.0602, "within_noise": True}
                assert round(Z * Z / (GAMES + Z * Z), 4) == 0.0602
            else:
                assert interval == {"estimate": 0.0, "low": 0.0, "high": 0.0, "within_noise": True}, where
    table = text_report(report, everything=True)
    rows = [line for line in table.splitlines() if "(" in line and line.startswith("  mean")]
    assert rows and rows[0].endswith("(same)~"), "the table marks it the same and within noise"
    folded = text_report(report).splitlines()
    assert not [line for line in folded if line.startswith("  mean")], "the same in every game: folded"
    assert any(line.startswith("  same in all: mean [total_mean] = ") for line in folded)


def test_a_ruleset_that_adds_seven_points_to_everyone(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Starting with 7 points (setup.start.points) adds exactly 7 to every final total: no rule in these games
    reads the points before the end (checked: each player's total minus base's is 7, min and max). So the
    mean differs by exactly 7 with a zero-width interval, beyond noise; the winning total too; the gap, the
    spread, the winners, the lead and every Emperor scoring are unchanged, within noise. The Emperor
    scorings' share of the totals falls (the same Emperor points over 7 more per player): beyond noise."""
    plus = variant(tmp_path, "plus-seven", "setup:\n  start:\n    points: 7\n")
    report = lab_record("base", plus)
    data = report.as_json()
    entry = data["rulesets"][1]
    per_player = entry["difference_from_first"]
    assert (per_player["min"], per_player["max"], per_player["n"]) == (7, 7, 4 * GAMES)
    paired = entry["differences"]
    seven = {"estimate": 7.0, "low": 7.0, "high": 7.0, "within_noise": False}
    assert paired["final_total_mean"] == seven
    assert paired["winning_total_mean"] == seven
    assert entry["final_total"]["mean"] - data["rulesets"][0]["final_total"]["mean"] == pytest.approx(7.0)
    changed = {where for where, interval in intervals(paired) if not interval["within_noise"]}
    assert changed == {".final_total_mean", ".winning_total_mean", ".metrics.total_mean", ".metrics.emperor_share"}
    assert paired["metrics"]["total_mean"] == seven
    assert entry["metrics"]["emperor_share"] < data["rulesets"][0]["metrics"]["emperor_share"]
    assert paired["gap_first_last_mean"]["high"] == paired["final_total_stdev"]["high"] == 0.0
    table = text_report(report)
    # +7 in every game: an exact difference, no "±0.0"; beyond noise, so in the first section under its long words
    assert any(
        line.startswith("  mean [total_mean]") and line.endswith("(+7.0 in every game)") for line in table.splitlines()
    )


def test_differences_are_the_paired_figures_and_chunking_keeps_them(capsys: pytest.CaptureFixture[str]) -> None:
    """The estimates are the differences of the report's own figures (up to rounding), and the intervals are
    the same for 1 or 2 worker processes (integer tallies merged in any grouping)."""
    data = gah_json(capsys, "compare", "base", "gentle-move-backs")
    base, gentle = data["rulesets"]
    paired = gentle["differences"]
    assert paired["final_total_mean"]["estimate"] == pytest.approx(
        gentle["final_total"]["mean"] - base["final_total"]["mean"], abs=2e-3
    )
    assert paired["winner_change_rate"]["estimate"] == gentle["winner_change_rate"]
    for mine, theirs, first in zip(paired["scorings"], gentle["scorings"], base["scorings"], strict=True):
        assert mine["penalty"]["estimate"] == pytest.approx(
            theirs["outcomes"]["penalty"] - first["outcomes"]["penalty"], abs=2e-4
        )
    assert paired["scorings"][2]["penalty"]["high"] < 0, "gentler move-backs: fewer penalties after round 7"
    argv = ["compare", "base", "gentle-move-backs", "--games", str(GAMES), "--seed", "11", "--workers", "2"]
    code = main(["--root", str(ROOT), *argv, "--json"])
    out, _ = capsys.readouterr()
    assert code == 0 and json.loads(out) == data


# --- sweep ---------------------------------------------------------------------------------------


def test_sweep_marks_points_within_noise_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    """Move-back 7 is base's own value: every difference of that point is within noise, and --where
    METRIC!=start drops it; the penalty rate after round 7 at move-back 4 is beyond noise (4 spaces less)."""
    argv = ("sweep", "base", "--vary", f"{MOVE_BACK}=4,7")
    data = gah_json(capsys, *argv)
    by_value = {p["values"][MOVE_BACK]: p for p in data["points"]}
    found = by_value[7]["differences"]
    assert found.pop("seat_fairness") is None, "a p-value: each point's own test, no difference"
    assert all(difference["within_noise"] for difference in found.values())
    assert not by_value[4]["differences"]["penalty_r7"]["within_noise"]
    assert by_value[4]["differences"]["penalty_r3"]["within_noise"], "round 3 comes before the change"
    kept = gah_json(capsys, *argv, "--where", "penalty_r7!=start")
    assert [p["values"][MOVE_BACK] for p in kept["points"]] == [4]
    same = gah_json(capsys, *argv, "--where", "penalty_r7=start")
    assert [p["values"][MOVE_BACK] for p in same["points"]] == [7]
    code = main(["--root", str(ROOT), *argv, "--games", "2", "--where", "penalty_r7!=5%"])
    assert code == 2 and "!= compares with the start only" in capsys.readouterr().err

    code = main(["--root", str(ROOT), *argv, "--games", str(GAMES), "--seed", "11", "--workers", "1", "--csv"])
    out, _ = capsys.readouterr()
    assert code == 0
    rows = {row[MOVE_BACK]: row for row in csv.DictReader(io.StringIO(out))}
    assert rows["4"]["penalty_r7_within_noise"] == "false" and rows["7"]["penalty_r7_within_noise"] == "true"
    assert float(rows["4"]["penalty_r7_low"]) <= float(rows["4"]["penalty_r7_difference"])
    assert rows["(start)"]["penalty_r7_difference"] == ""

    code = main(["--root", str(ROOT), *argv, "--games", str(GAMES), "--seed", "11", "--workers", "1", "--all"])
    out, _ = capsys.readouterr()
    assert code == 0
    lines_7 = [line for line in out.splitlines() if line.split()[:1] == ["7"]]
    assert len(lines_7) > 1, "the metrics take several blocks of columns"
    # each metric of base's own point but the seat-fairness p-value, which has no difference to mark
    assert sum(line.count("~") for line in lines_7) == len(data["metrics"]) - 1


class _Svg(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.circles: list[dict[str, str | None]] = []
        self.texts: list[str] = []
        self.noise_cells = 0
        self._in_text = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "circle":
            self.circles.append(found)
        if tag == "td" and "noise" in (found.get("class") or "").split():
            self.noise_cells += 1
        self._in_text = tag == "text"

    def handle_data(self, data: str) -> None:
        if self._in_text:
            self.texts.append(data)


def test_html_plots_whiskers_and_marks_noise(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """compare --html: one dot per difference (hollow within noise, each with a 'within noise' label);
    sweep --html: the point within noise is hatched on every map."""
    copy = variant(tmp_path, "base-copy", "")
    report = lab_record("base", "gentle-move-backs", copy)
    page = _Svg()
    page.feed(html_report(report))
    hollow = [c for c in page.circles if c.get("fill") == "#fff"]
    assert len(page.circles) == 2 * 27, (
        "2 rulesets x (4 in points, 3 net points, margin, spread, Emperor and tile points; the winner, 6 rates, "
        "tie, balance, drama, 3 comebacks, 3 decided)"
    )
    assert len(hollow) >= 23, "every difference of the copy is within noise"
    assert page.texts.count("within noise") == len(hollow)
    plot = difference_plot(report, percent=True)
    left, right = plot["left"], plot["right"]
    assert all(left <= float(c["cx"] or "nan") <= right for c in page.circles), "every dot inside its plot"
    assert [t["label"] for t in plot["ticks"]].count("0") == 1, "the axis shows 0 (where the line of no change is)"

    sweep_page = tmp_path / "sweep.html"
    argv = ["sweep", "base", "--vary", f"{MOVE_BACK}=4,7", "--games", str(GAMES), "--seed", "11", "--workers", "1"]
    code = main(["--root", str(ROOT), *argv, "--html", str(sweep_page)])
    capsys.readouterr()
    assert code == 0
    cells = _Svg()
    cells.feed(sweep_page.read_text(encoding="utf-8"))
    assert cells.noise_cells >= 10, "base's own point, hatched on each of the 10 maps (and more at move-back 4)"


# --- the interval functions ------------------------------------------------------------------------


def test_t_quantiles_match_the_table() -> None:
    """Two-sided 95% quantiles of Student's t (any statistics table)."""
    for df, expected in ((1, 12.7062), (5, 2.5706), (10, 2.2281), (20, 2.0860), (30, 2.0423), (120, 1.9799)):
        assert t_quantile(df) == pytest.approx(expected, abs=1e-4), df
    assert t_quantile(10**6) == pytest.approx(1.95996, abs=1e-5)


def test_hand_worked_paired_interval() -> None:
    """Differences 1, 2, 3: mean 2, sample variance 1, so 2 +- t(2) * 1 / sqrt(3) = 2 +- 4.302653 * 0.577350
    = 2 +- 2.484138."""
    found = paired_interval(3, 1 + 2 + 3, 1 + 4 + 9)
    assert found is not None
    assert (found.low, found.high) == pytest.approx((2 - 2.484138, 2 + 2.484138), abs=1e-5)
    assert found.within_noise, "three games cannot tell +2 from 0 at this spread"
    wider = paired_interval(12, 4 * 6, 4 * 14)  # 1, 2, 3 four times each: 2 +- t(11) sqrt(8 / 11 / 12) = 2 +- 0.542
    assert wider is not None and not wider.within_noise
    assert paired_interval(1, 5, 25) is None, "one game tells nothing about the spread"


def _coverage(draw: Any, truth: float, repetitions: int = 1000) -> float:
    hits = 0
    for _ in range(repetitions):
        found = draw()
        hits += found.low <= truth <= found.high
    return hits / repetitions


def test_paired_interval_covers_a_known_mean() -> None:
    """Per-game differences drawn from a skewed distribution with mean 5/7: 95% of the intervals hold it."""
    values = (-3, -1, 0, 0, 1, 2, 6)
    rng = random.Random(15)

    def draw() -> Any:
        sample = [rng.choice(values) for _ in range(100)]
        return paired_interval(len(sample), sum(sample), sum(d * d for d in sample))

    assert 0.93 <= _coverage(draw, sum(values) / len(values)) <= 0.97


def test_wilson_interval_covers_a_known_rate() -> None:
    rng = random.Random(16)
    assert 0.93 <= _coverage(lambda: wilson_interval(sum(rng.random() < 0.1 for _ in range(200)), 200), 0.1) <= 0.97


def test_ratio_difference_covers_a_known_difference_of_tile_rates() -> None:
    """A tile drawn in a third of the games, scoring 4 players: a bonus with probability 0.6 under the ruleset
    and 0.45 under the reference, the same players' luck in both (paired): the difference is 0.15."""
    rng = random.Random(17)

    def draw() -> Any:
        moments = Moments(4)
        for _game in range(300):
            if rng.random() < 1 / 3:
                luck = [rng.random() for _ in range(4)]
                moments.add((sum(u < 0.6 for u in luck), 4, sum(u < 0.45 for u in luck), 4))
        return ratio_difference(moments, 300)

    assert 0.93 <= _coverage(draw, 0.15) <= 0.97


def test_stdev_difference_covers_a_known_difference_of_spreads() -> None:
    """Totals = a game's offset (0 or 10) + a player's 0..20 (uniform), doubled under the ruleset: the
    spread doubles, so the difference is the reference's spread, sqrt(25 + (21^2 - 1) / 12)."""
    rng = random.Random(18)

    def draw() -> Any:
        moments = Moments(4)
        for _game in range(200):
            offset = rng.choice((0, 10))
            totals = [offset + rng.randint(0, 20) for _ in range(4)]
            doubled = [2 * t for t in totals]
            moments.add((sum(doubled), sum(t * t for t in doubled), sum(totals), sum(t * t for t in totals)))
        return stdev_difference(moments, 200, 4)

    assert 0.93 <= _coverage(draw, (25 + (21**2 - 1) / 12) ** 0.5) <= 0.97


small_ints = st.lists(st.integers(-50, 50), min_size=2, max_size=60)


@settings(max_examples=200, deadline=None)
@given(small_ints)
def test_paired_interval_holds_its_mean_and_narrows_with_more_games(sample: list[int]) -> None:
    found = paired_interval(len(sample), sum(sample), sum(d * d for d in sample))
    doubled = paired_interval(2 * len(sample), 2 * sum(sample), 2 * sum(d * d for d in sample))
    assert found is not None and doubled is not None
    assert found.low <= found.estimate <= found.high
    assert doubled.estimate == pytest.approx(found.estimate)
    width, narrower = found.high - found.low, doubled.high - doubled.low
    assert narrower < width or width == narrower == 0.0, "the same spread over twice the games is narrower"
    assert (width == 0.0) == (len(set(sample)) == 1), "zero width exactly when every game differs alike"


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 500), st.data())
def test_wilson_interval_holds_its_rate_and_narrows_with_more_games(n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, n))
    found, doubled = wilson_interval(k, n), wilson_interval(2 * k, 2 * n)
    assert found is not None and doubled is not None
    assert 0.0 <= found.low <= found.estimate <= found.high <= 1.0
    assert doubled.high - doubled.low < found.high - found.low
    assert found.within_noise == (k == 0)


vectors = st.lists(st.tuples(*[st.integers(0, 4)] * 4), min_size=2, max_size=40)


@settings(max_examples=100, deadline=None)
@given(vectors, st.randoms(use_true_random=False))
def test_merge_order_does_not_change_the_interval(games: list[tuple[int, ...]], rng: random.Random) -> None:
    """Moments of chunks merged in any order are the moments of all games: the same interval, bit for bit."""
    whole = Moments(4)
    for vector in games:
        whole.add(vector)
    cuts = sorted(rng.sample(range(1, len(games)), min(3, len(games) - 1)))
    chunks = [games[a:b] for a, b in zip([0, *cuts], [*cuts, len(games)], strict=True)]
    rng.shuffle(chunks)
    merged = Moments(4)
    for chunk in chunks:
        part = Moments(4)
        for vector in chunk:
            part.add(vector)
        merged.merge(part)
    assert merged == whole
    assert ratio_difference(merged, len(games) + 5) == ratio_difference(whole, len(games) + 5)


@settings(max_examples=100, deadline=None)
@given(vectors)
def test_selected_parts_are_the_moments_of_those_parts(games: list[tuple[int, ...]]) -> None:
    whole, part = Moments(4), Moments(2)
    for vector in games:
        whole.add(vector)
        part.add((vector[3], vector[1]))
    assert whole.select((3, 1)) == part
