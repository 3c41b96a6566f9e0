"""Planning players in the lab (issue 15): decisions worked by hand, monotone sense checks over many seeds,
and a model without planners giving exactly the reports of before (tests/data/lab/today-*, made by main at
298ee7f before planning existed).

The hand-worked numbers use the base rules: track points by space 0..13 are 0 1 2 3 3 4 4 5 5 6 6 7 8 9; space 0
is the penalty zone, 1-2 neutral, 3 and up the bonus; scorings move back 3 / 5 / 7 after rounds 3 / 5 / 7;
a-krones gives 3 krones or takes 3; c-points gives 8 points or takes 8; a step beyond space 13 scores 1 point;
final scoring counts 1 per krone and -5 per café guest (mild-cafe: -3). A player with no rooms, Staff or
kitchen items has a projected total of points + krones - 5 per café guest.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from gah.cli import main
from gah.errors import RulesError
from gah.frontend.rulesets import Workspace
from gah.lab.engine import planning, rng
from gah.lab.engine.model import Model, Planning, Price, default_model_path, load_model
from gah.lab.runs.jobs import Lab, LabSpec
from gah.lab.runs.runner import run_lab
from gah.lab.views.compare import build_report, report_json
from gah.project import load_one
from helpers_rules import shipped_root, shipped_workspace
from helpers_scoring import module, player, state

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
HARSH = str(DATA / "rulesets" / "harsh-c-points.yaml")
BEST = Planning(share=100, step_limit=3)  # no noise: the best count, ties to fewer


def game_of(data: dict[str, Any], rules: str = "base") -> Any:
    return module(rules).new_game(copy.deepcopy(data), explain=False)


# --- one player's decision, by hand ---------------------------------------------------------------------------


def test_round_7_c_points_buys_the_two_steps_that_reach_the_bonus() -> None:
    """Anna: space 8, 50 points, nothing else; after round 7, tile c-points; 3 points a step, at most 3.

    0 steps: space 8 scores 5 (55), back 7 to space 1: neutral                       -> 55
    1 step:  pays 3 (47), space 9 scores 6 (53), back to space 2: neutral             -> 53
    2 steps: pays 6 (44), space 10 scores 6 (50), back to space 3: bonus +8 (58)       -> 58
    3 steps: pays 9 (41), space 11 scores 7 (48), back to space 4: bonus +8 (56)       -> 56
    Bought: 2 (58 is the most)."""
    game = game_of(state(7, player(points=50, emperor=8), C="c-points"))
    values = planning.step_values(module("base"), game, 0, 3, Price(points=3))
    assert values == [55, 53, 58, 56]
    assert planning.choose(values, BEST, 0, 0) == 2


def test_round_3_krones_price_buys_three_steps_to_the_bonus() -> None:
    """Anna: space 3, 20 points, 4 krones; after round 3, tile a-krones; 1 krone a step, at most 3.

    0 steps: space 3 scores 3 (23), back 3 to space 0: penalty -3 krones (1)   -> 23 + 1 = 24
    1 step:  pays 1 krone (3), space 4 scores 3 (23), back to 1: neutral        -> 23 + 3 = 26
    2 steps: pays 2 (2 left), space 5 scores 4 (24), back to 2: neutral          -> 24 + 2 = 26
    3 steps: pays 3 (1 left), space 6 scores 4 (24), back to 3: bonus +3 krones  -> 24 + 4 = 28
    Bought: 3. With a limit of 2 the best are 1 and 2 steps (26 each): the tie goes to fewer, 1."""
    game = game_of(state(3, player(points=20, krones=4, emperor=3), A="a-krones"))
    values = planning.step_values(module("base"), game, 0, 3, Price(krones=1))
    assert values == [24, 26, 26, 28]
    assert planning.choose(values, BEST, 0, 0) == 3
    assert planning.choose(values[:3], BEST, 0, 0) == 1


def test_a_player_can_buy_only_what_they_can_pay_for() -> None:
    """2 krones at 1 krone a step: 0, 1 or 2 steps are open (the spaces of test_round_3 above):
    0 steps: 23, back to 0: the penalty cannot take 3 krones, so it takes 5 points (18) -> 18 + 2 = 20
    1 step:  23 + 1 krone = 24;  2 steps: 24 + 0 krones = 24."""
    game = game_of(state(3, player(points=20, krones=2, emperor=3), A="a-krones"))
    assert planning.step_values(module("base"), game, 0, 3, Price(krones=1)) == [20, 24, 24]


def test_at_the_cap_one_more_step_changes_nothing_so_none_is_bought() -> None:
    """Space 13 (the last), 30 points, 1 point a step: each step beyond the cap scores 1 point and costs 1.
    Every count: space 13 scores 9 (39), back 7 to space 6: bonus +8 -> 47. All equal: buys 0."""
    game = game_of(state(7, player(points=30, emperor=13), C="c-points"))
    values = planning.step_values(module("base"), game, 0, 3, Price(points=1))
    assert values == [47, 47, 47, 47]
    assert planning.choose(values, BEST, 0, 0) == 0


@pytest.mark.parametrize(("rules", "expected", "served"), [("base", [20, 21, 22], 2), ("mild-cafe", [24, 23, 22], 0)])
def test_cafe_guests_are_served_where_the_cafe_penalty_is_dearer_than_the_price(
    rules: str, expected: list[int], served: int
) -> None:
    """30 points, two guests in the café at the end, 4 points per guest served.
    base (-5 a guest):      0: 30 - 10 = 20; 1: 26 - 5 = 21; 2: 22 - 0 = 22 -> serves 2.
    mild-cafe (-3 a guest): 0: 30 - 6 = 24;  1: 26 - 3 = 23; 2: 22      -> serves 0."""
    game = game_of(state(7, player(points=30, cafe=[{}, {"cake": 1}])), rules)
    values = planning.guest_values(module(rules), game, 0, Price(points=4))
    assert values == expected
    assert planning.choose(values, BEST, 0, 0) == served


def test_trials_leave_the_game_and_the_other_players_untouched() -> None:
    mod = module("base")
    game = game_of(state(7, player(points=50, emperor=8), player("Ben", points=9, cafe=[{}]), C="c-points"))
    before = mod.write_game(game)
    planning.step_values(mod, game, 0, 3, Price(points=3))
    planning.guest_values(mod, game, 1, Price(points=1))
    assert mod.write_game(game) == before


@pytest.mark.parametrize("round_", [3, 5, 7])
def test_scoring_player_by_player_is_the_scoring(round_: int) -> None:
    """emperor_scoring_of, applied to each player in turn order, leaves the state emperor_scoring leaves."""
    mod = module("base")
    data = json.loads(json.dumps(_example_state()))
    data["round"] = round_
    whole, parts = mod.new_game(copy.deepcopy(data), explain=False), mod.new_game(copy.deepcopy(data), explain=False)
    mod.emperor_scoring(whole)
    for one in parts.players:
        mod.emperor_scoring_of(parts, one)
    assert mod.write_game(parts) == mod.write_game(whole)


def _example_state() -> dict[str, Any]:
    import yaml

    data: dict[str, Any] = yaml.safe_load((ROOT / "examples" / "round7.yaml").read_text(encoding="utf-8"))
    return data


def test_noise_mistakes_and_temperature() -> None:
    values = [10, 12, 11, 12]
    sloppy = Planning(share=100, step_limit=3, mistakes=100)
    # A mistake picks any count, each as likely: the second number, scaled to the 4 counts.
    assert [planning.choose(values, sloppy, 0, pick) for pick in (0, 1 << 30, 1 << 31, (3 << 30) + 5)] == [0, 1, 2, 3]
    assert planning.choose(values, Planning(share=100, mistakes=10), 1 << 31, 0) == 1, "no mistake at 50% > 10%"
    warm = Planning(share=100, temperature=1)
    # exp(0) for both 12s, exp(-1) for 11, exp(-2) for 10: the lowest number picks 10 (the first), the highest 12.
    assert planning.choose(values, warm, 0, 0) == 0
    assert planning.choose(values, warm, 0, (1 << 32) - 1) == 3
    cold = Planning(share=100, temperature=1)
    assert planning.choose([0, -100], cold, 0, (1 << 32) - 1) == 0, "100 points worse: weight 0"


# --- the lab: who plans, common random numbers, monotone sense checks ----------------------------------------


def lab_spec(*names: str, games: int, seed: int = 3, model: Model | None = None) -> LabSpec:
    workspace = shipped_workspace()
    rulesets = tuple(load_one(workspace, name) for name in names)
    if model is None:
        model = load_model(workspace, default_model_path(workspace))
    return LabSpec(rulesets=rulesets, model=model, games=games, players=4, seed=seed)


def steps_by_round(outcome: Any) -> dict[int, tuple[int, ...]]:
    return dict(outcome.moves.steps)


def test_default_model_plans_and_the_same_seats_plan_under_every_ruleset() -> None:
    spec = lab_spec("base", "no-penalties", games=60)
    assert spec.model.planning.active
    lab = Lab(spec)
    seats = Counter[bool]()
    for game in range(60):
        base, gentle = lab.play_game(game)
        assert base.moves is not None and gentle.moves is not None
        assert base.moves.planners == gentle.moves.planners
        seats.update(base.moves.planners)
        # Non-planners buy nothing; before round 3 everything is the same game, so only the rules differ.
        for outcome in (base, gentle):
            for _round, bought in outcome.moves.steps:
                assert all(b == 0 for b, plans in zip(bought, outcome.moves.planners, strict=True) if not plans)
    assert 80 <= seats[True] <= 160, "about half of 240 players plan"


def test_harsher_c_points_penalty_never_lowers_investment_before_round_7() -> None:
    """harsh-c-points differs from base only in the round-7 scoring, so up to round 7's turns both play the same
    game: before rounds 3 and 5 planners buy the same steps, and before round 7 never fewer (the penalty only
    takes more at the lower spaces, so more steps can only gain). Where c-points is the C tile, some buy more."""
    model = load_model(shipped_workspace(), default_model_path(shipped_workspace()))
    everyone = replace(model, planning=replace(model.planning, share=100))
    lab = Lab(lab_spec("base", HARSH, games=400, model=everyone))
    more = 0
    for game in range(400):
        base, harsh = lab.play_game(game)
        base_steps, harsh_steps = steps_by_round(base), steps_by_round(harsh)
        assert base_steps[3] == harsh_steps[3] and base_steps[5] == harsh_steps[5]
        assert all(h >= b for b, h in zip(base_steps[7], harsh_steps[7], strict=True)), game
        more += sum(h > b for b, h in zip(base_steps[7], harsh_steps[7], strict=True))
    assert more >= 3


def test_no_penalties_lowers_investment_against_base() -> None:
    """Without penalties, a step before round 3 is never worth more than under base (the same game up to
    then); over the games, planners buy fewer steps before every scoring."""
    spec = lab_spec("base", "no-penalties", games=400)
    lab = Lab(spec)
    for game in range(100):
        base, gentle = lab.play_game(game)
        assert all(g <= b for b, g in zip(steps_by_round(base)[3], steps_by_round(gentle)[3], strict=True))
    data = build_report(spec, run_lab(spec)).as_json()
    base, gentle = (entry["planning"]["emperor_steps"] for entry in data["rulesets"])
    for b, g in zip(base, gentle, strict=True):
        assert g["mean"] < b["mean"], b["round"]
        assert g["buying_rate"] < b["buying_rate"], b["round"]


def test_planners_score_at_least_as_well_as_the_others_in_the_same_games() -> None:
    spec = lab_spec("base", HARSH, "gentle-move-backs", games=500)
    data = build_report(spec, run_lab(spec)).as_json()
    for entry in data["rulesets"]:
        plans = entry["planning"]
        assert plans["planner_total"]["mean"] >= plans["other_total"]["mean"], entry["name"]
        assert plans["planner_total"]["n"] + plans["other_total"]["n"] == entry["final_total"]["n"]


def test_tallies_merge_in_any_grouping_with_planners() -> None:
    spec = lab_spec("base", "mild-cafe", games=30)
    whole = report_json(build_report(spec, run_lab(spec, chunk=250)))
    assert report_json(build_report(spec, run_lab(spec, chunk=7))) == whole
    assert report_json(build_report(spec, run_lab(spec, workers=2, chunk=4))) == whole


def test_cafe_decision_follows_the_cafe_penalty() -> None:
    data = build_report(*_run(lab_spec("base", "mild-cafe", games=80))).as_json()
    base, mild = (entry["planning"]["cafe_guests"] for entry in data["rulesets"])
    assert base["mean"] > 0 and base["buying_rate"] > 0
    assert mild["mean"] < base["mean"], "at -3 a guest, 4 points to serve one rarely pays (only by mistake)"


def _run(spec: LabSpec) -> tuple[LabSpec, Any]:
    return spec, run_lab(spec)


# --- a model without planners: exactly the reports of before ----------------------------------------------------


def gah(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["--workspace", str(shipped_root()), *argv]) == 0
    out, _err = capsys.readouterr()
    return out


def contains(old: Any, new: Any, path: str = "") -> None:
    """Every key and value of `old` is in `new`, unchanged (new may have more keys)."""
    if isinstance(old, dict):
        assert isinstance(new, dict), path
        for key, value in old.items():
            assert key in new, f"{path}{key} is missing"
            contains(value, new[key], f"{path}{key}.")
    elif isinstance(old, list):
        assert isinstance(new, list) and len(old) == len(new), path
        for index, (a, b) in enumerate(zip(old, new, strict=True)):
            contains(a, b, f"{path}{index}.")
    else:
        assert old == new, f"{path}: {old!r} became {new!r}"


TODAY = [
    ("today-300", ["base", "gentle-move-backs", "no-penalties", "--games", "300"]),
    ("today-2p-seed7", ["base", "long-track", "mild-cafe", "--games", "260", "--players", "2", "--seed", "7"]),
]


@pytest.mark.parametrize(("name", "argv"), TODAY)
def test_fixed_gives_exactly_the_reports_of_before(
    capsys: pytest.CaptureFixture[str], name: str, argv: list[str]
) -> None:
    new = json.loads(gah(capsys, "compare", *argv, "--fixed", "--json", "--workers", "1"))
    contains(json.loads((DATA / "lab" / f"{name}.json").read_text(encoding="utf-8")), new)
    assert new["planning"]["fixed"] and not new["planning"]["active"]


def test_a_model_without_planning_plays_as_fixed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The default model with its planning block removed (or share 0) draws exactly what --fixed draws."""
    text = (ROOT / "rules" / "lab" / "default.yaml").read_text(encoding="utf-8")
    without = tmp_path / "without.yaml"
    without.write_text(text[: text.index("\nplanning:")] + "\n", encoding="utf-8")
    nobody = tmp_path / "nobody.yaml"
    nobody.write_text(text.replace("  share: 50", "  share: 0"), encoding="utf-8")
    argv = ["compare", "base", "no-penalties", "--games", "300", "--json", "--workers", "1"]
    fixed = json.loads(gah(capsys, *argv, "--fixed"))
    for model in (without, nobody):
        data = json.loads(gah(capsys, *argv, "--model", str(model)))
        for entry, expected in zip(data["rulesets"], copy.deepcopy(fixed["rulesets"]), strict=True):
            assert entry.pop("planning")["planners"] == expected.pop("planning")["planners"] == 0
            assert entry == expected
    expected = json.loads((DATA / "lab" / "today-300.json").read_text(encoding="utf-8"))
    contains(expected["rulesets"][0], fixed["rulesets"][0])
    contains(expected["rulesets"][2], fixed["rulesets"][1])


