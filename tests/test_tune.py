"""`gah tune`: the value that brings a metric to a target, found on the games `gah sweep` plays."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from gah.cli import main
from gah.lab.engine.model import Planning, default_model_path, load_model
from gah.lab.runs.grid import SweepUsage, build_point, parse_vary
from gah.lab.runs.intervals import t_quantile
from gah.lab.runs.jobs import LabSpec
from gah.lab.runs.runner import run_chunks
from gah.lab.runs.search import (
    Reading,
    Target,
    batch_count,
    batching,
    jackknife,
    merged,
    parse_range,
    parse_target,
    search,
)
from gah.lab.runs.tallies import Tally
from gah.lab.views.records import Run
from gah.lab.views.tune import Context, tune_text
from gah.project import load_one, resolve_one
from gah.workspace import Workspace

ROOT = Path(__file__).resolve().parents[1]
MOVE_BACK = "emperor_scorings.7.move_back"
GAMES = "200"


def gah(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--root", str(ROOT), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], command: str, *argv: str) -> dict[str, Any]:
    code, out, err = gah(capsys, command, "base", *argv, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def tried(data: dict[str, Any]) -> list[list[int]]:
    return [[reading["value"] for reading in step["values"]] for step in data["steps"]]


def flat(text: str) -> str:
    """The text with its wrapping undone."""
    return " ".join(text.split())


def test_move_back_for_ten_percent_penalties_brackets_the_target_on_the_sweep_s_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run = ("--games", GAMES, "--seed", "5")
    data = run_json(
        capsys, "tune", "--vary", f"{MOVE_BACK}=3..11", "--target", "penalty_r7=10%", *run, "--workers", "1"
    )
    # A coarse grid over 3..11 in quarters; a later move-back means more penalties, so 10% lies between two
    # coarse values two apart, and one bisection leaves two neighbours.
    assert tried(data)[0] == [3, 5, 7, 9, 11]
    assert data["shape"] == "rising" and len(data["steps"]) == 2 and len(tried(data)[1]) == 1
    (crossing,) = data["answer"]["crossings"]
    low, high = crossing["values"]
    assert crossing["adjacent"] and high["value"] == low["value"] + 1
    assert low["metric"] < 0.10 < high["metric"]
    # Every value tried shows what `gah sweep` shows there, with the same seed.
    sweep = run_json(capsys, "sweep", "--vary", f"{MOVE_BACK}=3..11", *run, "--workers", "1")
    swept = {point["values"][MOVE_BACK]: point["metrics"]["penalty_r7"] for point in sweep["points"]}
    for step in data["steps"]:
        for reading in step["values"]:
            assert reading["metric"] == swept[reading["value"]], reading
            assert reading["low"] <= reading["metric"] <= reading["high"]
    assert [v for v, rate in sorted(swept.items()) if rate < 0.10] == list(range(3, low["value"] + 1))
    # The same games on two workers: the same JSON, byte for byte.
    again = run_json(
        capsys, "tune", "--vary", f"{MOVE_BACK}=3..11", "--target", "penalty_r7=0.10", *run, "--workers", "2"
    )
    assert again == data
    code, out, _err = gah(capsys, "tune", "base", "--vary", f"{MOVE_BACK}=3..11", "--target", "penalty_r7=10%", *run)
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 100
    said = flat(out)
    assert f"Answer: move_back {low['value']} gives penalty_r7 {100 * low['metric']:.1f}% (" in said
    near = low if abs(low["metric"] - 0.10) < abs(high["metric"] - 0.10) else high  # the metric nearer 10%
    assert (
        f"the target 10.0% lies between {low['value']} and {high['value']}; move_back {near['value']} is nearer" in said
    )
    assert data["answer"]["crossings"][0]["nearer"] == near["value"]


def test_a_target_out_of_reach_is_said_plainly_with_the_nearest_value(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("--vary", f"{MOVE_BACK}=5..9", "--target", "penalty_r7=1%", "--games", "40", "--workers", "1")
    data = run_json(capsys, "tune", *argv)
    assert tried(data) == [[5, 6, 7, 8, 9]], "five values: all of them at once, and no bracket to bisect"
    assert not data["answer"]["reached"] and data["answer"]["crossings"] == []
    assert data["answer"]["nearest"]["value"] == 5, "fewest penalties at the earliest move-back"
    code, out, _err = gah(capsys, "tune", "base", *argv)
    assert code == 0
    assert "no value in 5..9 reaches 1.0%; the nearest is 5" in flat(out)


def test_a_tile_path_and_a_target_in_points(capsys: pytest.CaptureFixture[str]) -> None:
    """Any path sweep takes; a metric in points; the crossing matches the sweep's numbers."""
    path = "tiles.c-points.bonus.0.amount"
    run = ("--games", "20", "--seed", "3", "--workers", "1")
    # On these 20 games the mean total grows from 164.238 (amount 0) to 165.137 (amount 6); 164.7 lies between
    # the means at 3 (164.65) and 4 (164.812).
    data = run_json(capsys, "tune", "--vary", f"{path}=0..6", "--target", "total_mean=164.7", *run)
    sweep = run_json(capsys, "sweep", "--vary", f"{path}=0..6", *run)
    swept = {point["values"][path]: point["metrics"]["total_mean"] for point in sweep["points"]}
    (crossing,) = data["answer"]["crossings"]
    low, high = (reading["value"] for reading in crossing["values"])
    assert (low, high) == (3, 4) and swept[low] < 164.7 < swept[high]
    assert data["target"] == {
        "metric": "total_mean",
        "value": 164.7,
        "unit": "points",
        "definition": "every player's final total, mean",
    }


