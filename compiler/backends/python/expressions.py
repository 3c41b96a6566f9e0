"""Expressions of the rules data (ir.Expr) spelt in Python: one function per operator of the registry
(ir.OPERATORS, and "number" and "read"), each writing code of `game` and the player named `who`. Aggregates
call the runtime (runtime/quantities.py: aggregate_over, rank_among) with the value as a lambda of each player in turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ... import ir
from ..codebuilder import identifier, literal

Spell = Callable[[Any, str], str]

_ARITH = {"plus": " + ", "minus": " - ", "times": " * "}


def python_expr(expr: ir.Expr, who: str = "player") -> str:
    """The Python expression that works `expr` out for the player `who` of `game`."""
    operator = ir.operator_of(expr)
    spell = SPELL.get(operator)
    if spell is None:
        raise KeyError(f"the Python backend (compiler/backends/python/expressions.py) has no operator {operator}")
    return spell(expr, who)


def _number(expr: int, _who: str) -> str:
    return literal(expr) if expr >= 0 else f"({expr})"


def _read(expr: ir.Read, who: str) -> str:
    return f"q_{identifier(expr.quantity.key)}(game, {who})"


def _infix(expr: ir.Arith, who: str) -> str:
    return "(" + _ARITH[expr.operator].join(python_expr(arg, who) for arg in expr.args) + ")"


def _call(name: str) -> Spell:
    def spell(expr: ir.Arith, who: str) -> str:
        return f"{name}({', '.join(python_expr(arg, who) for arg in expr.args)})"

    return spell


def _clamp(expr: ir.Clamp, who: str) -> str:
    return f"clamp({python_expr(expr.value, who)}, {literal(expr.at_least)}, {literal(expr.at_most)})"


def _over(expr: ir.Over, who: str) -> str:
    value = f"lambda game, other: {python_expr(expr.value, 'other')}"
    return f"aggregate_over(game, {who}, {literal(expr.operator)}, {literal(expr.players)}, {value})"


def _rank(expr: ir.Rank, who: str) -> str:
    value = f"lambda game, other: {python_expr(expr.value, 'other')}"
    return f"rank_among(game, {who}, {literal(expr.ties)}, {value})"


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
