"""A quantity's data (a shorthand name or `{count: ..., <filters>}`) to its IR record, with the checks a
schema cannot make: colours of the hotel, floors and columns inside it, items of the ruleset."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Protocol, cast

from .. import ir
from ..errors import Position
from ..said import Value, said
from .raw import RawMapping
from .validate import format_path

Path = Sequence[str | int]


class Context(Protocol):
    """What lowering a quantity needs from the ruleset being built."""

    doc: RawMapping

    def at(self, *path: str | int) -> Position: ...

    def problem(self, position: Position, key: str, count: int | None = None, /, **values: Value) -> None: ...


def lower_quantity(data: str | RawMapping, path: Path, context: Context) -> ir.Quantity:
    """The IR of a quantity written at `path`: a shorthand stands for its count; filters are sorted and
    checked against the hotel and the items; `of` says whose state is read."""
    if isinstance(data, str):
        return ir.shorthand(data)
    whose = cast(ir.Whose, data.get("of", "self"))
    if whose != "self":
        own = {key: value for key, value in data.items() if key != "of"}
        return dataclasses.replace(lower_quantity(own.get("quantity", own), path, context), of=whose)
    if "quantity" in data:
        return ir.shorthand(data["quantity"])
    count = cast(ir.QuantityCount, data["count"])
    if count == "rooms":
        return _rooms(data, path, context)
    if count == "groups":
        return ir.Quantity("groups", colours=_colours(data, path, context))
    if count == "items":
        places = tuple(p for p in ("kitchen", "cafe") if p in data.get("places", ("kitchen", "cafe")))
        return ir.Quantity("items", items=_items(data, path, context), places=cast(Any, places))
    if count == "staff":
        places = tuple(p for p in ("hand", "hired") if p in data.get("places", ("hand", "hired")))
        kinds = tuple(k for k in ("once_per_round", "permanent", "once", "game_end") if k in data.get("kinds", ()))
        return ir.Quantity("staff", places=cast(Any, places), staff_kinds=cast(Any, kinds))
    if count == "resource":
        return resource_quantity(declared_resource(data["resource"], [*path, "resource"], context))
    return ir.Quantity(count)


def resource_quantity(resource_id: str) -> ir.Quantity:
    """The count of a declared resource; the objective markers keep their historical count `objectives`."""
    return (
        ir.SHORTHANDS[ir.OBJECTIVES] if resource_id == ir.OBJECTIVES else ir.Quantity("resource", resource=resource_id)
    )


def declared_resource(resource_id: str, path: Path, context: Context) -> str:
    """`resource_id`, after checking that the ruleset declares it (a problem at `path` if not)."""
    declared: RawMapping = context.doc.get("resources") or {}
    if resource_id not in declared:
        context.problem(
            context.at(*path),
            "unknown_resource",
            path=format_path(path),
            resource=resource_id,
            known=", ".join(declared) or said("errors.lower.none"),
        )
    return resource_id


def _rooms(data: RawMapping, path: Path, context: Context) -> ir.Quantity:
    layout: list[str] = context.doc["hotel"]["layout"]
    floors = _within(data, "floors", len(layout), path, context)
    columns = _within(data, "columns", len(layout[0]) if layout else 0, path, context)
    colours = _colours(data, path, context)
    return ir.Quantity("rooms", state=data["state"], floors=floors, columns=columns, colours=colours)


def _within(data: RawMapping, key: str, size: int, path: Path, context: Context) -> tuple[int, ...]:
    values: list[int] = data.get(key, [])
    for index, value in enumerate(values):
        if value > size:
            context.problem(
                context.at(*path, key, index),
                f"count_no_{key[:-1]}",
                path=format_path([*path, key]),
                number=value,
                size=size,
            )
    return tuple(sorted(values))


def _colours(data: RawMapping, path: Path, context: Context) -> tuple[str, ...]:
    known: list[str] = list(dict.fromkeys(context.doc["hotel"]["colours"].values()))
    colours: list[str] = data.get("colours", [])
    for index, colour in enumerate(colours):
        if colour not in known:
            context.problem(
                context.at(*path, "colours", index),
                "unknown_colour",
                path=format_path([*path, "colours"]),
                colour=colour,
                colours=", ".join(known),
            )
    return tuple(c for c in known if c in colours)


def _items(data: RawMapping, path: Path, context: Context) -> ir.ItemFilter:
    """The item filter of a count; one every item passes is no filter (`kitchen_items` and its long form
    are one record)."""
    items: RawMapping = context.doc["items"]
    ids = tuple(data.get("items", ()))
    excluding = tuple(data.get("except", ()))
    for key, named in (("items", ids), ("except", excluding)):
        for index, item in enumerate(named):
            if item not in items:
                context.problem(
                    context.at(*path, key, index),
                    "unknown_item_at",
                    path=format_path([*path, key]),
                    item=item,
                    items=", ".join(items),
                )
    known = tuple(ir.Item(item_id, item["kind"], item["name"]) for item_id, item in items.items())
    which = ir.ItemFilter(
        tuple(i for i in items if i in ids),
        tuple(k for k in ("dish", "drink") if k in data.get("kinds", ())),
        tuple(i for i in items if i in excluding),
    )
    fits = which.chosen_from(known)
    if len(fits) == len(known):
        return ir.ANY_ITEM
    if not fits and all(item in items for item in (*ids, *excluding)):
        context.problem(context.at(*path), "no_item_counted", path=format_path(path))
    return dataclasses.replace(which, fits=fits)


def own_quantity(quantity: ir.Quantity, path: Path, context: Context, what: Value) -> ir.Quantity:
    """`quantity`, refused (a positioned problem) where it reads another player: `what` reads the player's own."""
    if quantity.of != "self":
        context.problem(
            context.at(*path),
            "own_state_only",
            path=format_path(path),
            what=what,
            of=quantity.of,
        )
    return quantity
