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


def test_an_item_count_that_is_not_a_number_is_a_state_error() -> None:
    """Mutant: the fast path compared "2" >= 0 (a TypeError instead of a clear message)."""
    with pytest.raises(StateError, match=r"players\[0\]\.kitchen\.cake: expected a whole number, got '2'"):
        score(state(3, player(kitchen={"cake": "2"})))


def test_a_player_given_only_a_name_starts_from_nothing() -> None:
    """Every number a state leaves out is 0 (mutants: other defaults). After round 1 nothing is scored,
    so the state comes back as read; after round 7 with c-points: space 0 pays 0, penalty on 0 points: 0."""
    tiles = {"A": "a-krones", "B": "b-krones", "C": "c-points"}
    anna = after(score({"round": 1, "tiles": tiles, "players": [{"name": "Anna"}]}))
    assert (anna["points"], anna["krones"], anna["emperor"], anna["objectives"]) == (0, 0, 0, 0)
    assert (anna["hand"], anna["hired"], anna["cafe"]) == ([], [], [])
    assert set(anna["kitchen"].values()) <= {0}
    assert anna["hotel"] == [".....", ".....", ".....", "....."]
    assert score({"round": 7, "tiles": tiles, "players": [{"name": "Anna"}]})["final"][0]["total"] == 0


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"points": -1}, r"players\[0\]\.points: -1 is out of range \(0 or more\)"),
        ({"hand": [0]}, r"players\[0\]\.hand\[0\]: 0 is out of range \(1 or more\)"),
        (
            {"choices": {"prepare_room": 23}},
            r'players\[0\]\.choices\.prepare_room: expected a room as "floor\.column" or null, got 23',
        ),
        (
            {"choices": {"prepare_room": "a.b"}},
            r'players\[0\]\.choices\.prepare_room: expected a room as "floor\.column" or null, got \'a\.b\'',
        ),
    ],
)
def test_out_of_range_numbers_and_malformed_rooms_are_state_errors(fields: dict[str, object], message: str) -> None:
    """Mutants: a lower bound moved, and a room parser that let a number or 'a.b' through to a crash.
    Anna on 6 after round 3 (a-free-room): 4 points, back to 3: the bonus asks for a room."""
    with pytest.raises(StateError, match=message):
        score(state(3, player(emperor=6, **fields), A="a-free-room"))


def test_a_missing_tile_for_the_scoring_is_a_state_error() -> None:
    """Mutant: the check for the tile of this round's tier skipped (a KeyError later)."""
    with pytest.raises(StateError, match=r"tiles: round 3 ends with an Emperor scoring of tier A, but no A tile"):
        score({"round": 3, "tiles": {"B": "b-krones", "C": "c-points"}, "players": [{"name": "Anna"}]})


def test_a_negative_item_count_is_a_state_error() -> None:
    """Mutant: the fast path accepted counts from -1."""
    with pytest.raises(StateError, match=r"players\[0\]\.kitchen\.cake: -1 is out of range \(0 or more\)"):
        score(state(3, player(kitchen={"cake": -1})))


# --- setup ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "setup", "players", "message"),
    [
        ("base", {"hand_size": 13}, 4, r"setup: 4 hands of 13 need more than the 48 Staff cards"),
        ("introductory", {"sets": {"A": [1, 2], "B": [2, 3]}}, 2, r"set B: Staff card 2 is unknown or already dealt"),
        ("introductory", {"sets": {"A": [1, 2], "B": [99]}}, 2, r"set B: Staff card 99 is unknown or already dealt"),
    ],
)
def test_the_deal_checks_setup_data_it_is_given(
    rules: str, setup: dict[str, object], players: int, message: str
) -> None:
    """The front end refuses such rules; the runtime checks again when called directly (mutants: checks gone)."""
    mod = module(rules)
    names = ["Anna", "Ben", "Cleo", "Dora"][:players]
    with pytest.raises(mod.StateError, match=message):
        mod.deal_game(mod.RULES, {**mod.SETUP, **setup}, names, 1, None)


