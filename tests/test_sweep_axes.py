"""Sweep axes beyond the ruleset (issue 33, item 5): `gah sweep --players 2,3,4` and `--vary model.PATH=...` play
each combination of those values as a run of its own (its own start, its own games), and each run's rows are
exactly what a separate `gah compare` at that player count, or with that model, reports."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from gah.cli import main
from gah.lab.runs.batches import ENGINE_ENV
from helpers_rules import shipped_root

ROOT = Path(__file__).resolve().parents[1]
MOVE_BACK = "emperor_scorings.7.move_back"
RUN = ("--games", "60", "--seed", "4", "--workers", "1")


def gah(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--workspace", str(shipped_root()), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def ok(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = gah(capsys, *argv)
    assert code == 0, err
    return out


def _variant(tmp_path: Path) -> str:
    """base with the round-7 move-back 6: the sweep's point move_back=6, as a rules file of its own."""
    path = tmp_path / "back-six.yaml"
    path.write_text("extends: base\nname: back-six\nemperor_scorings:\n  7: {move_back: 6}\n", encoding="utf-8")
    return str(path)


def _same(sweep_row: dict[str, Any], compare_entry: dict[str, Any], differences: bool) -> None:
    assert sweep_row["metrics"] == compare_entry["metrics"]
    if differences:
        assert sweep_row["differences"] == compare_entry["differences"]["metrics"]


