"""Setup from data: the standard deal, the introductory sets, the Staff draft, the RNG and `gah setup`."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from gah.backends.python.load import load_scoring_module
from gah.cli import main
from gah.project import load_one
from helpers_rules import SHIPPED, shipped_root, shipped_workspace
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
RULESETS = sorted(SHIPPED)
STATE_SCHEMA = json.loads((ROOT / "schemas" / "state.schema.json").read_text(encoding="utf-8"))
ALL_CARDS = list(range(1, 49))
_MODULES: dict[str, Any] = {}


def module(name_or_file: str) -> Any:
    """The ruleset's scoring module, generated from the current compiler and compiled in memory."""
    if name_or_file not in _MODULES:
        _MODULES[name_or_file] = load_scoring_module(load_one(shipped_workspace(), name_or_file))
    return _MODULES[name_or_file]


def setup(name: str, players: list[str], seed: int = 1, choices: dict[str, Any] | None = None) -> dict[str, Any]:
    state: dict[str, Any] = module(name).setup_game(players, seed, choices)
    return state


def hands(state: dict[str, Any]) -> list[list[int]]:
    """The dealt hands: a player whose role has no hand (solo's opponent) is dealt none, and not counted."""
    return [p["hand"] for p in state["players"] if "role" not in p]


def names_for(name: str, names: list[str]) -> list[str]:
    """`names`, cut to the most players the ruleset seats (solo: you and the opponent)."""
    most: int = module(name).SETUP["max_players"]
    return names[:most]


def assert_conserved(state: dict[str, Any]) -> None:
    held = [card for hand in hands(state) for card in hand] + state["staff_deck"]
    assert sorted(held) == ALL_CARDS, "every Staff card exactly once, in a hand or in the deck"


def gah(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--workspace", str(shipped_root()), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def reference_draft(
    packets: list[list[int]], picks: int, direction: str, policy: Callable[[int, int, list[int]], int]
) -> list[list[int]]:
    """An independent, naive draft (keep 1 a pick): policy(player, pick, packet) names the card kept."""
    count = len(packets)
    packets = [list(p) for p in packets]
    kept: list[list[int]] = [[] for _ in packets]
    for pick in range(picks):
        for player in range(count):
            card = policy(player, pick, packets[player])
            packets[player].remove(card)
            kept[player].append(card)
        passed: list[list[int]] = [[] for _ in packets]
        for player in range(count):
            target = player + 1 if direction == "left" else player - 1
            passed[target % count] = packets[player]
        packets = passed
    return kept


def shuffled_deck(name: str, seed: int) -> list[int]:
    """The deck as deal_game shuffles it: tiles drawn first (one draw per scored tier), then Fisher-Yates."""
    mod = module(name)
    rng = mod.SplitMix64(seed)
    for _tier in sorted(set(mod.RULES.scoring_tiers.values())):
        rng.below(4)  # every shipped tier has 4 tiles
    deck = sorted(mod.RULES.staff)
    rng.shuffle(deck)
    return list(deck)


# --- the generator ----------------------------------------------------------------------


def test_splitmix64_matches_the_reference_vectors() -> None:
    # Published outputs of Vigna's splitmix64.c: a change of generator is caught here.
    rng = module("base").SplitMix64(1234567)
    assert [rng.next64() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]
    assert module("base").SplitMix64(0).next64() == 0xE220A8397B1DCDAF


def test_bounded_draws_and_shuffle_are_pinned() -> None:
    rng = module("base").SplitMix64(1)
    assert [rng.below(48) for _ in range(10)] == [17, 7, 30, 11, 9, 32, 21, 21, 24, 22]
    cards = list(range(1, 11))
    module("base").SplitMix64(42).shuffle(cards)
    assert cards == GOLDEN_SHUFFLE_42


GOLDEN_SHUFFLE_42 = [1, 10, 6, 9, 7, 5, 8, 3, 2, 4]


