"""The pools of 16 and 20 tiles (tests/data/sheets/pool-16.yaml, pool-20.yaml) score: each house tile they add,
bonus and penalty, worked out by hand in both pools (the first four tiles are the same in both).

Track points (GR 1): space 0 1 2 3 4 5 6 7 8 9 10 11 12 13 pays 0 1 2 3 3 4 4 5 5 6 6 7 8 9. Move back 3 / 5 / 7
after rounds 3 / 5 / 7; landing on 3 or more gives the bonus, on 0 the penalty. So: round 3 from space 6 pays 4
and lands on 3 (bonus), from 2 pays 2 and lands on 0 (penalty); round 5 from 8 pays 5 (bonus), from 5 pays 4
(penalty); round 7 from 10 pays 6 (bonus), from 7 pays 5 (penalty). A penalty's `prefer` is taken when it can
be taken in full, else its `otherwise` (GR 5.4). Hotels are written top floor first.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_invented_tiles import anna, kitchen, play

SHEETS = Path(__file__).resolve().parent / "data" / "sheets"
POOLS = [str(SHEETS / "pool-16.yaml"), str(SHEETS / "pool-20.yaml")]
POOL_20 = POOLS[1]


def occupied(hotel: list[str]) -> int:
    return sum(row.count("o") for row in hotel)


@pytest.mark.parametrize("pool", POOLS, ids=["16", "20"])
class TestTheFourTilesOfBothPools:
    def test_coffee_house_bonus(self, pool: str) -> None:
        # Space 6 pays 4 (10 -> 14), back to 3: bonus, gain 2 coffee and 1 krone.
        a = anna(play(pool, 3, "A", "a-coffee-house", emperor=6, points=10))
        assert (a["points"], a["krones"], a["kitchen"]) == (14, 1, kitchen(coffee=2))

    def test_coffee_house_penalty_returns_two_drinks(self, pool: str) -> None:
        # Space 2 pays 2 (10 -> 12), back to 0: penalty. Two drinks in the kitchen (2 coffee): both returned.
        a = anna(play(pool, 3, "A", "a-coffee-house", emperor=2, points=10, kitchen={"coffee": 2, "cake": 1}))
        assert (a["points"], a["kitchen"]) == (12, kitchen(cake=1))

    def test_coffee_house_penalty_without_two_drinks(self, pool: str) -> None:
        # One drink only: returning 2 cannot be done in full, so lose 4 points: 12 - 4 = 8.
        a = anna(play(pool, 3, "A", "a-coffee-house", emperor=2, points=10, kitchen={"wine": 1}))
        assert (a["points"], a["kitchen"]) == (8, kitchen(wine=1))

    def test_court_favour_bonus(self, pool: str) -> None:
        # Round 5 from 8 pays 5 (10 -> 15), back to 3: bonus, advance 2 to space 5.
        a = anna(play(pool, 5, "B", "b-court-favour", emperor=8, points=10))
        assert (a["points"], a["emperor"]) == (15, 5)

    @pytest.mark.parametrize(("krones", "points", "krones_after"), [(5, 14, 1), (3, 8, 3)])
    def test_court_favour_penalty(self, pool: str, krones: int, points: int, krones_after: int) -> None:
        # Round 5 from 5 pays 4 (10 -> 14), back to 0: penalty. 5 krones: lose 4 (5 -> 1). 3 krones: lose 6
        # points instead (14 - 6 = 8).
        a = anna(play(pool, 5, "B", "b-court-favour", emperor=5, points=10, krones=krones))
        assert (a["points"], a["krones"]) == (points, krones_after)

    def test_grand_ballroom_bonus(self, pool: str) -> None:
        # Round 7 from 10 pays 6 (10 -> 16), back to 3: bonus, 4 points per full floor; floors 1 and 2 are full:
        # 16 + 8 = 24.
        hotel = [".....", "oovv.", "ooooo", "ooooo"]
        a = anna(play(pool, 7, "C", "c-grand-ballroom", emperor=10, points=10, hotel=hotel))
        assert a["points"] == 24

    def test_grand_ballroom_penalty(self, pool: str) -> None:
        # Round 7 from 7 pays 5 (10 -> 15), back to 0: penalty, -2 per vacant room, 2 vacant: 15 - 4 = 11.
        hotel = [".....", "oovv.", "ooooo", "ooooo"]
        a = anna(play(pool, 7, "C", "c-grand-ballroom", emperor=7, points=10, hotel=hotel))
        assert a["points"] == 11

    def test_imperial_audit_bonus(self, pool: str) -> None:
        # Round 7 from 10 pays 6 (10 -> 16), bonus: 1 point per krone, 7 krones kept: 16 + 7 = 23.
        a = anna(play(pool, 7, "C", "c-imperial-audit", emperor=10, points=10, krones=7))
        assert (a["points"], a["krones"]) == (23, 7)

    @pytest.mark.parametrize(("krones", "points", "krones_after"), [(6, 15, 0), (5, 6, 5)])
    def test_imperial_audit_penalty(self, pool: str, krones: int, points: int, krones_after: int) -> None:
        # Round 7 from 7 pays 5 (10 -> 15), penalty. 6 krones: lose all 6. 5 krones: lose 9 points, 15 - 9 = 6.
        a = anna(play(pool, 7, "C", "c-imperial-audit", emperor=7, points=10, krones=krones))
        assert (a["points"], a["krones"]) == (points, krones_after)


def test_full_house_bonus_occupies_two_vacant_rooms() -> None:
    # Round 7 from 10 pays 6 (10 -> 16), bonus: 2 of the 3 vacant rooms become occupied (2 -> 4 occupied).
    hotel = [".....", ".....", "vvv..", "oo..."]
    a = anna(play(POOL_20, 7, "C", "c-full-house", emperor=10, points=10, hotel=hotel))
    assert (a["points"], occupied(a["hotel"]), "".join(a["hotel"]).count("v")) == (16, 4, 1)


def test_full_house_penalty() -> None:
    # Round 7 from 7 pays 5 (10 -> 15), penalty: -3 per guest in the café, 2 guests: 15 - 6 = 9.
    cafe: list[dict[str, Any]] = [{}, {}]
    a = anna(play(POOL_20, 7, "C", "c-full-house", emperor=7, points=10, cafe=cafe))
    assert a["points"] == 9


def test_staff_party_penalty_takes_the_cheapest_option() -> None:
    # Round 5 from 5 pays 4 (10 -> 14), penalty: choose one. No Staff in hand, so a card to the deck's bottom
    # cannot be done; losing 3 krones costs 3 of the projected total (1 per krone, GR 5.7), losing 5 points costs
    # 5: the default policy loses 3 krones, 5 -> 2.
    a = anna(play(POOL_20, 5, "B", "b-staff-party", emperor=5, points=10, krones=5))
    assert (a["points"], a["krones"]) == (14, 2)


def test_new_wing_penalty_without_a_vacant_room() -> None:
    # Round 5 from 5 pays 4 (10 -> 14), penalty: no vacant room to remove, so lose 6 points: 14 - 6 = 8.
    hotel = [".....", ".....", ".....", "oo..."]
    a = anna(play(POOL_20, 5, "B", "b-new-wing", emperor=5, points=10, hotel=hotel))
    assert (a["points"], a["hotel"]) == (8, hotel)


def test_open_kitchen_penalty_returns_an_item_from_the_cafe() -> None:
    # Round 3 from 2 pays 2 (10 -> 12), penalty: one item returned from the café (the guest's cake).
    a = anna(play(POOL_20, 3, "A", "a-open-kitchen", emperor=2, points=10, cafe=[{"cake": 1}]))
    assert a["points"] == 12
    assert sum(sum(guest.values()) for guest in a["cafe"]) == 0
