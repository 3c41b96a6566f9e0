"""Python code for each effect kind: one generator (`LINES`) and one feasibility test (`FEASIBLE`) per kind.

A kind applied by one runtime call is written from its shape (compiler/backends/call_shapes.py), spelt here.

`game` and `player` are in scope wherever these lines go. A kind without a function in a table raises
`MissingKind` (compiler/dispatch.py): never a silent placeholder.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from ... import ir
from ...dispatch import ByKind, MissingKind
from ..call_shapes import (
    SHAPE,
    TEST,
    UNSHAPED,
    AtLeast,
    Call,
    Code,
    Count,
    Expr,
    Item,
    Length,
    Minus,
    NonEmpty,
    Place,
    Times,
    Worked,
    feasibility,
    shape,
)
from ..codebuilder import identifier, literal
from .expressions import python_expr
from .quantities import exploded_call, quantity_call


class CodegenError(MissingKind):
    """An IR node the Python backend cannot generate (a bug, never a placeholder)."""


LINES: ByKind[Callable[[Any, Place], list[str]]] = ByKind(
    "the Python backend (compiler/backends/python/effects.py: LINES)"
)
FEASIBLE: ByKind[Callable[[Any], str]] = ByKind("the Python backend (compiler/backends/python/effects.py: FEASIBLE)")


def effect_lines(
    effect: ir.Effect, room_wins: bool = False, room_unseen: bool = False, last: bool = False
) -> list[str]:
    """Statements that apply one effect to `player`."""
    return LINES.of(effect)(effect, Place(room_wins, room_unseen, last))


def feasible(effect: ir.Effect) -> str:
    """An expression: can this effect be taken fully right now? (all-or-nothing options)"""
    return FEASIBLE.of(effect)(effect)


def feasible_tests(effects: tuple[ir.Effect, ...]) -> list[str]:
    """The tests of the effects that can fail: all true, every one can be taken fully (each against the state
    before)."""
    return [test for test in (feasible(e) for e in effects) if test != "True"]


def all_feasible(effects: tuple[ir.Effect, ...]) -> str:
    """An expression: can every one of these effects be taken fully (each against the state before)?"""
    return " and ".join(feasible_tests(effects)) or "True"


def _per(effect: ir.PointsPerQuantity) -> str:
    return f"{abs(effect.points)} * {quantity_call(effect.quantity)}"


# --- generators ------------------------------------------------------------------------


@LINES.on(*(kind for kind in SHAPE.functions if kind not in UNSHAPED))
def _one_call(effect: ir.Effect, place: Place) -> list[str]:
    """The runtime call of compiler/backends/call_shapes.py, spelt in Python."""
    call = shape(effect, place)
    arguments = [*call.head, *(python_expression(a) for a in (*call.args, *call.python_args))]
    if any(isinstance(a, Times) and isinstance(a.value, Count) and not a.value.quantity.name for a in call.args):
        # a filtered count's key may be long: the call as a formatter folds it
        return exploded_call(call.name, arguments)
    ends = ", ends_turn=ends_turn" if call.ends_turn and place.last else ""
    return [f"{call.name}({', '.join(arguments)}{ends})"]


@FEASIBLE.on(*(kind for kind in TEST.functions if kind not in UNSHAPED))
def _one_test(effect: ir.Effect) -> str:
    """The feasibility test of compiler/backends/call_shapes.py, spelt in Python."""
    return python_expression(feasibility(effect))


def python_expression(expression: Expr) -> str:
    """An expression of compiler/backends/call_shapes.py, spelt in Python."""
    spell = python_expression
    if isinstance(expression, Code):
        return expression.text
    if isinstance(expression, Count):
        return quantity_call(expression.quantity)
    if isinstance(expression, Times):
        return f"{expression.times} * {spell(expression.value)}"
    if isinstance(expression, Call):
        return f"{expression.name}({', '.join([*expression.head, *map(spell, expression.args)])})"
    if isinstance(expression, Length):
        return f"len({spell(expression.value)})"
    if isinstance(expression, NonEmpty):
        return f"bool({spell(expression.value)})"
    if isinstance(expression, Minus):
        return f"{spell(expression.left)} - {spell(expression.right)}"
    if isinstance(expression, Item):
        return spell(expression.value) + "".join(f"[{literal(key)}]" for key in expression.keys)
    if isinstance(expression, AtLeast):
        return f"{spell(expression.value)} >= {spell(expression.least)}"
    if isinstance(expression, Worked):
        return f"max(0, {python_expr(expression.expr)})"
    return literal(expression)


@LINES.on(ir.ChooseOne)
def _choose_one(effect: ir.ChooseOne, _place: Place) -> list[str]:
    # One test an option, a line each with a trailing comma: the layout ruff keeps.
    lines = ["takeable = [", *(f"    {all_feasible(option)}," for option in effect.options), "]"]
    lines.append(f"option = choose_option(game, player, takeable, {effect.may_decline})")
    for number, option in enumerate(effect.options, start=1):
        lines.append(f"{'if' if number == 1 else 'elif'} option == {number}:")
        lines += ["    " + line for e in option for line in effect_lines(e)]
    return lines


@LINES.on(ir.Conditional)
def _conditional(effect: ir.Conditional, place: Place) -> list[str]:
    lines = [f"if condition(game, player, {condition_name(effect.condition)}(game, player), {bool(effect.otherwise)}):"]
    lines += ["    " + line for line in _branch_lines(effect.then, place)]
    if effect.otherwise:
        lines.append("else:")
        lines += ["    " + line for line in _branch_lines(effect.otherwise, place)]
    return lines


def _branch_lines(effects: tuple[ir.Effect, ...], place: Place) -> list[str]:
    """A branch's statements; its last effect stands where the conditional stands (`place`)."""
    lines = []
    for number, effect in enumerate(effects, start=1):
        here = place if number == len(effects) else Place()
        lines += effect_lines(effect, here.room_wins, here.room_unseen, here.last)
    return lines


