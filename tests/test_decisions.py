"""Decisions (issue 10): every decision recordable, and a default policy that compares whole effects.

The hand-worked numbers use the base rules: track points (space 11: 7, space 6: 4), rooms 1/2/3/4 per
floor, 1 per krone and per kitchen item, -5 per café guest, red groups pay krones (2 rooms: 3, 4: 10),
Liftboy 5 per full column, Hotel Manager 4 per red-blue-yellow set.
"""

from __future__ import annotations

import copy
import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers_scoring import ROOT, after, final, kitchen, module, player, score, state
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

StateError = module("base").StateError

# Issue 10, case 1: space 11 scores 7 (12 points), back 7 to space 4: c-free-staff bonus, a free Staff.
PAGE_BOY = player(
    points=5,
    krones=11,
    emperor=11,
    kitchen={"cake": 1},
    cafe=[{}, {"cake": 1}],
    hotel=["ovooo", "ooooo", "vovoo", "ovovo"],
    hand=[10, 35, 33],
)
# Issue 10, case 2: space 0, c-occupied-room penalty: a room from floor 4, then one from floor 3.
LIFTBOY = player(
    points=9,
    krones=5,
    kitchen={"wine": 1},
    cafe=[{}, {}, {}],
    hotel=["voo..", "oo...", "ooooo", "vooo."],
    hired=[47, 6, 48],
)


def with_choices(base: dict[str, Any], **choices: Any) -> dict[str, Any]:
    return dict(copy.deepcopy(base), choices=choices)


def decisions(result: dict[str, Any], name: str = "Anna") -> dict[str, Any]:
    return next(entry for entry in result["decisions"] if entry["player"] == name)


# --- the two hand-worked states of the issue -----------------------------------------------------


def test_page_boy_occupies_the_pair_that_completes_the_red_group_of_four() -> None:
    """Best: Page Boy on 1.4 and 2.3 completes red 1.3/1.4/2.3/2.4 (+10 krones): rooms 16+15+8+4 = 43,
    krones 11+10 = 21, total 12 + 43 + 21 + 1 - 10 = 67 (one room at a time gave 63)."""
    result = score(state(7, PAGE_BOY, C="c-free-staff"))
    assert final(result)["total"] == 67
    assert final(result)["breakdown"] == {"staff": 0, "rooms": 43, "krones": 21, "kitchen": 1, "cafe": -10}
    assert decisions(result)["choices"] == {"play_staff": 35, "occupy_room": ["1.4", "2.3"]}
    # Playing nothing (or Chauffeur, 10) leaves 12 + 40 + 11 + 1 - 10 = 54: the runner-up of play_staff.
    first = decisions(result)["steps"][0]
    assert (first["value"], first["total"], first["runner_up"]) == (35, 67, {"value": 10, "total": 54})


def test_page_boy_greedy_rooms_recorded_give_the_issues_63() -> None:
    """The old greedy play, 4.2 (completes red 3.2/4.2: +3 krones) then 2.1: rooms 46, krones 14, total 63."""
    result = score(state(7, with_choices(PAGE_BOY, occupy_room=["4.2", "2.1"]), C="c-free-staff"))
    assert final(result)["total"] == 63
    assert final(result)["breakdown"] == {"staff": 0, "rooms": 46, "krones": 14, "kitchen": 1, "cafe": -10}


def test_liftboy_and_hotel_manager_penalty_keeps_the_colour_sets() -> None:
    """Best: remove 4.2 and 3.2: Liftboy 0 (column 2 breaks), Hotel Manager 2 sets (8), rooms 20:
    9 + 8 + 20 + 5 + 1 - 15 = 28."""
    result = score(state(7, LIFTBOY, C="c-occupied-room"))
    assert final(result)["total"] == 28
    assert final(result)["breakdown"] == {"staff": 8, "rooms": 20, "krones": 5, "kitchen": 1, "cafe": -15}
    assert decisions(result)["choices"] == {"remove_rooms": ["4.2", "3.2"]}


