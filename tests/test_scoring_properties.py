"""Properties of scoring on random valid states, for base and every shipped variant (hypothesis).

A valid state: 2-4 players, hotels grown from the first room by orthogonal steps,
Staff cards dealt without duplicates from the ruleset's cards, any round 0..7, one
random tile per tier. No choices are recorded: the default policy decides.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from helpers_scoring import SHIPPED, cards_of, module, score
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

NAMES = ("Anna", "Ben", "Cleo", "Dan")
PROPERTY_SETTINGS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def neighbours(rules: Any, cell: tuple[int, int]) -> list[tuple[int, int]]:
    floor, column = cell
    around = [(floor - 1, column), (floor + 1, column), (floor, column - 1), (floor, column + 1)]
    return [(f, c) for f, c in around if 1 <= f <= rules.floors and 1 <= c <= rules.columns]


class Reader:
    """Numbers read from hypothesis-drawn bytes (one cheap draw per example; bytes shrink towards 0).

    Past the end every number is its lowest value, so shorter bytes mean simpler states.
    """

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        self.at = 0

    def int(self, low: int, high: int) -> int:
        if self.at >= len(self.raw):
            return low
        byte = self.raw[self.at]
        self.at += 1
        return low + byte % (high - low + 1)

    def pick(self, options: list[Any]) -> Any:
        return options[self.int(0, len(options) - 1)]


def read_hotel(read: Reader, rules: Any) -> list[str]:
    """A hotel grown from the first room, each new room next to a placed one; rooms vacant or occupied."""
    placed: dict[tuple[int, int], str] = {}
    for _ in range(read.int(0, rules.floors * rules.columns)):
        if not placed:
            legal = [rules.first_room]
        else:
            legal = sorted({n for cell in placed for n in neighbours(rules, cell) if n not in placed})
        if not legal:
            break
        cell = read.pick(legal)
        placed[cell] = read.pick(["v", "o"])
    return [
        "".join(placed.get((floor, column), ".") for column in range(1, rules.columns + 1))
        for floor in range(rules.floors, 0, -1)
    ]


def read_items(read: Reader, rules: Any, most: int) -> dict[str, int]:
    items = {item: read.int(0, most) for item in rules.items}
    return {item: count for item, count in items.items() if count or read.int(0, 1)}


def build_state(raw: bytes, cards: list[int], rules: Any) -> dict[str, Any]:
    """A valid game state from drawn bytes and a shuffled list of every Staff card."""
    read = Reader(raw)
    position = 0

    def deal(most: int) -> list[int]:
        nonlocal position
        size = read.int(0, most)
        dealt = list(cards[position : position + size])
        position += size
        return dealt

    round_ = read.int(0, rules.rounds)
    tiers = sorted(set(rules.tiles.values()))
    tiles = {tier: read.pick(sorted(t for t, x in rules.tiles.items() if x == tier)) for tier in tiers}
    players = []
    for name in NAMES[: read.int(2, 4)]:
        players.append(
            {
                "name": name,
                "points": read.int(0, 120),
                "krones": read.int(0, 15),
                "emperor": read.int(0, rules.track_last),
                "kitchen": read_items(read, rules, 3),
                "cafe": [read_items(read, rules, 2) for _ in range(read.int(0, rules.cafe_seats))],
                "hotel": read_hotel(read, rules),
                "hand": deal(6),
                "hired": deal(6),
                "objectives": read.int(0, 3),
            }
        )
    state: dict[str, Any] = {"round": round_, "tiles": tiles}
    discard = deal(3)
    if discard:
        state["staff_discard"] = discard
    if read.int(0, 1):
        state["staff_deck"] = list(cards[position:])
    state["players"] = players
    return state


def states(rules: Any) -> st.SearchStrategy[dict[str, Any]]:
    return st.builds(
        build_state, st.binary(min_size=700, max_size=700), st.permutations(sorted(rules.staff)), st.just(rules)
    )


def with_default_deck(state: dict[str, Any], rules: Any) -> dict[str, Any]:
    """The state with its deck written out (no staff_deck: every card nobody holds)."""
    full = copy.deepcopy(state)
    if "staff_deck" not in full:
        held = set(cards_of(full))
        full["staff_deck"] = sorted(set(rules.staff) - held)
    return full


def default_choices(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every decision of a scoring, as the `choices` mapping of each player that records them."""
    return {entry["player"]: entry["choices"] for entry in result["decisions"]}


def without_recorded(result: dict[str, Any]) -> dict[str, Any]:
    """A result minus what recording choices changes: 'choice' events, the players' choices, and how
    each decision was taken (the decisions themselves stay)."""
    stripped = copy.deepcopy(result)
    stripped["events"] = [e for e in stripped["events"] if e["kind"] != "choice"]
    for entry in stripped["state"]["players"]:
        entry.pop("choices", None)
    for entry in stripped["decisions"]:
        entry["steps"] = [(step["key"], step["index"], step["value"]) for step in entry["steps"]]
    return stripped