def test_table_and_html_show_what_planners_did(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    table = gah(capsys, "compare", "base", "no-penalties", "--games", "40", "--workers", "1", "--all")
    assert "PLANNING PLAYERS (50% plan, 5% mistakes)" in table
    assert table.count("planners' extra steps (mean)") == 3, "one row per Emperor scoring"
    assert "café guests served (mean)" in table
    fixed = gah(capsys, "compare", "base", "no-penalties", "--games", "40", "--workers", "1", "--fixed")
    assert "PLANNING" not in fixed and "planners" not in fixed
    html = tmp_path / "report.html"
    gah(capsys, "compare", "base", "no-penalties", "--games", "40", "--workers", "1", "--html", str(html))
    page = html.read_text(encoding="utf-8")
    parser = _Tags()
    parser.feed(page)
    assert "What planning players bought" in page
    assert parser.labels.count("Extra Emperor steps bought per planner before each scoring, per ruleset") == 1
    gah(capsys, "compare", "base", "no-penalties", "--games", "4", "--fixed", "--html", str(html))
    assert "What planning players bought" not in html.read_text(encoding="utf-8")


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.labels: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.labels.extend(value or "" for name, value in attrs if name == "aria-label")


def test_sweep_takes_fixed(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sweep", "base", "--vary", "emperor_scorings.7.move_back=6,8", "--games", "20", "--json", "--workers", "1"]
    adaptive, fixed = json.loads(gah(capsys, *argv)), json.loads(gah(capsys, *argv, "--fixed"))
    assert adaptive["planning"]["active"] and fixed["planning"]["fixed"]


def test_planning_streams_are_new() -> None:
    """Who plans and the noise come from purposes no other draw uses (so nothing else shifts)."""
    assert len({rng.SETUP_PLAYER, rng.TILES, rng.SHUFFLE, rng.TURN, rng.DEAL} - {0}) == 4
    assert {rng.PLANNERS, rng.PLAN_NOISE}.isdisjoint({rng.TILES, rng.SHUFFLE, rng.TURN, rng.DEAL})


def test_bad_planning_is_a_positioned_error(tmp_path: Path) -> None:
    text = (ROOT / "rules" / "lab" / "default.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "model.yaml"
    bad.write_text(text.replace("  share: 50", "  share: 150").replace("limit: 3", "limt: 3"), encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        load_model(Workspace.at(shipped_root()), bad)
    lines = text.splitlines()
    messages = sorted(f"{p.position.line}: {p.message}" for p in caught.value.problems)
    assert any(m.startswith(f"{lines.index('  share: 50') + 1}: planning.share") for m in messages), messages
    assert any("'limt'" in m and "did you mean 'limit'" in m for m in messages), messages
