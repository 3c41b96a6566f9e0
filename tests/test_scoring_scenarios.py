"""Hand-worked scoring scenarios: each a small explicit state, exact numbers, the rule named.

References: "GR <n>" is section n of the project's game reference (1 the Emperor
track, 2 the Emperor tiles, 3 the hotel, 4 the Staff cards, 5 the rulings, which
rules/base.yaml labels "ruling 5.N"). Track points (GR 1):
space  0 1 2 3 4 5 6 7 8 9 10 11 12 13
points 0 1 2 3 3 4 4 5 5 6  6  7  8  9
Move back 3 / 5 / 7 after rounds 3 / 5 / 7; landing >= 3 bonus, 1-2 nothing, 0 penalty.
Hotel colours (GR 3), floor.column:
floor 4: 4.1 B  4.2 R  4.3 B  4.4 R  4.5 B
floor 3: 3.1 B  3.2 R  3.3 B  3.4 Y  3.5 Y
floor 2: 2.1 Y  2.2 Y  2.3 R  2.4 R  2.5 Y
floor 1: 1.1 B  1.2 Y  1.3 R  1.4 R  1.5 B
Hotels in states are written top floor first.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers_rules import shipped_root
from helpers_scoring import ROOT, after, events, final, kitchen, module, player, score, state, texts

StateError = module().StateError

# The final-scoring hotel used by the game-end Staff tests (see test_game_end_staff):
# occupied 1.1B 1.2Y 1.3R 1.4R 1.5B 2.1Y 2.3R 2.4R 3.1B (9), vacant 2.2Y.
# red 4, blue 3, yellow 2; room tiles 10; full groups {1.1} {1.5} {1.3,1.4,2.3,2.4} = 3;
# full floors 1 (floor 1); full columns 0; colour sets min(4, 3, 2) = 2;
# occupied rooms by floor: 5 x 1 + 3 x 2 + 1 x 3 = 14.
H = [".....", "o....", "ovoo.", "ooooo"]


def neutral_round7(**fields: Any) -> dict[str, Any]:
    """A round-7 player on space 9: scores 6, moves back to 2 (neutral): nothing else happens."""
    fields.setdefault("emperor", 9)
    return player(fields.pop("name", "Anna"), **fields)


# --- GR 1: the Emperor track --------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "points", "landing", "krones_after"),
    [
        # a-krones, krones 3. Start 6: 4 points, 6-3 = 3 yellow: bonus +3 krones -> 6.
        (6, 4, 3, 6),
        # Start 5: 4 points, lands 2 (neutral): nothing -> 3.
        (5, 4, 2, 3),
        # Start 4: 3 points, lands 1 (neutral): nothing -> 3.
        (4, 3, 1, 3),
        # Start 3: 3 points, lands 0 (black): penalty, 3 krones taken fully -> 0.
        (3, 3, 0, 0),
    ],
)
def test_zone_edges_after_moving_back(start: int, points: int, landing: int, krones_after: int) -> None:
    """GR 1: landing on 3 gives the bonus, on 1 or 2 nothing, on 0 the penalty."""
    result = score(state(3, player(emperor=start, krones=3)))
    anna = after(result)
    assert (anna["points"], anna["emperor"], anna["krones"]) == (points, landing, krones_after)


@pytest.mark.parametrize(("start", "points"), [(2, 2), (1, 1), (0, 0)])
def test_move_back_never_below_zero(start: int, points: int) -> None:
    """GR 1: move back 3 from space 2, 1 or 0 stops on 0 (not -1, -2, -3) and gives the penalty."""
    # a-krones penalty with 3 krones: 3 - 3 = 0 krones; points are the space's points.
    result = score(state(3, player(emperor=start, krones=3)))
    anna = after(result)
    assert (anna["emperor"], anna["points"], anna["krones"]) == (0, points, 0)
    assert events(result, kind="move_back")[0]["space"] == 0


@pytest.mark.parametrize(
    ("start", "expected"),
    [
        # round 7, c-points (+8 / -8), 20 points before; landing = max(0, start - 7).
        (0, 20 + 0 - 8),  # lands 0: penalty
        (1, 20 + 1 - 8),
        (2, 20 + 2 - 8),
        (3, 20 + 3 - 8),
        (4, 20 + 3 - 8),
        (5, 20 + 4 - 8),
        (6, 20 + 4 - 8),
        (7, 20 + 5 - 8),  # 7 - 7 = 0: penalty
        (8, 20 + 5),  # lands 1: nothing
        (9, 20 + 6),  # lands 2: nothing
        (10, 20 + 6 + 8),  # lands 3: bonus
        (11, 20 + 7 + 8),
        (12, 20 + 8 + 8),
        (13, 20 + 9 + 8),
    ],
)
def test_every_track_space_pays_its_points(start: int, expected: int) -> None:
    """GR 1: the points under each space 0..13, then the round-7 move back of 7."""
    result = score(state(7, player(emperor=start, points=20)))
    assert after(result)["points"] == expected
    assert after(result)["emperor"] == max(0, start - 7)
    assert events(result, kind="score")[0]["points"] == [0, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9][start]


def test_marker_stays_where_it_lands_across_scorings() -> None:
    """GR 1: the marker does not reset: round 5 leaves it on 4, round 7 starts from there."""
    # Round 5: space 9 pays 6; 9 - 5 = 4: b-krones bonus +5 krones.
    first = score(state(5, player(emperor=9)))
    anna = after(first)
    assert (anna["points"], anna["emperor"], anna["krones"]) == (6, 4, 5)
    # Round 7 from that state: space 4 pays 3 (6 + 3 = 9); 4 - 7 -> 0: c-points penalty 9 - 8 = 1.
    second_state = dict(first["state"], round=7)
    second = score(second_state)
    anna = after(second)
    assert (anna["points"], anna["emperor"]) == (1, 0)


def test_top_space_round_7_bonus() -> None:
    """GR 1: space 13 pays 9; 13 - 7 = 6 is yellow: c-points bonus +8 -> 17."""
    anna = after(score(state(7, player(emperor=13))))
    assert (anna["points"], anna["emperor"]) == (17, 6)


@pytest.mark.parametrize("round_", [0, 1, 2, 4, 6])
def test_rounds_without_scoring_change_nothing(round_: int) -> None:
    """GR 1: the Emperor scores only after rounds 3, 5, 7: other rounds (and round 0) change nothing."""
    anna = player(
        points=12,
        krones=4,
        emperor=0,
        kitchen={"wine": 2},
        hand=[3],
        hired=[42],
        hotel=[".....", "o....", "ov...", "oo..."],
    )
    data = state(round_, anna, deck=[5, 6])
    result = score(data)
    assert result["events"] == []
    assert "final" not in result and "standings" not in result
    written = after(result)
    assert written["kitchen"] == kitchen(wine=2)
    for key in ("points", "krones", "emperor", "hotel", "hand", "hired", "cafe", "objectives"):
        assert written[key] == anna[key], key
    assert result["state"]["staff_deck"] == [5, 6]


def test_round_0_without_a_deck_lists_every_unheld_card() -> None:
    """State format (DESIGN): no staff_deck means every card nobody holds, lowest on top."""
    result = score(state(0, player(hand=[1, 2], hired=[48])))
    assert result["state"]["staff_deck"] == list(range(3, 48))


# --- GR 2: the 12 Emperor tiles -------------------------------------------------------------


def test_a_krones_bonus() -> None:
    """GR 2 a-krones bonus: space 6 pays 4, lands 3: +3 krones."""
    anna = after(score(state(3, player(emperor=6))))
    assert (anna["points"], anna["krones"]) == (4, 3)


def test_a_krones_penalty_taken_fully_with_exactly_3_krones() -> None:
    """GR 2 a-krones penalty / ruling 2: 3 krones exactly: lose the 3 krones, keep the points."""
    result = score(state(3, player(emperor=0, krones=3, points=10)))
    anna = after(result)
    assert (anna["krones"], anna["points"]) == (0, 10)
    assert events(result, kind="krones")[0]["krones"] == -3


def test_a_krones_penalty_with_2_krones_costs_5_points() -> None:
    """GR 2 a-krones penalty / ruling 2: 2 krones cannot pay 3 fully: lose 5 points, keep the 2 krones."""
    result = score(state(3, player(emperor=0, krones=2, points=10)))
    anna = after(result)
    assert (anna["krones"], anna["points"]) == (2, 5)
    assert "Anna cannot take the first option fully" in texts(result)


def test_points_floor_when_losing_more_than_you_have() -> None:
    """Ruling 1: 3 points, lose 5 (a-krones penalty, 2 krones): points stop at 0."""
    result = score(state(3, player(emperor=0, krones=2, points=3)))
    assert after(result)["points"] == 0
    assert events(result, kind="points")[0]["points"] == -3


def test_krones_floor_in_a_penalty_without_alternative() -> None:
    """Ruling 1 + 3: a house tile 'lose 3 krones' (no alternative) with 2 krones: krones stop at 0."""
    # a-krones's prefer part is all-or-nothing, so use the runtime primitive the effect compiles to.
    mod = module()
    game = mod.read_game(mod.RULES, state(0, player(krones=2)))
    anna_player = game.players[0]
    mod.lose_krones(game, anna_player, 3)
    assert anna_player.krones == 0
    assert game.events[-1]["krones"] == -2


def test_a_two_items_bonus_default_fills_the_thinnest_kinds() -> None:
    """GR 2 a-two-items bonus: 2 items of your choice; default: fewest-held kind first, rules order on ties."""
    # Kitchen strudel 1, cake 1, wine 1, coffee 0: first coffee (0), then all at 1 -> strudel.
    result = score(state(3, player(emperor=6, kitchen={"strudel": 1, "cake": 1, "wine": 1}), A="a-two-items"))
    assert after(result)["kitchen"] == kitchen(strudel=2, cake=1, wine=1, coffee=1)


def test_a_two_items_bonus_recorded_repeat() -> None:
    """GR 2 a-two-items bonus: repeats allowed: recorded [wine, wine] -> wine 1 + 2 = 3."""
    anna = player(emperor=6, kitchen={"wine": 1}, choices={"choose_items": ["wine", "wine"]})
    result = score(state(3, anna, A="a-two-items"))
    assert after(result)["kitchen"] == kitchen(wine=3)


def test_a_two_items_penalty_returns_the_kitchen_not_the_cafe() -> None:
    """GR 2 a-two-items penalty: every kitchen item goes back; items on guests stay."""
    anna = player(emperor=0, kitchen={"strudel": 2, "wine": 1}, cafe=[{"cake": 1}])
    result = score(state(3, anna, A="a-two-items"))
    assert after(result)["kitchen"] == kitchen()
    assert after(result)["cafe"] == [kitchen(cake=1)]
    assert events(result, kind="items")[0]["returned"] == 3


def test_a_two_items_penalty_on_an_empty_kitchen_does_nothing() -> None:
    """Ruling 3: an effect without alternative goes as far as it can: an empty kitchen returns 0 items."""
    result = score(state(3, player(emperor=0, points=4), A="a-two-items"))
    assert after(result)["points"] == 4
    assert events(result, kind="items")[0]["returned"] == 0


def test_a_draw_staff_bonus_default_plays_the_best_card() -> None:
    """GR 2 a-draw-staff bonus: draw 3 from the top, play 1 for cost-3, the rest under the deck in drawn order."""
    # Deck 21 40 10 | 5 6. Costs after -3: Chef 3->0, Marketing Director 2->0 (not -1), Chauffeur 5->2.
    # Projected: Chef +4 kitchen items; Marketing Director 5 x 0 objectives = 0; Chauffeur -2 krones.
    # Chef is played at no cost (and gives 1 of each item); 40, 10 go under: 5 6 40 10.
    result = score(state(3, player(emperor=6, krones=2), deck=[21, 40, 10, 5, 6], A="a-draw-staff"))
    anna = after(result)
    assert anna["hired"] == [21]
    assert anna["krones"] == 2
    assert anna["kitchen"] == kitchen(strudel=1, cake=1, wine=1, coffee=1)
    assert result["state"]["staff_deck"] == [5, 6, 40, 10]
    assert events(result, kind="staff")[0]["cards"] == [21, 40, 10]


def test_a_draw_staff_bonus_recorded_play_and_order() -> None:
    """GR 2 a-draw-staff bonus: recorded play Chauffeur (5 - 3 = 2 krones), the others under as recorded."""
    anna = player(emperor=6, krones=2, choices={"play_staff": 10, "drawn_to_bottom": [40, 21]})
    result = score(state(3, anna, deck=[21, 40, 10, 5, 6], A="a-draw-staff"))
    assert after(result)["hired"] == [10]
    assert after(result)["krones"] == 0
    assert result["state"]["staff_deck"] == [5, 6, 40, 21]


def test_a_draw_staff_bonus_must_afford_the_card() -> None:
    """GR 2 a-draw-staff bonus: 1 krone buys none of 10 (5-3=2), 9 (5-3=2), 25 (6-3=3): all 3 go under."""
    result = score(state(3, player(emperor=6, krones=1), deck=[10, 9, 25, 1], A="a-draw-staff"))
    assert after(result)["hired"] == []
    assert after(result)["krones"] == 1
    assert result["state"]["staff_deck"] == [1, 10, 9, 25]


def test_a_draw_staff_discount_not_below_zero() -> None:
    """GR 2 a-draw-staff: Pool Attendant costs 1 - 3 -> 0 (no krones back); it moves the marker 3 -> 6."""
    # 0 krones: Breakfast Server 4-3=1 and Waitress 6-3=3 are unaffordable; Pool Attendant is free.
    result = score(state(3, player(emperor=6), deck=[45, 1, 2], A="a-draw-staff"))
    anna = after(result)
    assert (anna["hired"], anna["krones"], anna["emperor"]) == ([45], 0, 6)


def test_a_draw_staff_marketing_director_worth_more_with_objectives() -> None:
    """GR 2 + GR 4: with 1 objective, Marketing Director projects 5 x 1 = 5 > Chef's 4 items: it is played."""
    result = score(state(3, player(emperor=6, objectives=1), deck=[21, 40, 10], A="a-draw-staff"))
    assert after(result)["hired"] == [40]
    assert result["state"]["staff_deck"] == [21, 10]


