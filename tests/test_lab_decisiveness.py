"""Decisiveness and drama (issue 33, item 5): decided_rN and drama on hand-made checkpoint sequences worked out
by hand, their tallies and intervals on hand-made pairs, a seeded run's intervals recomputed game by game, both
engines giving the same figures, and the games export carrying each game's decisive checkpoint."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from gah.cli import main
from gah.lab.engine.game import Outcome
from gah.lab.runs import metrics
from gah.lab.runs.batches import ENGINE_ENV
from gah.lab.runs.intervals import t_quantile
from gah.lab.runs.jobs import Lab
from gah.lab.runs.measures import behind, decided, drama, figures, leaders
from gah.lab.runs.runner import run_lab
from gah.lab.views.compare import build_report
from gah.lab.views.records import Difference
from helpers_rules import shipped_root
from test_lab_metrics import GAMES, _spec, _tallies, game

# --- one game: the decisive checkpoint ---------------------------------------------------------------------


def test_decided_when_the_winner_leads_alone_from_then_on() -> None:
    """Two players after rounds 3, 5 and 7: 5-9, 9-5, 12-7, seat 1 (index 0) wins. Walking back from the last
    scoring: 12 > 7 (alone), 9 > 5 (alone), 5 < 9 (behind): the lead held from the round-5 scoring, index 1."""
    assert decided([[5, 9], [9, 5], [12, 7]], frozenset({0})) == 1


def test_a_tie_for_the_lead_is_not_holding_it() -> None:
    """5-9, 9-9, 12-7: round 7 alone, round 5 tied (not alone): held only from round 7, index 2. Three players,
    10-10-3, 12-11-11, 20-15-19, seat 1 winning: alone after rounds 5 and 7, tied after 3: index 1."""
    assert decided([[5, 9], [9, 9], [12, 7]], frozenset({0})) == 2
    assert decided([[10, 10, 3], [12, 11, 11], [20, 15, 19]], frozenset({0})) == 1


def test_a_lead_lost_after_the_last_scoring_is_decided_by_the_final_scoring() -> None:
    """9-5, 9-5, 7-8 and seat 1 wins on the final totals: it led alone after rounds 3 and 5 but not after 7, so
    no scoring from which on it held the lead: the final scoring decided, index 3 (= the scorings' count). A
    shared win is decided only by the final scoring, however it led; a game without Emperor scorings too."""
    assert decided([[9, 5], [9, 5], [7, 8]], frozenset({0})) == 3
    assert decided([[9, 5], [9, 5], [12, 8]], frozenset({0, 1})) == 3
    assert decided([], frozenset({0})) == 0


def test_drama_is_a_lead_change_at_the_final_scoring() -> None:
    """After the last Emperor scoring 9-5, final 60-61: leaders {0} then {1}, nobody kept the lead: 1. 9-9 then
    60-61: {0, 1} then {1}, seat 2 kept it: 0. 9-5 then 60-60: {0} then {0, 1}, seat 1 still leads: 0. Only the
    last scoring counts (5-9 earlier changes nothing), and without Emperor scorings there is no change."""
    assert drama([[9, 5]], [60, 61]) == 1
    assert drama([[5, 9], [9, 9]], [60, 61]) == 0
    assert drama([[5, 9], [9, 5]], [60, 60]) == 0
    assert drama([], [60, 61]) == 0


def test_drama_follows_the_lead_and_a_comeback_the_winner() -> None:
    """The guide (gah docs metrics): 9-5 after the last scoring, then 60-60 won by seat 2 on the tie-breaker: the winner was 4
    behind there (a comeback), but seat 1 still shares the lead at the end (no drama)."""
    assert behind([9, 5], frozenset({1})) == 4
    assert drama([[9, 5]], [60, 60]) == 0


def test_a_games_figures_carry_both() -> None:
    """5-9, 9-5, 5-9, then 60-60 won by seat 2 on the tie-breaker: seat 2 led alone after round 7 (9 > 5) but
    not after round 5: decided by round 7 only; leaders {1} after round 7, {0, 1} at the end: no drama. The
    four-player game of test_lab_metrics (seat 3 behind after every scoring, winning at the end) is decided by
    the final scoring, and its final scoring took the lead from seat 2: drama."""
    swaps = figures(game([60, 60], {1}, {3: [5, 9], 5: [9, 5], 7: [5, 9]}))
    assert (swaps.decided, swaps.drama) == ((7,), 0)
    late = figures(game([150, 149, 151, 120], {2}, {3: [10, 8, 8, 5], 5: [12, 12, 9, 7], 7: [14, 16, 9, 7]}))
    assert (late.decided, late.drama) == ((), 1)


# --- the tallies and intervals on hand-made pairs (test_lab_metrics' four two-player games) -------------------


def _shown(found: Any, name: str) -> dict[str, Any]:
    return Difference.of(found[name], metrics.metric_of(name).digits).as_json()


def test_values_and_intervals_by_hand() -> None:
    """One scoring, after round 5. Reference: 10-8 won by 0 (alone ahead: decided; leaders {0} -> {0}: no
    drama), 10-8 won by 1 (behind; {0} -> {1}: drama), 9-9 won by 1 (tied: not decided; {0, 1} -> {1}: none),
    7-12 won by 0 (behind; {1} -> {0}: drama): decided_r5 1/4, drama 2/4. Variant: 10-8 won by 0 twice (decided,
    no drama), 9-11 won by 1 (alone ahead: decided; {1} -> {1}), 7-12 won by 0 (drama): 3/4 and 1/4.

    Paired differences, game by game: decided 0 1 1 0 (mean 0.5, sample variance 1/3), drama 0 -1 0 0 (mean
    -0.25, variance 1/4); t with 3 degrees of freedom 3.182446305: 0.5 -/+ 3.1824 * sqrt(1/12) = 0.9187 and
    -0.25 -/+ 3.1824 * sqrt(1/16) = 0.7956."""
    reference, variant = _tallies()
    here, there = metrics.values(reference, 2), metrics.values(variant, 2)
    assert (here["decided_r5"], there["decided_r5"]) == (0.25, 0.75)
    assert (here["drama"], there["drama"]) == (0.5, 0.25)
    found = metrics.differences(variant, 2)
    assert _shown(found, "decided_r5") == {"estimate": 0.5, "low": -0.4187, "high": 1.4187, "within_noise": True}
    assert _shown(found, "drama") == {"estimate": -0.25, "low": -1.0456, "high": 0.5456, "within_noise": True}
    same = metrics.differences(reference, 2)
    assert same["decided_r5"] == same["drama"] == metrics.SAME


# --- a seeded run ------------------------------------------------------------------------------------------------


def _led_alone_from(outcome: Outcome, round_: int) -> int:
    """Written out again: one winner, more points than each other player after every scoring from round_ on."""
    if len(outcome.winners) != 1:
        return 0
    (winner,) = outcome.winners
    later = [s.points for s in outcome.scorings if s.round >= round_]
    return int(all(all(p < points[winner] for i, p in enumerate(points) if i != winner) for points in later))


def _late_change(outcome: Outcome) -> int:
    return int(not leaders(outcome.scorings[-1].points) & leaders(outcome.totals))


def test_a_seeded_runs_figures_are_its_games() -> None:
    """base against gentle-move-backs, seed 13: each ruleset's decided_rN and drama are the share of its games
    recomputed here, and each interval the paired t interval of the per-game differences."""
    spec = _spec("base", "gentle-move-backs")
    games = [Lab(spec).play_game(number) for number in range(GAMES)]
    report = build_report(spec, run_lab(spec, workers=1, chunk=25)).as_json()
    figures_: dict[str, Any] = {f"decided_r{r}": (lambda o, r=r: _led_alone_from(o, r)) for r in (3, 5, 7)}
    figures_["drama"] = _late_change
    for name, figure in figures_.items():
        for side, entry in enumerate(report["rulesets"]):
            assert entry["metrics"][name] == round(statistics.fmean(figure(pair[side]) for pair in games), 4), name
        values = [figure(g) - figure(b) for b, g in games]
        found = report["rulesets"][1]["differences"]["metrics"][name]
        mean = statistics.fmean(values)
        if statistics.pstdev(values) == 0:
            continue
        half = t_quantile(len(values) - 1) * statistics.stdev(values) / len(values) ** 0.5
        for key, value in zip(("estimate", "low", "high"), (mean, mean - half, mean + half), strict=True):
            assert found[key] == pytest.approx(value, abs=0.6e-4), (name, key)
    base = report["rulesets"][0]["metrics"]
    assert base["decided_r3"] <= base["decided_r5"] <= base["decided_r7"], "decided by 3 is decided by 5 and 7"


def gah(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(["--workspace", str(shipped_root()), *argv, "--workers", "1"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_both_engines_give_the_same_figures_and_the_games_hold_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seeded 3-player run on the batched engine and on the pure path: the same decided_rN and drama and
    intervals; and from its games export, decided_r5 is the share of games whose `decided` is r3 or r5, drama
    the share with drama 1 (one row per seat: read seat 1's)."""
    argv = ("compare", "base", "royal-banquet", "--games", "150", "--players", "3", "--seed", "8", "--json")
    monkeypatch.setenv(ENGINE_ENV, "batched")
    batched = json.loads(gah(capsys, *argv, "--games-csv", str(tmp_path / "g.csv")))
    monkeypatch.setenv(ENGINE_ENV, "pure")
    pure = json.loads(gah(capsys, *argv))
    names = ["drama", *(f"decided_r{r}" for r in (3, 5, 7))]
    for mine, theirs in zip(batched["rulesets"], pure["rulesets"], strict=True):
        for name in names:
            assert mine["metrics"][name] == theirs["metrics"][name], name
            assert mine["differences"]["metrics"][name] == theirs["differences"]["metrics"][name], name
    frame = pd.read_csv(tmp_path / "g.csv")
    for entry in batched["rulesets"]:
        rows = frame[(frame.ruleset == entry["name"]) & (frame.seat == 1)]
        assert set(rows.decided) <= {"r3", "r5", "r7", "final"}
        assert round(float(rows.decided.isin(["r3", "r5"]).mean()), 4) == entry["metrics"]["decided_r5"]
        assert round(float(rows.drama.mean()), 4) == entry["metrics"]["drama"]
        per_game = frame[frame.ruleset == entry["name"]].groupby("game")
        assert (per_game.decided.nunique() == 1).all() and (per_game.drama.nunique() == 1).all()
        for name, expression in _readme_recipes().items():
            found = eval(expression, {"mine": frame[frame.ruleset == entry["name"]]})
            assert round(float(found), 4) == entry["metrics"][name], name


def _readme_recipes() -> dict[str, str]:
    """The guide (gah docs lab), The games as data: the pandas lines that recompute decided_r5 and drama
    (`expression  # name`)."""
    readme = (Path(__file__).resolve().parents[1] / "docs" / "guide-lab.md").read_text(encoding="utf-8")
    found = {}
    for line in readme.splitlines():
        expression, _hash, comment = line.partition("  # ")
        if comment.strip() in ("decided_r5", "drama"):
            found[comment.strip()] = expression.strip()
    assert set(found) == {"decided_r5", "drama"}
    return found
