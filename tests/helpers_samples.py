"""The samples of tests/effect_samples.py as a test ruleset: `effect-samples`, base with every tile's effects
replaced by samples, written out as rules data at test time (so it can never lag behind the samples).

DATA (a `ByKind` table, checked by tests/test_dispatch.py like every stage) writes one effect as the data
the front end reads; tests/test_samples_ruleset.py loads the file and wants each sample back exactly, so the
data form and the samples cannot drift apart. Every cross-check discovers the ruleset (helpers_discovery.py).

The layout: sample i goes into the bonus of base's tile i mod 12 (every sample runs in effect order where the
Emperor scoring gives a bonus), and, but for choices, alone as an option of a choose_one (of at most 4 options)
that is the penalty of the tile six further on (so each is also tested whole, as all-or-nothing parts are; a choice cannot be an
option of a choice: those go after it in the penalty, as they are).
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from effect_samples import every_sample
from gah import ir
from gah.dispatch import ByKind

NAME = "effect-samples"
Data = dict[str, Any]
DATA: ByKind[Callable[[Any], Data]] = ByKind("the samples' rules data (tests/helpers_samples.py: DATA)")


def effect_data(effect: ir.Effect) -> Data:
    """One effect as rules data (the form compiler/frontend/lower_effects.py reads)."""
    return {"kind": ir.effect_kind(effect), **DATA.of(effect)(effect)}


def _filter(which: ir.ItemFilter) -> Data:
    """`which` of an item filter, empty for any item (the front end works out which items fit)."""
    parts = {"items": list(which.ids), "kinds": list(which.kinds), "except": list(which.excluding)}
    found = {key: value for key, value in parts.items() if value}
    return {"which": found} if found else {}


@DATA.on(ir.GainKrones, ir.LoseKrones, ir.GainPoints, ir.LosePoints)
def _amount(effect: ir.GainKrones | ir.LoseKrones | ir.GainPoints | ir.LosePoints) -> Data:
    return {"amount": effect.amount}


@DATA.on(ir.GainItems)
def _gain_items(effect: ir.GainItems) -> Data:
    return {"items": dict(effect.items)}


@DATA.on(ir.ChooseItems)
def _choose_items(effect: ir.ChooseItems) -> Data:
    return {"count": effect.count, "may_serve_guests": effect.may_serve_guests, **_filter(effect.which)}


@DATA.on(ir.ReturnItems)
def _return_items(effect: ir.ReturnItems) -> Data:
    return {"from": list(effect.sources), "count": effect.count, **_filter(effect.which)}


@DATA.on(ir.DrawStaff)
def _draw_staff(effect: ir.DrawStaff) -> Data:
    discount = {"discount": effect.discount} if effect.play else {}  # nothing played: no discount to write
    return {"count": effect.count, "play": effect.play, **discount, "rest": effect.rest}


@DATA.on(ir.StaffToDeckBottom)
def _staff_to_deck_bottom(effect: ir.StaffToDeckBottom) -> Data:
    return {"count": effect.count, "to": effect.to}


@DATA.on(ir.PrepareRoom)
def _prepare_room(effect: ir.PrepareRoom) -> Data:
    floors = "any" if effect.floors is None else list(effect.floors)
    return {"floors": floors, "cost": "free" if effect.free else "normal", "occupy": effect.occupy}


@DATA.on(ir.OccupyVacantRooms)
def _occupy_vacant_rooms(effect: ir.OccupyVacantRooms) -> Data:
    return {"count": effect.count}


@DATA.on(ir.RemoveRooms)
def _remove_rooms(effect: ir.RemoveRooms) -> Data:
    return {"state": effect.state, "count": effect.count, "pick": effect.pick}


@DATA.on(ir.PointsPerQuantity)
def _points_per_quantity(effect: ir.PointsPerQuantity) -> Data:
    return {"quantity": quantity_data(effect.quantity), "points": effect.points}


def quantity_data(quantity: ir.Quantity) -> str | Data:
    """A quantity as rules data: its shorthand name, else `{count: ..., <filters>}`; read of other players,
    `{quantity: name, of: ...}` or `of` beside the filters."""
    if quantity.of != "self":
        own = quantity_data(quantity.own)
        return {"quantity": own, "of": quantity.of} if isinstance(own, str) else {**own, "of": quantity.of}
    if quantity.name:
        return quantity.name
    data: Data = {"count": quantity.count}
    if quantity.count == "rooms":
        data["state"] = quantity.state
    for key, value in (("floors", quantity.floors), ("columns", quantity.columns), ("colours", quantity.colours)):
        if value:
            data[key] = list(value)
    if quantity.count == "items":
        data.update(_filter(quantity.items).get("which", {}))
    if quantity.count == "staff" and quantity.staff_kinds:
        data["kinds"] = list(quantity.staff_kinds)
    if quantity.places:
        data["places"] = list(quantity.places)
    return data


@DATA.on(ir.PlayStaffFromHand)
def _play_staff_from_hand(effect: ir.PlayStaffFromHand) -> Data:
    return {"count": effect.count, "discount": effect.discount, "staff_kind": effect.staff_kind}


@DATA.on(ir.RemoveHiredStaff)
def _remove_hired_staff(effect: ir.RemoveHiredStaff) -> Data:
    return {"count": effect.count, "staff_kind": effect.staff_kind}


@DATA.on(ir.AdvanceEmperor)
def _advance_emperor(effect: ir.AdvanceEmperor) -> Data:
    return {"steps": effect.steps}


@DATA.on(ir.GainResource, ir.LoseResource)
def _resource(effect: ir.GainResource | ir.LoseResource) -> Data:
    return {"resource": effect.resource, "amount": effect.amount}


@DATA.on(ir.ChooseOne)
def _choose_one(effect: ir.ChooseOne) -> Data:
    options = [[effect_data(part) for part in option] for option in effect.options]
    return {"options": options, "may_decline": effect.may_decline}


@DATA.on(ir.Conditional)
def _conditional(effect: ir.Conditional) -> Data:
    otherwise = {"otherwise": [effect_data(part) for part in effect.otherwise]} if effect.otherwise else {}
    return {
        "condition": condition_data(effect.condition),
        "then": [effect_data(part) for part in effect.then],
        **otherwise,
    }


@DATA.on(ir.Change)
def _change(effect: ir.Change) -> Data:
    what = effect.resource if effect.what == "resource" else effect.what
    return {"gain" if effect.gain else "lose": what, "amount": expression_data(effect.amount)}


@DATA.on(ir.ForPlayers)
def _for_players(effect: ir.ForPlayers) -> Data:
    condition = {} if effect.condition is None else {"if": condition_data(effect.condition)}
    return {"players": effect.players, **condition, "effects": [effect_data(part) for part in effect.effects]}


def expression_data(expr: ir.Expr) -> Any:
    """An expression as rules data (the forms of schemas/ruleset.schema.json: expression)."""
    if isinstance(expr, int):
        return expr
    if isinstance(expr, ir.Read):
        return quantity_data(expr.quantity)
    if isinstance(expr, ir.Arith):
        args = [expression_data(arg) for arg in expr.args]
        if expr.operator.startswith("divide_"):
            return {"divide": args, "round": expr.operator.removeprefix("divide_")}
        return {expr.operator: args}
    if isinstance(expr, ir.Clamp):
        bounds = {"at_least": expr.at_least, "at_most": expr.at_most}
        return {"clamp": expression_data(expr.value), **{k: v for k, v in bounds.items() if v is not None}}
    if isinstance(expr, ir.Over):
        return {expr.operator.removesuffix("_over"): expression_data(expr.value), "over": expr.players}
    return {"rank": expression_data(expr.value), "ties": expr.ties}


def condition_data(condition: ir.Condition) -> Data:
    """One condition as rules data."""
    if isinstance(condition, ir.ValueIs):
        return {"value": expression_data(condition.value), **_bounds(condition.bounds)}
    if isinstance(condition, ir.QuantityIs):
        return {"quantity": quantity_data(condition.quantity), **_bounds(condition.bounds)}
    if isinstance(condition, ir.SpaceIs):
        return {"space": _bounds(condition.bounds)}
    if isinstance(condition, ir.ZoneIs):
        return {"zone": condition.zone}
    if isinstance(condition, ir.MostOf):
        return {"fewest" if condition.fewest else "most": quantity_data(condition.quantity), "ties": condition.ties}
    form = "all" if isinstance(condition, ir.AllOf) else "any"
    return {form: [condition_data(part) for part in condition.conditions]}


def _bounds(bounds: ir.Bounds) -> Data:
    if bounds.at_least is not None and bounds.at_least == bounds.at_most:
        return {"exactly": bounds.at_least}
    found = {"at_least": bounds.at_least, "at_most": bounds.at_most}
    return {key: value for key, value in found.items() if value is not None}


def holds_a_choice(effect: ir.Effect) -> bool:
    """A choice, or an effect with one inside, or an effect on other players (none can be an option of a
    choice)."""
    return any(isinstance(part, (ir.ChooseOne, ir.ForPlayers)) for part in ir.all_effects((effect,)))


def layout(tile_ids: list[str]) -> dict[str, tuple[tuple[ir.Effect, ...], tuple[ir.Effect, ...]]]:
    """Each tile's (bonus, penalty effects) of the samples (see the module's docstring)."""
    samples = [effect for _kind, effect in every_sample()]
    tiles = len(tile_ids)
    groups = [tuple(samples[i] for i in range(len(samples)) if i % tiles == tile) for tile in range(tiles)]
    laid = {}
    for tile, tile_id in enumerate(tile_ids):
        group = groups[(tile + tiles // 2) % tiles]
        plain = tuple((effect,) for effect in group if not holds_a_choice(effect))
        choices = tuple(effect for effect in group if holds_a_choice(effect))
        # A choice holds at most 4 options: more plain samples make more choices, each of about as many.
        size = -(-len(plain) // -(-len(plain) // 4)) if plain else 1
        penalty = tuple(ir.ChooseOne(plain[i : i + size], False) for i in range(0, len(plain), size)) + choices
        laid[tile_id] = (groups[tile], penalty)
    return laid


def ruleset_data(base: ir.Ruleset) -> Data:
    """The ruleset's document: base, each tile's bonus and penalty replaced."""
    choice = {tile.id: tile.penalty.is_choice for tile in base.tiles}
    tiles = {}
    for tile_id, (bonus, penalty) in layout(list(choice)).items():
        dropped = {"prefer": None, "otherwise": None} if choice[tile_id] else {}
        effects = [effect_data(effect) for effect in penalty]
        tiles[tile_id] = {
            "bonus": [effect_data(effect) for effect in bonus],
            "penalty": {**dropped, "effects": effects},
        }
    return {
        "extends": "base",
        "name": NAME,
        "title": "Effect samples (test ruleset)",
        "description": "Every sample of tests/effect_samples.py on base's tiles, derived by tests/helpers_samples.py.",
        "tiles": tiles,
    }


def write_samples_ruleset(folder: Path, base: ir.Ruleset) -> Path:
    """Write the ruleset into `folder`; its path."""
    path = folder / f"{NAME}.yaml"
    header = "# Derived from tests/effect_samples.py by tests/helpers_samples.py at test time: do not edit.\n"
    text = yaml.safe_dump(ruleset_data(base), sort_keys=False, width=120, default_flow_style=None)
    path.write_text(header + text, encoding="utf-8")
    return path


@cache
def samples_ruleset() -> Path:
    """The ruleset's file, written once per test session into a scratch folder."""
    folder = Path(tempfile.mkdtemp(prefix="gah-samples-"))
    atexit.register(shutil.rmtree, folder, True)
    from helpers_rules import ruleset

    return write_samples_ruleset(folder, ruleset("base"))