def test_a_draw_staff_penalty_two_cards_under_the_deck() -> None:
    """GR 2 a-draw-staff penalty: 2 cards from hand under the deck; default: cheapest first (12: 2, then 1: 4)."""
    result = score(state(3, player(emperor=0, points=10, hand=[1, 5, 12]), deck=[30], A="a-draw-staff"))
    anna = after(result)
    assert (anna["hand"], anna["points"]) == ([5], 10)
    assert result["state"]["staff_deck"] == [30, 12, 1]


def test_a_draw_staff_penalty_recorded_cards() -> None:
    """GR 2 a-draw-staff penalty: recorded hand_to_deck [5, 1] go under in that order."""
    anna = player(emperor=0, points=10, hand=[1, 5, 12], choices={"hand_to_deck": [5, 1]})
    result = score(state(3, anna, deck=[30], A="a-draw-staff"))
    assert after(result)["hand"] == [12]
    assert result["state"]["staff_deck"] == [30, 5, 1]


def test_a_draw_staff_penalty_with_one_card_costs_5_points() -> None:
    """GR 2 a-draw-staff penalty / ruling 2: 1 card in hand cannot give 2: lose 5 points, keep the card."""
    result = score(state(3, player(emperor=0, points=10, hand=[5]), deck=[30], A="a-draw-staff"))
    anna = after(result)
    assert (anna["hand"], anna["points"]) == ([5], 5)
    assert result["state"]["staff_deck"] == [30]


def test_a_free_room_bonus_first_room_goes_on_1_1() -> None:
    """GR 2 a-free-room + GR 3 placement: with no rooms, the only legal space is 1.1; it is free."""
    result = score(state(3, player(emperor=6, krones=0), A="a-free-room"))
    assert after(result)["hotel"] == [".....", ".....", ".....", "v...."]
    assert after(result)["krones"] == 0