def test_a_flat_metric_is_named_flat(capsys: pytest.CaptureFixture[str]) -> None:
    """The round-7 move-back cannot change what happens at the round-3 scoring."""
    argv = ("--vary", f"{MOVE_BACK}=5..9", "--target", "penalty_r3=50%", "--games", "20", "--workers", "1")
    code, out, err = gah(capsys, "tune", "base", *argv)
    assert code == 0, err
    said = flat(out)
    assert "penalty_r3 is the same at each: move_back does not change it on these games." in said
    assert "at every value tried: no value in 5..9 reaches 50.0%." in said


def test_percentage_and_fraction_targets() -> None:
    names = ["penalty_r7", "margin", "balance"]
    assert parse_target("penalty_r7=10%", names) == parse_target("penalty_r7=0.10", names) == Target("penalty_r7", 0.1)
    assert parse_target("penalty_r7 = 8.7%", names).value == 0.087, "compared as the metric is reported: 4 digits"
    assert parse_target("balance=100%", names).value == 1.0
    assert parse_target("margin=15", names) == Target("margin", 15.0)
    for text, message in [
        ("penalty_r7=10", "penalty_r7 is a rate; give a percentage from 0% to 100% or a fraction from 0 to 1"),
        ("penalty_r7=-1%", "is a rate"),
        ("margin=15%", "margin is in points, not a rate: no %"),
        ("margin=lots", "'lots' is not a number"),
        ("penalty_r8=5%", "unknown metric 'penalty_r8'; metrics: penalty_r7, margin, balance"),
        ("penalty_r7", "expected METRIC=VALUE"),
    ]:
        with pytest.raises(SweepUsage, match=message):
            parse_target(text, names)


def test_ranges() -> None:
    span = parse_range(f"{MOVE_BACK}=5..9")
    assert (span.axis.path, span.low, span.high) == (("emperor_scorings", "7", "move_back"), 5, 9)
    for text in (f"{MOVE_BACK}=7..7", f"{MOVE_BACK}=0.5..2", f"{MOVE_BACK}=5,7", f"{MOVE_BACK}=true,false"):
        with pytest.raises(SweepUsage, match="tune searches a range of whole numbers"):
            parse_range(text)


def fake(metric: dict[int, float | None]) -> tuple[list[list[int]], Any]:
    """A measure reading the metric from a table (None: the value breaks the rules), and the values asked."""
    asked: list[list[int]] = []

    def measure(values: Sequence[int]) -> list[Reading]:
        asked.append(list(values))
        return [Reading(v, None, problems=("broken",)) if metric[v] is None else Reading(v, metric[v]) for v in values]

    return asked, measure


