"""Effects with targets (issue 41, item 2): the for_players effect on the invented tiles of
tests/data/variants/invented-targets.yaml (others read as they stand when each player resolves) and
invented-targets-before.yaml (the same tiles, others read as they stood before the scoring), scored by hand in the
module, the batched kernels and the pad's engine; the front end's refusals, the words in both languages, and the
search that tries options on copies.

Track points (GR 1): space 0 1 2 3 4 5 6 7 8 9 10 11 12 13 pays 0 1 2 3 3 4 4 5 5 6 6 7 8 9. Move back 3 / 5 / 7
after rounds 3 / 5 / 7; landing on 3 or more gives the bonus, on 0 the penalty, 1-2 nothing. Players resolve in
turn order (the order of `players`), each taking its track points, move back and bonus or penalty before the next;
the left neighbour is the next player, the right the previous.

The tiles: a-toll (A): bonus, each other player loses 1 krone, then you gain 2 krones; penalty, your left neighbour
gains 2 points. b-wealth-tax (B): bonus, each other player with at least 3 krones loses 2 krones; penalty, each of
your neighbours gains 1 point per occupied room they have. c-crowning (C): bonus, every player tied for the most
points (you too) loses 3 points, then your right neighbour gains 1 point; penalty, every player, you first, gains
2 krones with at most 1 krone, else loses 1 krone. A loss takes what there is (krones never below 0).
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
from gah.project import load_one
from gah.words.effects import Speaker
from gah.words.text import Words, plain
from helpers_rules import run_gah, shipped_workspace
from helpers_scoring import module, player, state

DATA = Path(__file__).resolve().parent / "data" / "variants"
TARGETS = str(DATA / "invented-targets.yaml")
BEFORE = str(DATA / "invented-targets-before.yaml")
TILES = {"A": "a-toll", "B": "b-wealth-tax", "C": "c-crowning"}
Numbers = list[tuple[int, int, int]]


def rooms(count: int) -> list[str]:
    """A hotel (top floor first) with `count` occupied rooms, floor 1 filled first, left to right."""
    floors = []
    for floor in range(4):
        here = max(0, min(5, count - 5 * floor))
        floors.append("o" * here + "." * (5 - here))
    return floors[::-1]


def scored(rules: str, round_: int, *players: dict[str, Any]) -> Numbers:
    """(points, krones, emperor) of each player after the Emperor scoring of `round_`, in the module."""
    result = module(rules).score_game(copy.deepcopy(state(round_, *players, tiles=TILES)))
    return [(p["points"], p["krones"], p["emperor"]) for p in result["state"]["players"]]


@cache
def kernels(rules: str) -> tuple[ir.Ruleset, Any]:
    from gah.backends.batched.tables import compile_tables

    ruleset = load_one(shipped_workspace(), rules)
    return ruleset, compile_tables(ruleset)


def batched(rules: str, round_: int, *players: dict[str, Any]) -> Numbers:
    """The same, in the batched kernels."""
    from gah.backends.batched import scoring
    from gah.backends.batched.convert import arrays_of, player_fields, store_game

    ruleset, tables = kernels(rules)
    game = module(rules).new_game(copy.deepcopy(state(round_, *players, tiles=TILES)), explain=False)
    arrays = arrays_of(ruleset, [game])
    scoring.emperor_scoring(tables, arrays, 0)
    store_game(ruleset, arrays, 0, game)
    fields = [player_fields(p) for p in game.players]
    return [(f["points"], f["krones"], f["emperor"]) for f in fields]


# --- the hand-worked states: (rules, round, players, the numbers worked out by hand) ------------------------


def toll_three() -> list[dict[str, Any]]:
    return [
        player("Anna", emperor=6, points=10, krones=2),
        player("Ben", emperor=1, points=10, krones=3),
        player("Cleo", emperor=6, points=10, krones=0),
    ]


# Anna: space 6 pays 4 (14), back 3 to 3: bonus: Ben 3 -> 2 krones, Cleo has none to lose; Anna 2 + 2 = 4.
# Ben: space 1 pays 1 (11), back to 0: penalty: his left neighbour Cleo gains 2 points (12).
# Cleo: space 6 pays 4 (16), back to 3: bonus: Anna 4 -> 3, Ben 2 -> 1; Cleo 0 + 2 = 2.
TOLL_THREE: Numbers = [(14, 3, 3), (11, 1, 0), (16, 2, 3)]
# Two players, both on space 2 (pays 2: 12), back to 0: penalties. The left neighbour is the other player:
# Anna's penalty gives Ben 2 (14), Ben's gives Anna 2 (14).
TOLL_TWO: Numbers = [(14, 0, 0), (14, 0, 0)]
# Alone: a left neighbour nobody, no other player to pay: the penalty does nothing (12); the bonus gains 2 krones.
TOLL_ALONE_PENALTY: Numbers = [(12, 0, 0)]
TOLL_ALONE_BONUS: Numbers = [(14, 3, 3)]


def tax_three() -> list[dict[str, Any]]:
    return [
        player("Anna", emperor=8, points=10, krones=5),
        player("Ben", emperor=8, points=10, krones=4),
        player("Cleo", emperor=8, points=10, krones=3),
    ]


# Space 8 pays 5 (15), back 5 to 3: a bonus for each. As they stand: Anna: Ben 4 and Cleo 3 have at least 3:
# Ben 2, Cleo 1. Ben (Cleo, then Anna): Cleo's 1 is too few; Anna 5 -> 3. Cleo (Anna, then Ben): Anna 3 -> 1;
# Ben's 2 is too few.
TAX_AS_THEY_STAND: Numbers = [(15, 1, 3), (15, 2, 3), (15, 1, 3)]
# Before the scoring (Anna 5, Ben 4, Cleo 3 whoever reads them), the changes still happening as they stand:
# Anna: Ben 4 -> 2, Cleo 3 -> 1. Ben: Cleo (3 before) loses her last 1 (0); Anna 5 -> 3. Cleo: Anna (5 before)
# 3 -> 1; Ben (4 before) 2 -> 0.
TAX_BEFORE: Numbers = [(15, 1, 3), (15, 0, 3), (15, 0, 3)]


def tax_neighbours() -> list[dict[str, Any]]:
    return [
        player("Anna", emperor=5, points=10, hotel=rooms(2)),
        player("Ben", emperor=8, points=10, hotel=rooms(4)),
        player("Cleo", emperor=9, points=10, hotel=rooms(6)),
    ]


# Anna: space 5 pays 4 (14), back 5 to 0: penalty: her neighbours Ben (left) and Cleo (right) gain a point per
# occupied room of their own: Ben 4 (14), Cleo 6 (16). Ben: space 8 pays 5 (19), back to 3: bonus, nobody has
# krones. Cleo: space 9 pays 6 (22), back to 4: bonus, nothing.
TAX_NEIGHBOURS: Numbers = [(14, 0, 0), (19, 0, 3), (22, 0, 4)]
# Two players: the neighbours are the other player, once. Anna (2 rooms): 14, Ben gains 4 (14). Ben (4 rooms):
# space 5 pays 4 (18), Anna gains 2 (16).
TAX_NEIGHBOURS_TWO: Numbers = [(16, 0, 0), (18, 0, 0)]


def crowning_three() -> list[dict[str, Any]]:
    return [
        player("Anna", emperor=10, points=20, krones=3),
        player("Ben", emperor=7, points=25, krones=1),
        player("Cleo", emperor=10, points=22, krones=0),
    ]


# As they stand. Anna: space 10 pays 6 (26), back 7 to 3: bonus: the most points are her own 26 (Ben 25, Cleo
# 22): Anna loses 3 (23); her right neighbour Cleo gains 1 (23). Ben: space 7 pays 5 (30), back to 0: penalty,
# every player from Ben: Ben has 1 krone (at most 1): 3; Cleo 0: 2; Anna 3: loses 1 (2). Cleo: space 10 pays 6
# (29), back to 3: bonus: the most points are Ben's 30: Ben loses 3 (27); her right neighbour Ben gains 1 (28).
CROWNING_AS_THEY_STAND: Numbers = [(23, 2, 3), (28, 3, 0), (29, 2, 3)]
# Before the scoring (Anna 20, Ben 25, Cleo 22 as others read them; a player reads itself as it stands). Anna and
# Ben as above: Anna 23, Cleo 23, then 2 krones each, Ben 3. Cleo: her own 29 against Anna's 20 and Ben's 25
# before: Cleo is the leader, loses 3 (26); Ben, her right neighbour, gains 1 (31). The penalty's `if` is read in
# each player's effects, as that player stands.
CROWNING_BEFORE: Numbers = [(23, 2, 3), (31, 3, 0), (26, 2, 3)]
# Two players tied: Anna's 26 (space 10 pays 6) and Ben's 26: both lose 3 (23, 23); Anna's right neighbour Ben
# gains 1 (24). Ben: space 10 pays 6 (30), alone the most: 27; Anna gains 1 (24).
CROWNING_TIED: Numbers = [(24, 0, 3), (27, 0, 3)]
# Alone: the leader is the player (26 - 3 = 23), no right neighbour.
CROWNING_ALONE: Numbers = [(23, 0, 3)]

STATES: list[tuple[str, int, list[dict[str, Any]], Numbers]] = [
    (TARGETS, 3, toll_three(), TOLL_THREE),
    (TARGETS, 3, [player("Anna", emperor=2, points=10), player("Ben", emperor=2, points=10)], TOLL_TWO),
    (TARGETS, 3, [player("Anna", emperor=2, points=10)], TOLL_ALONE_PENALTY),
    (TARGETS, 3, [player("Anna", emperor=6, points=10, krones=1)], TOLL_ALONE_BONUS),
    (TARGETS, 5, tax_three(), TAX_AS_THEY_STAND),
    (BEFORE, 5, tax_three(), TAX_BEFORE),
    (TARGETS, 5, tax_neighbours(), TAX_NEIGHBOURS),
    (
        TARGETS,
        5,
        [player("Anna", emperor=5, points=10, hotel=rooms(2)), player("Ben", emperor=5, points=10, hotel=rooms(4))],
        TAX_NEIGHBOURS_TWO,
    ),
    (TARGETS, 7, crowning_three(), CROWNING_AS_THEY_STAND),
    (BEFORE, 7, crowning_three(), CROWNING_BEFORE),
    (TARGETS, 7, [player("Anna", emperor=10, points=20), player("Ben", emperor=10, points=26)], CROWNING_TIED),
    (TARGETS, 7, [player("Anna", emperor=10, points=20)], CROWNING_ALONE),
]
IDS = [f"{Path(rules).stem}-round{round_}-{len(players)}p-{n}" for n, (rules, round_, players, _) in enumerate(STATES)]


@pytest.mark.parametrize(("rules", "round_", "players", "numbers"), STATES, ids=IDS)
def test_the_module_scores_the_hand_worked_numbers(
    rules: str, round_: int, players: list[dict[str, Any]], numbers: Numbers
) -> None:
    assert scored(rules, round_, *players) == numbers


def test_the_reading_time_changes_the_numbers() -> None:
    """The two rulings give different numbers on the same state (each pinned above)."""
    assert TAX_AS_THEY_STAND != TAX_BEFORE and CROWNING_AS_THEY_STAND != CROWNING_BEFORE


def test_every_player_takes_the_effect_in_turn_order_from_the_resolving_player() -> None:
    """Ben's penalty of c-crowning applies to Ben, then his left neighbour Cleo, then Anna: told in that order."""
    result = module(TARGETS).score_game(copy.deepcopy(state(7, *crowning_three(), tiles=TILES)))
    told = [e["player"] for e in result["events"] if e["kind"] in ("krones", "condition")]
    ben = told.index("Ben")
    assert told[ben : ben + 6] == ["Ben", "Ben", "Cleo", "Cleo", "Anna", "Anna"], told


