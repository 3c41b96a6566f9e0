"""Expressions of the rules data (ir.Expr) worked out on a record, as the Python modules work them out
(compiler/backends/python/expressions.py and the runtime's over, rank, divide_down, divide_up, clamp).

An expression is nodes of the `expr` table (tables.py: Encoder.expr, _ENODE). expr_value has a branch for each
code of tables.OPERATOR_CODES (arithmetic through arith, the aggregates through fold) and raises on any other.
It works a node out for the record's player as it stands (value_of), or for another player (in the record's
tail as gather_others wrote it): the value of an aggregate reads only the player it is worked out for, so for
another player each quantity it reads is that player's count in its read slot.
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
def in_set(players: int, k: int, n: int) -> bool:
    """Is player k (of the n others, 0 the left neighbour; n the player) in the set? neighbours: the first
    and the last other."""
    if k == n:
        return bool(players == ALL_PLAYERS)
    return players != NEIGHBOURS or k == 0 or k == n - 1


@bare_kernel
def value_of(t: ScoringTables, rec: Ints, node: int) -> int:
    """The value of expression node `node` for the record's player."""
    return expr_value(t, rec, node, rec[len(rec) - 1])


@bare_kernel
def expr_value(t: ScoringTables, rec: Ints, node: int, k: int) -> int:
    """The value of expression node `node` for player k: 0 to n - 1 the n others of the record's tail, n the
    record's player (never a constant: numba would compile a call with a constant as another function, and a
    recursion through two of them breaks once cached)."""
    base = t.data[A_EXPR] + ENODE * node
    code, a, b = t.data[base + ENODE_CODE], t.data[base + ENODE_A], t.data[base + ENODE_B]
    n = rec[len(rec) - 1]  # how many other players the tail holds
    if code == E_NUMBER:
        return int(a)
    if code == E_READ:
        return quantity(t, rec, a) if k == n else other_value(rec, k, r.OTHER_READS + b)
    if is_arith(code):
        return arith(code, expr_value(t, rec, a, k), expr_value(t, rec, b, k))
    if code == E_CLAMP:
        value, high = expr_value(t, rec, a, k), t.data[base + ENODE_C]
        return int(b) if value < b else int(high) if value > high else value
    if code == E_RANK:
        mine = expr_value(t, rec, a, n)
        place = 1
        for other in range(n):
            value = expr_value(t, rec, a, other)
            if value > mine or (b == BEHIND and value == mine):
                place += 1
        return place
    if code in (E_MOST_OVER, E_LEAST_OVER, E_TOTAL_OVER):
        so_far, counted = 0, False
        for each in range(n + 1):
            if in_set(b, each, n):
                value = expr_value(t, rec, a, each)
                so_far = fold(code, so_far, value) if counted else value
                counted = True
        return so_far
    raise ValueError(
        "an operator code the batched kernels have no branch for (compiler/backends/batched/expressions.py)"
    )
