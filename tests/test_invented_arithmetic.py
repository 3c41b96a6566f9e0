"""Amounts worked out by expressions (issue 41, item 1), on the invented tiles of
tests/data/variants/invented-arithmetic.yaml, scored by hand in the generated module.

Track points (GR 1): space 0 1 2 3 4 5 6 7 8 9 10 11 12 13 pays 0 1 2 3 3 4 4 5 5 6 6 7 8 9. Move back 3 / 5 / 7
after rounds 3 / 5 / 7; landing on 3 or more gives the bonus, on 0 the penalty, 1-2 nothing. Players resolve in
turn order (the order of `players`); the left neighbour is the next player, the right the previous.

Base's hotel, top floor first: floor 4 B R B R B, floor 3 B R B Y Y, floor 2 Y Y R R Y, floor 1 B Y R R B.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from helpers_scoring import module, player, state

ARITHMETIC = str(Path(__file__).resolve().parent / "data" / "variants" / "invented-arithmetic.yaml")
TILES = {"A": "a-blue-wing", "B": "b-half-of-left", "C": "c-upstairs-sets"}


def rooms(count: int) -> list[str]:
    """A hotel (top floor first) with `count` occupied rooms, filled from floor 1, left to right."""
    floors = []
    for floor in range(4):
        here = max(0, min(5, count - 5 * floor))
        floors.append("o" * here + "." * (5 - here))
    return floors[::-1]


def scored(round_: int, *players: dict[str, Any]) -> list[tuple[int, int, int]]:
    """(points, krones, emperor) of each player after the Emperor scoring of `round_`."""
    result = module(ARITHMETIC).score_game(copy.deepcopy(state(round_, *players, tiles=TILES)))
    return [(p["points"], p["krones"], p["emperor"]) for p in result["state"]["players"]]


# --- a-blue-wing: gain 1 krone per occupied blue room, then points: the fewest café guests of the neighbours -----
# --- plus the others' krones together // 5 (at least 1); penalty: lose half your krones, rounded up ----------------


def test_blue_wing_pays_a_krone_per_occupied_blue_room() -> None:
    # Floors 1 and 3 full: blue rooms 1.1, 1.5, 3.1, 3.3 are occupied (4); floor 2 is all yellow and red.
    anna = player("Anna", emperor=6, points=10, hotel=[".....", "ooooo", "ooooo", "ooooo"])
    # Space 6 pays 4 (14), back 3 to 3: bonus, 4 krones; alone: no neighbour (0 guests) plus at least 1: 15.
    assert scored(3, anna) == [(15, 4, 3)]


def test_blue_wing_reads_the_neighbours_guests_and_the_others_krones() -> None:
    anna = player("Anna", emperor=6, points=10)
    ben = player("Ben", emperor=1, points=10, krones=7, cafe=[{}, {}, {}])
    cleo = player("Cleo", emperor=1, points=10, krones=9, cafe=[{}, {}])
    dan = player("Dan", emperor=1, points=10, krones=8, cafe=[{}])
    # Anna: space 6 pays 4 (14), bonus: no blue room, 0 krones; her neighbours are Ben (left) and Dan (right):
    # the fewer guests 1; the others' krones 7 + 9 + 8 = 24, // 5 = 4: 1 + 4 = 5 points (19). The others: space 1
    # pays 1 (11), back to 0: the penalty, half their krones rounded up: 7 - 4 = 3, 9 - 5 = 4, 8 - 4 = 4.
    assert scored(3, anna, ben, cleo, dan) == [(19, 0, 3), (11, 3, 0), (11, 4, 0), (11, 4, 0)]


def test_blue_wing_penalty_takes_half_the_krones_rounded_up() -> None:
    # Space 2 pays 2 (12), back to 0: penalty. 7 krones: 7 / 2 = 3.5, rounded up 4 lost, 3 left.
    assert scored(3, player("Anna", emperor=2, points=10, krones=7)) == [(12, 3, 0)]
    # 6 krones: exactly 3 lost; none: none lost.
    assert scored(3, player("Anna", emperor=2, points=10, krones=6)) == [(12, 3, 0)]
    assert scored(3, player("Anna", emperor=2, points=10, krones=0)) == [(12, 0, 0)]


# --- b-half-of-left: half the left neighbour's krones, rounded down, as points; ----------------------------
# --- penalty: lose 1 point per room behind the player with the most occupied rooms ------------------------


def test_half_of_left_reads_the_next_player_and_rounds_down() -> None:
    anna = player("Anna", emperor=8, points=10, krones=0)
    ben = player("Ben", emperor=8, points=10, krones=7)
    cleo = player("Cleo", emperor=8, points=10, krones=4)
    # Space 8 pays 5 (15), back 5 to 3: bonus for all. Anna's left is Ben: 7 // 2 = 3 (18); Ben's is Cleo:
    # 4 // 2 = 2 (17); Cleo's is Anna (the next after the last): 0 (15).
    assert scored(5, anna, ben, cleo) == [(18, 0, 3), (17, 7, 3), (15, 4, 3)]


def test_behind_the_most_rooms_costs_a_point_per_room() -> None:
    anna = player("Anna", emperor=5, points=10, hotel=rooms(2))
    ben = player("Ben", emperor=8, points=10, hotel=rooms(7))
    cleo = player("Cleo", emperor=5, points=10, hotel=rooms(4))
    # Anna: space 5 pays 4 (14), back to 0: penalty: the most of all players is Ben's 7, 7 - 2 = 5 lost (9).
    # Ben: 15, bonus: his left (Cleo) has no krones, 0 points. Cleo: 14, penalty: 7 - 4 = 3 lost (11).
    assert scored(5, anna, ben, cleo) == [(9, 0, 0), (15, 0, 3), (11, 0, 0)]


def test_the_player_with_the_most_rooms_loses_nothing() -> None:
    # Alone: the most of all players is Anna's own 5 rooms, 5 - 5 = 0. Space 5 pays 4: 14.
    assert scored(5, player("Anna", emperor=5, points=10, hotel=rooms(5))) == [(14, 0, 0)]


# --- c-upstairs-sets: 3 points per red-blue-yellow set on floors 3-4; penalty: lose 1 krone per hired Staff --
# --- card beyond the first (0 to 3), then 2 points if third or worse in occupied rooms (ties: behind) ------


def test_upstairs_sets_count_the_least_of_three_colours() -> None:
    # Anna: floor 4 rooms 1-2 (blue, red), floor 3 full (blue, red, blue, yellow, yellow), floors 1-2 full:
    # floors 3-4 hold 2 red, 3 blue, 2 yellow: 2 sets, 6 points. Space 10 pays 6 (16), back 7 to 3: 22.
    anna = player("Anna", emperor=10, points=10, hotel=["oo...", "ooooo", "ooooo", "ooooo"])
    # Ben: floor 3 rooms 1-3 (blue, red, blue): no yellow upstairs, no set: 16.
    ben = player("Ben", emperor=10, points=10, hotel=[".....", "ooo..", "ooooo", "ooooo"])
    assert scored(7, anna, ben) == [(22, 0, 3), (16, 0, 3)]


def test_upstairs_sets_penalty_clamps_the_krones_and_ranks_ties_behind() -> None:
    anna = player("Anna", emperor=10, points=10, hotel=["oo...", "ooooo", "ooooo", "ooooo"])  # 17 rooms
    ben = player("Ben", emperor=10, points=10, hotel=[".....", "ooo..", "ooooo", "ooooo"])  # 13 rooms
    cleo = player("Cleo", emperor=7, points=10, krones=5, hired=[27, 28, 29, 30, 31], hotel=rooms(13))
    # Cleo: space 7 pays 5 (15), back 7 to 0: penalty. 5 hired - 1 = 4, at most 3 krones lost (2 left). Her
    # place in occupied rooms, a tie putting her behind: 1 + Anna (17 >= 13) + Ben (13 >= 13) = 3: 2 points (13).
    assert scored(7, anna, ben, cleo)[2] == (13, 2, 0)


def test_upstairs_sets_penalty_below_third_and_with_one_card_costs_nothing() -> None:
    anna = player("Anna", emperor=10, points=10, hotel=rooms(5))
    # Cleo, 1 hired: 1 - 1 = 0 krones; 9 rooms, more than Anna's 5: place 1 + 0 = 1, not 3 or worse: 15.
    cleo = player("Cleo", emperor=7, points=10, krones=5, hired=[27], hotel=rooms(9))
    assert scored(7, anna, cleo)[1] == (15, 5, 0)
    # No card: 0 - 1 = -1, clamped to 0: nothing lost either.
    cleo = player("Cleo", emperor=7, points=10, krones=5, hotel=rooms(9))
    assert scored(7, anna, cleo)[1] == (15, 5, 0)


def test_the_guide_example_is_the_tile_and_its_wording() -> None:
    """The guide's "Numbers that compose" (gah docs house-rules) shows b-half-of-left's penalty and the sentence
    its sheet prints."""
    from gah.project import load_one
    from gah.sheets import render_sheet
    from helpers_rules import shipped_workspace

    guide = (Path(__file__).resolve().parents[1] / "docs" / "guide-house-rules.md").read_text(encoding="utf-8")
    block = guide.split("## Numbers that compose", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    data = Path(ARITHMETIC).read_text(encoding="utf-8")
    assert all(line in data for line in block.splitlines() if line.strip()), "the guide's tile differs"
    said = "lose points equal to the most occupied rooms of any player (you included) minus your occupied rooms"
    assert said in " ".join(guide.split()).replace('"', "")
    sheet = render_sheet(load_one(shipped_workspace(), ARITHMETIC), None, "md").decode("utf-8")
    assert said in " ".join(sheet.split()).lower()
