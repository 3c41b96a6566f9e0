"""Other players (issue 30, item 3): quantities with `of` and the most / fewest conditions, on the invented tiles
of tests/data/variants/invented-others.yaml (others read as they stand when each player resolves) and
invented-others-before.yaml (the same tiles, others read as they stood before the scoring) and the same tiles
with the tie rules swapped (the fixture swapped), scored by hand in the module, the batched kernels and the pad's
engine; the front end's checks, the words of the sheets, explanations and
gah diff in both languages.

Track points (GR 1): space 0 1 2 3 4 5 6 7 8 9 10 11 12 13 pays 0 1 2 3 3 4 4 5 5 6 6 7 8 9. Move back 3 / 5 / 7
after rounds 3 / 5 / 7; landing on 3 or more gives the bonus, on 0 the penalty, 1-2 nothing. Players resolve in
turn order (the order of `players`); the left neighbour is the next player, the right the previous.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from gah import ir
from gah.backends.batched import scoring
from gah.backends.batched.convert import arrays_of, player_fields, store_game
from gah.backends.batched.tables import compile_tables
from gah.project import load_one
from gah.sheets import render_sheet
from gah.words.effects import Speaker
from gah.words.text import Words, plain
from helpers_rules import run_gah, shipped_workspace
from helpers_scoring import module, player, state

DATA = Path(__file__).resolve().parent / "data" / "variants"
OTHERS = str(DATA / "invented-others.yaml")
BEFORE = str(DATA / "invented-others-before.yaml")
TILES = {"A": "a-good-neighbours", "B": "b-top-of-the-class", "C": "c-catch-up"}
SWAPPED = "invented-others-swapped"  # the tie rules of invented-others swapped: the fixture swapped() writes it


def hotel(rooms: int) -> list[str]:
    """A hotel (top floor first) with `rooms` occupied rooms, floor 1 filled first (up to 10)."""
    first = "o" * min(rooms, 5) + "." * (5 - min(rooms, 5))
    second = "o" * max(0, rooms - 5) + "." * (10 - max(rooms, 5))
    return [".....", ".....", second, first]


def scored(rules: str, round_: int, *players: dict[str, Any]) -> list[tuple[int, int, int]]:
    """(points, krones, emperor) of each player after the Emperor scoring, in the module."""
    result = module(rules).score_game(copy.deepcopy(state(round_, *players, tiles=TILES)))
    return [(p["points"], p["krones"], p["emperor"]) for p in result["state"]["players"]]


@cache
def kernels(rules: str) -> tuple[ir.Ruleset, Any]:
    ruleset = load_one(shipped_workspace(), rules)
    return ruleset, compile_tables(ruleset)


def batched(rules: str, round_: int, *players: dict[str, Any]) -> list[tuple[int, int, int]]:
    """The same, in the batched kernels."""
    ruleset, tables = kernels(rules)
    mod = module(rules)
    game = mod.new_game(copy.deepcopy(state(round_, *players, tiles=TILES)), explain=False)
    arrays = arrays_of(ruleset, [game])
    scoring.emperor_scoring(tables, arrays, 0)
    store_game(ruleset, arrays, 0, game)
    fields = [player_fields(p) for p in game.players]
    return [(f["points"], f["krones"], f["emperor"]) for f in fields]


def both_engines(round_: int, *players: dict[str, Any], rules: str = OTHERS) -> dict[str, list[tuple[int, int, int]]]:
    """The numbers of the module and of the batched kernels, by engine (a failure names the engine that differs)."""
    return {"module": scored(rules, round_, *players), "batched": batched(rules, round_, *players)}


def twice(numbers: list[tuple[int, int, int]]) -> dict[str, list[tuple[int, int, int]]]:
    return {"module": numbers, "batched": numbers}


# --- a-good-neighbours: 1 point per occupied room of the left neighbour; penalty 2 per Staff the right hired ----


def test_good_neighbours_with_three_players_reads_left_and_right() -> None:
    anna = player("Anna", emperor=6, points=10, hotel=hotel(3))
    ben = player("Ben", emperor=6, points=10, hotel=hotel(7), hired=[27, 28])
    cleo = player("Cleo", emperor=2, points=10)
    # Anna: space 6 pays 4 (14), back 3 to 3: bonus; her left neighbour is Ben (the next): 7 rooms, 21.
    # Ben: 14, bonus; his left neighbour is Cleo: no room, 14.
    # Cleo: space 2 pays 2 (12), back to 0: penalty; her right neighbour is Ben (the previous): 2 hired, -4: 8.
    assert both_engines(3, anna, ben, cleo) == twice([(21, 0, 3), (14, 0, 3), (8, 0, 0)])


def test_good_neighbours_with_two_players_left_and_right_are_the_other() -> None:
    anna = player("Anna", emperor=6, points=10, hotel=hotel(3), hired=[27])
    ben = player("Ben", emperor=2, points=10, hotel=hotel(5))
    # Anna: 14, bonus: Ben is her left neighbour, 5 rooms: 19. Ben: 12, penalty: Anna is his right neighbour
    # too, 1 hired: -2: 10.
    assert both_engines(3, anna, ben) == twice([(19, 0, 3), (10, 0, 0)])


def test_good_neighbours_alone_reads_nothing() -> None:
    # No other player: the left neighbour's rooms and the right's Staff are 0. Space 6: 14 and nothing more.
    assert both_engines(3, player("Anna", emperor=6, points=10, hotel=hotel(4))) == twice([(14, 0, 3)])
    assert both_engines(3, player("Anna", emperor=2, points=10, hired=[27])) == twice([(12, 0, 0)])


# --- b-top-of-the-class: most occupied rooms (ties: all_tied) 5 points, else 2 krones; ----------------------
# --- penalty: fewest krones (ties: none_tied) -4 points, else -2 krones ----------------------------------


def four_players() -> list[dict[str, Any]]:
    return [
        player("Anna", emperor=8, points=10, krones=1, hotel=hotel(3)),
        player("Ben", emperor=8, points=10, krones=3, hotel=hotel(3)),
        player("Cleo", emperor=8, points=10, krones=0, hotel=hotel(2)),
        player("Dan", emperor=5, points=10, krones=0),
    ]


def test_top_of_the_class_four_players_a_tie_for_most_and_the_fewest_read_as_it_stands() -> None:
    # Round 5: space 8 pays 5 (15), back 5 to 3: bonus. Anna and Ben have 3 rooms, tied for the most: all_tied
    # gives both 5 points (20). Cleo, 2 rooms: otherwise, 2 krones (0 -> 2). Dan: space 5 pays 4 (14), back to 0:
    # penalty. As it stands when Dan resolves, Cleo has 2 krones: Dan's 0 is fewer than 1, 3 and 2, strictly: -4 (10).
    assert both_engines(5, *four_players()) == twice([(20, 1, 3), (20, 3, 3), (15, 2, 3), (10, 0, 0)])


def test_top_of_the_class_read_before_the_scoring() -> None:
    # The same, others as they stood before the scoring: Cleo had 0 krones, tied with Dan's 0: none_tied, so not
    # the fewest: otherwise, 2 krones lost of 0 (the floor): Dan keeps 14. The bonuses are the same (rooms do not
    # change during the scoring).
    assert both_engines(5, *four_players(), rules=BEFORE) == twice([(20, 1, 3), (20, 3, 3), (15, 2, 3), (14, 0, 0)])


def test_top_of_the_class_a_tie_for_the_fewest_gives_it_to_nobody() -> None:
    # Round 5. Anna: space 5 pays 4 (14), back 5 to 0: penalty. 2 krones, Ben 2: tied, none_tied: not the
    # fewest; otherwise, 2 krones lost: 0. Ben: space 1 pays 1 (11), back to 0: penalty. 2 krones, Anna now 0:
    # not the fewest: 2 krones lost.
    anna = player("Anna", emperor=5, points=10, krones=2)
    ben = player("Ben", emperor=1, points=10, krones=2)
    assert both_engines(5, anna, ben) == twice([(14, 0, 0), (11, 0, 0)])


# --- the same tile with its tie rules swapped (SWAPPED): most (ties: none_tied), fewest (ties: all_tied) -----------


@pytest.fixture(scope="module")
def swapped(tmp_path_factory: pytest.TempPathFactory) -> str:
    """invented-others with b-top-of-the-class's tie rules swapped: 5 points only for strictly the most occupied
    rooms (none_tied), -4 points for every player tied for the fewest krones (all_tied). A file of its own."""
    text = Path(OTHERS).read_text(encoding="utf-8")
    assert text.count("ties: all_tied") == 1 and text.count("ties: none_tied") == 1
    text = text.replace("ties: all_tied", "ties: ?").replace("ties: none_tied", "ties: all_tied")
    text = text.replace("ties: ?", "ties: none_tied").replace("name: invented-others\n", f"name: {SWAPPED}\n")
    path = tmp_path_factory.mktemp("swapped") / f"{SWAPPED}.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_strictly_the_most_a_tie_for_the_most_gives_it_to_nobody(swapped: str) -> None:
    # Round 5: space 8 pays 5 (15), back 5 to 3: bonus. Anna and Ben have 3 rooms: tied for the most, and
    # none_tied gives it to nobody: otherwise, 2 krones each (Anna 1 -> 3, Ben 3 -> 5). Cleo, 2 rooms: 0 -> 2
    # krones. Dan: space 5 pays 4 (14), back to 0: penalty; his 0 krones are fewer than 3, 5 and 2: -4 (10).
    assert both_engines(5, *four_players(), rules=swapped) == twice([(15, 3, 3), (15, 5, 3), (15, 2, 3), (10, 0, 0)])


def test_strictly_the_most_holds_for_a_player_ahead_alone(swapped: str) -> None:
    # Round 5, both on space 8: 15, bonus. Anna has 4 rooms, Ben 3: strictly the most, 5 points (20). Ben, 3 of
    # Anna's 4: otherwise, 2 krones (15).
    anna = player("Anna", emperor=8, points=10, hotel=hotel(4))
    ben = player("Ben", emperor=8, points=10, hotel=hotel(3))
    assert both_engines(5, anna, ben, rules=swapped) == twice([(20, 0, 3), (15, 2, 3)])


def test_all_tied_for_the_fewest_each_has_it(swapped: str) -> None:
    # Round 5. Anna: space 5 pays 4 (14), back 5 to 0: penalty. 2 krones, Ben 2: tied for the fewest, all_tied:
    # -4 points (10), krones kept. Ben: space 1 pays 1 (11), back to 0: penalty. 2 krones, Anna 2: -4 (7).
    anna = player("Anna", emperor=5, points=10, krones=2)
    ben = player("Ben", emperor=1, points=10, krones=2)
    assert both_engines(5, anna, ben, rules=swapped) == twice([(10, 2, 0), (7, 2, 0)])


def test_top_of_the_class_alone_has_the_most_and_the_fewest() -> None:
    # No other player: most and fewest hold. Round 5, space 8: 15, bonus 5: 20; space 5: 14, penalty -4: 10.
    assert both_engines(5, player("Anna", emperor=8, points=10)) == twice([(20, 0, 3)])
    assert both_engines(5, player("Anna", emperor=5, points=10, krones=3)) == twice([(10, 3, 0)])


# --- c-catch-up: 2 krones; 3 points per player with more krones; 2 points if the leader's marker is on 6+; ----
# --- penalty: 2 points per player with fewer occupied rooms; 1 point per guest in the other players' cafés ----


def three_players() -> list[dict[str, Any]]:
    return [
        player("Anna", emperor=10, points=10, krones=1, hotel=hotel(3), cafe=[{}]),
        player("Ben", emperor=12, points=0, krones=5, hotel=hotel(5), cafe=[{}, {}]),
        player("Cleo", emperor=7, points=12, krones=4, hotel=hotel(4)),
    ]


def test_catch_up_three_players_as_it_stands() -> None:
    # Round 7 (back 7). Anna: space 10 pays 6 (16), to 3: bonus. 1 + 2 = 3 krones, read after the gain: Ben (5)
    # and Cleo (4) have more: +6 (22). The leader: Anna 22, Ben 0, Cleo 12: Anna, her marker on 3 < 6: nothing.
    # Ben: space 12 pays 8 (8), to 5: bonus. 7 krones: no one has more. The leader as it stands: Anna (22, she
    # has resolved), marker on 3: nothing. 8.
    # Cleo: space 7 pays 5 (17), to 0: penalty. 4 rooms: Anna (3) has fewer, Ben (5) not: -2 (15); guests in
    # the others' cafés: 1 + 2 = 3: -3 (12).
    assert both_engines(7, *three_players()) == twice([(22, 3, 3), (8, 7, 5), (12, 4, 0)])


def test_catch_up_read_before_the_scoring() -> None:
    # As before the scoring, Ben's leader is Cleo: Anna had 10 points, Ben has 8 (himself, as he stands), Cleo
    # 12: Cleo, her marker on 7 >= 6: +2 (10). Anna reads Ben and Cleo before they resolve either way: 22.
    # Cleo's penalty reads rooms and cafés, which the scoring does not change: 12.
    assert both_engines(7, *three_players(), rules=BEFORE) == twice([(22, 3, 3), (10, 7, 5), (12, 4, 0)])


def test_catch_up_tied_leaders_count_the_most() -> None:
    # Anna: space 10 pays 6 (16), to 3: 2 krones; Ben has 5 > 2: +3 (19). Ben has 19 too, not yet resolved:
    # tied leaders; of their markers (Anna 3, Ben 8) the most, 8 >= 6: +2 (21). Ben: space 8 pays 5 (24), back
    # 7 to 1: nothing.
    anna = player("Anna", emperor=10, points=10)
    ben = player("Ben", emperor=8, points=19, krones=5)
    assert both_engines(7, anna, ben) == twice([(21, 2, 3), (24, 5, 1)])


def test_the_reading_time_changes_the_numbers_of_random_games() -> None:
    """The two rulesets differ only in the ruling: on the oracle's random states they must differ somewhere."""
    from oracle.rulesets import HAND_RULES
    from oracle.states import random_states

    rules = HAND_RULES["invented-others"]
    own = ("a-good-neighbours", "b-top-of-the-class", "c-catch-up")
    states = random_states(30, 200, rules.cap, rules.tiles, rules.items, own)
    now, before = module(OTHERS), module(BEFORE)
    differ = sum(
        now.score_game(copy.deepcopy(s))["state"] != before.score_game(copy.deepcopy(s))["state"] for s in states
    )
    assert 10 <= differ < len(states)