def test_seed_is_taken_modulo_2_64_and_bad_bounds_are_refused() -> None:
    mod = module("base")
    assert mod.SplitMix64(-1).next64() == mod.SplitMix64(2**64 - 1).next64()
    with pytest.raises(ValueError):
        mod.SplitMix64(1).below(0)


def test_base_deal_is_pinned() -> None:
    state = setup("base", ["Anna", "Ben", "Cleo"], seed=1)
    assert state["tiles"] == {"A": "a-two-items", "B": "b-occupied-room", "C": "c-staff-points"}
    assert hands(state) == [[44, 28, 22, 23, 47, 17], [6, 35, 29, 30, 20, 42], [4, 43, 32, 41, 14, 15]]


# --- standard deal ------------------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 3, 4])
def test_standard_deal(count: int) -> None:
    names = ["Anna", "Ben", "Cleo", "Dora"][:count]
    state = setup("base", names, seed=5)
    assert [p["name"] for p in state["players"]] == names
    assert all(len(hand) == 6 for hand in hands(state))
    assert len(state["staff_deck"]) == 48 - 6 * count
    assert_conserved(state)
    # Each player in turn order draws 6 from the top of the shuffled deck.
    deck = shuffled_deck("base", 5)
    assert hands(state) == [deck[6 * i : 6 * i + 6] for i in range(count)]
    assert state["staff_deck"] == deck[6 * count :]


def test_same_seed_same_deal_different_seeds_different_deals() -> None:
    names = ["Anna", "Ben"]
    for name in ("base", "introductory", "draft"):
        assert setup(name, names, seed=3) == setup(name, names, seed=3)
    decks = {tuple(setup("base", names, seed=seed)["staff_deck"]) for seed in range(1, 21)}
    assert len(decks) == 20
    deals = {json.dumps(hands(setup("draft", names, seed=seed))) for seed in range(1, 21)}
    assert len(deals) == 20


def test_starting_resources_and_tiles() -> None:
    state = setup("base", ["Anna", "Ben"], seed=9)
    assert state["round"] == 0
    assert state["staff_discard"] == []
    for player in state["players"]:
        assert player["krones"] == 10
        assert player["points"] == 0
        assert player["emperor"] == 0
        assert player["kitchen"] == {"strudel": 1, "cake": 1, "wine": 1, "coffee": 1}
        assert player["cafe"] == []
        assert player["hired"] == []
        assert player["objectives"] == 0
        assert player["hotel"] == ["....."] * 4
        assert player["choices"] == {}
    assert sorted(state["tiles"]) == ["A", "B", "C"]
    for tier, tile in state["tiles"].items():
        assert module("base").RULES.tiles[tile] == tier
    # Tiles are drawn before the deck is shuffled: the same seed, the same tiles, whatever the deal.
    assert setup("draft", ["Anna", "Ben"], seed=9)["tiles"] == state["tiles"]
    tiles_seen = {setup("base", ["Anna", "Ben"], seed=seed)["tiles"]["A"] for seed in range(40)}
    assert tiles_seen == {"a-krones", "a-two-items", "a-draw-staff", "a-free-room"}


