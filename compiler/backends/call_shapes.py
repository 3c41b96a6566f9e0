"""The runtime call of each effect kind's statement, and its feasibility test, described once for the Python and
JavaScript backends.

Both backends apply an effect with one call of a runtime function of the same name (snake_case in Python,
camelCase in JavaScript) and the same arguments, and test whether it can be taken fully with the same expression,
each spelt in its language: `SHAPE` gives that call per kind (a `Call`), `TEST` that expression (an `Expr`), and
each backend only spells them (python/effects.py, js/effects.py). The kinds whose statement is more than one call
(choose_one, conditional: a choice or a test, then effects) have neither: each backend writes them, and
tests/test_js_backend.py compares the two where they call the runtime.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import ir
from ..dispatch import ByKind

# A value the call passes as it is: Python's literal, JavaScript's JSON (tuples as arrays, None as null).
Value = None | bool | int | str | tuple[Any, ...]


@dataclass(frozen=True)
class Code:
    """An expression spelt alike in both languages (`player.krones`)."""

    text: str


@dataclass(frozen=True)
class Count:
    """A quantity's count for the player (Python: its q_<key> function; JavaScript: its QUANTITIES entry)."""

    quantity: ir.Quantity


@dataclass(frozen=True)
class Times:
    """`times * value`."""

    times: int
    value: Expr


@dataclass(frozen=True)
class Call:
    """A call of the runtime function `name` (snake_case): `head` (names spelt alike), then `args`. `python_args`:
    arguments after those that only the Python runtime takes; `ends_turn`: the Python function may decide, and the
    last effect of a tile passes it its function's `ends_turn` (by keyword)."""

    name: str
    args: tuple[Expr, ...]
    head: tuple[str, ...] = ("game", "player")
    python_args: tuple[Expr, ...] = ()
    ends_turn: bool = False


@dataclass(frozen=True)
class Length:
    """The number of elements of a list (Python's len(), JavaScript's .length)."""

    value: Expr


@dataclass(frozen=True)
class NonEmpty:
    """Whether a list has an element."""

    value: Expr


@dataclass(frozen=True)
class Minus:
    """`left - right`."""

    left: Expr
    right: Expr


@dataclass(frozen=True)
class Item:
    """`value[key][key]...`: an element of a table read by keys."""

    value: Expr
    keys: tuple[Value, ...]


@dataclass(frozen=True)
class AtLeast:
    """`value >= least`."""

    value: Expr
    least: Expr


@dataclass(frozen=True)
class Worked:
    """An expression of the rules data (ir.Expr) worked out for the player, 0 where it is below 0 (each backend
    spells the expression itself: python/expressions.py, js/expressions.py)."""

    expr: ir.Expr


Expr = Value | Code | Count | Times | Call | Length | NonEmpty | Minus | Item | AtLeast | Worked


@dataclass(frozen=True)
class Place:
    """Where an effect's statement goes. `room_wins`: a free room here is never worth less than none (see
    rooms_never_hurt()). `room_unseen`: nothing after this effect in the turn reacts to where a room went
    (see bonus_boosters_only_gain()). `last`: the last effect of a tile's bonus or penalty, whose function's
    `ends_turn` says whether anything follows it in the turn."""

    room_wins: bool = False
    room_unseen: bool = False
    last: bool = False


SHAPE: ByKind[Callable[[Any, Place], Call]] = ByKind("the call shapes (compiler/backends/call_shapes.py: SHAPE)")
TEST: ByKind[Callable[[Any], Expr]] = ByKind("the call shapes (compiler/backends/call_shapes.py: TEST)")
# The kinds no single call applies: each backend writes their statements itself.
UNSHAPED: tuple[type, ...] = (ir.ChooseOne, ir.Conditional, ir.ForPlayers)


def shape(effect: ir.Effect, place: Place) -> Call:
    """The runtime call that applies one effect to the player."""
    return SHAPE.of(effect)(effect, place)


def feasibility(effect: ir.Effect) -> Expr:
    """An expression: can this effect be taken fully right now? (all-or-nothing options; True: always)"""
    return TEST.of(effect)(effect)


def _amount(amount: ir.Amount, everything: str) -> Expr:
    return Code(everything) if amount == "all" else amount


def _discount(discount: ir.Discount) -> Value:
    return None if discount == "all" else discount


def _which(which: ir.ItemFilter) -> Value:
    """A filter as the runtime takes it: the item ids it lets through (resolved by the front end); None: any."""
    return None if which.is_any else which.fits


_STATE = {"vacant": "v", "occupied": "o"}


def pick_arguments(pick: ir.RoomPick) -> tuple[bool, ...]:
    """The arguments after `count` of remove_rooms and count_removable for a pick."""
    if pick == "highest_then_below_in_column":
        return (False, True)
    return (pick == "highest_then_strictly_below",)


@SHAPE.on(ir.GainKrones)
def _gain_krones(effect: ir.GainKrones, _place: Place) -> Call:
    return Call("gain_krones", (effect.amount,))


