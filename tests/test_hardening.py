"""Regression tests for the kinds of crash the fuzzer found (tests/fuzz/): each reproducer
gives a clear positioned error or a correct result, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from gah.backends.python.load import load_scoring_module
from gah.errors import Position, Problem, printable
from gah.frontend.loader import load_yaml
from gah.frontend.state_input import state_problem
from helpers_rules import ROOT, copy_project, ruleset, run_gah


def _write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _headers(err: str) -> list[str]:
    return [line for line in err.splitlines() if line and not line.startswith("    ") and "problem" not in line[-20:]]


# 1. A whole number written as 5.0 -------------------------------------------------


@pytest.mark.parametrize(
    ("patch", "where", "path"),
    [
        ("rounds: 7.0", "3:9", "rounds"),
        ("emperor_track: {zones: {yellow: {from: 3.0}}}", "3:40", "emperor_track.zones.yellow.from"),
        ("setup: {deal: {hand_size: 6.0}}", "3:27", "setup.deal.hand_size"),
        ("hotel: {cafe_seats: 3.0}", "3:21", "hotel.cafe_seats"),
        ("emperor_track: {spaces: {5: 1.0}}", "3:29", "emperor_track.spaces.5"),
    ],
)
def test_a_decimal_where_a_whole_number_belongs_is_refused_where_it_is_written(
    tmp_path: Path, patch: str, where: str, path: str
) -> None:
    # JSON Schema's "integer" accepts 5.0; ours does not, for every schema (validate.StrictValidator).
    file = _write(tmp_path, "v.yaml", f"extends: base\nname: decimal\n{patch}\n")
    run = run_gah("check", file)
    assert run.code == 1
    assert "Traceback" not in run.err
    assert f"v.yaml:{where}: {path}: expected a whole number, got a decimal number" in run.err


def test_an_effect_count_written_as_decimal_is_refused_before_any_module_is_built(tmp_path: Path) -> None:
    patch = (
        "tiles:\n  a-krones:\n    penalty:\n      prefer:\n"
        "        - {kind: remove_rooms, state: vacant, count: 1.0, pick: each_highest}\n"
    )
    run = run_gah("check", _write(tmp_path, "v.yaml", f"extends: base\nname: decimal\n{patch}"))
    assert run.code == 1
    assert "v.yaml:7:54: tiles.a-krones.penalty.prefer[0].count: expected a whole number" in run.err


def test_a_lab_model_and_a_state_refuse_decimals_too(tmp_path: Path) -> None:
    state = (ROOT / "examples" / "round7.yaml").read_text(encoding="utf-8").replace("points: 62", "points: 62.0")
    run = run_gah("score", _write(tmp_path, "s.yaml", state))
    assert run.code == 1
    assert "s.yaml:7:13: players[0].points: expected a whole number, got a decimal number (62.0)" in run.err
    project = copy_project(tmp_path / "project")
    model = project / "rules" / "lab" / "default.yaml"
    text = model.read_text(encoding="utf-8").replace("emperor: {0: 2, 1: 4,", "emperor: {0: 2.0, 1: 4,", 1)
    model.write_text(text, encoding="utf-8")
    run = run_gah("--root", str(project), "check", str(model))
    assert run.code == 1
    assert "default.yaml:30:16: every_round.emperor.0: expected a whole number, got a decimal number (2.0)" in run.err


# 2. Points never go below the floor -----------------------------------------------

NEGATIVE_SPACE = "extends: base\nname: negative-space\nemperor_track: {spaces: {5: -3}}\n"
STATE_ON_SPACE_5 = """\
round: 3
tiles: {A: a-krones}
players:
  - {name: Anna, points: 0, emperor: 5}
  - {name: Ben, points: 10, emperor: 5}
