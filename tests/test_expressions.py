"""The expression core (issue 41): numbers that compose.

No engine can miss an operator: every stage that works out or says expressions has one table keyed by operator,
held here to the registry (ir.OPERATORS, with "number" and "read"); a stage meeting an operator it has no entry
for raises, naming itself. The front end places every refusal of an expression at its line. The words say each
operator in both languages. (Hand-worked scores: tests/test_invented_arithmetic.py.)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from gah import ir
from gah.backends.batched import tables as batched_tables
from gah.backends.js import expressions as js_expressions
from gah.backends.python import expressions as python_expressions
from gah.words import expressions as word_expressions
from gah.words.effects import Speaker
from gah.words.text import SheetError, Words, plain
from helpers_rules import ruleset, run_gah
from oracle import expressions as oracle_expressions

REGISTRY = {"number", "read", *ir.OPERATORS}

# Each stage's operator table (name -> what it holds), checked against the registry below.
TABLES: dict[str, Callable[[], set[str]]] = {
    "the Python backend (compiler/backends/python/expressions.py: SPELL)": lambda: set(python_expressions.SPELL),
    "the words (compiler/words/expressions.py: SAY)": lambda: set(word_expressions.SAY),
    "the pad's engine (compiler/backends/js/expressions.py: SPELL)": lambda: set(js_expressions.SPELL),
    "the oracle (tests/oracle/expressions.py: OPERATORS)": lambda: set(oracle_expressions.OPERATORS),
    "the batched kernels (compiler/backends/batched/tables.py: OPERATOR_CODES)": lambda: set(
        batched_tables.OPERATOR_CODES
    ),
}


@pytest.mark.parametrize("stage", TABLES)
def test_every_stage_has_every_operator_and_no_other(stage: str) -> None:
    assert TABLES[stage]() == REGISTRY, stage


def test_the_registry_names_each_record_of_its_operators() -> None:
    samples: list[ir.Expr] = [
        3,
        ir.Read(ir.shorthand("krones")),
        *(ir.Arith(name, (1, 2)) for name, record in ir.OPERATORS.items() if record is ir.Arith),
        ir.Clamp(1, 0, None),
        *(ir.Over(name, "all", 1) for name, record in ir.OPERATORS.items() if record is ir.Over),
        ir.Rank(1, "shared"),
    ]
    assert {ir.operator_of(sample) for sample in samples} == REGISTRY
    for sample in samples[2:]:
        assert isinstance(sample, ir.OPERATORS[ir.operator_of(sample)])


def test_an_operator_outside_the_registry_is_refused_by_every_stage() -> None:
    modulo = ir.Arith("modulo", (7, 2))
    with pytest.raises(KeyError, match=r"python/expressions.py\) has no operator modulo"):
        python_expressions.python_expr(modulo)
    with pytest.raises(KeyError, match=r"js/expressions.py\) has no operator modulo"):
        js_expressions.js_expr(modulo)
    with pytest.raises(KeyError, match=r"oracle/expressions.py: OPERATORS\) has no operator modulo"):
        oracle_expressions.work_out(("modulo", 7, 2), oracle_expressions.Seat({}, ()))
    speaker = Speaker(Words("en"), ruleset("base").items)
    with pytest.raises(SheetError, match=r"words/expressions.py: SAY\) have no operator modulo"):
        speaker.expression(modulo)
    with pytest.raises(TypeError):
        ir.operator_of(True)


# --- the words -------------------------------------------------------------------------------------------


def said(expr: ir.Expr, language: str = "en") -> str:
    base = ruleset("base")
    return plain(Speaker(Words(language), base.items, base.resources).expression(expr))


def read(name: str, of: ir.Whose = "self") -> ir.Read:
    return ir.Read(dataclasses.replace(ir.shorthand(name), of=of))


@pytest.mark.parametrize(
    ("expr", "english", "german"),
    [
        (ir.Arith("plus", (read("krones"), -1)), "your krones minus 1", "eigene Kronen minus 1"),
        (
            ir.Arith("times", (ir.Arith("minus", (read("krones"), 2)), 3)),
            "(your krones minus 2) times 3",
            "(eigene Kronen minus 2) mal 3",
        ),
        (ir.Arith("min", (read("krones"), 5)), "the smaller of your krones and 5", "der kleinere dieser Werte: "),
        (ir.Arith("max", (1, 2, 3)), "the greatest of 1, 2 and 3", "der größte dieser Werte: 1, 2 und 3"),
        (
            ir.Arith("max", (1, ir.Arith("divide_down", (read("krones"), 5)))),
            "the greater of 1 and (your krones divided by 5, rounded down)",
            "der größere dieser Werte: 1 und (eigene Kronen geteilt durch 5, abgerundet)",
        ),
        (ir.Arith("divide_up", (read("krones"), 2)), "your krones divided by 2, rounded up", "aufgerundet"),
        (ir.Clamp(read("krones"), None, 4), "your krones, but at most 4", "eigene Kronen, aber höchstens 4"),
        (
            ir.Over("total_over", "neighbours", read("krones")),
            "the krones of your neighbours (each player once) together",
            "die Summe von „Kronen“ deiner Nachbarn (jeder einmal)",
        ),
        (
            ir.Over("least_over", "others", read("krones")),
            "the fewest krones of any other player",
            "der Tiefstwert von „Kronen“ unter den anderen Spielern",
        ),
        (
            ir.Rank(read("krones"), "shared"),
            "your place in krones among all players (1 for the most; tied players share the better place)",
            "dein Platz bei „Kronen“ unter allen Spielern",
        ),
    ],
)
def test_each_operator_in_words(expr: ir.Expr, english: str, german: str) -> None:
    assert said(expr) == english
    assert german in said(expr, "de")


def test_a_change_says_per_unit_where_it_is_one_and_the_floor_where_it_can_bite() -> None:
    base = ruleset("base")
    speaker = Speaker(Words("en"), base.items, base.resources)
    per = ir.Change("krones", True, ir.Arith("times", (2, read("occupied_rooms"))))
    assert plain(speaker.effect(per)) == "gain 2 krones per occupied room"
    behind = ir.Change("points", False, ir.Arith("minus", (5, read("krones"))))
    assert plain(speaker.effect(behind)) == "lose points equal to 5 minus your krones (nothing if that is below 0)"
    kept = ir.Change("points", False, ir.Clamp(ir.Arith("minus", (5, read("krones"))), 0, None))
    assert "below 0" not in plain(speaker.effect(kept))


# --- the front end -----------------------------------------------------------------------------------------


def _check(tmp_path: Path, effect: str) -> Any:
    path = tmp_path / "house.yaml"
    path.write_text(
        f"extends: base\nname: house\ntiles:\n  a-krones:\n    bonus:\n      - {effect}\n", encoding="utf-8"
    )
    return run_gah("check", str(path))


@pytest.mark.parametrize(
    ("effect", "message"),
    [
        (
            "{kind: gain_points, amount: {plus: [1, 2], times: [2, 3]}}",
            "house.yaml:6:37: tiles.a-krones.bonus[0].amount: an expression has one operation; this one has plus "
            "and times",
        ),
        ("{kind: gain_points, amount: {divide: [krones, 2]}}", "bonus[0].amount: divide needs `round: down`"),
        ("{kind: gain_points, amount: {total: krones}}", "bonus[0].amount: total needs the players it looks at"),
        ("{kind: gain_points, amount: {rank: krones}}", "bonus[0].amount: rank needs a tie rule"),
        ("{kind: gain_points, amount: {plus: [1, 2], over: all}}", "amount.over: over does not go with plus"),
        ("{kind: gain_points, amount: {clamp: krones}}", "amount: clamp needs at_least, at_most or both"),
        (
            "{kind: gain_points, amount: {clamp: krones, at_least: 5, at_most: 2}}",
            "amount.at_most: no value is at least 5 and at most 2",
        ),
        (
            "{kind: gain_points, amount: {most: {quantity: krones, of: left}, over: all}}",
            "amount.most: the value of most is worked out for each player in turn",
        ),
        (
            "{kind: gain_points, amount: {most: {rank: krones, ties: shared}, over: all}}",
            "amount.most: the value of most is worked out for each player in turn",
        ),
        ("{kind: change, gain: krones, lose: points, amount: 1}", "bonus[0]: change says what is gained"),
        ("{kind: change, gain: dancers, amount: 1}", "bonus[0].gain: 'dancers' is neither krones, points nor"),
        ("{kind: gain_points, amount: {at_least: 2}}", "amount: an expression is a number, a quantity, or one of"),
        (
            "{kind: gain_points, amount: {times: [2, {count: rooms, state: occupied, floors: [7]}]}}",
            "amount.times[1].floors: the hotel has no floor 7",
        ),
    ],
)
def test_the_front_end_places_its_refusals(tmp_path: Path, effect: str, message: str) -> None:
    run = _check(tmp_path, effect)
    assert run.code == 1, run.out
    assert message in run.err, run.err
    assert "Traceback" not in run.err


def test_a_value_condition_is_checked_like_a_quantity_condition(tmp_path: Path) -> None:
    run = _check(
        tmp_path, "{kind: if, condition: {value: {minus: [krones, 2]}}, then: [{kind: gain_points, amount: 1}]}"
    )
    assert run.code == 1
    assert "bonus[0].condition" in run.err and "Traceback" not in run.err
    good = _check(
        tmp_path,
        "{kind: if, condition: {value: {minus: [krones, 2]}, at_least: 1}, then: [{kind: gain_points, amount: 1}]}",
    )
    assert good.code == 0, good.err
