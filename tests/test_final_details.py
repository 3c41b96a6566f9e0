"""Final scoring explained: each final entry's `details` (the lines that make every source's points) and the
result's `ties` (how the tie-breaker decided each tie on points, in words), worked out by hand from the base
rules (rules/base.yaml final_scoring, ruling 5.7; tie-breaker, ruling 5.9), and their properties on random
states of every shipped ruleset.

Every player below stands on Emperor space 9 after round 7: space 9 scores 6 points, the marker moves back 7
to space 2 (neutral): nothing else happens before final scoring. A state's hotel is written top floor first;
base's colours: floor 1 B Y R R B, floor 2 Y Y R R Y, floor 3 B R B Y Y, floor 4 B R B R B.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from gah.backends.python.load import load_scoring_module
from gah.cli import main
from gah.project import load_one
from gah.report import human_report
from helpers_rules import shipped_root, shipped_workspace
from helpers_scoring import SHIPPED, module, player, score, state
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle.handwritten import HandScorer
from oracle.rulesets import HAND_RULES
from test_scoring_properties import states

TIEBREAKER = "dishes and drinks in the kitchen plus krones"  # the sheets' words for ruling 5.9's sum


def on_nine(name: str, **fields: Any) -> dict[str, Any]:
    return player(name, emperor=9, **fields)


# Anna: Assistant Manager (32), Hotel Manager (48) and Groom (5, not a game-end card) hired.
# Floor 1 ooooo (B Y R R B), floor 2 oov.. (Y Y occupied, R vacant), floor 3 o.... (B).
# Occupied: blue 1.1 1.5 3.1 = 3, yellow 1.2 2.1 2.2 = 3, red 1.3 1.4 = 2: colour sets min(2, 3, 3) = 2.
ANNA = on_nine(
    "Anna",
    points=53,
    krones=4,
    kitchen={"cake": 2, "wine": 1},
    cafe=[{"coffee": 1}],
    hotel=[".....", "o....", "oov..", "ooooo"],
    hired=[32, 48, 5],
)
# Ben: Secretary (29) then Booking Manager (27). Floor 1 oooo. (B Y R R), floor 2 ..oo. (R R).
# Red 4, blue 1, yellow 1; 6 rooms occupied.
BEN = on_nine(
    "Ben", points=46, krones=5, kitchen={"strudel": 4}, hotel=[".....", ".....", "..oo.", "oooo."], hired=[29, 27]
)
# Cleo: Chambermaid (31); Dan: nothing. Both: 1 room on floor 1, 7 krones, 2 guests in the café.
CLEO = on_nine("Cleo", points=10, krones=7, cafe=[{}, {}], hotel=[".....", ".....", ".....", "o...."], hired=[31])
DAN = on_nine("Dan", points=11, krones=7, cafe=[{}, {}], hotel=[".....", ".....", ".....", "o...."])


def floors(*rooms: int) -> list[dict[str, Any]]:
    """Base's rooms source: 1, 2, 3, 4 points per occupied room on floors 1 to 4."""
    lines = []
    for floor, count in enumerate(rooms, start=1):
        unit = "point" if count * floor == 1 else "points"
        text = f"Floor {floor}, occupied rooms: {count} × {floor} = {count * floor} {unit}"
        lines.append({"floor": floor, "rooms": count, "each": floor, "points": count * floor, "text": text})
    return lines


