"""Conditions (the `if` effect kind): the invented tiles of tests/data/variants/invented-conditions.yaml scored
by hand, a condition read in the order the tile is printed, all or nothing with a conditional, explanations,
the checks of the front end, and the sheets' wording in both languages.

Track points (GR 1): space 0 1 2 3 4 5 6 7 8 9 10 11 12 13 pays 0 1 2 3 3 4 4 5 5 6 6 7 8 9. Move back 3 / 5 / 7
after rounds 3 / 5 / 7; landing on 3 or more gives the bonus, on 0 the penalty (zones: black 0, neutral 1-2,
yellow 3-13). The default policy takes the option with the best projected final total (1 point per krone and
per kitchen item at the end, GR 5.7).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from gah import ir
from gah.project import load_one
from gah.sheets import render_sheet
from gah.words.effects import Speaker
from gah.words.text import Words, plain
from helpers_rules import run_gah, shipped_workspace
from helpers_scoring import module
from test_invented_tiles import anna, kitchen, play

CONDITIONS = str(Path(__file__).resolve().parent / "data" / "variants" / "invented-conditions.yaml")


# --- a-nest-egg: gain 2 krones; if you have at least 5 krones: 4 points; otherwise: 1 point ------------------


@pytest.mark.parametrize(
    ("krones", "points", "krones_after"),
    [
        # Space 6 pays 4 (10 -> 14), back to 3: bonus. 3 + 2 = 5 krones, read after the gain: 5 >= 5, +4 = 18.
        # (Read before the gain, 3 < 5 would have given 1 point: the tile's order matters.)
        (3, 18, 5),
        # 2 + 2 = 4 krones < 5: otherwise, +1 = 15.
        (2, 15, 4),
    ],
)
def test_nest_egg_bonus_reads_krones_after_the_gain(krones: int, points: int, krones_after: int) -> None:
    a = anna(play(CONDITIONS, 3, "A", "a-nest-egg", emperor=6, points=10, krones=krones))
    assert (a["points"], a["krones"]) == (points, krones_after)


@pytest.mark.parametrize(
    ("krones", "points", "krones_after"),
    [
        (3, 12, 0),  # space 2 pays 2 (10 -> 12), back to 0: penalty. 3 krones >= 3: lose 3 krones.
        (2, 9, 2),  # 2 krones < 3: otherwise, lose 3 points: 12 - 3 = 9.
    ],
)
def test_nest_egg_penalty(krones: int, points: int, krones_after: int) -> None:
    a = anna(play(CONDITIONS, 3, "A", "a-nest-egg", emperor=2, points=10, krones=krones))
    assert (a["points"], a["krones"]) == (points, krones_after)


# --- b-high-flyer: advance 2; if on space 6 or higher: 5 points; otherwise: 2 krones -------------------------


def test_high_flyer_bonus_reads_the_space_after_the_steps() -> None:
    # Space 10 pays 6 (10 -> 16), back 5 to 5: bonus. 2 steps: space 7 >= 6 (read after the steps; on 5 it
    # would fail): +5 = 21.
    a = anna(play(CONDITIONS, 5, "B", "b-high-flyer", emperor=10, points=10))
    assert (a["points"], a["krones"], a["emperor"]) == (21, 0, 7)
    # Space 8 pays 5 (10 -> 15), back to 3; 2 steps: 5 < 6: otherwise, 2 krones.
    b = anna(play(CONDITIONS, 5, "B", "b-high-flyer", emperor=8, points=10))
    assert (b["points"], b["krones"], b["emperor"]) == (15, 2, 5)


@pytest.mark.parametrize(
    ("hotel", "points", "krones_after"),
    [
        # Space 5 pays 4 (10 -> 14), back to 0: penalty. 6 occupied rooms >= 6: lose 6 points: 8.
        ([".....", ".....", "oo...", "oooo."], 8, 6),
        # 5 occupied rooms: otherwise, lose 4 krones: 6 -> 2; 14 points.
        ([".....", ".....", "o....", "oooo."], 14, 2),
    ],
)
def test_high_flyer_penalty(hotel: list[str], points: int, krones_after: int) -> None:
    a = anna(play(CONDITIONS, 5, "B", "b-high-flyer", emperor=5, points=10, krones=6, hotel=hotel))
    assert (a["points"], a["krones"]) == (points, krones_after)


# --- c-last-orders: choose (1) if 2+ kitchen items and on space 4+: return 2, 8 points, or (2) 3 krones ------


def test_last_orders_takes_the_conditional_option_when_it_holds() -> None:
    # Space 11 pays 7 (10 -> 17), back 7 to 4: bonus. (1): 3 items >= 2 and space 4 >= 4: return 2 items, +8:
    # +6 to the projected total; (2) 3 krones: +3. The policy takes (1): 25 points, 1 item left.
    a = anna(play(CONDITIONS, 7, "C", "c-last-orders", emperor=11, points=10, kitchen={"wine": 1, "cake": 2}))
    assert (a["points"], a["krones"], sum(a["kitchen"].values())) == (25, 0, 1)


def test_last_orders_a_condition_that_fails_leaves_an_option_that_does_nothing() -> None:
    # Space 10 pays 6 (10 -> 16), back to 3: space 3 < 4, so (1) does nothing (it has no otherwise); (2): 3 krones.
    a = anna(play(CONDITIONS, 7, "C", "c-last-orders", emperor=10, points=10, kitchen={"wine": 3}))
    assert (a["points"], a["krones"], a["kitchen"]) == (16, 3, kitchen(wine=3))
    # Recorded (1): legal (it can be taken in full: nothing to take), and nothing happens.
    b = anna(
        play(CONDITIONS, 7, "C", "c-last-orders", emperor=10, points=10, kitchen={"wine": 3}, choices={"choose_one": 1})
    )
    assert (b["points"], b["krones"], b["kitchen"]) == (16, 0, kitchen(wine=3))


@pytest.mark.parametrize(("krones", "points", "krones_after"), [(4, 7, 4), (5, 15, 0)])
def test_last_orders_penalty(krones: int, points: int, krones_after: int) -> None:
    # Space 7 pays 5 (10 -> 15), back to 0: penalty. 4 krones <= 4: lose 8 points (7); 5 krones: lose 5 krones.
    a = anna(play(CONDITIONS, 7, "C", "c-last-orders", emperor=7, points=10, krones=krones))
    assert (a["points"], a["krones"]) == (points, krones_after)


# --- explanations -------------------------------------------------------------------------------------------


def test_gah_score_says_which_branch_and_why(tmp_path: Path) -> None:
    path = tmp_path / "state.yaml"
    path.write_text(
        "round: 5\ntiles: {A: a-krones, B: b-high-flyer, C: c-points}\nplayers:\n"
        "  - {name: Anna, points: 10, krones: 0, emperor: 10}\n  - {name: Bert, points: 10, krones: 0, emperor: 8}\n",
        encoding="utf-8",
    )
    run = run_gah("score", str(path), "--rules", CONDITIONS)
    assert run.code == 0, run.err
    assert "Anna meets the condition (space 7 ≥ 6)" in run.out
    assert "Bert does not meet the condition (space 5 < 6): the otherwise effects apply" in run.out
    german = run_gah("score", str(path), "--rules", CONDITIONS, "--lang", "de")
    assert "Anna erfüllt die Bedingung (Feld 7 ≥ 6)" in german.out


def test_explanations_of_every_form() -> None:
    mod = module(CONDITIONS)
    game = mod.new_game(
        {
            "round": 3,
            "tiles": {"A": "a-krones", "B": "b-krones", "C": "c-points"},
            "players": [{"name": "Anna", "points": 0, "krones": 0, "emperor": 7}],
        }
    )
    why = [
        (["quantity", "krones", 4, 2, 4], "krones 4 ≥ 2 and krones 4 ≤ 4"),
        (["quantity", "krones", 5, 2, 4], "krones 5 ≥ 2 and krones 5 > 4"),
        (["space", 7, 7, 7], "space 7 = 7"),
        (["space", 6, 7, 7], "space 6 ≠ 7"),
        (["zone", "bonus", "", 7, 0b1111111111000], "space 7 is in a bonus zone"),
        (["zone", "neutral", "Neutral", 7, 0b110], "space 7 is not in zone Neutral"),
        (
            ["any", [["space", 7, None, 3], ["all", [["space", 7, 7, None], ["quantity", "krones", 0, 1, None]]]]],
            "space 7 > 3 or (space 7 ≥ 7 and krones 0 < 1)",
        ),
    ]
    for test, said in why:
        assert mod.why_condition(game, test, False) == said


# --- the front end ------------------------------------------------------------------------------------------


def _check(tmp_path: Path, effects: str) -> Any:
    path = tmp_path / "house.yaml"
    path.write_text("extends: base\nname: house\ntiles:\n  a-krones:\n    bonus:\n" + effects + "\n", encoding="utf-8")
    return run_gah("check", str(path))


def test_a_conditional_inside_an_option_must_come_first(tmp_path: Path) -> None:
    run = _check(
        tmp_path,
        "      - kind: choose_one\n        options:\n"
        "          - - {kind: gain_krones, amount: 2}\n"
        "            - {kind: if, condition: {quantity: krones, at_least: 3}, then: [{kind: lose_krones, amount: 3}]}\n"
        "          - [{kind: gain_points, amount: 1}]",
    )
    assert run.code == 1
    assert (
        "house.yaml:9:22: tiles.a-krones.bonus[0].options[0][1]: in an all-or-nothing option, an `if` must" in run.err
    )


def test_a_conditional_branch_and_a_later_part_must_not_take_the_same_thing(tmp_path: Path) -> None:
    run = _check(
        tmp_path,
        "      - kind: choose_one\n        options:\n"
        "          - - {kind: if, condition: {space: {at_least: 3}}, then: [{kind: lose_krones, amount: 3}]}\n"
        "            - {kind: lose_krones, amount: 1}\n"
        "          - [{kind: gain_points, amount: 1}]",
    )
    assert run.code == 1
    assert "this part and part 1 both take krones" in run.err


def test_a_conditional_in_an_option_cannot_hide_a_choice(tmp_path: Path) -> None:
    run = _check(
        tmp_path,
        "      - kind: choose_one\n        options:\n"
        "          - - kind: if\n              condition: {zone: bonus}\n"
        "              then: [{kind: choose_one, options: [[{kind: gain_points, amount: 1}]]}]\n"
        "          - [{kind: gain_points, amount: 1}]",
    )
    assert run.code == 1
    assert "cannot hold another choose_one, not even inside an `if`" in run.err


# --- all or nothing ---------------------------------------------------------------------------------------------


def _prefer_rules(tmp_path: Path) -> str:
    """A penalty whose first, all-or-nothing option is a conditional: 3+ krones: lose 6 points; otherwise lose 4
    krones; that branch cannot be taken in full: the fallback, a conditional too: 1+ krone: lose 1 krone;
    otherwise lose 2 points."""
    path = tmp_path / "prefer.yaml"
    path.write_text(
        "extends: base\nname: prefer\ntiles:\n  a-krones:\n    penalty:\n      prefer:\n"
        "        - kind: if\n          condition: {quantity: krones, at_least: 3}\n"
        "          then: [{kind: lose_points, amount: 6}]\n          otherwise: [{kind: lose_krones, amount: 4}]\n"
        "      otherwise:\n        - kind: if\n          condition: {quantity: krones, at_least: 1}\n"
        "          then: [{kind: lose_krones, amount: 1}]\n          otherwise: [{kind: lose_points, amount: 2}]\n",
        encoding="utf-8",
    )
    return str(path)


@pytest.mark.parametrize(
    ("points", "krones", "after"),
    [
        (10, 3, (4, 3)),  # 3 krones >= 3: the branch is lose 6 points; 10 >= 6: taken in full. 10 - 6 = 4.
        # The branch is lose 6 points, 5 < 6: not in full, so the fallback: 3 krones >= 1: lose 1 krone.
        (5, 3, (5, 2)),
        # 2 < 3: the branch is lose 4 krones, 2 < 4: not in full (not 4 points lost); fallback: lose 1 krone.
        (10, 2, (10, 1)),
        # 0 < 3: lose 4 krones, 0 < 4: not in full; fallback: 0 krones < 1: lose 2 points: 10 - 2 = 8.
        (10, 0, (8, 0)),
    ],
)
def test_all_or_nothing_takes_the_branch_the_condition_picks_in_full(
    tmp_path: Path, points: int, krones: int, after: tuple[int, int]
) -> None:
    # Space 0 pays 0 after round 3 (back to 0): the penalty.
    a = anna(play(_prefer_rules(tmp_path), 3, "A", "a-krones", emperor=0, points=points, krones=krones))
    assert (a["points"], a["krones"]) == after


# --- wording ------------------------------------------------------------------------------------------------


def test_the_sheet_says_each_tile_in_both_languages() -> None:
    ruleset = load_one(shipped_workspace(), CONDITIONS)
    sheet = " ".join(render_sheet(ruleset, load_one(shipped_workspace(), "base"), "md").decode("utf-8").split())
    assert (
        "Advance your Emperor marker 2 spaces; if your Emperor marker is on space 6 or higher: score 5 points; "
        "otherwise: gain 2 krones" in sheet
    )
    assert "If you have at least 3 krones: lose 3 krones; otherwise: lose 3 points" in sheet
    german = ir.Conditional(ir.SpaceIs(ir.Bounds(6)), (ir.GainKrones(5),), (ir.GainPoints(1),))
    said = plain(Speaker(Words("de"), ruleset.items).effect(german))
    assert said == "wenn deine Kaiserfigur auf Feld 6 oder höher steht: erhalte 5 Kronen; sonst: erhalte 1 Siegpunkt"


@pytest.mark.parametrize(
    ("condition", "said"),
    [
        (ir.QuantityIs(ir.shorthand("krones"), ir.Bounds(2, 2)), "if you have exactly 2 krones: gain 3 krones"),
        (
            ir.QuantityIs(ir.shorthand("occupied_rooms"), ir.Bounds(2, 4)),
            "if you have from 2 to 4 occupied rooms: gain 3 krones",
        ),
        (
            ir.QuantityIs(ir.shorthand("emperor_position"), ir.Bounds(None, 2)),
            "if your Emperor marker is on space 2 or lower: gain 3 krones",
        ),
        (ir.ZoneIs("bonus", "", (3, 4)), "if your Emperor marker is in a bonus zone: gain 3 krones"),
        (ir.ZoneIs("neutral", "Neutral", (1, 2)), "if your Emperor marker is in zone Neutral: gain 3 krones"),
        (
            ir.AllOf(
                (
                    ir.SpaceIs(ir.Bounds(2, 5)),
                    ir.AnyOf((ir.QuantityIs(ir.shorthand("krones"), ir.Bounds(3)), ir.ZoneIs("penalty", "", (0,)))),
                )
            ),
            "if your Emperor marker is on a space from 2 to 5 and (you have at least 3 krones or your Emperor marker "
            "is in a penalty zone): gain 3 krones",
        ),
    ],
)
def test_every_condition_in_english(condition: ir.Condition, said: str) -> None:
    ruleset = load_one(shipped_workspace(), "base")
    assert plain(Speaker(Words(), ruleset.items).effect(ir.Conditional(condition, (ir.GainKrones(3),)))) == said


# --- Staff cards, gah diff, gah show ------------------------------------------------------------------------

STAFF_RULES = str(Path(__file__).resolve().parent / "data" / "rulesets" / "conditions-staff.yaml")


def _staff_rules(_tmp_path: Path) -> str:
    return STAFF_RULES


@pytest.mark.parametrize(
    ("hired", "after"),
    [
        # Space 6 pays 4, back to 3: the bonus of a-krones, 3 krones; the Gardener (42) adds: 3 hired >= 3: 5 points.
        ([42, 1, 2], (4 + 5, 3)),
        # 1 hired < 3: otherwise, 2 krones: 3 + 2 = 5.
        ([42], (4, 3 + 2)),
    ],
)
def test_a_staff_cards_bonus_with_a_condition(tmp_path: Path, hired: list[int], after: tuple[int, int]) -> None:
    a = anna(play(_staff_rules(tmp_path), 3, "A", "a-krones", emperor=6, hired=hired))
    assert (a["points"], a["krones"]) == after


@pytest.mark.parametrize(
    ("krones", "after"),
    [
        # Space 10 pays 6, back 7 to 3: c-free-staff's bonus plays the Chef (21) free; its once-effect reads
        # krones when it is hired: 0 <= 2: 3 krones (the policy plays it: +3 to the total).
        (0, (6, 3, kitchen())),
        # 5 krones > 2: otherwise, 1 strudel.
        (5, (6, 5, kitchen(strudel=1))),
    ],
)
def test_a_staff_cards_once_effect_with_a_condition(tmp_path: Path, krones: int, after: tuple[Any, ...]) -> None:
    a = anna(play(_staff_rules(tmp_path), 7, "C", "c-free-staff", emperor=10, krones=krones, hand=[21]))
    assert (a["points"], a["krones"], a["kitchen"]) == after
    assert a["hired"] == [21]


def test_gah_diff_and_gah_show_say_a_conditional(tmp_path: Path) -> None:
    rules = _staff_rules(tmp_path)
    diff = run_gah("diff", "base", rules)
    assert diff.code == 0, diff.err
    said = " ".join(diff.out.split())
    assert "if you have at least 3 Staff cards you have hired: score 5 points; otherwise: gain 2 krones" in said
    assert "if you have at most 2 krones: gain 3 krones; otherwise: gain 1 Strudel" in said
    show = run_gah("show", rules)
    assert show.code == 0, show.err
    assert "condition: {quantity: hired_staff, at_least: 3}" in show.out or "quantity: hired_staff" in show.out
    diff_tiles = run_gah("diff", "base", CONDITIONS, "--lang", "de")
    assert "wenn du mindestens 5 Kronen hast: erhalte 4 Siegpunkte; sonst: erhalte 1 Siegpunkt" in " ".join(
        diff_tiles.out.split()
    )


@pytest.mark.parametrize(("krones", "after"), [(0, (11, 0)), (4, (14, 2))])
def test_zones_are_read_after_the_marker_moved(krones: int, after: tuple[int, int]) -> None:
    # conditions-staff's b-krones penalty: space 5 pays 4 (10 -> 14), back 5 to 0: penalty. 3 steps: space 3, the
    # yellow zone (a bonus zone, not neutral). With 0 krones, "bonus zone and exactly 0 krones" holds: lose 3
    # points (11); with 4 krones neither part holds: lose 2 krones.
    a = anna(play(STAFF_RULES, 5, "B", "b-krones", emperor=5, points=10, krones=krones))
    assert (a["points"], a["krones"], a["emperor"]) == (*after, 3)


def test_a_condition_on_items_on_guests_makes_serving_worth_trying(tmp_path: Path) -> None:
    """The policy tries serving café guests only where that could pay (policy_facts.serving_pays): a condition
    that counts the items on guests (or in the kitchen) is such a place."""
    from gah.backends.policy_facts import serving_pays

    path = tmp_path / "serve.yaml"
    path.write_text(
        "extends: base\nname: serve\ntiles:\n  a-krones:\n    bonus:\n      - kind: if\n"
        "        condition: {quantity: cafe_items, at_least: 2}\n        then: [{kind: gain_points, amount: 5}]\n",
        encoding="utf-8",
    )
    assert not serving_pays(load_one(shipped_workspace(), "base"))
    assert serving_pays(load_one(shipped_workspace(), str(path)))
