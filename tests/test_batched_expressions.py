"""The batched kernels' expressions (issue 41): the node table tables.py encodes (OPERATOR_CODES, one code per
operator of the registry), expressions.py's evaluator on hand-worked states, the change effect (OP_CHANGE) and
the value condition (COND_VALUE), and an operator code without a branch raising.

The state, base's hotel (4 floors of 5 rooms), players in turn order (the left neighbour is the next player,
the right the previous):

    Anna: 5 krones, 3 occupied rooms, 2 café guests      Ben: 8 krones, 7 occupied rooms, 0 guests
    Cleo: 5 krones, 0 rooms, 1 guest                      Dan (four players only): 2 krones, 1 room, 3 guests

Each value is worked out for Anna (seat 0): her left neighbour is Ben, her right Cleo (three players) or Dan
(four). The effect-samples ruleset (every operator, player set and tie rule) is played by the batched kernels
against the Python module in tests/test_batched_scoring.py and tests/test_batched_games.py.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import textwrap
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from gah import ir
from gah.backends.batched import effects, expressions, ops, tables
from gah.backends.batched.convert import arrays_of
from gah.backends.batched.quantities import gather_others
from gah.backends.batched.record import KRONES, OBJECTIVES, POINTS, load_record, new_record
from gah.backends.batched.state import Ints
from gah.backends.batched.tables import ScoringTables, compile_tables, constant, table
from gah.errors import GahError
from helpers_rules import ruleset
from helpers_scoring import module, player, state

Rec = Ints


def read(name: str) -> ir.Read:
    return ir.Read(ir.shorthand(name))


KRONES_ = read("krones")
ROOMS = read("occupied_rooms")
GUESTS = read("cafe_guests")


def arith(operator: str, *args: ir.Expr) -> ir.Arith:
    return ir.Arith(operator, args)


def hotel(rooms: int) -> list[str]:
    """Base's hotel (top floor first) with `rooms` occupied rooms, floor 1 filled first."""
    rows = ["o" * min(5, max(0, rooms - 5 * floor)) for floor in range(4)]
    return [row.ljust(5, ".") for row in reversed(rows)]


ANNA = player("Anna", krones=5, hotel=hotel(3), cafe=[{}, {}])
BEN = player("Ben", krones=8, hotel=hotel(7))
CLEO = player("Cleo", krones=5, cafe=[{}])
DAN = player("Dan", krones=2, hotel=hotel(1), cafe=[{}, {}, {}])


@cache
def rules_with(effects_: tuple[ir.Effect, ...], objectives: tuple[int, int] = (0, 100)) -> ir.Ruleset:
    """Base with its first tile's bonus replaced by `effects_` (its program comes first) and the objectives'
    limits (at_least, at_most) as given."""
    base = ruleset("base")
    first = dataclasses.replace(base.tiles[0], bonus=effects_)
    low, high = objectives
    resources = tuple(
        dataclasses.replace(r, at_least=low, at_most=high) if r.id == ir.OBJECTIVES else r for r in base.resources
    )
    return dataclasses.replace(base, tiles=(first, *base.tiles[1:]), resources=resources)


def rows_of(t: ScoringTables) -> range:
    """The rows of the first tile's bonus program."""
    progs, prog = table(t, "progs"), int(table(t, "tile_bonus")[0])
    return range(int(progs[2 * prog]), int(progs[2 * prog + 1]))


def record(rules: ir.Ruleset, t: ScoringTables, seat: int, *players: dict[str, Any]) -> Rec:
    """Seat `seat`'s record of a game of these players, its tail holding the others (as before a turn)."""
    game = module().new_game(state(3, *players), explain=False)
    s = arrays_of(rules, [game])
    rec = new_record(s)
    load_record(s, 0, seat, rec)
    gather_others(t, s, 0, seat, rec, np.empty(len(rec), np.int64))
    return rec


def values(exprs: tuple[ir.Expr, ...], *players: dict[str, Any]) -> list[int]:
    """Each expression's value for the first player, by the kernels (each encoded as a change's amount)."""
    rules = rules_with(tuple(ir.Change("points", True, expr) for expr in exprs))
    t = compile_tables(rules)
    rec = record(rules, t, 0, *players)
    return [expressions.value_of(t, rec, int(t.ops[row, ops.CHANGE_EXPR])) for row in rows_of(t)]


