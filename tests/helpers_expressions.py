"""Hand-worked expressions (issue 41): each operator of the registry on small tables of players, every value stated
with the rule of compiler/ir.py that gives it. The pad's engine (tests/test_js_expressions.py) and the oracle
(tests/test_oracle.py) each work them out their own way.

The tables (krones of each player, in turn order; the player the expression is worked out for first unless said):
- four: Anna 7, Bert 3, Cleo 7, Dora 0, for Anna: her left neighbour is Bert, her right Dora; Cleo ties her.
- dora: the same table, for Dora (the fewest).
- two: Anna 7, Bert 3: the one other player is both neighbours, counted once.
- solo: Anna 7 alone: every set of other players is empty.
- before: four, but the others read as they stood before the scoring (Bert 10, Cleo 1, Dora 2; Anna's own 7 live).
"""

from __future__ import annotations

from gah import ir

KRONES = ir.Read(ir.shorthand("krones"))
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
