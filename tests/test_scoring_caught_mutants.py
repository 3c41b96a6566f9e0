"""Hand-worked scenarios for bugs the suite once missed (issue 11): each fails under its mutation.

Numbers as in test_scoring_scenarios.py (GR = the game reference; track points
0 1 2 3 3 4 4 5 5 6 6 7 8 9 for spaces 0-13). Hotel colours, floor.column:
floor 2: 2.1 Y  2.2 Y  2.3 R  2.4 R  2.5 Y
floor 1: 1.1 B  1.2 Y  1.3 R  1.4 R  1.5 B
Hotels in states are written top floor first.
"""

from __future__ import annotations

import copy
from pathlib import Path

from helpers_scoring import after, events, final, module, player, score, state

HOUSE_NUMBERS = str(Path(__file__).resolve().parent / "data" / "rulesets" / "house-numbers.yaml")


def test_secretary_copies_an_opponents_card_never_its_own_holders() -> None:
    """GR 4 Secretary: copies a game-end Staff an *opponent* has hired.

    Anna hired Secretary and Booking Manager; Ben hired Chambermaid. Anna's hotel:
    nine occupied rooms (floor 1 full, 2.1-2.4), four of them red (1.3 1.4 2.3 2.4).
    Booking Manager 3 x 4 red = 12; the Secretary may copy only Ben's Chambermaid:
    1 x 9 occupied = 9; staff 21. (Copying Anna's own Booking Manager would give 24.)
    Both on space 8: 5 points, back 7 to space 1 (neutral). Rooms 5 x 1 + 4 x 2 = 13.
    """
    anna = player("Anna", emperor=8, hired=[29, 27], hotel=[".....", ".....", "oooo.", "ooooo"])
    ben = player("Ben", emperor=8, hired=[31])
    result = score(state(7, anna, ben))
    assert final(result)["breakdown"]["staff"] == 21
    assert final(result)["breakdown"]["rooms"] == 13
    assert final(result)["total"] == 5 + 21 + 13
    assert events(result, kind="final")[0]["card"] == 31
    assert final(result, "Ben")["breakdown"]["staff"] == 0  # Chambermaid on Ben's empty hotel


def test_steps_beyond_the_cap_pay_on_the_quiet_path_too() -> None:
    """GR 1 + Pool Attendant: each step beyond space 13 is 1 point, with or without explanations.

    gentle-move-backs, after round 3 (move back 2), tile a-draw-staff (draw 3, play 1
    at 3 off). Anna on 13: 9 points, back to 11 (bonus). The deck holds only Pool
    Attendant (cost 1, free at 3 off); playing it moves 3: 2 steps to 13, 1 beyond: 1
    point, so the default policy plays it. Points 9 + 1 = 10. Ben on 3: 3 points,
    back to 1 (neutral).
    """
    data = state(
        3, player("Anna", emperor=13), player("Ben", emperor=3), tiles={"A": "a-draw-staff", "B": "b-krones"}, deck=[45]
    )
    loud = after(score(data, "gentle-move-backs"))
    assert (loud["points"], loud["emperor"], loud["hired"]) == (10, 13, [45])
    mod = module("gentle-move-backs")
    game = mod.new_game(copy.deepcopy(data), explain=False)
    mod.emperor_scoring(game)
    anna = game.players[0]
    assert (anna.points, anna.emperor, anna.hired) == (10, 13, [45])
    assert game.events == []


def test_liftboy_counts_only_columns_of_occupied_rooms() -> None:
    """GR 4 Liftboy: 5 per column of four occupied rooms; a vacant room spoils the column.

    Column 1 has rooms on every floor, but 4.1 is vacant: 0. Space 8: 5 points, back
    to 1. Rooms 1 + 2 + 3 = 6: total 11. With 4.1 occupied too: Liftboy 5, rooms 10.
    """
    spoiled = final(score(state(7, player(emperor=8, hired=[47], hotel=["v....", "o....", "o....", "o...."]))))
    assert (spoiled["breakdown"]["staff"], spoiled["breakdown"]["rooms"], spoiled["total"]) == (0, 6, 11)
    full = final(score(state(7, player(emperor=8, hired=[47], hotel=["o....", "o....", "o....", "o...."]))))
    assert (full["breakdown"]["staff"], full["breakdown"]["rooms"], full["total"]) == (5, 10, 20)


def test_female_floor_housekeeper_counts_only_floors_of_occupied_rooms() -> None:
    """GR 4 Female Floor Housekeeper: 5 per floor of five occupied rooms; a vacant one spoils it.

    Floor 1 "ooovo": 0, rooms 4. "ooooo": 5, rooms 5. Space 8: 5 points, back to 1.
    """
    spoiled = final(score(state(7, player(emperor=8, hired=[46], hotel=[".....", ".....", ".....", "ooovo"]))))
    assert (spoiled["breakdown"]["staff"], spoiled["total"]) == (0, 5 + 4)
    full = final(score(state(7, player(emperor=8, hired=[46], hotel=[".....", ".....", ".....", "ooooo"]))))
    assert (full["breakdown"]["staff"], full["total"]) == (5, 5 + 5 + 5)


def test_room_points_come_from_the_data_not_the_floor_number() -> None:
    """Final scoring of tests/data/rulesets/house-numbers.yaml: rooms pay 3 / 1 / 4 / 2 by floor 1-4.

    Floor 1 full (5 rooms) and 2.1: 5 x 3 + 1 x 1 = 16 (floor numbers would give 7).
    Krones 2 each: 3 -> 6; kitchen 3 each: 2 -> 6; café -4 a guest: 1 -> -4.
    Space 8: 5 points, back 6 to space 2 (neutral). Total 5 + 16 + 6 + 6 - 4 = 29.
    Under base the same state gives 5 + 7 + 3 + 2 - 5 = 12.
    """
    anna = player(emperor=8, krones=3, kitchen={"cake": 2}, cafe=[{}], hotel=[".....", ".....", "o....", "ooooo"])
    entry = final(score(state(7, anna), HOUSE_NUMBERS))
    assert entry["breakdown"] == {"staff": 0, "rooms": 16, "krones": 6, "kitchen": 6, "cafe": -4}
    assert entry["total"] == 29
    assert final(score(state(7, anna)))["total"] == 12


def test_a_room_limited_to_upper_floors_skips_the_lower_ones_only() -> None:
    """A room that may go only on floors 2 and 3 (a tile's `floors`): the spaces are the empty ones of those
    floors next to a placed room, whichever floors come before them in the hotel.

    Anna's rooms: 1.1 and 1.2 (vacant). Legal on floors 2-3: 2.1 and 2.2 (above them); floor 1's 1.3 is
    next to 1.2 but on a floor not allowed; floor 3 has nothing next to a room. (Stopping at the first floor
    not allowed, floor 1, would leave no space at all.)"""
    scoring = module()
    game = scoring.new_game(state(3, player("Anna", hotel=[".....", ".....", ".....", "vv..."])), explain=False)
    anna = game.players[0]
    assert scoring.legal_spaces(game.rules, anna, (2, 3)) == [(2, 1), (2, 2)]
    assert scoring.legal_spaces(game.rules, anna, None) == [(1, 3), (2, 1), (2, 2)]