def test_a_draw_below_1_is_always_0() -> None:
    """The deal's random numbers: below(1) is allowed and gives 0 (mutant: bounds from 2)."""
    assert module().SplitMix64(5).below(1) == 0


def variant(folder: Path, name: str, body: str) -> str:
    """A test variant of base: the file written under `folder`, its path returned (for module())."""
    path = folder / f"{name}.yaml"
    path.write_text(
        f"extends: base\nname: {name}\ntitle: {name} (test)\ndescription: A test variant.\n{body}", encoding="utf-8"
    )
    return str(path)


@pytest.mark.parametrize(
    ("packet", "keep", "players"),
    [
        (12, 1, 4),  # 4 x 12 = all 48 cards: allowed, the deck holds 24 after (mutant: refused)
        (8, 2, 3),  # keeping 2 a pick, hands of 6: 3 picks (mutant: 6 x 2 = 12 picks)
    ],
)
def test_drafts_deal_full_hands_and_keep_every_card(tmp_path: Path, packet: int, keep: int, players: int) -> None:
    deal = f"{{method: draft, hand_size: 6, packet_size: {packet}, keep_per_pick: {keep}, direction: left}}"
    rules = variant(tmp_path, "drafted", f"setup:\n  deal: {deal}\n")
    dealt = module(rules).setup_game(["Anna", "Ben", "Cleo", "Dora"][:players], 5)
    assert [len(p["hand"]) for p in dealt["players"]] == [6] * players
    assert len(dealt["staff_deck"]) == 48 - 6 * players
    held = sorted([n for p in dealt["players"] for n in p["hand"]] + dealt["staff_deck"])
    assert held == list(range(1, 49))


@pytest.mark.parametrize("room", ["1.0", "0.1", "5.1", "1.6"])
def test_a_starting_room_outside_the_hotel_is_refused(room: str) -> None:
    """The deal checks the setup's starting rooms against the 4 x 5 hotel (mutant: columns from 0)."""
    mod = module()
    with pytest.raises(StateError, match=rf"setup: starting room '{room}' is outside the hotel"):
        mod.deal_game(mod.RULES, {**mod.SETUP, "hotel_rooms": [room]}, ["Anna", "Ben"], 1, None)


# --- losses --------------------------------------------------------------------------------------

TAX = """\
tiles:
  c-tax:
    tier: C
    name: Tax
    bonus:
      - {kind: gain_krones, amount: 1}
    penalty:
      effects:
        - {kind: lose_krones, amount: 3}
"""


@pytest.mark.parametrize(("krones", "left"), [(5, 2), (1, 0), (0, 0)])
def test_a_krone_loss_takes_what_there_is(tmp_path: Path, krones: int, left: int) -> None:
    """Ruling 5.1: krones never go below 0 (mutant: a loss from 0 krones took 1). Anna on 0: penalty."""
    result = score(state(7, player(krones=krones), C="c-tax"), variant(tmp_path, "krone-tax", TAX))
    assert after(result)["krones"] == left


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
    return variant(tmp_path_factory.mktemp("rules"), "strict-removal", STRICT)


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


def test_completing_a_red_group_is_explained() -> None:
    """Mutant: the "completes a red group" line left out (red groups pay krones, which have no reason text).

    Round 7, c-occupied-room, Anna on 10: 6 points, back to 3: bonus: a free occupied room. 2.4 completes
    the red group 1.3 1.4 2.3 2.4: 10 krones, better than any other space (1.5: a blue single, 2 points)."""
    result = score(state(7, player(emperor=10, hotel=[".....", ".....", "..o..", "oooo."]), C="c-occupied-room"))
    assert "Anna completes a red group of 4" in texts(result)
    assert after(result)["krones"] == 10
    assert after(result)["hotel"] == [".....", ".....", "..oo.", "oooo."]


