"""Expressions of the rules data (ir.Expr) spelt in JavaScript, as compiler/backends/python/expressions.py spells
them in Python: one function per operator of the registry (ir.OPERATORS, and "number" and "read"), each writing
code of `game` and the player named `who`. Aggregates call the runtime (runtime/quantities.js: aggregateOver,
rankAmong) with the value as an arrow function of each player in turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ... import ir
from .literals import js_literal

Spell = Callable[[Any, str], str]

_ARITH = {"plus": " + ", "minus": " - ", "times": " * "}


def js_expr(expr: ir.Expr, who: str = "player") -> str:
    """The JavaScript expression that works `expr` out for the player `who` of `game`."""
    operator = ir.operator_of(expr)
    spell = SPELL.get(operator)
    if spell is None:
        raise KeyError(f"the JavaScript backend (compiler/backends/js/expressions.py) has no operator {operator}")
    return spell(expr, who)


def _number(expr: int, _who: str) -> str:
    return str(expr) if expr >= 0 else f"({expr})"


def _read(expr: ir.Read, who: str) -> str:
    return f"QUANTITIES[{js_literal(expr.quantity.key)}](game, {who})"


def _infix(expr: ir.Arith, who: str) -> str:
    return "(" + _ARITH[expr.operator].join(js_expr(arg, who) for arg in expr.args) + ")"


def _call(name: str) -> Spell:
    def spell(expr: ir.Arith, who: str) -> str:
        return f"{name}({', '.join(js_expr(arg, who) for arg in expr.args)})"

    return spell


def _clamp(expr: ir.Clamp, who: str) -> str:
    return f"clamp({js_expr(expr.value, who)}, {js_literal(expr.at_least)}, {js_literal(expr.at_most)})"


def _over(expr: ir.Over, who: str) -> str:
    value = f"(game, other) => {js_expr(expr.value, 'other')}"
    return f"aggregateOver(game, {who}, {js_literal(expr.operator)}, {js_literal(expr.players)}, {value})"


def _rank(expr: ir.Rank, who: str) -> str:
    value = f"(game, other) => {js_expr(expr.value, 'other')}"
    return f"rankAmong(game, {who}, {js_literal(expr.ties)}, {value})"


SPELL: dict[str, Spell] = {
    "number": _number,
    "read": _read,
    "plus": _infix,
    "minus": _infix,
    "times": _infix,
    "min": _call("Math.min"),
    "max": _call("Math.max"),
    "divide_down": _call("divideDown"),
    "divide_up": _call("divideUp"),
    "clamp": _clamp,
    "most_over": _over,
    "least_over": _over,
    "total_over": _over,
    "rank": _rank,
}