def test_liftboy_greedy_rooms_recorded_give_the_issues_25() -> None:
    """4.3 then 3.1 (each step alone loses least): Liftboy keeps column 2 (5), Hotel Manager 0: total 25."""
    result = score(state(7, with_choices(LIFTBOY, remove_rooms=["4.3", "3.1"]), C="c-occupied-room"))
    assert final(result)["total"] == 25
    assert final(result)["breakdown"]["staff"] == 5


# --- more cases where one step at a time and the whole effect differ -----------------------------


def test_page_boy_drawn_from_the_deck_is_worth_its_best_continuation() -> None:
    """a-draw-staff after round 3 (space 6 scores 4, back 3 to space 3: bonus): draws 35, 9, 25; Page Boy
    costs max(0, 2 - 3) = 0. Its best rooms 1.4 + 2.3 complete the red group of four (+10 krones):
    projected 9 + 43 + 21 + 1 - 10 = 64 (greedy 4.2 + 2.1: 9 + 46 + 14 + 1 - 10 = 60)."""
    anna = dict(copy.deepcopy(PAGE_BOY), emperor=6, hand=[])
    result = score(state(3, anna, deck=[35, 9, 25, 1], A="a-draw-staff"))
    mine = decisions(result)
    assert mine["choices"] == {"play_staff": 35, "occupy_room": ["1.4", "2.3"], "drawn_to_bottom": [9, 25]}
    assert {step["total"] for step in mine["steps"] if step["how"] == "policy"} == {64}
    assert after(result)["krones"] == 21
    assert after(result)["hotel"] == ["ovooo", "ooooo", "voooo", "ovooo"]
    assert result["state"]["staff_deck"] == [1, 9, 25]


def test_conference_manager_pays_only_when_the_best_penalty_costs_more() -> None:
    """c-occupied-room penalty with Conference Manager (26): paying costs 1 krone (1 point). The best
    removal here takes 2.2 (2 points) and 1.x (1 point): 3 points, so paying is better: 10 + 3 rooms... ."""
    anna = player(points=10, krones=2, hotel=[".....", ".....", "oo...", "o...."], hired=[26])
    result = score(state(7, anna, C="c-occupied-room"))
    # Paying: 10 points + rooms 2.1, 2.2 (2 + 2) + 1.1 (1) + 1 krone = 16; not paying: 10 + 2 + 0 + 2 = 14.
    assert final(result)["total"] == 16
    assert decisions(result)["choices"] == {"conference_manager": True}
    assert decisions(result)["steps"][0]["runner_up"] == {"value": False, "total": 14}


# --- recording ---------------------------------------------------------------------------------------


def test_a_single_value_is_the_first_decision_and_the_rest_are_the_policys() -> None:
    """occupy_room: "2.3" records the first Page Boy room; the policy completes the red group with 1.4."""
    result = score(state(7, with_choices(PAGE_BOY, occupy_room="2.3"), C="c-free-staff"))
    assert final(result)["total"] == 67
    steps = decisions(result)["steps"]
    assert [(s["key"], s["value"], s["how"]) for s in steps] == [
        ("play_staff", 35, "policy"),
        ("occupy_room", "2.3", "recorded"),
        ("occupy_room", "1.4", "policy"),
    ]


def test_an_illegal_second_decision_names_its_place_and_the_legal_options() -> None:
    anna = with_choices(PAGE_BOY, play_staff=35, occupy_room=["1.4", "3.3"])
    with pytest.raises(StateError, match=r"players\[0\]\.choices\.occupy_room\[1\]: 3\.3 is not a legal choice here; "):
        score(state(7, anna, C="c-free-staff"))


def test_a_record_that_needs_a_decision_to_be_asked_steers_the_policy_to_ask_it() -> None:
    """Recorded rooms for Page Boy but no play_staff: the policy plays Page Boy so the record is used."""
    anna = with_choices(PAGE_BOY, occupy_room=["4.2", "2.1"])
    result = score(state(7, anna, C="c-free-staff"))
    assert decisions(result)["choices"]["play_staff"] == 35
    assert result["unused_choices"] == []