def context() -> Context:
    run = Run(10, 4, 1, 1, "default", "rules/lab/default.yaml", "", Planning())
    return Context("base", "tiles.x.amount", 5, run, 20)


def test_a_metric_not_monotonic_is_said_so_and_each_crossing_refined() -> None:
    """|v - 5| over 0..10, target 2.5: the coarse grid 0, 2, 5, 7, 10 gives 5, 3, 0, 2, 5: crossings between
    2 and 5 (3 above, 0 below) and between 7 and 10 (2 below, 5 above). Bisecting both at once: 3 gives 2
    (below: 2..3), 8 gives 3 (above: 7..8), and both pairs are neighbours."""
    asked, measure = fake({v: float(abs(v - 5)) for v in range(11)})
    result = search(0, 10, Target("margin", 2.5), measure)
    assert asked == [[0, 2, 5, 7, 10], [3, 8]]
    assert result.shape == "not monotonic"
    assert [[r.value for r in c.readings] for c in result.crossings] == [[2, 3], [7, 8]]
    said = flat(tune_text(result, context()))
    assert "margin is not monotonic in amount" in said
    assert "Answer 1 of 2: amount 2 gives margin 3.00 (no interval: too few games); 3 gives 2.00" in said
    # 7 gives 2 and 8 gives 3: both 0.5 from the target 2.5
    assert "Answer 2 of 2: amount 7 gives margin 2.00" in said and "lies between 7 and 8; both are as near" in said


def test_an_exact_hit_a_value_that_breaks_the_rules_and_the_edge_of_the_valid_values() -> None:
    asked, measure = fake({v: v / 100 for v in range(11)})
    exact = search(0, 10, Target("penalty_r7", 0.05), measure)
    assert asked == [[0, 2, 5, 7, 10]] and [[r.value for r in c.readings] for c in exact.crossings] == [[5]]
    assert "amount 5 gives penalty_r7 5.0% (no interval: too few games): exactly the target 5.0%." in flat(
        tune_text(exact, context())
    )
    # 6 breaks the rules: the bracket 5..7 cannot be narrowed.
    asked, measure = fake({v: None if v == 6 else float(v) for v in range(11)})
    broken = search(0, 10, Target("margin", 6.5), measure)
    assert asked == [[0, 2, 5, 7, 10], [6]]
    (crossing,) = broken.crossings
    assert [r.value for r in crossing.readings] == [5, 7] and not crossing.adjacent
    # 5 gives 5 and 7 gives 7: 7 is 0.5 from the target 6.5, 5 is 1.5 from it
    assert "lies between 5 and 7 (the values between them break the rules); amount 7 is nearer the target." in flat(
        tune_text(broken, context())
    )
    # Values from 8 on break the rules and nothing reaches 20: the search finds the last valid value, 7.
    asked, measure = fake({v: None if v >= 8 else float(v) for v in range(21)})
    edge = search(0, 20, Target("margin", 20), measure)
    assert asked == [[0, 5, 10, 15, 20], [7], [8]]
    assert edge.nearest is not None and edge.nearest.value == 7 and not edge.crossings
    assert "no value in 0..20 reaches 20.00; the nearest is 7." in flat(tune_text(edge, context()))