# --- the pad's engine: the hand-worked states above, scored in JavaScript ------------------------------------


HAND_STATES = [
    (
        3,
        [
            player("Anna", emperor=6, points=10, hotel=hotel(3)),
            player("Ben", emperor=6, points=10, hotel=hotel(7), hired=[27, 28]),
            player("Cleo", emperor=2, points=10),
        ],
    ),
    (
        3,
        [
            player("Anna", emperor=6, points=10, hotel=hotel(3), hired=[27]),
            player("Ben", emperor=2, points=10, hotel=hotel(5)),
        ],
    ),
    (3, [player("Anna", emperor=6, points=10, hotel=hotel(4))]),
    (5, four_players()),
    (5, [player("Anna", emperor=5, points=10, krones=2), player("Ben", emperor=1, points=10, krones=2)]),
    (7, three_players()),
    (7, [player("Anna", emperor=10, points=10), player("Ben", emperor=8, points=19, krones=5)]),
    (5, [player("Anna", emperor=8, points=10, hotel=hotel(4)), player("Ben", emperor=8, points=10, hotel=hotel(3))]),
]


def test_the_pads_engine_scores_the_hand_worked_states_as_the_module(tmp_path: Path, swapped: str) -> None:
    """Each state above, in the three rulesets, through the score pad's own engine under Node: the module's result,
    events and decisions included (tests/js/crosscheck.test.js). The tests above pin the module's numbers, so a
    pad that scores a state otherwise (a tie for the most held under none_tied) fails here."""
    from gah.backends.js.page import generate_page
    from test_js_backend import JS_TESTS, node

    vectors = []
    for rules in (OTHERS, BEFORE, swapped):
        name = Path(rules).stem
        for index, (round_, players) in enumerate(HAND_STATES):
            data = state(round_, *players, tiles=TILES)
            for language in ("en", "de"):
                result = module(rules).score_game(copy.deepcopy(data), language)
                label = f"{name} #{index} ({language})"
                vectors.append(
                    {"rules": name, "label": label, "state": data, "language": language, "expected": {"result": result}}
                )
        (tmp_path / "pads").mkdir(exist_ok=True)
        (tmp_path / "pads" / f"{name}.html").write_bytes(generate_page(load_one(shipped_workspace(), rules)))
    (tmp_path / "vectors.json").write_text(json.dumps(vectors), encoding="utf-8")
    run = subprocess.run(
        [node(), "--test", str(JS_TESTS / "crosscheck.test.js")],
        capture_output=True,
        text=True,
        env=dict(os.environ, GAH_VECTORS=str(tmp_path)),
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stdout[:6000] + run.stderr[-2000:]
    assert (tmp_path / "checked.txt").read_text() == str(len(vectors))


# --- the batched engine, the explanations --------------------------------------------------------------------


def test_explanations_say_what_was_read(tmp_path: Path) -> None:
    path = tmp_path / "state.yaml"
    path.write_text(
        "round: 5\ntiles: {A: a-good-neighbours, B: b-top-of-the-class, C: c-catch-up}\nplayers:\n"
        "  - {name: Anna, points: 10, krones: 1, emperor: 8, hotel: ['.....', '.....', '.....', 'ooo..']}\n"
        "  - {name: Ben, points: 10, krones: 0, emperor: 5}\n",
        encoding="utf-8",
    )
    run = run_gah("score", str(path), "--rules", OTHERS)
    assert run.code == 0, run.err
    assert "Anna meets the condition (occupied rooms 3, at most 0 for each other player)" in run.out
    assert "Ben meets the condition (krones 0, at least 1 for each other player)" in run.out
    german = run_gah("score", str(path), "--rules", OTHERS, "--lang", "de")
    assert "Anna erfüllt die Bedingung (bezogene Zimmer 3, höchstens 0 bei jedem anderen Spieler)" in german.out


# --- words: the sheets, gah diff ---------------------------------------------------------------------------------


def said(language: str, effect: ir.Effect) -> str:
    from gah.languages import load_language

    return plain(Speaker(Words(load_language(shipped_workspace(), language)), ()).effect(effect))


def of(name: str, whose: str) -> ir.Quantity:
    return ir.Quantity(**{**ir.shorthand(name).__dict__, "of": whose})


@pytest.mark.parametrize(
    ("effect", "english", "german"),
    [
        (
            ir.PointsPerQuantity(of("occupied_rooms", "left"), 1),
            "score 1 point per occupied room of your left neighbour",
            "erhalte 1 Siegpunkt für jedes bezogene Zimmer deines linken Nachbarn",
        ),
        (
            ir.PointsPerQuantity(of("hired_staff", "right"), -2),
            "lose 2 points per Staff card hired by your right neighbour",
            "verliere 2 Siegpunkte für jede Personalkarte im Dienst deines rechten Nachbarn",
        ),
        (
            ir.PointsPerQuantity(of("krones", "players_with_more"), 3),
            "score 3 points per player with more krones than you",
            "erhalte 3 Siegpunkte für jeden Spieler, der mehr Kronen hat als du",
        ),
        (
            ir.PointsPerQuantity(of("cafe_guests", "each_other"), -1),
            "lose 1 point per guest in the café of the other players",
            "verliere 1 Siegpunkt für jeden Gast im Café der anderen Spieler",
        ),
        (
            ir.Conditional(ir.QuantityIs(of("emperor_position", "leader"), ir.Bounds(6)), (ir.GainPoints(2),)),
            "if the Emperor position of the leader is at least 6: score 2 points",
            "wenn die Position des führenden Spielers auf der Kaiserleiste mindestens 6 ist: erhalte 2 Siegpunkte",
        ),
        (
            ir.Conditional(ir.QuantityIs(of("krones", "players_with_fewer"), ir.Bounds(2)), (ir.GainPoints(2),)),
            "if at least 2 other players have fewer krones than you: score 2 points",
            "wenn mindestens 2 andere Spieler weniger Kronen haben als du: erhalte 2 Siegpunkte",
        ),
        (
            ir.Conditional(ir.MostOf(ir.shorthand("occupied_rooms"), False, "all_tied"), (ir.GainPoints(5),)),
            "if no other player has more occupied rooms than you: score 5 points",
            "wenn kein anderer Spieler mehr bezogene Zimmer hat als du: erhalte 5 Siegpunkte",
        ),
        (
            ir.Conditional(ir.MostOf(ir.shorthand("krones"), True, "none_tied"), (ir.LosePoints(4),)),
            "if you have fewer krones than every other player: lose 4 points",
            "wenn du weniger Kronen hast als jeder andere Spieler: verliere 4 Siegpunkte",
        ),
    ],
)
def test_the_sheets_say_whose_state_is_read(effect: ir.Effect, english: str, german: str) -> None:
    assert (said("en", effect), said("de", effect)) == (english, german)


def sheet(rules: str, language: str) -> str:
    from gah.languages import load_language

    ruleset = load_one(shipped_workspace(), rules)
    base = load_one(shipped_workspace(), "base")
    words = load_language(shipped_workspace(), language)
    return render_sheet(ruleset, base, "md", "a4", language=words).decode("utf-8")


def test_the_sheet_states_the_ruling_and_gah_diff_a_change_of_it() -> None:
    english = sheet(OTHERS, "en")
    assert "Other players are read as they stand when you resolve an Emperor scoring" in english
    assert "The leader is the player with the most points, you included; of tied leaders, the most counts." in english
    german = sheet(BEFORE, "de")
    assert "Andere Spieler zählen so, wie sie vor Beginn dieser Kaiserwertung standen." in german
    diff = run_gah("diff", OTHERS, BEFORE)
    assert (
        "Other players are read as they stood before the Emperor scoring (was as they stand when each player "
        "resolves)." in diff.out
    )


# --- the front end ------------------------------------------------------------------------------------------


def _check(tmp_path: Path, text: str) -> Any:
    path = tmp_path / "house.yaml"
    path.write_text("extends: base\nname: house\n" + text, encoding="utf-8")
    return run_gah("check", str(path))


def test_a_tiebreaker_cannot_read_another_player(tmp_path: Path) -> None:
    run = _check(tmp_path, "tiebreakers:\n  - per: {quantity: krones, of: left}\n")
    assert run.code == 1
    assert "house.yaml:4:10: tiebreakers[0].per: a tie-breaker reads the player's own state; `of: left`" in run.err


@pytest.mark.parametrize(
    ("condition", "message"),
    [
        ("{most: krones}", "tiles.a-krones.bonus[0].condition: most needs a tie rule: add `ties: all_tied`"),
        ("{quantity: krones, ties: all_tied, at_least: 1}", "condition.ties: ties belongs with most or fewest"),
        (
            "{quantity: {count: rooms, state: occupied}, of: left, at_least: 1}",
            "condition.of: of belongs beside its filters",
        ),
        ("{fewest: {quantity: krones, of: left}, ties: none_tied}", "`fewest` reads the player's own state"),
        ("{most: krones, ties: all_tied, at_least: 2}", "condition.at_least: at_least belongs with quantity or value"),
    ],
)
def test_the_front_end_places_its_refusals(tmp_path: Path, condition: str, message: str) -> None:
    run = _check(
        tmp_path,
        "tiles:\n  a-krones:\n    bonus:\n"
        f"      - {{kind: if, condition: {condition}, then: [{{kind: gain_points, amount: 1}}]}}\n",
    )
    assert run.code == 1
    assert "house.yaml:" in run.err and message in run.err, run.err


def test_a_staff_bonus_and_final_scoring_may_read_other_players(tmp_path: Path) -> None:
    """A Staff card's Emperor bonus and a final-scoring source with `of`: checked, and scored by the module."""
    path = tmp_path / "house.yaml"
    path.write_text(
        "extends: base\nname: house\nstaff:\n  42:\n    emperor_bonus:\n"
        "      - {kind: points_per_quantity, quantity: {quantity: krones, of: right}, points: 1}\n"
        "final_scoring:\n  rivalry:\n    name: Rivalry\n    source: per_quantity\n"
        "    per: {quantity: occupied_rooms, of: players_with_fewer}\n    points: 2\n",
        encoding="utf-8",
    )
    mod = module(str(path))
    anna = player("Anna", emperor=6, points=10, hired=[42], hotel=hotel(2))
    ben = player("Ben", emperor=1, points=10, krones=4, hotel=hotel(1))
    result = mod.score_game(state(7, anna, ben, tiles={"A": "a-krones", "B": "b-krones", "C": "c-points"}))
    # Round 7: Anna space 6 pays 4 (14), back 7 to 0: the penalty of c-points, not the bonus: no Gardener.
    # Final scoring: Anna has 2 rooms, Ben 1: 1 player with fewer: 2 points; Ben: 0.
    rivalry = [entry["breakdown"]["rivalry"] for entry in result["final"]]
    assert rivalry == [2, 0]
    # Round 3: space 6 pays 4, back 3 to 3: a-krones' bonus (3 krones), then the Gardener: 1 point per krone of
    # the right neighbour (Ben, 4): 10 + 4 + 4 = 18.
    early = mod.score_game(state(3, anna, ben, tiles={"A": "a-krones", "B": "b-krones", "C": "c-points"}))
    assert early["state"]["players"][0]["points"] == 18
