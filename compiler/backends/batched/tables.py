"""A ruleset's IR as the arrays the scoring kernels read (ScoringTables), effects as a small program.

Each effect is one row of `ops`: its opcode (OP_*) and its parameters, by name (ops.py describes each row).
A program is a run of rows, `progs[p] = (first row, end)`; a ChooseOne's options are programs listed in
`lists`; a Conditional's row points at its condition, a row (COND_*) outside every program whose parts (or a
zone's spaces) are listed in `lists` too, and at its two programs. Staff are indexed by card number; hotel
cells by bit, (floor - 1) * columns + column - 1; quantities by their index in ir.QUANTITIES, then a ruleset's
filtered counts by their row of quantity_rows. A ruleset the kernels cannot play exactly raises GahError.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from ... import ir
from ...dispatch import ByKind
from ...errors import GahError
from ..policy_facts import (
    bonus_boosters_only_gain,
    bonus_room_wins,
    every_effect,
    items_alike,
    serving_pays,
)
from ..python.quantities import room_cells
from .jit import bare_kernel
from .layout import Layout
from .ops import (
    CHOOSE_ONE_COUNT,
    CHOOSE_ONE_FIRST,
    CODE,
    COND_ALL,
    COND_ANY,
    COND_MOST,
    COND_QUANTITY,
    COND_SPACE,
    COND_VALUE,
    COND_ZONE,
    IF_OTHERWISE,
    IF_THEN,
    OP_ADVANCE,
    OP_CHANGE,
    OP_CHOOSE_ITEMS,
    OP_CHOOSE_ONE,
    OP_DRAW_STAFF,
    OP_GAIN_ITEMS,
    OP_GAIN_KRONES,
    OP_GAIN_POINTS,
    OP_GAIN_RESOURCE,
    OP_IF,
    OP_LOSE_KRONES,
    OP_LOSE_POINTS,
    OP_LOSE_RESOURCE,
    OP_OCCUPY_VACANT,
    OP_PLAY_FROM_HAND,
    OP_POINTS_PER,
    OP_PREPARE_ROOM,
    OP_REMOVE_HIRED,
    OP_REMOVE_ROOMS,
    OP_RETURN_ITEMS,
    OP_STAFF_TO_DECK,
    OPS,
    ROW,
)
from .record import READS_MAX
from .state import Ints

MAX_CELLS = 62  # the hotel is a bit mask in one int64
MAX_ITEMS = 62  # item filters are bit masks too
MAX_CARD_NUMBER = 4096
MAX_BOOSTERS = 62  # the Staff that add to Emperor bonuses, a bit each in a turn
MAX_GROUPS = 62  # a count of groups by colour is a bit mask of groups
ALL = -1  # an Amount "all", a Discount "all" (free) or a StaffFilter "any"
OUTCOMES = {"nothing": 0, "bonus": 1, "penalty": 2}
STAFF_KINDS = {"once_per_round": 0, "permanent": 1, "once": 2, "game_end": 3}
PICKS = {"each_highest": 0, "highest_then_strictly_below": 1, "highest_then_below_in_column": 2}
REWARDS = {"krones": 0, "points": 1, "emperor_steps": 2}
FINAL_KINDS = {"game_end_staff": 0, "occupied_rooms_by_floor": 1, "per_quantity": 2}
FINAL_BY_TABLE = 3  # a per_quantity source with a table: final_points is its offset in final_table
SET_COLOURS = ("red", "blue", "yellow")  # colour_sets and the occupied_<colour>_rooms quantities
# A filtered count's row of quantity_rows.
_QROW = Layout("a row of quantity_rows (a filtered count)")
QROW_WHAT = _QROW.field("what", "COUNTS")
QROW_WHICH = _QROW.field("which", "a room's ROOM_STATES, the places (bits of PLACES) of items or Staff, a resource")
QROW_MASK = _QROW.field("mask", "the cells of rooms, the groups, the items or the Staff kinds counted, a bit each")
QROW = _QROW.size
FILTERED_FROM = len(ir.QUANTITIES)  # the quantity code of the first filtered count
# The code of each shorthand (its index in ir.QUANTITIES), a named constant per quantity: own_quantity compares
# each (numba reads them as constants), and tests/test_quantity_registry.py wants a branch for every shorthand.
QUANTITY_CODES = {name: code for code, name in enumerate(ir.QUANTITIES)}
Q_OCCUPIED_ROOMS = QUANTITY_CODES["occupied_rooms"]
Q_OCCUPIED_RED_ROOMS = QUANTITY_CODES["occupied_red_rooms"]
Q_OCCUPIED_BLUE_ROOMS = QUANTITY_CODES["occupied_blue_rooms"]
Q_OCCUPIED_YELLOW_ROOMS = QUANTITY_CODES["occupied_yellow_rooms"]
Q_VACANT_ROOMS = QUANTITY_CODES["vacant_rooms"]
Q_ROOM_TILES = QUANTITY_CODES["room_tiles"]
Q_FULL_FLOORS = QUANTITY_CODES["full_floors"]
Q_FULL_COLUMNS = QUANTITY_CODES["full_columns"]
Q_FULL_GROUPS = QUANTITY_CODES["full_groups"]
Q_COLOUR_SETS = QUANTITY_CODES["colour_sets"]
Q_HIRED_STAFF = QUANTITY_CODES["hired_staff"]
Q_HIRED_GAME_END_STAFF = QUANTITY_CODES["hired_game_end_staff"]
Q_STAFF_IN_HAND = QUANTITY_CODES["staff_in_hand"]
Q_KRONES = QUANTITY_CODES["krones"]
Q_KITCHEN_ITEMS = QUANTITY_CODES["kitchen_items"]
Q_CAFE_GUESTS = QUANTITY_CODES["cafe_guests"]
Q_CAFE_ITEMS = QUANTITY_CODES["cafe_items"]
Q_OBJECTIVES = QUANTITY_CODES["objectives"]
Q_EMPEROR_POSITION = QUANTITY_CODES["emperor_position"]
COUNTS = {"rooms": 0, "groups": 1, "items": 2, "staff": 3, "resource": 4}  # resource: which is its index
ROOM_STATES = {"occupied": 0, "vacant": 1, "any": 2}
PLACES = {"kitchen": 1, "cafe": 2, "hand": 1, "hired": 2}
# A quantity read of other players: code OTHERS_FROM + k, row k of other_rows.
OTHERS_FROM = 1 << 20
_OROW = Layout("a row of other_rows (a quantity read of other players)")
OROW_OWN = _OROW.field("own", "the quantity's code, counted of each player")
OROW_WHOSE = _OROW.field("whose", "WHOSE")
OROW_SLOT = _OROW.field("slot", "its read slot (record.py's tail)")
OROW = _OROW.size
WHOSE = {"left": 0, "right": 1, "leader": 2, "each_other": 3, "players_with_more": 4, "players_with_fewer": 5}
# Expressions (ir.Expr) as a node table, `expr`: node k is ENODE values from ENODE * k (the fields of _ENODE);
# a child is a node's index. OPERATOR_CODES is the kernels' table of the expression registry: a code for each of
# "number", "read" and ir.OPERATORS, a named constant each (expressions.py's expr_value has a branch per constant
# and raises on any other code).
OPERATOR_CODES = {name: code for code, name in enumerate(("number", "read", *ir.OPERATORS))}
E_NUMBER = OPERATOR_CODES["number"]
E_READ = OPERATOR_CODES["read"]
E_PLUS = OPERATOR_CODES["plus"]
E_MINUS = OPERATOR_CODES["minus"]
E_TIMES = OPERATOR_CODES["times"]
E_MIN = OPERATOR_CODES["min"]
E_MAX = OPERATOR_CODES["max"]
E_DIVIDE_DOWN = OPERATOR_CODES["divide_down"]
E_DIVIDE_UP = OPERATOR_CODES["divide_up"]
E_CLAMP = OPERATOR_CODES["clamp"]
E_MOST_OVER = OPERATOR_CODES["most_over"]
E_LEAST_OVER = OPERATOR_CODES["least_over"]
E_TOTAL_OVER = OPERATOR_CODES["total_over"]
E_RANK = OPERATOR_CODES["rank"]
_ENODE = Layout("a node of the expr table (an expression)")
ENODE_CODE = _ENODE.field("code", "OPERATOR_CODES")
ENODE_A = _ENODE.field(
    "a", "number: its value; read: its quantity code; plus ... divide_up: the left node; the others: the node inside"
)
ENODE_B = _ENODE.field(
    "b",
    "read: its read slot (inside an aggregate), else -1; arithmetic: the right node; clamp: the lower limit "
    "(NO_LOW: none); most, least, total over: PLAYER_SETS; rank: RANK_TIES",
)
ENODE_C = _ENODE.field("c", "clamp: the upper limit (NO_HIGH: none)")
ENODE = _ENODE.size
PLAYER_SETS = {"all": 0, "others": 1, "neighbours": 2}
RANK_TIES = {"shared": 0, "behind": 1}
NO_LOW, NO_HIGH = -(1 << 63), (1 << 63) - 1  # a clamp without that limit: no int64 passes them
CHANGES = {"krones": 0, "points": 1, "resource": 2}  # what an OP_CHANGE gains or loses


# The head of ScoringTables.data (layout.py): the constants, then the offset of each table (its rows follow,
# in this order; read them with `at`, or `table` from Python), then where the last table ends.
_CONSTANTS = Layout("ScoringTables.data: constants")
K_ITEMS = _CONSTANTS.field("items")
K_FLOORS = _CONSTANTS.field("floors")
K_COLUMNS = _CONSTANTS.field("columns")
K_ROUNDS = _CONSTANTS.field("rounds")
K_TRACK_LAST = _CONSTANTS.field("track_last")
K_BEYOND_POINTS = _CONSTANTS.field("beyond_points")
K_POINTS_FLOOR = _CONSTANTS.field("points_floor")
K_KRONES_FLOOR = _CONSTANTS.field("krones_floor")
K_ITEMS_ALIKE = _CONSTANTS.field("items_alike")
K_SERVING_PAYS = _CONSTANTS.field("serving_pays")
K_FIRST_ROOM = _CONSTANTS.field("first_room", "its cell's bit")
K_BOOSTERS_N = _CONSTANTS.field("boosters_n")
K_WAIVERS_N = _CONSTANTS.field("waivers_n")
K_FINAL_N = _CONSTANTS.field("final_n")
K_TIEBREAK_N = _CONSTANTS.field("tiebreak_n")
K_GROUPS_N = _CONSTANTS.field("groups_n")
K_READS_N = _CONSTANTS.field("reads_n", "the quantities of their own read of other players (read_codes)")
K_READ_BEFORE = _CONSTANTS.field("read_before", "1: other players are read as they stood before the Emperor scoring")
CONSTANTS = _CONSTANTS.names()
_TABLES = Layout("ScoringTables.data: table offsets", start=_CONSTANTS.size)
A_TRACK_POINTS = _TABLES.field("track_points", "[space]")
A_OUTCOME = _TABLES.field("outcome", "[space]: OUTCOMES")
A_SCORING_TIER = _TABLES.field("scoring_tier", "[round]: tier index, -1 where the round has no scoring")
A_SCORING_BACK = _TABLES.field("scoring_back", "[round]")
A_PAIRS = _TABLES.field("pairs", "[2 n + 0/1]: (item, count) of GainItems")
A_PROGS = _TABLES.field("progs", "[2 program + 0/1]: its rows, [first, end)")
A_LISTS = _TABLES.field("lists", "a ChooseOne's option programs")
A_TILE_BONUS = _TABLES.field("tile_bonus", "[tile]: program")
A_TILE_PENALTY = _TABLES.field("tile_penalty", "[tile]: program of plain effects (-1 when a choice)")
A_TILE_PREFER = _TABLES.field("tile_prefer", "[tile]: program (-1 unless a choice)")
A_TILE_OTHERWISE = _TABLES.field("tile_otherwise", "[tile]: program (-1 unless a choice)")
A_STAFF_COST = _TABLES.field("staff_cost", "[number]")
A_STAFF_KIND = _TABLES.field("staff_kind", "[number]: STAFF_KINDS, -1 for no card")
A_STAFF_ONCE = _TABLES.field("staff_once", "[number]: program, -1 for none")
A_END_POINTS = _TABLES.field("end_points", "[number]: game-end points per unit")
A_END_QUANTITY = _TABLES.field("end_quantity", "[number]: quantity, -1 for none")
A_COPIER = _TABLES.field("copier", "[number]: 1 for a card that copies an opponent's game-end Staff")
A_BOOSTERS = _TABLES.field("boosters", "cards adding to Emperor bonuses, in the rules' order")
A_BOOSTER_PROG = _TABLES.field("booster_prog", "their programs")
A_WAIVERS = _TABLES.field("waivers", "cards that waive a penalty, in the rules' order")
A_WAIVER_COST = _TABLES.field("waiver_cost")
A_CELL_GROUP = _TABLES.field("cell_group", "[cell]: group index")
A_GROUP_MASK = _TABLES.field("group_mask", "[group]")
A_GROUP_REWARD = _TABLES.field("group_reward", "[group]: REWARDS")
A_GROUP_AMOUNT = _TABLES.field("group_amount", "[group]: the reward for the group's size")
A_PRINTED = _TABLES.field("printed", "[cell]")
A_PREPARE_COST = _TABLES.field("prepare_cost", "[floor - 1]")
A_FLOOR_MASK = _TABLES.field("floor_mask", "[floor - 1]")
A_COLUMN_MASK = _TABLES.field("column_mask", "[column - 1]")
A_COLOUR_MASK = _TABLES.field("colour_mask", "[SET_COLOURS index]")
A_FINAL_KIND = _TABLES.field("final_kind", "[source]: FINAL_KINDS")
A_FINAL_QUANTITY = _TABLES.field("final_quantity", "[source]")
A_FINAL_POINTS = _TABLES.field("final_points", "[source]")
A_FINAL_FLOOR_POINTS = _TABLES.field("final_floor_points", "[source * floors + floor - 1]")
A_TIEBREAK = _TABLES.field("tiebreak", "the first tie-breaker's quantities")
A_BLIND = _TABLES.field(
    "blind", "[tile * 3 + outcome]: 1 where that turn never reads the player's points (see _points_blind)"
)
A_QUANTITY_ROWS = _TABLES.field(
    "quantity_rows", "[QROW * k + field]: the ruleset's k-th filtered count, quantity len(ir.QUANTITIES) + k"
)
A_OTHER_ROWS = _TABLES.field(
    "other_rows", "[OROW * k + field]: the k-th quantity read of other players, quantity OTHERS_FROM + k"
)
A_READ_CODES = _TABLES.field(
    "read_codes", "[slot]: a quantity counted of each other player before a turn (record.py's tail)"
)
A_FINAL_TABLE = _TABLES.field("final_table", "a by-table source's entries: its length, then its points by amount")
A_RESOURCE_START = _TABLES.field(
    "resource_start", "[resource index]: the starting amount (0: the objectives; then the others, at least one)"
)
A_EXPR = _TABLES.field("expr", "[ENODE * node + field]: the expressions' nodes (_ENODE)")
TABLES = _TABLES.names()
A_END = _TABLES.field("end", "where the last table ends")
HEAD = _TABLES.size  # the tables start here


class ScoringTables(NamedTuple):
    """Everything the kernels read of one ruleset, in two arrays: every kernel call passes them (a tuple of
    many arrays would cost each call far more than its work). `ops[row]`: an effect (opcode, parameters);
    `data`: its head (the CONSTANTS at their K_ offsets, the offset of each of the TABLES at its A_ offset and
    A_END, as laid out above), then the tables (read them with `at`, or `table` from Python)."""

    ops: Ints
    data: Ints


@bare_kernel
def at(t: ScoringTables, name: int, index: int) -> int:
    """Entry `index` of the table at data index `name` (an A_ constant)."""
    return int(t.data[t.data[name] + index])


def table(t: ScoringTables, name: str) -> Ints:
    """A table by its name in TABLES, for Python callers (a view)."""
    slot = _TABLES.offset(name)
    return t.data[t.data[slot] : t.data[slot + 1]]


def constant(t: ScoringTables, name: str) -> int:
    """A constant by its name in CONSTANTS, for Python callers."""
    return int(t.data[_CONSTANTS.offset(name)])


def _pack(ops: Ints, constants: dict[str, int], tables: dict[str, list[int]]) -> ScoringTables:
    data = [0] * HEAD
    for name in CONSTANTS:
        data[_CONSTANTS.offset(name)] = constants[name]
    for name in TABLES:
        data[_TABLES.offset(name)] = len(data)
        data.extend(tables[name])
    data[A_END] = len(data)
    return ScoringTables(ops, np.array(data, dtype=np.int64))


class Place(NamedTuple):
    """Where a PrepareRoom is (see compiler/backends/python/effects.py: Place)."""

    room_wins: bool = False
    room_unseen: bool = False


ANYWHERE = Place()


class Encoder:
    """Collects the rows and programs of a ruleset's effects."""

    def __init__(self, ruleset: ir.Ruleset) -> None:
        self.ruleset = ruleset
        self.items = {item.id: index for index, item in enumerate(ruleset.items)}
        self.rows: list[list[int]] = []
        self.pairs: list[tuple[int, int]] = []
        self.progs: list[tuple[int, int]] = []
        self.lists: list[int] = []
        self.reads: list[bool] = []  # [row]: whether its effect reads the player's points (READS_POINTS)
        self.counts: list[ir.Quantity] = []  # the filtered counts met, in the order of their quantity_rows
        self.others: list[ir.Quantity] = []  # the quantities read of other players, in the order of other_rows
        self.read: list[ir.Quantity] = []  # their own quantities, in the order of read_codes
        self.nodes: list[list[int]] = []  # the expressions' nodes, in the order of the expr table

    def program(self, effects: tuple[ir.Effect, ...], place: Place = ANYWHERE) -> int:
        """Encode a run of effects (the last one at `place`); its program index."""
        rows = []
        for number, effect in enumerate(effects, start=1):
            here = place if number == len(effects) else ANYWHERE
            rows.append(ENCODE.of(effect)(self, effect, here))
        first = len(self.rows)
        self.rows.extend(rows)
        self.reads.extend(READS_POINTS.of(effect)(effect) for effect in effects)
        self.progs.append((first, len(self.rows)))
        return len(self.progs) - 1

    def condition(self, condition: ir.Condition) -> int:
        """Encode a condition as a row outside every program (its parts first); the row of its root (see ops.py:
        a COND_ZONE's spaces and a COND_ALL's or COND_ANY's parts' rows are listed in `lists`)."""
        if isinstance(condition, (ir.AllOf, ir.AnyOf)):
            parts = [self.condition(part) for part in condition.conditions]
            code = COND_ALL if isinstance(condition, ir.AllOf) else COND_ANY
            row = OPS.row(code, first=len(self.lists), n=len(parts))
            self.lists.extend(parts)
        elif isinstance(condition, ir.ZoneIs):
            row = OPS.row(COND_ZONE, first=len(self.lists), n=len(condition.spaces))
            self.lists.extend(condition.spaces)
        elif isinstance(condition, ir.MostOf):
            code, slot = self.quantity(condition.quantity), self.read_slot(condition.quantity)
            fewest, none_tied = condition.fewest, condition.ties == "none_tied"
            row = OPS.row(COND_MOST, quantity=code, slot=slot, fewest=fewest, none_tied=none_tied)
        else:
            low, high = condition.bounds.at_least, condition.bounds.at_most
            bounds = {"has_low": low is not None, "low": low or 0, "has_high": high is not None, "high": high or 0}
            if isinstance(condition, ir.SpaceIs):
                row = OPS.row(COND_SPACE, quantity=0, **bounds)
            elif isinstance(condition, ir.ValueIs):
                row = OPS.row(COND_VALUE, quantity=self.expr(condition.value), **bounds)
            else:
                row = OPS.row(COND_QUANTITY, quantity=self.quantity(condition.quantity), **bounds)
        self.rows.append(row)
        self.reads.append(False)  # a condition row is no effect: it reads no points (reads stays one per row)
        return len(self.rows) - 1

    def quantity(self, quantity: ir.Quantity) -> int:
        """A quantity as the kernels name it: a shorthand's index in ir.QUANTITIES, a filtered count's row of
        quantity_rows after them."""
        if quantity.of != "self":
            if quantity not in self.others:
                self.others.append(quantity)
            return OTHERS_FROM + self.others.index(quantity)
        if quantity.name:
            return QUANTITY_CODES[quantity.name]
        if quantity not in self.counts:
            self.counts.append(quantity)
        return FILTERED_FROM + self.counts.index(quantity)

    def read_slot(self, own: ir.Quantity) -> int:
        """The slot of a quantity counted of each other player before a turn (record.py's tail)."""
        if own not in self.read:
            if len(self.read) == READS_MAX:
                refuse(self.ruleset, f"more than {READS_MAX} quantities read of other players")
            self.read.append(own)
        return self.read.index(own)

    def other_rows(self) -> list[int]:
        """other_rows: each quantity read of other players as (own quantity code, WHOSE, read slot)."""
        rows = [
            _OROW.pack(own=self.quantity(q.own), whose=WHOSE[q.of], slot=self.read_slot(q.own)) for q in self.others
        ]
        return [value for row in rows for value in row]

    def expr(self, expr: ir.Expr, inside: bool = False) -> int:
        """Encode an expression as nodes of the expr table (_ENODE; an n-ary plus, times, min or max folded from
        the left into two-part nodes, as Python works it out); the index of its root. `inside`: the value of an
        aggregate, worked out for each player in turn, so each quantity it reads also gets a read slot."""
        operator = ir.operator_of(expr)
        code = OPERATOR_CODES.get(operator)
        if code is None:
            raise KeyError(
                f"the batched backend (compiler/backends/batched/tables.py: OPERATOR_CODES) has no operator {operator}"
            )
        if isinstance(expr, int):
            return self.node(code, expr)
        if isinstance(expr, ir.Read):
            if inside and expr.quantity.of != "self":
                refuse(self.ruleset, "the value of an aggregate reads another player (`of`)")
            slot = self.read_slot(expr.quantity) if inside else -1
            return self.node(code, self.quantity(expr.quantity), slot)
        if isinstance(expr, ir.Arith):
            left = self.expr(expr.args[0], inside)
            for arg in expr.args[1:]:
                left = self.node(code, left, self.expr(arg, inside))
            return left
        if isinstance(expr, ir.Clamp):
            low = NO_LOW if expr.at_least is None else expr.at_least
            high = NO_HIGH if expr.at_most is None else expr.at_most
            return self.node(code, self.expr(expr.value, inside), low, high)
        if inside:
            refuse(self.ruleset, f"an aggregate ({operator}) inside the value of another")
        value = self.expr(expr.value, inside=True)
        if not any(isinstance(e, ir.Read) for e in ir.all_exprs(expr.value)):
            self.read_slot(ir.shorthand("krones"))  # a slot, so the others are gathered: their number is read
        if isinstance(expr, ir.Over):
            return self.node(code, value, PLAYER_SETS[expr.players])
        return self.node(code, value, RANK_TIES[expr.ties])

    def node(self, code: int, a: int, b: int = 0, c: int = 0) -> int:
        """Append a node to the expr table; its index."""
        self.nodes.append(_ENODE.pack(code=code, a=a, b=b, c=c))
        return len(self.nodes) - 1

    def mask(self, which: ir.ItemFilter) -> int:
        """A filter's items as a bit mask (the front end resolved which fit)."""
        names = [item.id for item in self.ruleset.items] if which.is_any else which.fits
        if not names:
            refuse(self.ruleset, "an item filter lets no item through")
        return sum(1 << self.items[name] for name in names)


