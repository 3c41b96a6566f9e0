"""JavaScript for each effect kind: one generator and one feasibility test per kind.

`game` and `player` are in scope wherever these statements go. A kind without a
case here raises JsCodegenError, which fails the build: never a silent placeholder.
"""

from __future__ import annotations

import json

from compiler import ir


class JsCodegenError(Exception):
    """An IR node the JavaScript backend has no generator for (a bug, never a placeholder)."""


_STATE = {"vacant": '"v"', "occupied": '"o"'}

# Inside a <script> element, these would end the element or start a comment; JSON allows escaping them.
_SCRIPT_UNSAFE = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def js_literal(value: object) -> str:
    """A JSON value that is also a JavaScript expression and safe inside an HTML <script> element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for char, escaped in _SCRIPT_UNSAFE.items():
        text = text.replace(char, escaped)
    return text


def _discount(discount: ir.Discount) -> str:
    return "null" if discount == "all" else js_literal(discount)


def quantity_js(quantity: str) -> str:
    """A call of one quantity of the shared vocabulary; an unknown one fails the build."""
    if quantity not in ir.QUANTITIES:
        raise JsCodegenError(f"no JavaScript quantity {quantity!r}")
    return f"QUANTITIES[{js_literal(quantity)}](game, player)"


def _per(effect: ir.PointsPerQuantity) -> str:
    return f"{abs(effect.points)} * {quantity_js(effect.quantity)}"


def _floors(floors: tuple[int, ...] | None) -> str:
    return "null" if floors is None else js_literal(list(floors))


def effect_js(effect: ir.Effect, room_wins: bool = False) -> str:
    """A statement that applies one effect to `player`. `room_wins`: a free room here is never worth
    less than none (see rooms_never_hurt())."""
    match effect:
        case ir.GainKrones(amount):
            return f"gainKrones(game, player, {amount});"
        case ir.LoseKrones(amount):
            return f"loseKrones(game, player, {amount});"
        case ir.GainPoints(amount):
            return f"gainPoints(game, player, {amount});"
        case ir.LosePoints(amount):
            return f"losePoints(game, player, {amount});"
        case ir.GainItems(items):
            return f"gainItems(game, player, {js_literal([list(pair) for pair in items])});"
        case ir.ChooseItems(count, serve):
            return f"chooseItems(game, player, {count}, {js_literal(serve)});"
        case ir.ReturnItems(sources):
            kitchen, cafe = ("kitchen" in sources, "cafe" in sources)
            return f"returnItems(game, player, {js_literal(kitchen)}, {js_literal(cafe)});"
        case ir.DrawStaff(count, play, discount):
            return f"drawStaff(game, player, {count}, {play}, {_discount(discount)});"
        case ir.StaffToDeckBottom(count):
            return f"staffToDeckBottom(game, player, {count});"
        case ir.PrepareRoom(floors, free, occupy):
            wins = js_literal(room_wins and free)
            return f"prepareRoom(game, player, {_floors(floors)}, {js_literal(free)}, {js_literal(occupy)}, {wins});"
        case ir.OccupyVacantRooms(count):
            return f"occupyVacantRooms(game, player, {count});"
        case ir.RemoveRooms(state, count, pick):
            strict = js_literal(pick == "highest_then_strictly_below")
            return f"removeRooms(game, player, {_STATE[state]}, {count}, {strict});"
        case ir.PointsPerQuantity(quantity, points):
            why = js_literal(f" ({abs(points)} per {quantity.replace('_', ' ')})")
            verb = "gainPoints" if points >= 0 else "losePoints"
            return f"{verb}(game, player, {_per(effect)}, {why});"
        case ir.PlayStaffFromHand(count, discount):
            return f"playStaffFromHand(game, player, {count}, {_discount(discount)});"
        case ir.RemoveHiredStaff(count, staff_kind):
            return f"removeHiredStaff(game, player, {count}, {js_literal(staff_kind)});"
        case ir.AdvanceEmperor(steps):
            return f"advanceEmperor(game, player, {steps});"
    raise JsCodegenError(f"no JavaScript generator for effect {effect!r}")


def feasible_js(effect: ir.Effect) -> str:
    """An expression: can this effect be taken fully right now? (prefer/otherwise penalties)"""
    match effect:
        case (
            ir.GainKrones()
            | ir.GainPoints()
            | ir.GainItems()
            | ir.ChooseItems()
            | ir.ReturnItems()
            | ir.AdvanceEmperor()
        ):
            return "true"
        case ir.LoseKrones(amount):
            return f"player.krones >= {amount}"
        case ir.LosePoints(amount):
            return f"player.points >= {amount}"
        case ir.DrawStaff(count=count):
            return f"game.deck.length >= {count}"
        case ir.StaffToDeckBottom(count) | ir.PlayStaffFromHand(count, _):
            return f"player.hand.length >= {count}"
        case ir.PrepareRoom(floors, _free, _occupy):
            return f"legalSpaces(game.rules, player, {_floors(floors)}).length > 0"
        case ir.OccupyVacantRooms(count):
            return f"{quantity_js('vacant_rooms')} >= {count}"
        case ir.RemoveRooms(state, count, pick):
            strict = js_literal(pick == "highest_then_strictly_below")
            return f"countRemovable(player, {_STATE[state]}, {count}, {strict}) >= {count}"
        case ir.PointsPerQuantity(_quantity, points):
            return "true" if points >= 0 else f"player.points >= {_per(effect)}"
        case ir.RemoveHiredStaff(count, staff_kind):
            return f"hiredOfKind(game, player, {js_literal(staff_kind)}).length >= {count}"
    raise JsCodegenError(f"no JavaScript feasibility test for effect {effect!r}")
