"""JavaScript for each effect kind: one generator (`STATEMENT`) and one feasibility test (`FEASIBLE`) per kind.

A port of compiler/backends/python/effects.py: the same runtime calls, from the same shapes
(compiler/backends/call_shapes.py), spelt in JavaScript. `game` and `player`
are in scope wherever these statements go. A kind without a function in a table raises `MissingKind`
(compiler/dispatch.py), which fails the build: never a silent placeholder.
"""

from __future__ import annotations

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
    camel,
    feasibility,
    shape,
)
from .expressions import js_expr
from .literals import js_literal


class JsCodegenError(MissingKind):
    """An IR node the JavaScript backend cannot generate (a bug, never a placeholder)."""


STATEMENT: ByKind[Callable[[Any, bool], list[str]]] = ByKind(
    "the JavaScript backend (compiler/backends/js/effects.py: STATEMENT)"
)
FEASIBLE: ByKind[Callable[[Any], str]] = ByKind("the JavaScript backend (compiler/backends/js/effects.py: FEASIBLE)")


def effect_lines_js(effect: ir.Effect, room_wins: bool = False) -> list[str]:
    """The lines of JavaScript that apply one effect to `player` (more than one for a choice), indented
    by two spaces per level. `room_wins`: a free room here is never worth less than none (see
    rooms_never_hurt())."""
    return STATEMENT.of(effect)(effect, room_wins)


def effect_js(effect: ir.Effect, room_wins: bool = False) -> str:
    """The statement (or block, for a choice) that applies one effect to `player`."""
    return "\n".join(effect_lines_js(effect, room_wins))


def feasible_js(effect: ir.Effect) -> str:
    """An expression: can this effect be taken fully right now? (all-or-nothing options)"""
    return FEASIBLE.of(effect)(effect)


def all_feasible_js(effects: tuple[ir.Effect, ...]) -> str:
    """An expression: can every one of these effects be taken fully (each against the state before)?"""
    tests = [test for test in (feasible_js(e) for e in effects) if test != "true"]
    return " && ".join(tests) or "true"


def quantity_js(quantity: ir.Quantity) -> str:
    """The count of one quantity: its QUANTITIES entry (a filtered count's is made by the engine from
    filtered_js, by its key)."""
    return f"QUANTITIES[{js_literal(quantity.key)}](game, player)"


_JS_STATE = {"occupied": '=== "o"', "vacant": '=== "v"', "any": '!== "."'}


def filtered_js(q: ir.Quantity) -> str:
    """A filtered count as a JavaScript expression of `game` and `player`."""
    if q.count == "rooms":
        tests = [f"room {_JS_STATE[q.state]}"]
        tests += [f"{js_literal([n - 1 for n in q.floors])}.includes(f)"] if q.floors else []
        tests += [f"{js_literal([n - 1 for n in q.columns])}.includes(c)"] if q.columns else []
        tests += [f"{js_literal(list(q.colours))}.includes(game.rules.colours[f][c])"] if q.colours else []
        return f"player.hotel.reduce((n, row, f) => n + row.filter((room, c) => {' && '.join(tests)}).length, 0)"
    if q.count == "groups":
        colours = js_literal(list(q.colours))
        full = 'cells.every(([f, c]) => player.hotel[f][c] === "o")'
        return (
            f"game.rules.groupCells.filter((cells, g) => {colours}.includes(game.rules.groups[g][0]) && {full}).length"
        )
    if q.count == "items":
        fits = js_literal(list(q.items.fits))
        kitchen = (
            "sumValues(player.kitchen)"
            if q.items.is_any
            else f"{fits}.reduce((n, i) => n + (player.kitchen[i] || 0), 0)"
        )
        guest = "sumValues(guest)" if q.items.is_any else f"{fits}.reduce((m, i) => m + (guest[i] || 0), 0)"
        cafe = f"player.cafe.reduce((n, guest) => n + {guest}, 0)"
        return " + ".join(term for place, term in (("kitchen", kitchen), ("cafe", cafe)) if place in q.places)
    if q.count == "staff":
        kinds = js_literal(list(q.staff_kinds))
        test = f".filter((n) => {kinds}.includes(game.rules.staff[n][2]))" if q.staff_kinds else ""
        return " + ".join(f"player.{place}{test}.length" for place in q.places)
    if q.count == "resource":
        return f"player.resources[{js_literal(q.resource)}]"
    raise JsCodegenError(f"no JavaScript quantity {q.key!r}: a {q.count} count takes no filters")