def test_recorded_decisions_never_asked_are_reported() -> None:
    anna = with_choices(PAGE_BOY, play_staff=35, occupy_room=["1.4", "2.3", "2.1"], remove_rooms="1.1")
    result = score(state(7, anna, C="c-free-staff"))
    assert [u["path"] for u in result["unused_choices"]] == [
        "players[0].choices.occupy_room[2]",
        "players[0].choices.remove_rooms",
    ]
    assert "asked no remove_rooms decisions" in result["unused_choices"][1]["message"]


def test_serving_items_onto_guests_is_recordable() -> None:
    """a-two-items bonus (space 6 -> 3): cake onto guest 1, wine into the kitchen. The default keeps both in
    the kitchen (1 point each there, nothing on a guest)."""
    anna = player(emperor=6, cafe=[{}, {}], choices={"choose_items": ["cake", "wine"], "serve": [1, None]})
    result = score(state(3, anna, A="a-two-items"))
    assert after(result)["kitchen"] == kitchen(wine=1)
    assert after(result)["cafe"] == [kitchen(), kitchen(cake=1)]
    default = score(state(3, player(emperor=6, cafe=[{}, {}]), A="a-two-items"))
    assert after(default)["kitchen"] == kitchen(strudel=1, cake=1)
    assert decisions(default)["choices"] == {"choose_items": ["strudel", "cake"], "serve": [None, None]}


@pytest.mark.parametrize(
    ("choices", "message"),
    [
        (
            {"occupy_room": math.nan},
            r"players\[0\]\.choices\.occupy_room: expected a room as \"floor.column\" or null, got nan",
        ),
        (
            {"play_staff": [35, math.inf]},
            r"players\[0\]\.choices\.play_staff\[1\]: expected a Staff card number or null, got inf",
        ),
        ({"play_staff": True}, r"play_staff: expected a Staff card number or null, got True"),
        ({"serve": -1}, r"serve: expected a café guest's place in cafe \(from 0\) or null, got -1"),
        ({"remove_rooms": [None]}, r"remove_rooms\[0\]: expected a room as \"floor.column\", got None"),
        ({"choose_items": 3}, r"choose_items: expected an item id, got 3"),
        ({"draft": 3}, r"draft: expected a list of Staff card numbers, got 3"),
    ],
)
def test_bad_recorded_values_are_state_errors_with_a_path(choices: dict[str, Any], message: str) -> None:
    with pytest.raises(StateError, match=message):
        score(state(7, with_choices(PAGE_BOY, **choices), C="c-free-staff"))


# --- the command line --------------------------------------------------------------------------------


