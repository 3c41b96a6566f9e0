"""The designer's metrics (issue 24, part 1): each figure on hand-made games with numbers worked out by hand, the
tallies and their 95% intervals on hand-made pairs, and the intervals of a seeded run recomputed game by game."""

from __future__ import annotations

import csv
import io
import json
import re
import statistics
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from gah.cli import main
from gah.lab.engine.game import Outcome, Scoring
from gah.lab.engine.model import default_model_path, load_model
from gah.lab.runs import metrics
from gah.lab.runs.intervals import t_quantile
from gah.lab.runs.jobs import Lab, LabSpec
from gah.lab.runs.measures import DesignTally, behind, figures, lead_changes, leaders, margin, pair_gaps
from gah.lab.runs.runner import run_lab
from gah.lab.runs.tallies import Tally
from gah.lab.views.compare import build_report
from gah.lab.views.records import Difference
from gah.project import load_one
from helpers_rules import shipped_root, shipped_workspace

ROOT = Path(__file__).resolve().parents[1]


def game(
    totals: Sequence[int],
    winners: set[int],
    standings: dict[int, Sequence[int]],
    net: dict[int, Sequence[int]] | None = None,
    track: dict[int, Sequence[int]] | None = None,
) -> Outcome:
    """A hand-made game: the points after each Emperor scoring (by round), the final totals and the winners."""
    scorings = tuple(
        Scoring(
            round_,
            "c-points",
            tuple((track or {}).get(round_, [0] * len(points))),
            ("nothing",) * len(points),
            tuple((net or {}).get(round_, [0] * len(points))),
            tuple(points),
        )
        for round_, points in standings.items()
    )
    best = sorted(totals, reverse=True)
    return Outcome(scorings, tuple(totals), frozenset(winners), best[0] == best[1])


# --- one game's figures ------------------------------------------------------------------------------


def test_a_four_player_game_by_hand() -> None:
    """Standings after rounds 3, 5 and 7 and the final totals; seat 3 (index 2) wins.

    Leaders: {0}, then {0, 1} (0 still leads: no change), then {1} (1 led: no change), then {2}: one change.
    The winner was behind by 10 - 8 = 2, 12 - 9 = 3 and 16 - 9 = 7. Margin 151 - 150 = 1. Gaps between two
    players: 1 + 1 + 30 + 2 + 29 + 31 = 94. Emperor points 6 + 11 + 14 = 31, of which under the markers
    5 + 9 + 11 = 25: the tiles gave 6."""
    outcome = game(
        [150, 149, 151, 120],
        {2},
        {3: [10, 8, 8, 5], 5: [12, 12, 9, 7], 7: [14, 16, 9, 7]},
        net={3: [3, 1, 2, 0], 5: [4, 4, 1, 2], 7: [6, 8, -2, 2]},
        track={3: [2, 1, 2, 0], 5: [3, 3, 1, 2], 7: [4, 4, 1, 2]},
    )
    found = figures(outcome)
    assert found.lead_changes == 1
    assert found.behind == ((3, 2), (5, 3), (7, 7))
    assert found.margin == 1
    assert found.pair_gaps == 94
    assert (found.emperor, found.tiles, found.total) == (31, 6, 570)
    assert found.seats == (0, 0, 1, 0)


def test_swaps_and_ties_for_the_lead() -> None:
    """Two players: 5-9, 9-5, 5-9, then 60-60 won by seat 2 on the tie-breaker. Leaders {1}, {0}, {1}, {0, 1}:
    two changes (the last keeps 1 among the leaders). The winner led after rounds 3 and 7 (0 behind) and was 4
    behind after round 5; a tie on top is a margin of 0, and so is the gap between the two."""
    outcome = game([60, 60], {1}, {3: [5, 9], 5: [9, 5], 7: [5, 9]})
    found = figures(outcome)
    assert found.lead_changes == 2
    assert found.behind == ((3, 0), (5, 4), (7, 0))
    assert (found.margin, found.pair_gaps) == (0, 0)
    assert outcome.top_tied


