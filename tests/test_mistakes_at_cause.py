"""Two mistakes reported at their cause: a key with no value, and a block left unindented.

YAML reads `key:` with nothing after it as null, which in a variant would remove the key.
`gah check` refuses it and says what it would remove; a key that is empty because the lines
meant for it were not indented is reported as that, once, instead of as the problems it causes.
Every expected line and line range below is worked out by hand from the file written.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gah.frontend.loader import load_yaml
from gah.frontend.validate import indent_hints
from helpers_rules import RULES, Run, run_gah

HEADER = re.compile(r"^(?P<where>[^\s:][^:]*:\d+:\d+): (?P<message>.+)$")


def check(folder: Path, name: str, text: str) -> Run:
    (folder / name).write_text(text, encoding="utf-8")
    return run_gah("check", name, cwd=folder)


def problems(run: Run) -> list[str]:
    """The `file:line:col: message` lines of a run's report."""
    return [line for line in run.err.splitlines() if HEADER.match(line)]


# --- 1. an empty value is not null -------------------------------------------------------------

EMPTY_TILE = "extends: base\nname: house\ntiles:\n  c-points:\n"


def test_an_empty_tile_in_a_variant_is_an_error_that_says_how_to_remove_it(tmp_path: Path) -> None:
    run = check(tmp_path, "house.yaml", EMPTY_TILE)
    assert run.code == 1
    assert run.out == ""
    assert run.err.splitlines() == [
        "house.yaml:4:3: 'c-points' has no value; to remove tiles.c-points from base "
        "write 'c-points: null' (or ~), else give it a value",
        "      c-points:",
        "      ^",
        "1 problem found",
    ]


@pytest.mark.parametrize("written", ["null", "~", "Null", "NULL"])
def test_an_explicit_null_still_removes_the_tile(tmp_path: Path, written: str) -> None:
    run = check(tmp_path, "house.yaml", EMPTY_TILE.replace("c-points:", f"c-points: {written}"))
    assert run.code == 0, run.err
    assert run.err == ""
    assert "ok  house " in run.out
    assert "changes tiles; removes tiles.c-points |" in run.out
    assert "11 tiles (A:4, B:4, C:3)" in run.out  # base has 12, C:4


def test_an_empty_key_the_parent_lacks_asks_for_a_value(tmp_path: Path) -> None:
    run = check(tmp_path, "house.yaml", "extends: base\nname: house\nemperor_track:\n  spacs:\n")
    assert run.code == 1
    assert problems(run) == [
        "house.yaml:4:3: 'spacs' has no value; give it a value (base has no emperor_track.spacs to remove)"
    ]


def test_an_empty_required_key_is_reported_once_as_empty(tmp_path: Path) -> None:
    """Removing points_per_step_beyond would also break the merged ruleset: that effect is left out."""
    run = check(tmp_path, "house.yaml", "extends: base\nname: house\nemperor_track:\n  points_per_step_beyond:\n")
    assert run.code == 1
    assert problems(run) == [
        "house.yaml:4:3: 'points_per_step_beyond' has no value; to remove emperor_track.points_per_step_beyond "
        "from base write 'points_per_step_beyond: null' (or ~), else give it a value"
    ]


def test_an_empty_value_in_a_full_ruleset_says_no_value_and_what_is_expected(tmp_path: Path) -> None:
    text = (RULES / "base.yaml").read_text(encoding="utf-8")
    text = text.replace("name: base\n", "name: mine\n").replace("rounds: 7\n", "rounds:\n")
    line = text.splitlines().index("rounds:") + 1
    run = check(tmp_path, "mine.yaml", text)
    assert run.code == 1
    assert problems(run) == [f"mine.yaml:{line}:1: rounds: has no value; expected a whole number"]


def test_an_empty_value_in_a_game_state_says_no_value(tmp_path: Path) -> None:
    (tmp_path / "state.yaml").write_text(
        "round:\ntiles: {A: a-krones, B: b-one-of-each, C: c-staff-points}\nplayers: []\n", encoding="utf-8"
    )
    run = run_gah("score", "state.yaml", cwd=tmp_path)
    assert run.code == 1
    assert "state.yaml:1:1: round: has no value; expected a whole number" in run.err.splitlines()
    assert "got null" not in run.err


# --- 2. a block left unindented ----------------------------------------------------------------

DEDENTED_ROOMS = """\
extends: base
name: house
final_scoring:
  rooms:
  name: Occupied rooms
  source: occupied_rooms_by_floor
  points_by_floor: {1: 1, 2: 2, 3: 3, 4: 5}
"""


def test_dedented_rooms_in_a_variant_is_one_indentation_problem(tmp_path: Path) -> None:
    run = check(tmp_path, "house.yaml", DEDENTED_ROOMS)
    assert run.code == 1
    assert run.err.splitlines() == [
        "house.yaml:4:3: 'rooms' is empty; did you mean to indent lines 5-7 under it?",
        "      rooms:",
        "      ^",
        "1 problem found",
    ]