def run_gah(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gah", "--root", str(ROOT), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_gah_score_prints_a_choices_block_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "pageboy.json"
    path.write_text(json.dumps(state(7, PAGE_BOY, C="c-free-staff")), encoding="utf-8")
    done = run_gah("score", str(path))
    assert done.returncode == 0, done.stderr
    block = done.stdout.split("Decisions")[1]
    assert "      play_staff: 35               # default policy, projected total 67; runner-up 10: 54" in block
    assert '        - "1.4"                    # default policy, projected total 67; runner-up "2.3": 67' in block
    data = json.loads(run_gah("score", str(path), "--json").stdout)
    assert data["decisions"][0]["choices"] == {"play_staff": 35, "occupy_room": ["1.4", "2.3"]}


def test_gah_score_warns_where_an_unused_decision_is(tmp_path: Path) -> None:
    path = tmp_path / "extra.yaml"
    path.write_text(
        "round: 7\ntiles: {C: c-points}\nplayers:\n  - name: Anna\n    emperor: 10\n    choices:\n      occupy_room: '1.1'\n",
        encoding="utf-8",
    )
    done = run_gah("score", str(path))
    assert done.returncode == 0, done.stderr
    assert "extra.yaml:7:20: warning: players[0].choices.occupy_room: 1.1 was recorded" in done.stderr


# --- the policy is exact: brute force over every sequence of decisions ----------------------------


CELLS = [f"{f}.{c}" for f in range(1, 5) for c in range(1, 6)]
GAME_END = [27, 28, 31, 34, 37, 46, 47, 48]
TILES = [(7, "C", "c-free-staff"), (7, "C", "c-occupied-room"), (3, "A", "a-draw-staff"), (3, "A", "a-free-room")]
TILES += [(5, "B", "b-occupied-room"), (3, "A", "a-two-items"), (5, "B", "b-draw-staff")]


def candidates(key: str, data: dict[str, Any]) -> list[Any]:
    """Every value a decision of `key` could be recorded as here (a superset: the scorer refuses the rest)."""
    anna = data["players"][0]
    cards = sorted(set(anna["hand"]) | set(data["staff_deck"][:3]))
    return {
        "play_staff": [*cards, None],
        "drawn_to_bottom": cards,
        "hand_to_deck": cards,
        "prepare_room": [*CELLS, None],
        "occupy_room": [*CELLS, None],
        "remove_rooms": CELLS,
        "remove_hired_staff": anna["hired"],
        "conference_manager": [True, False],
        "choose_items": ["strudel", "cake", "wine", "coffee"],
        "serve": [None, *range(len(anna["cafe"]))],
    }[key]


def projected(result: dict[str, Any]) -> int:
    """Anna's projected total after the scoring (points now plus final scoring as if the game ended)."""
    mod = module("base")
    written = copy.deepcopy(result["state"])
    written["round"] = 7  # past the first scoring: a hotel split by a removal is fine
    written["tiles"]["C"] = "c-points"
    written["players"][0]["choices"] = {}
    game = mod.read_game(mod.RULES, written)
    return int(mod.projected_total(game, game.players[0]))


def best_by_enumeration(data: dict[str, Any]) -> tuple[int, int]:
    """The best projected total over every legal sequence of Anna's decisions, and how many were tried."""
    best, leaves = -(10**9), 0

    def visit(record: dict[str, list[Any]]) -> None:
        nonlocal best, leaves
        trial = copy.deepcopy(data)
        trial["players"][0]["choices"] = record
        try:
            result = score(trial)
        except StateError:
            return  # an illegal value at this point
        steps = result["decisions"][0]["steps"]
        open_steps = [s for s in steps if s["how"] == "policy"]
        if not open_steps:
            leaves += 1
            best = max(best, projected(result))
            return
        fixed: dict[str, list[Any]] = {}
        for step in steps[: steps.index(open_steps[0])]:
            fixed.setdefault(step["key"], []).append(step["value"])
        key = open_steps[0]["key"]
        for value in candidates(key, data):
            visit({**fixed, key: [*fixed.get(key, []), value]})

    visit({})
    return best, leaves


@st.composite
def small_games(draw: st.DrawFn) -> dict[str, Any]:
    round_, tier, tile = draw(st.sampled_from(TILES))
    placed = {(1, 1)}
    for _ in range(draw(st.integers(0, 7))):
        around = sorted({(f + df, c + dc) for f, c in placed for df, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))} - placed)
        around = [(f, c) for f, c in around if 1 <= f <= 4 and 1 <= c <= 5]
        placed.add(draw(st.sampled_from(around)))
    rooms = {cell: draw(st.sampled_from("ov")) for cell in sorted(placed)}
    hotel = ["".join(rooms.get((f, c), ".") for c in range(1, 6)) for f in range(4, 0, -1)]
    hired = draw(st.lists(st.sampled_from([*GAME_END, 26]), max_size=3, unique=True))
    hand = draw(st.lists(st.sampled_from([n for n in (35, 10, 21, 45, 27) if n not in hired]), max_size=2, unique=True))
    free = [n for n in (35, 9, 25, 12, 40, 45) if n not in hand and n not in hired]
    deck = draw(st.permutations(free))
    emperor = {3: 6, 5: 8, 7: 10}[round_] if draw(st.booleans()) else 0
    anna = player(
        emperor=emperor,
        points=draw(st.integers(0, 12)),
        krones=draw(st.integers(0, 6)),
        cafe=[{} for _ in range(draw(st.integers(0, 2)))],
        hotel=hotel,
        hired=hired,
        hand=hand,
    )
    return state(round_, anna, deck=list(deck), **{tier: tile})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=small_games())