# --- the pad's engine: the hand-worked states above, scored in JavaScript ------------------------------------


def test_the_pads_engine_scores_the_hand_worked_states_as_the_module(tmp_path: Path) -> None:
    """Each state above through the score pad's own engine under Node: the module's result, events and decisions
    included (tests/js/crosscheck.test.js). The tests above pin the module's numbers, so a pad that applies an
    effect to other players otherwise fails here."""
    from gah.backends.js.page import generate_page
    from test_js_backend import JS_TESTS, node

    vectors = []
    for index, (rules, round_, players, _numbers) in enumerate(STATES):
        name = Path(rules).stem
        data = state(round_, *players, tiles=TILES)
        for language in ("en", "de"):
            result = module(rules).score_game(copy.deepcopy(data), language)
            label = f"{name} #{index} ({language})"
            vectors.append(
                {"rules": name, "label": label, "state": data, "language": language, "expected": {"result": result}}
            )
    (tmp_path / "pads").mkdir()
    for rules in (TARGETS, BEFORE):
        page = generate_page(load_one(shipped_workspace(), rules))
        (tmp_path / "pads" / f"{Path(rules).stem}.html").write_bytes(page)
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


# --- the front end -----------------------------------------------------------------------------------------


def _check(tmp_path: Path, tile: str) -> Any:
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: base\nname: house\ntiles:\n  a-krones:\n{tile}", encoding="utf-8")
    return run_gah("check", str(path))


