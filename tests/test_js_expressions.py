"""The pad's engine works expressions out (compiler/backends/js/expressions.py, runtime/quantities.js): each operator
of the registry on hand-worked states, every number stated with the rule of compiler/ir.py that gives it.

The expressions are spelt by the backend and run under Node with the runtime files, as a page's engine holds them.
The states (krones of each player, in turn order; the player the expression is worked out for first unless said):
- four: Anna 7, Bert 3, Cleo 7, Dora 0, for Anna: her left neighbour is Bert, her right Dora; Cleo ties her.
- dora: the same table, for Dora (the fewest).
- two: Anna 7, Bert 3: the one other player is both neighbours, counted once.
- solo: Anna 7 alone: every set of other players is empty.
- before: four, but the others read as they stood before the scoring (Bert 10, Cleo 1, Dora 2; Anna's own 7 live).
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
from test_js_backend import node

KRONES = ir.Read(ir.shorthand("krones"))
OBJECTIVES = ir.Read(ir.shorthand("objectives"))
RIGHT = ir.Read(ir.Quantity("krones", of="right"))

TABLES: dict[str, tuple[list[int], list[int] | None, int]] = {
    # name: (krones in turn order, krones as they stood before the scoring or None, the player's seat)
    "four": ([7, 3, 7, 0], None, 0),
    "dora": ([7, 3, 7, 0], None, 3),
    "two": ([7, 3], None, 0),
    "solo": ([7], None, 0),
    "before": ([7, 3, 7, 0], [5, 10, 1, 2], 0),
}


def arith(operator: str, *args: ir.Expr) -> ir.Arith:
    return ir.Arith(operator, args)


# (id, table, expression, expected value, the rule that gives it)
CASES: list[tuple[str, str, ir.Expr, int, str]] = [
    ("number", "four", 5, 5, "a number is itself"),
    ("negative-number", "four", -3, -3, "a number below 0 too"),
    ("read", "four", KRONES, 7, "Anna's own krones"),
    ("read-of", "four", RIGHT, 0, "`of: right` reads the right neighbour, Dora"),
    ("plus", "four", arith("plus", KRONES, 2, -1), 8, "7 + 2 - 1"),
    ("minus", "four", arith("minus", 2, KRONES), -5, "2 - 7: below 0 inside an expression"),
    ("times", "four", arith("times", KRONES, 3), 21, "7 * 3"),
    ("times-negative", "four", arith("times", -2, 3), -6, "-2 * 3"),
    ("min", "four", arith("min", KRONES, 4, 9), 4, "the least of 7, 4, 9"),
    ("max", "four", arith("max", KRONES, 4, 9), 9, "the most of 7, 4, 9"),
    ("divide-down", "four", arith("divide_down", KRONES, 2), 3, "7 / 2 = 3.5, rounded down"),
    ("divide-down-negative", "four", arith("divide_down", -7, 2), -4, "-3.5 rounded down (towards -infinity)"),
    ("divide-down-negative-divisor", "four", arith("divide_down", KRONES, -2), -4, "7 / -2 = -3.5, rounded down"),
    ("divide-down-both-negative", "four", arith("divide_down", -7, -2), 3, "-7 / -2 = 3.5, rounded down"),
    ("divide-down-exact-negative", "four", arith("divide_down", -6, 3), -2, "-6 / 3 is whole: -2"),
    ("divide-down-by-0", "four", arith("divide_down", KRONES, 0), 0, "a divisor of 0 gives 0"),
    ("divide-down-0-by-negative", "four", arith("divide_down", 0, -5), 0, "0 / -5 is 0 (never -0)"),
    ("divide-up", "four", arith("divide_up", KRONES, 2), 4, "3.5 rounded up"),
    ("divide-up-negative", "four", arith("divide_up", -7, 2), -3, "-3.5 rounded up (towards +infinity)"),
    ("divide-up-negative-divisor", "four", arith("divide_up", KRONES, -2), -3, "7 / -2 = -3.5, rounded up"),
    ("divide-up-both-negative", "four", arith("divide_up", -7, -2), 4, "-7 / -2 = 3.5, rounded up"),
    ("divide-up-small-negative", "four", arith("divide_up", -1, 3), 0, "-1/3 rounded up: 0 (never -0)"),
    ("divide-up-exact", "four", arith("divide_up", 6, 3), 2, "6 / 3 is whole: 2"),
    ("divide-up-by-0", "four", arith("divide_up", KRONES, 0), 0, "a divisor of 0 gives 0"),
    ("clamp-high", "four", ir.Clamp(KRONES, 0, 5), 5, "7 lowered to at most 5"),
    ("clamp-low", "four", ir.Clamp(arith("minus", 0, KRONES), 0, None), 0, "-7 raised to at least 0"),
    ("clamp-raises", "four", ir.Clamp(2, 3, 5), 3, "2 raised to 3"),
    ("clamp-within", "four", ir.Clamp(KRONES, None, 10), 7, "7 is under 10: kept"),
    ("clamp-no-limits", "four", ir.Clamp(arith("minus", 0, KRONES), None, None), -7, "no limit: kept"),
    ("most-all", "four", ir.Over("most_over", "all", KRONES), 7, "the most of 7, 3, 7, 0"),
    ("most-others", "dora", ir.Over("most_over", "others", KRONES), 7, "Dora: the most of Anna 7, Bert 3, Cleo 7"),
    ("most-neighbours", "four", ir.Over("most_over", "neighbours", KRONES), 3, "Bert 3, Dora 0: Cleo is no neighbour"),
    ("least-all", "four", ir.Over("least_over", "all", KRONES), 0, "the least of 7, 3, 7, 0"),
    ("least-others", "four", ir.Over("least_over", "others", KRONES), 0, "the least of 3, 7, 0"),
    ("least-others-not-mine", "dora", ir.Over("least_over", "others", KRONES), 3, "Dora's own 0 not counted"),
    ("least-neighbours", "dora", ir.Over("least_over", "neighbours", KRONES), 7, "Dora's neighbours: Anna 7, Cleo 7"),
    ("total-all", "four", ir.Over("total_over", "all", KRONES), 17, "7 + 3 + 7 + 0"),
    ("total-others", "four", ir.Over("total_over", "others", KRONES), 10, "3 + 7 + 0"),
    ("total-neighbours", "four", ir.Over("total_over", "neighbours", KRONES), 3, "Bert 3 + Dora 0"),
    ("total-neighbours-two", "two", ir.Over("total_over", "neighbours", KRONES), 3, "2 players: Bert once, not 6"),
    ("most-of-negatives", "four", ir.Over("most_over", "all", arith("minus", KRONES, 10)), -3, "of -3, -7, -3, -10"),
    ("least-empty", "solo", ir.Over("least_over", "others", KRONES), 0, "alone: no other player, 0"),
    ("most-empty", "solo", ir.Over("most_over", "neighbours", arith("minus", 0, KRONES)), 0, "no neighbour: 0"),
    ("total-empty", "solo", ir.Over("total_over", "others", KRONES), 0, "no other player: 0"),
    ("most-all-solo", "solo", ir.Over("most_over", "all", KRONES), 7, "alone, `all` is the player: 7"),
    ("total-all-before", "before", ir.Over("total_over", "all", KRONES), 20, "Anna live 7 + 10 + 1 + 2 as they stood"),
    ("most-others-before", "before", ir.Over("most_over", "others", KRONES), 10, "Bert as he stood: 10"),
    ("rank-shared", "four", ir.Rank(KRONES, "shared"), 1, "Anna and Cleo tie on 7: shared, both 1st"),
    ("rank-behind", "four", ir.Rank(KRONES, "behind"), 2, "behind: 1 + Cleo, who has as much: 2nd"),
    ("rank-last-shared", "dora", ir.Rank(KRONES, "shared"), 4, "Dora 0: three with more, 4th"),
    ("rank-last-behind", "dora", ir.Rank(KRONES, "behind"), 4, "nobody ties Dora: 4th either way"),
    ("rank-solo-shared", "solo", ir.Rank(KRONES, "shared"), 1, "alone: 1st"),
    ("rank-solo-behind", "solo", ir.Rank(KRONES, "behind"), 1, "alone: 1st, nobody to be behind"),
    ("rank-before", "before", ir.Rank(KRONES, "behind"), 2, "Anna 7 live against 10, 1, 2 as they stood"),
    ("rank-of-value", "four", ir.Rank(arith("minus", 0, KRONES), "shared"), 3, "on -krones: Dora 0, Bert -3 ahead"),
    (
        "nested",
        "four",
        arith("divide_up", ir.Over("total_over", "others", arith("times", KRONES, 2)), ir.Rank(KRONES, "behind")),
        10,
        "(6 + 14 + 0) / 2nd place = 10",
    ),
]


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