def refuse(ruleset: ir.Ruleset, reason: str) -> None:
    """Raise the GahError of a ruleset the kernels cannot play."""
    raise GahError(f"ruleset {ruleset.name}: the batched backend cannot play it: {reason}")


Encode = Callable[[Encoder, Any, Place], list[int]]
ENCODE: ByKind[Encode] = ByKind("the batched backend (compiler/backends/batched/tables.py: ENCODE)")
# Whether an effect (not counting a choice's options, programs of their own) reads the player's points: a turn
# holding none is "points blind" (_points_blind), so the planners reuse its trials (batched_scorer).
READS_POINTS: ByKind[Callable[[Any], bool]] = ByKind(
    "the batched backend (compiler/backends/batched/tables.py: READS_POINTS)"
)


def _amount(amount: ir.Amount) -> int:
    return ALL if amount == "all" else amount


def _staff_kind(kind: ir.StaffFilter) -> int:
    return ALL if kind == "any" else STAFF_KINDS[kind]


@ENCODE.on(ir.GainKrones)
def _gain_krones(_e: Encoder, effect: ir.GainKrones, _p: Place) -> list[int]:
    return OPS.row(OP_GAIN_KRONES, amount=effect.amount)


@ENCODE.on(ir.LoseKrones)
def _lose_krones(_e: Encoder, effect: ir.LoseKrones, _p: Place) -> list[int]:
    return OPS.row(OP_LOSE_KRONES, amount=_amount(effect.amount))


