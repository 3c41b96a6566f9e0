"""The pad's engine works expressions out (compiler/backends/js/expressions.py, runtime/quantities.js): each operator
of the registry on the hand-worked tables of tests/helpers_expressions.py, every number stated with its rule.

The expressions are spelt by the backend and run under Node with the runtime files, as a page's engine holds them.
"""

from __future__ import annotations

import json
import subprocess
from functools import cache
from typing import Any

import pytest
from gah import ir
from gah.backends.call_shapes import Worked
from gah.backends.js.effects import condition_test_js, feasible_js, js_expression
from gah.backends.js.engine import runtime_source
from gah.backends.js.expressions import SPELL, js_expr
from helpers_expressions import CASES, KRONES, RIGHT, TABLES, arith
from test_js_backend import node


def case_script(table: str, expression: str) -> str:
    """JavaScript that works `expression` out on a table (TABLES) and gives its value ("-0" for -0, which JSON would
    write as 0 and a number's words as -0), or the error's message."""
    krones, before, seat = TABLES[table]

    def players(amounts: list[int]) -> list[dict[str, Any]]:
        return [{"name": f"P{n}", "krones": k, "objectives": 2, "points": 0} for n, k in enumerate(amounts)]

    game = {"players": players(krones), "before": players(before) if before else None}
    return (
        f"(() => {{ const game = {json.dumps(game)}; const player = game.players[{seat}];"
        f' try {{ const value = {expression}; return Object.is(value, -0) ? "-0" : value; }}'
        " catch (error) { return String(error.message); } })()"
    )


def run_node(cases: dict[str, tuple[str, str]]) -> dict[str, Any]:
    """Each case (id: table, JavaScript expression) worked out under Node with the runtime files."""
    values = ",\n".join(f"  {json.dumps(key)}: {case_script(*case)}" for key, case in cases.items())
    script = "\n".join(
        [
            '"use strict";',
            runtime_source(),
            # As the engine makes a quantity read of another player (engine.py: _filtered_counts).
            'QUANTITIES["krones_of_right"] = (game, player) => OF.right(game, player, QUANTITIES["krones"]);',
            f"process.stdout.write(JSON.stringify({{\n{values}\n}}));",
        ]
    )
    run = subprocess.run([node(), "-"], input=script, capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    result: dict[str, Any] = json.loads(run.stdout)
    return result


@cache
def worked_out() -> dict[str, Any]:
    """Every case of CASES, in one run of Node."""
    return run_node({key: (table, js_expr(expr)) for key, table, expr, _value, _rule in CASES})


@pytest.mark.parametrize(("key", "table", "expr", "value", "rule"), CASES, ids=[case[0] for case in CASES])
def test_each_operator_works_out_as_the_rules_say(key: str, table: str, expr: ir.Expr, value: int, rule: str) -> None:
    assert worked_out()[key] == value, rule


def test_the_cases_meet_every_operator_player_set_and_tie_rule() -> None:
    met = {ir.operator_of(e) for _key, _table, expr, _value, _rule in CASES for e in ir.all_exprs(expr)}
    assert met == set(SPELL)
    overs = [e for case in CASES for e in ir.all_exprs(case[2]) if isinstance(e, ir.Over)]
    assert {(e.operator, e.players) for e in overs} >= {
        (o, p) for o in ("most_over", "total_over") for p in ir.PLAYER_SETS
    }
    assert {e.ties for case in CASES for e in ir.all_exprs(case[2]) if isinstance(e, ir.Rank)} == {"shared", "behind"}


def test_the_table_spells_exactly_the_registry() -> None:
    assert set(SPELL) == {"number", "read", *ir.OPERATORS}


def test_an_operator_the_table_lacks_is_refused_by_name() -> None:
    with pytest.raises(KeyError, match=r"compiler/backends/js/expressions.py\) has no operator power"):
        js_expr(ir.Arith("power", (2, 3)))


def test_the_runtime_refuses_an_aggregate_tie_rule_or_set_it_does_not_know() -> None:
    """Never a silent 0: even over no player (alone), an unknown aggregate throws."""
    value = "(game, other) => other.krones"
    thrown = run_node(
        {
            "aggregate": ("four", f'aggregateOver(game, player, "median_over", "all", {value})'),
            "aggregate-alone": ("solo", f'aggregateOver(game, player, "median_over", "others", {value})'),
            "players": ("four", f'aggregateOver(game, player, "total_over", "everyone", {value})'),
            "ties": ("four", f'rankAmong(game, player, "random", {value})'),
        }
    )
    assert thrown == {
        "aggregate": "an aggregate the runtime does not know: median_over",
        "aggregate-alone": "an aggregate the runtime does not know: median_over",
        "players": "a set of players the runtime does not know: everyone",
        "ties": "a tie rule of rank the runtime does not know: random",
    }


def test_an_amount_below_0_counts_as_0() -> None:
    """A change's amount (the call shapes' Worked): Anna's 2 - 7 = -5 krones to gain or to lose are 0; so a loss
    of it can always be taken fully, and one of 9 - 7 = 2 krones can with 7."""
    below = arith("minus", 2, KRONES)
    lose_below = ir.Change("krones", False, below)
    lose_two = ir.Change("krones", False, arith("minus", 9, KRONES))
    lose_eight = ir.Change("krones", False, arith("plus", KRONES, 1))
    found = run_node(
        {
            "amount": ("four", js_expression(Worked(below))),
            "above": ("four", js_expression(Worked(arith("minus", 9, KRONES)))),
            "lose-below": ("four", feasible_js(lose_below)),
            "lose-two": ("four", feasible_js(lose_two)),
            "lose-eight": ("four", feasible_js(lose_eight)),
        }
    )
    assert found == {"amount": 0, "above": 2, "lose-below": True, "lose-two": True, "lose-eight": False}


def test_a_value_condition_is_tested_and_told_by_its_expression_key() -> None:
    """More krones than the right neighbour (Dora 0): Anna's 7 - 0 = 7 holds at least 1, not at most 6; the leaf
    names the words of the expression by the key the Python backend gives them."""
    value = arith("minus", KRONES, RIGHT)
    leaves, test = condition_test_js(ir.ValueIs(value, ir.Bounds(at_least=1)), inline=True)
    assert test.startswith(f'["quantity", "{ir.expression_key(value)}", ')
    _, at_most = condition_test_js(ir.ValueIs(value, ir.Bounds(at_most=6)), inline=True)
    found = run_node({"at-least": ("four", f"[holds({test}), {test}]"), "at-most": ("four", f"holds({at_most})")})
    assert found == {"at-least": [True, ["quantity", ir.expression_key(value), 7, 1, None]], "at-most": False}
    assert len(leaves) == 1