def test_starting_rooms_are_vacant(tmp_path: Path) -> None:
    variant = tmp_path / "rooms.yaml"
    variant.write_text(
        "extends: base\nname: rooms\ntitle: Rooms\ndescription: Two rooms at setup.\n"
        'setup:\n  start:\n    hotel_rooms: ["1.1", "1.2", "2.1"]\n',
        encoding="utf-8",
    )
    state = load_scoring_module(load_one(shipped_workspace(), str(variant))).setup_game(["Anna", "Ben"], 1)  # type: ignore[attr-defined]
    assert state["players"][0]["hotel"] == [".....", ".....", "v....", "vv..."]


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Anna"], "for 2 to 4 players, got 1"),
        (["A", "B", "C", "D", "E"], "for 2 to 4 players, got 5"),
        (["Anna", "Anna"], "two players are called 'Anna'"),
        (["Anna", " "], "non-empty name"),
        (["Anna", ""], "non-empty name"),
    ],
)
def test_bad_players(players: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        setup("base", players)


# --- introductory -------------------------------------------------------------------------


def test_introductory_sets() -> None:
    sets = {
        "A": [1, 5, 13, 21, 27, 45],
        "B": [2, 6, 14, 28, 35, 36],
        "C": [3, 7, 16, 30, 39, 42],
        "D": [4, 8, 18, 31, 43, 44],
    }
    for count in (2, 3, 4):
        names = ["Anna", "Ben", "Cleo", "Dora"][:count]
        state = setup("introductory", names, seed=11)
        assert hands(state) == [sets[letter] for letter in "ABCD"[:count]]
        assert_conserved(state)
        dealt = {card for letter in "ABCD"[:count] for card in sets[letter]}
        assert sorted(state["staff_deck"]) == sorted(set(ALL_CARDS) - dealt)
    # The rest of the deck is shuffled, by the seed.
    assert setup("introductory", ["Anna", "Ben"], seed=1)["staff_deck"] != sorted(
        setup("introductory", ["Anna", "Ben"], seed=1)["staff_deck"]
    )
    assert (
        setup("introductory", ["Anna", "Ben"], seed=1)["staff_deck"]
        != setup("introductory", ["Anna", "Ben"], seed=2)["staff_deck"]
    )


def test_no_choices_outside_a_draft() -> None:
    with pytest.raises(ValueError, match=r"Anna: choices\.draft: the introductory deal has no draft"):
        setup("introductory", ["Anna", "Ben"], choices={"Anna": [1]})
    # An empty record is harmless.
    assert setup("base", ["Anna", "Ben"], choices={"Anna": []}) == setup("base", ["Anna", "Ben"])


# --- draft --------------------------------------------------------------------------------

# Hand-worked: the draft ruleset, seed 7, players Anna, Ben, Cleo. Cost in brackets;
# the default keeps the highest cost, then the lowest number. Passing left: Anna's
# packet goes to Ben, Ben's to Cleo, Cleo's to Anna.
#   pick 1  Anna: 27(4) 34(5) 26(5) 22(3) 3(4) 46(2)  -> 26 (5; 26 < 34)
#           Ben:  41(3) 19(3) 23(5) 6(1) 2(6) 8(2)    -> 2 (6)
#           Cleo: 35(2) 10(5) 9(5) 12(2) 33(5) 20(2)  -> 9 (5; 9 < 10 < 33)
#   pick 2  Anna: 35 10 12 33 20 (Cleo's)  -> 10     Ben: 27 34 22 3 46 (Anna's) -> 34
#           Cleo: 41 19 23 6 8 (Ben's)     -> 23
#   pick 3  Anna: 41 19 6 8   -> 19 (3; 19 < 41)     Ben: 35 12 33 20 -> 33
#           Cleo: 27 22 3 46  -> 3 (4; 3 < 27)
#   pick 4  Anna: 27 22 46 -> 27    Ben: 41 6 8 -> 41    Cleo: 35 12 20 -> 12 (2; 12 < 20 < 35)
#   pick 5  Anna: 35 20 -> 20       Ben: 22 46 -> 22     Cleo: 6 8 -> 8
#   pick 6  Anna: 6 -> 6            Ben: 35 -> 35        Cleo: 46 -> 46
HAND_WORKED_PACKETS = [[27, 34, 26, 22, 3, 46], [41, 19, 23, 6, 2, 8], [35, 10, 9, 12, 33, 20]]
HAND_WORKED_HANDS = [[26, 10, 19, 27, 20, 6], [2, 34, 33, 41, 22, 35], [9, 23, 3, 12, 8, 46]]


def default_policy(name: str) -> Callable[[int, int, list[int]], int]:
    costs = module(name).RULES.staff
    return lambda _player, _pick, packet: min(packet, key=lambda card: (-costs[card][1], card))


def test_draft_hand_worked_example_passes_left() -> None:
    deck = shuffled_deck("draft", 7)
    assert [deck[0:6], deck[6:12], deck[12:18]] == HAND_WORKED_PACKETS
    state = setup("draft", ["Anna", "Ben", "Cleo"], seed=7)
    assert hands(state) == HAND_WORKED_HANDS
    assert reference_draft(HAND_WORKED_PACKETS, 6, "left", default_policy("draft")) == HAND_WORKED_HANDS
    assert state["staff_deck"] == deck[18:]
    assert [p["choices"] for p in state["players"]] == [{"draft": hand} for hand in HAND_WORKED_HANDS]


@pytest.mark.parametrize("count", [2, 3, 4])
def test_draft_ends_with_six_each(count: int) -> None:
    names = ["Anna", "Ben", "Cleo", "Dora"][:count]
    state = setup("draft", names, seed=21)
    assert all(len(hand) == 6 for hand in hands(state))
    assert len(state["staff_deck"]) == 48 - 6 * count
    assert_conserved(state)
    deck = shuffled_deck("draft", 21)
    packets = [deck[6 * i : 6 * i + 6] for i in range(count)]
    assert hands(state) == reference_draft(packets, 6, "left", default_policy("draft"))


def test_gentle_draft_passes_right_with_four() -> None:
    # Seed 7, Anna, Ben, Cleo; packets of 4; passing right: Anna's goes to Cleo, Ben's to Anna.
    #   pick 1  Anna: 27 34 26 22 -> 26    Ben: 3 46 41 19 -> 3     Cleo: 23 6 2 8 -> 2
    #   pick 2  Anna: 46 41 19 (Ben's) -> 19    Ben: 23 6 8 (Cleo's) -> 23    Cleo: 27 34 22 (Anna's) -> 34
    #   pick 3  Anna: 6 8 -> 8    Ben: 27 22 -> 27    Cleo: 46 41 -> 41
    #   pick 4  Anna: 22          Ben: 46             Cleo: 6
    state = setup("gentle-draft", ["Anna", "Ben", "Cleo"], seed=7)
    assert hands(state) == [[26, 19, 8, 22], [3, 23, 27, 46], [2, 34, 41, 6]]
    assert len(state["staff_deck"]) == 48 - 12
    assert_conserved(state)
    deck = shuffled_deck("gentle-draft", 7)
    packets = [deck[0:4], deck[4:8], deck[8:12]]
    assert hands(state) == reference_draft(packets, 4, "right", default_policy("gentle-draft"))
    assert hands(state) != reference_draft(packets, 4, "left", default_policy("gentle-draft"))


def test_recorded_draft_is_reproduced_pick_by_pick() -> None:
    # Everyone keeps the cheapest card instead (highest number among equals): a legal, different draft.
    costs = module("draft").RULES.staff
    cheapest = reference_draft(
        HAND_WORKED_PACKETS, 6, "left", lambda _p, _k, packet: min(packet, key=lambda c: (costs[c][1], -c))
    )
    assert cheapest != HAND_WORKED_HANDS
    names = ["Anna", "Ben", "Cleo"]
    state = setup("draft", names, seed=7, choices=dict(zip(names, cheapest, strict=True)))
    assert hands(state) == cheapest
    assert_conserved(state)
    # The state records the picks: passing them back reproduces the deal (the state format works too).
    replay = setup("draft", names, seed=7, choices={p["name"]: p["choices"] for p in state["players"]})
    assert replay == state


def test_partly_recorded_draft_falls_back_to_the_default() -> None:
    # Anna keeps 46 at pick 1 (not 26); the rest follows the default policy.
    names = ["Anna", "Ben", "Cleo"]
    state = setup("draft", names, seed=7, choices={"Anna": [46]})
    policy = default_policy("draft")
    expected = reference_draft(
        HAND_WORKED_PACKETS,
        6,
        "left",
        lambda player, pick, packet: 46 if (player, pick) == (0, 0) else policy(player, pick, packet),
    )
    assert hands(state) == expected
    assert hands(state)[0][0] == 46
    assert hands(state) != HAND_WORKED_HANDS


@pytest.mark.parametrize(
    ("choices", "message"),
    [
        (
            {"Anna": [2]},
            r"Anna: choices.draft\[0\]: Staff card 2 is not in the packet at pick 1; the packet holds: 3, 22, 26, 27, 34, 46",
        ),
        ({"Anna": [26, 26]}, r"Anna: choices.draft\[1\]: Staff card 26 is not in the packet at pick 2"),
        ({"Ben": [2, 99]}, r"Ben: choices.draft\[1\]: unknown Staff card 99"),
        ({"Cleo": [9, 10, 33, 12, 20, 35, 1]}, "7 cards recorded, but a player keeps only 6"),
        ({"Dora": [1]}, "'Dora' is not a player"),
        ({"Anna": "26"}, "is not a list of Staff card numbers"),
        ({"Anna": {"draft": [26], "play_staff": 3}}, "setup records only draft picks"),
        ([26], "expected a mapping"),
    ],
)
def test_illegal_recorded_picks(choices: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message) as caught:
        setup("draft", ["Anna", "Ben", "Cleo"], seed=7, choices=choices)
    assert type(caught.value).__name__ == "StateError"


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(RULESETS),
    count=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=-(2**70), max_value=2**70),
)
def test_every_deal_conserves_the_48_cards(name: str, count: int, seed: int) -> None:
    state = setup(name, names_for(name, [f"P{i}" for i in range(count)]), seed=seed)
    assert_conserved(state)
    assert all(len(hand) == len(hands(state)[0]) for hand in hands(state))
    jsonschema.Draft7Validator(STATE_SCHEMA).validate(state)