@ENCODE.on(ir.GainPoints)
def _gain_points(_e: Encoder, effect: ir.GainPoints, _p: Place) -> list[int]:
    return OPS.row(OP_GAIN_POINTS, amount=effect.amount)


@ENCODE.on(ir.LosePoints)
def _lose_points(_e: Encoder, effect: ir.LosePoints, _p: Place) -> list[int]:
    return OPS.row(OP_LOSE_POINTS, amount=_amount(effect.amount))


@ENCODE.on(ir.GainItems)
def _gain_items(e: Encoder, effect: ir.GainItems, _p: Place) -> list[int]:
    first = len(e.pairs)
    e.pairs.extend((e.items[item], count) for item, count in effect.items)
    return OPS.row(OP_GAIN_ITEMS, first=first, end=len(e.pairs))


@ENCODE.on(ir.ChooseItems)
def _choose_items(e: Encoder, effect: ir.ChooseItems, _p: Place) -> list[int]:
    return OPS.row(OP_CHOOSE_ITEMS, count=effect.count, serve=effect.may_serve_guests, mask=e.mask(effect.which))


@ENCODE.on(ir.ReturnItems)
def _return_items(e: Encoder, effect: ir.ReturnItems, _p: Place) -> list[int]:
    kitchen, cafe = int("kitchen" in effect.sources), int("cafe" in effect.sources)
    return OPS.row(OP_RETURN_ITEMS, kitchen=kitchen, cafe=cafe, count=_amount(effect.count), mask=e.mask(effect.which))


