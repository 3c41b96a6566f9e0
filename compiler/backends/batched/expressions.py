"""Expressions of the rules data (ir.Expr) worked out on a record, as the Python modules work them out
(compiler/backends/python/expressions.py and the runtime's over, rank, divide_down, divide_up, clamp).

An expression is nodes of the `expr` table (tables.py: Encoder.expr, _ENODE). expr_value has a branch for each
code of tables.OPERATOR_CODES (arithmetic through arith, the aggregates through fold) and raises on any other.
It works a node out for the record's player as it stands, or for another player (`other` >= 0, 0 the left
neighbour, in the record's tail as gather_others wrote it): the value of an aggregate reads only the player it
is worked out for, so for another player each quantity it reads is that player's count in its read slot.
"""

from __future__ import annotations

from . import record as r
from .jit import bare_kernel
from .quantities import other_value, quantity
from .state import Ints
from .tables import (
    A_EXPR,
    E_CLAMP,
    E_DIVIDE_DOWN,
    E_DIVIDE_UP,
    E_LEAST_OVER,
    E_MAX,
    E_MIN,
    E_MINUS,
    E_MOST_OVER,
    E_NUMBER,
    E_PLUS,
    E_RANK,
    E_READ,
    E_TIMES,
    E_TOTAL_OVER,
    ENODE,
    ENODE_A,
    ENODE_B,
    ENODE_C,
    ENODE_CODE,
    PLAYER_SETS,
    RANK_TIES,
    ScoringTables,
)

ALL_PLAYERS = PLAYER_SETS["all"]
NEIGHBOURS = PLAYER_SETS["neighbours"]
BEHIND = RANK_TIES["behind"]


@bare_kernel
def arith(code: int, x: int, y: int) -> int:
    """A two-part arithmetic node's value from its parts' (a divisor of 0 gives 0; divide_up rounds up)."""
    if code == E_PLUS:
        return x + y
    if code == E_MINUS:
        return x - y
    if code == E_TIMES:
        return x * y
    if code == E_MIN:
        return min(x, y)
    if code == E_MAX:
        return max(x, y)
    if code == E_DIVIDE_DOWN:
        return 0 if y == 0 else x // y
    if code == E_DIVIDE_UP:
        return 0 if y == 0 else -(-x // y)
    raise ValueError(
        "an operator code the batched kernels have no branch for (compiler/backends/batched/expressions.py)"
    )


@bare_kernel
def is_arith(code: int) -> bool:
    """Is `code` that of a two-part arithmetic node (arith has its branch)?"""
    return code in (E_PLUS, E_MINUS, E_TIMES, E_MIN, E_MAX, E_DIVIDE_DOWN, E_DIVIDE_UP)


@bare_kernel
def fold(code: int, so_far: int, value: int) -> int:
    """An aggregate's value so far, with one more player's `value`."""
    if code == E_MOST_OVER:
        return max(so_far, value)
    if code == E_LEAST_OVER:
        return min(so_far, value)
    if code == E_TOTAL_OVER:
        return so_far + value
    raise ValueError(
        "an aggregate code the batched kernels have no branch for (compiler/backends/batched/expressions.py)"
    )


@bare_kernel
def in_set(players: int, other: int, n: int) -> bool:
    """Is other player `other` (of n, 0 the left neighbour) in the set? neighbours: the first and the last."""
    return players != NEIGHBOURS or other == 0 or other == n - 1


@bare_kernel
def expr_value(t: ScoringTables, rec: Ints, node: int, other: int) -> int:
    """The value of expression node `node` for the record's player (`other` -1) or for other player `other`."""
    base = t.data[A_EXPR] + ENODE * node
    code, a, b = t.data[base + ENODE_CODE], t.data[base + ENODE_A], t.data[base + ENODE_B]
    if code == E_NUMBER:
        return int(a)
    if code == E_READ:
        return quantity(t, rec, a) if other < 0 else other_value(rec, other, r.OTHER_READS + b)
    if is_arith(code):
        return arith(code, expr_value(t, rec, a, other), expr_value(t, rec, b, other))
    if code == E_CLAMP:
        value, high = expr_value(t, rec, a, other), t.data[base + ENODE_C]
        return int(b) if value < b else int(high) if value > high else value
    n = rec[len(rec) - 1]  # how many other players the tail holds
    if code == E_RANK:
        mine = expr_value(t, rec, a, -1)
        place = 1
        for k in range(n):
            value = expr_value(t, rec, a, k)
            if value > mine or (b == BEHIND and value == mine):
                place += 1
        return place
    if code in (E_MOST_OVER, E_LEAST_OVER, E_TOTAL_OVER):
        counted = b == ALL_PLAYERS
        so_far = expr_value(t, rec, a, -1) if counted else 0
        for k in range(n):
            if in_set(b, k, n):
                value = expr_value(t, rec, a, k)
                so_far = fold(code, so_far, value) if counted else value
                counted = True
        return so_far
    raise ValueError(
        "an operator code the batched kernels have no branch for (compiler/backends/batched/expressions.py)"
    )