def test_a_four_player_game_end_is_explained_line_by_line() -> None:
    result = score(state(7, ANNA, BEN, CLEO, DAN))
    anna, ben, cleo, dan = result["final"]
    # Anna 53 + 6 = 59. Assistant Manager counts itself: 3 hired x 2 = 6; Hotel Manager 2 sets x 4 = 8.
    # Rooms 5 x 1 + 2 x 2 + 1 x 3 + 0 x 4 = 12; krones 4; kitchen 3; one guest -5: 59 + 14 + 12 + 4 + 3 - 5 = 87.
    assert anna["breakdown"] == {"staff": 14, "rooms": 12, "krones": 4, "kitchen": 3, "cafe": -5}
    assert anna["total"] == 87
    assert anna["details"] == {
        "staff": [
            {
                "card": 32,
                "name": "Assistant Manager",
                "copies": None,
                "per": "hired_staff",
                "count": 3,
                "each": 2,
                "points": 6,
                "text": "Assistant Manager (32), Staff cards you have hired: 3 × 2 = 6 points",
            },
            {
                "card": 48,
                "name": "Hotel Manager",
                "copies": None,
                "per": "colour_sets",
                "count": 2,
                "each": 4,
                "points": 8,
                "text": "Hotel Manager (48), complete sets of one occupied red, one blue and one yellow room: "
                "2 × 4 = 8 points",
            },
        ],
        "rooms": floors(5, 2, 1, 0),
        "krones": [{"per": "krones", "count": 4, "each": 1, "points": 4, "text": "Krones: 4 × 1 = 4 points"}],
        "kitchen": [
            {
                "per": "kitchen_items",
                "count": 3,
                "each": 1,
                "points": 3,
                "text": "Dishes and drinks in the kitchen: 3 × 1 = 3 points",
            }
        ],
        "cafe": [
            {
                "per": "cafe_guests",
                "count": 1,
                "each": -5,
                "points": -5,
                "text": "Guests in the café: 1 × -5 = -5 points",
            }
        ],
    }
    # Ben 46 + 6 = 52. The Secretary may copy Anna's 32 (2 hired x 2 = 4) or 48 (sets min(4, 1, 1) = 1 x 4 = 4),
    # or Cleo's Chambermaid (6 occupied x 1 = 6): the policy copies the one worth most, 31. Booking Manager
    # 4 red x 3 = 12. Rooms 4 x 1 + 2 x 2 = 8; krones 5; kitchen 4; no guest: 52 + 18 + 8 + 5 + 4 = 87.
    assert ben["total"] == 87
    assert ben["details"]["staff"] == [
        {
            "card": 29,
            "name": "Secretary",
            "copies": 31,
            "per": "occupied_rooms",
            "count": 6,
            "each": 1,
            "points": 6,
            "text": "Secretary (29) copies Chambermaid (31), occupied rooms: 6 × 1 = 6 points",
        },
        {
            "card": 27,
            "name": "Booking Manager",
            "copies": None,
            "per": "occupied_red_rooms",
            "count": 4,
            "each": 3,
            "points": 12,
            "text": "Booking Manager (27), occupied red rooms: 4 × 3 = 12 points",
        },
    ]
    assert ben["details"]["rooms"] == floors(4, 2, 0, 0)
    assert ben["details"]["cafe"] == [
        {"per": "cafe_guests", "count": 0, "each": -5, "points": 0, "text": "Guests in the café: 0 × -5 = 0 points"}
    ]
    # Cleo 10 + 6 + Chambermaid 1 + room 1 + krones 7 - 10 = 15; Dan 11 + 6 + 1 + 7 - 10 = 15.
    assert (cleo["total"], dan["total"]) == (15, 15)
    assert cleo["details"]["staff"][0]["text"] == "Chambermaid (31), occupied rooms: 1 × 1 = 1 point"
    assert dan["details"]["staff"] == []
    # Ruling 5.9: Ben's 4 dishes + 5 krones = 9 beat Anna's 3 + 4 = 7; Cleo and Dan both have 0 + 7: shared.
    assert result["ties"] == [
        {
            "points": 87,
            "quantities": ["kitchen_items", "krones"],
            "players": [
                {"player": "Ben", "tiebreak": 9, "rank": 1},
                {"player": "Anna", "tiebreak": 7, "rank": 2},
            ],
            "text": f"Ben and Anna have 87 points each; Ben wins the tie-breaker ({TIEBREAKER}) with 9 against 7: "
            "Ben places 1st, Anna 2nd",
        },
        {
            "points": 15,
            "quantities": ["kitchen_items", "krones"],
            "players": [
                {"player": "Cleo", "tiebreak": 7, "rank": 3},
                {"player": "Dan", "tiebreak": 7, "rank": 3},
            ],
            "text": f"Cleo and Dan have 15 points each and the same tie-breaker ({TIEBREAKER}: 7): "
            "they share 3rd place",
        },
    ]