LOSE_ONE = "{kind: lose_krones, amount: 1}"


@pytest.mark.parametrize(
    ("tile", "message"),
    [
        (
            "    bonus:\n      - {kind: for_players, players: others, effects: [{kind: draw_staff, count: 2, play: 1,"
            " discount: 0}]}\n",
            "house.yaml:6:63: tiles.a-krones.bonus[0].effects[0]: for_players applies only effects that ask no "
            "decision (gain_krones, lose_krones, gain_points, lose_points, gain_resource, lose_resource, change, "
            "advance_emperor, points_per_quantity, gain_items, if); draw_staff asks one",
        ),
        (
            "    bonus:\n      - kind: for_players\n        players: left\n        effects:\n"
            "          - kind: if\n            condition: {quantity: krones, at_least: 1}\n"
            "            then: [{kind: choose_items, count: 1, may_serve_guests: false}]\n",
            "house.yaml:11:27: tiles.a-krones.bonus[0].effects[0].then[0]: for_players applies only effects that ask"
            " no decision",
        ),
        (
            "    bonus:\n      - kind: for_players\n        players: all\n        effects:\n"
            f"          - {{kind: for_players, players: others, effects: [{LOSE_ONE}]}}\n",
            "house.yaml:9:20: tiles.a-krones.bonus[0].effects[0]: for_players cannot hold another for_players",
        ),
        (
            "    bonus:\n      - kind: choose_one\n        options:\n"
            f"          - [{{kind: for_players, players: right, effects: [{LOSE_ONE}]}}]\n",
            "house.yaml:8:21: tiles.a-krones.bonus[0].options[0][0]: an all-or-nothing option (a penalty's prefer, "
            "an option of choose_one) cannot hold for_players",
        ),
        (
            "    penalty:\n      prefer:\n        - kind: if\n          condition: {quantity: krones, at_least: 1}\n"
            f"          then: [{{kind: for_players, players: leaders, effects: [{LOSE_ONE}]}}]\n"
            "      otherwise: [{kind: lose_points, amount: 1}]\n",
            "tiles.a-krones.penalty.prefer[0].then[0]: an all-or-nothing option",
        ),
        (
            "    bonus:\n      - {kind: for_players, players: everyone, effects: [{kind: lose_krones, amount: 1}]}\n",
            "tiles.a-krones.bonus[0].players",
        ),
    ],
    ids=["decides", "decides-in-an-if", "nested", "in-a-choice", "in-a-prefer-if", "unknown-players"],
)
def test_the_front_end_places_its_refusals(tmp_path: Path, tile: str, message: str) -> None:
    run = _check(tmp_path, tile)
    assert run.code == 1, run.out
    assert message in run.err, run.err
    assert "Traceback" not in run.err