@ENCODE.on(ir.DrawStaff)
def _draw_staff(_e: Encoder, effect: ir.DrawStaff, _p: Place) -> list[int]:
    discount, to_hand = _amount(effect.discount), effect.rest == "hand"
    return OPS.row(OP_DRAW_STAFF, count=effect.count, play=effect.play, discount=discount, to_hand=to_hand)


@ENCODE.on(ir.StaffToDeckBottom)
def _staff_to_deck(_e: Encoder, effect: ir.StaffToDeckBottom, _p: Place) -> list[int]:
    return OPS.row(OP_STAFF_TO_DECK, count=effect.count, top=effect.to == "top")


@ENCODE.on(ir.PrepareRoom)
def _prepare_room(e: Encoder, effect: ir.PrepareRoom, place: Place) -> list[int]:
    floors = range(1, e.ruleset.hotel.floors + 1) if effect.floors is None else effect.floors
    mask = sum(1 << (floor - 1) for floor in set(floors))
    free, occupy = effect.free, effect.occupy
    wins, alike = place.room_wins and free, place.room_unseen and free and not occupy
    return OPS.row(OP_PREPARE_ROOM, floors=mask, free=free, occupy=occupy, wins=wins, alike=alike)


@ENCODE.on(ir.OccupyVacantRooms)
def _occupy_vacant(_e: Encoder, effect: ir.OccupyVacantRooms, _p: Place) -> list[int]:
    return OPS.row(OP_OCCUPY_VACANT, count=effect.count)


