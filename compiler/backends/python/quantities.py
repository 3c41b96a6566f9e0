"""Quantities in a generated module: every call is `q_<key>(game, player)`. A shorthand's function is the
runtime's (runtime/quantities.py); a filtered count gets a function of its own in the module, straight-line
code over the filter's constants (the runtime, copied into every module, stays as it is)."""

from __future__ import annotations

from compiler import ir
from compiler.backends.codebuilder import CodeBuilder, identifier, literal
from compiler.backends.policy_facts import every_quantity

_STATE_TEST = {"occupied": '== "o"', "vacant": '== "v"', "any": '!= "."'}


def quantity_call(quantity: ir.Quantity) -> str:
    """The call that counts `quantity` for `player` of `game`."""
    return f"q_{identifier(quantity.key)}(game, player)"


def quantity_functions(code: CodeBuilder, ruleset: ir.Ruleset) -> None:
    """A function q_<key> for each filtered count the ruleset uses (none for shorthands)."""
    for quantity in every_quantity(ruleset):
        if quantity.name:
            continue
        with code.block(f"def q_{identifier(quantity.key)}(game: Game, player: Player) -> int:"):
            code.line(f'"""The count {quantity.key} (a filtered count of the rules data)."""')
            code.line(f"return {_count(quantity, ruleset)}")
        code.blank(2)


def _count(quantity: ir.Quantity, ruleset: ir.Ruleset) -> str:
    """The expression that counts a filtered quantity."""
    if quantity.count == "rooms":
        cells = tuple((f - 1, c - 1) for f, c in room_cells(quantity, ruleset.hotel))
        return f"sum(1 for f, c in {literal(cells)} if player.hotel[f][c] {_STATE_TEST[quantity.state]})"
    if quantity.count == "groups":
        colours = literal(quantity.colours)
        full = 'all(player.hotel[f - 1][c - 1] == "o" for f, c in cells)'
        return f"sum(1 for colour, cells in game.rules.groups if colour in {colours} and {full})"
    if quantity.count == "items":
        return " + ".join(_items_terms(quantity))
    if quantity.count == "staff":
        return " + ".join(_staff_terms(quantity))
    raise ValueError(f"the count {quantity.count} has no filters")  # pragma: no cover - every other is a shorthand


def _items_terms(quantity: ir.Quantity) -> list[str]:
    fits = literal(quantity.items.fits)
    terms = []
    if "kitchen" in quantity.places:
        terms.append(
            "sum(player.kitchen.values())"
            if quantity.items.is_any
            else f"sum(player.kitchen.get(item, 0) for item in {fits})"
        )
    if "cafe" in quantity.places:
        terms.append(
            "sum(sum(guest.values()) for guest in player.cafe)"
            if quantity.items.is_any
            else f"sum(guest.get(item, 0) for guest in player.cafe for item in {fits})"
        )
    return terms


def _staff_terms(quantity: ir.Quantity) -> list[str]:
    kinds = literal(quantity.staff_kinds)
    return [
        f"sum(1 for n in player.{place} if game.rules.staff[n][2] in {kinds})"
        if quantity.staff_kinds
        else f"len(player.{place})"
        for place in quantity.places
    ]


def room_cells(quantity: ir.Quantity, hotel: ir.Hotel) -> tuple[ir.Cell, ...]:
    """The hotel's spaces a room count looks at: its floors, columns and colours (floor.column, from 1)."""
    return tuple(
        (floor, column)
        for floor in range(1, hotel.floors + 1)
        for column in range(1, hotel.columns + 1)
        if (not quantity.floors or floor in quantity.floors)
        and (not quantity.columns or column in quantity.columns)
        and (not quantity.colours or hotel.colours[floor - 1][column - 1] in quantity.colours)
    )