def test_a_free_room_bonus_must_be_adjacent() -> None:
    """GR 3 placement: next to 1.1 only 1.2 and 2.1 are legal; 1.3 is refused with the legal list."""
    anna = player(emperor=6, hotel=[".....", ".....", ".....", "o...."], choices={"prepare_room": "1.3"})
    with pytest.raises(
        StateError, match=r"choices\.prepare_room: 1\.3 is not a legal choice here; legal: 1\.2, 2\.1, none"
    ):
        score(state(3, anna, A="a-free-room"))


def test_a_free_room_bonus_recorded_floor_2_costs_nothing() -> None:
    """GR 2 a-free-room: recorded 2.1 (normally 1 krone on floor 2) is placed free: 5 krones stay 5."""
    anna = player(emperor=6, krones=5, hotel=[".....", ".....", ".....", "o...."], choices={"prepare_room": "2.1"})
    result = score(state(3, anna, A="a-free-room"))
    assert after(result)["hotel"] == [".....", ".....", "v....", "o...."]
    assert after(result)["krones"] == 5


def test_a_free_room_bonus_recorded_none() -> None:
    """GR 2 a-free-room: 'you may': recorded null prepares no room."""
    anna = player(emperor=6, hotel=[".....", ".....", ".....", "o...."], choices={"prepare_room": None})
    result = score(state(3, anna, A="a-free-room"))
    assert after(result)["hotel"] == [".....", ".....", ".....", "o...."]


BIG = [".....", "ooo..", "ooooo", "ooooo"]  # floors 1-2 full, 3.1-3.3 occupied


@pytest.mark.parametrize(
    ("hotel", "cell", "printed"),
    [
        (BIG, "3.4", 1),
        (BIG, "3.5", 1),
        (BIG, "4.3", 2),
        (BIG, "4.1", 0),
        ([".....", "ooooo", "ooooo", "ooooo"], "4.4", 2),
        ([".....", "ooooo", "ooooo", "ooooo"], "4.5", 2),
    ],
)
def test_printed_points_on_placement(hotel: list[str], cell: str, printed: int) -> None:
    """GR 3: a room tile on 3.4/3.5 scores 1 point, on 4.3/4.4/4.5 2 points, elsewhere nothing."""
    # Space 6 pays 4, lands 3: a-free-room bonus with the recorded cell.
    anna = player(emperor=6, hotel=hotel, choices={"prepare_room": cell})
    result = score(state(3, anna, A="a-free-room"))
    assert after(result)["points"] == 4 + printed


def test_a_free_room_default_takes_the_printed_points() -> None:
    """Default policy (core.choose): legal 3.4 (+1), 4.1, 4.2, 4.3 (+2): the best projection is 4.3."""
    result = score(state(3, player(emperor=6, hotel=BIG), A="a-free-room"))
    assert after(result)["hotel"][0] == "..v.."
    assert after(result)["points"] == 4 + 2


def test_a_free_room_penalty_removes_the_highest_vacant_room() -> None:
    """GR 2 a-free-room penalty: vacant 1.2 and 2.1: 2.1 is on the higher floor and goes."""
    anna = player(emperor=0, points=10, hotel=[".....", ".....", "v....", "ov..."])
    result = score(state(3, anna, A="a-free-room"))
    assert after(result)["hotel"] == [".....", ".....", ".....", "ov..."]
    assert after(result)["points"] == 10


def test_a_free_room_penalty_equal_rooms_are_the_players_choice() -> None:
    """Ruling 6: vacant 2.1 and 2.2 on the same floor: default leftmost; recorded 2.2 is honoured."""
    hotel = [".....", ".....", "vv...", "oo..."]
    default = score(state(3, player(emperor=0, hotel=hotel), A="a-free-room"))
    assert after(default)["hotel"][2] == ".v..."
    chosen = score(state(3, player(emperor=0, hotel=hotel, choices={"remove_rooms": ["2.2"]}), A="a-free-room"))
    assert after(chosen)["hotel"][2] == "v...."


def test_a_free_room_penalty_without_vacant_room_costs_5_points() -> None:
    """GR 2 a-free-room penalty / ruling 2: no vacant room: lose 5 points, the hotel stays."""
    anna = player(emperor=0, points=10, hotel=[".....", ".....", ".....", "oo..."])
    result = score(state(3, anna, A="a-free-room"))
    assert after(result)["points"] == 5
    assert after(result)["hotel"][3] == "oo..."


def test_b_one_of_each_bonus() -> None:
    """GR 2 b-one-of-each bonus: space 8 pays 5, lands 3: +1 strudel, cake, wine, coffee."""
    result = score(state(5, player(emperor=8, kitchen={"cake": 2}), B="b-one-of-each"))
    assert after(result)["kitchen"] == kitchen(strudel=1, cake=3, wine=1, coffee=1)
    assert after(result)["points"] == 5


def test_b_one_of_each_penalty_returns_kitchen_and_cafe_items_guests_stay() -> None:
    """GR 2 b-one-of-each penalty: kitchen (2) and guests' items (2) go back; the 2 guests stay."""
    anna = player(emperor=0, kitchen={"strudel": 2}, cafe=[{"cake": 1, "wine": 1}, {}])
    result = score(state(5, anna, B="b-one-of-each"))
    assert after(result)["kitchen"] == kitchen()
    assert after(result)["cafe"] == [kitchen(), kitchen()]
    assert events(result, kind="items")[0]["returned"] == 4


def test_b_krones_bonus() -> None:
    """GR 2 b-krones bonus: space 8 pays 5, lands 3: +5 krones."""
    anna = after(score(state(5, player(emperor=8))))
    assert (anna["points"], anna["krones"]) == (5, 5)


def test_b_krones_penalty_exactly_5_krones() -> None:
    """GR 2 b-krones penalty: space 5 pays 4, lands 0; 5 krones taken fully -> 0, points 10 + 4 = 14."""
    anna = after(score(state(5, player(emperor=5, krones=5, points=10))))
    assert (anna["krones"], anna["points"]) == (0, 14)


def test_b_krones_penalty_with_4_krones_costs_7_points() -> None:
    """GR 2 b-krones penalty / ruling 2: 4 krones < 5: 10 + 4 - 7 = 7 points, krones stay 4."""
    anna = after(score(state(5, player(emperor=5, krones=4, points=10))))
    assert (anna["krones"], anna["points"]) == (4, 7)


def test_b_draw_staff_bonus_plays_one_free() -> None:
    """GR 2 b-draw-staff bonus: draw 25 1 2, play one at no cost (Delivery Boy, cost 6, with 0 krones)."""
    # Projections tie at 0 (no game-end cards): the first drawn card is played (ties -> first option).
    result = score(state(5, player(emperor=8), deck=[25, 1, 2, 3], B="b-draw-staff"))
    assert after(result)["hired"] == [25]
    assert after(result)["krones"] == 0
    assert result["state"]["staff_deck"] == [3, 1, 2]


def test_b_draw_staff_penalty_three_cards() -> None:
    """GR 2 b-draw-staff penalty: 3 cards under; cheapest first: 1 (4), 3 (4), 2 (6; 2 < 4)."""
    result = score(state(5, player(emperor=0, points=10, hand=[1, 2, 3, 4]), deck=[30], B="b-draw-staff"))
    assert after(result)["hand"] == [4]
    assert after(result)["points"] == 10
    assert result["state"]["staff_deck"] == [30, 1, 3, 2]


def test_b_draw_staff_penalty_with_two_cards_costs_7_points() -> None:
    """GR 2 b-draw-staff penalty / ruling 2: 2 cards < 3: lose 7 points (10 -> 3), keep both."""
    result = score(state(5, player(emperor=0, points=10, hand=[1, 2]), deck=[30], B="b-draw-staff"))
    assert (after(result)["hand"], after(result)["points"]) == ([1, 2], 3)


def test_b_occupied_room_bonus_default_floor_2() -> None:
    """GR 2 b-occupied-room bonus: next to 1.1: 1.2 (+1 at the end) or 2.1 (+2): 2.1, occupied at once."""
    result = score(state(5, player(emperor=8, hotel=[".....", ".....", ".....", "o...."]), B="b-occupied-room"))
    assert after(result)["hotel"] == [".....", ".....", "o....", "o...."]