def test_events_name_cards_by_name_and_number() -> None:
    """Mutant: the card's cost shown instead of its name.

    c-free-staff penalty (round 7): Anna on 2 scores 2, lands on 0; her only game-end Staff goes."""
    result = score(state(7, player(emperor=2, hired=[27]), C="c-free-staff"))
    assert "Anna discards hired Booking Manager (27)" in texts(result)


# --- the hotel -------------------------------------------------------------------------------------


def test_a_space_next_to_a_room_on_its_right_only_is_legal() -> None:
    """Placement (GR 3): a room goes next to any room, here only the one to its right (mutant: that side ignored).

    Rooms 1.1 2.1 3.1 3.2 3.3 3.4 2.4 1.4: space 1.3 touches only 1.4 (2.3 and 1.2 are empty).
    a-free-room bonus (round 3): Anna on 6 scores 4, lands on 3; she records room 1.3: it is legal and placed vacant."""
    hotel = [".....", "oooo.", "o..o.", "o..o."]
    result = score(state(3, player(emperor=6, hotel=hotel, choices={"prepare_room": "1.3"}), A="a-free-room"))
    assert after(result)["hotel"] == [".....", "oooo.", "o..o.", "o.vo."]


# --- setup -------------------------------------------------------------------------------------------


# --- the quantity vocabulary -------------------------------------------------------------------------

# Anna on 10 after round 7: 6 points, back 7 to 3: the bonus of a C tile that pays 3 per QUANTITY.
# Hotel (top floor first) ".....", "o....", "ovoo.", "ooooo": occupied 1.1B 1.2Y 1.3R 1.4R 1.5B 2.1Y 2.3R
# 2.4R 3.1B (9), vacant 2.2Y (1): red 4, blue 3, yellow 2; room tiles 10; full floors 1 (floor 1);
# full columns 0; full groups {1.1} {1.5} {1.3 1.4 2.3 2.4} = 3; colour sets min(4, 3, 2) = 2.
QUANTITIES = {
    "occupied_rooms": 9,
    "occupied_red_rooms": 4,
    "occupied_blue_rooms": 3,
    "occupied_yellow_rooms": 2,
    "vacant_rooms": 1,
    "room_tiles": 10,
    "full_floors": 1,
    "full_columns": 0,
    "full_groups": 3,
    "colour_sets": 2,
    "hired_staff": 3,  # 27, 5, 12
    "hired_game_end_staff": 1,  # only 27 (Booking Manager) is a game-end card
    "staff_in_hand": 2,
    "krones": 4,
    "kitchen_items": 3,
    "cafe_guests": 2,
    "cafe_items": 1,
    "objectives": 2,
    "emperor_position": 3,  # after the move back
}


@pytest.mark.parametrize(("quantity", "value"), sorted(QUANTITIES.items()))
def test_every_quantity_counts_what_it_says(tmp_path: Path, quantity: str, value: int) -> None:
    """Each quantity of the vocabulary, through a tile (some no shipped ruleset uses: mutants went unseen)."""
    rules = variant(
        tmp_path,
        "per-quantity",
        "tiles:\n  c-per:\n    tier: C\n    name: Per\n"
        f"    bonus:\n      - {{kind: points_per_quantity, quantity: {quantity}, points: 3}}\n"
        "    penalty:\n      effects:\n        - {kind: lose_points, amount: 1}\n",
    )
    anna = player(
        emperor=10,
        hotel=[".....", "o....", "ovoo.", "ooooo"],
        hired=[27, 5, 12],
        hand=[1, 2],
        krones=4,
        kitchen={"cake": 2, "wine": 1},
        cafe=[{"cake": 1}, {}],
        objectives=2,
    )
    assert after(score(state(7, anna, C="c-per"), rules))["points"] == 6 + 3 * value