# --- each operator on the hand-worked state -------------------------------------------------------------

ARITHMETIC: list[tuple[str, ir.Expr, int]] = [
    ("a number", 7, 7),
    ("a number below 0", -3, -3),
    ("a read: Anna's krones", KRONES_, 5),
    ("plus of three: 5 + 2 + 3", arith("plus", KRONES_, 2, 3), 10),
    ("minus: 5 - 8", arith("minus", KRONES_, 8), -3),
    ("times of three: 5 * 3 * 2", arith("times", KRONES_, 3, 2), 30),
    ("min of three: 5, 4, 9", arith("min", KRONES_, 4, 9), 4),
    ("max of three: 5, 4, 9", arith("max", KRONES_, 4, 9), 9),
    ("divide_down: 7 / 2 rounded down", arith("divide_down", 7, 2), 3),
    ("divide_down: -7 / 2 rounded down (towards -infinity)", arith("divide_down", -7, 2), -4),
    ("divide_down by 0 gives 0", arith("divide_down", KRONES_, 0), 0),
    ("divide_up: 7 / 2 rounded up", arith("divide_up", 7, 2), 4),
    ("divide_up: -7 / 2 rounded up (towards +infinity)", arith("divide_up", -7, 2), -3),
    ("divide_up: 3 rooms / 3 exactly", arith("divide_up", ROOMS, 3), 1),
    ("divide_up by 0 gives 0", arith("divide_up", KRONES_, 0), 0),
    ("clamp 5 to 0..3", ir.Clamp(KRONES_, 0, 3), 3),
    ("clamp 5 - 8 to at least 0", ir.Clamp(arith("minus", KRONES_, 8), 0, None), 0),
    ("clamp 5 to at most 10", ir.Clamp(KRONES_, None, 10), 5),
    ("clamp 5 to at least 6", ir.Clamp(KRONES_, 6, None), 6),
    (
        "a read of another player: the left neighbour's (Ben's) krones",
        ir.Read(dataclasses.replace(KRONES_.quantity, of="left")),
        8,
    ),
]


@pytest.mark.parametrize(("rule", "expr", "expected"), ARITHMETIC, ids=[a[0] for a in ARITHMETIC])
def test_arithmetic_on_anna(rule: str, expr: ir.Expr, expected: int) -> None:
    assert values((expr,), ANNA, BEN, CLEO) == [expected], rule


AGGREGATES: list[tuple[str, ir.Expr, int]] = [
    ("most occupied rooms of all: Ben's 7", ir.Over("most_over", "all", ROOMS), 7),
    ("least occupied rooms of all: Cleo's 0", ir.Over("least_over", "all", ROOMS), 0),
    ("total occupied rooms of all: 3 + 7 + 0", ir.Over("total_over", "all", ROOMS), 10),
    ("total krones of the others: 8 + 5", ir.Over("total_over", "others", KRONES_), 13),
    ("least café guests of the others: Ben's 0", ir.Over("least_over", "others", GUESTS), 0),
    ("most café guests of the neighbours (Ben 0, Cleo 1)", ir.Over("most_over", "neighbours", GUESTS), 1),
    ("most of krones - rooms of all: 5-3, 8-7, 5-0", ir.Over("most_over", "all", arith("minus", KRONES_, ROOMS)), 5),
    ("total of a number over the others: 1 each", ir.Over("total_over", "others", 1), 2),
    ("rank on krones, ties shared: only Ben has more", ir.Rank(KRONES_, "shared"), 2),
    ("rank on krones, ties behind: Ben more, Cleo as many", ir.Rank(KRONES_, "behind"), 3),
    ("rank on occupied rooms: Ben has more", ir.Rank(ROOMS, "shared"), 2),
    ("rank on café guests: nobody has more", ir.Rank(GUESTS, "behind"), 1),
    (
        "rank of an expression: 3 * rooms - krones: 4, Ben 13, Cleo -5",
        ir.Rank(arith("minus", arith("times", 3, ROOMS), KRONES_), "shared"),
        2,
    ),
    (
        "an aggregate inside arithmetic: most rooms of all - Anna's",
        arith("minus", ir.Over("most_over", "all", ROOMS), ROOMS),
        4,
    ),
]