def test_leaders_changes_and_shared_winners() -> None:
    assert leaders([3, 7, 7]) == {1, 2}
    changes = lead_changes([[1, 2, 2], [3, 2, 1], [3, 3, 1], [0, 0, 4]])
    assert changes == 2, "{1, 2} -> {0}: a change; {0} -> {0, 1}: none; {0, 1} -> {2}: a change"
    assert lead_changes([[4, 4]]) == 0, "one standings: nothing to change"
    assert behind([3, 7, 9], frozenset({0, 1})) == 2, "a shared win: the best placed winner, 9 - 7"
    assert behind([9, 7, 9], frozenset({2})) == 0, "tied for the lead: not behind"
    assert margin([8, 8, 3]) == 0 and margin([8, 3, 5]) == 3
    assert pair_gaps([4, 1, 1]) == 3 + 3 + 0


# --- the tallies, and the metrics with their intervals, on hand-made pairs ------------------------------

# Four games of two players, one Emperor scoring (after round 5); each ruleset's game is (r5 standings, totals,
# winner). Every scoring gives [2, 1] points ([1, 1] under the markers) in the reference, [3, 1] in the variant.
REFERENCE = [([10, 8], [50, 48], 0), ([10, 8], [47, 50], 1), ([9, 9], [48, 49], 1), ([7, 12], [52, 50], 0)]
VARIANT = [([10, 8], [51, 48], 0), ([10, 8], [52, 47], 0), ([9, 11], [45, 49], 1), ([7, 12], [52, 50], 0)]


def _games(rows: list[tuple[list[int], list[int], int]], net: list[int]) -> list[Outcome]:
    return [game(totals, {won}, {5: points}, {5: net}, {5: [1, 1]}) for points, totals, won in rows]


def _tallies() -> tuple[Tally, Tally]:
    first, second = _games(REFERENCE, [2, 1]), _games(VARIANT, [3, 1])
    reference, variant = Tally(), Tally()
    reference.add_games(first, first)
    variant.add_games(second, first)
    return reference, variant


def test_metric_values_by_hand() -> None:
    """Margins: 2 3 1 2 (mean 2) and 3 5 4 2 (3.5); two players: the gap between two is the margin. Lead
    changes 0 1 0 1 and 0 0 0 1; the winner behind after round 5 in games 2 and 4 (by 2 and 5: 3.5 on average)
    and in game 4 only (by 5). Seat wins 2-2 (balance 1) and 3-1 (balance 1 - 0.5). Emperor points 3 and 4 a
    game, 1.5 and 2 a player, of which the tiles 0.5 and 1; totals 394 in all under both: 12/394 and 16/394."""
    reference, variant = _tallies()
    here, there = metrics.values(reference, 2), metrics.values(variant, 2)
    assert (here["margin"], there["margin"]) == (2.0, 3.5)
    assert (here["spread"], there["spread"]) == (2.0, 3.5)
    assert (here["lead_changes"], there["lead_changes"]) == (0.5, 0.25)
    assert (here["comeback_r5"], there["comeback_r5"]) == (0.5, 0.25)
    assert (here["behind_r5"], there["behind_r5"]) == (3.5, 5.0)
    assert (here["balance"], there["balance"]) == (1.0, 0.5)
    assert (there["seat1_wins"], there["seat2_wins"]) == (0.75, 0.25)
    assert (here["emperor_points"], there["emperor_points"]) == (1.5, 2.0)
    assert (here["tile_points"], there["tile_points"]) == (0.5, 1.0)
    assert (here["emperor_share"], there["emperor_share"]) == (round(12 / 394, 4), round(16 / 394, 4))
    assert here["tie_rate"] == there["tie_rate"] == 0.0
    assert list(here) == [m.name for m in metrics.catalogue([5], 2)], "every metric, in catalogue order"


def _shown(found: Any, name: str) -> dict[str, Any]:
    return Difference.of(found[name], metrics.metric_of(name).digits).as_json()


