"""Quantities in a generated module: every call is `q_<key>(game, player)`. A shorthand's function is the
runtime's (runtime/quantities.py); a filtered count gets a function of its own in the module, straight-line
code over the filter's constants (the runtime, copied into every module, stays as it is)."""

from __future__ import annotations

from ... import ir
from ..codebuilder import CodeBuilder, identifier, literal
from ..policy_facts import every_quantity

_STATE_TEST = {"occupied": '== "o"', "vacant": '== "v"', "any": '!= "."'}


def quantity_call(quantity: ir.Quantity) -> str:
    """The call that counts `quantity` for `player` of `game`."""
    return f"q_{identifier(quantity.key)}(game, player)"


def quantity_functions(code: CodeBuilder, ruleset: ir.Ruleset) -> None:
    """A function q_<key> for each filtered count the ruleset uses (none for shorthands), and for each quantity
    read of other players (the runtime's of_<whose> over the count of the player's own)."""
    for quantity in every_quantity(ruleset):
        if quantity.name:
            continue
        with code.block(f"def q_{identifier(quantity.key)}(game: Game, player: Player) -> int:"):
            if quantity.of != "self":
                code.line(f'"""The count {quantity.own.key} of {quantity.of.replace("_", " ")} (see others())."""')
                code.line(f"return of_{quantity.of}(game, player, q_{identifier(quantity.own.key)})")
            else:
                code.line(f'"""The count {quantity.key} (a filtered count of the rules data)."""')
                _count(code, quantity, ruleset)
        code.blank(2)


def _count(code: CodeBuilder, q: ir.Quantity, ruleset: ir.Ruleset) -> None:
    """The body that counts a filtered quantity: its constants, then `return` the count."""
    if q.count == "rooms":
        code.literal_line("cells = ", tuple((f - 1, c - 1) for f, c in room_cells(q, ruleset.hotel)))
        code.line(f"return sum(1 for f, c in cells if player.hotel[f][c] {_STATE_TEST[q.state]})")
    elif q.count == "groups":
        code.literal_line("colours = ", q.colours)
        code.line(
            'full = [all(player.hotel[f - 1][c - 1] == "o" for f, c in cells) for _colour, cells in game.rules.groups]'
        )
        code.line(
            "return sum(1 for k, (colour, _cells) in enumerate(game.rules.groups) if colour in colours and full[k])"
        )
    elif q.count == "items":
        if not q.items.is_any:
            code.literal_line("fits = ", q.items.fits)
        _add_up(code, _items_terms(q))
    elif q.count == "staff":
        if q.staff_kinds:
            code.literal_line("kinds = ", q.staff_kinds)
        _add_up(code, _staff_terms(q))
    elif q.count == "resource":
        code.line(f"return player.resources[{literal(q.resource)}]")
    else:  # pragma: no cover - every other count is a shorthand
        raise ValueError(f"the count {q.count} has no filters")


def _add_up(code: CodeBuilder, terms: list[str]) -> None:
    """`return` the sum of `terms`, a statement each (short lines at any length of the terms)."""
    if len(terms) == 1:
        code.line(f"return {terms[0]}")
        return
    code.line(f"count = {terms[0]}")
    code.lines_from([f"count += {term}" for term in terms[1:]])
    code.line("return count")


def _items_terms(quantity: ir.Quantity) -> list[str]:
    terms = []
    if "kitchen" in quantity.places:
        terms.append(
            "sum(player.kitchen.values())"
            if quantity.items.is_any
            else "sum(player.kitchen.get(item, 0) for item in fits)"
        )
    if "cafe" in quantity.places:
        terms.append(
            "sum(sum(guest.values()) for guest in player.cafe)"
            if quantity.items.is_any
            else "sum(guest.get(item, 0) for guest in player.cafe for item in fits)"
        )
    return terms


def _staff_terms(quantity: ir.Quantity) -> list[str]:
    return [
        f"sum(1 for n in player.{place} if game.rules.staff[n][2] in kinds)"
        if quantity.staff_kinds
        else f"len(player.{place})"
        for place in quantity.places
    ]


def exploded_call(function: str, arguments: list[str]) -> list[str]:
    """A call one argument a line with a trailing comma, as a formatter keeps it at any length."""
    return [f"{function}(", *(f"    {argument}," for argument in arguments), ")"]


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