def test_gah_score_prints_every_line_and_the_ties() -> None:
    report = human_report(score(state(7, ANNA, BEN, CLEO, DAN)))
    details = report[report.index("Final scoring in detail") : report.index("Standings")]
    assert (
        "  Ben:\n"
        "    staff    Secretary (29) copies Chambermaid (31), occupied rooms: 6 × 1 = 6 points\n"
        "             Booking Manager (27), occupied red rooms: 4 × 3 = 12 points\n"
        "    rooms    Floor 1, occupied rooms: 4 × 1 = 4 points\n"
        "             Floor 2, occupied rooms: 2 × 2 = 4 points\n"
        "             Floor 3, occupied rooms: 0 × 3 = 0 points\n"
        "             Floor 4, occupied rooms: 0 × 4 = 0 points\n"
        "    krones   Krones: 5 × 1 = 5 points\n"
        "    kitchen  Dishes and drinks in the kitchen: 4 × 1 = 4 points\n"
        "    cafe     Guests in the café: 0 × -5 = 0 points\n"
    ) in details
    assert "  Dan:\n    staff    none\n" in details
    standings = report[report.index("Standings") :]
    assert (
        "  1. Ben: 87 points (tie-breaker 9)\n"
        "  2. Anna: 87 points (tie-breaker 7)\n"
        "  3. Cleo: 15 points\n"
        "  3. Dan: 15 points\n"
        f"  - Ben and Anna have 87 points each; Ben wins the tie-breaker ({TIEBREAKER}) with 9 against 7: "
        "Ben places 1st, Anna 2nd\n"
        f"  - Cleo and Dan have 15 points each and the same tie-breaker ({TIEBREAKER}: 7): they share 3rd place\n"
    ) in standings