# --- generators ------------------------------------------------------------------------


@STATEMENT.on(*(kind for kind in SHAPE.functions if kind not in UNSHAPED))
def _one_call(effect: ir.Effect, room_wins: bool) -> list[str]:
    """The runtime call of compiler/backends/call_shapes.py, spelt in JavaScript (without the arguments only the
    Python runtime takes)."""
    return [js_expression(shape(effect, Place(room_wins))) + ";"]


@FEASIBLE.on(*(kind for kind in TEST.functions if kind not in UNSHAPED))
def _one_test(effect: ir.Effect) -> str:
    """The feasibility test of compiler/backends/call_shapes.py, spelt in JavaScript."""
    return js_expression(feasibility(effect))


def js_expression(expression: Expr) -> str:
    """An expression of compiler/backends/call_shapes.py, spelt in JavaScript."""
    spell = js_expression
    if isinstance(expression, Code):
        return expression.text
    if isinstance(expression, Count):
        return quantity_js(expression.quantity)
    if isinstance(expression, Times):
        return f"{expression.times} * {spell(expression.value)}"
    if isinstance(expression, Call):
        return f"{camel(expression.name)}({', '.join([*expression.head, *map(spell, expression.args)])})"
    if isinstance(expression, Length):
        return f"{spell(expression.value)}.length"
    if isinstance(expression, NonEmpty):
        return f"{spell(expression.value)}.length > 0"
    if isinstance(expression, Minus):
        return f"{spell(expression.left)} - {spell(expression.right)}"
    if isinstance(expression, Item):
        return spell(expression.value) + "".join(f"[{js_literal(key)}]" for key in expression.keys)
    if isinstance(expression, AtLeast):
        return f"{spell(expression.value)} >= {spell(expression.least)}"
    if isinstance(expression, Worked):
        return f"Math.max(0, {js_expr(expression.expr)})"
    return js_literal(expression)


@STATEMENT.on(ir.ChooseOne)
def _choose_one(effect: ir.ChooseOne, _room_wins: bool) -> list[str]:
    # A block of its own: `option` is declared once per choice, however many choices a function holds.
    tests = ", ".join(all_feasible_js(option) for option in effect.options)
    lines = ["{", f"  const takeable = [{tests}];"]
    lines.append(f"  const option = chooseOption(game, player, takeable, {js_literal(effect.may_decline)});")
    for number, option in enumerate(effect.options, start=1):
        lines.append(f"  {'if' if number == 1 else '} else if'} (option === {number}) {{")
        lines += ["    " + line for e in option for line in effect_lines_js(e)]
    lines += ["  }", "}"]
    return lines


@STATEMENT.on(ir.Conditional)
def _conditional(effect: ir.Conditional, room_wins: bool) -> list[str]:
    # A block of its own: its leaves are declared once per condition, however many a function holds.
    leaves, test = condition_test_js(effect.condition)
    lines = ["{", *(f"  const c{n} = {leaf};" for n, leaf in enumerate(leaves, start=1))]
    lines.append(f"  if (condition(game, player, {test}, {js_literal(bool(effect.otherwise))})) {{")
    lines += ["    " + line for line in _branch_lines_js(effect.then, room_wins)]
    if effect.otherwise:
        lines.append("  } else {")
        lines += ["    " + line for line in _branch_lines_js(effect.otherwise, room_wins)]
    lines += ["  }", "}"]
    return lines