@SHAPE.on(ir.LoseKrones)
def _lose_krones(effect: ir.LoseKrones, _place: Place) -> Call:
    return Call("lose_krones", (_amount(effect.amount, "player.krones"),))


@SHAPE.on(ir.GainPoints)
def _gain_points(effect: ir.GainPoints, _place: Place) -> Call:
    return Call("gain_points", (effect.amount,))


@SHAPE.on(ir.LosePoints)
def _lose_points(effect: ir.LosePoints, _place: Place) -> Call:
    return Call("lose_points", (_amount(effect.amount, "player.points"),))


@SHAPE.on(ir.GainItems)
def _gain_items(effect: ir.GainItems, _place: Place) -> Call:
    return Call("gain_items", (effect.items,))


@SHAPE.on(ir.ChooseItems)
def _choose_items(effect: ir.ChooseItems, _place: Place) -> Call:
    which = () if effect.which.is_any else (_which(effect.which),)
    return Call("choose_items", (effect.count, effect.may_serve_guests, *which))


@SHAPE.on(ir.ReturnItems)
def _return_items(effect: ir.ReturnItems, _place: Place) -> Call:
    places = ("kitchen" in effect.sources, "cafe" in effect.sources)
    if effect.count == "all" and effect.which.is_any:
        return Call("return_items", places)
    count = None if effect.count == "all" else effect.count
    return Call("return_items", (*places, count, _which(effect.which)))


@SHAPE.on(ir.DrawStaff)
def _draw_staff(effect: ir.DrawStaff, _place: Place) -> Call:
    to_hand = (True,) if effect.rest == "hand" else ()
    return Call("draw_staff", (effect.count, effect.play, _discount(effect.discount), *to_hand), ends_turn=True)


@SHAPE.on(ir.StaffToDeckBottom)
def _staff_to_deck_bottom(effect: ir.StaffToDeckBottom, _place: Place) -> Call:
    top = (True,) if effect.to == "top" else ()
    return Call("staff_to_deck_bottom", (effect.count, *top), ends_turn=True)


@SHAPE.on(ir.PrepareRoom)
def _prepare_room(effect: ir.PrepareRoom, place: Place) -> Call:
    free, occupy = effect.free, effect.occupy
    alike = (True,) if place.room_unseen and free and not occupy else ()  # spaces alike but for printed points
    args = (effect.floors, free, occupy, place.room_wins and free)
    return Call("prepare_room", args, python_args=alike, ends_turn=True)


@SHAPE.on(ir.OccupyVacantRooms)
def _occupy_vacant_rooms(effect: ir.OccupyVacantRooms, _place: Place) -> Call:
    return Call("occupy_vacant_rooms", (effect.count,))


@SHAPE.on(ir.RemoveRooms)
def _remove_rooms(effect: ir.RemoveRooms, _place: Place) -> Call:
    return Call("remove_rooms", (_STATE[effect.state], effect.count, *pick_arguments(effect.pick)), ends_turn=True)


@SHAPE.on(ir.PointsPerQuantity)
def _points_per_quantity(effect: ir.PointsPerQuantity, _place: Place) -> Call:
    points = abs(effect.points)
    why = Call("per_quantity", (points, effect.quantity.key), head=("game",))
    verb = "gain_points" if effect.points >= 0 else "lose_points"
    return Call(verb, (Times(points, Count(effect.quantity)), why))


@SHAPE.on(ir.PlayStaffFromHand)
def _play_staff_from_hand(effect: ir.PlayStaffFromHand, _place: Place) -> Call:
    kind = () if effect.staff_kind == "any" else (effect.staff_kind,)
    return Call("play_staff_from_hand", (effect.count, _discount(effect.discount), *kind), ends_turn=True)


@SHAPE.on(ir.RemoveHiredStaff)
def _remove_hired_staff(effect: ir.RemoveHiredStaff, _place: Place) -> Call:
    return Call("remove_hired_staff", (effect.count, effect.staff_kind))


@SHAPE.on(ir.AdvanceEmperor)
def _advance_emperor(effect: ir.AdvanceEmperor, _place: Place) -> Call:
    return Call("advance_emperor", (effect.steps,))


@SHAPE.on(ir.GainResource)
def _gain_resource(effect: ir.GainResource, _place: Place) -> Call:
    return Call("gain_resource", (effect.resource, effect.amount))


@SHAPE.on(ir.LoseResource)
def _lose_resource(effect: ir.LoseResource, _place: Place) -> Call:
    return Call("lose_resource", (effect.resource, None if effect.amount == "all" else effect.amount))


# A change acts as the kind of its side and thing (gain_krones, lose_points, ...), of the amount worked out.
_CHANGE_CALLS = {
    ("krones", True): "gain_krones",
    ("krones", False): "lose_krones",
    ("points", True): "gain_points",
    ("points", False): "lose_points",
    ("resource", True): "gain_resource",
    ("resource", False): "lose_resource",
}