def test_b_occupied_room_bonus_first_room_completes_blue_group_of_1() -> None:
    """GR 2 + GR 3: empty hotel: the room goes on 1.1, occupied: blue group of 1 complete: +2 points."""
    result = score(state(5, player(emperor=8), B="b-occupied-room"))
    assert after(result)["hotel"][3] == "o...."
    assert after(result)["points"] == 5 + 2


def test_b_occupied_room_bonus_nothing_without_space_on_floors_1_2() -> None:
    """GR 2 b-occupied-room: floors 1 and 2 full (floor 3 free): no legal space there: nothing."""
    hotel = [".....", ".....", "ooooo", "ooooo"]
    result = score(state(5, player(emperor=8, hotel=hotel), B="b-occupied-room"))
    assert after(result)["hotel"] == hotel
    assert "Anna has no legal space for a room" in texts(result)


def test_b_occupied_room_bonus_refuses_floor_3() -> None:
    """GR 2 b-occupied-room: a recorded room on floor 3 is illegal (floors 1-2 only)."""
    anna = player(emperor=8, hotel=[".....", ".....", "ooooo", "ooooo"], choices={"prepare_room": "3.1"})
    with pytest.raises(StateError, match=r"choices\.prepare_room: 3\.1 is not a legal choice here"):
        score(state(5, anna, B="b-occupied-room"))


def test_b_occupied_room_penalty_removes_two_vacant_rooms_each_highest() -> None:
    """GR 2 b-occupied-room penalty: vacant 3.1, 2.1, 1.2: remove 3.1, then the highest left, 2.1."""
    anna = player(emperor=0, points=10, hotel=[".....", "v....", "v....", "ov..."])
    result = score(state(5, anna, B="b-occupied-room"))
    assert after(result)["hotel"] == [".....", ".....", ".....", "ov..."]
    assert after(result)["points"] == 10


def test_b_occupied_room_penalty_with_one_vacant_room_costs_7_points() -> None:
    """GR 2 b-occupied-room penalty: at most 1 vacant room: lose 7 points, remove none. 10 + 4 - 7 = 7."""
    anna = player(emperor=5, points=10, hotel=[".....", ".....", ".....", "ov..."])
    result = score(state(5, anna, B="b-occupied-room"))
    assert after(result)["hotel"][3] == "ov..."
    assert after(result)["points"] == 7


def test_c_points_bonus_and_penalty() -> None:
    """GR 2 c-points: space 10 pays 6 + 8 = 14; space 7 pays 5, lands 0: 20 + 5 - 8 = 17."""
    assert after(score(state(7, player(emperor=10))))["points"] == 14
    assert after(score(state(7, player(emperor=7, points=20))))["points"] == 17


def test_c_points_penalty_floor() -> None:
    """Ruling 1: 0 points, lose 8: stays 0."""
    assert after(score(state(7, player(emperor=0))))["points"] == 0


def test_c_occupied_room_bonus_completes_red_group_of_4() -> None:
    """GR 2 c-occupied-room + GR 3: 2.4 completes red {1.3,1.4,2.3,2.4}: +10 krones (best projection: 10 + 2)."""
    hotel = [".....", ".....", "ooo..", "ooooo"]
    result = score(state(7, player(emperor=10, hotel=hotel), C="c-occupied-room"))
    anna = after(result)
    assert anna["hotel"] == [".....", ".....", "oooo.", "ooooo"]
    assert (anna["krones"], anna["points"]) == (10, 6)
    # Final: rooms 5 x 1 + 4 x 2 = 13, krones 10.
    assert final(result)["breakdown"]["rooms"] == 13
    assert final(result)["total"] == 6 + 13 + 10


def test_c_occupied_room_penalty_highest_then_strictly_below() -> None:
    """GR 2 c-occupied-room penalty: remove from floor 3 (3.1, leftmost of equals), then from floor 2 (2.1)."""
    hotel = [".....", "oo...", "ooo..", "ooooo"]
    result = score(state(7, player(emperor=0, points=10, hotel=hotel), C="c-occupied-room"))
    # 3.2 stays: the second room must be strictly below floor 3.
    assert after(result)["hotel"] == [".....", ".o...", ".oo..", "ooooo"]
    assert after(result)["points"] == 10


def test_c_occupied_room_penalty_recorded() -> None:
    """Ruling 6: recorded [3.2, 2.3] is honoured; [3.2, 1.1] is refused (1.1 is not on floor 2)."""
    hotel = [".....", "oo...", "ooo..", "ooooo"]
    ok = player(emperor=0, hotel=hotel, choices={"remove_rooms": ["3.2", "2.3"]})
    assert after(score(state(7, ok, C="c-occupied-room")))["hotel"] == [".....", "o....", "oo...", "ooooo"]
    bad = player(emperor=0, hotel=hotel, choices={"remove_rooms": ["3.2", "1.1"]})
    with pytest.raises(
        StateError, match=r"remove_rooms\[1\]: 1\.1 is not a legal choice here; legal: 2\.1, 2\.2, 2\.3"
    ):
        score(state(7, bad, C="c-occupied-room"))


def test_c_occupied_room_penalty_only_one_floor() -> None:
    """Ruling 3: occupied rooms only on floor 1: one is removed (1.1), nothing strictly below, no points lost."""
    result = score(
        state(7, player(emperor=0, points=10, hotel=[".....", ".....", ".....", "oo..."]), C="c-occupied-room")
    )
    assert after(result)["hotel"][3] == ".o..."
    assert after(result)["points"] == 10


def test_c_occupied_room_penalty_without_rooms_does_nothing() -> None:
    """GR 2 c-occupied-room: no points fallback: no occupied room, 10 points stay 10."""
    result = score(
        state(7, player(emperor=0, points=10, hotel=[".....", ".....", ".....", "vv..."]), C="c-occupied-room")
    )
    assert after(result)["points"] == 10
    assert after(result)["hotel"][3] == "vv..."


def test_c_occupied_room_penalty_extra_recorded_rooms_reported() -> None:
    """A recorded decision the scoring never asks for is reported: 2 rooms recorded, only 1 can go (one floor)."""
    anna = player(emperor=0, hotel=[".....", ".....", ".....", "oo..."], choices={"remove_rooms": ["1.2", "1.1"]})
    result = score(state(7, anna, C="c-occupied-room"))
    assert after(result)["hotel"][3] == "o...."
    [unused] = result["unused_choices"]
    assert unused["path"] == "players[0].choices.remove_rooms[1]"
    assert "asked only 1 remove_rooms decision" in unused["message"]


def test_removal_splits_the_hotel_and_rooms_attach_to_any_part() -> None:
    """GR 2 note: a-free-room penalty removes 2.2 and splits the hotel; later 1.4 attaches to the 1.3 part."""
    hotel = [".....", ".....", "ovo..", "o.o.."]  # 1.1-2.1-2.2-2.3-1.3, only 2.2 vacant
    first = score(state(3, player(emperor=0, hotel=hotel), A="a-free-room", B="b-occupied-room"))
    assert after(first)["hotel"] == [".....", ".....", "o.o..", "o.o.."]
    # Round 5, b-occupied-room bonus (space 8 pays 5, lands 3): 1.4 touches only the 1.3-2.3 part.
    later = dict(first["state"], round=5)
    later["players"][0]["emperor"] = 8
    later["players"][0]["choices"] = {"prepare_room": "1.4"}
    second = score(later)
    assert after(second)["hotel"] == [".....", ".....", "o.o..", "o.oo."]


def test_c_staff_points_counts_hired_only() -> None:
    """GR 2 c-staff-points bonus: 3 hired (hand not counted): 6 + 2 x 3 = 12; penalty: 10 - 6 = 4."""
    bonus = after(score(state(7, player(emperor=10, hired=[1, 2, 3], hand=[4, 5]), C="c-staff-points")))
    assert bonus["points"] == 12
    penalty = after(score(state(7, player(emperor=0, points=10, hired=[1, 2, 3], hand=[4]), C="c-staff-points")))
    assert penalty["points"] == 4