def _branch_lines_js(effects: tuple[ir.Effect, ...], room_wins: bool) -> list[str]:
    """A branch's statements; its last effect stands where the conditional stands."""
    lines = []
    for number, effect in enumerate(effects, start=1):
        lines += effect_lines_js(effect, room_wins and number == len(effects))
    return lines


def condition_test_js(condition: ir.Condition, inline: bool = False) -> tuple[list[str], str]:
    """A condition as the runtime's test (see runtime/core.js holds()), as the Python backend's
    condition_test: its leaves (c1, c2, ...) and the test of their names (`inline`: of the leaves)."""
    leaves: list[str] = []

    def build(part: ir.Condition) -> str:
        if isinstance(part, (ir.AllOf, ir.AnyOf)):
            kind = "all" if isinstance(part, ir.AllOf) else "any"
            return f'["{kind}", [{", ".join(build(p) for p in part.conditions)}]]'
        if isinstance(part, ir.ZoneIs):
            zone, name, spaces = js_literal(part.zone), js_literal(part.name), js_literal(list(part.spaces))
            leaves.append(f'["zone", {zone}, {name}, player.emperor, {spaces}]')
        elif isinstance(part, ir.SpaceIs):
            leaves.append(f'["space", player.emperor, {_bounds(part.bounds)}]')
        elif isinstance(part, ir.MostOf):
            key = js_literal(part.quantity.key)
            strict = js_literal(part.ties == "none_tied")
            test = f"mostTest(game, player, QUANTITIES[{key}], {js_literal(part.fewest)}, {strict})"
            leaves.append(f'["most", {key}, ...{test}]')
        elif isinstance(part, ir.ValueIs):  # told by the words of its key, as the Python backend's
            value = js_expr(part.value)
            leaves.append(f'["quantity", {js_literal(ir.expression_key(part.value))}, {value}, {_bounds(part.bounds)}]')
        elif isinstance(part, ir.QuantityIs):
            value = quantity_js(part.quantity)
            leaves.append(f'["quantity", {js_literal(part.quantity.key)}, {value}, {_bounds(part.bounds)}]')
        else:
            raise JsCodegenError(f"the JavaScript backend has no condition {type(part).__name__}")
        return leaves[-1] if inline else f"c{len(leaves)}"

    return leaves, build(condition)


def _bounds(bounds: ir.Bounds) -> str:
    return f"{js_literal(bounds.at_least)}, {js_literal(bounds.at_most)}"


# --- feasibility tests ---------------------------------------------------------------------


@FEASIBLE.on(ir.ChooseOne)
def _some_option(effect: ir.ChooseOne) -> str:
    if effect.may_decline:
        return "true"
    return " || ".join(f"({all_feasible_js(option)})" for option in effect.options)


@FEASIBLE.on(ir.Conditional)
def _branch_taken(effect: ir.Conditional) -> str:
    then, otherwise = all_feasible_js(effect.then), all_feasible_js(effect.otherwise)
    if then == otherwise == "true":
        return "true"
    return f"(holds({condition_test_js(effect.condition, inline=True)[1]}) ? ({then}) : ({otherwise}))"


# --- for_players: effects applied to other players ----------------------------------------------------


@STATEMENT.on(ir.ForPlayers)
def _for_players(effect: ir.ForPlayers, _room_wins: bool) -> list[str]:
    """The runtime's forPlayers (runtime/quantities.js) with the condition's test and the effects as functions of
    `game, player` (that player)."""
    test = "null"
    if effect.condition is not None:
        test = f"(game, player) => {condition_test_js(effect.condition, inline=True)[1]}"
    lines = [f"forPlayers(game, player, {js_literal(effect.players)}, {test}, (game, player) => {{"]
    lines += ["  " + line for inner in effect.effects for line in effect_lines_js(inner)]
    return [*lines, "});"]


@FEASIBLE.on(ir.ForPlayers)
def _for_players_feasible(_effect: ir.ForPlayers) -> str:
    return "true"  # never part of an all-or-nothing option (the front end refuses it there)