def test_the_policy_finds_the_best_of_every_sequence_of_decisions(data: dict[str, Any]) -> None:
    """On small hotels, the default policy's projected total equals the best over every legal sequence of
    decisions, enumerated through recorded choices alone (no default decision on any enumerated path)."""
    result = score(data)
    best, leaves = best_by_enumeration(data)
    assert leaves >= 1
    assert projected(result) == best
    # Recording the policy's decisions replays it exactly.
    replay = copy.deepcopy(data)
    replay["players"][0]["choices"] = result["decisions"][0]["choices"]
    again = score(replay)
    assert again["state"]["players"][0]["hotel"] == result["state"]["players"][0]["hotel"]
    assert projected(again) == best and again["unused_choices"] == []


DECK_TRICK = """\
extends: base
name: deck-trick
title: Deck trick
description: A test tile where the card put under the deck is the card drawn.
tiles:
  c-deck-trick:
    tier: C
    name: Deck trick
    bonus:
      - {kind: staff_to_deck_bottom, count: 1}
      - {kind: draw_staff, count: 1, play: 1, discount: all}
    penalty:
      effects:
        - {kind: lose_points, amount: 1}
"""


def test_which_card_goes_under_the_deck_counts_when_a_later_step_draws_it(tmp_path: Path) -> None:
    """With an empty deck the card put under is the card drawn (and played free). Stableman (6, cost 1) is
    the cheapest, but Booking Manager (27) drawn back scores 3 per occupied red room (1.3, 1.4): space 10
    scores 6, rooms 5, Booking Manager 6: 17 (putting 6 under: 11)."""
    path = tmp_path / "deck-trick.yaml"
    path.write_text(DECK_TRICK, encoding="utf-8")
    anna = player(emperor=10, hand=[6, 27], hotel=[".....", ".....", ".....", "ooooo"])
    data = state(7, anna, deck=[], C="c-deck-trick")
    result = score(data, str(path))
    assert final(result)["total"] == 17
    assert decisions(result)["choices"] == {"hand_to_deck": 27, "play_staff": 27}
    cheapest = score(dict(data, players=[with_choices(anna, hand_to_deck=6)]), str(path))
    assert final(cheapest)["total"] == 11
    # Recorded: Booking Manager is played. The policy must put it under the deck to draw it back.
    recorded = score(dict(data, players=[with_choices(anna, play_staff=27)]), str(path))
    assert decisions(recorded)["choices"] == {"hand_to_deck": 27, "play_staff": 27}
    assert final(recorded)["total"] == 17


def test_a_recorded_draw_steers_an_earlier_card_decision_inside_a_search(tmp_path: Path) -> None:
    """A free occupied room first (an open decision), then the deck trick, with play_staff 27 recorded: the
    search must find that 27 goes under the deck to be drawn back, on every room it tries. Best room: red
    2.3 (2 points, and 3 more with Booking Manager): space 10 scores 6, rooms 5 + 2 = 7, Booking Manager
    3 x 3 reds (1.3, 1.4, 2.3) = 9: total 22 (room 2.1, yellow: 6 + 7 + 6 = 19)."""
    path = tmp_path / "room-trick.yaml"
    path.write_text(
        DECK_TRICK.replace("name: deck-trick", "name: room-trick").replace(
            "    bonus:\n", "    bonus:\n      - {kind: prepare_room, floors: any, cost: free, occupy: true}\n"
        ),
        encoding="utf-8",
    )
    anna = player(emperor=10, hand=[6, 27], hotel=[".....", ".....", ".....", "ooooo"], choices={"play_staff": 27})
    result = score(state(7, anna, deck=[], C="c-deck-trick"), str(path))
    assert decisions(result)["choices"] == {"prepare_room": "2.3", "hand_to_deck": 27, "play_staff": 27}
    assert final(result)["total"] == 22


