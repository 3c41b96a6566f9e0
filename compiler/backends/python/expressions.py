"""Expressions of the rules data (ir.Expr) in Python: one function per operator of the registry (ir.OPERATORS, and
"number" and "read") in `SPELL`, each writing the right-hand side of one step from its operands.

Every expression that is more than a number or a quantity becomes a function of its own, `expression_<digest>`
(ir.expression_key), one short line per step (`v1 = q_krones(game, player)`, `v2 = divide_up(v1, 2)`), so that a module stays as ruff formats it
at any depth; an aggregate's value is such a function too, passed to the runtime (runtime/quantities.py:
aggregate_over, rank_among) and called for each player in turn."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ... import ir
from ..codebuilder import identifier, literal

# (the expression, its operands as Python: variables, numbers or calls) -> the step's right-hand side
Spell = Callable[[Any, list[str]], str]

_INFIX = {"plus": " + ", "minus": " - ", "times": " * "}


def python_expr(expr: ir.Expr) -> str:
    """The Python expression that works `expr` out for `player` of `game`: a number, a quantity's call, or the
    call of the expression's function (see expression_function)."""
    if isinstance(expr, bool):
        raise TypeError("a truth value is not an expression")
    if isinstance(expr, int):
        return literal(expr)
    if isinstance(expr, ir.Read):
        return f"q_{identifier(expr.quantity.key)}(game, player)"
    _spell(expr)  # an operator no entry spells fails here, where the call is written
    return f"{ir.expression_key(expr)}(game, player)"


def _spell(expr: ir.Expr) -> Spell:
    operator = ir.operator_of(expr)
    spell = SPELL.get(operator)
    if spell is None:
        raise KeyError(f"the Python backend (compiler/backends/python/expressions.py) has no operator {operator}")
    return spell


def expression_function(expr: ir.Expr) -> list[str]:
    """The function `expression_<digest>(game, player) -> int` of an expression: a step per operator inside it
    (an aggregate's value: its own function's name), then `return` the last."""
    steps: list[str] = []

    def operand(part: ir.Expr) -> str:
        if isinstance(part, int):
            return python_expr(part)
        if isinstance(part, (ir.Over, ir.Rank)) and part is not expr:
            return python_expr(part)  # its own function (it calls the value's function for each player)
        inside = [] if isinstance(part, (ir.Over, ir.Rank)) else [operand(inner) for inner in ir.expr_parts(part)]
        right = _spell(part)(part, inside)
        steps.append(f"v{len(steps) + 1} = {right}")
        return f"v{len(steps)}"

    result = operand(expr)
    head = f"def {ir.expression_key(expr)}(game: Game, player: Player) -> int:"
    docstring = '    """An expression of the rules data, worked out for the player (its words: quantity_totals)."""'
    return [head, docstring, *(f"    {step}" for step in steps), f"    return {result}"]


def expression_functions(exprs: Iterable[ir.Expr]) -> list[ir.Expr]:
    """Every expression needing a function of its own: those given and, inside them, each aggregate and each
    aggregate's value, in order, each once."""
    found: list[ir.Expr] = []
    for expr in exprs:
        for part in ir.all_exprs(expr):
            if part is expr or isinstance(part, (ir.Over, ir.Rank)):
                found.append(part)
            if isinstance(part, (ir.Over, ir.Rank)):
                found.append(part.value)
    return [e for e in dict.fromkeys(found) if not isinstance(e, (int, ir.Read))]


def _infix(expr: ir.Arith, operands: list[str]) -> str:
    return _INFIX[expr.operator].join(operands)


def _call(name: str) -> Spell:
    def spell(_expr: ir.Arith, operands: list[str]) -> str:
        return f"{name}({', '.join(operands)})"

    return spell


def _clamp(expr: ir.Clamp, operands: list[str]) -> str:
    return f"clamp({operands[0]}, {literal(expr.at_least)}, {literal(expr.at_most)})"


def _value_function(expr: ir.Over | ir.Rank) -> str:
    """The name of the function that works out an aggregate's value for one player (q_<key> for a quantity)."""
    value = expr.value
    if isinstance(value, ir.Read):
        return f"q_{identifier(value.quantity.key)}"
    if isinstance(value, int):
        return f"lambda game, player: {literal(value)}"
    return ir.expression_key(value)


def _over(expr: ir.Over, _operands: list[str]) -> str:
    players = f"{literal(expr.operator)}, {literal(expr.players)}"
    return f"aggregate_over(game, player, {players}, {_value_function(expr)})"


def _rank(expr: ir.Rank, _operands: list[str]) -> str:
    return f"rank_among(game, player, {literal(expr.ties)}, {_value_function(expr)})"


def _number(expr: int, _operands: list[str]) -> str:
    return literal(expr)


def _read(expr: ir.Read, _operands: list[str]) -> str:
    return python_expr(expr)


SPELL: dict[str, Spell] = {
    "number": _number,
    "read": _read,
    "plus": _infix,
    "minus": _infix,
    "times": _infix,
    "min": _call("min"),
    "max": _call("max"),
    "divide_down": _call("divide_down"),
    "divide_up": _call("divide_up"),
    "clamp": _clamp,
    "most_over": _over,
    "least_over": _over,
    "total_over": _over,
    "rank": _rank,
}
