"""Python code for each effect kind: one generator (`LINES`) and one feasibility test (`FEASIBLE`) per kind.

`game` and `player` are in scope wherever these lines go. A kind without a function in a table raises
`MissingKind` (compiler/dispatch.py): never a silent placeholder.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ... import ir
from ...dispatch import ByKind, MissingKind
from ..codebuilder import identifier, literal
from .quantities import exploded_call, quantity_call


class CodegenError(MissingKind):
    """An IR node the Python backend cannot generate (a bug, never a placeholder)."""


_STATE = {"vacant": '"v"', "occupied": '"o"'}


@dataclass(frozen=True)
class Place:
    """Where an effect's lines go. `room_wins`: a free room here is never worth less than none (see
    rooms_never_hurt()). `room_unseen`: nothing after this effect in the turn reacts to where a room went
    (see bonus_boosters_only_gain()). `last`: the last effect of a tile's bonus or penalty, whose function's
    `ends_turn` says whether anything follows it in the turn."""

    room_wins: bool = False
    room_unseen: bool = False
    last: bool = False


LINES: ByKind[Callable[[Any, Place], list[str]]] = ByKind(
    "the Python backend (compiler/backends/python/effects.py: LINES)"
)
FEASIBLE: ByKind[Callable[[Any], str]] = ByKind("the Python backend (compiler/backends/python/effects.py: FEASIBLE)")


def effect_lines(
    effect: ir.Effect, room_wins: bool = False, room_unseen: bool = False, last: bool = False
) -> list[str]:
    """Statements that apply one effect to `player`."""
    return LINES.of(effect)(effect, Place(room_wins, room_unseen, last))


def _ends(place: Place) -> str:
    """The argument that passes a tile function's `ends_turn` on to the last effect (which may decide)."""
    return ", ends_turn=ends_turn" if place.last else ""


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


def _discount(discount: ir.Discount) -> str:
    return "None" if discount == "all" else literal(discount)


def _per(effect: ir.PointsPerQuantity) -> str:
    return f"{abs(effect.points)} * {quantity_call(effect.quantity)}"


def _amount(amount: ir.Amount, everything: str) -> str:
    return everything if amount == "all" else str(amount)


# --- generators ------------------------------------------------------------------------


@LINES.on(ir.GainKrones)
def _gain_krones(effect: ir.GainKrones, _place: Place) -> list[str]:
    return [f"gain_krones(game, player, {effect.amount})"]


@LINES.on(ir.LoseKrones)
def _lose_krones(effect: ir.LoseKrones, _place: Place) -> list[str]:
    return [f"lose_krones(game, player, {_amount(effect.amount, 'player.krones')})"]


@LINES.on(ir.GainPoints)
def _gain_points(effect: ir.GainPoints, _place: Place) -> list[str]:
    return [f"gain_points(game, player, {effect.amount})"]


@LINES.on(ir.LosePoints)
def _lose_points(effect: ir.LosePoints, _place: Place) -> list[str]:
    return [f"lose_points(game, player, {_amount(effect.amount, 'player.points')})"]


@LINES.on(ir.GainItems)
def _gain_items(effect: ir.GainItems, _place: Place) -> list[str]:
    return [f"gain_items(game, player, {literal(effect.items)})"]


@LINES.on(ir.ChooseItems)
def _choose_items(effect: ir.ChooseItems, _place: Place) -> list[str]:
    which = "" if effect.which.is_any else f", {filtered(effect.which)}"
    return [f"choose_items(game, player, {effect.count}, {effect.may_serve_guests}{which})"]


@LINES.on(ir.ReturnItems)
def _return_items(effect: ir.ReturnItems, _place: Place) -> list[str]:
    places = f"{'kitchen' in effect.sources}, {'cafe' in effect.sources}"
    if effect.count == "all" and effect.which.is_any:
        return [f"return_items(game, player, {places})"]
    count = "None" if effect.count == "all" else str(effect.count)
    which = "None" if effect.which.is_any else filtered(effect.which)
    return [f"return_items(game, player, {places}, {count}, {which})"]