def test_gah_score_points_at_an_illegal_decision_inside_a_list(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    anna = with_choices(PAGE_BOY, occupy_room=["1.4", "3.3"])
    lines = ["round: 7", "tiles: {C: c-free-staff}", "players:", "  - name: Anna"]
    lines += [f"    {key}: {json.dumps(value)}" for key, value in anna.items() if key not in ("name", "choices")]
    lines += ["    choices:", "      occupy_room:", "        - '1.4'", "        - '3.3'"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = run_gah("score", str(path))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert f"bad.yaml:{len(lines)}:11: players[0].choices.occupy_room[1]: 3.3 is not a legal choice here; legal: " in (
        done.stderr
    )


COSTLY_ROOMS = """\
extends: base
name: costly-rooms
title: Costly rooms
description: Every room tile costs 3 points at the end.
final_scoring:
  upkeep: {name: Upkeep, source: per_quantity, per: room_tiles, points: -3}
"""


def test_no_room_is_tried_where_a_room_can_cost_points(tmp_path: Path) -> None:
    """a-free-room bonus (space 6 -> 3): in base a free vacant room is never worth less than none, so the
    policy places one (1.2, the first legal space: every vacant room is worth 0 there). Where each room tile
    costs 3 at the end, no room is best: projected 4 points from space 6 + 1 room (1.1) x 1 - 3 upkeep = 2."""
    anna = player(emperor=6, hotel=[".....", ".....", ".....", "o...."])
    assert decisions(score(state(3, anna, A="a-free-room")))["choices"] == {"prepare_room": "1.2"}
    path = tmp_path / "costly-rooms.yaml"
    path.write_text(COSTLY_ROOMS, encoding="utf-8")
    result = score(state(3, anna, A="a-free-room"), str(path))
    mine = decisions(result)
    assert mine["choices"] == {"prepare_room": None}
    assert mine["steps"][0]["total"] == 2
    assert mine["steps"][0]["runner_up"] == {"value": "1.2", "total": -1}


FUSSY_GARDENER = """\
extends: base
name: fussy-gardener
title: Fussy gardener
description: The Gardener also occupies a vacant room with every Emperor bonus.
staff:
  42:
    emperor_bonus:
      - {kind: gain_points, amount: 5}
      - {kind: occupy_vacant_rooms, count: 1}
"""


def _searched(mod: Any, data: dict[str, Any], explain: bool = False) -> tuple[int, int, Any]:
    """What a scoring's search tries: the trials played from a turn's start (explore()), the options taken
    where the game stands (finished(): a decision that ends the turn), and the game it leaves."""
    replays = here = 0
    explore, finished = mod.explore, mod.finished

    def counted(*args: Any) -> Any:
        nonlocal replays
        replays += 1
        return explore(*args)

    def counted_here(*args: Any) -> Any:
        nonlocal here
        found = finished(*args)
        here += sum(1 for outcome in found if outcome is not None)
        return found

    mod.explore, mod.finished = counted, counted_here  # called by their global names in the pure module
    try:
        game = mod.new_game(copy.deepcopy(data), explain=explain)
        mod.emperor_scoring(game)
    finally:
        mod.explore, mod.finished = explore, finished
    return replays, here, game


def _tries(mod: Any, data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """How many options a quiet game's search tries (the lab's way), and the state it leaves."""
    replays, here, game = _searched(mod, data)
    return replays + here, mod.write_game(game)


def test_a_quiet_game_tries_one_free_vacant_room_per_printed_value(tmp_path: Path) -> None:
    """a-free-room bonus (space 6 -> 3), Anna's floors 1-3 occupied in columns 1-3: the legal spaces are
    1.4, 2.4, 3.4 (1 printed point), 4.1, 4.2 and 4.3 (2 printed points). A vacant room counts nowhere else,
    so 4.3 is best (+2) and 3.4 the runner-up (+1). Explaining, the policy tries all six and shows 3.4;
    quiet (the lab), it tries 1.4, 3.4 and 4.3 only (one per printed value) and places the same room.
    Where the Gardener occupies a room after the bonus, the place matters again (and a room may no longer be
    best, so "none" is tried too): seven trials."""
    anna = player(emperor=6, hotel=[".....", "ooo..", "ooo..", "ooo.."])
    data = state(3, anna, A="a-free-room")
    mine = decisions(score(data))
    assert mine["choices"] == {"prepare_room": "4.3"}
    assert mine["steps"][0]["runner_up"]["value"] == "3.4"
    assert mine["steps"][0]["runner_up"]["total"] == mine["steps"][0]["total"] - 1
    tried, written = _tries(module("base"), data)
    assert tried == 3
    assert written["players"][0]["hotel"][0] == "..v.."  # floor 4 first: 4.3 holds a vacant room
    path = tmp_path / "fussy-gardener.yaml"
    path.write_text(FUSSY_GARDENER, encoding="utf-8")
    tried, written = _tries(module(str(path)), data)
    assert tried == 7
    assert written["players"][0]["hotel"][0] == "..v.."


# --- the search goes on from each decision (issue 23) --------------------------------------------


def test_liftboy_penalty_is_searched_from_each_decision_not_replayed() -> None:
    """c-occupied-room penalty on LIFTBOY: the first room from floor 4 (4.2 red, 4.3 blue), the second from
    floor 3 (3.1 blue, 3.2 red). Before: staff 5 (column 2 full) + 8 (2 colour sets), rooms 27. Leaves:
    4.2, 3.1: red 5, blue 1, column 2 broken: staff 4, rooms 20: 9 + 4 + 20 + 5 + 1 - 15 = 24;
    4.2, 3.2: blue 2 kept: staff 8: 28 (best); 4.3, 3.1: blue 0, column 2 kept: staff 5: 25;
    4.3, 3.2: staff 4: 24. So 4.2 (28) beats 4.3 (25), then 3.2 (28) beats 3.1 (24).
    Four options end the turn: the search plays one trial per first room from the turn's start, going on with
    3.1 in place, and takes 3.2 where that trial stands: 2 trials and 2 options there (6 trials replayed
    the turn before, one more per first room to find the second decision)."""
    data = state(7, LIFTBOY, C="c-occupied-room")
    steps = decisions(score(data))["steps"]
    assert [(s["value"], s["total"], s["runner_up"]) for s in steps] == [
        ("4.2", 28, {"value": "4.3", "total": 25}),
        ("3.2", 28, {"value": "3.1", "total": 24}),
    ]
    replays, here, game = _searched(module("base"), data, explain=True)
    assert (replays, here) == (2, 2)
    assert module("base").write_game(game)["players"][0]["hotel"][:2] == ["v.o..", "o...."]


def test_a_room_that_ends_the_bonus_is_taken_where_the_game_stands() -> None:
    """c-occupied-room bonus (space 10 scores 6, back 7 to space 3): one room, 1.1, so the free occupied
    room goes on 1.2 (floor 1: 1 point, total 6 + 2 = 8) or 2.1 (floor 2: 2 points, total 9); neither
    completes its yellow group. Nothing follows the room: both spaces are taken where the game stands, no trial
    replays the turn. With the Gardener hired, 5 points follow the room (14 against 13): the turn is replayed."""
    anna = player(emperor=10, hotel=[".....", ".....", ".....", "o...."])
    data = state(7, anna, C="c-occupied-room")
    step = decisions(score(data))["steps"][0]
    assert (step["value"], step["total"], step["runner_up"]) == ("2.1", 9, {"value": "1.2", "total": 8})
    assert _searched(module("base"), data, explain=True)[:2] == (0, 2)
    gardener = state(7, dict(anna, hired=[42]), C="c-occupied-room")
    step = decisions(score(gardener))["steps"][0]
    assert (step["value"], step["total"], step["runner_up"]) == ("2.1", 14, {"value": "1.2", "total": 13})
    assert _searched(module("base"), gardener, explain=True)[:2] == (2, 0)


def test_staff_put_under_the_deck_where_the_penalty_ends_goes_on_from_the_first_card() -> None:
    """a-draw-staff penalty (space 0 scores 0, stays on 0): two Staff from hand under the deck. Hand 34, 16, 12
    cost 5, 2, 2: the policy's order is cheapest first, then the lowest number: 12, 16, 34. Cards in hand
    score nothing and nothing after the penalty looks at the deck, so every order is worth the same: 4 points
    + 3 krones = 7, the runner-up each time the next card in that order. The first card is taken where the game
    stands and the search goes on from there (the second card with it): no trial replays the turn."""
    anna = player(points=4, krones=3, hand=[34, 16, 12])
    data = state(3, anna, A="a-draw-staff")
    result = score(data)
    steps = decisions(result)["steps"]
    assert [(s["value"], s["how"], s["total"], s["runner_up"]) for s in steps] == [
        (12, "policy", 7, {"value": 16, "total": 7}),
        (16, "policy", 7, {"value": 34, "total": 7}),
    ]
    assert after(result)["hand"] == [34]
    assert result["state"]["staff_deck"][-2:] == [12, 16]
    assert _searched(module("base"), data, explain=True)[:2] == (0, 1)


def _reads(data: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """score_game's result and how often it read the state (a second read: a turn needed its start after all)."""
    mod = module("base")
    read, reads = mod.read_game, 0

    def counted(*args: Any) -> Any:
        nonlocal reads
        reads += 1
        return read(*args)

    mod.read_game = counted  # called by its global name in the pure module
    try:
        return mod.score_game(copy.deepcopy(data)), reads
    finally:
        mod.read_game = read


def test_a_turn_with_records_copies_its_start_only_when_a_search_replays_it() -> None:
    """a-draw-staff bonus (space 6 scores 4, back 3 to space 3) with the Gardener (+5 after the bonus): Anna
    draws 12, 16, 10 (at 3 off: 0, 0, 2 krones; she has none) and plays 16 as recorded. The two cards left go
    under the deck, 12 first (the policy's order, 10 the runner-up: no step after looks at the deck): 4 + 5 =
    9 points, the total either way. That open decision replays the turn from its start, which the first try
    did not copy (Anna records a choice): the state is read and scored again. All recorded: read once."""
    anna = player(emperor=6, hired=[42], choices={"play_staff": 16})
    data = state(3, anna, A="a-draw-staff", deck=[12, 16, 10])
    result, reads = _reads(data)
    assert [
        (s["key"], s["value"], s["how"], s.get("total"), s.get("runner_up")) for s in decisions(result)["steps"]
    ] == [
        ("play_staff", 16, "recorded", None, None),
        ("drawn_to_bottom", 12, "policy", 9, {"value": 10, "total": 9}),
        ("drawn_to_bottom", 10, "only", None, None),
    ]
    assert (after(result)["points"], result["state"]["staff_deck"]) == (9, [12, 10])
    assert reads == 2
    recorded = state(
        3, dict(anna, choices={"play_staff": 16, "drawn_to_bottom": [12, 10]}), A="a-draw-staff", deck=[12, 16, 10]
    )
    again, reads = _reads(recorded)
    assert [s["how"] for s in decisions(again)["steps"]] == ["recorded", "recorded", "recorded"]
    assert (after(again)["points"], again["state"]["staff_deck"], reads) == (9, [12, 10], 1)