def test_gah_score_json_is_the_result_with_its_details(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "round7.json"
    path.write_text(json.dumps(state(7, ANNA, BEN, CLEO, DAN)), encoding="utf-8")
    assert main(["--workspace", str(shipped_root()), "score", str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads(json.dumps(score(state(7, ANNA, BEN, CLEO, DAN))))
    assert printed["final"][1]["details"]["staff"][0]["copies"] == 31


def test_a_secretary_with_nothing_to_copy_and_a_total_held_at_zero() -> None:
    """Anna: Secretary, no opponent game-end card: 0. 0 + 6 points and 3 guests (-15) make -9, held at 0 by
    the points floor (ruling 5.1): a points_floor line of 9. Ben: 6 points. No tie."""
    anna = on_nine("Anna", hired=[29], cafe=[{}, {}, {}])
    result = score(state(7, anna, on_nine("Ben")))
    entry = result["final"][0]
    assert entry["breakdown"] == {"staff": 0, "rooms": 0, "krones": 0, "kitchen": 0, "cafe": -15, "points_floor": 9}
    assert entry["total"] == 0
    assert entry["details"]["staff"] == [
        {
            "card": 29,
            "name": "Secretary",
            "copies": None,
            "per": None,
            "count": 0,
            "each": 0,
            "points": 0,
            "text": "Secretary (29): no opponent has hired a game-end Staff to copy: 0 points",
        }
    ]
    assert entry["details"]["points_floor"] == [
        {"total": -9, "points": 9, "text": "A total of -9 counts as 0: 9 points"}
    ]
    assert entry["details"]["cafe"][0]["points"] == -15
    assert result["ties"] == []
    assert "    points_floor  A total of -9 counts as 0: 9 points\n" in human_report(result)


def test_three_tied_players_one_ahead_on_the_tie_breaker() -> None:
    """Three players with 20 points each; the café guest and its items do not count for the tie-breaker."""
    anna = on_nine("Anna", points=9, krones=5)  # 9 + 6 + 5 = 20, tie-breaker 5
    ben = on_nine("Ben", points=13, krones=4, kitchen={"wine": 1, "cake": 1}, cafe=[{"wine": 1}])
    # Ben: 13 + 6 + 4 + 2 - 5 = 20, tie-breaker 4 + 2 = 6.
    cleo = on_nine("Cleo", points=5, krones=9)  # 5 + 6 + 9 = 20, tie-breaker 9
    ties = score(state(7, anna, ben, cleo))["ties"]
    assert [(p["player"], p["tiebreak"], p["rank"]) for p in ties[0]["players"]] == [
        ("Cleo", 9, 1),
        ("Ben", 6, 2),
        ("Anna", 5, 3),
    ]
    assert ties[0]["text"] == (
        f"Cleo, Ben and Anna have 20 points each; tie-breaker ({TIEBREAKER}): Cleo 9, Ben 6, Anna 5: "
        "Cleo places 1st; Ben places 2nd; Anna places 3rd"
    )
    ben["krones"], ben["points"] = 3, 14  # 14 + 6 + 3 + 2 - 5 = 20, tie-breaker 5: level with Anna
    ties = score(state(7, anna, ben, cleo))["ties"]
    assert ties[0]["text"] == (
        f"Cleo, Anna and Ben have 20 points each; tie-breaker ({TIEBREAKER}): Cleo 9, Anna 5, Ben 5: "
        "Cleo places 1st; Anna and Ben share 2nd place"
    )


def test_without_a_tie_breaker_tied_players_share_the_rank(tmp_path: Path) -> None:
    rules = tmp_path / "no-tiebreak.yaml"
    rules.write_text("extends: base\nname: no-tiebreak\ntitle: No tie-breaker\ntiebreakers: []\n", encoding="utf-8")
    mod = load_scoring_module(load_one(shipped_workspace(), str(rules)))
    result = mod.score_game(state(7, on_nine("Anna", krones=1), on_nine("Ben", points=1), on_nine("Cleo")))
    assert result["ties"] == [
        {
            "points": 7,
            "quantities": [],
            "players": [{"player": "Anna", "tiebreak": 0, "rank": 1}, {"player": "Ben", "tiebreak": 0, "rank": 1}],
            "text": "Anna and Ben have 7 points each: they share 1st place",
        }
    ]


def check_details(entry: dict[str, Any]) -> None:
    """Every breakdown value is explained by lines that add up to it, each line's figures make its points."""
    assert list(entry["details"]) == list(entry["breakdown"])
    for source, lines in entry["details"].items():
        assert sum(line["points"] for line in lines) == entry["breakdown"][source], source
        for line in lines:
            if "each" in line:
                assert line["points"] == line.get("count", line.get("rooms")) * line["each"], line
            assert line["text"].endswith(f" {line['points']} point" + ("" if line["points"] == 1 else "s")), line


@pytest.mark.parametrize("rules_name", SHIPPED)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_details_add_up_to_the_breakdown(rules_name: str, data: st.DataObject) -> None:
    """On any valid round-7 state: each source's lines add up to its breakdown value, in score_game and in a
    quiet final_scoring alike; the ties are exactly the standings' groups of equal points."""
    mod = module(rules_name)
    drawn = data.draw(states(mod.RULES), label="state")
    drawn["round"] = mod.RULES.rounds
    result = score(drawn, rules_name)
    for entry in result["final"]:
        check_details(entry)
    quiet = mod.new_game(copy.deepcopy(drawn), explain=False)
    mod.emperor_scoring(quiet)
    assert mod.final_scoring(quiet) == result["final"]
    points = [row["points"] for row in result["standings"]]
    tied = [p for p in dict.fromkeys(points) if points.count(p) > 1]
    assert [tie["points"] for tie in result["ties"]] == tied
    for tie in result["ties"]:
        rows = [row for row in result["standings"] if row["points"] == tie["points"]]
        assert tie["players"] == [{k: row[k] for k in ("player", "tiebreak", "rank")} for row in rows]


@settings(max_examples=200, deadline=None)
@given(rows=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 2)), min_size=2, max_size=6))
def test_ties_say_every_tied_player_and_place(rows: list[tuple[int, int]]) -> None:
    """explain_ties on standings with many ties: each group's text opens with its players (in standings
    order) and says each place, "share ... place" exactly where players share it."""
    mod = module("base")
    standings = mod.rank([(f"P{n}", points, tiebreak) for n, (points, tiebreak) in enumerate(rows)])
    for tie in mod.ties(standings):
        text, names = tie["text"], [p["player"] for p in tie["players"]]
        assert text.startswith(", ".join(names[:-1]) + " and " + names[-1] + f" have {tie['points']} point")
        ranks = [p["rank"] for p in tie["players"]]
        for place in set(ranks):
            suffix = {1: "st", 2: "nd", 3: "rd"}.get(place, "th")
            assert (f"share {place}{suffix} place" in text) == (ranks.count(place) > 1), (place, text)
            assert f"{place}{suffix}" in text


def test_staff_lines_are_the_oracles_card_points() -> None:
    """Base, 150 seeded random round-7 states: each game-end card's line scores what the hand-written oracle
    (tests/oracle/handwritten.py, no code shared) says that card scores on the state after the Emperor scoring."""
    from oracle.states import random_states

    oracle = HandScorer(HAND_RULES["base"])
    checked = 0
    for drawn in random_states(2207, 300):
        if drawn["round"] != 7:
            continue
        result = score(drawn)
        after = result["state"]
        for entry, p in zip(result["final"], after["players"], strict=True):
            for line in entry["details"]["staff"]:
                assert line["points"] == oracle.staff_points(after, p, line["card"]), (line, p)
                checked += 1
            rooms = [line["rooms"] for line in entry["details"]["rooms"]]
            assert rooms == [row.count("o") for row in reversed(p["hotel"])]  # top floor first
    assert checked >= 100