def test_metric_intervals_by_hand() -> None:
    """t quantiles with 3 degrees of freedom (4 games): 3.182446305; with 1: 12.706204736.

    margin: differences 1 2 3 0, mean 1.5, sample variance 5/3: 1.5 -/+ 3.1824 * sqrt(5/3 / 4) = 2.0543.
    lead_changes and comeback_r5: differences 0 -1 0 0, mean -0.25, variance 0.25: -0.25 -/+ 0.7956.
    seat1_wins: 0 1 0 0: 0.25 -/+ 0.7956. balance: the variant's seats 1 and 2 win most and least, the
    reference's seats are even (its gap 0), so per game -(seat 1 won) + (seat 2 won): -1 -1 +1 -1, mean -0.5,
    variance 1: -0.5 -/+ 3.1824 / 2 = 1.5912. Emperor and tile points: +1 a game, +0.5 a player, in every game.
    behind_r5: 5 - 3.5 = 1.5 from the two games with a comeback (1 degree of freedom); linearised per game:
    (y - 5 c) / 0.25 - (y0 - 3.5 c0) / 0.5 = 0, 3, 0, -3 (variance 6): 1.5 -/+ 12.7062 * sqrt(6 / 4) = 15.5619."""
    reference, variant = _tallies()
    found = metrics.differences(variant, 2)
    assert _shown(found, "margin") == {"estimate": 1.5, "low": -0.554, "high": 3.554, "within_noise": True}
    assert _shown(found, "spread") == _shown(found, "margin")
    assert _shown(found, "lead_changes") == {"estimate": -0.25, "low": -1.046, "high": 0.546, "within_noise": True}
    noise = {"estimate": -0.25, "low": -1.0456, "high": 0.5456, "within_noise": True}
    assert _shown(found, "comeback_r5") == noise
    assert _shown(found, "seat1_wins") == {"estimate": 0.25, "low": -0.5456, "high": 1.0456, "within_noise": True}
    assert _shown(found, "balance") == {"estimate": -0.5, "low": -2.0912, "high": 1.0912, "within_noise": True}
    exact = {"estimate": 0.5, "low": 0.5, "high": 0.5, "within_noise": False}
    assert _shown(found, "emperor_points") == _shown(found, "tile_points") == exact
    assert _shown(found, "behind_r5") == {"estimate": 1.5, "low": -14.062, "high": 17.062, "within_noise": True}
    share = found["emperor_share"]
    assert share is not None and share.low < share.estimate < share.high
    assert share.estimate == pytest.approx(16 / 394 - 12 / 394)
    same = metrics.differences(reference, 2)
    others = ("winner_changes", "seat_fairness")  # a rate against 0; a p-value without a difference
    assert all(f == metrics.SAME for name, f in same.items() if name not in others), "the reference itself"


def test_design_tallies_merge_in_any_grouping() -> None:
    first, second = _games(REFERENCE, [2, 1]), _games(VARIANT, [3, 1])
    whole, parts = DesignTally(), DesignTally()
    whole.add_games(second, first)
    for index in (2, 0, 3, 1):
        part = DesignTally()
        part.add_games(second[index : index + 1], first[index : index + 1])
        parts.merge(part)
    assert parts == whole


# --- a seeded run: every interval is the paired figure of its games -----------------------------------

GAMES = 60
Figure = Callable[[Outcome], int]


def _spec(*names: str) -> LabSpec:
    workspace = shipped_workspace()
    rulesets = tuple(load_one(workspace, name) for name in names)
    return LabSpec(rulesets, load_model(workspace, default_model_path(workspace)), GAMES, 4, 13)


def _points_after(outcome: Outcome, round_: int) -> tuple[int, ...]:
    return next(s.points for s in outcome.scorings if s.round == round_)


PAIRED: dict[str, tuple[int, Figure]] = {
    "margin": (1, lambda o: margin(o.totals)),
    "lead_changes": (1, lambda o: figures(o).lead_changes),
    "comeback_r7": (1, lambda o: int(behind(_points_after(o, 7), o.winners) > 0)),
    "spread": (6, lambda o: pair_gaps(o.totals)),
    "emperor_points": (4, lambda o: sum(sum(s.net) for s in o.scorings)),
    "tile_points": (4, lambda o: sum(sum(s.net) - sum(s.track_points) for s in o.scorings)),
}


