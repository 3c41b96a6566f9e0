"""Python code for each effect kind: one generator and one feasibility test per kind.

`game` and `player` are in scope wherever these lines go. A kind without a
case here raises CodegenError: never a silent placeholder.
"""

from __future__ import annotations

from compiler import ir
from compiler.backends.codebuilder import literal


class CodegenError(Exception):
    """An IR node the Python backend has no generator for (a bug, never a placeholder)."""


_STATE = {"vacant": '"v"', "occupied": '"o"'}


def _discount(discount: ir.Discount) -> str:
    return "None" if discount == "all" else literal(discount)


def _per(effect: ir.PointsPerQuantity) -> str:
    return f"{abs(effect.points)} * q_{effect.quantity}(game, player)"


def effect_lines(effect: ir.Effect, room_wins: bool = False, room_unseen: bool = False) -> list[str]:
    """Statements that apply one effect to `player`. `room_wins`: a free room here is never worth less
    than none (see rooms_never_hurt()). `room_unseen`: nothing after this effect in the turn reacts to
    where a room went (see bonus_boosters_only_gain())."""
    match effect:
        case ir.GainKrones(amount):
            return [f"gain_krones(game, player, {amount})"]
        case ir.LoseKrones(amount):
            return [f"lose_krones(game, player, {amount})"]
        case ir.GainPoints(amount):
            return [f"gain_points(game, player, {amount})"]
        case ir.LosePoints(amount):
            return [f"lose_points(game, player, {amount})"]
        case ir.GainItems(items):
            return [f"gain_items(game, player, {literal(items)})"]
        case ir.ChooseItems(count, serve):
            return [f"choose_items(game, player, {count}, {serve})"]
        case ir.ReturnItems(sources):
            return [f"return_items(game, player, {'kitchen' in sources}, {'cafe' in sources})"]
        case ir.DrawStaff(count, play, discount):
            return [f"draw_staff(game, player, {count}, {play}, {_discount(discount)})"]
        case ir.StaffToDeckBottom(count):
            return [f"staff_to_deck_bottom(game, player, {count})"]
        case ir.PrepareRoom(floors, free, occupy):
            alike = ", True" if room_unseen and free and not occupy else ""  # spaces alike but for printed points
            return [f"prepare_room(game, player, {literal(floors)}, {free}, {occupy}, {room_wins and free}{alike})"]
        case ir.OccupyVacantRooms(count):
            return [f"occupy_vacant_rooms(game, player, {count})"]
        case ir.RemoveRooms(state, count, pick):
            return [f"remove_rooms(game, player, {_STATE[state]}, {count}, {pick == 'highest_then_strictly_below'})"]
        case ir.PointsPerQuantity(quantity, points):
            why = literal(f" ({abs(points)} per {quantity.replace('_', ' ')})")
            verb = "gain_points" if points >= 0 else "lose_points"
            return [f"{verb}(game, player, {_per(effect)}, {why})"]
        case ir.PlayStaffFromHand(count, discount):
            return [f"play_staff_from_hand(game, player, {count}, {_discount(discount)})"]
        case ir.RemoveHiredStaff(count, staff_kind):
            return [f"remove_hired_staff(game, player, {count}, {literal(staff_kind)})"]
        case ir.AdvanceEmperor(steps):
            return [f"advance_emperor(game, player, {steps})"]
    raise CodegenError(f"no Python generator for effect {effect!r}")


def feasible(effect: ir.Effect) -> str:
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
            return "True"
        case ir.LoseKrones(amount):
            return f"player.krones >= {amount}"
        case ir.LosePoints(amount):
            return f"player.points >= {amount}"
        case ir.DrawStaff(count=count):
            return f"len(game.deck) >= {count}"
        case ir.StaffToDeckBottom(count) | ir.PlayStaffFromHand(count, _):
            return f"len(player.hand) >= {count}"
        case ir.PrepareRoom(floors, _free, _occupy):
            return f"bool(legal_spaces(game.rules, player, {literal(floors)}))"
        case ir.OccupyVacantRooms(count):
            return f"q_vacant_rooms(game, player) >= {count}"
        case ir.RemoveRooms(state, count, pick):
            strict = pick == "highest_then_strictly_below"
            return f"count_removable(player, {_STATE[state]}, {count}, {strict}) >= {count}"
        case ir.PointsPerQuantity(_quantity, points):
            return "True" if points >= 0 else f"player.points >= {_per(effect)}"
        case ir.RemoveHiredStaff(count, staff_kind):
            return f"len(hired_of_kind(game, player, {literal(staff_kind)})) >= {count}"
    raise CodegenError(f"no feasibility test for effect {effect!r}")