def test_c_staff_points_counts_staff_hired_through_an_earlier_tile() -> None:
    """Ruling 5: Chef hired through a-draw-staff after round 3 counts for c-staff-points after round 7."""
    first = score(state(3, player(emperor=6, hired=[1]), deck=[21, 40, 10], A="a-draw-staff", C="c-staff-points"))
    assert after(first)["hired"] == [1, 21]
    later = dict(first["state"], round=7)
    later["players"][0]["emperor"] = 10
    # Space 10 pays 6; lands 3: 2 x 2 hired = 4. Points 4 (round 3) + 6 + 4 = 14.
    assert after(score(later))["points"] == 14


def test_c_free_staff_bonus_plays_the_best_card_free() -> None:
    """GR 2 c-free-staff bonus: Operator (3) free from hand: projects 2 x 3 = 6 > 0: played."""
    result = score(state(7, player(emperor=10, hand=[41, 1]), C="c-free-staff"))
    anna = after(result)
    assert (anna["hired"], anna["hand"], anna["krones"]) == ([41], [1], 0)
    # Final: 6 (space 10) + Operator 2 x 3 = 12.
    assert final(result)["total"] == 12


def test_c_free_staff_penalty_discards_the_least_valuable_game_end_staff() -> None:
    """GR 2 c-free-staff penalty: hired 27 (3 x 2 red = 6) and 31 (1 x 4 = 4): 31 goes to the discard."""
    anna = player(emperor=0, points=10, hired=[27, 31, 5], hotel=[".....", ".....", ".....", "oooo."])
    result = score(
        state(7, anna, C="c-free-staff"),
    )
    assert after(result)["hired"] == [27, 5]
    assert result["state"]["staff_discard"] == [31]
    assert after(result)["points"] == 10


def test_c_free_staff_penalty_recorded_and_refused() -> None:
    """Ruling 6: recorded 27 is discarded; recorded 5 (not game-end) is refused."""
    hotel = [".....", ".....", ".....", "oooo."]
    chosen = player(emperor=0, hired=[27, 31, 5], hotel=hotel, choices={"remove_hired_staff": 27})
    assert after(score(state(7, chosen, C="c-free-staff")))["hired"] == [31, 5]
    bad = player(emperor=0, hired=[27, 31, 5], hotel=hotel, choices={"remove_hired_staff": 5})
    with pytest.raises(StateError, match=r"choices\.remove_hired_staff: 5 is not a legal choice here; legal: 27, 31"):
        score(state(7, bad, C="c-free-staff"))


def test_c_free_staff_penalty_without_game_end_staff_costs_10_points() -> None:
    """GR 2 c-free-staff penalty / ruling 2: no hired game-end Staff: 20 - 10 = 10."""
    result = score(state(7, player(emperor=0, points=20, hired=[5]), C="c-free-staff"))
    assert after(result)["points"] == 10
    assert after(result)["hired"] == [5]


# --- GR 3: group completion and the cap ---------------------------------------------------


def test_yellow_group_beyond_the_cap_via_a_room_tile() -> None:
    """GR 1 + GR 3: 13 pays 9, lands 8; 2.1 completes yellow {1.2,2.1,2.2}: +6 steps: 13 and 1 beyond = +1 point."""
    hotel = [".....", ".....", ".o...", "oo..."]
    result = score(state(5, player(emperor=13, hotel=hotel), B="b-occupied-room"))
    anna = after(result)
    assert anna["hotel"] == [".....", ".....", "oo...", "oo..."]
    assert (anna["emperor"], anna["points"]) == (13, 9 + 1)
    assert events(result, kind="emperor")[0]["beyond"] == 1


def test_pool_attendant_reaches_the_cap_exactly_in_base() -> None:
    """GR 4 Pool Attendant via a-draw-staff: 13 pays 9, lands 10, +3 = 13: no step beyond, 9 points."""
    anna = after(score(state(3, player(emperor=13), deck=[45, 1, 2], A="a-draw-staff")))
    assert (anna["emperor"], anna["points"]) == (13, 9)


def test_pool_attendant_beyond_the_cap_gentle_move_backs() -> None:
    """GR 1 cap: gentle move-backs (2): 13 pays 9, lands 11, Pool Attendant +3: 13 and 1 beyond: 10 points."""
    result = score(state(3, player(emperor=13), deck=[45, 1, 2], A="a-draw-staff"), "gentle-move-backs")
    assert (after(result)["emperor"], after(result)["points"]) == (13, 10)


def colour_variant(tmp_path: Path, colours: dict[str, str]) -> str:
    path = tmp_path / "colours.yaml"
    mapping = ", ".join(f"{k}: {v}" for k, v in colours.items())
    path.write_text(
        f"extends: base\nname: colour-test\ntitle: t\ndescription: d\nhotel:\n  colours: {{{mapping}}}\n",
        encoding="utf-8",
    )
    return str(path)


# The base layout's letters: B groups of 1 ({1.1} {1.5} {4.5}) and 2 ({3.1,4.1} {3.3,4.3}),
# R groups of 1 ({4.4}), 2 ({3.2,4.2}) and 4 ({1.3,1.4,2.3,2.4}), Y groups of 3 ({1.2,2.1,2.2} {2.5,3.4,3.5}).
# Renaming the letters' colours moves every size to every colour.
SWAPS = {
    "base": {"B": "blue", "R": "red", "Y": "yellow"},
    "swap1": {"B": "yellow", "R": "blue", "Y": "red"},
    "swap2": {"B": "red", "R": "yellow", "Y": "blue"},
}
LAST_ROOM = {("B", 1): "4.5", ("B", 2): "4.1", ("R", 1): "4.4", ("R", 2): "4.2", ("R", 4): "2.4", ("Y", 3): "3.5"}
REWARDS = {
    "red": ("krones", {1: 1, 2: 3, 3: 6, 4: 10}),
    "blue": ("points", {1: 2, 2: 5, 3: 9, 4: 15}),
    "yellow": ("emperor", {1: 1, 2: 3, 3: 6, 4: 10}),
}
CASES = sorted(
    {
        (colour, size, swap, letter)
        for swap, colours in SWAPS.items()
        for (letter, size) in LAST_ROOM
        for colour in [colours[letter]]
    }
)
PRINTED = {"4.5": 2, "4.1": 0, "4.4": 2, "4.2": 0, "2.4": 0, "3.5": 1}
FLOOR_POINTS = {"4": 4, "3": 3, "2": 2}


@pytest.mark.parametrize(
    ("colour", "size"),
    sorted({(c, s) for c, s, _w, _l in CASES}),
)
def test_group_completion_rewards_every_colour_and_size(tmp_path: Path, colour: str, size: int) -> None:
    """GR 3: completing a group pays red 1/3/6/10 krones, blue 2/5/9/15 points, yellow 1/3/6/10 steps."""
    swap, letter = next((w, lt) for c, s, w, lt in CASES if (c, s) == (colour, size))
    rules = "base" if swap == "base" else colour_variant(tmp_path, SWAPS[swap])
    cell = LAST_ROOM[(letter, size)]
    floor, column = int(cell[0]), int(cell[2])
    rows = ["ooooo"] * 4
    row = 4 - floor
    rows[row] = rows[row][: column - 1] + "." + rows[row][column:]
    # Round 7, c-occupied-room: space 10 pays 6, lands 3; the recorded room is the group's last one.
    anna = player(emperor=10, hotel=rows, choices={"prepare_room": cell})
    result = score(state(7, anna, C="c-occupied-room"), rules)
    reward, table = REWARDS[colour]
    amount = table[size]
    written = after(result)
    assert written["hotel"] == ["ooooo"] * 4
    expected_points = 6 + PRINTED[cell] + (amount if reward == "points" else 0)
    assert written["points"] == expected_points
    assert written["krones"] == (amount if reward == "krones" else 0)
    assert written["emperor"] == 3 + (amount if reward == "emperor" else 0)


def test_occupying_without_completing_a_group_pays_nothing() -> None:
    """GR 3: 2.1 occupied but 2.2 still empty: yellow {1.2,2.1,2.2} incomplete: no steps."""
    result = score(
        state(
            7,
            player(emperor=10, hotel=[".....", ".....", ".....", "oo..."], choices={"prepare_room": "2.1"}),
            C="c-occupied-room",
        )
    )
    assert after(result)["emperor"] == 3
    assert after(result)["krones"] == 0