"""


def test_a_negative_track_space_stops_at_the_points_floor_and_the_state_scores_again(tmp_path: Path) -> None:
    rules = _write(tmp_path, "negative-space.yaml", NEGATIVE_SPACE)
    run = run_gah("score", _write(tmp_path, "s.yaml", STATE_ON_SPACE_5), "--rules", rules, "--json")
    assert run.code == 0, run.err
    result = json.loads(run.out)
    # Space 5 is worth -3 (the variant); the floor is 0 (base rulings). Moving back 3 from
    # space 5 lands on space 2, a neutral space (base zones): nothing else changes points.
    # Anna: 0 - 3 stops at 0. Ben: 10 - 3 = 7.
    assert [p["points"] for p in result["state"]["players"]] == [0, 7]
    scored = [e for e in result["events"] if e["kind"] == "score"]
    assert [e["points"] for e in scored] == [0, -3]
    again = _write(tmp_path, "again.json", json.dumps(result["state"]))
    assert run_gah("score", again, "--rules", rules).code == 0


def test_a_state_scored_at_the_first_scoring_is_accepted_again_after_rooms_were_removed(tmp_path: Path) -> None:
    # Found by the long fuzz run. Anna is on space 0 (black zone: penalty) when round 3 ends.
    # Tile a-free-room's penalty prefers removing 1 vacant room (base rules): her only vacant
    # room is 1.1, the first room, so her hotel keeps just 1.2, no longer grown from 1.1.
    state = (
        "round: 3\ntiles: {A: a-free-room}\nplayers:\n"
        "  - {name: Anna, emperor: 0, hotel: ['.....', '.....', '.....', 'vo...']}\n"
        "  - {name: Ben, emperor: 5}\n"
    )
    run = run_gah("score", _write(tmp_path, "s.yaml", state), "--json")
    assert run.code == 0, run.err
    after = json.loads(run.out)["state"]
    assert after["players"][0]["hotel"][-1] == ".o..."
    again = run_gah("score", _write(tmp_path, "again.json", json.dumps(after)))
    assert again.code == 0, again.err


def test_a_points_floor_below_zero_is_refused(tmp_path: Path) -> None:
    # A state never holds negative points, so no ruleset may let them go below 0.
    run = run_gah("check", _write(tmp_path, "v.yaml", "extends: base\nname: deep\nrulings: {points_floor: -5}\n"))
    assert run.code == 1
    assert "v.yaml:3:25: rulings.points_floor: -5 is less than the minimum of 0" in run.err


# 3. score_game raises StateError for any state it cannot score --------------------


@pytest.mark.parametrize(
    "state",
    [
        {"round": 1, "tiles": {"A": {}}, "players": [{"name": "A"}]},
        {"round": 1, "tiles": {}, "players": [{"name": "A", 3: "x"}]},
        {"round": 1, "tiles": {}, "players": [{"name": "A", "kitchen": {1: 2, "cake": 1}}]},
        {1: 1, "round": 1, "tiles": {}, "players": []},
        {"round": 1, "tiles": {("A",): "a-krones"}, "players": [{"name": "A"}]},
    ],
)
def test_score_game_turns_malformed_dicts_into_state_errors(state: dict[Any, Any]) -> None:
    module: Any = load_scoring_module(ruleset("base"))
    with pytest.raises(module.StateError):
        module.score_game(state)


# 4. and 5. Every StateError names a path, and the path is found ------------------


def test_a_card_held_twice_is_reported_at_its_second_place(tmp_path: Path) -> None:
    state = "round: 1\ntiles: {}\nplayers:\n  - {name: Anna, hand: [3]}\n  - {name: Ben, hired: [3]}\n"
    run = run_gah("score", _write(tmp_path, "s.yaml", state))
    assert run.code == 1
    # players[1].hired[0] is the `3` on line 5, column 25.
    assert "s.yaml:5:25: players[1].hired[0]: Staff card 3 appears twice (also at players[0].hand[0])" in run.err


def test_a_path_with_a_note_is_still_located() -> None:
    node = load_yaml("players:\n  - hotel:\n      - '.....'\n      - 'x'\n", "s.yaml")
    problem = state_problem(node, "players[0].hotel[1] (floor 3): expected 5 characters")
    assert problem.position == Position("s.yaml", 4, 9)


def test_a_bad_hotel_row_is_pointed_at_in_gah_score(tmp_path: Path) -> None:
    state = (ROOT / "examples" / "round7.yaml").read_text(encoding="utf-8").replace('"ooooo"', '"oooo"', 1)
    run = run_gah("score", _write(tmp_path, "s.yaml", state))
    assert run.code == 1
    assert "s.yaml:16:9: players[0].hotel[3] (floor 1): expected 5 characters" in run.err


# 6. A variant that breaks its parent is reported in the variant -------------------


@pytest.mark.parametrize(
    ("patch", "words"),
    [
        ("items: {strudel: null}", "unknown item 'strudel'"),
        ("hotel: {layout: [BRBYY, YYRRY, BYRRB]}", "is outside the hotel"),
        ("staff: {27: {kind: permanent}}", "has a game_end formula but its kind is 'permanent'"),
        ("players: {max: 1}", "players.min 2 is more than players.max 1"),
        ("hotel: {layout: [BRBYYR, YYRRYR, BYRRBR, RRBBYR]}", "hotel.groups: room 1.6 is in no group"),
        ("hotel: {layout: [BRBYY, BRBYY, YYRRY, BYRRB, RRBBY]}", "final_scoring.rooms: no points for floor 5"),
    ],
)
def test_a_variant_that_breaks_its_parent_is_blamed_with_the_parents_line_as_context(
    tmp_path: Path, patch: str, words: str
) -> None:
    run = run_gah("check", _write(tmp_path, "v.yaml", f"extends: base\nname: breaks-base\n{patch}\n"))
    assert run.code == 1
    headers = _headers(run.err)
    assert headers
    assert all(h.startswith(str(tmp_path / "v.yaml") + ":3:") for h in headers), run.err
    assert any(words in h for h in headers), run.err
    assert "(in the inherited rules at rules/base.yaml:" in run.err


def test_an_introductory_set_naming_a_removed_card_is_blamed_on_the_variant(tmp_path: Path) -> None:
    run = run_gah("check", _write(tmp_path, "v.yaml", "extends: introductory\nname: fewer\nstaff: {1: null}\n"))
    assert run.code == 1
    assert "v.yaml:3:1: set A: unknown Staff card 1 (in the inherited rules at rules/variants/introductory.yaml:" in (
        run.err
    )


def test_a_broken_parent_keeps_its_own_problems(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    base = project / "rules" / "base.yaml"
    base.write_text(base.read_text(encoding="utf-8").replace("players: {min: 2, max: 4}", "players: {min: 5, max: 4}"))
    run = run_gah("--root", str(project), "check")
    assert run.code == 1
    assert {h.split(":")[0] for h in _headers(run.err)} == {"rules/base.yaml"}, run.err


# 7. Messages cannot drive the terminal --------------------------------------------


def test_control_characters_in_a_message_are_shown_as_escapes() -> None:
    problem = Problem(Position("f", 1, 1), "unknown key '\x1b[2J\x1b[31mpwned'\nnext\u202e")
    assert problem.message == "unknown key '\\x1b[2J\\x1b[31mpwned'\\nnext\\u202e"
    assert printable("Café ☕ plain") == "Café ☕ plain"


def test_an_escape_written_in_a_key_or_a_value_is_refused_where_it_is_written(tmp_path: Path) -> None:
    # Raw control characters were refused already; written as YAML escapes they are refused too.
    text = 'extends: base\nname: esc\n"\\e[2J\\e[31mpwned": 1\n'
    run = run_gah("check", _write(tmp_path, "v.yaml", text))
    assert run.code == 1
    assert "v.yaml:3:1: control character U+001B is not allowed in a key here" in run.err
    assert "\x1b" not in run.err
    state = 'round: 1\ntiles: {}\nplayers:\n  - {name: "An\\e[31mna"}\n  - {name: Ben}\n'
    run = run_gah("score", _write(tmp_path, "s.yaml", state))
    assert run.code == 1
    assert "s.yaml:4:12: control character U+001B is not allowed in text here" in run.err
    assert "\x1b" not in run.err


def test_a_player_name_with_a_control_character_is_refused_by_score_game() -> None:
    module: Any = load_scoring_module(ruleset("base"))
    state = {"round": 1, "tiles": {}, "players": [{"name": "An\x1b[2Jna"}, {"name": "Ben"}]}
    with pytest.raises(module.StateError, match=r"players\[0\]\.name: .* holds a control character"):
        module.score_game(state)


def test_a_json_state_with_escaped_emoji_is_read(tmp_path: Path) -> None:
    # Python's json.dumps writes 😀 as the escapes \ud83d\ude00, which YAML alone refuses.
    state = {"round": 1, "tiles": {}, "players": [{"name": "Anna \U0001f600"}, {"name": "Ben"}]}
    run = run_gah("score", _write(tmp_path, "s.json", json.dumps(state)), "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["state"]["players"][0]["name"] == "Anna \U0001f600"