@LINES.on(ir.DrawStaff)
def _draw_staff(effect: ir.DrawStaff, place: Place) -> list[str]:
    to_hand = ", True" if effect.rest == "hand" else ""
    discount = _discount(effect.discount)
    return [f"draw_staff(game, player, {effect.count}, {effect.play}, {discount}{to_hand}{_ends(place)})"]


@LINES.on(ir.StaffToDeckBottom)
def _staff_to_deck_bottom(effect: ir.StaffToDeckBottom, place: Place) -> list[str]:
    top = ", True" if effect.to == "top" else ""
    return [f"staff_to_deck_bottom(game, player, {effect.count}{top}{_ends(place)})"]


@LINES.on(ir.PrepareRoom)
def _prepare_room(effect: ir.PrepareRoom, place: Place) -> list[str]:
    free, occupy = effect.free, effect.occupy
    alike = ", True" if place.room_unseen and free and not occupy else ""  # spaces alike but for printed points
    floors = literal(effect.floors)
    return [f"prepare_room(game, player, {floors}, {free}, {occupy}, {place.room_wins and free}{alike}{_ends(place)})"]


@LINES.on(ir.OccupyVacantRooms)
def _occupy_vacant_rooms(effect: ir.OccupyVacantRooms, _place: Place) -> list[str]:
    return [f"occupy_vacant_rooms(game, player, {effect.count})"]


def _pick(pick: ir.RoomPick) -> str:
    """The arguments after `count` of remove_rooms and count_removable for a pick."""
    if pick == "highest_then_below_in_column":
        return "False, True"
    return str(pick == "highest_then_strictly_below")


@LINES.on(ir.RemoveRooms)
def _remove_rooms(effect: ir.RemoveRooms, place: Place) -> list[str]:
    return [f"remove_rooms(game, player, {_STATE[effect.state]}, {effect.count}, {_pick(effect.pick)}{_ends(place)})"]


@LINES.on(ir.PointsPerQuantity)
def _points_per_quantity(effect: ir.PointsPerQuantity, _place: Place) -> list[str]:
    why = f"per_quantity(game, {abs(effect.points)}, {literal(effect.quantity.key)})"
    verb = "gain_points" if effect.points >= 0 else "lose_points"
    if not effect.quantity.name:  # a filtered count's key may be long: the call as a formatter folds it
        return exploded_call(verb, ["game", "player", _per(effect), why])
    return [f"{verb}(game, player, {_per(effect)}, {why})"]


@LINES.on(ir.PlayStaffFromHand)
def _play_staff_from_hand(effect: ir.PlayStaffFromHand, place: Place) -> list[str]:
    kind = "" if effect.staff_kind == "any" else f", {literal(effect.staff_kind)}"
    return [f"play_staff_from_hand(game, player, {effect.count}, {_discount(effect.discount)}{kind}{_ends(place)})"]


@LINES.on(ir.RemoveHiredStaff)
def _remove_hired_staff(effect: ir.RemoveHiredStaff, _place: Place) -> list[str]:
    return [f"remove_hired_staff(game, player, {effect.count}, {literal(effect.staff_kind)})"]


@LINES.on(ir.AdvanceEmperor)
def _advance_emperor(effect: ir.AdvanceEmperor, _place: Place) -> list[str]:
    return [f"advance_emperor(game, player, {effect.steps})"]


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
        else:
            value = _quantity_value(part.quantity)
            leaves.append(f'["quantity", {literal(part.quantity.key)}, {value}, {_bounds(part.bounds)}]')
        return f"c{len(leaves)}"

    test = build(condition)
    lines = [f"def {condition_name(condition)}(game: Game, player: Player) -> list[Any]:"]
    lines += [f"    c{n} = {leaf}" for n, leaf in enumerate(leaves, start=1)]
    return [*lines, f"    return {test}"]


def _bounds(bounds: ir.Bounds) -> str:
    return f"{literal(bounds.at_least)}, {literal(bounds.at_most)}"