# --- the generated files and isolation -------------------------------------------------------


@pytest.mark.snapshot
@pytest.mark.parametrize("name", RULESETS)
def test_generated_module_deals_in_isolation(name: str) -> None:
    """The checked-in module imports with the standard library alone and deals like the in-memory one."""
    path = ROOT / "generated" / "scoring" / f"{name.replace('-', '_')}.py"
    code = (
        "import importlib.util, json, sys\n"
        f"spec = importlib.util.spec_from_file_location('m', {str(path)!r})\n"
        "m = importlib.util.module_from_spec(spec); sys.modules['m'] = m; spec.loader.exec_module(m)\n"
        f"print(json.dumps(m.setup_game({names_for(name, ['Anna', 'Ben', 'Cleo'])!r}, 4)))\n"
    )
    result = subprocess.run([sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(result.stdout) == setup(name, names_for(name, ["Anna", "Ben", "Cleo"]), seed=4)


# --- gah setup ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", RULESETS)
def test_gah_setup_json_is_a_state_gah_score_accepts(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = names_for(name, ["Anna", "Ben", "Cleo"])
    code, out, err = gah(capsys, "setup", name, "--players", ",".join(names), "--seed", "1", "--json")
    assert code == 0, err
    state = json.loads(out)
    jsonschema.Draft7Validator(STATE_SCHEMA).validate(state)
    assert state == setup(name, names, seed=1)
    path = tmp_path / "state.json"
    path.write_text(out, encoding="utf-8")
    code, out, err = gah(capsys, "score", str(path), "--rules", name, "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["round"] == 0
    assert result["events"] == []
    assert "final" not in result
    code, out, err = gah(capsys, "score", str(path), "--rules", name)
    assert code == 0, err


def test_gah_setup_prints_hands_tiles_and_deck(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = gah(capsys, "setup", "introductory", "--players", "Anna, Ben ,Cleo", "--seed", "1")
    assert code == 0
    assert "Anna (start player): 6 Staff cards" in out
    assert "Ben: 6 Staff cards" in out
    assert "Breakfast Server" in out and "cost 4" in out
    assert "EXAMPLE sets" in out
    assert "Emperor tiles: A a-two-items (Two items), B b-occupied-room (Occupied room), C c-staff-points" in out
    assert "Staff deck: 30 cards" in out
    code, out, _err = gah(capsys, "setup", "gentle-draft", "--players", "Anna,Ben", "--seed", "8")
    assert code == 0
    assert "pass the rest right" in out
    assert "Staff deck: 40 cards" in out


def test_gah_setup_takes_a_rules_file(capsys: pytest.CaptureFixture[str]) -> None:
    draft = str(ROOT / "rules" / "variants" / "draft.yaml")
    code, out, err = gah(capsys, "setup", draft, "--players", "A,B", "--seed", "1", "--json")
    assert code == 0, err
    assert json.loads(out) == setup("draft", ["A", "B"], seed=1)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["base", "--players", "Anna"], "for 2 to 4 players, got 1"),
        (["base", "--players", "A,B,C,D,E"], "for 2 to 4 players, got 5"),
        (["base", "--players", "Anna,Anna"], "two players are called"),
        (["base", "--players", "Anna,,Ben"], "non-empty name"),
        (["nonesuch", "--players", "Anna,Ben"], "unknown ruleset 'nonesuch'"),
    ],
)
def test_gah_setup_refuses_bad_players(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = gah(capsys, "setup", *argv)
    assert code == 1
    assert message in err
    assert out == ""


@pytest.mark.parametrize(
    "argv",
    [["base"], ["--players", "Anna,Ben"], ["base", "--players", "Anna,Ben", "--seed", "one"]],
)
def test_gah_setup_bad_usage_exits_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _out, _err = gah(capsys, "setup", *argv)
    assert code == 2


def test_gah_setup_help_says_a_missing_seed_deals_a_fresh_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = gah(capsys, "setup", "--help")
    assert code == 0
    assert "a fresh random game, whose seed is printed" in " ".join(out.split())


def test_gah_setup_without_a_seed_deals_a_fresh_game_and_prints_the_seed_that_repeats_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    deals = []
    for _ in range(3):
        code, out, err = gah(capsys, "setup", "base", "--players", "Anna,Ben", "--json")
        assert code == 0, err
        match = re.fullmatch(r"seed (\d+): gah setup base --players Anna,Ben --seed (\d+) deals this game again\n", err)
        assert match is not None and match[1] == match[2], err
        state = json.loads(out)  # the seed goes to stderr: stdout stays pure JSON
        assert state == setup("base", ["Anna", "Ben"], seed=int(match[1]))
        deals.append(int(match[1]))
    assert len(set(deals)) == 3  # fresh each time (a repeat among 2**32 seeds would be a bug or a miracle)


# --- invalid setup data is a positioned error from gah check -------------------------------------

# Each case: the variant body (name, title and description are added after it, so the
# lines hold), the position of the error, and what its message must say.
BAD_SETUPS = {
    "unknown-card": (
        "extends: introductory\nsetup:\n  deal:\n    sets:\n      A: [1, 5, 13, 21, 27, 99]\n",
        ":5:29: ",
        ["set A", "unknown Staff card 99"],
    ),
    "card-in-two-sets": (
        "extends: introductory\nsetup:\n  deal:\n    sets:\n      B: [2, 6, 14, 28, 35, 5]\n",
        ":5:29: ",
        ["set B", "Staff card 5 is already in set A"],
    ),
    "too-few-sets": (
        "extends: introductory\nsetup:\n  deal:\n    sets:\n      D: null\n",
        ":4:5: ",
        ["3 introductory set(s) for up to 4 players"],
    ),
    "small-packet": (
        "extends: draft\nsetup:\n  deal:\n    packet_size: 4\n",
        ":4:18: ",
        ["packet_size", "4 is smaller than the hand size 6"],
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_SETUPS))
def test_bad_setup_data_is_a_positioned_error(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body, position, fragments = BAD_SETUPS[case]
    path = tmp_path / f"{case}.yaml"
    path.write_text(f"{body}name: bad-{case}\ntitle: Bad\ndescription: Bad setup data.\n", encoding="utf-8")
    code, _out, err = gah(capsys, "check", str(path))
    assert code == 1
    lines = [line for line in err.splitlines() if line.startswith(f"{path}{position}")]
    assert len(lines) == 1, err
    for fragment in fragments:
        assert fragment in lines[0], err
    assert "1 problem found" in err