def _paired_t(values: list[float], df: int | None = None) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = t_quantile(len(values) - 1 if df is None else df) * statistics.stdev(values) / len(values) ** 0.5
    return mean, mean - half, mean + half


def _close(found: dict[str, Any], expected: tuple[float, float, float], digits: int) -> None:
    tolerance = 0.6 * 10**-digits  # the report rounds to `digits`
    for key, value in zip(("estimate", "low", "high"), expected, strict=True):
        assert found[key] == pytest.approx(value, abs=tolerance), key


def test_intervals_of_a_seeded_run_are_the_paired_figures_of_its_games() -> None:
    """base against gentle-move-backs, seed 13: each interval recomputed here from the two rulesets' own
    outcomes of the same games (paired t on per-game differences; for the deficit and the share, the same
    linearisation written out), and each estimate the difference of the two rulesets' values."""
    lab_spec = _spec("base", "gentle-move-backs")
    games = [Lab(lab_spec).play_game(number) for number in range(GAMES)]
    report = build_report(lab_spec, run_lab(lab_spec, workers=1, chunk=25)).as_json()
    base, gentle = report["rulesets"]
    found = gentle["differences"]["metrics"]
    for name, (per, figure) in PAIRED.items():
        expected = _paired_t([(figure(g) - figure(b)) / per for b, g in games])
        _close(found[name], expected, metrics.metric_of(name).digits)
        difference = gentle["metrics"][name] - base["metrics"][name]
        assert found[name]["estimate"] == pytest.approx(difference, abs=2e-3), name
    _check_balance(games, found["balance"])
    deficits = [(behind(_points_after(o, 7), o.winners) for o in (g, b)) for b, g in games]
    _check_ratio([(y, int(y > 0), y0, int(y0 > 0)) for y, y0 in deficits], found["behind_r7"], 3)
    emperor, totals = PAIRED["emperor_points"][1], (lambda o: sum(o.totals))
    _check_ratio([(emperor(g), totals(g), emperor(b), totals(b)) for b, g in games], found["emperor_share"], 4)


def _check_balance(games: list[list[Outcome]], found: dict[str, Any]) -> None:
    """Balance: the seats that win most and least under each ruleset held fixed (ties to the lower seat)."""
    wins = [[sum(seat in pair[side].winners for pair in games) for seat in range(4)] for side in (0, 1)]
    top, low = [w.index(max(w)) for w in wins], [w.index(min(w)) for w in wins]

    def gap(outcome: Outcome, side: int) -> int:
        return int(top[side] in outcome.winners) - int(low[side] in outcome.winners)

    _close(found, _paired_t([float(gap(b, 0) - gap(g, 1)) for b, g in games]), 4)


def _check_ratio(vectors: list[tuple[int, int, int, int]], found: dict[str, Any], digits: int) -> None:
    """A ratio of sums (y / n) here minus under the reference, from per-game (y, n, y0, n0): each game's
    (y - ratio * n) / mean n, here minus there, and a t quantile with one degree of freedom fewer than the
    games where any of the four is not 0."""
    count = len(vectors)
    y, n, y0, n0 = (sum(vector[i] for vector in vectors) for i in range(4))
    ratio, ratio0 = y / n, y0 / n0
    linear = [(a - ratio * b) * count / n - (a0 - ratio0 * b0) * count / n0 for a, b, a0, b0 in vectors]
    informative = sum(1 for vector in vectors if any(vector))
    half = t_quantile(informative - 1) * statistics.stdev(linear) / count**0.5
    _close(found, (ratio - ratio0, ratio - ratio0 - half, ratio - ratio0 + half), digits)


# --- the outputs -------------------------------------------------------------------------------------