def test_batches_and_the_jackknife_interval_of_a_rate_of_games() -> None:
    """For a rate of games (seat 1's wins) in equal batches, the delete-a-batch jackknife is the t interval of
    the batch means: estimate +- t(B - 1) * sqrt(sum (p_b - p)^2 / (B (B - 1)))."""
    assert batching(200) == (10, 1) and batch_count(200) == 20
    assert batching(10007) == (167, 3) and batch_count(10007) == 20, "batches of 501 games, the last 488"
    assert batching(100_000) == (250, 20) and batch_count(100_000) == 20
    assert batch_count(1) == 1
    workspace = Workspace.at(ROOT)
    point = build_point(resolve_one(workspace, "base"), [parse_vary(f"{MOVE_BACK}=6")], (6,), 4)
    assert point.ruleset is not None
    spec = LabSpec(
        (load_one(workspace, "base"), point.ruleset), load_model(workspace, default_model_path(workspace)), 100, 4, 2
    )
    batches: list[Tally] = [chunk[1] for chunk in run_chunks(spec, chunk=5)]
    assert len(batches) == 20
    rates = [batch.seat_wins[1] / batch.games for batch in batches]
    mean = sum(rates) / 20
    half = t_quantile(19) * (sum((p - mean) ** 2 for p in rates) / (20 * 19)) ** 0.5
    estimate, interval = jackknife(batches, "seat1_wins", 4)
    assert estimate == round(merged(batches).seat_wins[1] / 100, 4)
    assert interval is not None and half > 0.05
    assert interval.high - estimate == pytest.approx(half, abs=1e-3)
    assert jackknife(batches[:1], "seat1_wins", 4)[1] is None


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--vary", "emperor_scorings.9.move_back=3..5"], "the ruleset has no '9' there"),
        (["--vary", f"{MOVE_BACK}=9..5"], "a range goes up from A to B"),
        (["--vary", f"{MOVE_BACK}=0.5..2"], "tune searches a range of whole numbers"),
        (
            ["--vary", f"{MOVE_BACK}=5..9", "--target", "penalty_r8=10%"],
            "unknown metric 'penalty_r8'; metrics: bonus_r3",
        ),
        (["--vary", f"{MOVE_BACK}=5..9", "--target", "penalty_r7=10"], "penalty_r7 is a rate"),
        (["--vary", f"{MOVE_BACK}=5..9", "--players", "5"], "--players must be from 2 to 4"),
    ],
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    target = [] if "--target" in argv else ["--target", "penalty_r7=10%"]
    code, out, err = gah(capsys, "tune", "base", *argv, *target, "--games", "2")
    assert code == 2 and err.startswith("gah tune: ") and message in err and not out, err


def test_bad_rules_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = gah(capsys, "tune", "base", "--vary", f"{MOVE_BACK}=20..25", "--target", "penalty_r7=10%")
    assert code == 1
    said = flat(out)
    assert "move_back 20: breaks the rules: emperor_scorings.7.move_back: 20 is longer than the track" in said
    assert "No value in 20..25 makes a valid ruleset" in said
    code, _out, err = gah(capsys, "tune", "no-such-rules", "--vary", f"{MOVE_BACK}=5..9", "--target", "margin=1")
    assert code == 1 and "no-such-rules" in err


def test_a_misspelt_path_exits_1_with_the_path_it_may_mean_and_no_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_games(*_args: object, **_options: object) -> object:
        raise AssertionError("no game is played when no value makes a valid ruleset")

    monkeypatch.setattr("gah.commands.tune.run_chunks", no_games)
    argv = ("tune", "base", "--vary", "emperor_scorings.7.move_bak=1..3", "--target", "penalty_r7=10%")
    code, out, err = gah(capsys, *argv, "--games", "20")
    assert code == 1
    assert "No value in 1..3 makes a valid ruleset" in flat(out)
    assert err.splitlines() == [
        "gah tune: --vary emperor_scorings.7.move_bak: ruleset base has no value there (did you mean "
        "'emperor_scorings.7.move_back'?)"
    ]


def test_tune_writes_csv_and_a_page_with_its_line_chart(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--csv: a row per value tried, in the order tried (the coarse grid 3, 5, 7, 9, 11 first); --html: the line
    chart of the values tried (one dot each) over their band, the target dashed, and the text report."""
    page = tmp_path / "tune.html"
    argv = ("tune", "base", "--vary", f"{MOVE_BACK}=3..11", "--target", "penalty_r7=10%", "--games", "200")
    code, out, _ = gah(capsys, *argv, "--workers", "1", "--csv", "--html", str(page))
    assert code == 0
    rows = out.splitlines()
    assert rows[0] == "step,kind,value,valid,penalty_r7,low,high,target_inside,problems"
    assert [row.split(",")[2] for row in rows[1:6]] == ["3", "5", "7", "9", "11"]
    text = page.read_text(encoding="utf-8")
    assert text.count("<circle") == len(rows) - 1, "a dot per value tried (each tried once)"
    assert 'stroke-dasharray="4 3"' in text and "is nearer the target." in text
