"""Expressions of the rules data (ir.Expr) in words, from the sheets' `expr.*` phrases: one function per operator
of the registry (ir.OPERATORS, and "number" and "read"), so no expression is ever said as a ladder of numbers.

Inside an aggregate (most, least, total, rank) the value is said without "your": it is each player's own.
An operand that is itself a sum, difference, product or quotient is bracketed where it would read ambiguously."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import ir
from .text import Rich, SheetError, Words, number, plain

Total = Callable[[ir.Quantity], Rich]
Say = Callable[["ExpressionWords", Any, bool], Rich]

_GROUPED = ("plus", "minus", "times", "divide_down", "divide_up", "clamp")


class ExpressionWords:
    """Says expressions in one language; `total` says a quantity as a whole ("occupied rooms")."""

    def __init__(self, words: Words, total: Total, floors: dict[str, int] | None = None) -> None:
        self.w = words
        self.total = total
        self.floors = floors or {}  # each declared resource's lower limit

    def say(self, expr: ir.Expr, inner: bool = False) -> Rich:
        """`expr` in words; `inner`: worked out for each player of an aggregate (no "your")."""
        operator = ir.operator_of(expr)
        say = SAY.get(operator)
        if say is None:
            raise SheetError(f"the words (compiler/words/expressions.py: SAY) have no operator {operator}")
        return say(self, expr, inner)

    def operand(self, expr: ir.Expr, inner: bool) -> Rich:
        """An operand of an infix operator, bracketed if it is one itself."""
        said = self.say(expr, inner)
        return self.w.rich("expr.group", value=said) if ir.operator_of(expr) in _GROUPED else said

    def can_be_negative(self, expr: ir.Expr) -> bool:
        """Could the value fall below 0? (A sure lower bound of 0 or more says no.)"""
        low = lowest(expr, self.floors)
        return low is None or low < 0


def lowest(expr: ir.Expr, floors: dict[str, int] | None = None) -> int | None:
    """A value `expr` never falls below, or None where none is sure (a difference); `floors`: the lower limit
    of each declared resource (one not given: none is sure)."""
    if isinstance(expr, int):
        return expr
    if isinstance(expr, ir.Read):
        return (floors or {}).get(expr.quantity.resource) if expr.quantity.count == "resource" else 0
    if isinstance(expr, ir.Rank):
        return 1
    if isinstance(expr, ir.Clamp):
        return expr.at_least if expr.at_least is not None else lowest(expr.value, floors)
    if isinstance(expr, ir.Over):
        return lowest(expr.value, floors)
    if expr.operator == "minus" and _never_more(expr.args[1], expr.args[0]):
        return 0
    lows = [lowest(arg, floors) for arg in expr.args]
    known = [low for low in lows if low is not None]
    if expr.operator == "max":
        return max(known) if known else None
    if None in lows or expr.operator == "minus":
        return None
    if expr.operator == "min":
        return min(known)
    if expr.operator == "plus":
        return sum(known)
    return 0 if all(low >= 0 for low in known) else None  # times, divisions of values 0 or more


def _never_more(smaller: ir.Expr, than: ir.Expr) -> bool:
    """Is `smaller` sure never to exceed `than`: the least of values `than` is one of, or `than` is the most of
    a value over all players, the player included?"""
    if isinstance(smaller, ir.Arith) and smaller.operator == "min":
        return than in smaller.args
    return (
        isinstance(than, ir.Over) and than.operator == "most_over" and than.players == "all" and than.value == smaller
    )


def _number(s: ExpressionWords, expr: int, _inner: bool) -> Rich:
    return (number(expr),)


def _read(s: ExpressionWords, expr: ir.Read, inner: bool) -> Rich:
    total = s.total(expr.quantity)
    if inner or expr.quantity.of != "self" or _owned(s, total):
        return total
    return s.w.rich("expr.own", what=total)


def _owned(s: ExpressionWords, total: Rich) -> bool:
    """Do the quantity's words already name the player as owner ("Staff cards in your hand")?"""
    marker = s.w.template("expr.own_marker")
    return any(word.startswith(marker) for word in plain(total).split())


def _infix(s: ExpressionWords, expr: ir.Arith, inner: bool) -> Rich:
    said = s.operand(expr.args[0], inner)
    for arg in expr.args[1:]:
        operator = expr.operator
        if operator == "plus" and isinstance(arg, int) and arg < 0:
            operator, arg = "minus", -arg  # "plus −1" reads as "minus 1"
        said = s.w.rich(f"expr.{operator}", first=said, second=s.operand(arg, inner))
    return said


def _extreme(s: ExpressionWords, expr: ir.Arith, inner: bool) -> Rich:
    items = s.w.join([s.operand(arg, inner) for arg in expr.args])
    return s.w.rich(f"expr.{expr.operator}.{'two' if len(expr.args) == 2 else 'many'}", items=items)


def _divide(s: ExpressionWords, expr: ir.Arith, inner: bool) -> Rich:
    first, second = (s.operand(arg, inner) for arg in expr.args)
    return s.w.rich(f"expr.{expr.operator}", first=first, second=second)


def _clamp(s: ExpressionWords, expr: ir.Clamp, inner: bool) -> Rich:
    value = s.operand(expr.value, inner)
    low, high = expr.at_least, expr.at_most
    if low is not None and high is not None:
        return s.w.rich("expr.clamp.range", value=value, low=number(low), high=number(high))
    if low is not None:
        return s.w.rich("expr.clamp.at_least", value=value, low=number(low))
    return s.w.rich("expr.clamp.at_most", value=value, high=number(high or 0))


def _over(s: ExpressionWords, expr: ir.Over, _inner: bool) -> Rich:
    group = "every" if expr.operator == "total_over" else "any"
    players = s.w.rich(f"expr.players.{group}.{expr.players}")
    return s.w.rich(f"expr.{expr.operator}", value=s.say(expr.value, True), players=players)


def _rank(s: ExpressionWords, expr: ir.Rank, _inner: bool) -> Rich:
    return s.w.rich(f"expr.rank.{expr.ties}", value=s.say(expr.value, True))


SAY: dict[str, Say] = {
    "number": _number,
    "read": _read,
    "plus": _infix,
    "minus": _infix,
    "times": _infix,
    "min": _extreme,
    "max": _extreme,
    "divide_down": _divide,
    "divide_up": _divide,
    "clamp": _clamp,
    "most_over": _over,
    "least_over": _over,
    "total_over": _over,
    "rank": _rank,
}