@pytest.mark.parametrize(("rule", "expr", "expected"), AGGREGATES, ids=[a[0] for a in AGGREGATES])
def test_aggregates_over_three_players(rule: str, expr: ir.Expr, expected: int) -> None:
    assert values((expr,), ANNA, BEN, CLEO) == [expected], rule


def test_neighbours_are_left_and_right_each_once() -> None:
    total = ir.Over("total_over", "neighbours", KRONES_)
    # Four players: Ben (left, 8) and Dan (right, 2), not Cleo across the table.
    assert values((total,), ANNA, BEN, CLEO, DAN) == [10]
    # Two players: Ben is left and right neighbour, counted once.
    assert values((total,), ANNA, BEN) == [8]
    # Three players: Ben and Cleo.
    assert values((total,), ANNA, BEN, CLEO) == [13]


def test_solo_has_no_other_players() -> None:
    exprs = (
        ir.Over("total_over", "others", KRONES_),  # nobody: 0
        ir.Over("most_over", "neighbours", KRONES_),  # nobody: 0
        ir.Over("least_over", "all", KRONES_),  # Anna alone: 5
        ir.Rank(KRONES_, "behind"),  # first of one
    )
    assert values(exprs, ANNA) == [0, 0, 5, 1]


# --- the change effect and the value condition ----------------------------------------------------------

MINUS_3 = arith("minus", KRONES_, 8)  # 5 - 8 for Anna
CHANGES = (
    ir.Change("krones", True, arith("times", ROOMS, 2)),  # 0: +6 krones
    ir.Change("points", False, MINUS_3),  # 1: below 0 counts as 0: nothing lost
    ir.Change("krones", False, arith("plus", KRONES_, 4)),  # 2: lose 9 krones of 5: down to the floor, 0
    ir.Change("points", True, ir.Over("total_over", "others", ROOMS)),  # 3: +7 points
    ir.Change("resource", True, 9, "objectives"),  # 4: gain 9 of 2, at most 4
    ir.Change("resource", False, ir.Over("most_over", "all", ROOMS), "objectives"),  # 5: lose 7 of 2, at least 1
    ir.Change("points", False, KRONES_),  # 6: lose 5 of 4 points
)


def changed(index: int) -> tuple[int, int, int]:
    """(points, krones, objectives) of Anna (4 points, 2 objectives) after change `index` alone."""
    rules = rules_with(CHANGES, objectives=(1, 4))
    t = compile_tables(rules)
    rec = record(rules, t, 0, {**ANNA, "points": 4, "objectives": 2}, BEN, CLEO)
    effects.simple_op(t, rec, np.zeros(effects.SEARCH, np.int64), rows_of(t)[index])
    return int(rec[POINTS]), int(rec[KRONES]), int(rec[OBJECTIVES])


def test_a_change_gains_or_loses_the_amount_worked_out() -> None:
    assert changed(0) == (4, 11, 2)  # 3 rooms * 2 krones
    assert changed(1) == (4, 5, 2)  # 5 - 8 is below 0: 0 points lost
    assert changed(2) == (4, 0, 2)  # 9 krones to lose, 5 there: the floor (0) holds
    assert changed(3) == (11, 5, 2)  # Ben's 7 rooms and Cleo's 0
    assert changed(4) == (4, 5, 4)  # 2 + 9 objectives, at most 4
    assert changed(5) == (4, 5, 1)  # 7 to lose of 2, at least 1
    assert changed(6) == (0, 5, 2)  # 5 points to lose of 4: the floor (0) holds


def test_a_change_can_be_taken_fully_if_the_amount_is_there() -> None:
    rules = rules_with(CHANGES, objectives=(1, 4))
    t = compile_tables(rules)
    rec = record(rules, t, 0, {**ANNA, "points": 4, "objectives": 2}, BEN, CLEO)
    feasible = [bool(effects.row_feasible(t, rec, row)) for row in rows_of(t)]
    # gains always; losing 0 (5 - 8 counts as 0) yes; 9 krones of 5 no; 7 objectives of 2 above 1 no; 5 points
    # of 4 no
    assert feasible == [True, True, False, True, True, False, False]
    rec[POINTS] = 5  # now 5 points are there to lose
    assert bool(effects.row_feasible(t, rec, rows_of(t)[6]))