@ENCODE.on(ir.RemoveRooms)
def _remove_rooms(_e: Encoder, effect: ir.RemoveRooms, _p: Place) -> list[int]:
    occupied = effect.state == "occupied"
    return OPS.row(OP_REMOVE_ROOMS, occupied=occupied, count=effect.count, pick=PICKS[effect.pick])


@ENCODE.on(ir.PointsPerQuantity)
def _points_per(e: Encoder, effect: ir.PointsPerQuantity, _p: Place) -> list[int]:
    return OPS.row(OP_POINTS_PER, quantity=e.quantity(effect.quantity), points=effect.points)


@ENCODE.on(ir.PlayStaffFromHand)
def _play_from_hand(_e: Encoder, effect: ir.PlayStaffFromHand, _p: Place) -> list[int]:
    discount, kind = _amount(effect.discount), _staff_kind(effect.staff_kind)
    return OPS.row(OP_PLAY_FROM_HAND, count=effect.count, discount=discount, kind=kind)


@ENCODE.on(ir.RemoveHiredStaff)
def _remove_hired(_e: Encoder, effect: ir.RemoveHiredStaff, _p: Place) -> list[int]:
    return OPS.row(OP_REMOVE_HIRED, count=effect.count, kind=_staff_kind(effect.staff_kind))


@ENCODE.on(ir.AdvanceEmperor)
def _advance(_e: Encoder, effect: ir.AdvanceEmperor, _p: Place) -> list[int]:
    return OPS.row(OP_ADVANCE, steps=effect.steps)


@READS_POINTS.on(ir.LosePoints)
def _reads_the_floor(_effect: ir.LosePoints) -> bool:
    return True  # the points floor


@READS_POINTS.on(ir.PointsPerQuantity)
def _reads_if_negative(effect: ir.PointsPerQuantity) -> bool:
    return effect.points < 0  # the points floor, and its feasibility


@READS_POINTS.on(
    ir.GainKrones,
    ir.LoseKrones,
    ir.GainPoints,
    ir.GainItems,
    ir.ChooseItems,
    ir.ReturnItems,
    ir.DrawStaff,
    ir.StaffToDeckBottom,
    ir.PrepareRoom,
    ir.OccupyVacantRooms,
    ir.RemoveRooms,
    ir.PlayStaffFromHand,
    ir.RemoveHiredStaff,
    ir.AdvanceEmperor,
    ir.ChooseOne,
)
def _reads_nothing(_effect: ir.Effect) -> bool:
    return False