# --- GR 4: Staff that change an Emperor scoring, once-effects -------------------------------


def test_gardener_adds_5_with_each_bonus() -> None:
    """GR 4 Gardener: a-krones bonus +3 krones and +5 points: 4 + 5 = 9."""
    anna = after(score(state(3, player(emperor=6, hired=[42]))))
    assert (anna["krones"], anna["points"]) == (3, 9)


def test_gardener_hired_through_the_bonus_does_not_add_to_that_bonus() -> None:
    """GR 4 Gardener, our ruling: only Staff hired before a bonus add to it.

    Round 7, marker 10 -> 3 (yellow), c-free-staff bonus plays Gardener (42) from hand
    at no cost: it is hired, but the bonus it came through gives no +5: points 20 + 6
    (space 10 pays 6) = 26, krones unchanged at 0.
    """
    result = score(state(7, player(emperor=10, points=20, hand=[42], choices={"play_staff": 42}), C="c-free-staff"))
    anna = after(result)
    assert anna["hired"] == [42]
    assert (anna["points"], anna["krones"]) == (26, 0)


def test_gardener_gives_nothing_with_a_penalty() -> None:
    """GR 4 Gardener: only with a bonus: a-krones penalty, 3 krones -> 0, points unchanged."""
    anna = after(score(state(3, player(emperor=0, krones=3, points=10, hired=[42]))))
    assert (anna["krones"], anna["points"]) == (0, 10)


def test_conference_manager_default_pays_1_instead_of_3_krones() -> None:
    """GR 4 Conference Manager: pay 1 krone to ignore the a-krones penalty (-1 beats -3): 3 -> 2."""
    result = score(state(3, player(emperor=0, krones=3, hired=[26])))
    assert after(result)["krones"] == 2
    assert events(result, kind="penalty")[0]["krones"] == -1


def test_conference_manager_recorded_false_takes_the_penalty() -> None:
    """GR 4 Conference Manager: recorded false: the penalty (3 krones) is taken."""
    result = score(state(3, player(emperor=0, krones=3, hired=[26], choices={"conference_manager": False})))
    assert after(result)["krones"] == 0


def test_conference_manager_recorded_true_ignores_c_points_penalty() -> None:
    """GR 4 Conference Manager: recorded true: pay 1 krone, the 8 points stay (20 + 5 for space 7)."""
    anna = player(emperor=7, points=20, krones=1, hired=[26], choices={"conference_manager": True})
    result = score(state(7, anna))
    assert (after(result)["points"], after(result)["krones"]) == (25, 0)


def test_conference_manager_cannot_pay_with_0_krones() -> None:
    """GR 4 Conference Manager: 0 krones: the penalty stands (a-krones, 0 krones: 10 - 5 = 5)."""
    result = score(state(3, player(emperor=0, points=10, hired=[26])))
    assert (after(result)["points"], after(result)["krones"]) == (5, 0)


def test_conference_manager_recorded_true_with_0_krones_is_refused() -> None:
    """GR 4 Conference Manager: a recorded payment without a krone is an illegal choice."""
    anna = player(emperor=0, points=10, hired=[26], choices={"conference_manager": True})
    with pytest.raises(StateError, match=r"choices\.conference_manager: True is not a legal choice here; legal: False"):
        score(state(3, anna))


def test_conference_manager_not_paid_for_a_harmless_penalty() -> None:
    """Default policy: a-two-items penalty on an empty kitchen costs 0; paying costs 1: not paid."""
    result = score(state(3, player(emperor=0, krones=1, hired=[26]), A="a-two-items"))
    assert after(result)["krones"] == 1


@pytest.mark.parametrize(
    ("card", "items"),
    [
        (21, {"strudel": 1, "cake": 1, "wine": 1, "coffee": 1}),  # Chef: 1 of each
        (36, {"wine": 4}),  # Sommelier
        (39, {"cake": 4}),  # Confectioner
        (43, {"coffee": 4}),  # Barista
        (44, {"strudel": 4}),  # Larder Cook
    ],
)
def test_once_effects_of_item_staff_through_a_tile(card: int, items: dict[str, int]) -> None:
    """Ruling 5: a once-effect Staff played through c-free-staff is hired and its items arrive."""
    result = score(state(7, player(emperor=10, hand=[card]), C="c-free-staff"))
    assert after(result)["hired"] == [card]
    assert after(result)["kitchen"] == kitchen(**items)
    # Final: 6 (space 10) + 4 kitchen items.
    assert final(result)["total"] == 10


def test_pool_attendant_through_a_tile() -> None:
    """Ruling 5 + GR 4 Pool Attendant: played free through c-free-staff: lands 3, +3 steps -> 6."""
    result = score(state(7, player(emperor=10, hand=[45]), C="c-free-staff"))
    assert (after(result)["hired"], after(result)["emperor"]) == ([45], 6)


def test_page_boy_through_a_tile_occupies_two_vacant_rooms() -> None:
    """Ruling 5 + GR 4 Page Boy: occupy up to 2 vacant rooms, one decision each.

    Vacant 1.2, 1.3, 2.1 (2.2 occupied). First: 2.1 (floor 2, +2) beats 1.2/1.3 (+1).
    Second: 1.2 and 1.3 tie at +1 (steps are worth nothing at the end): the first listed, 1.2,
    which completes yellow {1.2,2.1,2.2}: +6 steps, 3 -> 9.
    """
    anna = player(emperor=10, hand=[35], hotel=[".....", ".....", "vo...", "ovv.."])
    result = score(state(7, anna, C="c-free-staff"))
    written = after(result)
    assert written["hotel"] == [".....", ".....", "oo...", "oov.."]
    assert written["emperor"] == 9
    assert written["hired"] == [35]


# --- GR 4 + ruling 7: final scoring --------------------------------------------------------


def test_final_scoring_sources() -> None:
    """Ruling 7: rooms 1/2/3/4 per floor, 1 per krone, 1 per kitchen item (not café items), -5 per guest."""
    anna = neutral_round7(
        points=30,
        krones=7,
        kitchen={"strudel": 2, "wine": 1},
        cafe=[{"cake": 2}, {}],
        hotel=["o....", "o....", "o....", "ov..."],
    )
    result = score(state(7, anna))
    entry = final(result)
    # Rooms: 4.1 x 4 + 3.1 x 3 + 2.1 x 2 + 1.1 x 1 = 10 (1.2 vacant: 0); kitchen 3; café 2 x -5 = -10.
    assert entry["breakdown"] == {"staff": 0, "rooms": 10, "krones": 7, "kitchen": 3, "cafe": -10}
    assert entry["points"] == 36  # 30 + 6 for space 9
    assert entry["total"] == 36 + 10 + 7 + 3 - 10


def test_final_total_never_below_zero() -> None:
    """Ruling 1 + 7: 0 points and 2 guests (-10): the total stops at 0 (a points_floor entry makes up the sum)."""
    entry = final(score(state(7, player(emperor=8, cafe=[{}, {}]))))
    # Space 8 pays 5, lands 1: 5 - 10 = -5 -> 0.
    assert entry["total"] == 0
    assert entry["points"] + sum(entry["breakdown"].values()) == 0