def gah(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(["--workspace", str(shipped_root()), *argv, "--workers", "1"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_compare_csv_has_every_metric_and_its_interval(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("compare", "base", "gentle-move-backs", "no-penalties", "--games", "30", "--seed", "3")
    data = json.loads(gah(capsys, *argv, "--json"))
    rows = list(csv.DictReader(io.StringIO(gah(capsys, *argv, "--csv"))))
    assert [row["ruleset"] for row in rows] == ["base", "gentle-move-backs", "no-penalties"]
    for row, entry in zip(rows, data["rulesets"], strict=True):
        for name, value in entry["metrics"].items():
            assert float(row[name]) == value, name
    assert rows[0]["margin_difference"] == "", "the reference: no difference of its own"
    paired = data["rulesets"][1]["differences"]["metrics"]["penalty_r7"]
    assert float(rows[1]["penalty_r7_low"]) == paired["low"]
    assert rows[1]["penalty_r7_within_noise"] == str(paired["within_noise"]).lower()
    assert set(data["metric_definitions"]) == set(data["rulesets"][0]["metrics"])


def test_the_readme_defines_every_metric() -> None:
    """The guide's metrics topic (gah docs metrics) has a row for each metric the lab reports (N for a round or a
    seat)."""
    text = (ROOT / "docs" / "guide-metrics.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (`.+?`) \|", text, flags=re.MULTILINE)
    documented = {name for row in rows for name in re.findall(r"`([a-zN0-9_]+)`", row)}
    names = {re.sub(r"_r3$", "_rN", re.sub(r"^seat1_", "seatN_", m.name)) for m in metrics.catalogue([3], 1)}
    assert names == documented


def test_seat_fairness_and_the_levels_intervals_by_hand() -> None:
    """Seat wins 2-2: chi-square 0, p = 1. Seat wins 3-1 of 4: expected 2 each, chi-square (1 + 1) / 2 = 1 with 1
    degree of freedom: p = erfc(sqrt(1/2)) = 0.3173. Four seats winning 30, 20, 25, 25 of 100: chi-square
    (25 + 25 + 0 + 0) / 25 = 2 with 3 degrees of freedom: p = erfc(1) + sqrt(4/pi) e^-1 = 0.1573 + 0.4151 =
    0.5724. Five seats (4 degrees of freedom, the series): chi-square 4 has p = e^-2 (1 + 2) = 0.4060."""
    reference, variant = _tallies()
    assert metrics.values(reference, 2)["seat_fairness"] == 1.0
    assert metrics.values(variant, 2)["seat_fairness"] == 0.3173
    assert round(metrics.seat_fairness([30, 20, 25, 25]), 4) == 0.5724
    assert round(metrics.chi_square_survival(4.0, 4), 4) == 0.4060
    # Three seats (2 degrees of freedom): p = e^(-x/2) exactly, far into the tail too (x = 60: 9.3576e-14,
    # where the general series, 1 - P(1, 30), would lose it to cancellation: 9.53e-14; at 80 it gives 0).
    assert metrics.chi_square_survival(60.0, 2) == pytest.approx(9.357622968840175e-14, rel=1e-12)
    assert metrics.chi_square_survival(80.0, 2) > 0.0
    assert metrics.differences(variant, 2)["seat_fairness"] is None, "a p-value has no difference"
    # The variant's balance 0.5: seats 0.75 and 0.25 of 4 games; the gap's per-game variance
    # 0.75 + 0.25 - 0.5^2 = 0.75, so 0.5 ± 1.96 * sqrt(0.75 / 4) = 0.5 ± 0.8487: 0 .. 1 once clipped.
    levels = metrics.level_intervals(variant, 2)
    balance = levels["balance"]
    assert balance is not None and (balance.estimate, balance.low, balance.high) == (0.5, 0.0, 1.0)
    seat1 = levels["seat1_wins"]  # Wilson for 3 of 4: centre (0.75 + 0.4802) / 1.9604 = 0.6276
    assert seat1 is not None and (round(seat1.low, 4), round(seat1.high, 4)) == (0.3006, 0.9544)
