"""Final-scoring sources whose points are expressions (issue 41, item 4), on tests/data/variants/invented-final.yaml,
scored by hand in the generated module: each player's points per source, and the explanation line.

dance-pairs: 5 x min(dancers, café guests) + (dancers - that min). room-race: occupied rooms - the most occupied
rooms of any other player (0 alone; below 0: points lost). thrift: krones // 3 - Staff cards in hand, kept from
-3 to 5.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from helpers_scoring import module, player, state

FINAL = str(Path(__file__).resolve().parent / "data" / "variants" / "invented-final.yaml")
TILES = {"A": "a-dance-floor", "B": "b-krones", "C": "c-points"}


def final(*players: dict[str, Any], language: str | None = None) -> list[dict[str, Any]]:
    """Each player's final-scoring entry after round 7 (markers on space 1: nothing but the track's point)."""
    game = state(7, *players, tiles=TILES)
    result = module(FINAL).score_game(copy.deepcopy(game), **({"language": language} if language else {}))
    return list(result["final"])


def breakdown(entry: dict[str, Any]) -> tuple[int, int, int]:
    return entry["breakdown"]["dance-pairs"], entry["breakdown"]["room-race"], entry["breakdown"]["thrift"]


def test_three_expression_sources_worked_out_by_hand() -> None:
    anna = player(
        "Anna", emperor=1, krones=7, resources={"dancers": 3}, cafe=[{}, {}], hotel=[".....", ".....", ".....", "ooo.."]
    )
    anna["hand"] = [1, 2]
    ben = player("Ben", emperor=1, krones=20, resources={"dancers": 0}, hotel=[".....", ".....", ".....", "ooooo"])
    anna_entry, ben_entry = final(anna, ben)
    # Anna: 3 dancers, 2 guests: 5 x 2 + (3 - 2) = 11; 3 rooms - Ben's 5 = -2; 7 // 3 = 2, less 2 in hand: 0.
    assert breakdown(anna_entry) == (11, -2, 0)
    # Ben: no dancer: 0; 5 - 3 = 2; 20 // 3 = 6, less 0 in hand, at most 5: 5.
    assert breakdown(ben_entry) == (0, 2, 5)


def test_more_guests_than_dancers_pay_only_the_pairs_and_the_floor_is_kept() -> None:
    anna = player("Anna", emperor=1, krones=0, resources={"dancers": 1}, cafe=[{}, {}, {}])
    anna["hand"] = [1, 2, 3, 4, 5]
    (entry,) = final(anna)
    # 1 dancer, 3 guests: 5 x 1 + 0 = 5; alone: rooms 0 - no other player (0) = 0; 0 // 3 - 5 = -5, at least -3.
    assert breakdown(entry) == (5, 0, -3)


def test_the_total_adds_the_expression_sources() -> None:
    anna = player("Anna", emperor=1, krones=7, resources={"dancers": 3}, cafe=[{}, {}])
    (entry,) = final(anna)
    assert entry["total"] == sum(entry["breakdown"].values())
    assert breakdown(entry) == (11, 0, 2)


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "Your occupied rooms minus the most occupied rooms of any other player = -2 points"),
        ("de", "Eigene bezogene Zimmer minus der Höchstwert von „bezogene Zimmer“ unter den anderen Spielern = -2"),
    ],
)
def test_the_explanation_says_the_expression_and_its_points(language: str, line: str) -> None:
    anna = player("Anna", emperor=1, hotel=[".....", ".....", ".....", "ooo.."])
    ben = player("Ben", emperor=1, hotel=[".....", ".....", ".....", "ooooo"])
    entry = final(anna, ben, language=language)[0]
    texts = [detail["text"] for detail in entry["details"]["room-race"]]
    assert any(text.startswith(line) for text in texts), texts
