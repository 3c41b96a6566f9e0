"""The solo ruleset (rules/variants/solo.yaml): a game against the Let's Waltz solo opponent, scored by hand.

Sources of the rules below: the solo helper's texts (brdgm/grand-austria-hotel-solo-helper, src/locales/en.json:
roundEnd.emperorScoring "You and your opponent score victory points ...", "Reset both markers ...", "Only you get
the reward or suffer the penalty"; setupBot "he never has any money", "never gets any items into the kitchen")
and its final-scoring table (src/components/scoring/FinalScoring.vue: track points, Staff and rooms by floor for
both, krones, items and guests for you only). Track points: base's table (0:0 1:1 2:2 3:3 4:3 5:4 6:4 7:5 8:5 9:6
10:6 11:7 12:8 13:9); rooms 1/2/3/4 per floor (base final scoring).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest
from helpers_rules import ROOT
from helpers_scoring import after, final, module, player, score, state, texts

TILES = {"A": "a-krones", "B": "b-krones", "C": "c-points"}


def opponent(**fields: Any) -> dict[str, Any]:
    """Leopold, the solo opponent: no krones, kitchen, café or hand (the role's `without`)."""
    return player("Leopold", role="solo-opponent", **fields)


def test_round_3_the_opponent_scores_and_moves_back_but_takes_no_bonus() -> None:
    # Leopold: space 8 pays 5 -> 10 + 5 = 15; back 3 -> space 5 (yellow: a bonus space), no a-krones bonus (its
    # 3 krones would break "never has money"). Anna: space 4 pays 3 -> 12 + 3 = 15; back 3 -> space 1 (neutral).
    result = score(
        state(3, opponent(points=10, emperor=8), player(points=12, krones=4, emperor=4), tiles=TILES), "solo"
    )
    assert after(result, "Leopold")["points"] == 15 and after(result, "Leopold")["emperor"] == 5
    assert after(result, "Leopold")["krones"] == 0
    assert after(result, "Anna")["points"] == 15 and after(result, "Anna")["emperor"] == 1
    assert after(result, "Anna")["krones"] == 4
    assert texts(result, "Leopold") == [
        "Leopold scores 5 points on space 8",
        "Leopold moves back 3 from space 8 to space 5 (Yellow)",
        "No bonus or penalty for Leopold (solo opponent)",
    ]


def test_round_3_the_opponent_takes_no_penalty_on_space_0() -> None:
    # Leopold: space 2 pays 2 -> 2; back 3 -> space 0 (black). a-krones' penalty would take 5 points (no krones
    # to lose); the opponent takes none: 2 points stay. Anna on space 0 too: 0 points, penalty: no 3 krones
    # (she has 1) -> space 2 paid her 2 (9 + 2 = 11), then she loses 5 -> 6.
    result = score(state(3, opponent(emperor=2), player(points=9, krones=1, emperor=2), tiles=TILES), "solo")
    assert after(result, "Leopold")["points"] == 2 and after(result, "Leopold")["emperor"] == 0
    assert after(result, "Anna")["points"] == 6 and after(result, "Anna")["krones"] == 1


def test_round_5_only_the_human_gains_the_bonus() -> None:
    # Leopold: space 9 pays 6 -> 24 + 6 = 30; back 5 -> 4 (yellow): no b-krones bonus, still 0 krones.
    # Anna: space 10 pays 6 -> 20 + 6 = 26; back 5 -> 5 (yellow): b-krones' bonus, 6 + 5 = 11 krones.
    result = score(
        state(5, opponent(points=24, emperor=9), player(points=20, krones=6, emperor=10), tiles=TILES), "solo"
    )
    assert (after(result, "Leopold")["points"], after(result, "Leopold")["emperor"]) == (30, 4)
    assert after(result, "Leopold")["krones"] == 0
    assert (after(result, "Anna")["points"], after(result, "Anna")["krones"]) == (26, 11)


def round_7() -> dict[str, Any]:
    leopold = opponent(points=40, emperor=11, hired=[31, 41], hotel=["....o", "..o..", "oo...", "ooo.."])
    anna = player(
        points=38,
        krones=5,
        emperor=12,
        kitchen={"wine": 1, "cake": 1},
        cafe=[{}],
        hand=[1],
        hired=[28],
        hotel=[".....", ".....", "ovo..", "ooov."],
    )
    return state(7, leopold, anna, tiles=TILES)


def test_round_7_and_the_final_scoring() -> None:
    result = score(round_7(), "solo")
    # Emperor scoring (c-points): Leopold space 11 pays 7 -> 47, back 7 -> 4 (yellow), no 8-point bonus.
    # Anna space 12 pays 8 -> 46, back 7 -> 5 (yellow), bonus 8 -> 54.
    assert (after(result, "Leopold")["points"], after(result, "Leopold")["emperor"]) == (47, 4)
    assert after(result, "Anna")["points"] == 54
    # Leopold, staff and rooms only: Chambermaid (31) 1 per occupied room, 7 rooms = 7; Operator (41) 2 x space 4
    # = 8; staff 15. Rooms: floor 1 "ooo.." 3 x 1 + floor 2 "oo..." 2 x 2 + floor 3 "..o.." 1 x 3 + floor 4
    # "....o" 1 x 4 = 3 + 4 + 3 + 4 = 14. Total 47 + 15 + 14 = 76.
    assert final(result, "Leopold")["breakdown"] == {"staff": 15, "rooms": 14}
    assert final(result, "Leopold")["total"] == 76
    # Anna, every source: Concierge (28) 3 per occupied blue room: floor 1 "ooov." covers B Y R (night side
    # BYRRB), floor 2 "ovo.." covers Y and R occupied: 1 blue -> 3. Rooms 3 x 1 + 2 x 2 = 7; krones 5; kitchen
    # 2; one guest in the café -5. Total 54 + 3 + 7 + 5 + 2 - 5 = 66.
    assert final(result, "Anna")["breakdown"] == {"staff": 3, "rooms": 7, "krones": 5, "kitchen": 2, "cafe": -5}
    assert final(result, "Anna")["total"] == 66
    assert [(s["player"], s["rank"], s["points"]) for s in result["standings"]] == [("Leopold", 1, 76), ("Anna", 2, 66)]


def test_the_quiet_path_totals_agree() -> None:
    # final_totals (projected_total, the lab's quiet path) counts the opponent's staff and rooms only: 76 and 66.
    mod = module("solo")
    game = mod.new_game(round_7(), explain=False)
    mod.emperor_scoring(game)
    assert mod.final_totals(game) == [76, 66]


@pytest.mark.parametrize("key, value", [("krones", 1), ("kitchen", {"wine": 1}), ("cafe", [{}]), ("hand", [5])])
def test_a_state_refuses_what_the_opponent_never_has(key: str, value: Any) -> None:
    data = state(3, opponent(**{key: value}), player(), tiles=TILES)
    with pytest.raises(module("solo").StateError, match=rf"players\[0\]\.{key}: Leopold \(solo-opponent\) never has"):
        score(data, "solo")


def test_an_unknown_role_is_refused_and_base_has_none() -> None:
    with pytest.raises(module("solo").StateError, match=r"players\[0\]\.role: unknown role 'boss'; roles are: solo"):
        score(state(3, player(role="boss"), tiles=TILES), "solo")
    with pytest.raises(module("base").StateError, match=r"unknown role 'solo-opponent'; roles are: -"):
        score(state(3, opponent(), player(), tiles=TILES), "base")


def test_a_state_without_roles_is_scored_as_before() -> None:
    # No role: both players take their part as in base (Anna space 5 -> 4 points, back 3 -> 2: nothing).
    data = state(3, player("Ben", emperor=8, krones=2), player(emperor=5), tiles=TILES)
    assert score(data, "solo")["state"] == score(data, "base")["state"]


def test_the_state_after_keeps_the_role() -> None:
    result = score(state(3, opponent(emperor=3), player(), tiles=TILES), "solo")
    assert result["state"]["players"][0]["role"] == "solo-opponent"
    assert "role" not in result["state"]["players"][1]


def gah(*args: str) -> str:
    run = subprocess.run(
        [sys.executable, "-m", "gah", *args], capture_output=True, text=True, cwd=ROOT, timeout=120, check=True
    )
    return run.stdout


def test_gah_score_explains_the_opponent_in_english_and_german(tmp_path: Any) -> None:
    path = tmp_path / "solo.json"
    path.write_text(json.dumps(round_7()), encoding="utf-8")
    english = gah("score", str(path), "--rules", "solo")
    assert "Leopold scores 7 points on space 11" in english
    assert "No bonus or penalty for Leopold (solo opponent)" in english
    german = gah("score", str(path), "--rules", "solo", "--lang", "de")
    assert "Weder Belohnung noch Bestrafung für Leopold (Solo-Gegner)" in german


def test_gah_setup_deals_the_human_6_of_10_and_the_opponent_nothing() -> None:
    dealt = json.loads(gah("setup", "solo", "--players", "Leopold,Anna", "--seed", "7", "--json"))
    leopold, anna = dealt["players"]
    assert leopold["role"] == "solo-opponent" and leopold["hand"] == [] and leopold["krones"] == 0
    assert sum(leopold["kitchen"].values()) == 0
    # Anna keeps 6 of one packet of 10 (the draft's default pick: highest cost); the other 4 go back to the deck.
    assert len(anna["hand"]) == 6 and anna["krones"] == 10 and "role" not in anna
    assert len(dealt["staff_deck"]) == 48 - 6


@pytest.mark.parametrize("engine", ["pure", "batched"])
@pytest.mark.parametrize(
    "command",
    [
        ["compare", "base", "solo", "--players", "2", "--games", "20"],
        ["sweep", "solo", "--vary", "emperor_scorings.7.move_back=3..4", "--players", "2", "--games", "20"],
        ["tune", "solo", "--vary", "emperor_scorings.7.move_back=3..5", "--target", "penalty_r7=10%", "--players", "2"],
    ],
    ids=["compare", "sweep", "tune"],
)
def test_the_lab_refuses_solo_by_name_on_either_engine(command: list[str], engine: str) -> None:
    """The lab's game model plays players, not a role's automated opponent: rather than play solo's opponent as a
    hotelier (what the pure path did before), each lab command refuses the ruleset by name, exit 1, no traceback."""
    done = subprocess.run(
        [sys.executable, "-m", "gah", "--root", str(ROOT), *command],
        capture_output=True,
        text=True,
        env={**os.environ, "GAH_LAB_ENGINE": engine},
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert done.stdout == ""
    assert done.stderr.endswith(
        f"gah {command[0]}: ruleset solo has player roles (solo-opponent): the lab's game model says how a player "
        "plays a round, not how the automated opponent of a role plays it, so the lab does not play this ruleset "
        "(gah score and the score pad do)\n"
    ), done.stderr


# --- a role that leaves out one part: the bonus only, or the penalty only --------------------------------------
# (Solo's opponent leaves out both; a role with one of the two must still take the other, and only that one.)

HALF_ROLES = """\
extends: base
name: half-roles
roles:
  no-bonus:
    names: {en: no bonus, de: keine Belohnung}
    emperor_scoring: {bonus: false}
  no-penalty:
    names: {en: no penalty, de: keine Bestrafung}
    emperor_scoring: {penalty: false}
"""


def half_roles_round_3() -> dict[str, Any]:
    """Round 3 with a-krones (bonus: 3 krones; penalty: 3 krones, else 5 points): each role on a bonus space
    (space 6) and on a penalty space (space 2)."""
    return state(
        3,
        player("Bea", role="no-bonus", points=10, emperor=6),
        player("Cas", role="no-bonus", points=10, krones=4, emperor=2),
        player("Dora", role="no-penalty", points=10, emperor=6),
        player("Eli", role="no-penalty", points=10, krones=4, emperor=2),
        tiles=TILES,
    )


def test_a_role_without_the_bonus_takes_the_penalty_and_the_other_way_round(tmp_path: Any) -> None:
    """In the module and in the score pad. Space 6 pays 4 (10 -> 14), back 3 to space 3: a bonus space. Space 2
    pays 2 (10 -> 12), back 3 to space 0: a penalty space. Bea (no bonus): 14, no 3 krones, 0. Cas (no bonus):
    12, the penalty takes 3 of her 4 krones: 1. Dora (no penalty): 14, the bonus gives 3 krones. Eli (no
    penalty): 12, his 4 krones kept."""
    from gah.project import load_one
    from helpers_rules import shipped_workspace
    from test_js_backend import score_with_pad

    path = tmp_path / "half-roles.yaml"
    path.write_text(HALF_ROLES, encoding="utf-8")
    expected = [("Bea", 14, 0, 3), ("Cas", 12, 1, 0), ("Dora", 14, 3, 3), ("Eli", 12, 4, 0)]
    module_result = score(half_roles_round_3(), str(path))
    pad_result = score_with_pad(tmp_path, load_one(shipped_workspace(), str(path)), half_roles_round_3())
    for result in (module_result, pad_result):
        assert [(p["name"], p["points"], p["krones"], p["emperor"]) for p in result["state"]["players"]] == expected
    assert texts(module_result, "Bea")[-1] == "No bonus for Bea (no bonus)"
    assert texts(module_result, "Eli")[-1] == "No penalty for Eli (no penalty)"