def _quantity_value(quantity: ir.Quantity) -> str:
    """A quantity's value, read as points per quantity reads it (one helper for both)."""
    return _per(ir.PointsPerQuantity(quantity, 1))


def condition_name(condition: ir.Condition) -> str:
    """The generated function that reads a condition's test (see condition_function), named by its content."""
    return "condition_" + hashlib.sha1(repr(condition).encode("utf-8")).hexdigest()[:10]


def condition_function(condition: ir.Condition) -> list[str]:
    """A function that reads a condition's test (see runtime/conditions.py holds()) where it is called: each leaf a
    list read in place (c1, c2, ... in order), then the test of their names. A function of its own per
    condition: a test written out in place would not fit the line its callers put it on."""
    leaves: list[str] = []

    def build(part: ir.Condition) -> str:
        if isinstance(part, (ir.AllOf, ir.AnyOf)):
            kind = "all" if isinstance(part, ir.AllOf) else "any"
            return f'["{kind}", [{", ".join(build(p) for p in part.conditions)}]]'
        if isinstance(part, ir.ZoneIs):
            mask = sum(1 << space for space in part.spaces)
            leaves.append(f'["zone", {literal(part.zone)}, {literal(part.name)}, player.emperor, {mask}]')
        elif isinstance(part, ir.SpaceIs):
            leaves.append(f'["space", player.emperor, {_bounds(part.bounds)}]')
        elif isinstance(part, ir.MostOf):
            count = f"q_{identifier(part.quantity.key)}"
            test = f"most_test(game, player, {count}, {part.fewest}, {part.ties == 'none_tied'})"
            leaves.append(f'["most", {literal(part.quantity.key)}, *{test}]')
        elif isinstance(part, ir.ValueIs):
            key = ir.expression_key(part.value)
            leaves.append(f'["quantity", {literal(key)}, {python_expr(part.value)}, {_bounds(part.bounds)}]')
        elif isinstance(part, ir.QuantityIs):
            value = _quantity_value(part.quantity)
            leaves.append(f'["quantity", {literal(part.quantity.key)}, {value}, {_bounds(part.bounds)}]')
        else:
            raise CodegenError(f"the Python backend has no condition {type(part).__name__}")
        return f"c{len(leaves)}"

    test = build(condition)
    lines = [f"def {condition_name(condition)}(game: Game, player: Player) -> list[Any]:"]
    lines += [f"    c{n} = {leaf}" for n, leaf in enumerate(leaves, start=1)]
    return [*lines, f"    return {test}"]


def _bounds(bounds: ir.Bounds) -> str:
    return f"{literal(bounds.at_least)}, {literal(bounds.at_most)}"


# --- feasibility tests ---------------------------------------------------------------------


@FEASIBLE.on(ir.ChooseOne)
def _some_option(effect: ir.ChooseOne) -> str:
    if effect.may_decline:
        return "True"
    return " or ".join(f"({all_feasible(option)})" for option in effect.options)


def filtered(which: ir.ItemFilter) -> str:
    """A filter as the runtime takes it: the item ids it lets through (resolved by the front end)."""
    return literal(which.fits)


@FEASIBLE.on(ir.Conditional)
def _branch_taken(effect: ir.Conditional) -> str:
    then, otherwise = all_feasible(effect.then), all_feasible(effect.otherwise)
    if then == otherwise == "True":
        return "True"
    return f"(({then}) if holds({condition_name(effect.condition)}(game, player)) else ({otherwise}))"


# --- for_players: effects applied to other players ----------------------------------------------------


def targeted_name(effect: ir.ForPlayers) -> str:
    """The generated function that applies a for_players effect's effects to one player (targeted_function),
    named by their content."""
    return "targeted_" + hashlib.sha1(repr(effect.effects).encode("utf-8")).hexdigest()[:10]


def targeted_function(effect: ir.ForPlayers) -> list[str]:
    """A function of `game, player` that applies a for_players effect's effects to `player` (one of its
    players: runtime/quantities.py for_players() calls it for each)."""
    lines = [f"def {targeted_name(effect)}(game: Game, player: Player) -> None:"]
    return lines + ["    " + line for inner in effect.effects for line in effect_lines(inner)]


@LINES.on(ir.ForPlayers)
def _for_players(effect: ir.ForPlayers, _place: Place) -> list[str]:
    test = "None" if effect.condition is None else condition_name(effect.condition)
    return [f"for_players(game, player, {literal(effect.players)}, {test}, {targeted_name(effect)})"]


@FEASIBLE.on(ir.ForPlayers)
def _for_players_feasible(_effect: ir.ForPlayers) -> str:
    return "True"  # never part of an all-or-nothing option (the front end refuses it there)