# --- words -------------------------------------------------------------------------------------------------


def said(language: str, effect: ir.Effect) -> str:
    from gah.languages import load_language

    base = load_one(shipped_workspace(), "base")
    return plain(Speaker(Words(load_language(shipped_workspace(), language)), base.items).effect(effect))


KRONES_3 = ir.QuantityIs(ir.shorthand("krones"), ir.Bounds(at_least=3))


@pytest.mark.parametrize(
    ("effect", "english", "german"),
    [
        (
            ir.ForPlayers("others", None, (ir.LoseKrones(1),)),
            "each other player, as “you”: lose 1 krone",
            "jeder andere Spieler, als „du“: verliere 1 Krone",
        ),
        (
            ir.ForPlayers("left", None, (ir.GainPoints(2),)),
            "your left neighbour, as “you”: score 2 points",
            "dein linker Nachbar, als „du“: erhalte 2 Siegpunkte",
        ),
        (
            ir.ForPlayers("others", KRONES_3, (ir.LoseKrones(2),)),
            "each other player, as “you”, if you have at least 3 krones: lose 2 krones",
            "jeder andere Spieler, als „du“, wenn du mindestens 3 Kronen hast: verliere 2 Kronen",
        ),
    ],
)
def test_the_words_say_whom_in_both_languages(effect: ir.Effect, english: str, german: str) -> None:
    assert said("en", effect) == english
    assert said("de", effect) == german


