"""Every leaf value of an IR value, found by walking the dataclasses of compiler/ir.py with their declared types
(so a field or leaf added to the IR is walked without a list to keep), and a strong, well-typed change of each.

A leaf is a number, a string, a bool or None inside the Ruleset; its path is the field names and tuple indices
that lead to it, e.g. ("hotel", "printed_points", 2, 1) for the points of the third printed cell.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterator
from typing import Any, Literal, Union

from gah import ir

LeafPath = tuple[str | int, ...]
# Fields whose numbers shape the game (a count of rounds, floors, a scoring's round, a space): a change to 0 would
# make a ruleset the front end refuses, so they move by one instead.
SHAPING = frozenset(
    {"rounds", "floors", "columns", "min_players", "max_players", "round", "first", "last", "score_track_spaces"}
)
# Fields holding a hotel cell (floor, column): a changed coordinate stays on the board.
CELL_FIELDS = frozenset({"cells", "first_room", "hotel_rooms"})


@dataclasses.dataclass(frozen=True)
class Leaf:
    path: LeafPath
    value: object
    hint: Any  # the declared type at this place (a Literal gives the other values a leaf may take)
    length: bool = False  # not a leaf: the length of a tuple of any length (a track's spaces, a hand of cards)

    @property
    def kind(self) -> str:
        """The leaf's place with indices left out, e.g. hotel.printed_points.*.1: one per sort of leaf."""
        place = ".".join("*" if isinstance(step, int) else step for step in self.path)
        return place + ".(length)" if self.length else place


def leaves(value: object, declared: Any = ir.Ruleset, path: LeafPath = ()) -> Iterator[Leaf]:
    """Every leaf under `value`, depth first, with its declared type (None: the union it stands in), and before
    the items of each non-empty tuple of any length, the tuple itself (its length: a shape the IR's values hold
    without a leaf for it, as the track's last space is its number of points)."""
    hint = _member(declared, value)
    if isinstance(value, ir.Quantity):  # one leaf: its filters are valid only together (see strong_change)
        yield Leaf(path, value, hint)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        hints = typing.get_type_hints(type(value), vars(ir))
        for field in dataclasses.fields(value):
            yield from leaves(getattr(value, field.name), hints[field.name], (*path, field.name))
    elif isinstance(value, tuple):
        args = typing.get_args(hint)
        if value and len(args) == 2 and args[1] is Ellipsis:
            yield Leaf(path, value, hint, length=True)
        for index, item in enumerate(value):
            item_hint = args[0] if len(args) == 2 and args[1] is Ellipsis else args[index] if args else Any
            yield from leaves(item, item_hint, (*path, index))
    else:
        yield Leaf(path, value, declared if value is None else hint)


def _member(hint: Any, value: object) -> Any:
    """The member of a union that `value` is (the declared type itself if it is no union)."""
    if typing.get_origin(hint) not in (Union, types.UnionType):
        return hint
    for member in typing.get_args(hint):
        origin = typing.get_origin(member) or member
        if origin is Literal and value in typing.get_args(member):
            return member
        if origin is not Literal and isinstance(origin, type) and isinstance(value, origin):
            return member
        if member is type(None) and value is None:
            return member
    return hint


def replaced(value: Any, path: LeafPath, new: object) -> Any:
    """`value` with the leaf at `path` set to `new` (frozen dataclasses and tuples rebuilt along the way)."""
    if not path:
        return new
    step, rest = path[0], path[1:]
    if isinstance(step, int):
        items = list(value)
        items[step] = replaced(items[step], rest, new)
        return tuple(items)
    return dataclasses.replace(value, **{step: replaced(getattr(value, step), rest, new)})


def changes(ruleset: ir.Ruleset) -> list[tuple[Leaf, object]]:
    """Every leaf of the ruleset with its strong change (see strong_change)."""
    found = list(leaves(ruleset))
    sorts: dict[str, set[str]] = {}
    for leaf in found:
        if isinstance(leaf.value, str):
            sorts.setdefault(leaf.kind, set()).add(leaf.value)
    return [(leaf, strong_change(ruleset, leaf, sorts.get(leaf.kind, set()))) for leaf in found]


def strong_change(ruleset: ir.Ruleset, leaf: Leaf, sort: set[str]) -> object:
    """A new value for the leaf, of its declared type, that changes play as much as one value can: a tuple
    one item shorter (its last left out), a number to 0
    (or 0 to 20: a printed point, a cost of nothing, a reward of 20), a cell moved to the next floor or column,
    a Literal to its next value, a string to another of its sort in the ruleset (another colour, tier, item),
    a bool flipped, None to 0 where a number may stand."""
    value, field = leaf.value, next((s for s in reversed(leaf.path) if isinstance(s, str)), "")
    if leaf.length:
        return typing.cast(tuple[object, ...], value)[:-1]
    if isinstance(value, bool):
        return not value
    if isinstance(value, ir.Quantity):  # another count the front end can write: the next shorthand
        names = list(ir.SHORTHANDS)
        return (
            ir.SHORTHANDS[names[(names.index(value.name) + 1) % len(names)]] if value.name else ir.shorthand("krones")
        )
    if typing.get_origin(leaf.hint) is Literal:
        return _next_literal(leaf)
    if isinstance(value, int):
        return _changed_number(ruleset, leaf, field)
    if isinstance(value, str):
        same_sort = sorted(sort - {value})
        return same_sort[0] if same_sort else value + "-changed"
    if value is None:
        return _made(next(h for h in typing.get_args(leaf.hint) if h is not type(None)))
    raise TypeError(f"no change for a leaf of type {type(value).__name__} at {leaf.path}")


def _next_literal(leaf: Leaf) -> object:
    options = typing.get_args(leaf.hint)
    if len(options) > 1:
        return options[(options.index(leaf.value) + 1) % len(options)]
    return 1  # "all" where a number may stand (an Amount or Discount)


def _changed_number(ruleset: ir.Ruleset, leaf: Leaf, field: str) -> int:
    value = int(typing.cast(int, leaf.value))
    in_cell = field in CELL_FIELDS or (field == "printed_points" and leaf.path[-2] == 0)
    if in_cell:
        size = ruleset.hotel.floors if leaf.path[-1] == 0 else ruleset.hotel.columns
        return value % size + 1
    if field == "first" and value:
        return value - 1  # a zone starting a space earlier (a gap before it would leave a space without a zone)
    if field in SHAPING:
        return value + 1
    return 0 if value else 20


def _made(hint: Any) -> object:
    """A value of a declared type where the ruleset has None: numbers 20, the first of a Literal, None where
    allowed, a dataclass made of such values (a GameEnd of 20 points), floor 1 for a tuple of numbers."""
    origin = typing.get_origin(hint)
    if hint is int:
        return 20
    if hint is bool:
        return False
    if hint is str:
        return ir.QUANTITIES[0]  # the strings the IR leaves out are quantities (a `per`) or a parent's name
    if origin is Literal:
        return typing.get_args(hint)[0]
    if origin in (Union, types.UnionType):
        return None if type(None) in typing.get_args(hint) else _made(typing.get_args(hint)[0])
    if origin is tuple:
        return (1,)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        hints = typing.get_type_hints(hint, vars(ir))
        return hint(**{f.name: _made(hints[f.name]) for f in dataclasses.fields(hint)})
    raise TypeError(f"no value made for {hint}")