@SHAPE.on(ir.Change)
def _change(effect: ir.Change, _place: Place) -> Call:
    resource: tuple[Expr, ...] = (effect.resource,) if effect.what == "resource" else ()
    return Call(_CHANGE_CALLS[effect.what, effect.gain], (*resource, Worked(effect.amount)))


@SHAPE.on(*UNSHAPED)
def _unshaped(effect: ir.Effect, _place: Place) -> Call:  # pragma: no cover - the backends write these
    raise TypeError(f"{type(effect).__name__}: more than one call, written by each backend")


# --- feasibility tests ---------------------------------------------------------------------


@TEST.on(ir.GainKrones, ir.GainPoints, ir.GainItems, ir.ChooseItems, ir.AdvanceEmperor)
def _always(_effect: ir.Effect) -> Expr:
    return True


@TEST.on(ir.LoseKrones)
def _krones(effect: ir.LoseKrones) -> Expr:
    return True if effect.amount == "all" else AtLeast(Code("player.krones"), effect.amount)


@TEST.on(ir.LosePoints)
def _points(effect: ir.LosePoints) -> Expr:
    return True if effect.amount == "all" else AtLeast(Code("player.points"), effect.amount)


@TEST.on(ir.ReturnItems)
def _items(effect: ir.ReturnItems) -> Expr:
    if effect.count == "all":
        return True
    places = ("kitchen" in effect.sources, "cafe" in effect.sources)
    return AtLeast(Call("count_returnable", (*places, _which(effect.which)), head=("player",)), effect.count)


@TEST.on(ir.DrawStaff)
def _deck(effect: ir.DrawStaff) -> Expr:
    return AtLeast(Length(Code("game.deck")), effect.count)


@TEST.on(ir.StaffToDeckBottom)
def _hand(effect: ir.StaffToDeckBottom) -> Expr:
    return AtLeast(Length(Code("player.hand")), effect.count)


@TEST.on(ir.PlayStaffFromHand)
def _playable(effect: ir.PlayStaffFromHand) -> Expr:
    if effect.staff_kind == "any":
        return AtLeast(Length(Code("player.hand")), effect.count)
    return AtLeast(Length(Call("hand_of_kind", (effect.staff_kind,))), effect.count)


@TEST.on(ir.PrepareRoom)
def _space(effect: ir.PrepareRoom) -> Expr:
    return NonEmpty(Call("legal_spaces", (effect.floors,), head=("game.rules", "player")))


@TEST.on(ir.OccupyVacantRooms)
def _vacant(effect: ir.OccupyVacantRooms) -> Expr:
    return AtLeast(Count(ir.shorthand("vacant_rooms")), effect.count)


@TEST.on(ir.RemoveRooms)
def _removable(effect: ir.RemoveRooms) -> Expr:
    arguments: tuple[Expr, ...] = (_STATE[effect.state], effect.count, *pick_arguments(effect.pick))
    return AtLeast(Call("count_removable", arguments, head=("player",)), effect.count)


@TEST.on(ir.PointsPerQuantity)
def _per_quantity(effect: ir.PointsPerQuantity) -> Expr:
    if effect.points >= 0:
        return True
    return AtLeast(Code("player.points"), Times(abs(effect.points), Count(effect.quantity)))


@TEST.on(ir.RemoveHiredStaff)
def _hired(effect: ir.RemoveHiredStaff) -> Expr:
    return AtLeast(Length(Call("hired_of_kind", (effect.staff_kind,))), effect.count)


@TEST.on(ir.GainResource)
def _resource_room(_effect: ir.GainResource) -> Expr:
    return True  # a gain is never refused: past the upper limit it is lost


@TEST.on(ir.LoseResource)
def _resource_held(effect: ir.LoseResource) -> Expr:
    if effect.amount == "all":
        return True
    held = Call("resource_amount", (effect.resource,), head=("player",))
    return AtLeast(Minus(held, Item(Code("game.rules.resources"), (effect.resource, 0))), effect.amount)


@TEST.on(ir.Change)
def _change_held(effect: ir.Change) -> Expr:
    if effect.gain:
        return True
    if effect.what == "resource":
        held = Call("resource_amount", (effect.resource,), head=("player",))
        return AtLeast(Minus(held, Item(Code("game.rules.resources"), (effect.resource, 0))), Worked(effect.amount))
    return AtLeast(Code(f"player.{effect.what}"), Worked(effect.amount))


@TEST.on(*UNSHAPED)
def _untested(effect: ir.Effect) -> Expr:  # pragma: no cover - the backends write these
    raise TypeError(f"{type(effect).__name__}: tests of its options or branches, written by each backend")


def camel(name: str) -> str:
    """A runtime function's JavaScript name (gain_krones: gainKrones)."""
    first, *rest = name.split("_")
    return first + "".join(part.capitalize() for part in rest)