def sheet(rules: str, language: str) -> str:
    from gah.languages import load_language
    from gah.sheets import render_sheet

    workspace = shipped_workspace()
    words = load_language(workspace, language)
    return render_sheet(load_one(workspace, rules), load_one(workspace, "base"), "md", "a4", language=words).decode()


def test_the_sheet_states_the_order_and_the_reading() -> None:
    live, before = sheet(TARGETS, "en"), sheet(BEFORE, "en")
    assert "you first where you are one of them, then your left neighbour on" in live
    assert "a player who resolves later reads them as they now stand" in live
    assert "still reads them as they stood before this Emperor scoring" in before
    assert "each other player, as “you”, if you have at least 3 krones: lose 2 krones" in live
    assert "wer später wertet, liest sie so, wie sie nun stehen" in sheet(TARGETS, "de")


# --- the search tries options on copies ----------------------------------------------------------------------


def test_options_tried_by_the_search_change_other_players_only_on_copies(tmp_path: Path) -> None:
    """A bonus that asks a decision, then takes a krone from every other player: the search replays the turn for
    each option (and the Staff's draw for each card), and the others still lose exactly one krone each."""
    path = tmp_path / "searched.yaml"
    path.write_text(
        "extends: base\nname: searched\ntiles:\n  a-krones:\n    bonus:\n"
        "      - kind: choose_one\n        options: [[{kind: gain_krones, amount: 1}], [{kind: gain_points, amount: 1}]]\n"
        "      - {kind: for_players, players: others, effects: [{kind: lose_krones, amount: 1}]}\n"
        "      - {kind: draw_staff, count: 2, play: 1, discount: all}\n",
        encoding="utf-8",
    )
    anna = player("Anna", emperor=6, points=10, krones=0)
    ben, cleo = player("Ben", emperor=4, points=10, krones=5), player("Cleo", emperor=4, points=10, krones=1)
    result = module(str(path)).score_game(copy.deepcopy(state(3, anna, ben, cleo, tiles={"A": "a-krones"})))
    krones = [p["krones"] for p in result["state"]["players"]]
    # Anna: space 6, back 3 to 3: the bonus. Ben 5 - 1, Cleo 1 - 1; Ben and Cleo: space 4, back to 1: nothing.
    assert krones[1:] == [4, 0], result["state"]["players"]