def test_indenting_the_lines_as_hinted_makes_the_variant_valid(tmp_path: Path) -> None:
    lines = DEDENTED_ROOMS.splitlines()
    fixed = "\n".join([*lines[:4], *("  " + line for line in lines[4:7])]) + "\n"
    run = check(tmp_path, "house.yaml", fixed)
    assert run.code == 0, run.err


def test_dedented_rooms_in_a_full_ruleset_is_one_indentation_problem(tmp_path: Path) -> None:
    text = (RULES / "base.yaml").read_text(encoding="utf-8").replace("name: base\n", "name: mine\n")
    block = "  rooms:\n    name: Occupied rooms\n    source: occupied_rooms_by_floor\n    points_by_floor: {"
    assert block in text
    text = text.replace(
        block, "  rooms:\n  name: Occupied rooms\n  source: occupied_rooms_by_floor\n  points_by_floor: {"
    )
    rooms = text.splitlines().index("  rooms:") + 1
    run = check(tmp_path, "mine.yaml", text)
    assert run.code == 1
    assert problems(run) == [
        f"mine.yaml:{rooms}:3: 'rooms' is empty; did you mean to indent lines {rooms + 1}-{rooms + 3} under it?"
    ]


# Other sections: (lines after `extends`/`name`, the expected report). Line numbers count from 1.
DEDENTS = {
    "tile penalty": (
        "tiles:\n  c-points:\n    penalty:\n    effects:\n      - {kind: lose_points, amount: 12}\n",
        ["house.yaml:5:5: 'penalty' is empty; did you mean to indent lines 6-7 under it?"],
    ),
    "zone": (
        "emperor_track:\n  zones:\n    yellow:\n    from: 3\n    to: 13\n",
        ["house.yaml:5:5: 'yellow' is empty; did you mean to indent lines 6-7 under it?"],
    ),
    "staff card": (
        "staff:\n  33:\n  cost: 4\n",
        ["house.yaml:4:3: '33' is empty; did you mean to indent line 5 under it?"],
    ),
    "Emperor scoring": (
        "emperor_scorings:\n  7:\n  tier: C\n  move_back: 6\n",
        ["house.yaml:4:3: '7' is empty; did you mean to indent lines 5-6 under it?"],
    ),
    "hotel": (
        "hotel:\ncafe_seats: 4\n",
        ["house.yaml:3:1: 'hotel' is empty; did you mean to indent line 4 under it?"],
    ),
    "zones, stopped by a key valid where it stands": (
        "emperor_track:\n  zones:\n  black: {from: 0, to: 1}\n  spaces: {13: 10}\n",
        ["house.yaml:4:3: 'zones' is empty; did you mean to indent line 5 under it?"],
    ),
    "whole tile, stopped by the next valid tile": (
        "tiles:\n  c-points:\n  tier: C\n  name: Points\n  c-staff-points: {name: Staff points}\n",
        ["house.yaml:4:3: 'c-points' is empty; did you mean to indent lines 5-6 under it?"],
    ),
}


@pytest.mark.parametrize("case", DEDENTS)
def test_a_dedent_in_any_section_is_reported_as_one_indentation_problem(tmp_path: Path, case: str) -> None:
    body, expected = DEDENTS[case]
    run = check(tmp_path, "house.yaml", "extends: base\nname: house\n" + body)
    assert run.code == 1
    assert problems(run) == expected


def test_a_hint_leaves_problems_elsewhere_in_the_file_reported(tmp_path: Path) -> None:
    run = check(tmp_path, "house.yaml", DEDENTED_ROOMS + "rounds: seven\n")
    assert run.code == 1
    assert problems(run) == [
        "house.yaml:4:3: 'rooms' is empty; did you mean to indent lines 5-7 under it?",
        'house.yaml:8:9: rounds: expected a whole number, got text ("seven")',
    ]


def test_no_hint_when_the_next_key_is_valid_where_it_stands(tmp_path: Path) -> None:
    run = check(tmp_path, "house.yaml", "extends: base\nname: house\nfinal_scoring:\n  rooms:\n  cafe: {points: -3}\n")
    assert run.code == 1
    assert problems(run) == [
        "house.yaml:4:3: 'rooms' has no value; to remove final_scoring.rooms from base "
        "write 'rooms: null' (or ~), else give it a value"
    ]


def test_the_hint_covers_only_the_keys_that_fit_under_the_empty_one() -> None:
    """`emperor_track` fits no more after `spaces` and `zones`' own keys; `rounds` is a top-level key."""
    text = "extends: base\nname: house\nemperor_track:\nspaces: {13: 10}\npoints_per_step_beyond: 2\nrounds: 8\n"
    root = load_yaml(text, "house.yaml")
    hints = indent_hints(root, "variant")
    assert [(h.key, h.position.line, h.first_line, h.last_line) for h in hints] == [("emperor_track", 3, 4, 5)]
    assert hints[0].problem.message == "'emperor_track' is empty; did you mean to indent lines 4-5 under it?"


def test_keys_on_one_line_get_no_indentation_hint() -> None:
    root = load_yaml("extends: base\nname: house\nfinal_scoring: {rooms: , name: X, source: game_end_staff}\n", "h")
    assert indent_hints(root, "variant") == []
