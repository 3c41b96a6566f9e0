"""Edges of the runtime that mutation testing (tests/mutation/run.py) found no test for.

Each test names the mutant it kills; the numbers are worked out by hand as in
test_scoring_scenarios.py (track: space 8 pays 5, 9 pays 6; base move-backs 3 / 5 / 7).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_scoring import after, module, player, score, state, texts

StateError = module().StateError


# --- reading a state -----------------------------------------------------------------------------


def test_an_unknown_top_level_key_is_named() -> None:
    """Mutant: the message read unknown[1] (an IndexError with one unknown key)."""
    data = state(3, player()) | {"scores": []}
    with pytest.raises(StateError, match=r"^state: unknown key 'scores'; expected: players, round, "):
        score(data)


def test_a_kitchen_that_is_a_list_is_a_state_error() -> None:
    """Mutant: the fast path taken for anything but a dict (an AttributeError instead of a clear message)."""
    with pytest.raises(StateError, match=r"players\[0\]\.kitchen: expected a mapping, got \[1\]"):
        score(state(3, player(kitchen=[1])))


def test_a_negative_item_count_is_a_state_error() -> None:
    """Mutant: the fast path accepted counts from -1."""
    with pytest.raises(StateError, match=r"players\[0\]\.kitchen\.cake: -1 is out of range \(0 or more\)"):
        score(state(3, player(kitchen={"cake": -1})))


# --- setup ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("room", ["1.0", "0.1", "5.1", "1.6"])
def test_a_starting_room_outside_the_hotel_is_refused(room: str) -> None:
    """The deal checks the setup's starting rooms against the 4 x 5 hotel (mutant: columns from 0)."""
    mod = module()
    with pytest.raises(StateError, match=rf"setup: starting room '{room}' is outside the hotel"):
        mod.deal_game(mod.RULES, {**mod.SETUP, "hotel_rooms": [room]}, ["Anna", "Ben"], 1, None)


# --- explanations --------------------------------------------------------------------------------


def test_removals_say_which_kind_of_room_goes() -> None:
    """Mutant: "occupied" and "vacant" swapped in the removal text.

    c-occupied-room penalty (round 7): Anna on 2 scores 2, lands on 0; she loses occupied
    room 2.1, then one strictly below it: 1.1. a-free-room penalty (round 3): Ben on 1
    scores 1, lands on 0; he loses vacant room 2.1.
    """
    occupied = score(state(7, player(emperor=2, hotel=[".....", ".....", "o....", "o...."]), C="c-occupied-room"))
    assert "Anna removes occupied room 2.1" in texts(occupied)
    assert "Anna removes occupied room 1.1" in texts(occupied)
    vacant = score(state(3, player("Ben", emperor=1, hotel=[".....", ".....", "v....", "o...."]), A="a-free-room"))
    assert "Ben removes vacant room 2.1" in texts(vacant, "Ben")
    assert after(vacant, "Ben")["hotel"] == [".....", ".....", ".....", "o...."]


# --- a penalty that removes rooms on distinct floors, or else costs points ---------------------------

STRICT = """\
extends: base
name: strict-removal
title: Strict removal (test ruleset)
description: A C tile whose penalty removes two occupied rooms on distinct floors, or else costs 5 points.
tiles:
  c-strict:
    tier: C
    name: Strict
    bonus:
      - {kind: gain_points, amount: 1}
    penalty:
      prefer:
        - {kind: remove_rooms, state: occupied, count: 2, pick: highest_then_strictly_below}
      otherwise:
        - {kind: lose_points, amount: 5}
"""


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> str:
    path: Path = tmp_path_factory.mktemp("rules") / "strict-removal.yaml"
    path.write_text(STRICT, encoding="utf-8")
    return str(path)


def test_strict_removal_needs_rooms_on_two_floors(strict: str) -> None:
    """Two occupied rooms side by side on floor 1 are one floor: the first option cannot be taken fully,
    so Anna loses 5 points instead (mutant: distinct columns counted, and the rooms went).

    Anna on 1 with 7 points: scores 1 (8), back 7 to 0: penalty: 8 - 5 = 3, rooms kept."""
    result = score(
        state(7, player(emperor=1, points=7, hotel=[".....", ".....", ".....", "oo..."]), C="c-strict"), strict
    )
    assert after(result)["points"] == 3
    assert after(result)["hotel"] == [".....", ".....", ".....", "oo..."]


def test_strict_removal_takes_rooms_on_two_floors(strict: str) -> None:
    """Rooms on floors 1 and 2: the first option is taken: 2.1 goes, then 1.1 (strictly below); no points lost."""
    hotel = [".....", ".....", "o....", "o...."]
    result = score(state(7, player(emperor=1, points=7, hotel=hotel), C="c-strict"), strict)
    assert after(result)["points"] == 8
    assert after(result)["hotel"] == [".....", ".....", ".....", "....."]