@pytest.mark.parametrize(
    ("hired", "objectives", "staff_points"),
    [
        ([27], 0, 12),  # Booking Manager: 3 x 4 occupied red
        ([28], 0, 9),  # Concierge: 3 x 3 occupied blue
        ([30], 0, 6),  # Reception Clerk: 3 x 2 occupied yellow
        ([31], 0, 9),  # Chambermaid: 1 x 9 occupied rooms
        ([32], 0, 2),  # Assistant Manager: 2 x 1 hired (itself)
        ([32, 1, 5], 0, 6),  # Assistant Manager: 2 x 3 hired
        ([34], 0, 10),  # Receptionist: 1 x 10 room tiles (vacant 2.2 counts)
        ([37], 0, 6),  # Room Service: 2 x 3 full groups
        ([40], 2, 10),  # Marketing Director: 5 x 2 objectives
        ([40], 0, 0),
        ([41], 0, 4),  # Operator: 2 x space 2 (after the round-7 move back, not 2 x 9)
        ([46], 0, 5),  # Female Floor Housekeeper: 5 x 1 full floor
        ([47], 0, 0),  # Liftboy: no full column here
        ([48], 0, 8),  # Hotel Manager: 4 x min(4, 3, 2) sets
        ([1, 5, 42, 26], 0, 0),  # no game-end Staff
        # All twelve formulas together: 12+9+6+9+2x12+10+6+10+4+5+0+8 = 103.
        ([27, 28, 30, 31, 32, 34, 37, 40, 41, 46, 47, 48], 2, 103),
    ],
)
def test_game_end_staff(hired: list[int], objectives: int, staff_points: int) -> None:
    """GR 4 game-end table, on hotel H (see top): each formula on the state after round 7."""
    result = score(state(7, neutral_round7(hotel=H, hired=hired, objectives=objectives)))
    entry = final(result)
    assert entry["breakdown"]["staff"] == staff_points
    assert entry["breakdown"]["rooms"] == 14
    assert entry["total"] == 6 + staff_points + 14


def test_liftboy_and_floor_housekeeper_full_column_and_floors() -> None:
    """GR 4 Liftboy 5 per full column, Female Floor Housekeeper 5 per full floor: column 1, floors 1 and 2."""
    hotel = ["o....", "o....", "ooooo", "ooooo"]
    entry = final(score(state(7, neutral_round7(hotel=hotel, hired=[46, 47]))))
    # Liftboy 5 x 1 + FFH 5 x 2 = 15; rooms 5 + 10 + 3 + 4 = 22.
    assert entry["breakdown"]["staff"] == 15
    assert entry["breakdown"]["rooms"] == 22


def test_secretary_copies_the_best_opponent_card_on_its_own_hotel() -> None:
    """GR 4 Secretary: Ben hired 27 and 31; on Anna's hotel H: 27 = 12, 31 = 9: default copies 27."""
    anna = neutral_round7(hotel=H, hired=[29])
    ben = neutral_round7(name="Ben", hired=[27, 31])
    result = score(state(7, anna, ben))
    assert final(result)["breakdown"]["staff"] == 12
    # Ben's own cards on his empty hotel: 0.
    assert final(result, "Ben")["breakdown"]["staff"] == 0
    assert events(result, kind="final")[0]["card"] == 27


def test_secretary_recorded_choice() -> None:
    """GR 4 Secretary: recorded 31 (Chambermaid, 9 occupied rooms on H) is scored: 9."""
    anna = neutral_round7(hotel=H, hired=[29], choices={"secretary": 31})
    ben = neutral_round7(name="Ben", hired=[27, 31])
    assert final(score(state(7, anna, ben)))["breakdown"]["staff"] == 9


def test_secretary_recorded_card_no_opponent_hired_is_refused() -> None:
    """GR 4 Secretary: recorded 40 is not an opponent's hired card: a clear error."""
    anna = neutral_round7(hotel=H, hired=[29], choices={"secretary": 40})
    ben = neutral_round7(name="Ben", hired=[27, 31])
    with pytest.raises(
        StateError,
        match=r"players\[0\]\.choices\.secretary: 40 is not a legal choice here; legal: 27, 31 \(player Anna\)",
    ):
        score(state(7, anna, ben))


def test_secretary_with_none_to_copy() -> None:
    """GR 4 Secretary: no opponent game-end Staff (and another Secretary is not copied): 0; a recorded card is refused."""
    anna = neutral_round7(hotel=H, hired=[29])
    ben = neutral_round7(name="Ben", hired=[5], hand=[27])
    assert final(score(state(7, anna, ben)))["breakdown"]["staff"] == 0
    anna_null = neutral_round7(hotel=H, hired=[29], choices={"secretary": None})
    assert final(score(state(7, anna_null, ben)))["breakdown"]["staff"] == 0
    anna_bad = neutral_round7(hotel=H, hired=[29], choices={"secretary": 27})
    with pytest.raises(StateError, match=r"no opponent has hired a game-end Staff"):
        score(state(7, anna_bad, ben))


def test_secretary_copy_is_scored_on_own_state() -> None:
    """GR 4 Secretary: copying Assistant Manager counts Anna's own hired Staff: 29 and 1: 2 x 2 = 4."""
    anna = neutral_round7(hired=[29, 1])
    ben = neutral_round7(name="Ben", hired=[32])
    result = score(state(7, anna, ben))
    assert final(result)["breakdown"]["staff"] == 4
    assert final(result, "Ben")["breakdown"]["staff"] == 2


def test_operator_uses_the_position_after_the_round_7_move_back() -> None:
    """GR 4 Operator: space 12 pays 8, lands 5 (c-points bonus +8): Operator 2 x 5 = 10."""
    entry = final(score(state(7, player(emperor=12, hired=[41]))))
    assert entry["points"] == 16
    assert entry["breakdown"]["staff"] == 10


# --- rulings 4 and 9: turn order, standings ----------------------------------------------------


def test_turn_order_matters_for_the_shared_deck() -> None:
    """Ruling 4: Anna resolves fully first (draws 21 36 39, plays Chef, 36 39 under); Ben then draws 43 44 45."""
    deck = [21, 36, 39, 43, 44, 45, 1]
    ab = score(state(3, player("Anna", emperor=6), player("Ben", emperor=6), deck=deck, A="a-draw-staff"))
    assert after(ab, "Anna")["hired"] == [21]
    # Ben: Barista, Larder Cook (+4 items each) and Pool Attendant (0) -> Barista, the first of the tied best.
    assert after(ab, "Ben")["hired"] == [43]
    assert ab["state"]["staff_deck"] == [1, 36, 39, 44, 45]
    ba = score(state(3, player("Ben", emperor=6), player("Anna", emperor=6), deck=deck, A="a-draw-staff"))
    assert after(ba, "Ben")["hired"] == [21]
    assert after(ba, "Anna")["hired"] == [43]


def test_deck_runs_through_cards_put_under_earlier() -> None:
    """Ruling 4: a 4-card deck: Anna draws 3 and puts 2 under; Ben draws the last card and those 2."""
    deck = [10, 9, 25, 1]
    # Anna: 0 krones, 10/9/25 unaffordable (2/2/3): all 3 under: deck 1 10 9 25.
    result = score(state(3, player("Anna", emperor=6), player("Ben", emperor=6), deck=deck, A="a-draw-staff"))
    # Ben draws 1 10 9: Breakfast Server costs 4 - 3 = 1 > 0: none; under: 25 1 10 9.
    assert result["state"]["staff_deck"] == [25, 1, 10, 9]
    assert events(result, "Ben", kind="staff")[0]["cards"] == [1, 10, 9]


def test_standings_tie_breaker() -> None:
    """Ruling 9: Anna 20 (tie-breaker 5 krones) beats Ben 20 (3 krones); Cleo 6 is third."""
    anna = neutral_round7(points=9, krones=5)  # 9 + 6 + 5 = 20
    ben = neutral_round7(name="Ben", points=11, krones=3)  # 11 + 6 + 3 = 20
    cleo = neutral_round7(name="Cleo")  # 6
    standings = score(state(7, ben, anna, cleo))["standings"]
    assert standings == [
        {"player": "Anna", "rank": 1, "points": 20, "tiebreak": 5},
        {"player": "Ben", "rank": 2, "points": 20, "tiebreak": 3},
        {"player": "Cleo", "rank": 3, "points": 6, "tiebreak": 0},
    ]


def test_standings_shared_rank() -> None:
    """Ruling 9: equal total and equal kitchen + krones share rank 1; the next is 3 (1, 1, 3)."""
    anna = neutral_round7(points=9, krones=5)  # 20, tie-breaker 5
    ben = neutral_round7(name="Ben", points=9, krones=4, kitchen={"wine": 1})  # 9 + 6 + 4 + 1 = 20, 5
    cleo = neutral_round7(name="Cleo", points=20)  # 26
    dan = neutral_round7(name="Dan")  # 6
    standings = score(state(7, anna, ben, cleo, dan))["standings"]
    assert [(s["player"], s["rank"]) for s in standings] == [("Cleo", 1), ("Anna", 2), ("Ben", 2), ("Dan", 4)]
    two = score(state(7, anna, ben, dan))["standings"]
    assert [(s["player"], s["rank"]) for s in two] == [("Anna", 1), ("Ben", 1), ("Dan", 3)]