@pytest.mark.parametrize("rules_name", SHIPPED)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_scoring_properties(rules_name: str, data: st.DataObject) -> None:
    """Scoring never raises; markers, points, krones and cards stay sane; final scoring adds up."""
    mod = module(rules_name)
    rules = mod.RULES
    state = data.draw(states(rules), label="state")
    result = score(state, rules_name)

    written = result["state"]
    assert result["round"] == state["round"]
    for entry in written["players"]:
        assert 0 <= entry["emperor"] <= rules.track_last
        assert entry["points"] >= 0
        assert entry["krones"] >= 0
        assert len(entry["cafe"]) <= rules.cafe_seats
    # No Staff card is lost or duplicated: hands + hired + deck + discard, the same multiset.
    assert cards_of(written) == cards_of(with_default_deck(state, rules))
    # Outside the scoring rounds nothing happens.
    if state["round"] not in rules.scoring_tiers:
        assert result["events"] == []

    if state["round"] != rules.rounds:
        assert "final" not in result and "standings" not in result
        return
    by_name = {p["name"]: p for p in written["players"]}
    for entry in result["final"]:
        assert entry["points"] == by_name[entry["player"]]["points"]
        assert entry["total"] == entry["points"] + sum(entry["breakdown"].values())
        assert entry["total"] >= 0
    totals = {e["player"]: e["total"] for e in result["final"]}
    standings = result["standings"]
    assert sorted(s["player"] for s in standings) == sorted(by_name)
    for index, row in enumerate(standings):
        player = by_name[row["player"]]
        assert row["points"] == totals[row["player"]]
        assert row["tiebreak"] == sum(player["kitchen"].values()) + player["krones"]
        if index == 0:
            assert row["rank"] == 1
            continue
        before = standings[index - 1]
        assert (before["points"], before["tiebreak"]) >= (row["points"], row["tiebreak"])
        if (before["points"], before["tiebreak"]) == (row["points"], row["tiebreak"]):
            assert row["rank"] == before["rank"]
        else:
            assert row["rank"] == index + 1


@pytest.mark.parametrize("rules_name", SHIPPED)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_recording_the_default_decisions_reproduces_the_result(rules_name: str, data: st.DataObject) -> None:
    """Recording, as `choices`, the decisions the default policy took gives exactly the default result."""
    mod = module(rules_name)
    state = data.draw(states(mod.RULES), label="state")
    # Scoring rounds only: elsewhere there is nothing to decide.
    state["round"] = data.draw(st.sampled_from(sorted(mod.RULES.scoring_tiers)), label="scoring round")
    default = score(state, rules_name)
    choices = default_choices(default)
    recorded = copy.deepcopy(state)
    for entry in recorded["players"]:
        if choices[entry["name"]]:
            entry["choices"] = choices[entry["name"]]
    replay = score(recorded, rules_name)
    assert without_recorded(replay) == without_recorded(default)
    # Every decision came from the record, and every recorded one was asked for.
    assert [step["how"] for entry in replay["decisions"] for step in entry["steps"]] == ["recorded"] * sum(
        len(entry["steps"]) for entry in default["decisions"]
    )
    assert replay["unused_choices"] == []


@pytest.mark.parametrize("rules_name", SHIPPED)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_final_totals_are_the_final_scorings_totals(rules_name: str, data: st.DataObject) -> None:
    """final_totals and final_standings (the variant lab's quick way to end a game) give exactly what
    final_scoring and standings give, on any valid state (the points floor and a Secretary included)."""
    mod = module(rules_name)
    state = data.draw(states(mod.RULES), label="state")
    full = mod.new_game(copy.deepcopy(state), explain=False)
    final = mod.final_scoring(full)
    quick = mod.new_game(copy.deepcopy(state), explain=False)
    totals = mod.final_totals(quick)
    assert totals == [entry["total"] for entry in final]
    assert mod.final_standings(quick, totals) == mod.standings(full, final)


def _after_scoring(state: dict[str, Any]) -> dict[str, Any]:
    """What a scoring leaves of a written state: every player's numbers, hotel and cards, the deck and discard."""
    keys = ("name", "points", "krones", "emperor", "hotel", "hand", "hired", "objectives")
    return {
        "players": [{key: player[key] for key in keys} for player in state["players"]],
        "deck": state.get("staff_deck"),
        "discard": state.get("staff_discard", []),
    }


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_quiet_games_place_a_free_vacant_room_as_explaining_ones(data: st.DataObject) -> None:
    """Base's a-free-room bonus (a free vacant room, the bonus's last effect): a quiet game (the lab's) tries one
    space per printed-points value, a game that explains tries them all; both must place the same room, and
    leave every player exactly alike."""
    mod = module("base")
    state = data.draw(states(mod.RULES), label="state")
    state["round"], state["tiles"]["A"] = 3, "a-free-room"
    quiet = mod.new_game(copy.deepcopy(state), explain=False)
    mod.emperor_scoring(quiet)
    assert _after_scoring(mod.write_game(quiet)) == _after_scoring(score(state)["state"])