def test_a_value_condition_reads_the_expression_for_the_player() -> None:
    more_than_left = ir.ValueIs(
        arith("minus", KRONES_, ir.Read(dataclasses.replace(KRONES_.quantity, of="left"))), ir.Bounds(at_least=1)
    )
    rules = rules_with((ir.Conditional(more_than_left, (ir.GainPoints(1),)),))
    t = compile_tables(rules)
    condition = int(t.ops[rows_of(t)[0], ops.IF_CONDITION])
    assert t.ops[condition, ops.CODE] == ops.COND_VALUE
    # Anna 5 krones, her left neighbour Ben 8: -3, not at least 1. Ben: his left neighbour Cleo has 5: 3.
    assert not effects.condition_holds(t, record(rules, t, 0, ANNA, BEN, CLEO), condition)
    assert effects.condition_holds(t, record(rules, t, 1, ANNA, BEN, CLEO), condition)
    # Cleo: her left neighbour is Anna, 5 and 5: 0.
    assert not effects.condition_holds(t, record(rules, t, 2, ANNA, BEN, CLEO), condition)


# --- the registry: a code per operator, a branch per code, a raise for any other ------------------------


def test_the_operator_table_is_the_registry() -> None:
    assert set(tables.OPERATOR_CODES) == {"number", "read", *ir.OPERATORS}
    assert sorted(tables.OPERATOR_CODES.values()) == list(range(len(tables.OPERATOR_CODES)))
    for name, code in tables.OPERATOR_CODES.items():
        assert getattr(tables, "E_" + name.upper()) == code, name


def compared_codes() -> set[str]:
    """The E_ constants the evaluator's kernels compare a code with (== or in)."""
    kernels = (expressions.expr_value, expressions.is_arith, expressions.arith, expressions.fold)
    found = set()
    for kernel in kernels:
        tree = ast.parse(textwrap.dedent(inspect.getsource(getattr(kernel, "py_func", kernel))))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                found |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and n.id.startswith("E_")}
    return found


def test_the_evaluator_has_a_branch_for_every_operator_code() -> None:
    assert compared_codes() == {"E_" + name.upper() for name in tables.OPERATOR_CODES}


