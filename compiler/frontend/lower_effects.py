"""Effects data to IR: one builder per effect kind (a `ByKind` table), with the checks a schema cannot make.

Each builder gets the effect's data (schema-valid), its path in the document and the `Context` that
knows positions and collects problems. `CONSUMES` says what each kind takes from the player and `GIVES`
what it may give, so that an all-or-nothing option (a penalty's `prefer`, an option of `choose_one`) never
asks twice for one thing nor pays with what one of its own parts gives: every engine checks each part
against what the player has before the option.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Protocol, cast

from .. import ir
from ..dispatch import ByKind
from ..errors import Position
from ..said import Value, said
from .expressions import check_range, is_expression, lower_expression
from .quantities import declared_resource, lower_quantity, own_quantity
from .raw import RawMapping
from .validate import format_path

Path = Sequence[str | int]


class Context(Protocol):
    """What a builder needs from the ruleset being built."""

    doc: RawMapping

    def at(self, *path: str | int) -> Position: ...

    def key_at(self, *path: str | int) -> Position: ...

    def problem(self, position: Position, key: str, count: int | None = None, /, **values: Value) -> None: ...


Build = Callable[[RawMapping, Path, Context], ir.Effect]
LOWER: ByKind[Build] = ByKind("the front end (compiler/frontend/lower_effects.py: LOWER)")
# What an effect takes from the player when it is taken fully ("" for nothing: it cannot fail).
CONSUMES: ByKind[Callable[[Any], str]] = ByKind("the front end (compiler/frontend/lower_effects.py: CONSUMES)")
# What an effect may give the player (CONSUMES' words), group rewards and points beyond the cap included.
GIVES: ByKind[Callable[[Any], tuple[str, ...]]] = ByKind("the front end (compiler/frontend/lower_effects.py: GIVES)")


def build_effect(data: RawMapping, path: Path, context: Context) -> ir.Effect:
    """The IR of one effect."""
    return LOWER.of(ir.EFFECT_KINDS[data["kind"]])(data, path, context)


def build_effects(items: list[RawMapping], path: Path, context: Context) -> tuple[ir.Effect, ...]:
    return tuple(build_effect(item, [*path, index], context) for index, item in enumerate(items))


def check_all_or_nothing(effects: tuple[ir.Effect, ...], path: Path, context: Context) -> None:
    """Parts of one all-or-nothing option must not take the same thing twice, nor take what an earlier part
    gives: each part is checked alone, against what the player has before the option. A conditional must be the
    option's first part (nothing before it may change what its condition reads), and each of its branches is
    such an option too."""
    seen: dict[str, int] = {}
    given: dict[str, int] = {}
    for index, effect in enumerate(effects):
        if isinstance(effect, ir.Conditional):
            _check_conditional_part(effect, index, [*path, index], context)
        if isinstance(effect, ir.ForPlayers):
            context.problem(context.at(*path, index, "kind"), "for_players_in_option", path=format_path([*path, index]))
        for resource in _takes(effect):
            if resource in seen:
                context.problem(
                    context.at(*path, index),
                    "both_take",
                    path=format_path([*path, index]),
                    part=seen[resource] + 1,
                    resource=resource,
                )
            elif resource in given:
                context.problem(
                    context.at(*path, index),
                    "takes_given",
                    path=format_path([*path, index]),
                    part=given[resource] + 1,
                    resource=resource,
                )
            seen.setdefault(resource, index)
        for gift in GIVES.of(effect)(effect):
            given.setdefault(gift, index)


def _takes(effect: ir.Effect) -> list[str]:
    """What an effect takes from the player, each thing once (a conditional: what either branch takes)."""
    if isinstance(effect, ir.Conditional):
        found = [resource for e in (*effect.then, *effect.otherwise) for resource in _takes(e)]
    else:
        found = [CONSUMES.of(effect)(effect)]
    return list(dict.fromkeys(resource for resource in found if resource))


def _check_conditional_part(effect: ir.Conditional, index: int, path: Path, context: Context) -> None:
    if index > 0:
        context.problem(
            context.at(*path, "kind"),
            "if_first",
            path=format_path(path),
        )
    check_all_or_nothing(effect.then, [*path, "then"], context)
    check_all_or_nothing(effect.otherwise, [*path, "otherwise"], context)


def _amount(value: int | str) -> ir.Amount:
    return "all" if value == "all" else int(value)


def _known_items(ids: Sequence[str], path: Path, context: Context) -> None:
    items = context.doc["items"]
    for index, item in enumerate(ids):
        if item not in items:
            context.problem(
                context.at(*path, index),
                "unknown_item_at",
                path=format_path(path),
                item=item,
                items=", ".join(items),
            )


def item_filter(data: RawMapping | None, path: Path, context: Context) -> ir.ItemFilter:
    """`which: {items: [...], kinds: [...], except: [...]}`; absent: every item. A filter no item passes
    is an error."""
    if data is None:
        return ir.ANY_ITEM
    ids = tuple(data.get("items", ()))
    excluding = tuple(data.get("except", ()))
    _known_items(ids, [*path, "items"], context)
    _known_items(excluding, [*path, "except"], context)
    which = ir.ItemFilter(ids, tuple(data.get("kinds", ())), excluding)
    items = context.doc["items"]
    known = tuple(
        ir.Item(item_id, item["kind"], item["name"], item.get("plural", item["name"]))
        for item_id, item in items.items()
    )
    fits = which.chosen_from(known)
    if not fits and all(item in items for item in (*ids, *excluding)):
        context.problem(context.at(*path), "no_item_fits", path=format_path(path))
    return dataclasses.replace(which, fits=fits)


# --- one builder per kind --------------------------------------------------------------


@LOWER.on(ir.GainKrones)
def _gain_krones(data: RawMapping, path: Path, context: Context) -> ir.Effect:
    if is_expression(data["amount"]):
        return _change("krones", True, data, path, context)
    return ir.GainKrones(data["amount"])


@LOWER.on(ir.LoseKrones)
def _lose_krones(data: RawMapping, path: Path, context: Context) -> ir.Effect:
    if is_expression(data["amount"]):
        return _change("krones", False, data, path, context)
    return ir.LoseKrones(_amount(data["amount"]))


@LOWER.on(ir.GainPoints)
def _gain_points(data: RawMapping, path: Path, context: Context) -> ir.Effect:
    if is_expression(data["amount"]):
        return _change("points", True, data, path, context)
    return ir.GainPoints(data["amount"])


@LOWER.on(ir.LosePoints)
def _lose_points(data: RawMapping, path: Path, context: Context) -> ir.Effect:
    if is_expression(data["amount"]):
        return _change("points", False, data, path, context)
    return ir.LosePoints(_amount(data["amount"]))


@LOWER.on(ir.GainItems)
def _gain_items(data: RawMapping, path: Path, context: Context) -> ir.Effect:
    items = context.doc["items"]
    for item in data["items"]:
        if item not in items:
            context.problem(
                context.key_at(*path, "items", item),
                "unknown_item_at",
                path=format_path([*path, "items"]),
                item=item,
                items=", ".join(items),
            )
    return ir.GainItems(tuple((k, int(v)) for k, v in data["items"].items()))


@LOWER.on(ir.ChooseItems)
def _choose_items(data: RawMapping, path: Path, context: Context) -> ir.Effect:
    which = item_filter(data.get("which"), [*path, "which"], context)
    return ir.ChooseItems(data["count"], bool(data.get("may_serve_guests", False)), which)


@LOWER.on(ir.ReturnItems)
def _return_items(data: RawMapping, path: Path, context: Context) -> ir.Effect:
    which = item_filter(data.get("which"), [*path, "which"], context)
    return ir.ReturnItems(tuple(data["from"]), _amount(data.get("count", "all")), which)


@LOWER.on(ir.DrawStaff)
def _draw_staff(data: RawMapping, path: Path, context: Context) -> ir.Effect:
    if data["play"] > data["count"]:
        context.problem(
            context.at(*path, "play"),
            "play_more_than_drawn",
            data["count"],
            path=format_path([*path, "play"]),
            play=data["play"],
        )
    if data["play"] == 0 and "discount" in data:
        context.problem(
            context.at(*path, "discount"),
            "discount_unused",
            path=format_path([*path, "discount"]),
        )
    return ir.DrawStaff(data["count"], data["play"], data.get("discount", 0), data.get("rest", "deck_bottom"))


@LOWER.on(ir.StaffToDeckBottom)
def _staff_to_deck_bottom(data: RawMapping, _path: Path, _context: Context) -> ir.Effect:
    return ir.StaffToDeckBottom(data["count"], data.get("to", "bottom"))


@LOWER.on(ir.PrepareRoom)
def _prepare_room(data: RawMapping, path: Path, context: Context) -> ir.Effect:
    floors = data["floors"]
    storeys = len(context.doc["hotel"]["layout"])
    if floors != "any":
        for index, floor in enumerate(floors):
            if floor > storeys:
                context.problem(
                    context.at(*path, "floors", index),
                    "no_such_floor",
                    path=format_path([*path, "floors"]),
                    floor=floor,
                    floors=storeys,
                )
    return ir.PrepareRoom(None if floors == "any" else tuple(sorted(floors)), data["cost"] == "free", data["occupy"])


@LOWER.on(ir.OccupyVacantRooms)
def _occupy_vacant_rooms(data: RawMapping, _path: Path, _context: Context) -> ir.Effect:
    return ir.OccupyVacantRooms(data["count"])


@LOWER.on(ir.RemoveRooms)
def _remove_rooms(data: RawMapping, _path: Path, _context: Context) -> ir.Effect:
    return ir.RemoveRooms(data["state"], data["count"], data["pick"])


@LOWER.on(ir.PointsPerQuantity)
def _points_per_quantity(data: RawMapping, path: Path, context: Context) -> ir.Effect:
    return ir.PointsPerQuantity(lower_quantity(data["quantity"], [*path, "quantity"], context), data["points"])


@LOWER.on(ir.PlayStaffFromHand)
def _play_staff_from_hand(data: RawMapping, _path: Path, _context: Context) -> ir.Effect:
    return ir.PlayStaffFromHand(data["count"], data["discount"], data.get("staff_kind", "any"))


@LOWER.on(ir.RemoveHiredStaff)
def _remove_hired_staff(data: RawMapping, _path: Path, _context: Context) -> ir.Effect:
    return ir.RemoveHiredStaff(data["count"], data["staff_kind"])


@LOWER.on(ir.AdvanceEmperor)
def _advance_emperor(data: RawMapping, _path: Path, _context: Context) -> ir.Effect:
    return ir.AdvanceEmperor(data["steps"])


@LOWER.on(ir.ChooseOne)
def _choose_one(data: RawMapping, path: Path, context: Context) -> ir.Effect:
    options = []
    for index, option in enumerate(data["options"]):
        where = [*path, "options", index]
        effects = build_effects(option, where, context)
        for number, effect in enumerate(effects):
            if isinstance(effect, ir.ChooseOne):
                context.problem(
                    context.at(*where, number, "kind"),
                    "choose_one_nested",
                    path=format_path([*where, number]),
                )
            elif any(isinstance(inner, ir.ChooseOne) for inner in ir.all_effects((effect,))):
                context.problem(
                    context.at(*where, number, "kind"),
                    "choose_one_nested_if",
                    path=format_path([*where, number]),
                )
        check_all_or_nothing(effects, where, context)
        options.append(effects)
    return ir.ChooseOne(tuple(options), bool(data.get("may_decline", False)))


@LOWER.on(ir.Conditional)
def _conditional(data: RawMapping, path: Path, context: Context) -> ir.Effect:
    condition = build_condition(data["condition"], [*path, "condition"], context)
    then = build_effects(data["then"], [*path, "then"], context)
    otherwise = build_effects(data.get("otherwise", []), [*path, "otherwise"], context)
    return ir.Conditional(condition, then, otherwise)


CONDITION_FORMS = ("quantity", "value", "space", "zone", "all", "any", "most", "fewest")
COMPARISONS = ("at_least", "at_most", "exactly")


def build_condition(data: RawMapping, path: Path, context: Context) -> ir.Condition:
    """The IR of one condition (schema-valid), with the checks the schema cannot make: one form each, a
    comparison that compares, a known zone."""
    forms = [form for form in CONDITION_FORMS if form in data]
    if len(forms) != 1:
        context.problem(
            context.at(*path),
            "condition_forms" if forms else "condition_no_form",
            path=format_path(path),
            forms=said("errors.lower.list_and", rest=", ".join(forms[:-1]), last=forms[-1]) if forms else "",
        )
        return ir.AllOf(())
    form = forms[0]
    if form not in ("quantity", "value"):
        for key in COMPARISONS:
            if key in data:
                context.problem(
                    context.key_at(*path, key),
                    "comparison_space" if form == "space" else "comparison_misplaced",
                    path=format_path([*path, key]),
                    key=key,
                )
    _misplaced(data, form, path, context)
    if form == "quantity":
        written = {"quantity": data["quantity"], "of": data["of"]} if "of" in data else data["quantity"]
        return ir.QuantityIs(lower_quantity(written, [*path, "quantity"], context), _bounds(data, path, context))
    if form == "value":
        return ir.ValueIs(lower_expression(data["value"], [*path, "value"], context), _bounds(data, path, context))
    if form in ("most", "fewest"):
        quantity = lower_quantity(data[form], [*path, form], context)
        own_quantity(quantity, [*path, form], context, f"`{form}`")
        return ir.MostOf(quantity.own, form == "fewest", data.get("ties", "all_tied"))
    if form == "space":
        return ir.SpaceIs(_bounds(data["space"], [*path, "space"], context))
    if form == "zone":
        return _zone(data["zone"], [*path, "zone"], context)
    parts = tuple(build_condition(part, [*path, form, n], context) for n, part in enumerate(data[form]))
    return ir.AllOf(parts) if form == "all" else ir.AnyOf(parts)


def _misplaced(data: RawMapping, form: str, path: Path, context: Context) -> None:
    """`of` belongs with a quantity by name, `ties` with most or fewest (each required or refused)."""
    if "of" in data and not (form == "quantity" and isinstance(data["quantity"], str)):
        context.problem(
            context.key_at(*path, "of"),
            "of_beside_filters" if form == "quantity" else "of_with_name",
            path=format_path([*path, "of"]),
        )
    if form in ("most", "fewest") and "ties" not in data:
        context.problem(
            context.at(*path),
            "ties_missing",
            path=format_path(path),
            form=form,
        )
    elif "ties" in data and form not in ("most", "fewest"):
        context.problem(context.key_at(*path, "ties"), "ties_misplaced", path=format_path([*path, "ties"]))


def _bounds(data: RawMapping, path: Path, context: Context) -> ir.Bounds:
    """at_least / at_most / exactly as bounds: at least one of them; exactly alone; a range some value fits."""
    given = [key for key in COMPARISONS if key in data]
    if not given:
        context.problem(context.at(*path), "compares_nothing", path=format_path(path))
        return ir.Bounds()
    if "exactly" in data and len(given) > 1:
        other = next(key for key in given if key != "exactly")
        context.problem(
            context.key_at(*path, "exactly"),
            "exactly_and",
            path=format_path([*path, "exactly"]),
            other=other,
        )
        return ir.Bounds()
    if "exactly" in data:
        return ir.Bounds(data["exactly"], data["exactly"])
    return ir.Bounds(*check_range(data, path, context))


def _zone(zone: str, path: Path, context: Context) -> ir.Condition:
    """A zone by outcome (every zone of it) or by id, with the spaces it covers."""
    zones = context.doc["emperor_track"]["zones"]
    outcomes = ("bonus", "nothing", "penalty")
    if zone in outcomes:
        picked = [z for z in zones.values() if z["outcome"] == zone]
        name = ""
    elif zone in zones:
        picked, name = [zones[zone]], zones[zone]["name"]
    else:
        context.problem(
            context.at(*path),
            "unknown_zone",
            path=format_path(path),
            zone=zone,
            outcomes=", ".join(outcomes),
            zones=", ".join(zones),
        )
        return ir.ZoneIs(zone, "", ())
    spaces = sorted({space for z in picked for space in range(z["from"], z["to"] + 1)})
    return ir.ZoneIs(zone, name, tuple(spaces))


# --- what each kind takes from the player ------------------------------------------------


@CONSUMES.on(ir.Conditional)
def _takes_what_a_branch_takes(_effect: ir.Effect) -> str:
    return ""  # its branches' effects are counted each (see _takes)


@CONSUMES.on(ir.GainKrones, ir.GainPoints, ir.GainItems, ir.ChooseItems, ir.AdvanceEmperor, ir.ChooseOne)
def _takes_nothing(_effect: ir.Effect) -> str:
    return ""


@CONSUMES.on(ir.LoseKrones)
def _takes_krones(_effect: ir.Effect) -> str:
    return "krones"


@CONSUMES.on(ir.LosePoints)
def _takes_points(_effect: ir.Effect) -> str:
    return "points"


@CONSUMES.on(ir.PointsPerQuantity)
def _takes_points_if_negative(effect: ir.PointsPerQuantity) -> str:
    return "points" if effect.points < 0 else ""


@CONSUMES.on(ir.ReturnItems)
def _takes_items(_effect: ir.Effect) -> str:
    return "items"


@CONSUMES.on(ir.DrawStaff)
def _takes_deck(_effect: ir.Effect) -> str:
    return "the Staff deck"


@CONSUMES.on(ir.StaffToDeckBottom, ir.PlayStaffFromHand)
def _takes_hand(_effect: ir.Effect) -> str:
    return "Staff from the hand"


@CONSUMES.on(ir.PrepareRoom)
def _takes_space(_effect: ir.Effect) -> str:
    return "a hotel space"


@CONSUMES.on(ir.OccupyVacantRooms, ir.RemoveRooms)
def _takes_rooms(_effect: ir.Effect) -> str:
    return "rooms"


@CONSUMES.on(ir.RemoveHiredStaff)
def _takes_hired(_effect: ir.Effect) -> str:
    return "hired Staff"


# --- what each kind may give the player ----------------------------------------------------


@GIVES.on(ir.LoseKrones, ir.LosePoints, ir.ReturnItems, ir.RemoveHiredStaff)
def _gives_nothing(_effect: ir.Effect) -> tuple[str, ...]:
    return ()


@GIVES.on(ir.Conditional)
def _gives_what_a_branch_gives(effect: ir.Conditional) -> tuple[str, ...]:
    gifts = (gift for part in (*effect.then, *effect.otherwise) for gift in GIVES.of(part)(part))
    return tuple(dict.fromkeys(gifts))


@GIVES.on(ir.GainKrones)
def _gives_krones(_effect: ir.Effect) -> tuple[str, ...]:
    return ("krones",)


@GIVES.on(ir.GainPoints, ir.AdvanceEmperor)
def _gives_points(_effect: ir.Effect) -> tuple[str, ...]:
    return ("points",)  # advancing past the cap gives points


@GIVES.on(ir.PointsPerQuantity)
def _gives_points_if_positive(effect: ir.PointsPerQuantity) -> tuple[str, ...]:
    return ("points",) if effect.points > 0 else ()


@GIVES.on(ir.GainItems, ir.ChooseItems)
def _gives_items(_effect: ir.Effect) -> tuple[str, ...]:
    return ("items",)


@GIVES.on(ir.DrawStaff)
def _gives_drawn(effect: ir.DrawStaff) -> tuple[str, ...]:
    return (("Staff from the hand",) if effect.rest == "hand" else ()) + (("hired Staff",) if effect.play else ())


@GIVES.on(ir.StaffToDeckBottom)
def _gives_deck(_effect: ir.Effect) -> tuple[str, ...]:
    return ("the Staff deck",)


@GIVES.on(ir.PlayStaffFromHand)
def _gives_hired(_effect: ir.Effect) -> tuple[str, ...]:
    return ("hired Staff",)


@GIVES.on(ir.PrepareRoom, ir.OccupyVacantRooms)
def _gives_rooms(_effect: ir.Effect) -> tuple[str, ...]:
    return ("rooms", "krones", "points")  # an occupied room may complete a group and earn its reward


@GIVES.on(ir.RemoveRooms)
def _gives_space(_effect: ir.Effect) -> tuple[str, ...]:
    return ("a hotel space",)


@GIVES.on(ir.ChooseOne)
def _gives_any_option(effect: ir.ChooseOne) -> tuple[str, ...]:
    return tuple(dict.fromkeys(gift for option in effect.options for e in option for gift in GIVES.of(e)(e)))


# --- declared resources --------------------------------------------------------------------


@LOWER.on(ir.GainResource)
def _gain_resource(data: RawMapping, path: Path, context: Context) -> ir.Effect:
    resource = declared_resource(data["resource"], [*path, "resource"], context)
    if is_expression(data["amount"]):
        return dataclasses.replace(_change("resource", True, data, path, context), resource=resource)
    return ir.GainResource(resource, data["amount"])


@LOWER.on(ir.LoseResource)
def _lose_resource(data: RawMapping, path: Path, context: Context) -> ir.Effect:
    resource = declared_resource(data["resource"], [*path, "resource"], context)
    if is_expression(data["amount"]):
        return dataclasses.replace(_change("resource", False, data, path, context), resource=resource)
    return ir.LoseResource(resource, _amount(data["amount"]))


@CONSUMES.on(ir.LoseResource)
def _takes_resource(effect: ir.LoseResource) -> str:
    return effect.resource


@CONSUMES.on(ir.GainResource)
def _takes_nothing_resource(_effect: ir.GainResource) -> str:
    return ""


@GIVES.on(ir.GainResource)
def _gives_resource(effect: ir.GainResource) -> tuple[str, ...]:
    return (effect.resource,)


@GIVES.on(ir.LoseResource)
def _gives_no_resource(_effect: ir.LoseResource) -> tuple[str, ...]:
    return ()


# --- change: gain or lose an amount worked out by an expression ------------------------------------


def _change(what: ir.ChangeWhat, gain: bool, data: RawMapping, path: Path, context: Context) -> ir.Change:
    """gain_krones, lose_points, ... whose amount is an expression: a change of that amount."""
    return ir.Change(what, gain, lower_expression(data["amount"], [*path, "amount"], context))


@LOWER.on(ir.Change)
def _change_kind(data: RawMapping, path: Path, context: Context) -> ir.Effect:
    sides = [side for side in ("gain", "lose") if side in data]
    if len(sides) != 1:
        context.problem(context.at(*path), "change_gain_or_lose", path=format_path(path))
        return ir.Change("points", True, 0)
    written: str = data[sides[0]]
    amount = lower_expression(data["amount"], [*path, "amount"], context)
    if written in ("krones", "points"):
        return ir.Change(cast(ir.ChangeWhat, written), sides[0] == "gain", amount)
    declared: RawMapping = context.doc.get("resources") or {}
    if written not in declared:
        context.problem(
            context.at(*path, sides[0]),
            "change_unknown",
            path=format_path([*path, sides[0]]),
            what=written,
            known=", ".join(["krones", "points", *declared]),
        )
    return ir.Change("resource", sides[0] == "gain", amount, written)


@CONSUMES.on(ir.Change)
def _change_takes(effect: ir.Change) -> str:
    if effect.gain:
        return ""
    return effect.resource if effect.what == "resource" else effect.what


@GIVES.on(ir.Change)
def _change_gives(effect: ir.Change) -> tuple[str, ...]:
    if not effect.gain:
        return ()
    return (effect.resource if effect.what == "resource" else effect.what,)


# --- for_players: effects applied to other players ------------------------------------------------


@LOWER.on(ir.ForPlayers)
def _for_players(data: RawMapping, path: Path, context: Context) -> ir.Effect:
    condition = build_condition(data["if"], [*path, "if"], context) if "if" in data else None
    effects = build_effects(data["effects"], [*path, "effects"], context)
    _check_targeted(effects, [*path, "effects"], context)
    return ir.ForPlayers(data["players"], condition, effects)


def _check_targeted(effects: tuple[ir.Effect, ...], path: Path, context: Context) -> None:
    """Each effect a for_players applies asks no decision (TARGETED_KINDS, `if` of them), and none is another
    for_players (an `if`'s branches looked into): a problem at the first such effect of each branch."""
    for index, effect in enumerate(effects):
        where = [*path, index]
        if isinstance(effect, ir.Conditional):
            _check_targeted(effect.then, [*where, "then"], context)
            _check_targeted(effect.otherwise, [*where, "otherwise"], context)
        elif isinstance(effect, ir.ForPlayers):
            context.problem(context.at(*where, "kind"), "for_players_nested", path=format_path(where))
        elif ir.effect_kind(effect) not in ir.TARGETED_KINDS:
            context.problem(
                context.at(*where, "kind"),
                "for_players_decides",
                path=format_path(where),
                kinds=", ".join(ir.TARGETED_KINDS),
                kind=ir.effect_kind(effect),
            )


@CONSUMES.on(ir.ForPlayers)
def _for_players_takes(_effect: ir.ForPlayers) -> str:
    return ""  # never part of an all-or-nothing option (check_all_or_nothing refuses it there)


@GIVES.on(ir.ForPlayers)
def _for_players_gives(_effect: ir.ForPlayers) -> tuple[str, ...]:
    return ()
