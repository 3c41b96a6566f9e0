"""`gah sweep`: grid points checked like files, common random numbers with `gah compare`, outputs and filters."""

from __future__ import annotations

import csv
import io
import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from gah.cli import main
from gah.lab.runs.grid import SweepUsage, parse_vary
from gah.lab.runs.progress import ProgressBar
from gah.lab.views.sweep import parse_where
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
GAMES = "24"
MOVE_BACK = "emperor_scorings.7.move_back"
C_POINTS = "tiles.c-points.bonus.0.amount"


def gah(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--root", str(ROOT), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def sweep_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = gah(capsys, "sweep", "base", *argv, "--games", GAMES, "--seed", "5", "--workers", "1", "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def test_two_by_two_sweep_equals_four_compare_runs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Every point plays the games `gah compare base <point>` plays with the same seed: the same figures."""
    data = sweep_json(capsys, "--vary", f"{MOVE_BACK}=6,8", "--vary", f"{C_POINTS}=6,10")
    assert [tuple(p["values"].values()) for p in data["points"]] == [(6, 6), (6, 10), (8, 6), (8, 10)]
    assert [axis["start"] for axis in data["vary"]] == [7, 8], "base: move back 7 after round 7; c-points gives 8"
    for point in data["points"]:
        move_back, amount = point["values"][MOVE_BACK], point["values"][C_POINTS]
        variant = tmp_path / f"point-{move_back}-{amount}.yaml"
        variant.write_text(
            f"extends: base\nname: point-{move_back}-{amount}\n"
            f"emperor_scorings:\n  7: {{move_back: {move_back}}}\n"
            f"tiles:\n  c-points:\n    bonus:\n      - {{kind: gain_points, amount: {amount}}}\n",
            encoding="utf-8",
        )
        code, out, err = gah(
            capsys, "compare", "base", str(variant), "--games", GAMES, "--seed", "5", "--workers", "1", "--json"
        )
        assert code == 0, err
        start, varied = json.loads(out)["rulesets"]
        assert data["start_metrics"] == start["metrics"]
        assert point["metrics"] == varied["metrics"], point["values"]
    # A later move-back leaves the markers further up: fewer penalties after round 7 than at 6 (same games).
    by_values = {tuple(p["values"].values()): p["metrics"] for p in data["points"]}
    assert by_values[8, 6]["penalty_r7"] > by_values[6, 6]["penalty_r7"]
    assert by_values[6, 6]["penalty_r3"] == by_values[8, 10]["penalty_r3"] == data["start_metrics"]["penalty_r3"]


def test_point_that_breaks_the_rules_is_reported_by_its_values(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = gah(
        capsys, "sweep", "base", "--vary", f"{MOVE_BACK}=7,20", "--games", "4", "--workers", "1", "--seed", "2"
    )
    assert code == 0, err
    assert "Points that break the rules (not played):" in out
    assert f"{MOVE_BACK}=20: emperor_scorings.7.move_back: 20 is longer than the track (last space 13)" in out
    data = sweep_json(capsys, "--vary", f"{MOVE_BACK}=7,20", "--vary", "tiles.c-points.bonus.0.kind=gain_points,fly")
    invalid = [p for p in data["points"] if not p["valid"]]
    assert [tuple(p["values"].values()) for p in invalid] == [(7, "fly"), (20, "gain_points"), (20, "fly")]
    assert any("fly" in message for message in invalid[0]["problems"])
    valid = [p for p in data["points"] if p["valid"]]
    assert len(valid) == 1 and valid[0]["metrics"] == data["start_metrics"], "7 is base's own move-back"


UNKNOWN_TOP = (
    "unknown key 'nonsense'; expected one of: description, emperor_scorings, emperor_track, final_scoring, hotel, "
    "items, name, players, resources, roles, rounds, rulings, score_track, setup, staff, tie_ranking, tiebreakers, "
    "tiles, title, translations"
)


@pytest.mark.parametrize(
    ("vary", "said"),
    [
        (
            "nonsense=1,2",
            [f"  nonsense=1: {UNKNOWN_TOP} (and 1 more point)", "  --vary nonsense: ruleset base has no value there"],
        ),
        (
            "emperor_scorings.7.move_bak=5..9",
            [
                "  emperor_scorings.7.move_bak=5: emperor_scorings.7: unknown key 'move_bak' (did you mean "
                "'move_back'?); expected one of: move_back, tier (and 4 more points)",
                "  --vary emperor_scorings.7.move_bak: ruleset base has no value there (did you mean "
                "'emperor_scorings.7.move_back'?)",
            ],
        ),
        (
            f"{MOVE_BACK}=20,21",  # a path base has, values it cannot take: the reasons, no path suggested
            [
                f"  {MOVE_BACK}=20: emperor_scorings.7.move_back: 20 is longer than the track (last space 13)",
                f"  {MOVE_BACK}=21: emperor_scorings.7.move_back: 21 is longer than the track (last space 13)",
            ],
        ),
    ],
    ids=["unknown-key", "misspelt-key", "values"],
)
def test_a_grid_that_breaks_the_rules_everywhere_exits_1_before_any_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, vary: str, said: list[str]
) -> None:
    def no_games(*_args: object) -> object:
        raise AssertionError("no game is played for a grid without a valid point")

    monkeypatch.setattr("gah.commands.sweep.run_spec", no_games)
    code, out, err = gah(capsys, "sweep", "base", "--vary", vary, "--games", GAMES, "--workers", "1")
    assert (code, out) == (1, "")
    assert err.splitlines() == ["gah sweep: every point breaks the rules, so no game was played:", *said]


def test_a_path_named_by_its_end_is_found_in_the_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = gah(capsys, "sweep", "base", "--vary", "move_back=5,6", "--games", GAMES)
    assert code == 1
    assert err.splitlines()[-1] == (
        "  --vary move_back: ruleset base has no value there (did you mean 'emperor_scorings.3.move_back'?)"
    )


def test_a_grid_that_breaks_the_rules_everywhere_is_said_in_german(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["init", str(tmp_path)]) == 0
    with (tmp_path / "gah.toml").open("a", encoding="utf-8") as config:
        config.write('language = "de"\n')
    capsys.readouterr()
    code = main(["--root", str(tmp_path), "sweep", "base", "--vary", "nonsense=1,2", "--games", GAMES])
    err = capsys.readouterr().err.splitlines()
    assert code == 1
    assert err[0] == "gah sweep: jeder Punkt verletzt die Regeln, daher wurde keine Partie gespielt:"
    assert err[1].endswith(" (und 1 weiterer Punkt)")
    assert err[2] == "  --vary nonsense: Regelwerk base hat dort keinen Wert"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--vary", "emperor_scorings.9.move_back=3"], "the ruleset has no '9' there"),
        (
            ["--vary", "emperor_scorin.7.move_back=3"],
            "the ruleset has no 'emperor_scorin' there (did you mean 'emperor_scorings.7.move_back'?)",
        ),
        (["--vary", "tiles.c-points.bonus.4.amount=3"], "'4' is not an index of that list (0 to 0)"),
        (["--vary", "emperor_scorings.7.move_back"], "expected PATH=A..B or PATH=V1,V2"),
        (["--vary", "emperor_scorings.7.move_back=9..5"], "a range goes up from A to B"),
        (["--vary", f"{MOVE_BACK}=5,6", "--where", "penalty_r8<0.1"], "unknown metric 'penalty_r8'"),
        (["--vary", f"{MOVE_BACK}=5,6", "--where", "penalty_r7<ten"], "is not a number"),
        (["--vary", f"{MOVE_BACK}=5,6", "--sort", "height"], "--sort 'height': expected METRIC or METRIC:desc"),
        ([], "name at least one --vary"),
    ],
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, _out, err = gah(capsys, "sweep", "base", *argv, "--games", "2")
    assert code == 2 and err.startswith("gah sweep: ") and message in err, err


def test_where_and_sort_pick_points(capsys: pytest.CaptureFixture[str]) -> None:
    full = sweep_json(capsys, "--vary", f"{MOVE_BACK}=4..9")
    rates = {p["values"][MOVE_BACK]: p["metrics"]["penalty_r7"] for p in full["points"]}
    assert rates[4] <= rates[5] <= rates[6] <= rates[7] <= rates[8] <= rates[9], "further back, more penalties"
    low, high = sorted(rates.values())[1], sorted(rates.values())[3]
    kept = sweep_json(
        capsys,
        "--vary",
        f"{MOVE_BACK}=4..9",
        "--where",
        f"penalty_r7>={low}",
        "--where",
        f"penalty_r7<={high}",
        "--sort",
        "penalty_r7:desc",
    )
    shown = [p["metrics"]["penalty_r7"] for p in kept["points"]]
    assert shown == sorted((r for r in rates.values() if low <= r <= high), reverse=True)
    percent = parse_where(f"penalty_r7={100 * low}%..{100 * high}%", ["penalty_r7"])
    assert percent.holds(low) and percent.holds(high) and not percent.holds(high + 0.001)


def test_csv_and_html(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "sweep.html"
    argv = ["sweep", "base", "--vary", f"{MOVE_BACK}=7,20", "--vary", f"{C_POINTS}=6,8", "--games", "4"]
    code, out, err = gah(
        capsys, *argv, "--workers", "1", "--csv", "--html", str(page), "--where", "penalty_r7<50%", "--all"
    )
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r[MOVE_BACK] for r in rows] == ["(start)", "7", "7", "20", "20"]
    assert [r["valid"] for r in rows] == ["true", "true", "true", "false", "false"]
    assert float(rows[1]["penalty_r7"]) <= 0.5 and "longer than the track" in rows[3]["problems"]

    class Cells(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.sections = 0
            self.classes: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            found = dict(attrs)
            self.sections += tag == "section"
            if tag == "td":
                self.classes.append(found.get("class") or "")

    text = page.read_text(encoding="utf-8")
    cells = Cells()
    cells.feed(text)
    # --all: one heat map per metric: 3 scorings x 2 rates, total mean and spread, winner, gap (the sweep's first
    # ten), balance, 4 seats and their fairness test, tie, margin, lead changes, drama, 3 x (comeback, deficit),
    # 3 x decided, spread, Emperor points, share and tile points.
    assert cells.sections == 33
    assert cells.classes.count("invalid") == 33 * 2
    assert sum(c.endswith(" start") for c in cells.classes) == 33, "base's own values (7, 8) are marked on each map"
    assert sum("match" in c for c in cells.classes) > 0
    assert "http" not in text.replace("http-equiv", ""), "self-contained"
    code, again, _ = gah(capsys, *argv, "--workers", "2", "--csv", "--where", "penalty_r7<50%")
    assert code == 0 and again == out, "two worker processes: the same CSV"


def test_parse_vary_values() -> None:
    assert parse_vary("a.b=5..7").values == (5, 6, 7)
    assert parse_vary("a.0.c=6, 8,x").values == (6, 8, "x")
    assert parse_vary("a=true,1.5").values == (True, 1.5)
    with pytest.raises(SweepUsage, match="listed twice"):
        parse_vary("a=1,1")


def test_progress_bar_live_and_summary() -> None:
    quiet = io.StringIO()
    bar = ProgressBar("gah sweep", quiet, live=False)
    bar(500, 1000)
    assert quiet.getvalue() == "", "nothing while running when not on a terminal"
    bar(1000, 1000)
    bar.close()
    assert quiet.getvalue().startswith("gah sweep: 1000 games in ") and quiet.getvalue().count("\n") == 1
    live = io.StringIO()
    bar = ProgressBar("gah compare", live, live=True)
    bar(250, 1000)
    assert live.getvalue().startswith("\rgah compare: [######..................] 250/1000 games")
    assert "games/s" in live.getvalue() and "left" in live.getvalue()
    bar.close()
    assert live.getvalue().endswith("\n")


@settings(max_examples=60, deadline=None)
@given(st.integers(-50, 50), st.integers(0, 30), st.lists(st.integers(-999, 999), min_size=1, max_size=6, unique=True))
def test_vary_values_read_back(low: int, span: int, listed: list[int]) -> None:
    assert parse_vary(f"x.y={low}..{low + span}").values == tuple(range(low, low + span + 1))
    assert parse_vary("x.0=" + ",".join(map(str, listed))).values == tuple(listed)


@settings(max_examples=80, deadline=None)
@given(st.floats(0, 1), st.floats(0, 1), st.floats(0, 1))
def test_where_range_holds_exactly_inside(a: float, b: float, x: float) -> None:
    low, high = min(a, b), max(a, b)
    condition = parse_where(f"gap_mean={low!r}..{high!r}", ["gap_mean"])
    assert condition.holds(x) == (low <= x <= high)
    assert parse_where(f"gap_mean<{high!r}", ["gap_mean"]).holds(x) == (x < high)
    assert parse_where(f"gap_mean>={low!r}", ["gap_mean"]).holds(x) == (x >= low)