def test_no_kernel_works_an_expression_out_for_a_constant_player() -> None:
    """expr_value recurses; numba compiles a call whose player is a constant (say -1) as a function of its own,
    and the recursion through the two segfaults once loaded from numba's cache (not when first compiled, so
    only a second run would show it). Every call passes a player worked out at run time."""
    import gah.backends.batched as package

    calls = []
    for path in Path(package.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and ast.unparse(node.func).endswith("expr_value"):
                calls.append((path.name, ast.unparse(node)))
    assert len(calls) >= 5  # value_of's and expr_value's own
    constant = [
        call for call in calls if isinstance(ast.parse(call[1], mode="eval").body.args[-1], (ast.Constant, ast.UnaryOp))
    ]
    assert constant == []


@cache
def one_of_each() -> ScoringTables:
    return compile_tables(rules_with((ir.Change("points", True, arith("plus", ir.Rank(ROOMS, "shared"), 1)),)))


def test_an_operator_code_without_a_branch_raises() -> None:
    """A node whose code no branch handles is an error where it is worked out, never 0 or another operator."""
    t = one_of_each()
    nodes = table(t, "expr").reshape(-1, tables.ENODE)
    assert [int(code) for code in nodes[:, tables.ENODE_CODE]] == [
        tables.E_READ,
        tables.E_RANK,
        tables.E_NUMBER,
        tables.E_PLUS,
    ]
    rec = record(rules_with((ir.Change("points", True, arith("plus", ir.Rank(ROOMS, "shared"), 1)),)), t, 0, ANNA, BEN)
    assert expressions.value_of(t, rec, 3) == 3  # Anna 3 rooms, Ben 7: second, + 1
    for node in range(len(nodes)):
        data = t.data.copy()
        data[data[tables.A_EXPR] + tables.ENODE * node + tables.ENODE_CODE] = 99
        with pytest.raises(ValueError, match="an operator code the batched kernels have no branch for"):
            expressions.value_of(ScoringTables(t.ops, data), rec, 3)
    with pytest.raises(ValueError, match="an operator code the batched kernels have no branch for"):
        expressions.arith(tables.E_CLAMP, 1, 2)
    with pytest.raises(ValueError, match="an aggregate code the batched kernels have no branch for"):
        expressions.fold(tables.E_RANK, 1, 2)


# --- what the encoder refuses, and what a ruleset without expressions pays ------------------------------


def test_an_operator_outside_the_registry_is_refused_where_it_is_encoded() -> None:
    with pytest.raises(KeyError, match=r"batched/tables.py: OPERATOR_CODES\) has no operator modulo"):
        tables.Encoder(ruleset("base")).expr(arith("modulo", KRONES_, 2))


@pytest.mark.parametrize(
    ("expr", "reason"),
    [
        (ir.Over("most_over", "all", ir.Rank(ROOMS, "shared")), r"an aggregate \(rank\) inside the value of another"),
        (
            ir.Rank(ir.Read(dataclasses.replace(ROOMS.quantity, of="left")), "shared"),
            r"the value of an aggregate reads another player \(`of`\)",
        ),
    ],
)
def test_what_the_front_end_refuses_the_encoder_refuses_too(expr: ir.Expr, reason: str) -> None:
    with pytest.raises(GahError, match=f"ruleset base: the batched backend cannot play it: {reason}"):
        compile_tables(rules_with((ir.Change("points", True, expr),)))


def test_a_ruleset_without_expressions_has_no_nodes_and_reads_no_other_player() -> None:
    t = compile_tables(ruleset("base"))
    assert len(table(t, "expr")) == 0 and constant(t, "reads_n") == 0  # gather_others returns at once


def test_only_a_change_losing_points_reads_the_points() -> None:
    """A turn that never reads the player's points is "points blind": the planners reuse its trials. Losing
    points reads them (the floor); gaining them, or krones, by an expression of the player's own state does not."""
    blind = {}
    for what, gain in (("points", False), ("points", True), ("krones", False)):
        t = compile_tables(rules_with((ir.Change(what, gain, arith("times", ROOMS, 2)),)))
        blind[what, gain] = int(table(t, "blind")[1])  # the first tile's bonus (outcome 1)
    assert blind == {("points", False): 0, ("points", True): 1, ("krones", False): 1}


def test_an_aggregate_reads_the_others_even_of_a_number() -> None:
    """The others' number is in the record's tail only where a quantity is read of them: an aggregate of a
    number takes a read slot (krones) so that it is gathered."""
    t = compile_tables(rules_with((ir.Change("points", True, ir.Over("total_over", "others", 1)),)))
    assert constant(t, "reads_n") == 1 and list(table(t, "read_codes")) == [tables.Q_KRONES]


def _without_targets(tile: ir.Tile) -> ir.Tile:
    """A tile without its for_players effects (never inside an option: the front end refuses that)."""

    def kept(effects: tuple[ir.Effect, ...]) -> tuple[ir.Effect, ...]:
        return tuple(e for e in effects if not isinstance(e, ir.ForPlayers))

    penalty = dataclasses.replace(tile.penalty, effects=kept(tile.penalty.effects))
    return dataclasses.replace(tile, bonus=kept(tile.bonus), penalty=penalty)


def test_the_samples_the_engines_cross_check_hold_every_operator() -> None:
    """The effect-samples ruleset (its tiles without for_players, which the kernels refuse) runs changes,
    value conditions and every operator code through the kernels."""
    from gah.project import load_one
    from helpers_rules import shipped_workspace
    from helpers_samples import samples_ruleset

    ruleset = load_one(shipped_workspace(), str(samples_ruleset()))
    # Its for_players samples are refused (tables.FOR_PLAYERS_REFUSED); every other sample is encoded here.
    t = compile_tables(dataclasses.replace(ruleset, tiles=tuple(_without_targets(t) for t in ruleset.tiles)))
    codes = {int(code) for code in table(t, "expr").reshape(-1, tables.ENODE)[:, tables.ENODE_CODE]}
    assert codes == set(tables.OPERATOR_CODES.values())
    assert {ops.OP_CHANGE, ops.COND_VALUE} <= {int(code) for code in t.ops[:, ops.CODE]}
