"""Resources declared in data: the invented tiles of tests/data/variants/invented-resources.yaml scored by hand
(gain up to the upper limit, loss down to the lower one, a payment inside an all-or-nothing option, points per
dancer, end scoring by a table, objective markers gained by a tile, dancers in the tie-breaker), the state
format, the front end's checks, the sheets and `gah diff` in both languages, and the lab model's gain rate.

Dancers: at least 0, at most 5, start 1; at the end 0/1/3/6/10 points for 0/1/2/3/4 dancers, 5 as 4.
Track points (GR 1): space 0 1 2 3 4 5 6 7 8 9 10 11 12 13 pays 0 1 2 3 3 4 4 5 5 6 6 7 8 9. Move back 3 / 5 / 7
after rounds 3 / 5 / 7; landing on 3 or more gives the bonus, on 0 the penalty. Final scoring (GR 5.7): 1 point
per krone and per kitchen item, -5 per café guest, occupied rooms by floor, game-end Staff, dancers by table.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from gah.errors import RulesError
from gah.languages import load_language
from gah.project import load_one
from gah.sheets import render_sheet
from helpers_rules import run_gah, shipped_workspace
from helpers_scoring import module, player, state
from test_invented_tiles import anna, play

RESOURCES = str(Path(__file__).resolve().parent / "data" / "variants" / "invented-resources.yaml")


def texts(result: dict[str, Any]) -> list[str]:
    return [event["text"] for event in result["events"]]


# --- a-dance-hall: gain 2 dancers / lose 1 dancer ----------------------------------------------------------


def test_dance_hall_gain_stops_at_the_upper_limit() -> None:
    # Space 6 pays 4 (10 -> 14), back 3 to space 3: bonus. 4 + 2 = 6 dancers, at most 5: 5 (1 gained, 1 lost).
    result = play(RESOURCES, 3, "A", "a-dance-hall", emperor=6, points=10, resources={"dancers": 4})
    a = anna(result)
    assert (a["points"], a["resources"]) == (14, {"dancers": 5})
    assert "Anna gains 1 dancer (at most 5)" in texts(result)


def test_a_missing_resource_is_its_starting_amount() -> None:
    # No `resources` in the state: 1 dancer (start). Bonus as above: 1 + 2 = 3; written back under `resources`.
    a = anna(play(RESOURCES, 3, "A", "a-dance-hall", emperor=6, points=10))
    assert (a["points"], a["resources"]) == (14, {"dancers": 3})


@pytest.mark.parametrize(("dancers", "after", "said"), [(2, 1, "Anna loses 1 dancer"), (0, 0, "Anna loses 0 dancers")])
def test_dance_hall_penalty_stops_at_the_lower_limit(dancers: int, after: int, said: str) -> None:
    # Space 2 pays 2 (10 -> 12), back 3 to space 0: penalty, lose 1 dancer: 2 -> 1; with 0 there is nothing to lose.
    result = play(RESOURCES, 3, "A", "a-dance-hall", emperor=2, points=10, resources={"dancers": dancers})
    assert (anna(result)["points"], anna(result)["resources"]) == (12, {"dancers": after})
    assert any(text.startswith(said) for text in texts(result))


# --- b-ballet-night: choose one in full: pay 2 dancers and score 9, or gain 2 krones; penalty -2 per dancer ---


def test_ballet_night_pays_dancers_when_it_can() -> None:
    # Space 8 pays 5 (10 -> 15), back 5 to space 3: bonus. Option 1: 3 - 2 = 1 dancer (end 6 -> 1: -5) and +9
    # points: +4 projected; option 2: +2 krones (+2 at the end). The policy pays: 24 points, 1 dancer, 0 krones.
    a = anna(play(RESOURCES, 5, "B", "b-ballet-night", emperor=8, points=10, resources={"dancers": 3}))
    assert (a["points"], a["krones"], a["resources"]) == (24, 0, {"dancers": 1})


def test_ballet_night_payment_is_all_or_nothing() -> None:
    # 1 dancer cannot pay 2 in full (the lower limit is 0): option 1 cannot be taken; option 2, 2 krones.
    a = anna(play(RESOURCES, 5, "B", "b-ballet-night", emperor=8, points=10, resources={"dancers": 1}))
    assert (a["points"], a["krones"], a["resources"]) == (15, 2, {"dancers": 1})


def test_ballet_night_penalty_counts_dancers() -> None:
    # Space 4 pays 3 (10 -> 13), back 5 to space 0: penalty, -2 per dancer: 3 dancers, 13 - 6 = 7.
    a = anna(play(RESOURCES, 5, "B", "b-ballet-night", emperor=4, points=10, resources={"dancers": 3}))
    assert (a["points"], a["resources"]) == (7, {"dancers": 3})


# --- c-grand-ball: gain 1 objective; if 3 dancers or more, 5 points / lose all dancers; then final scoring ----


def test_grand_ball_gains_an_objective_that_the_marketing_director_scores() -> None:
    # Space 10 pays 6 (10 -> 16), back 7 to space 3: bonus. Objectives 0 -> 1; 3 dancers >= 3: +5 = 21.
    # Final: Marketing Director (Staff 40) 5 per objective = 5; 3 dancers = 6 by the table; nothing else: 32.
    result = play(RESOURCES, 7, "C", "c-grand-ball", emperor=10, points=10, hired=[40], resources={"dancers": 3})
    a = anna(result)
    assert (a["points"], a["objectives"], a["resources"]) == (21, 1, {"dancers": 3})
    final = result["final"][0]
    assert (final["breakdown"]["staff"], final["breakdown"]["dancers"], final["total"]) == (5, 6, 32)
    assert "Dancers: 3 → 6 points" in [line["text"] for line in final["details"]["dancers"]]


def test_grand_ball_penalty_loses_every_dancer() -> None:
    # Space 6 pays 4 (10 -> 14), back 7 to space 0: penalty, all 3 dancers lost: the table gives 0. Total 14.
    result = play(RESOURCES, 7, "C", "c-grand-ball", emperor=6, points=10, resources={"dancers": 3})
    assert anna(result)["resources"] == {"dancers": 0}
    assert (result["final"][0]["breakdown"]["dancers"], result["final"][0]["total"]) == (0, 14)


def test_the_table_holds_its_last_entry_past_its_end() -> None:
    # Space 12 pays 8 (10 -> 18), back 7 to space 5: bonus, +1 objective, 5 dancers >= 3: +5 = 23. At the end
    # 5 dancers score as 4, the table's last entry: 10. Nothing else scores: 33.
    result = play(RESOURCES, 7, "C", "c-grand-ball", emperor=12, points=10, resources={"dancers": 5})
    final = result["final"][0]
    assert (final["breakdown"]["dancers"], final["total"]) == (10, 33)


def test_dancers_break_a_tie() -> None:
    # Round 7, both on space 8: 5 points, back 7 to space 1 (neutral: nothing). Anna 23 + 5 = 28, Bert 20 + 5 = 25.
    # Final: Anna's 2 dancers 3 points (31), Bert's 3 dancers 6 (31): a tie. Tie-breaker, kitchen items plus
    # dancers: Anna 0 + 2 = 2, Bert 0 + 3 = 3: Bert ranks first.
    mod = module(RESOURCES)
    anna_ = player("Anna", points=23, emperor=8, resources={"dancers": 2})
    bert = player("Bert", points=20, emperor=8, resources={"dancers": 3})
    tiles = {"A": "a-dance-hall", "B": "b-ballet-night", "C": "c-grand-ball"}
    result = mod.score_game(copy.deepcopy(state(7, anna_, bert, tiles=tiles)))
    totals = {entry["player"]: entry["total"] for entry in result["final"]}
    assert totals == {"Anna": 31, "Bert": 31}
    assert [(s["player"], s["rank"]) for s in result["standings"]][:2] == [("Bert", 1), ("Anna", 2)]


# --- the state format ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("resources", "words"),
    [({"dancers": 6}, "players[0].resources.dancers"), ({"tokens": 1}, "players[0].resources: unknown key")],
)
def test_a_state_outside_the_limits_is_refused(resources: dict[str, int], words: str) -> None:
    mod = module(RESOURCES)
    with pytest.raises(mod.StateError, match=words.replace("[", r"\[").replace("]", r"\]")):
        mod.score_game(state(3, player(emperor=6, resources=resources)))


def test_base_writes_the_state_as_it_always_has() -> None:
    # Base declares only the objectives: no `resources` key is written; objectives stay where they were.
    result = module("base").score_game(state(3, player(emperor=6, objectives=2)))
    assert "resources" not in result["state"]["players"][0] and result["state"]["players"][0]["objectives"] == 2


# --- the front end ---------------------------------------------------------------------------------------------


def test_an_undeclared_resource_is_a_positioned_problem(tmp_path: Path) -> None:
    path = tmp_path / "bad-resources.yaml"
    text = (
        Path(RESOURCES)
        .read_text(encoding="utf-8")
        .replace("resource: dancers, amount: 2}", "resource: dancer, amount: 2}")
    )
    path.write_text(text.replace("name: invented-resources", "name: bad-resources"), encoding="utf-8")
    with pytest.raises(
        RulesError,
        match=r"bonus\[0\]\.resource: unknown resource 'dancer'.*declares \(resources\): objectives, dancers",
    ):
        load_one(shipped_workspace(), str(path))


def test_a_start_outside_the_limits_is_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "bad-start.yaml"
    text = Path(RESOURCES).read_text(encoding="utf-8").replace("start: 1", "start: 7")
    path.write_text(text.replace("name: invented-resources", "name: bad-start"), encoding="utf-8")
    with pytest.raises(RulesError, match=r"resources\.dancers\.start: 7 is not at least 0 and at most 5"):
        load_one(shipped_workspace(), str(path))


# --- words: sheets, gah diff, explanations in German ------------------------------------------------------------


def test_the_sheet_states_the_resource_and_its_end_scoring() -> None:
    ruleset = load_one(shipped_workspace(), RESOURCES)
    base = load_one(shipped_workspace(), "base")
    english = " ".join(render_sheet(ruleset, base, "md").decode("utf-8").split())
    assert "Gain 2 dancers" in english and "Lose all your dancers" in english
    assert "Dancers: each player starts with 1 dancer; never fewer than 0 nor more than 5" in english
    assert "by how many (0, 1, 2, …): 0/1/3/6/10 points; 4 or more score as 4" in english
    german_words = load_language(shipped_workspace(), "de")
    german = " ".join(render_sheet(ruleset, base, "md", language=german_words).decode("utf-8").split())
    assert "Erhalte 2 Tänzerinnen" in german and "Verliere alle deine Tänzerinnen" in german
    assert "Tänzerinnen: Jeder beginnt mit 1 Tänzerin; nie weniger als 0 und nie mehr als 5" in german
    # After "per", the data's own unit (names.de.per): German needs "jede" before the name.
    assert "Lose 2 points per dancer" in english and "Verliere 2 Siegpunkte für jede Tänzerin" in german


def test_gah_diff_show_and_score_know_the_resource(tmp_path: Path) -> None:
    assert "New resource: Dancers: each player starts with 1 dancer" in run_gah("diff", "base", RESOURCES).out
    assert "Neuer Vorrat: Tänzerinnen" in run_gah("diff", "base", RESOURCES, "--lang", "de").out
    path = tmp_path / "state.json"
    tiles = {"A": "a-dance-hall", "B": "b-krones", "C": "c-points"}
    path.write_text(json.dumps(state(3, player(emperor=6, points=10, resources={"dancers": 4}), tiles=tiles)))
    scored = run_gah("score", str(path), "--rules", RESOURCES)
    assert scored.code == 0 and "Anna gains 1 dancer (at most 5)" in scored.out


def test_german_explanations_name_the_resource() -> None:
    mod = module(RESOURCES)
    data = state(
        3,
        player(emperor=6, points=10, resources={"dancers": 4}),
        tiles={"A": "a-dance-hall", "B": "b-krones", "C": "c-points"},
    )
    result = mod.score_game(data, "de")
    assert "Anna erhält 1 Tänzerin (höchstens 5)" in texts(result)


# --- the same hand-worked numbers in every engine: the pad's JavaScript and the batched kernels ----------------

# (round, tile, player fields, points, krones, objectives, dancers after the Emperor scoring), worked out above.
CASES = [
    (3, "a-dance-hall", {"emperor": 6, "resources": {"dancers": 4}}, 14, 0, 0, 5),  # the upper limit
    (3, "a-dance-hall", {"emperor": 2, "resources": {"dancers": 0}}, 12, 0, 0, 0),  # the lower limit
    (5, "b-ballet-night", {"emperor": 8, "resources": {"dancers": 3}}, 24, 0, 0, 1),  # paid in full
    (5, "b-ballet-night", {"emperor": 8, "resources": {"dancers": 1}}, 15, 2, 0, 1),  # cannot pay: krones
    (5, "b-ballet-night", {"emperor": 4, "resources": {"dancers": 3}}, 7, 0, 0, 3),  # -2 per dancer
    (7, "c-grand-ball", {"emperor": 10, "resources": {"dancers": 3}}, 21, 0, 1, 3),  # an objective, 5 points
    (7, "c-grand-ball", {"emperor": 6, "resources": {"dancers": 3}}, 14, 0, 0, 0),  # all dancers lost
]
TIERS = {3: "A", 5: "B", 7: "C"}


def case_state(round_: int, tile: str, fields: dict[str, Any]) -> dict[str, Any]:
    tiles = {"A": "a-dance-hall", "B": "b-ballet-night", "C": "c-grand-ball", TIERS[round_]: tile}
    return state(round_, player(points=10, **fields), tiles=tiles, deck=[])


@pytest.mark.parametrize(("round_", "tile", "fields", "points", "krones", "objectives", "dancers"), CASES)
def test_the_pad_scores_the_resource_tiles_alike(
    tmp_path: Path,
    round_: int,
    tile: str,
    fields: dict[str, Any],
    points: int,
    krones: int,
    objectives: int,
    dancers: int,
) -> None:
    from test_js_backend import score_with_pad

    ruleset = load_one(shipped_workspace(), RESOURCES)
    data = case_state(round_, tile, fields)
    pad = score_with_pad(tmp_path, ruleset, data)
    a = pad["state"]["players"][0]
    assert (a["points"], a["krones"], a["objectives"], a["resources"]) == (
        points,
        krones,
        objectives,
        {"dancers": dancers},
    )
    assert json.loads(json.dumps(module(RESOURCES).score_game(copy.deepcopy(data)))) == pad


@pytest.mark.parametrize(("round_", "tile", "fields", "points", "krones", "objectives", "dancers"), CASES)
def test_the_batched_kernels_score_the_resource_tiles_alike(
    round_: int, tile: str, fields: dict[str, Any], points: int, krones: int, objectives: int, dancers: int
) -> None:
    from gah.backends.batched import scoring
    from gah.backends.batched.convert import arrays_of, store_game
    from gah.backends.batched.tables import compile_tables

    ruleset, mod = load_one(shipped_workspace(), RESOURCES), module(RESOURCES)
    game = mod.new_game(case_state(round_, tile, fields), explain=False)
    s = arrays_of(ruleset, [game])
    t = compile_tables(ruleset)
    scoring.emperor_scoring(t, s, 0)
    store_game(ruleset, s, 0, game)
    a = game.players[0]
    assert (a.points, a.krones, a.objectives, a.resources) == (points, krones, objectives, {"dancers": dancers})
    if round_ == 7:  # the projection counts the dancers by the table (3 -> 6, 0 -> 0) and the objective (no Staff)
        assert scoring.projected_total(t, s, 0, 0) == points + (6 if dancers == 3 else 0)


# --- a lower limit above 0: invented-resources with dancers at least 1 (the fixture floor) ----------------------
# A loss of all goes down to the lower limit, not to 0; a counted loss stops there; a payment needs what lies
# above it. (At least 0, the lower limit and 0 are one: a loss that ignored it went unseen.)

# (round, tile, player fields, points, krones, dancers after the Emperor scoring), worked out by hand.
FLOOR_CASES = [
    # Space 6 pays 4 (10 -> 14), back 7 to space 0: c-grand-ball's penalty, lose all dancers: 3 -> 1, the limit.
    (7, "c-grand-ball", {"emperor": 6, "resources": {"dancers": 3}}, 14, 0, 1),
    # Space 2 pays 2 (10 -> 12), back 3 to space 0: a-dance-hall's penalty, lose 1 dancer: 1 is the limit, kept.
    (3, "a-dance-hall", {"emperor": 2, "resources": {"dancers": 1}}, 12, 0, 1),
    # Space 8 pays 5 (10 -> 15), back 5 to space 3: b-ballet-night's bonus. 2 dancers, 1 above the limit: the
    # payment of 2 cannot be made in full, so the other option: 2 krones.
    (5, "b-ballet-night", {"emperor": 8, "resources": {"dancers": 2}}, 15, 2, 2),
]


@pytest.fixture(scope="module")
def floor(tmp_path_factory: pytest.TempPathFactory) -> str:
    """invented-resources with dancers at least 1 (start 1, at most 5), as a file."""
    text = Path(RESOURCES).read_text(encoding="utf-8")
    assert text.count("at_least: 0\n    at_most: 5") == 1
    text = text.replace("at_least: 0\n    at_most: 5", "at_least: 1\n    at_most: 5")
    path = tmp_path_factory.mktemp("floor") / "invented-resources-floor.yaml"
    path.write_text(text.replace("name: invented-resources", "name: invented-resources-floor"), encoding="utf-8")
    return str(path)


def floor_engines(tmp_path: Path, rules: str, data: dict[str, Any]) -> dict[str, tuple[int, int, int]]:
    """(points, krones, dancers) after the Emperor scoring of `data`, by engine: the module, the pad, the kernels."""
    from gah.backends.batched import scoring
    from gah.backends.batched.convert import arrays_of, store_game
    from gah.backends.batched.tables import compile_tables
    from test_js_backend import score_with_pad

    ruleset, mod = load_one(shipped_workspace(), rules), module(rules)
    numbers = {}
    for engine, result in (
        ("module", mod.score_game(copy.deepcopy(data))),
        ("pad", score_with_pad(tmp_path, ruleset, data)),
    ):
        a = result["state"]["players"][0]
        numbers[engine] = (a["points"], a["krones"], a["resources"]["dancers"])
    game = mod.new_game(copy.deepcopy(data), explain=False)
    arrays = arrays_of(ruleset, [game])
    scoring.emperor_scoring(compile_tables(ruleset), arrays, 0)
    store_game(ruleset, arrays, 0, game)
    numbers["batched"] = (game.players[0].points, game.players[0].krones, game.players[0].resources["dancers"])
    return numbers


@pytest.mark.parametrize(("round_", "tile", "fields", "points", "krones", "dancers"), FLOOR_CASES)
def test_a_loss_stops_at_a_lower_limit_above_zero_in_every_engine(
    tmp_path: Path, floor: str, round_: int, tile: str, fields: dict[str, Any], points: int, krones: int, dancers: int
) -> None:
    expected = (points, krones, dancers)
    assert floor_engines(tmp_path, floor, case_state(round_, tile, fields)) == dict.fromkeys(
        ("module", "pad", "batched"), expected
    )


def test_all_dancers_lost_leave_the_lower_limit_to_score(floor: str) -> None:
    # As the first floor case: 14 points and 1 dancer left, which the table scores 1 at the end: 15. The event
    # says what was lost: 2 dancers.
    result = module(floor).score_game(case_state(7, "c-grand-ball", {"emperor": 6, "resources": {"dancers": 3}}))
    final = result["final"][0]
    assert (final["breakdown"]["dancers"], final["total"]) == (1, 15)
    assert "Anna loses 2 dancers" in texts(result)


# --- the lab: a gain rate per round, on both engines ------------------------------------------------------------


def test_the_lab_model_gains_dancers_each_round_on_both_engines() -> None:
    from gah.lab.engine.game import Fast, RulesInfo
    from gah.lab.runs.batches import BatchedLab
    from test_batched_games import lab_spec, pure_games

    ruleset = load_one(shipped_workspace(), RESOURCES)
    spec = lab_spec(ruleset, games=30, seed=5)
    spec = dataclasses.replace(spec, model=dataclasses.replace(spec.model, resources=(("dancers", 2),)))
    # 2 dancers a round, never past 5 (the upper limit): the turns know the rate and the limit.
    assert Fast(RulesInfo.of(ruleset), spec.model).resource_gains == (("dancers", 2, 5),)
    gaining = BatchedLab(spec).play(0, spec.games)[0]
    assert gaining == pure_games(spec)
    still = lab_spec(ruleset, games=30, seed=5)
    # Dancers gained every round score at the end (the table) and pay for Ballet night: the games differ.
    assert gaining != BatchedLab(still).play(0, still.games)[0]


def test_a_model_file_declares_gain_rates(tmp_path: Path) -> None:
    from gah.lab.engine.model import default_model_path, load_model

    workspace = shipped_workspace()
    text = default_model_path(workspace).read_text(encoding="utf-8") + "\nresources: {dancers: 1}\n"
    (tmp_path / "model.yaml").write_text(text, encoding="utf-8")
    assert load_model(workspace, tmp_path / "model.yaml").resource_gain("dancers") == 1