@READS_POINTS.on(ir.Conditional)
def _reads_no_points_itself(_effect: ir.Conditional) -> bool:
    return False  # a condition reads no points (no quantity is the points); its branches' rows are read on their own


@ENCODE.on(ir.ChooseOne)
def _choose_one(e: Encoder, effect: ir.ChooseOne, _p: Place) -> list[int]:
    if any(isinstance(x, ir.ChooseOne) for option in effect.options for x in option):
        refuse(e.ruleset, "a choose_one option holds a choose_one")
    programs = [e.program(option) for option in effect.options]
    first = len(e.lists)
    e.lists.extend(programs)
    return OPS.row(OP_CHOOSE_ONE, count=len(programs), decline=effect.may_decline, first=first)


@ENCODE.on(ir.Conditional)
def _conditional(e: Encoder, effect: ir.Conditional, place: Place) -> list[int]:
    condition = e.condition(effect.condition)
    then = e.program(effect.then, place)
    otherwise = e.program(effect.otherwise, place) if effect.otherwise else -1
    return OPS.row(OP_IF, condition=condition, then=then, otherwise=otherwise)


def compile_tables(ruleset: ir.Ruleset) -> ScoringTables:
    """The tables of a ruleset; GahError naming the ruleset and the reason where the kernels cannot batch it."""
    _check(ruleset)
    encoder = Encoder(ruleset)
    tables: dict[str, list[int]] = {**_tile_tables(encoder), **_staff_tables(encoder)}
    tables.update(_hotel_tables(ruleset))
    tables.update(_final_tables(encoder))
    tables["other_rows"] = encoder.other_rows()  # before quantity_rows: an own count may be a filtered count
    tables["read_codes"] = [encoder.quantity(q) for q in encoder.read]
    tables["quantity_rows"] = [value for q in encoder.counts for value in quantity_row(ruleset, q)]
    tables["resource_start"] = resource_starts(ruleset)
    tables["expr"] = [value for node in encoder.nodes for value in node]
    constants, track = _rule_constants(ruleset)
    tables.update(track)
    tables["pairs"] = [value for pair in encoder.pairs for value in pair]
    tables["progs"] = [value for prog in encoder.progs for value in prog]
    tables["lists"] = encoder.lists
    assert len(encoder.reads) == len(encoder.rows), "READS_POINTS says one thing per row"
    # Another player read makes a turn depend on more than the player's own record: never reuse its trials.
    blind = _points_blind(encoder, tables)
    tables["blind"] = [0] * len(blind) if encoder.read else blind
    constants.update({name + "_n": len(tables[name]) for name in ("boosters", "waivers", "tiebreak")})
    constants["final_n"] = len(ruleset.final_scoring)
    constants["groups_n"] = len(ruleset.hotel.groups)
    constants["reads_n"] = len(encoder.read)
    constants["read_before"] = int(ruleset.rulings.read_other_players == "before_scoring")
    ops = np.array(encoder.rows or [[0] * ROW], dtype=np.int64).reshape(-1, ROW)
    return _pack(ops, constants, tables)


def _points_blind(e: Encoder, tables: dict[str, list[int]]) -> list[int]:
    """[tile * 3 + outcome]: 1 where the tile's turn of that outcome runs no effect that reads the player's
    points (losing points: the points floor; points per a quantity that may be negative: its feasibility),
    counting the options of its choices, the boosters of a bonus and, where it hires Staff, every Staff's
    once-effect. Such a turn played with d more points takes the same decisions and ends d points higher (the
    projected totals it compares are all d higher), so the planners need not search it again."""

    def rows(prog: int) -> list[int]:
        """The rows of a program and of its choices' options."""
        first, end = e.progs[prog]
        found = list(range(first, end))
        for row in e.rows[first:end]:
            if row[CODE] == OP_CHOOSE_ONE:
                options = e.lists[row[CHOOSE_ONE_FIRST] : row[CHOOSE_ONE_FIRST] + row[CHOOSE_ONE_COUNT]]
                found += [r for option in options for r in rows(option)]
            elif row[CODE] == OP_IF:  # a condition reads no points (no quantity is the points)
                found += [r for branch in (row[IF_THEN], row[IF_OTHERWISE]) if branch >= 0 for r in rows(branch)]
        return found

    def direct(prog: int) -> bool:
        return any(e.reads[row] for row in rows(prog))

    hiring = any(direct(prog) for prog in tables["staff_once"] if prog >= 0)

    def reads(prog: int) -> bool:
        if prog < 0:
            return False
        hires = any(e.rows[row][CODE] in (OP_DRAW_STAFF, OP_PLAY_FROM_HAND) for row in rows(prog))
        return direct(prog) or (hires and hiring)

    blind = []
    boosters = any(reads(prog) for prog in tables["booster_prog"])
    for tile in range(len(tables["tile_bonus"])):
        penalty = (tables[name][tile] for name in ("tile_penalty", "tile_prefer", "tile_otherwise"))
        bonus = not boosters and not reads(tables["tile_bonus"][tile])
        blind += [0, int(bonus), int(not any(reads(prog) for prog in penalty))]
    return blind


