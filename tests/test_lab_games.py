"""The games as data and saved runs (issue 33, item 1): --games-csv / --games-parquet write every game, a metric
recomputed from them in pandas is the --json figure to the last digit, either engine writes the same file, and
`gah report RUN.json` prints a saved run's table, CSV and HTML byte for byte with no game played again."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from gah.cli import main
from gah.lab.engine.game import Outcome
from gah.lab.runs import games as exported
from gah.lab.runs.batches import ENGINE_ENV
from helpers_rules import shipped_root

GAMES = "120"
RUN = ("compare", "base", "royal-banquet", "--games", GAMES, "--seed", "5", "--workers", "1")


def gah(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--workspace", str(shipped_root()), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_metric_recomputed_from_the_games_is_the_json_figure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """120 games of 4 players under 2 rulesets: 960 rows. penalty_r7 is the share of rows with outcome_r7 ==
    penalty (every player is scored), seat1_wins the share of games the seat-1 row won, total_mean the mean
    total: rounded as the report rounds them (4 and 3 digits), each is the --json figure, from CSV and Parquet."""
    code, out, _ = gah(
        capsys, *RUN, "--json", "--games-csv", str(tmp_path / "g.csv"), "--games-parquet", str(tmp_path / "g.parquet")
    )
    assert code == 0
    report = json.loads(out)
    for frame in (pd.read_csv(tmp_path / "g.csv"), pd.read_parquet(tmp_path / "g.parquet")):
        assert len(frame) == 120 * 2 * 4
        for entry in report["rulesets"]:
            games = frame[frame.ruleset == entry["name"]]
            metrics = entry["metrics"]
            assert round(float((games.outcome_r7 == "penalty").mean()), 4) == metrics["penalty_r7"]
            assert round(float(games[games.seat == 1].winner.mean()), 4) == metrics["seat1_wins"]
            assert round(float(games.total.mean()), 3) == metrics["total_mean"]
        assert frame[frame.ruleset == "royal-banquet"].tile_r5.isin(["b-royal-banquet"]).any(), "its own tile"


def test_both_engines_write_the_same_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert gah(capsys, *RUN, "--games-csv", str(tmp_path / "batched.csv"))[0] == 0
    monkeypatch.setenv(ENGINE_ENV, "pure")
    assert gah(capsys, *RUN, "--games-csv", str(tmp_path / "pure.csv"))[0] == 0
    assert (tmp_path / "batched.csv").read_bytes() == (tmp_path / "pure.csv").read_bytes()


def test_a_sweep_names_its_points(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ("sweep", "base", "--vary", "emperor_scorings.7.move_back=6,8", "--games", "20", "--workers", "1")
    assert gah(capsys, *argv, "--games-csv", str(tmp_path / "s.csv"))[0] == 0
    frame = pd.read_csv(tmp_path / "s.csv")
    assert list(dict.fromkeys(frame.ruleset)) == [
        "start",
        "emperor_scorings.7.move_back=6",
        "emperor_scorings.7.move_back=8",
    ]


def test_ranks_by_hand() -> None:
    """Totals 10, 12, 12, 8 and the tie-breaker gives seat 3 (index 2) the win: it ranks 1; seat 2 has the same
    total without the win: 1 + 1 = 2; seat 1 has two higher totals: 3; seat 4 three: 4."""
    outcome = Outcome((), (10, 12, 12, 8), frozenset({2}), True)
    assert [exported._rank(outcome, seat) for seat in range(4)] == [3, 2, 1, 4]


def test_a_saved_run_prints_again_byte_for_byte(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "run.json"
    code, out, _ = gah(capsys, *RUN, "--json")
    assert code == 0
    saved.write_text(out, encoding="utf-8")
    table, html = tmp_path / "table.html", tmp_path / "again.html"
    _, text, _ = gah(capsys, *RUN, "--html", str(table))
    _, csv_text, _ = gah(capsys, *RUN, "--csv")
    assert gah(capsys, "report", str(saved)) == (0, text.replace(f"\nHTML report: {table}\n", ""), "")
    assert gah(capsys, "report", str(saved), "--csv")[1] == csv_text
    assert gah(capsys, "report", str(saved), "--csv", "--html", str(html))[0] == 0
    assert html.read_bytes() == table.read_bytes()
    sweep = ("sweep", "base", "--vary", "emperor_scorings.7.move_back=6,8", "--games", "20", "--workers", "1")
    _, swept, _ = gah(capsys, *sweep, "--json")
    saved.write_text(swept, encoding="utf-8")
    assert gah(capsys, "report", str(saved))[1] == gah(capsys, *sweep)[1]
    assert gah(capsys, "report", str(saved), "--csv")[1] == gah(capsys, *sweep, "--csv")[1]


def test_a_file_that_is_no_saved_run_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text('{"format": "gah-score/1"}', encoding="utf-8")
    code, out, err = gah(capsys, "report", str(other))
    assert code == 2 and out == ""
    assert err == (
        f"gah report: cannot read {other}: not a saved lab run (format 'gah-score/1'; expected gah-compare/1 or "
        "gah-sweep/1)\n"
    )