# --- feasibility tests ---------------------------------------------------------------------


@FEASIBLE.on(ir.GainKrones, ir.GainPoints, ir.GainItems, ir.ChooseItems, ir.AdvanceEmperor)
def _always(_effect: ir.Effect) -> str:
    return "True"


@FEASIBLE.on(ir.LoseKrones)
def _krones(effect: ir.LoseKrones) -> str:
    return "True" if effect.amount == "all" else f"player.krones >= {effect.amount}"


@FEASIBLE.on(ir.LosePoints)
def _points(effect: ir.LosePoints) -> str:
    return "True" if effect.amount == "all" else f"player.points >= {effect.amount}"


@FEASIBLE.on(ir.ReturnItems)
def _items(effect: ir.ReturnItems) -> str:
    if effect.count == "all":
        return "True"
    places = f"{'kitchen' in effect.sources}, {'cafe' in effect.sources}"
    which = "None" if effect.which.is_any else filtered(effect.which)
    return f"count_returnable(player, {places}, {which}) >= {effect.count}"


@FEASIBLE.on(ir.DrawStaff)
def _deck(effect: ir.DrawStaff) -> str:
    return f"len(game.deck) >= {effect.count}"


@FEASIBLE.on(ir.StaffToDeckBottom)
def _hand(effect: ir.StaffToDeckBottom) -> str:
    return f"len(player.hand) >= {effect.count}"


@FEASIBLE.on(ir.PlayStaffFromHand)
def _playable(effect: ir.PlayStaffFromHand) -> str:
    if effect.staff_kind == "any":
        return f"len(player.hand) >= {effect.count}"
    return f"len(hand_of_kind(game, player, {literal(effect.staff_kind)})) >= {effect.count}"


@FEASIBLE.on(ir.PrepareRoom)
def _space(effect: ir.PrepareRoom) -> str:
    return f"bool(legal_spaces(game.rules, player, {literal(effect.floors)}))"


@FEASIBLE.on(ir.OccupyVacantRooms)
def _vacant(effect: ir.OccupyVacantRooms) -> str:
    return f"q_vacant_rooms(game, player) >= {effect.count}"


@FEASIBLE.on(ir.RemoveRooms)
def _removable(effect: ir.RemoveRooms) -> str:
    count = effect.count
    return f"count_removable(player, {_STATE[effect.state]}, {count}, {_pick(effect.pick)}) >= {count}"


@FEASIBLE.on(ir.PointsPerQuantity)
def _per_quantity(effect: ir.PointsPerQuantity) -> str:
    return "True" if effect.points >= 0 else f"player.points >= {_per(effect)}"


@FEASIBLE.on(ir.RemoveHiredStaff)
def _hired(effect: ir.RemoveHiredStaff) -> str:
    return f"len(hired_of_kind(game, player, {literal(effect.staff_kind)})) >= {effect.count}"


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


# --- declared resources --------------------------------------------------------------------


@LINES.on(ir.GainResource)
def _gain_resource(effect: ir.GainResource, _place: Place) -> list[str]:
    return [f"gain_resource(game, player, {literal(effect.resource)}, {effect.amount})"]


@LINES.on(ir.LoseResource)
def _lose_resource(effect: ir.LoseResource, _place: Place) -> list[str]:
    amount = "None" if effect.amount == "all" else str(effect.amount)
    return [f"lose_resource(game, player, {literal(effect.resource)}, {amount})"]


@FEASIBLE.on(ir.GainResource)
def _resource_room(_effect: ir.GainResource) -> str:
    return "True"  # a gain is never refused: past the upper limit it is lost


@FEASIBLE.on(ir.LoseResource)
def _resource_held(effect: ir.LoseResource) -> str:
    if effect.amount == "all":
        return "True"
    low = f"game.rules.resources[{literal(effect.resource)}][0]"
    return f"resource_amount(player, {literal(effect.resource)}) - {low} >= {effect.amount}"