def _check(ruleset: ir.Ruleset) -> None:
    hotel = ruleset.hotel
    if ruleset.roles:  # the game model says how a player advances, not how a role's automated opponent does
        roles = ", ".join(role.id for role in ruleset.roles)
        refuse(ruleset, f"player roles {roles}: the game model cannot say how a player of a role plays its rounds")
    if hotel.floors * hotel.columns > MAX_CELLS:
        refuse(ruleset, f"a hotel of {hotel.floors * hotel.columns} cells (at most {MAX_CELLS})")
    if len(ruleset.items) > MAX_ITEMS:
        refuse(ruleset, f"{len(ruleset.items)} item kinds (at most {MAX_ITEMS})")
    if any(not 1 <= card.number <= MAX_CARD_NUMBER for card in ruleset.staff):
        refuse(ruleset, f"a Staff card numbered outside 1..{MAX_CARD_NUMBER}")
    grouped = {cell for group in hotel.groups for cell in group.cells}
    every = {(f, c) for f in range(1, hotel.floors + 1) for c in range(1, hotel.columns + 1)}
    if grouped != every:
        refuse(ruleset, "a hotel cell in no colour group")
    rewarded = {colour for colour, _reward in hotel.group_rewards}
    if any(group.colour not in rewarded for group in hotel.groups):
        refuse(ruleset, "a colour group without a reward")
    if sum(1 for card in ruleset.staff if card.emperor_bonus) > MAX_BOOSTERS:
        refuse(ruleset, f"more than {MAX_BOOSTERS} Staff that add to Emperor bonuses")
    if len({s.round for s in ruleset.scorings}) < len(ruleset.scorings):
        refuse(ruleset, "two Emperor scorings after one round")
    if any(isinstance(e, ir.ForPlayers) for e in every_effect(ruleset)):
        refuse(ruleset, FOR_PLAYERS_REFUSED)
    if any(source.source == "expression" for source in ruleset.final_scoring):
        refuse(ruleset, FINAL_EXPRESSION_REFUSED)


# What the kernels cannot play yet: they apply effects to the resolving player's record only, and score final
# sources by fixed kinds (issue 41: the pure path plays both; gah compare falls back to it with this line).
FOR_PLAYERS_REFUSED = "for_players: the kernels apply effects to the resolving player's record only"
FINAL_EXPRESSION_REFUSED = "a final-scoring source worked out by an expression: the kernels score fixed kinds only"


@ENCODE.on(ir.ForPlayers)
def _for_players(e: Encoder, _effect: ir.ForPlayers, _p: Place) -> list[int]:
    refuse(e.ruleset, FOR_PLAYERS_REFUSED)
    return []  # pragma: no cover - refuse raises


@READS_POINTS.on(ir.ForPlayers)
def _targets_read_points(_effect: ir.ForPlayers) -> bool:
    return True  # never asked: the encoder refuses the kind


def _rule_constants(ruleset: ir.Ruleset) -> tuple[dict[str, int], dict[str, list[int]]]:
    track, hotel = ruleset.track, ruleset.hotel
    tiers = ruleset.tiers()
    scoring_tier = [-1] * (ruleset.rounds + 1)
    scoring_back = [0] * (ruleset.rounds + 1)
    for scoring in ruleset.scorings:
        scoring_tier[scoring.round] = tiers.index(scoring.tier)
        scoring_back[scoring.round] = scoring.move_back
    first_floor, first_column = hotel.first_room
    constants = {
        "items": len(ruleset.items),
        "floors": hotel.floors,
        "columns": hotel.columns,
        "rounds": ruleset.rounds,
        "track_last": track.last_space,
        "beyond_points": track.points_per_step_beyond,
        "points_floor": ruleset.rulings.points_floor,
        "krones_floor": ruleset.rulings.krones_floor,
        "items_alike": int(items_alike(ruleset)),
        "serving_pays": int(serving_pays(ruleset)),
        "first_room": (first_floor - 1) * hotel.columns + first_column - 1,
    }
    tables = {
        "track_points": list(track.points),
        "outcome": [OUTCOMES[track.zone_of(space).outcome] for space in range(track.last_space + 1)],
        "scoring_tier": scoring_tier,
        "scoring_back": scoring_back,
    }
    return constants, tables


def _tile_tables(encoder: Encoder) -> dict[str, list[int]]:
    ruleset = encoder.ruleset
    place = Place(bonus_room_wins(ruleset), bonus_boosters_only_gain(ruleset))
    bonus, penalty, prefer, otherwise = [], [], [], []
    for tile in ruleset.tiles:
        bonus.append(encoder.program(tile.bonus, place))
        choice = tile.penalty.is_choice
        penalty.append(-1 if choice else encoder.program(tile.penalty.effects))
        prefer.append(encoder.program(tile.penalty.prefer) if choice else -1)
        otherwise.append(encoder.program(tile.penalty.otherwise) if choice else -1)
    return {"tile_bonus": bonus, "tile_penalty": penalty, "tile_prefer": prefer, "tile_otherwise": otherwise}


def _staff_tables(encoder: Encoder) -> dict[str, list[int]]:
    ruleset = encoder.ruleset
    size = max((card.number for card in ruleset.staff), default=0) + 1
    cost, kind, once = [0] * size, [-1] * size, [-1] * size
    end_points, end_quantity, copier = [0] * size, [-1] * size, [0] * size
    boosters, booster_prog, waivers, waiver_cost = [], [], [], []
    for card in ruleset.staff:
        n = card.number
        cost[n], kind[n] = card.cost, STAFF_KINDS[card.kind]
        if card.once:
            once[n] = encoder.program(card.once)
        if card.emperor_bonus:
            boosters.append(n)
            booster_prog.append(encoder.program(card.emperor_bonus))
        if card.penalty_waiver_cost is not None:
            waivers.append(n)
            waiver_cost.append(card.penalty_waiver_cost)
        end = card.game_end
        if end is not None and end.copy_opponent:
            copier[n] = 1
        elif end is not None and end.per is not None:
            end_points[n], end_quantity[n] = end.points, encoder.quantity(end.per)
    return {
        "staff_cost": cost,
        "staff_kind": kind,
        "staff_once": once,
        "end_points": end_points,
        "end_quantity": end_quantity,
        "copier": copier,
        "boosters": boosters,
        "booster_prog": booster_prog,
        "waivers": waivers,
        "waiver_cost": waiver_cost,
    }


def _bit(hotel: ir.Hotel, cell: ir.Cell) -> int:
    return (cell[0] - 1) * hotel.columns + cell[1] - 1