def test_a_sweep_over_player_counts_is_a_compare_run_per_count(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """--players 2,3,4: for each count, the start's metrics are base's in `gah compare base back-six --players N`
    (same games, same seed) and the point's metrics and intervals are back-six's there; at 2 and 3 players the
    seats beyond are not metrics of those games."""
    sweep = json.loads(ok(capsys, "sweep", "base", "--vary", f"{MOVE_BACK}=6,8", "--players", "2,3,4", *RUN, "--json"))
    assert [axis["path"] for axis in sweep["vary"]] == ["players", MOVE_BACK]
    assert sweep["vary"][0] == {"path": "players", "values": [2, 3, 4], "start": None, "run": True}
    assert [start["values"] for start in sweep["starts"]] == [{"players": 2}, {"players": 3}, {"players": 4}]
    assert len(sweep["points"]) == 6
    for count, start in zip((2, 3, 4), sweep["starts"], strict=True):
        compare = json.loads(ok(capsys, "compare", "base", _variant(tmp_path), "--players", str(count), *RUN, "--json"))
        base, six = compare["rulesets"]
        _same(start, base, differences=False)
        (point,) = [p for p in sweep["points"] if p["values"] == {"players": count, MOVE_BACK: 6}]
        _same(point, six, differences=True)
        assert ("seat4_wins" in point["metrics"]) == (count == 4)


def test_model_knobs_are_axes_each_a_compare_with_that_model(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """--vary model.planning.share=0,100 --vary model.planning.mistakes=5,30: four runs; each start and point is
    `gah compare --model M` with M the default model with those two numbers written in. Its start values are
    the model file's own (share 50, mistakes 5)."""
    default = (shipped_root() / "rules" / "lab" / "default.yaml").read_text(encoding="utf-8")
    assert "  share: 50\n" in default and "  mistakes: 5\n" in default
    argv = ("--vary", "model.planning.share=0,100", "--vary", "model.planning.mistakes=5,30", *RUN)
    sweep = json.loads(ok(capsys, "sweep", "base", "--vary", f"{MOVE_BACK}=6", *argv, "--players", "3", "--json"))
    share, mistakes = sweep["vary"][:2]
    assert (share["start"], mistakes["start"], share["run"]) == (50, 5, True)
    for share_value in (0, 100):
        for mistakes_value in (5, 30):
            model = tmp_path / f"m{share_value}-{mistakes_value}.yaml"
            text = default.replace("  share: 50\n", f"  share: {share_value}\n")
            model.write_text(text.replace("  mistakes: 5\n", f"  mistakes: {mistakes_value}\n"), encoding="utf-8")
            argv_compare = ("base", _variant(tmp_path), "--model", str(model), "--players", "3", *RUN, "--json")
            base, six = json.loads(ok(capsys, "compare", *argv_compare))["rulesets"]
            values = {"model.planning.share": share_value, "model.planning.mistakes": mistakes_value}
            (start,) = [s for s in sweep["starts"] if s["values"] == values]
            (point,) = [p for p in sweep["points"] if p["values"] == {**values, MOVE_BACK: 6}]
            _same(start, base, differences=False)
            _same(point, six, differences=True)
    planners = {s["values"]["model.planning.share"]: s["metrics"]["total_mean"] for s in sweep["starts"]}
    assert planners[0] != planners[100], "planners change the games"


def test_the_table_csv_html_and_a_saved_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A start row per player count, then the points; the CSV heads its start rows with their count; `gah
    report` prints the saved JSON's table and CSV byte for byte; the HTML's heat maps have players down."""
    argv = ("sweep", "base", "--vary", f"{MOVE_BACK}=6,8", "--players", "2,3", *RUN)
    text = ok(capsys, *argv, "--html", str(tmp_path / "s.html"))
    lines = text.splitlines()
    assert "games of 2, 3 players each" in lines[0]
    assert [line.split()[:3] for line in lines if line.startswith("start")][:2] == [
        ["start", "2", "7"],
        ["start", "3", "7"],
    ]
    rows = list(csv.DictReader(io.StringIO(ok(capsys, *argv, "--csv"))))
    assert [(r["players"], r[MOVE_BACK]) for r in rows] == [
        ("2", "(start)"),
        ("3", "(start)"),
        ("2", "6"),
        ("2", "8"),
        ("3", "6"),
        ("3", "8"),
    ]
    assert rows[0]["seat3_wins"] == "" and rows[1]["seat3_wins"] != ""
    saved = tmp_path / "run.json"
    saved.write_text(ok(capsys, *argv, "--json"), encoding="utf-8")
    assert ok(capsys, "report", str(saved)) == text.replace(f"\nHTML heat maps: {tmp_path / 's.html'}\n", "")
    assert ok(capsys, "report", str(saved), "--csv") == ok(capsys, *argv, "--csv")
    page = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert "players \\ move_back" in page and "games of 2, 3 players each" in page


def test_where_and_sort_run_over_every_run(capsys: pytest.CaptureFixture[str]) -> None:
    """--sort orders the points of every run together; every start row stays; --where drama and decided_r7
    are metrics like any other."""
    argv = ("sweep", "base", "--vary", f"{MOVE_BACK}=5,9", "--players", "2,4", *RUN, "--json", "--sort", "drama:desc")
    data = json.loads(ok(capsys, *argv, "--where", "decided_r7>=0"))
    dramas = [p["metrics"]["drama"] for p in data["points"]]
    assert dramas == sorted(dramas, reverse=True) and len(dramas) == 4 and len(data["starts"]) == 2


def test_points_without_the_sorted_metric_come_after_the_others(capsys: pytest.CaptureFixture[str]) -> None:
    """--sort seat3_wins over 2 and 3 players: the 3-player points in order, then the 2-player ones (which
    have no seat 3), whichever the order asked."""
    argv = ("sweep", "base", "--vary", f"{MOVE_BACK}=5,9", "--players", "2,3", *RUN, "--json")
    for order in ("", ":desc"):
        data = json.loads(ok(capsys, *argv, "--sort", f"seat3_wins{order}"))
        assert [p["values"]["players"] for p in data["points"]] == [3, 3, 2, 2]
        wins = [p["metrics"]["seat3_wins"] for p in data["points"][:2]]
        assert wins == sorted(wins, reverse=order == ":desc")


def test_the_games_of_every_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--games-csv of a sweep over 2 and 3 players: each run's games (60 games x 2 rulesets x its seats), the
    point named with its run values first."""
    argv = ("sweep", "base", "--vary", f"{MOVE_BACK}=6", "--players", "2,3", *RUN)
    ok(capsys, *argv, "--games-csv", str(tmp_path / "g.csv"))
    frame = pd.read_csv(tmp_path / "g.csv")
    assert len(frame) == 60 * 2 * 2 + 60 * 2 * 3
    assert list(dict.fromkeys(frame.ruleset)) == [
        "players=2, start",
        f"players=2, {MOVE_BACK}=6",
        "players=3, start",
        f"players=3, {MOVE_BACK}=6",
    ]
    assert frame[frame.ruleset == "players=3, start"].seat.max() == 3


def test_both_engines_give_the_same_sweep_over_runs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ("sweep", "base", "--vary", f"{MOVE_BACK}=6", "--vary", "model.planning.share=0,50", "--players", "2,4")
    monkeypatch.setenv(ENGINE_ENV, "batched")
    batched = ok(capsys, *argv, *RUN, "--csv")
    monkeypatch.setenv(ENGINE_ENV, "pure")
    assert ok(capsys, *argv, *RUN, "--csv") == batched


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--players", "2,2"), "listed twice"),
        (("--players", "1,3"), "2 to 4"),
        (("--vary", "model.planning.share=0,50", "--fixed"), "--fixed"),
        (("--vary", "model.planning.share=0,150"), "greater than the maximum"),
        (("--vary", "model.planning.nothing=1"), "unknown key"),
    ],
)
def test_axes_that_cannot_be_played_are_refused(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    code, _out, err = gah(capsys, "sweep", "base", "--vary", f"{MOVE_BACK}=6", *argv, "--games", "10")
    assert code == 2 and message in err


def test_the_guide_example_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    """The guide (gah docs sweeps): the example over player counts and the planners' share, on fewer games: a start per run
    (3 counts x 3 shares), every point of every run (3 move-backs each), sorted by drama, highest first."""
    readme = (ROOT / "docs" / "guide-sweeps.md").read_text(encoding="utf-8")
    section = readme[: readme.index("## Tuning to a target")]
    (line,) = [line for line in section.splitlines() if line.startswith("gah sweep") and "--players 2,3,4" in line]
    argv = line.split()[1:]
    data = json.loads(ok(capsys, *argv, "--games", "20", "--workers", "1", "--json"))
    assert [axis["path"] for axis in data["vary"] if axis.get("run")] == ["players", "model.planning.share"]
    assert len(data["starts"]) == 9 and len(data["points"]) == 27
    dramas = [point["metrics"]["drama"] for point in data["points"]]
    assert dramas == sorted(dramas, reverse=True)


def test_a_sweep_of_the_model_alone_gives_a_start_per_run(capsys: pytest.CaptureFixture[str]) -> None:
    """Only model.planning.share varied: a start row per share and no points, and no line on how points were
    played; a path the model lacks is named as the model's."""
    code, out, err = gah(capsys, "sweep", "base", "--vary", "model.planning.share=0,100", *RUN, "--json")
    assert code == 0 and "played on" not in err
    data = json.loads(out)
    assert [s["values"] for s in data["starts"]] == [{"model.planning.share": 0}, {"model.planning.share": 100}]
    assert data["points"] == []
    code, _out, err = gah(capsys, "sweep", "base", "--vary", "model.nothing.here=1", *RUN)
    assert code == 2 and "the game model has no 'nothing' there" in err
