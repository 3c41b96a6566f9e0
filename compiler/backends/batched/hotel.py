"""The hotel on a record's bit masks: legal spaces, preparing, occupying and removing rooms (as
compiler/backends/python/runtime/hotel.py does on its lists of rows)."""

from __future__ import annotations

from . import record as r
from .jit import bare_kernel
from .quantities import bits, vacant
from .state import Ints
from .tables import (
    A_CELL_GROUP,
    A_COLUMN_MASK,
    A_FLOOR_MASK,
    A_GROUP_AMOUNT,
    A_GROUP_MASK,
    A_GROUP_REWARD,
    A_PREPARE_COST,
    A_PRINTED,
    K_BEYOND_POINTS,
    K_COLUMNS,
    K_FIRST_ROOM,
    K_FLOORS,
    K_TRACK_LAST,
    ScoringTables,
    at,
)


@bare_kernel
def nth_bit(mask: int, n: int) -> int:
    """The index of the n-th set bit (from 0, lowest first)."""
    bit = 0
    while True:
        if mask >> bit & 1:
            if n == 0:
                return bit
            n -= 1
        bit += 1


@bare_kernel
def legal_mask(t: ScoringTables, rec: Ints, floors: int) -> int:
    """Empty spaces where a room may go, on the floors of the mask `floors`: the first room's space, or
    next to a placed room."""
    placed = rec[r.PLACED]
    cells = t.data[K_FLOORS] * t.data[K_COLUMNS]
    if placed == 0:
        near = 1 << t.data[K_FIRST_ROOM]
    else:
        left = (placed << 1) & ~at(t, A_COLUMN_MASK, 0)
        right = (placed >> 1) & ~at(t, A_COLUMN_MASK, t.data[K_COLUMNS] - 1)
        near = (placed << t.data[K_COLUMNS]) | (placed >> t.data[K_COLUMNS]) | left | right
    allowed = 0
    for floor in range(t.data[K_FLOORS]):
        if floors >> floor & 1:
            allowed |= at(t, A_FLOOR_MASK, floor)
    return int(near & ~placed & allowed & ((1 << cells) - 1))


@bare_kernel
def occupy_room(t: ScoringTables, rec: Ints, cell: int) -> None:
    """A vacant room becomes occupied; completing its group pays the group's reward."""
    rec[r.OCCUPIED] |= 1 << cell
    group = at(t, A_CELL_GROUP, cell)
    mask = at(t, A_GROUP_MASK, group)
    if rec[r.OCCUPIED] & mask != mask:
        return
    amount = at(t, A_GROUP_AMOUNT, group)
    reward = at(t, A_GROUP_REWARD, group)
    if reward == 0:
        rec[r.KRONES] += amount
    elif reward == 1:
        rec[r.POINTS] += amount
    else:
        advance(t, rec, amount)


@bare_kernel
def advance(t: ScoringTables, rec: Ints, steps: int) -> None:
    """Forward on the Emperor track, never past the last space; each step beyond it is worth points."""
    moved = min(steps, max(0, t.data[K_TRACK_LAST] - rec[r.EMPEROR]))
    rec[r.EMPEROR] += moved
    rec[r.POINTS] += (steps - moved) * t.data[K_BEYOND_POINTS]


@bare_kernel
def place_room(t: ScoringTables, rec: Ints, cell: int, free: int, occupy: int) -> None:
    """Put a room on `cell` (paying unless free), score its printed points, occupy it if asked."""
    if free == 0:
        rec[r.KRONES] -= at(t, A_PREPARE_COST, cell // t.data[K_COLUMNS])
    rec[r.PLACED] |= 1 << cell
    rec[r.POINTS] += at(t, A_PRINTED, cell)
    if occupy != 0:
        occupy_room(t, rec, cell)


@bare_kernel
def affordable_spaces(t: ScoringTables, rec: Ints, floors: int, free: int) -> int:
    """The legal spaces on `floors` the player can pay for (all, if free)."""
    legal = legal_mask(t, rec, floors)
    if free != 0:
        return legal
    spaces = 0
    for cell in range(t.data[K_FLOORS] * t.data[K_COLUMNS]):
        if legal >> cell & 1 and at(t, A_PREPARE_COST, cell // t.data[K_COLUMNS]) <= rec[r.KRONES]:
            spaces |= 1 << cell
    return spaces


@bare_kernel
def first_by_printed(t: ScoringTables, spaces: int) -> int:
    """The first space of each printed-points value (see prepare_room's alike_by_points)."""
    firsts = 0
    for cell in range(t.data[K_FLOORS] * t.data[K_COLUMNS]):
        if spaces >> cell & 1:
            seen = False
            for other in range(cell):
                if firsts >> other & 1 and at(t, A_PRINTED, other) == at(t, A_PRINTED, cell):
                    seen = True
            if not seen:
                firsts |= 1 << cell
    return firsts


@bare_kernel
def state_mask(rec: Ints, occupied: int) -> int:
    """The vacant or the occupied rooms."""
    return rec[r.OCCUPIED] if occupied != 0 else vacant(rec)


@bare_kernel
def highest_floor(t: ScoringTables, mask: int, below: int) -> int:
    """The cells of `mask` on the highest floor (index from 0) under `below` that has any."""
    for floor in range(below - 1, -1, -1):
        row = mask & at(t, A_FLOOR_MASK, floor)
        if row != 0:
            return int(row)
    return 0


@bare_kernel
def column_below(t: ScoringTables, mask: int, cell: int) -> int:
    """The cell of `mask` next down in the column of `cell`, or none (0)."""
    column = cell % t.data[K_COLUMNS]
    for floor in range(cell // t.data[K_COLUMNS] - 1, -1, -1):
        bit = floor * t.data[K_COLUMNS] + column
        if mask >> bit & 1:
            return int(1 << bit)
    return 0


@bare_kernel
def column_reach(t: ScoringTables, mask: int, cell: int, count: int) -> int:
    """How many rooms a removal down the column from `cell` takes (at most `count`)."""
    below = (1 << (cell // t.data[K_COLUMNS] * t.data[K_COLUMNS])) - 1
    return min(count, 1 + bits(mask & at(t, A_COLUMN_MASK, cell % t.data[K_COLUMNS]) & below))


@bare_kernel
def column_starts(t: ScoringTables, mask: int, count: int) -> int:
    """The highest cells from which a removal down their column takes the most rooms (see hotel.column_starts)."""
    candidates = highest_floor(t, mask, t.data[K_FLOORS])
    best = 0
    for cell in range(t.data[K_FLOORS] * t.data[K_COLUMNS]):
        if candidates >> cell & 1:
            best = max(best, column_reach(t, mask, cell, count))
    starts = 0
    for cell in range(t.data[K_FLOORS] * t.data[K_COLUMNS]):
        if candidates >> cell & 1 and column_reach(t, mask, cell, count) == best:
            starts |= 1 << cell
    return starts


@bare_kernel
def count_removable(t: ScoringTables, rec: Ints, occupied: int, count: int, pick: int) -> int:
    """How many rooms a removal of this pick could take (see runtime/hotel.py)."""
    mask = state_mask(rec, occupied)
    if pick == 2:
        starts = column_starts(t, mask, count)
        return 0 if starts == 0 else column_reach(t, mask, nth_bit(starts, 0), count)
    if pick == 1:
        floors = 0
        for floor in range(t.data[K_FLOORS]):
            if mask & at(t, A_FLOOR_MASK, floor) != 0:
                floors += 1
        return min(count, floors)
    return min(count, bits(mask))