def _hotel_tables(ruleset: ir.Ruleset) -> dict[str, list[int]]:
    hotel = ruleset.hotel
    cells = hotel.floors * hotel.columns
    rewards = dict(hotel.group_rewards)
    cell_group = [-1] * cells
    group_mask, group_reward, group_amount = [], [], []
    for index, group in enumerate(hotel.groups):
        for cell in group.cells:
            cell_group[_bit(hotel, cell)] = index
        group_mask.append(sum(1 << _bit(hotel, cell) for cell in group.cells))
        reward = rewards[group.colour]
        group_reward.append(REWARDS[reward.reward])
        group_amount.append(reward.for_size(len(group.cells)))
    printed = [0] * cells
    for cell, points in hotel.printed_points:
        printed[_bit(hotel, cell)] = points
    colour_mask = [0] * len(SET_COLOURS)
    for floor, row in enumerate(hotel.colours, start=1):
        for column, colour in enumerate(row, start=1):
            if colour in SET_COLOURS:
                colour_mask[SET_COLOURS.index(colour)] |= 1 << _bit(hotel, (floor, column))
    return {
        "cell_group": cell_group,
        "group_mask": group_mask,
        "group_reward": group_reward,
        "group_amount": group_amount,
        "printed": printed,
        "prepare_cost": list(hotel.prepare_cost),
        "floor_mask": [sum(1 << (f * hotel.columns + c) for c in range(hotel.columns)) for f in range(hotel.floors)],
        "column_mask": [sum(1 << (f * hotel.columns + c) for f in range(hotel.floors)) for c in range(hotel.columns)],
        "colour_mask": colour_mask,
    }


def quantity_row(ruleset: ir.Ruleset, q: ir.Quantity) -> list[int]:
    """A filtered count's row of quantity_rows (_QROW)."""
    hotel = ruleset.hotel
    if q.count == "rooms":
        cells = sum(1 << _bit(hotel, cell) for cell in room_cells(q, hotel))
        return _QROW.pack(what=COUNTS["rooms"], which=ROOM_STATES[q.state], mask=cells)
    if q.count == "groups":
        if len(hotel.groups) > MAX_GROUPS:
            refuse(ruleset, f"a count of groups by colour needs at most {MAX_GROUPS} groups")
        groups = sum(1 << k for k, group in enumerate(hotel.groups) if group.colour in q.colours)
        return _QROW.pack(what=COUNTS["groups"], which=0, mask=groups)
    places = sum(PLACES[place] for place in q.places)
    if q.count == "items":
        items = Encoder(ruleset).mask(q.items)  # the mask only: a fresh encoder
        return _QROW.pack(what=COUNTS["items"], which=places, mask=items)
    if q.count == "staff":
        kinds = sum(1 << STAFF_KINDS[k] for k in q.staff_kinds) if q.staff_kinds else (1 << len(STAFF_KINDS)) - 1
        return _QROW.pack(what=COUNTS["staff"], which=places, mask=kinds)
    if q.count == "resource":
        return _QROW.pack(what=COUNTS["resource"], which=resource_index(ruleset, q.resource), mask=0)
    raise GahError(f"the kernels have no filtered count {q.count}")  # pragma: no cover - the others are shorthands


def _final_tables(encoder: Encoder) -> dict[str, list[int]]:
    ruleset = encoder.ruleset
    floors = ruleset.hotel.floors
    kind, quantity, points, by_floor = [], [], [], []
    by_table: list[int] = []
    for source in ruleset.final_scoring:
        kind.append(FINAL_BY_TABLE if source.table else FINAL_KINDS[source.source])
        quantity.append(encoder.quantity(source.per) if source.per is not None else -1)
        points.append(len(by_table) if source.table else source.points)
        by_table += [len(source.table), *source.table] if source.table else []
        by_floor.append([*source.points_by_floor, *[0] * floors][:floors])
    quantities = [encoder.quantity(q) for t in ruleset.tiebreakers[:1] for q in t.quantities]
    return {
        "final_kind": kind,
        "final_quantity": quantity,
        "final_points": points,
        "final_floor_points": [value for row in by_floor for value in row],
        "tiebreak": quantities,
        "final_table": by_table,
    }


# --- declared resources --------------------------------------------------------------------


def resource_index(ruleset: ir.Ruleset, resource_id: str) -> int:
    """A resource's index in the kernels: 0 the objectives, k the k-th other one (see record.resource_slot)."""
    if resource_id == ir.OBJECTIVES:
        return 0
    return 1 + [r.id for r in ruleset.other_resources].index(resource_id)


def resource_starts(ruleset: ir.Ruleset) -> list[int]:
    """resource_start: the objectives' starting amount, then each other's (at least one slot, as the arrays)."""
    objectives = next((r.start for r in ruleset.resources if r.id == ir.OBJECTIVES), 0)
    others = [r.start for r in ruleset.other_resources]
    return [objectives, *others, *[0] * (1 - len(others))]


@ENCODE.on(ir.GainResource)
def _gain_resource(e: Encoder, effect: ir.GainResource, _p: Place) -> list[int]:
    high = e.ruleset.resource(effect.resource).at_most
    which, high_or_none = resource_index(e.ruleset, effect.resource), -1 if high is None else high
    return OPS.row(OP_GAIN_RESOURCE, which=which, amount=effect.amount, high=high_or_none)


@ENCODE.on(ir.LoseResource)
def _lose_resource(e: Encoder, effect: ir.LoseResource, _p: Place) -> list[int]:
    low = e.ruleset.resource(effect.resource).at_least
    which = resource_index(e.ruleset, effect.resource)
    return OPS.row(OP_LOSE_RESOURCE, which=which, amount=_amount(effect.amount), low=low)


@READS_POINTS.on(ir.GainResource, ir.LoseResource)
def _reads_no_points(_effect: ir.Effect) -> bool:
    return False


# --- expressions: amounts worked out when the effect applies --------------------------------------------


@ENCODE.on(ir.Change)
def _change(e: Encoder, effect: ir.Change, _p: Place) -> list[int]:
    which, limit = 0, 0
    if effect.what == "resource":
        resource = e.ruleset.resource(effect.resource)
        which = resource_index(e.ruleset, effect.resource)
        high = -1 if resource.at_most is None else resource.at_most
        limit = high if effect.gain else resource.at_least
    what, amount = CHANGES[effect.what], e.expr(effect.amount)
    return OPS.row(OP_CHANGE, what=what, gain=effect.gain, expr=amount, which=which, limit=limit)


@READS_POINTS.on(ir.Change)
def _reads_if_losing_points(effect: ir.Change) -> bool:
    """A loss of points reads them (the points floor, its feasibility); no expression reads the points."""
    return effect.what == "points" and not effect.gain