def test_tie_breaker_ignores_cafe_items() -> None:
    """Ruling 9: only kitchen items and krones break ties; 3 wine on a guest count for nothing."""
    anna = neutral_round7(points=14, krones=1, cafe=[{"wine": 3}])  # 14 + 6 + 1 - 5 = 16, tb 1
    ben = neutral_round7(name="Ben", points=8, krones=2)  # 8 + 6 + 2 = 16, tb 2
    standings = score(state(7, anna, ben))["standings"]
    assert [(s["player"], s["rank"], s["tiebreak"]) for s in standings] == [("Ben", 1, 2), ("Anna", 2, 1)]


# --- recorded choices and errors -----------------------------------------------------------------


DECK = [21, 40, 10, 30]
ILLEGAL = [
    # (round, tile, player fields, deck, message)
    (
        3,
        "a-two-items",
        {"emperor": 6, "choices": {"choose_items": ["gold", "wine"]}},
        DECK,
        r"choose_items\[0\]: gold is not a legal choice here; legal: strudel, cake, wine, coffee",
    ),
    # 7 was not drawn (21 40 10 were; 10 costs 2, unaffordable with 0 krones).
    (
        3,
        "a-draw-staff",
        {"emperor": 6, "choices": {"play_staff": 7}},
        DECK,
        r"play_staff: 7 is not a legal choice here; legal: 21, 40, none",
    ),
    # 1 krone: 10 (2), 9 (2), 25 (3) are all unaffordable.
    (
        3,
        "a-draw-staff",
        {"emperor": 6, "krones": 1, "choices": {"play_staff": 10}},
        [10, 9, 25],
        r"play_staff: 10 is not a legal choice here: no drawn card is affordable",
    ),
    (
        3,
        "a-draw-staff",
        {"emperor": 6, "choices": {"play_staff": None, "drawn_to_bottom": [21, 30]}},
        DECK,
        r"drawn_to_bottom\[1\]: 30 is not a legal choice here; legal: 40, 10",
    ),
    (
        3,
        "a-draw-staff",
        {"emperor": 6, "choices": {"drawn_to_bottom": "21"}},
        DECK,
        r"drawn_to_bottom: expected a Staff card number, got '21'",
    ),
    (
        3,
        "a-draw-staff",
        {"emperor": 0, "hand": [1, 5], "choices": {"hand_to_deck": [1, 9]}},
        DECK,
        r"hand_to_deck\[1\]: 9 is not a legal choice here; legal: 5",
    ),
    (
        3,
        "a-draw-staff",
        {"emperor": 0, "hand": [1, 5], "choices": {"hand_to_deck": [1, 1]}},
        DECK,
        r"hand_to_deck\[1\]: 1 is not a legal choice here; legal: 5",
    ),
    (
        3,
        "a-free-room",
        {"emperor": 6, "choices": {"prepare_room": "upstairs"}},
        DECK,
        r"prepare_room: expected a room as \"floor.column\" or null, got 'upstairs'",
    ),
    (
        3,
        "a-free-room",
        {"emperor": 0, "hotel": [".....", ".....", ".....", "vv..."], "choices": {"remove_rooms": ["1.3"]}},
        DECK,
        r"remove_rooms\[0\]: 1\.3 is not a legal choice here; legal: 1\.1, 1\.2",
    ),
    (
        7,
        "c-free-staff",
        {"emperor": 10, "choices": {"play_staff": 41}},
        DECK,
        r"play_staff: 41 is not a legal choice here: no card in hand is affordable",
    ),
    (
        7,
        "c-free-staff",
        {"emperor": 10, "hand": [1], "choices": {"play_staff": 41}},
        DECK,
        r"play_staff: 41 is not a legal choice here; legal: 1, none",
    ),
    # Page Boy is played (free), but there is no vacant room to occupy.
    (
        7,
        "c-free-staff",
        {"emperor": 10, "hand": [35], "choices": {"occupy_room": "1.1"}},
        DECK,
        r"occupy_room: 1\.1 is not a legal choice here: there is no vacant room",
    ),
    (
        3,
        "a-krones",
        {"emperor": 0, "krones": 3, "hired": [26], "choices": {"conference_manager": "yes"}},
        DECK,
        r"conference_manager: expected true or false, got 'yes'",
    ),
    (
        3,
        "a-krones",
        {"emperor": 0, "choices": {"prepare_rooms": "1.1"}},
        DECK,
        r"players\[0\]\.choices: unknown choice 'prepare_rooms'",
    ),
]


@pytest.mark.parametrize(("round_", "tile", "fields", "deck", "message"), ILLEGAL)
def test_illegal_recorded_choices_raise_state_error(
    round_: int, tile: str, fields: dict[str, Any], deck: list[int], message: str
) -> None:
    """Recorded choices must be legal: the module raises StateError (a ValueError) naming players[i].choices.KEY."""
    tier = tile[0].upper()
    data = state(round_, player(**fields), deck=deck, **{tier: tile})
    with pytest.raises(StateError, match=message) as caught:
        score(data)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value).startswith("players[0].choices")


def test_recorded_choice_is_logged() -> None:
    """A recorded decision shows in the events as kind 'choice'."""
    anna = player(emperor=6, hotel=[".....", ".....", ".....", "o...."], choices={"prepare_room": "2.1"})
    result = score(state(3, anna, A="a-free-room"))
    assert [e["text"] for e in events(result, kind="choice")] == ["Anna chooses 2.1 (prepare_room, recorded)"]


def test_hotel_must_be_connected_before_the_first_scoring() -> None:
    """GR 3 placement: before any Emperor scoring can remove rooms (rounds 0-2) every room grew from 1.1."""
    loose = player(hotel=[".....", ".....", ".....", "o.o.."])
    with pytest.raises(StateError, match=r"room 1\.3 is not connected"):
        score(state(2, loose))
    # From round 3 on a split hotel is possible: the round-3 scoring's own output may have lost
    # 1.2 to a penalty, and score_game accepts the states it writes.
    assert after(score(state(3, loose)))["hotel"][3] == "o.o.."
    assert after(score(state(5, loose)))["hotel"][3] == "o.o.."


def test_gah_score_reports_an_illegal_choice_with_a_position(tmp_path: Path) -> None:
    """`gah score`: an illegal recorded choice is exit 1 with file:line:col and no traceback."""
    path = tmp_path / "bad.yaml"
    path.write_text(
        "round: 3\n"
        "tiles: {A: a-free-room}\n"
        "players:\n"
        "  - name: Anna\n"
        "    emperor: 6\n"
        "    choices:\n"
        "      prepare_room: '2.2'\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "gah", "--workspace", str(shipped_root()), "score", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert "bad.yaml:7:" in done.stderr
    assert (
        "players[0].choices.prepare_room: 2.2 is not a legal choice here; legal: 1.1, none (player Anna)" in done.stderr
    )


def test_a_draw_staff_penalty_reads_the_older_key_hand_to_bottom() -> None:
    """GR 2 a-draw-staff penalty: hand_to_bottom, hand_to_deck's older name, still records the cards: [5, 1] go
    under in that order, as with hand_to_deck (the deck [30] becomes [30, 5, 1]; 12 stays in hand)."""
    anna = player(emperor=0, points=10, hand=[1, 5, 12], choices={"hand_to_bottom": [5, 1]})
    result = score(state(3, anna, deck=[30], A="a-draw-staff"))
    assert after(result)["hand"] == [12]
    assert result["state"]["staff_deck"] == [30, 5, 1]


def test_the_older_key_and_the_new_one_together_are_refused() -> None:
    """hand_to_bottom is read as hand_to_deck: both at once would leave the order of the cards unclear."""
    fields: dict[str, Any] = {"emperor": 0, "hand": [1, 5], "choices": {"hand_to_deck": [1], "hand_to_bottom": [5]}}
    with pytest.raises(StateError, match="choices: hand_to_bottom is the older name of hand_to_deck; record the"):
        score(state(3, player(**fields), deck=DECK, A="a-draw-staff"))
